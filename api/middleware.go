package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/labstack/echo/v4"
)

// statusClientClosedRequest is nginx's 499: the client hung up before it
// was answered. It is logged and counted, never sent.
const statusClientClosedRequest = 499

// logRequests writes one line per request once it is answered, and counts
// it in the request metrics under its route's template.
func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		// the connection's own context: requestTimeout replaces the
		// request's with one that also ends at the server's deadline
		clientCtx := c.Request().Context()
		err := next(c)
		status := 0
		if err != nil {
			if clientGone(clientCtx, err) {
				// nobody to answer: not a server error (no 500, no 5xx
				// metric for the alerts), only a client that hung up
				status = statusClientClosedRequest
			} else {
				// answer now so the logged status is the one the client got
				c.Error(err)
			}
		}
		req, res := c.Request(), c.Response()
		if status == 0 {
			status = res.Status
		}
		took := time.Since(start)
		s.metrics.observe(req.Method, c.Path(), status, took)
		level := slog.LevelInfo
		switch {
		case status == statusClientClosedRequest: // info: the client chose to leave
		case status == http.StatusServiceUnavailable:
			level = slog.LevelWarn // the database is away; it is logged where it is known
		case status >= 500:
			level = slog.LevelError
		}
		s.log.LogAttrs(req.Context(), level, "request",
			slog.String("method", req.Method),
			slog.String("path", req.URL.Path),
			slog.Int("status", status),
			slog.Int64("bytes", res.Size),
			slog.Duration("duration", took),
			slog.String("ip", c.RealIP()),
			slog.String("request_id", requestID(c)),
		)
		return nil
	}
}

// clientGone says whether err is the work a client abandoned: the
// connection's context was cancelled (the client hung up; the server's
// own timeout ends only the derived context) and err is that end, or the
// database's "query cancelled" that ending caused (store maps it to
// context.DeadlineExceeded).
func clientGone(clientCtx context.Context, err error) bool {
	if !errors.Is(clientCtx.Err(), context.Canceled) {
		return false
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// recoverPanics turns a panicking handler into a logged 500.
func (s *Server) recoverPanics(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			if r == http.ErrAbortHandler {
				panic(r)
			}
			buf := make([]byte, 8<<10)
			buf = buf[:runtime.Stack(buf, false)]
			s.log.Error("handler panicked, answered 500", "request_id", requestID(c), "path", c.Request().URL.Path, "panic", fmt.Sprint(r), "stack", string(buf))
			err = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "Internal server error"}
		}()
		return next(c)
	}
}

// securityHeaders are sent with every answer. Behind an https
// PUBLIC_URL the browser is also told to use https only, for a year and on
// every subdomain (HSTS); over plain http the header would be ignored, and
// on a development machine it would stick to localhost.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		if s.hsts {
			h["Strict-Transport-Security"] = hstsValue
		}
		for _, sh := range securityHeaderValues {
			h[sh.key] = sh.value
		}
		return next(c)
	}
}

// securityHeaderValues are the headers every answer carries, their keys in
// canonical form and their values made once: each answer assigns the same
// slices (never written to; an added value copies), where Header.Set
// canonicalized each key and made each value again (a tenth of a kept
// answer's allocations).
var securityHeaderValues = [...]struct {
	key   string
	value []string
}{
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	// the camera for the page only: a seller scans the buyer's hand-over
	// QR from Leads; the location for the page only: Near me (#36) asks
	// for it when tapped
	{"Permissions-Policy", []string{"camera=(self), microphone=(), geolocation=(self)"}},
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
}

var hstsValue = []string{"max-age=31536000; includeSubDomains"}

// contentSecurityPolicy allows the app's own files and Stripe.js, nothing
// else; workers also from blob: URLs, as the QR scanner starts its decoder
// from its own (already allowed) script that way. The service worker
// (/sw.js) and the web app manifest are the app's own files.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://js.stripe.com https://*.js.stripe.com; " +
	"worker-src 'self' blob:; manifest-src 'self'; " +
	"frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; " +
	"connect-src 'self' https://api.stripe.com; " +
	"img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// requestTimeout bounds the work of one API request; database calls made
// with the request's context are cancelled when it expires.
func requestTimeout(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			ctx, cancel := context.WithTimeout(c.Request().Context(), d)
			defer cancel()
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
}

// noStoreValue is noStore's header, made once (securityHeaderValues).
var noStoreValue = []string{"no-store"}

// noStore keeps API answers, which may be personal, out of every cache.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header()["Cache-Control"] = noStoreValue
		return next(c)
	}
}

// noBody refuses a body on routes that take none (the path says it all),
// so a confused or hostile client learns of it instead of the body being
// silently dropped.
func noBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.ContentLength > 0 {
			return badRequest("This request takes no body")
		}
		if req.ContentLength < 0 && req.Body != nil {
			var one [1]byte
			if n, _ := req.Body.Read(one[:]); n > 0 {
				return badRequest("This request takes no body")
			}
		}
		return next(c)
	}
}

// maxRequestIDLen is the longest X-Request-Id taken from a client.
const maxRequestIDLen = 64

// requestIDs gives every request an id, sent back in X-Request-Id and
// logged with it. A caller's own id (a proxy's, or a client tracing its
// calls) is kept only when it is short and plain: anything else would let a
// client write what it likes into our logs (new lines, quotes, kilobytes),
// so it is replaced by a fresh one.
func requestIDs(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if !plainRequestID(id) {
			var b [16]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		return next(c)
	}
}

// plainRequestID says whether id is 1 to 64 letters, digits, dots,
// underscores and hyphens.
func plainRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch b := id[i]; {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9', b == '.', b == '_', b == '-':
		default:
			return false
		}
	}
	return true
}
