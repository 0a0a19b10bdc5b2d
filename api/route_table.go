package api

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"
)

// routeTable adds routes whose middleware is put together once, when the
// route is added. Echo v4 puts a route's middleware (its group's and its
// own) together again for every request it serves: a closure for each
// middleware, each time, 14 of a kept answer's 26 allocations (#38).
// Every middleware here is a function of the next handler alone, so one
// chain serves every request of its route.
type routeTable struct {
	e      *echo.Echo
	prefix string
	mw     []echo.MiddlewareFunc
}

// newRouteTable is the routes under prefix, each behind mw. Like an Echo
// group with middleware, it answers a path under prefix that none of its
// routes has with 404 through mw too (a later table with the same prefix
// takes that answer over, as a later group did).
func newRouteTable(e *echo.Echo, prefix string, mw ...echo.MiddlewareFunc) routeTable {
	t := routeTable{e: e, prefix: prefix, mw: mw}
	if len(mw) > 0 {
		t.RouteNotFound("", echo.NotFoundHandler)
		t.RouteNotFound("/*", echo.NotFoundHandler)
	}
	return t
}

// add puts the table's middleware, then mw, in front of h, once.
func (t routeTable) add(method, path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.e.Add(method, t.prefix+path, chain(h, append(slices.Clip(t.mw), mw...)...))
}

// chain is h behind mw, the first of mw outermost.
func chain(h echo.HandlerFunc, mw ...echo.MiddlewareFunc) echo.HandlerFunc {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

func (t routeTable) GET(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodGet, path, h, mw...)
}

func (t routeTable) HEAD(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodHead, path, h, mw...)
}

func (t routeTable) POST(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodPost, path, h, mw...)
}

func (t routeTable) PUT(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodPut, path, h, mw...)
}

func (t routeTable) PATCH(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodPatch, path, h, mw...)
}

func (t routeTable) DELETE(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(http.MethodDelete, path, h, mw...)
}

// RouteNotFound answers the paths under path that no route has.
func (t routeTable) RouteNotFound(path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
	t.add(echo.RouteNotFound, path, h, mw...)
}
