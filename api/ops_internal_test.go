package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

func TestHSTSOnlyBehindHTTPS(t *testing.T) {
	for _, c := range []struct {
		public string
		want   string
	}{
		{"https://shop.example.com", "max-age=31536000; includeSubDomains"},
		{"http://localhost:8080", ""},
	} {
		u, _ := url.Parse(c.public)
		s, err := New(Options{Logger: slog.New(slog.DiscardHandler), TokenKey: make([]byte, 32), PublicURL: u})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/livez", "/", "/api/nothing-here"} {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if got := rec.Header().Get("Strict-Transport-Security"); got != c.want {
				t.Errorf("PUBLIC_URL %s, GET %s: Strict-Transport-Security %q, want %q", c.public, path, got, c.want)
			}
		}
	}
}

// A client's X-Request-Id reaches the logs only when it is short and
// plain; a hostile one is replaced by a generated id.
func TestHostileRequestIDIsNotLogged(t *testing.T) {
	var logs bytes.Buffer
	s, err := New(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil)), TokenKey: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, sent string
		kept       bool
	}{
		{"plain", "req-42_a.B", true},
		{"64 characters", strings.Repeat("a", 64), true},
		{"65 characters", strings.Repeat("a", 65), false},
		{"ten kilobytes", strings.Repeat("x", 10<<10), false},
		{"new line", "abc\nlevel=ERROR msg=forged", false},
		{"quotes", `abc","status":200,"x":"`, false},
		{"space", "abc def", false},
		{"non-ASCII", "abcé", false},
	} {
		logs.Reset()
		req := httptest.NewRequest(http.MethodGet, "/livez", nil)
		req.Header[http.CanonicalHeaderKey("X-Request-Id")] = []string{c.sent}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		got := rec.Header().Get("X-Request-Id")
		if c.kept && got != c.sent {
			t.Errorf("%s: answered id %q, want the client's", c.name, got)
		}
		if !c.kept && (got == c.sent || !plainRequestID(got)) {
			t.Errorf("%s: answered id %q, want a generated plain one", c.name, got)
		}
		var entry map[string]any
		lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
		if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &entry) != nil {
			t.Fatalf("%s: want one JSON log line, got %q", c.name, logs.String())
		}
		if entry["request_id"] != got {
			t.Errorf("%s: logged request_id %q, answered %q", c.name, entry["request_id"], got)
		}
	}
	// two requests without an id get different ones
	a, b := httptest.NewRecorder(), httptest.NewRecorder()
	s.ServeHTTP(a, httptest.NewRequest(http.MethodGet, "/livez", nil))
	s.ServeHTTP(b, httptest.NewRequest(http.MethodGet, "/livez", nil))
	if a.Header().Get("X-Request-Id") == b.Header().Get("X-Request-Id") {
		t.Error("two requests got the same generated id")
	}
}

// A received upload waits on disk, not in memory, while the uploads
// allowed in memory are all held; it goes on when one is given back.
func TestReceivedUploadWaitsOnDiskForMemory(t *testing.T) {
	tmp := t.TempDir()
	s, err := New(Options{Logger: slog.New(slog.DiscardHandler), TokenKey: make([]byte, 32), UploadTempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	s.echo.POST("/api/spool", func(c echo.Context) error {
		_, raw, err := readMultipart(c, "image")
		if err != nil {
			return err
		}
		return c.String(http.StatusOK, strconv.Itoa(len(raw)))
	}, s.uploadGate.admit)
	for range cap(s.uploadGate.inMemory) {
		s.uploadGate.inMemory <- struct{}{}
	}

	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("image", "a.jpg")
	fw.Write(bytes.Repeat([]byte("x"), 100_000))
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/api/spool", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		done <- rec
	}()
	// the upload is received: its spool file is there, full
	deadline := time.Now().Add(20 * time.Second)
	for {
		files, _ := os.ReadDir(tmp)
		if len(files) == 1 {
			if info, err := files[0].Info(); err == nil && info.Size() == 100_000 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the upload was not spooled to %s", tmp)
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case rec := <-done:
		t.Fatalf("answered %d while no upload could be in memory", rec.Code)
	default:
	}
	<-s.uploadGate.inMemory
	rec := <-done
	if rec.Code != http.StatusOK || rec.Body.String() != "100000" {
		t.Fatalf("after a memory slot was freed: %d %s", rec.Code, rec.Body.String())
	}
	if files, _ := os.ReadDir(tmp); len(files) != 0 {
		t.Errorf("%d spool files left", len(files))
	}
	if n := len(s.uploadGate.inMemory); n != cap(s.uploadGate.inMemory)-1 {
		t.Errorf("%d memory slots held after the answer, want %d", n, cap(s.uploadGate.inMemory)-1)
	}
}
