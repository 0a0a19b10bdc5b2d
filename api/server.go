// Package api is Resale's HTTP layer: the JSON API under /api and the
// embedded single-page app for every other GET. Routes live in routes.go.
package api

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// Options is what the HTTP layer needs from the rest of the program.
type Options struct {
	Store  *store.Store
	Logger *slog.Logger
	// Web is the built React app (index.html at its root); nil serves a
	// minimal page saying the frontend was not built.
	Web fs.FS
	// Currency is the ISO code payments are made in, lower case.
	Currency string
	// Location is the shop's time zone, used for the time and date texts.
	Location *time.Location
	// RequestTimeout bounds how long one API request may work.
	RequestTimeout time.Duration
}

// Server holds the handlers' dependencies.
type Server struct {
	store    *store.Store
	log      *slog.Logger
	currency string
	loc      *time.Location
	spa      *spa
	echo     *echo.Echo
}

// New builds the HTTP handler.
func New(opts Options) (*Server, error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = 30 * time.Second
	}
	web, err := newSPA(opts.Web)
	if err != nil {
		return nil, err
	}
	s := &Server{
		store:    opts.Store,
		log:      opts.Logger,
		currency: opts.Currency,
		loc:      opts.Location,
		spa:      web,
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Debug = false
	// No proxy is trusted until one is configured: the client address is
	// the TCP peer, never a header the client could write.
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = s.handleError
	s.echo = e
	s.routes(e, opts.RequestTimeout)
	return s, nil
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.echo.ServeHTTP(w, r)
}
