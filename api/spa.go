package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// spa serves the built React app from an embedded file system: Vite's
// hashed files under assets/ are cached for a year, other files for an
// hour, and every path without a file extension gets index.html so deep
// links load the app. Files compressed at build time (name.br, name.gz)
// are sent instead of the original when the browser accepts them.
type spa struct {
	files map[string]*staticFile
	index *staticFile
	// shell is index.html cut around its <title> and description, so a
	// page can be served with its own title and link-preview tags.
	shell shell
	// generic is the shell with the app's own link-preview tags, for a
	// product page whose product is gone.
	generic *staticFile
}

// shell is index.html with its head tags taken out: a page is
// before + its tags + after.
type shell struct {
	before, after []byte
	title         string // the app's own <title> text, as written (escaped)
	description   string // the app's own meta description, as written
}

var (
	titlePattern       = regexp.MustCompile(`(?is)<title>(.*?)</title>`)
	descriptionPattern = regexp.MustCompile(`(?is)[ \t]*<meta\s+name="description"\s+content="([^"]*)"\s*/?>\s*`)
)

// newShell cuts the page around its title and description tags; a page
// without a <title> gets the tags before </head>.
func newShell(index []byte) shell {
	var sh shell
	body := index
	if m := descriptionPattern.FindSubmatchIndex(body); m != nil {
		sh.description = string(body[m[2]:m[3]])
		body = append(append([]byte{}, body[:m[0]]...), body[m[1]:]...)
	}
	if m := titlePattern.FindSubmatchIndex(body); m != nil {
		sh.title = strings.TrimSpace(string(body[m[2]:m[3]]))
		sh.before, sh.after = body[:m[0]], body[m[1]:]
		return sh
	}
	at := bytes.Index(bytes.ToLower(body), []byte("</head>"))
	if at < 0 {
		at = 0
	}
	sh.before, sh.after = body[:at], body[at:]
	return sh
}

// page is the app's shell with head, already escaped HTML, in place of
// its title and description.
func (sh shell) page(head string) []byte {
	out := make([]byte, 0, len(sh.before)+len(head)+len(sh.after))
	out = append(out, sh.before...)
	out = append(out, head...)
	return append(out, sh.after...)
}

type staticFile struct {
	name    string
	body    []byte
	etag    string
	variant map[string]*staticFile // "br", "gzip"
}

const placeholderIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Resale</title></head>` +
	`<body><p>The Resale web app has not been built. Run <code>make build</code>.</p></body></html>`

// newSPA reads the whole app into memory once; it is a few hundred KB.
func newSPA(web fs.FS, public *url.URL) (*spa, error) {
	s := &spa{files: map[string]*staticFile{}}
	if web != nil {
		err := fs.WalkDir(web, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
				return err // build stamps and other dot files are not served
			}
			b, err := fs.ReadFile(web, p)
			if err != nil {
				return err
			}
			s.files[p] = newStaticFile(p, b)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	for p, f := range s.files {
		for suffix, enc := range map[string]string{".br": "br", ".gz": "gzip"} {
			if v, ok := s.files[p+suffix]; ok {
				if f.variant == nil {
					f.variant = map[string]*staticFile{}
				}
				f.variant[enc] = v
			}
		}
	}
	s.index = s.files["index.html"]
	if s.index == nil {
		s.index = newStaticFile("index.html", []byte(placeholderIndex))
	}
	s.shell = newShell(s.index.body)
	s.generic = newStaticFile("index.html", s.shell.page(s.shell.genericHead(public)))
	return s, nil
}

func newStaticFile(name string, body []byte) *staticFile {
	sum := sha256.Sum256(body)
	return &staticFile{name: name, body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

// serve answers GET and HEAD for every path outside /api.
func (s *spa) serve(c echo.Context) error {
	p := strings.TrimPrefix(path.Clean("/"+c.Request().URL.Path), "/")
	if p == "api" || strings.HasPrefix(p, "api/") {
		return apiNotFound(c)
	}
	if p == "debug" || strings.HasPrefix(p, "debug/") {
		// the profiles live on the metrics listener only (MetricsHandler):
		// here a plain 404, not the app's shell
		return echo.ErrNotFound
	}
	if f, ok := s.files[p]; ok && p != "index.html" {
		cache := "public, max-age=3600"
		switch {
		case strings.HasPrefix(p, "assets/"):
			cache = "public, max-age=31536000, immutable"
		case p == "sw.js":
			// the browser checks its service worker for a new version on
			// every visit: asked anew each time, a deploy is picked up at once
			cache = "no-cache"
		}
		return sendFile(c, f, cache)
	}
	if path.Ext(p) != "" && p != "index.html" {
		// a missing script or image must not come back as the HTML shell
		return echo.ErrNotFound
	}
	return sendFile(c, s.index, "no-cache")
}

// contentTypes are the app's file types Go's own table may lack (it adds
// the system's mime.types, which differ from machine to machine).
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".js":          "text/javascript; charset=utf-8",
	".png":         "image/png",
	".svg":         "image/svg+xml",
}

func sendFile(c echo.Context, f *staticFile, cacheControl string) error {
	w, r := c.Response(), c.Request()
	h := w.Header()
	ctype := contentTypes[path.Ext(f.name)]
	if ctype == "" {
		ctype = mime.TypeByExtension(path.Ext(f.name))
	}
	if ctype == "" {
		ctype = http.DetectContentType(f.body)
	}
	h.Set(echo.HeaderContentType, ctype)
	h.Set("Cache-Control", cacheControl)
	body, etag := f.body, f.etag
	if len(f.variant) > 0 {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		if enc := pickEncoding(r.Header.Get(echo.HeaderAcceptEncoding), f.variant); enc != "" {
			v := f.variant[enc]
			body, etag = v.body, v.etag
			h.Set(echo.HeaderContentEncoding, enc)
		}
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	return nil
}

// pickEncoding prefers brotli, then gzip, among those the client accepts.
func pickEncoding(accept string, have map[string]*staticFile) string {
	accepted := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.ReplaceAll(strings.TrimSpace(params), " ", "") == "q=0" {
			continue
		}
		accepted[strings.ToLower(strings.TrimSpace(name))] = true
	}
	for _, enc := range []string{"br", "gzip"} {
		if accepted[enc] && have[enc] != nil {
			return enc
		}
	}
	return ""
}
