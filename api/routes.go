package api

import (
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// maxBody caps every request body; JSON bodies get a smaller cap when decoded.
const maxBody = "10M"

// routes is the one table of paths and who may call them.
func (s *Server) routes(e *echo.Echo, timeout time.Duration) {
	e.Pre(middleware.RequestIDWithConfig(middleware.RequestIDConfig{TargetHeader: echo.HeaderXRequestID}))
	e.Use(s.logRequests, s.recoverPanics, securityHeaders, middleware.BodyLimit(maxBody))

	g := e.Group("/api", requestTimeout(timeout), noStore, middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024}))
	g.GET("/health", s.health)
	g.GET("/categorys", s.listCategories)
	g.GET("/categorys/:id", s.getCategory)

	// The app: registered last, for GET and HEAD only. It answers unknown
	// /api paths with a JSON 404 itself; a RouteNotFound on the group would
	// also swallow the 405 of a known path called with the wrong method.
	e.GET("/*", s.spa.serve)
	e.HEAD("/*", s.spa.serve)
}
