package api

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"resale/store"
)

const userKey = "user"

var (
	errSignedOut  = &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "Please log in first"}
	errBadSession = &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "Your session has ended, please log in again"}
	errForbidden  = &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "You are not allowed to do this"}
)

// authenticate identifies the caller from the bearer token, if one is
// sent. The user is loaded from the database on every request, so a
// deleted account, a changed role or a logout takes effect at once.
func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		headers := c.Request().Header.Values(echo.HeaderAuthorization)
		if len(headers) == 0 {
			return next(c)
		}
		raw, ok := strings.CutPrefix(headers[0], "Bearer ")
		if len(headers) != 1 || !ok || raw == "" {
			return errBadSession
		}
		id, version, err := s.tokens.Parse(raw)
		if err != nil {
			return err // auth.ErrInvalidToken: the session has ended
		}
		u, err := s.store.GetUser(c.Request().Context(), id)
		if errors.Is(err, store.ErrNotFound) {
			return errBadSession
		}
		if err != nil {
			return err
		}
		if u.TokenVersion != version {
			return errBadSession
		}
		if u.Suspended(s.now()) { // the suspension ended the token already; this is the belt to its braces
			return s.errSuspended(u)
		}
		c.Set(userKey, u)
		return next(c)
	}
}

// currentUser is the signed-in caller, if any.
func currentUser(c echo.Context) (store.User, bool) {
	u, ok := c.Get(userKey).(store.User)
	return u, ok
}

// requireUser lets only signed-in callers through.
func requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if _, ok := currentUser(c); !ok {
			return errSignedOut
		}
		return next(c)
	}
}

// requireRole lets through signed-in callers having one of roles.
func requireRole(roles ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			u, ok := currentUser(c)
			if !ok {
				return errSignedOut
			}
			if !slices.Contains(roles, u.Role) {
				return errForbidden
			}
			return next(c)
		}
	}
}
