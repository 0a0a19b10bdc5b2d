package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// EchoRoutes are every route Echo has, for the test that checks them
// against docs/openapi.yaml.
func (s *Server) EchoRoutes() []*echo.Route { return s.echo.Routes() }

// RouteOf is the route path ("/api/products/:id") Echo takes r to, for the
// tests that check each answer against docs/openapi.yaml; "" when no route
// of r's method has the path (a 404 or 405 of RouteNotFound).
func (s *Server) RouteOf(r *http.Request) string {
	c := s.echo.NewContext(r, nil)
	s.echo.Router().Find(r.Method, echo.GetPath(r), c)
	for _, route := range s.echo.Routes() {
		if route.Method == r.Method && route.Path == c.Path() {
			return c.Path()
		}
	}
	return ""
}
