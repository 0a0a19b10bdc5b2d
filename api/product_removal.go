package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type removalRequest struct {
	Reason string `json:"reason"`
}

// removalReason reads the optional JSON {reason} of an admin's removal of
// a product: no body is no reason.
func removalReason(c echo.Context) (string, error) {
	r := c.Request()
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return "", nil
	}
	var req removalRequest
	if err := decodeJSON(c, &req); err != nil {
		return "", err
	}
	if req.Reason == "" {
		return "", nil
	}
	var f fieldErrors
	reason := f.text("reason", req.Reason, 500)
	return reason, f.err()
}
