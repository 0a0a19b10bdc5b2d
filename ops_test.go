package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"resale/internal/testio"
	"resale/store/storetest"
)

// Not parallel: it sets the variables the linker stamps.
func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	// no settings at all, as on a server not yet configured
	if code := run(context.Background(), []string{"version"}, env(map[string]string{"RESALE_ENV": "production"}), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !regexp.MustCompile(`^resale \S+ \(commit \S+, go\S+\)\n$`).MatchString(out.String()) {
		t.Errorf("resale version = %q", out.String())
	}

	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v1.4.0", "0123abcd"
	if got, want := versionLine(), "resale v1.4.0 (commit 0123abcd, "+runtime.Version()+")"; got != want {
		t.Errorf("stamped: %q, want %q", got, want)
	}
	// unstamped: what the toolchain recorded, else dev
	version, commit = "", ""
	if v, c := buildVersion(); v == "" || c == "" {
		t.Errorf("unstamped: %q %q", v, c)
	}
}

// The probes and the metrics listener of the real program.
func TestServeProbesAndMetrics(t *testing.T) {
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errOut testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL": storetest.EmptyURL(t),
			"ADDR":         addr,
			"METRICS_ADDR": metricsAddr,
			"DATA_DIR":     t.TempDir(),
		}), io.Discard, &errOut)
	}()
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	base := "http://" + addr
	waitServing(t, base+"/livez", done, &errOut)
	if code, _ := get(base + "/livez"); code != http.StatusOK {
		t.Fatalf("/livez = %d; logs:\n%s", code, errOut.String())
	}
	if code, body := get(base + "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz = %d %s", code, body)
	}
	code, body := get("http://" + metricsAddr + "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics = %d", code)
	}
	for _, want := range []string{`resale_http_requests_total{method="GET",route="/readyz",status="2xx"} 1`,
		"resale_db_pool_total_connections", "go_goroutines", "resale_build_info"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if _, body := get(base + "/metrics"); strings.Contains(body, "resale_http_requests_total") {
		t.Error("the public address serves the metrics")
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d; logs:\n%s", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
	if !strings.Contains(errOut.String(), "serving metrics") {
		t.Errorf("logs do not say where the metrics are:\n%s", errOut.String())
	}
}

func TestMetricsAddrIsChecked(t *testing.T) {
	t.Parallel()
	cfg, err := loadConfig(env(nil))
	if err != nil || cfg.MetricsAddr != "" {
		t.Fatalf("default: %q, %v (metrics must be off unless asked for)", cfg.MetricsAddr, err)
	}
	_, err = loadConfig(env(map[string]string{"METRICS_ADDR": "9090"}))
	if err == nil || !strings.HasPrefix(err.Error(), "METRICS_ADDR: ") {
		t.Fatalf("METRICS_ADDR=9090: %v", err)
	}
}
