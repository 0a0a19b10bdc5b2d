package api

import (
	"errors"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"resale/store"
)

var errBadID = errors.New("bad id")

// pathID reads a path parameter as a positive id. Anything else (letters,
// signs, extra path segments, overflow) is refused.
func pathID(c echo.Context, name string) (int64, error) {
	return parseID(c.Param(name))
}

func parseID(raw string) (int64, error) {
	if raw == "" || len(raw) > 19 {
		return 0, errBadID
	}
	for _, r := range raw {
		if r < '0' || r > '9' {
			return 0, errBadID
		}
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, errBadID
	}
	return id, nil
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

// emailParam reads an email from the path, percent-decoded (a client may
// send "@" as %40).
func emailParam(c echo.Context) (string, error) {
	v, err := url.PathUnescape(c.Param("email"))
	if err != nil {
		return "", invalidFields(map[string]string{"email": "is not a valid address"}, "email")
	}
	return v, nil
}
