package api_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestAppShellForClientRoutes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, path := range []string{"/", "/home", "/blog", "/categorys/anything", "/dashboard/payment/7", "/login?from=x", "/index.html"} {
		t.Run(path, func(t *testing.T) {
			rec := s.get(path)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			if !strings.Contains(rec.Body.String(), `<div id="root">`) {
				t.Fatalf("body is not the app shell: %q", rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type = %q", ct)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control = %q, want no-cache", cc)
			}
		})
	}
}

func TestAppShellRevalidates(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	etag := s.get("/").Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on the app shell")
	}
	rec := s.do(http.MethodGet, "/categorys/3", nil, http.Header{"If-None-Match": {etag}})
	if rec.Code != http.StatusNotModified {
		t.Fatalf("reload with ETag: status %d, want 304", rec.Code)
	}
}

func TestHashedAssetsAreImmutable(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	rec := s.get("/assets/index-abc123.js")
	if rec.Code != http.StatusOK || rec.Body.String() != `console.log("app")` {
		t.Fatalf("asset = %d %q", rec.Code, rec.Body.String())
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control = %q", cc)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("Content-Type = %q", ct)
	}
	if rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("compressed without Accept-Encoding")
	}
}

func TestPrecompressedAssets(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	cases := []struct{ accept, encoding, body string }{
		{"gzip, deflate, br", "br", "brotli-bytes"},
		{"gzip", "gzip", "gzip-bytes"},
		{"br;q=0, gzip", "gzip", "gzip-bytes"},
		{"identity", "", `console.log("app")`},
	}
	for _, c := range cases {
		rec := s.do(http.MethodGet, "/assets/index-abc123.js", nil, http.Header{"Accept-Encoding": {c.accept}})
		if got := rec.Header().Get("Content-Encoding"); got != c.encoding || rec.Body.String() != c.body {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q body %q; want %q %q", c.accept, got, rec.Body.String(), c.encoding, c.body)
		}
		if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary header", c.accept)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
			t.Errorf("Accept-Encoding %q: Content-Type = %q", c.accept, ct)
		}
	}
}

func TestOtherPublicFiles(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	rec := s.get("/robots.txt")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "User-agent") {
		t.Fatalf("robots.txt = %d %q", rec.Code, rec.Body.String())
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=3600" {
		t.Errorf("Cache-Control = %q", cc)
	}
	rec = s.get("/categories/walton.svg")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" {
		t.Errorf("category image = %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// A missing file must be a real 404: a stale tab asking for an old chunk
// must not get HTML back as JavaScript.
func TestMissingFileIs404(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, path := range []string{"/assets/index-old999.js", "/favicon.ico", "/categories/nokia.svg"} {
		if rec := s.get(path); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<div id=\"root\">") {
			t.Errorf("%s = %d %q, want 404", path, rec.Code, rec.Body.String())
		}
	}
}

func TestPathTraversalStaysInTheApp(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, path := range []string{"/../../etc/passwd", "/assets/../../go.mod", "/%2e%2e/%2e%2e/etc/passwd"} {
		rec := s.get(path)
		if strings.Contains(rec.Body.String(), "root:") || strings.Contains(rec.Body.String(), "module ") {
			t.Errorf("%s leaked a file: %q", path, rec.Body.String())
		}
	}
}

func TestHeadServesNoBody(t *testing.T) {
	t.Parallel()
	rec := newTestServer(t).do(http.MethodHead, "/", nil, nil)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Fatalf("HEAD / = %d with %d bytes", rec.Code, rec.Body.Len())
	}
}
