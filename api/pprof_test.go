package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"resale/api"
)

// Go's profiler answers on the metrics listener (METRICS_ADDR) only; the
// public listener answers 404 there, not the app's shell (#38).
func TestProfilerOnTheMetricsListenerOnly(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	metrics := httptest.NewServer(s.handler.(*api.Server).MetricsHandler())
	t.Cleanup(metrics.Close)
	public := httptest.NewServer(s.handler)
	t.Cleanup(public.Close)

	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, string(b)
	}
	for path, want := range map[string]string{
		"/debug/pprof/":                  "goroutine",
		"/debug/pprof/heap?debug=1":      "heap profile",
		"/debug/pprof/goroutine?debug=1": "goroutine profile",
		"/debug/pprof/cmdline":           "",
	} {
		if code, body := get(metrics.URL + path); code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("metrics listener %s: %d %.200q", path, code, body)
		}
	}
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap?debug=1", "/debug/pprof/profile?seconds=1", "/debug", "/debug/pprof/cmdline"} {
		if code, body := get(public.URL + path); code != http.StatusNotFound || strings.Contains(body, "profile") {
			t.Errorf("public listener %s: %d %.200q", path, code, body)
		}
	}
}
