package api_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"resale/api"
	"resale/store"
	"resale/store/storetest"
)

// newPWAServer serves a stand-in app with the installable app's files: the
// manifest, the service worker, the offline page and an icon.
func newPWAServer(t *testing.T) *testServer {
	t.Helper()
	web := fstest.MapFS{
		"manifest.webmanifest": {Data: []byte(`{"name":"Resale"}`)},
		"sw.js":                {Data: []byte(`self.addEventListener("fetch", () => {});`)},
		"sw.js.br":             {Data: []byte("brotli-sw")},
		"offline.html":         {Data: []byte(`<!doctype html><title>Offline – Resale</title>`)},
		"offline.js":           {Data: []byte(`document.documentElement.lang = "en";`)},
		"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	for k, v := range testWeb {
		web[k] = v
	}
	return newTestServerWith(t, store.New(storetest.Pool(t)), func(o *api.Options) { o.Web = web })
}

func TestPWAFiles(t *testing.T) {
	t.Parallel()
	s := newPWAServer(t)
	cases := []struct{ path, contentType, cache string }{
		{"/manifest.webmanifest", "application/manifest+json", "public, max-age=3600"},
		// no-cache: the browser asks again on every check, so a deploy's new worker is found at once
		{"/sw.js", "text/javascript; charset=utf-8", "no-cache"},
		{"/offline.html", "text/html; charset=utf-8", "public, max-age=3600"},
		{"/offline.js", "text/javascript; charset=utf-8", "public, max-age=3600"},
		{"/icons/icon-192.png", "image/png", "public, max-age=3600"},
	}
	for _, c := range cases {
		rec := s.get(c.path)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d", c.path, rec.Code)
			continue
		}
		h := rec.Header()
		if got := h.Get("Content-Type"); got != c.contentType {
			t.Errorf("%s: Content-Type %q, want %q", c.path, got, c.contentType)
		}
		if got := h.Get("Cache-Control"); got != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, got, c.cache)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", c.path)
		}
	}
	// the compressed worker keeps its type and its no-cache
	rec := s.do(http.MethodGet, "/sw.js", nil, http.Header{"Accept-Encoding": {"br"}})
	if rec.Body.String() != "brotli-sw" || rec.Header().Get("Content-Encoding") != "br" ||
		rec.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") {
		t.Errorf("sw.js with br: %q %v", rec.Body.String(), rec.Header())
	}
	// a page is still the app, not the offline page
	if rec := s.get("/product/12"); !strings.Contains(rec.Body.String(), `<div id="root">`) {
		t.Errorf("/product/12 is not the app shell: %q", rec.Body.String())
	}
}

// The Content-Security-Policy lets the page load its own manifest and
// register its own service worker, and nothing from elsewhere.
func TestPWAContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	s := newPWAServer(t)
	csp := s.get("/").Header().Get("Content-Security-Policy")
	directives := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	if directives["manifest-src"] != "'self'" {
		t.Errorf("manifest-src %q, want 'self' (CSP %q)", directives["manifest-src"], csp)
	}
	if w := directives["worker-src"]; !strings.Contains(w, "'self'") || strings.Contains(w, "*") {
		t.Errorf("worker-src %q", w)
	}
	if directives["script-src"] == "" || strings.Contains(directives["script-src"], "unsafe-inline") {
		t.Errorf("script-src %q: the offline page's scripts are files, inline stays refused", directives["script-src"])
	}
}

// The manifest the build ships is what an installable app needs, and its
// icons are PNGs of the sizes it says.
func TestWebAppManifest(t *testing.T) {
	t.Parallel()
	public := filepath.Join("..", "frontend", "public")
	b, err := os.ReadFile(filepath.Join(public, "manifest.webmanifest"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Name, ShortName, StartURL, Scope, Display, ThemeColor, BackgroundColor string
		Icons                                                                  []struct{ Src, Sizes, Type, Purpose string }
	}
	dec := json.NewDecoder(strings.NewReader(strings.NewReplacer("short_name", "ShortName", "start_url", "StartURL", "theme_color", "ThemeColor", "background_color", "BackgroundColor").Replace(string(b))))
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Resale" || m.ShortName == "" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" || m.ThemeColor == "" || m.BackgroundColor == "" {
		t.Errorf("manifest = %+v", m)
	}
	sizes := map[string]bool{}
	maskable := false
	for _, icon := range m.Icons {
		png, err := os.ReadFile(filepath.Join(public, filepath.FromSlash(strings.TrimPrefix(icon.Src, "/"))))
		if err != nil {
			t.Errorf("icon %s: %v", icon.Src, err)
			continue
		}
		if icon.Type != "image/png" || len(png) < 24 || string(png[:8]) != "\x89PNG\r\n\x1a\n" {
			t.Errorf("icon %s is not a PNG", icon.Src)
			continue
		}
		w, h := binary.BigEndian.Uint32(png[16:20]), binary.BigEndian.Uint32(png[20:24])
		if got := fmt.Sprintf("%dx%d", w, h); got != icon.Sizes {
			t.Errorf("icon %s is %s, manifest says %s", icon.Src, got, icon.Sizes)
		}
		if len(png) > 64<<10 {
			t.Errorf("icon %s is %d bytes: keep it small", icon.Src, len(png))
		}
		sizes[icon.Sizes] = true
		maskable = maskable || strings.Contains(icon.Purpose, "maskable")
	}
	if !sizes["192x192"] || !sizes["512x512"] || !maskable {
		t.Errorf("icons: sizes %v, maskable %v; want 192 and 512 and a maskable one", sizes, maskable)
	}
}
