package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"resale/api"
	"resale/migrations"
	"resale/store"
)

func latestMigration(t *testing.T) int64 {
	t.Helper()
	v, err := migrations.Latest()
	if err != nil || v == 0 {
		t.Fatalf("migrations.Latest() = %d, %v", v, err)
	}
	return v
}

func TestLivenessAndReadiness(t *testing.T) {
	t.Parallel()
	latest := latestMigration(t)
	healthy := newTestServer(t)
	down, err := pgxpool.New(context.Background(), "postgres://127.0.0.1:1/resale?sslmode=disable&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(down.Close)

	ready := newTestServerWith(t, healthy.store, func(o *api.Options) { o.SchemaVersion = latest })
	behind := newTestServerWith(t, healthy.store, func(o *api.Options) { o.SchemaVersion = latest + 1 })
	noDB := newTestServerWith(t, store.New(down), func(o *api.Options) { o.SchemaVersion = latest })
	draining := newTestServerWith(t, healthy.store, func(o *api.Options) { o.SchemaVersion = latest })
	draining.handler.(*api.Server).Drain()

	for _, tc := range []struct {
		name     string
		s        *testServer
		path     string
		status   int
		wantCode string
	}{
		{"live", ready, "/livez", 200, ""},
		{"live without a database", noDB, "/livez", 200, ""},
		{"live while shutting down", draining, "/livez", 200, ""},
		{"ready", ready, "/readyz", 200, ""},
		{"not ready: migrations pending", behind, "/readyz", 503, "migrations_pending"},
		{"not ready: no database", noDB, "/readyz", 503, "unavailable"},
		{"not ready: shutting down", draining, "/readyz", 503, "shutting_down"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := tc.s.get(tc.path)
			if tc.wantCode != "" {
				wantError(t, rec, tc.status, tc.wantCode)
				return
			}
			var body struct{ Status string }
			decode(t, rec, &body)
			if rec.Code != tc.status || body.Status != "ok" {
				t.Fatalf("%s = %d %+v", tc.path, rec.Code, body)
			}
		})
	}
}

// metricValue is the value of the series of name with exactly labels, and
// whether it exists.
func metricValue(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) (float64, bool) {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			if len(m.GetLabel()) != len(labels) {
				continue
			}
			for _, l := range m.GetLabel() {
				if labels[l.GetName()] != l.GetValue() {
					continue series
				}
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue(), true
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue(), true
			case m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount()), true
			}
		}
	}
	return 0, false
}

func TestRequestMetricsUseTheRouteTemplate(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	base := newTestServer(t)
	s := newTestServerWith(t, base.store, func(o *api.Options) {
		o.Metrics = reg
		o.Build = api.BuildInfo{Version: "v1.2.3", Commit: "abc123"}
	})
	for _, p := range []string{"/api/categorys/1", "/api/categorys/2", "/api/categorys/3"} {
		if rec := s.get(p); rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", p, rec.Code)
		}
	}
	s.get("/api/categorys/999999")
	s.get("/assets/missing-chunk.js")
	s.do(http.MethodPost, "/api/health", nil, nil) // the /api group's catch-all answers these
	s.do("BREW", "/api/nowhere/at/all", nil, nil)

	for _, c := range []struct {
		labels map[string]string
		want   float64
	}{
		{map[string]string{"method": "GET", "route": "/api/categorys/:id", "status": "2xx"}, 3},
		{map[string]string{"method": "GET", "route": "/api/categorys/:id", "status": "4xx"}, 1},
		{map[string]string{"method": "GET", "route": "/*", "status": "4xx"}, 1},
		{map[string]string{"method": "POST", "route": "/api/*", "status": "4xx"}, 1},
		{map[string]string{"method": "OTHER", "route": "/api/*", "status": "4xx"}, 1},
	} {
		for _, name := range []string{"resale_http_requests_total", "resale_http_request_duration_seconds"} {
			if got, _ := metricValue(t, reg, name, c.labels); got != c.want {
				t.Errorf("%s%v = %v, want %v", name, c.labels, got, c.want)
			}
		}
	}
	// never a raw URL as a label: the number of series stays bounded
	rec := httptest.NewRecorder()
	s.handler.(*api.Server).MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("/metrics: %d", rec.Code)
	}
	text := rec.Body.String()
	for _, raw := range []string{`route="/api/categorys/1"`, "missing-chunk", "nowhere", "BREW"} {
		if strings.Contains(text, raw) {
			t.Errorf("/metrics holds %s", raw)
		}
	}
	for _, want := range []string{"resale_db_pool_max_connections", "resale_db_pool_acquires_total", `resale_build_info{commit="abc123",version="v1.2.3"} 1`} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// the public listener does not serve the metrics
	if rec := s.get("/metrics"); strings.Contains(rec.Body.String(), "resale_http_requests_total") {
		t.Error("the app's own listener serves /metrics")
	}
}

func TestPaymentsRecordedMetric(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	f := newFakeStripe(t)
	m := &payMarket{market: newMarketWith(t, func(o *api.Options) { withStripe(f)(o); o.Metrics = reg }), stripe: f}
	paid := map[string]string{"status": "succeeded"}
	if v, _ := metricValue(t, reg, "resale_payments_recorded_total", paid); v != 0 {
		t.Fatalf("before any payment: %v", v)
	}
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	for range 2 { // the second report of the same payment records nothing
		if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
			t.Fatalf("pay: %d %s", r.code, r.body)
		}
	}
	body, sig := signedEvent(t, "evt_metrics", m.stripe.Intent(pi), testWebhookSecret, time.Now())
	if code := m.webhook(body, sig); code != http.StatusOK {
		t.Fatalf("webhook: %d", code)
	}
	if v, _ := metricValue(t, reg, "resale_payments_recorded_total", paid); v != 1 {
		t.Fatalf("payments recorded = %v, want 1 (once, however often it is reported)", v)
	}
}
