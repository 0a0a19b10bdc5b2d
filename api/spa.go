package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
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
func newSPA(web fs.FS) (*spa, error) {
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
	if f, ok := s.files[p]; ok && p != "index.html" {
		cache := "public, max-age=3600"
		if strings.HasPrefix(p, "assets/") {
			cache = "public, max-age=31536000, immutable"
		}
		return sendFile(c, f, cache)
	}
	if path.Ext(p) != "" && p != "index.html" {
		// a missing script or image must not come back as the HTML shell
		return echo.ErrNotFound
	}
	return sendFile(c, s.index, "no-cache")
}

func sendFile(c echo.Context, f *staticFile, cacheControl string) error {
	w, r := c.Response(), c.Request()
	h := w.Header()
	ctype := mime.TypeByExtension(path.Ext(f.name))
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
