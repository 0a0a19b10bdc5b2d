package api

import (
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// maxSuggestQuery is the longest q suggested for: a search box's text.
const maxSuggestQuery = 100

// suggest serves GET /api/search/suggest?q= (#36): at most 8 brands,
// models, spec phrases and searches for what is typed so far, each with
// how many live listings it finds; an empty q has none. The answer comes
// from each instance's copy of the suggestions (store.Suggest), made again
// every few minutes, so browsers and proxies may keep it for a minute.
func (s *Server) suggest(c echo.Context) error {
	params := c.QueryParams()
	for name := range params {
		if name != "q" {
			return &Error{Status: http.StatusBadRequest, Code: "unknown_parameter",
				Message: "only q is taken here", Fields: map[string]string{"q": "is the only parameter"}}
		}
	}
	q := params.Get("q")
	switch {
	case len(params["q"]) > 1:
		return invalidFields(map[string]string{"q": "must be given once"}, "q")
	case !utf8.ValidString(q):
		return invalidFields(map[string]string{"q": "must be text"}, "q")
	case utf8.RuneCountInString(q) > maxSuggestQuery:
		return invalidFields(map[string]string{"q": "must be at most 100 characters"}, "q")
	case strings.ContainsFunc(q, unicode.IsControl):
		return invalidFields(map[string]string{"q": "must not hold control characters"}, "q")
	}
	out, err := s.store.Suggest(c.Request().Context(), q)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=60")
	return c.JSON(http.StatusOK, out)
}
