package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// compress answers as Echo's Gzip did: past the minimum length gzip (the
// standard library reads it back), under it or unasked as it is, a status
// alone as it is, an error the error handler writes as it is, bytes
// encoded already as they are, and a flush sends what came before it.
func TestCompress(t *testing.T) {
	big := strings.Repeat(`{"productName":"HP EliteBook 840 G5","sellPrice":38500},`, 40)
	e := compressedRoutes(big)
	get := func(path string, gz bool) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if gz {
			req.Header.Set(echo.HeaderAcceptEncoding, "gzip, deflate, br")
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Header().Get(echo.HeaderVary) != echo.HeaderAcceptEncoding {
			t.Errorf("%s: Vary %q", path, rec.Header().Get(echo.HeaderVary))
		}
		return rec
	}

	for _, path := range []string{"/big", "/pieces"} {
		rec := get(path, true)
		if got := gunzipped(t, path, rec); got != big || rec.Body.Len() >= len(big)/4 {
			t.Errorf("%s: %d bytes gzip for %d, read back equal: %t", path, rec.Body.Len(), len(big), got == big)
		}
		if want := map[string]int{"/big": 200, "/pieces": 201}[path]; rec.Code != want {
			t.Errorf("%s: status %d, want %d", path, rec.Code, want)
		}
	}
	if rec := get("/big", false); rec.Header().Get(echo.HeaderContentEncoding) != "" || rec.Body.String() != big {
		t.Errorf("not asked for: %v, %d bytes", rec.Header(), rec.Body.Len())
	}
	if rec := get("/small", true); rec.Header().Get(echo.HeaderContentEncoding) != "" || rec.Body.String() != "short" || rec.Code != http.StatusOK {
		t.Errorf("under the minimum: %d %v %q", rec.Code, rec.Header(), rec.Body.String())
	}
	if rec := get("/none", true); rec.Code != http.StatusNoContent || rec.Body.Len() != 0 || rec.Header().Get(echo.HeaderContentEncoding) != "" {
		t.Errorf("a status alone: %d %v %q", rec.Code, rec.Header(), rec.Body.String())
	}
	if rec := get("/error", true); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "gone") || rec.Header().Get(echo.HeaderContentEncoding) != "" {
		t.Errorf("an error: %d %v %q", rec.Code, rec.Header(), rec.Body.String())
	}
	if rec := get("/encoded", true); rec.Body.String() != big {
		t.Errorf("encoded already: compressed again (%d bytes)", rec.Body.Len())
	}
	rec := get("/flushed", true)
	if !rec.Flushed || gunzipped(t, "/flushed", rec) != "first" {
		t.Errorf("a flush: flushed %t, %d bytes", rec.Flushed, rec.Body.Len())
	}
}

// compressedRoutes is a server behind compress answering big (a body
// past the minimum) in every way a handler can.
func compressedRoutes(big string) *echo.Echo {
	e := echo.New()
	e.Use(compress(1024, compressLevel))
	e.GET("/big", func(c echo.Context) error { return c.String(http.StatusOK, big) })
	e.GET("/pieces", func(c echo.Context) error {
		c.Response().WriteHeader(http.StatusCreated)
		for i := 0; i < len(big); i += 100 {
			c.Response().Write([]byte(big[i:min(i+100, len(big))]))
		}
		return nil
	})
	e.GET("/small", func(c echo.Context) error { return c.String(http.StatusOK, "short") })
	e.GET("/none", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	e.GET("/error", func(echo.Context) error { return echo.NewHTTPError(http.StatusNotFound, "gone") })
	e.GET("/encoded", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentEncoding, "gzip")
		return c.Blob(http.StatusOK, "application/json", []byte(big))
	})
	e.GET("/flushed", func(c echo.Context) error {
		c.Response().WriteHeader(http.StatusOK)
		c.Response().Write([]byte("first"))
		c.Response().Flush()
		return nil
	})
	return e
}

// gunzipped is rec's body read back through the standard library's gzip,
// after checking that its headers say gzip and give no length.
func gunzipped(t *testing.T, path string, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if rec.Header().Get(echo.HeaderContentEncoding) != "gzip" || rec.Header().Get(echo.HeaderContentLength) != "" {
		t.Fatalf("%s: headers %v", path, rec.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got, err := io.ReadAll(zr)
	if err != nil && err != io.ErrUnexpectedEOF {
		t.Fatalf("%s: %v", path, err)
	}
	return string(got)
}
