package api

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"
)

// compress gzips an answer of at least minLength bytes for a client that
// takes gzip, at level. It does what Echo's Gzip middleware did, with
// klauspost/compress's gzip instead of the standard library's: for a
// brand's page made afresh (25 KB of JSON) 1.6 times as fast at the
// fastest level and 7% smaller (3,469 bytes, not 3,737), where the
// standard library's compression was a third of the server's CPU for
// each list made afresh (#38). An answer under minLength goes as it is;
// one with no body (a status alone, or an error the error handler writes
// after this returns) goes through the writer as it was.
func compress(minLength, level int) echo.MiddlewareFunc {
	writers := sync.Pool{New: func() any {
		w, err := gzip.NewWriterLevel(io.Discard, level)
		if err != nil {
			panic(err) // a level this package does not take: a programming error
		}
		return w
	}}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := c.Response()
			res.Header().Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
			if !strings.Contains(c.Request().Header.Get(echo.HeaderAcceptEncoding), "gzip") {
				return next(c)
			}
			z := &gzipWriter{ResponseWriter: res.Writer, min: minLength, pool: &writers}
			res.Writer = z
			defer func() {
				if res.Writer == z {
					res.Writer = z.ResponseWriter
				}
				z.finish()
			}()
			return next(c)
		}
	}
}

// gzipWriter holds an answer's first bytes until it knows whether it is
// worth compressing: past min bytes it starts the gzip stream.
type gzipWriter struct {
	http.ResponseWriter
	min    int
	pool   *sync.Pool
	code   int          // a status the handler set, not yet sent
	held   bytes.Buffer // the bytes written before the decision
	zw     *gzip.Writer // the stream, once compressing
	wrote  bool         // the handler wrote body bytes
	passed bool         // decided against compressing: bytes go as they are
}

func (w *gzipWriter) WriteHeader(code int) {
	// held back: Content-Encoding and Content-Length are decided with
	// the first bytes; a status alone goes at finish
	w.code = code
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	w.wrote = true
	switch {
	case w.zw != nil:
		return w.zw.Write(b)
	case w.passed:
		return w.ResponseWriter.Write(b)
	}
	if w.Header().Get(echo.HeaderContentEncoding) != "" {
		// a handler that encoded its bytes itself: sent as they are
		w.pass()
		return w.ResponseWriter.Write(b)
	}
	if w.held.Len()+len(b) < w.min {
		return w.held.Write(b)
	}
	if err := w.start(); err != nil {
		return 0, err
	}
	return w.zw.Write(b)
}

// start begins the gzip stream with the bytes held so far: the headers
// say so and go out.
func (w *gzipWriter) start() error {
	h := w.Header()
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Del(echo.HeaderContentLength)
	w.sendCode()
	w.zw = w.pool.Get().(*gzip.Writer)
	w.zw.Reset(w.ResponseWriter)
	_, err := w.zw.Write(w.held.Bytes())
	return err
}

// pass sends the status and, from now on, the bytes as they are.
func (w *gzipWriter) pass() {
	w.passed = true
	w.sendCode()
}

func (w *gzipWriter) sendCode() {
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
}

// Flush sends what was written so far, compressed when the answer is
// being compressed (a flush decides for compressing, as the answer goes
// on past it).
func (w *gzipWriter) Flush() {
	if w.zw == nil && !w.passed && w.start() != nil {
		return
	}
	if w.zw != nil {
		w.zw.Flush() //nolint:errcheck // the client's connection; Write says
	}
	http.NewResponseController(w.ResponseWriter).Flush() //nolint:errcheck // as above
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish ends the stream, or sends what was held as it is: an answer
// under min bytes, or a status with no body. With nothing written, the
// status is left for whoever writes next (the error handler).
func (w *gzipWriter) finish() {
	switch {
	case w.zw != nil:
		w.zw.Close() //nolint:errcheck // the client's connection; nothing to tell it
		w.zw.Reset(io.Discard)
		w.pool.Put(w.zw)
		w.zw = nil
	case w.passed:
	case w.wrote || w.code != 0:
		w.pass()
		w.ResponseWriter.Write(w.held.Bytes()) //nolint:errcheck // as above
	}
}
