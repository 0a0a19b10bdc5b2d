package api_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
)

func TestHealth(t *testing.T) {
	t.Parallel()
	rec := newTestServer(t).get("/api/health")
	var body struct{ Status string }
	decode(t, rec, &body)
	if rec.Code != http.StatusOK || body.Status != "ok" {
		t.Fatalf("health = %d %+v", rec.Code, body)
	}
}

// With the database unreachable the API says so with a 503, never a 500
// or driver text.
func TestDatabaseDown(t *testing.T) {
	t.Parallel()
	pool, err := pgxpool.New(context.Background(), "postgres://127.0.0.1:1/resale?sslmode=disable&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := newTestServerWithStore(t, store.New(pool))

	wantError(t, s.get("/api/health"), http.StatusServiceUnavailable, "unavailable")
	e := wantError(t, s.get("/api/categorys"), http.StatusServiceUnavailable, "unavailable")
	if strings.Contains(e.Message, "127.0.0.1") || strings.Contains(e.Message, "dial") {
		t.Errorf("message leaks the driver error: %q", e.Message)
	}
}

func TestUnknownAPIPathsAreJSON404(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api"},
		{http.MethodGet, "/api/"},
		{http.MethodGet, "/api/nothing"},
		{http.MethodGet, "/api/categorys/1/products/2"},
		{http.MethodPost, "/api/nothing"},
		{http.MethodDelete, "/api/jwt"},
		{http.MethodGet, "/api/jwt?email=admin@example.com"},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			wantError(t, s.do(c.method, c.path, nil, nil), http.StatusNotFound, "not_found")
		})
	}
}

// A known path called with a method it does not take is a JSON 405 that
// names the methods it does take; an unknown path stays a 404 whatever the
// method.
func TestWrongMethodIsJSON(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, c := range []struct{ method, path, allow string }{
		{http.MethodDelete, "/api/categorys", "GET, POST"},
		{http.MethodPatch, "/api/products", "GET, POST"},
		{http.MethodPost, "/api/bookings/12", "GET, DELETE"},
		{http.MethodGet, "/api/auth/logout", "POST"},
		{http.MethodPut, "/api/advertised", "GET"},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			rec := s.do(c.method, c.path, nil, nil)
			wantError(t, rec, http.StatusMethodNotAllowed, "method_not_allowed")
			if got := rec.Header().Get("Allow"); got != c.allow {
				t.Errorf("Allow = %q, want %q", got, c.allow)
			}
		})
	}
	rec := s.do(http.MethodPatch, "/api/nothing", nil, nil)
	wantError(t, rec, http.StatusNotFound, "not_found")
	if got := rec.Header().Get("Allow"); got != "" {
		t.Errorf("unknown path: Allow = %q", got)
	}
}

func TestBodyOverTheLimit(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	big := bytes.Repeat([]byte("a"), 10<<20+1)
	rec := s.do(http.MethodPost, "/api/categorys", bytes.NewReader(big), nil)
	wantError(t, rec, http.StatusRequestEntityTooLarge, "too_large")
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, path := range []string{"/", "/api/categorys", "/api/nothing", "/assets/index-abc123.js"} {
		rec := s.get(path)
		h := rec.Header()
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options = %q", path, h.Get("X-Content-Type-Options"))
		}
		if h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: X-Frame-Options = %q", path, h.Get("X-Frame-Options"))
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "object-src 'none'") {
			t.Errorf("%s: CSP = %q", path, csp)
		}
		// the camera (the hand-over QR) and the location (Near me, #36) for the page itself, nothing for others
		if pp := h.Get("Permissions-Policy"); !strings.Contains(pp, "camera=(self)") || !strings.Contains(pp, "microphone=()") || !strings.Contains(pp, "geolocation=(self)") {
			t.Errorf("%s: Permissions-Policy = %q", path, pp)
		}
		if h.Get("X-Request-Id") == "" {
			t.Errorf("%s: no X-Request-Id", path)
		}
		if h.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: CORS header present", path)
		}
	}
	if cc := s.get("/api/categorys").Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("API Cache-Control = %q, want no-store", cc)
	}
}
