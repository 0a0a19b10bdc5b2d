package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
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
		case "panic":
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
