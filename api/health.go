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
		s.log.Warn("health check failed", "err", err)
		return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: "The database is not answering"}
	}
	return c.JSON(http.StatusOK, healthJSON{Status: "ok"})
}
