package api

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

type healthJSON struct {
	Status string `json:"status"`
}

// health serves GET /api/health: ok when the database answers a query.
func (s *Server) health(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("health check failed: database not answering", "err", err)
		return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: "The database is not answering"}
	}
	return c.JSON(http.StatusOK, healthJSON{Status: "ok"})
}

// livez serves GET /livez: the process is up and serving. It never touches
// the database, so a database outage does not get the server restarted.
func (s *Server) livez(c echo.Context) error {
	return c.JSON(http.StatusOK, healthJSON{Status: "ok"})
}

// readyz serves GET /readyz: ready for traffic when the database answers
// and its schema has every migration this binary carries; 503 otherwise,
// and from the moment the server starts shutting down.
func (s *Server) readyz(c echo.Context) error {
	if s.draining.Load() {
		return &Error{Status: http.StatusServiceUnavailable, Code: "shutting_down", Message: "The server is shutting down"}
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	v, err := s.store.SchemaVersion(ctx)
	if err != nil {
		s.log.Warn("readiness check failed: database not answering", "err", err)
		return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: "The database is not answering"}
	}
	if v < s.schemaVersion {
		s.log.Warn("readiness check failed: migrations pending", "database_version", v, "binary_version", s.schemaVersion)
		return &Error{Status: http.StatusServiceUnavailable, Code: "migrations_pending", Message: "The database schema is older than this program; run resale migrate up"}
	}
	return c.JSON(http.StatusOK, healthJSON{Status: "ok"})
}

// Drain marks the server as shutting down: /readyz answers 503 from now on
// while requests in flight finish, and the live-update streams end at once
// (they would never finish by themselves), so their clients reconnect to
// another instance.
func (s *Server) Drain() {
	s.draining.Store(true)
	s.hub.Close()
}
