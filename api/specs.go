package api

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"resale/laptopwords"
)

// maxSpecsTitle is the longest title parsed: a product's name is at most
// 200 characters.
const maxSpecsTitle = 200

// parsedSpecsJSON is what a title names (API.md, "Finding laptops the way
// people type"); a field the title does not name is left out.
type parsedSpecsJSON struct {
	Brand         string  `json:"brand,omitempty"`
	Processor     string  `json:"processor,omitempty"`
	CPUFamily     string  `json:"cpuFamily,omitempty"`
	CPUGeneration int     `json:"cpuGeneration,omitempty"`
	RAMGb         int     `json:"ramGb,omitempty"`
	StorageGb     int     `json:"storageGb,omitempty"`
	StorageType   string  `json:"storageType,omitempty"`
	GPU           string  `json:"gpu,omitempty"`
	ScreenInches  float64 `json:"screenInches,omitempty"`
}

// parseSpecs serves GET /api/specs/parse?title=: the specs a free-text
// title names. The answer depends on the title alone, so browsers and
// proxies may keep it for a day.
func (s *Server) parseSpecs(c echo.Context) error {
	q := c.QueryParams()
	for name := range q {
		if name != "title" {
			return &Error{Status: http.StatusBadRequest, Code: "unknown_parameter",
				Message: "only title is taken here", Fields: map[string]string{"title": "is the only parameter"}}
		}
	}
	title := q.Get("title")
	switch {
	case len(q["title"]) > 1:
		return invalidFields(map[string]string{"title": "must be given once"}, "title")
	case strings.TrimSpace(title) == "":
		return invalidFields(map[string]string{"title": "is required"}, "title")
	case !utf8.ValidString(title):
		return invalidFields(map[string]string{"title": "must be text"}, "title")
	case utf8.RuneCountInString(title) > maxSpecsTitle:
		return invalidFields(map[string]string{"title": "must be at most 200 characters"}, "title")
	}
	sp := laptopwords.Parse(title).Specs
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.JSON(http.StatusOK, parsedSpecsJSON(sp))
}

// RefreshSpecWords remakes, in the background, the spec words of listings
// an older parser made them for (#36; every listing listed before
// migration 00042), so typed specs find them too.
func (s *Server) RefreshSpecWords(ctx context.Context) {
	s.store.RefreshSpecWordsInBackground(ctx)
}
