package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// categoryJSON is a category on the wire.
type categoryJSON struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Image string `json:"image"`
}

func toCategoryJSON(c store.Category) categoryJSON {
	return categoryJSON{ID: formatID(c.ID), Name: c.Name, Image: c.Image}
}

// listCategories serves GET /api/categorys.
func (s *Server) listCategories(c echo.Context) error {
	cats, err := s.store.ListCategories(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]categoryJSON, 0, len(cats))
	for _, cat := range cats {
		out = append(out, toCategoryJSON(cat))
	}
	return c.JSON(http.StatusOK, out)
}

// getCategory serves GET /api/categorys/:id.
func (s *Server) getCategory(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Category")
	}
	cat, err := s.store.GetCategory(c.Request().Context(), id)
	if err != nil {
		if isNotFound(err) {
			return notFound("Category")
		}
		return err
	}
	return c.JSON(http.StatusOK, toCategoryJSON(cat))
}
