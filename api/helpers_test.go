package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/api"
	"resale/auth"
	"resale/media"
	"resale/store"
	"resale/store/storetest"
)

// testWeb stands in for the built app: an index page, a hashed asset with
// its build-time compressed variants, and a plain public file.
var testWeb = fstest.MapFS{
	"index.html":                {Data: []byte(`<!doctype html><html><head><title>Resale</title></head><body><div id="root"></div></body></html>`)},
	"assets/index-abc123.js":    {Data: []byte(`console.log("app")`)},
	"assets/index-abc123.js.br": {Data: []byte("brotli-bytes")},
	"assets/index-abc123.js.gz": {Data: []byte("gzip-bytes")},
	"assets/index-abc123.css":   {Data: []byte(`body{margin:0}`)},
	"categories/walton.svg":     {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

type testServer struct {
	t       *testing.T
	handler http.Handler
	store   *store.Store
	pool    *pgxpool.Pool
}

func newTestServer(t *testing.T) *testServer {
	t.Helper()
	pool := storetest.Pool(t)
	s := newTestServerWith(t, store.New(pool, storetest.Walks(t, pool)), nil)
	s.pool = pool
	return s
}

// exec runs SQL on the test's database, for arranging states the API
// cannot reach (an expired lock, a deleted account).
func (s *testServer) exec(sql string, args ...any) {
	s.t.Helper()
	if _, err := s.pool.Exec(context.Background(), sql, args...); err != nil {
		s.t.Fatalf("%s: %v", sql, err)
	}
}

func newTestServerWithStore(t *testing.T, st *store.Store) *testServer {
	t.Helper()
	return newTestServerWith(t, st, nil)
}

// testKey signs the test servers' tokens.
var testKey = []byte("test-secret-test-secret-test-secret-0123")

// newTestServerWith builds the real HTTP stack on st; edit adjusts the
// options first.
func newTestServerWith(t *testing.T, st *store.Store, edit func(*api.Options)) *testServer {
	t.Helper()
	uploads, err := media.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { uploads.Close() })
	opts := api.Options{
		Store:    st,
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Web:      testWeb,
		Uploads:  uploads,
		TokenKey: testKey,
		Currency: "bdt",
		// generous: under the race detector on a busy 2-core machine a
		// sign-up's password hash alone can pass 5 s; the timeout itself
		// is tested in middleware_internal_test.go
		RequestTimeout: 30 * time.Second,
		// argon2id with 64 KiB, not today's 46 MiB: each account the
		// tests make cost half a second of CPU under the race detector,
		// most of this package's time (auth's tests and the journeys hash
		// at today's parameters). A test of the hasher itself sets its own.
		Hasher: auth.NewHasherWithMemory(2, 64),
	}
	if edit != nil {
		edit(&opts)
	}
	h, err := api.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return &testServer{t: t, handler: h, store: st}
}

// do sends one request through the whole HTTP stack.
func (s *testServer) do(method, path string, body io.Reader, header http.Header) *httptest.ResponseRecorder {
	s.t.Helper()
	sent := readable(body)
	if sent != nil {
		body = bytes.NewReader(sent)
	}
	req := httptest.NewRequest(method, path, body)
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, req)
	checkAnswer(s.t, s.handler, req, sent, rec)
	return rec
}

func (s *testServer) get(path string) *httptest.ResponseRecorder {
	return s.do(http.MethodGet, path, nil, nil)
}

// decode parses a JSON answer into v, failing the test on anything else.
func decode(t *testing.T, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q, want JSON; body %q", ct, rec.Body.String())
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("decoding %q: %v", rec.Body.String(), err)
	}
}

type errorJSON struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields"`
}

// wantError checks a failed request's status and JSON body.
func wantError(t *testing.T, rec *httptest.ResponseRecorder, status int, code string) errorJSON {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status = %d, want %d; body %s", rec.Code, status, rec.Body.String())
	}
	var e errorJSON
	decode(t, rec, &e)
	if e.Code != code || e.Message == "" {
		t.Fatalf("error body = %+v, want code %q and a message", e, code)
	}
	return e
}
