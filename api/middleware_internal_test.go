package api

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

func TestPanicBecomesLogged500(t *testing.T) {
	var logs bytes.Buffer
	s, err := New(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil)), TokenKey: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	s.echo.GET("/api/boom", func(echo.Context) error { panic("secret internal detail") })

	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/boom", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	var body errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Message != "Internal server error" {
		t.Fatalf("body %q (%v)", rec.Body.String(), err)
	}
	if strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("panic text reached the client: %s", rec.Body.String())
	}

	var sawPanic, sawRequest bool
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		switch entry["msg"] {
		case "handler panicked, answered 500":
			sawPanic = entry["panic"] == "secret internal detail" && entry["stack"] != ""
		case "request":
			sawRequest = entry["status"] == float64(500) && entry["path"] == "/api/boom" && entry["request_id"] != ""
		}
	}
	if !sawPanic || !sawRequest {
		t.Errorf("want a panic line with stack and a request line with status 500; logs:\n%s", logs.String())
	}
}

func TestRequestTimeoutCancelsTheContext(t *testing.T) {
	s, err := New(Options{Logger: slog.New(slog.DiscardHandler), RequestTimeout: 1, TokenKey: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	s.echo.GET("/api/slow", func(c echo.Context) error {
		<-c.Request().Context().Done()
		return c.Request().Context().Err()
	}, requestTimeout(1))
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/slow", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"timeout"`) {
		t.Fatalf("slow request = %d %s, want 503 timeout", rec.Code, rec.Body.String())
	}
}

// The client address comes from X-Forwarded-For only when the connection
// is from a configured proxy.
func TestClientAddress(t *testing.T) {
	_, proxies, _ := net.ParseCIDR("10.0.0.0/8")
	for _, c := range []struct {
		name    string
		trusted []*net.IPNet
		peer    string
		xff     string
		want    string
	}{
		{"no proxy configured: header ignored", nil, "203.0.113.5:4000", "198.51.100.1", "203.0.113.5"},
		{"no proxy configured: private peer too", nil, "10.1.2.3:4000", "198.51.100.1", "10.1.2.3"},
		{"from the proxy", []*net.IPNet{proxies}, "10.1.2.3:4000", "198.51.100.1", "198.51.100.1"},
		{"from elsewhere, header forged", []*net.IPNet{proxies}, "203.0.113.5:4000", "198.51.100.1", "203.0.113.5"},
		{"loopback is not trusted unless listed", []*net.IPNet{proxies}, "127.0.0.1:4000", "198.51.100.1", "127.0.0.1"},
	} {
		s, err := New(Options{Logger: slog.New(slog.DiscardHandler), TokenKey: make([]byte, 32), TrustedProxies: c.trusted})
		if err != nil {
			t.Fatal(err)
		}
		s.echo.GET("/api/ip", func(ctx echo.Context) error { return ctx.String(200, ctx.RealIP()) })
		req := httptest.NewRequest(http.MethodGet, "/api/ip", nil)
		req.RemoteAddr = c.peer
		req.Header.Set("X-Forwarded-For", c.xff)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Body.String() != c.want {
			t.Errorf("%s: %q, want %q", c.name, rec.Body.String(), c.want)
		}
	}
}

// A client that hangs up mid-request is logged at info as 499 and counted
// as a 4xx, not as the 500 "context canceled" that set off the 5xx alert;
// the server's own timeout stays a 503.
func TestClientHangUpIsA499(t *testing.T) {
	var logs syncBuffer
	reg := prometheus.NewRegistry()
	s, err := New(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil)), Metrics: reg, RequestTimeout: time.Minute, TokenKey: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{}, 1)
	s.echo.GET("/api/slow", func(c echo.Context) error {
		started <- struct{}{}
		<-c.Request().Context().Done()
		return c.Request().Context().Err()
	}, requestTimeout(time.Minute))
	srv := httptest.NewServer(s)
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/slow", nil)
	go func() { <-started; cancel() }()
	if res, err := srv.Client().Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the request was answered %d", res.StatusCode)
	}

	var line map[string]any
	for deadline := time.Now().Add(10 * time.Second); line == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no request line; logs:\n%s", logs.String())
		}
		for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
			var entry map[string]any
			if json.Unmarshal([]byte(l), &entry) == nil && entry["msg"] == "request" {
				line = entry
			}
		}
	}
	if line["status"] != float64(499) || line["level"] != "INFO" || line["path"] != "/api/slow" {
		t.Errorf("request line = %v, want status 499 at INFO", line)
	}
	if strings.Contains(logs.String(), "ERROR") || strings.Contains(logs.String(), "unexpected error") {
		t.Errorf("a hang-up logged as an error:\n%s", logs.String())
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "resale_http_requests_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "status" {
					counts[l.GetValue()] += m.GetCounter().GetValue()
				}
			}
		}
	}
	if counts["4xx"] != 1 || counts["5xx"] != 0 {
		t.Errorf("resale_http_requests_total by class = %v, want one 4xx and no 5xx", counts)
	}
}

// syncBuffer is a bytes.Buffer safe for a server's goroutines and a test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
