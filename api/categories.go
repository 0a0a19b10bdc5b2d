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

// categoryDetailJSON is one category with how many available products it
// has (the category page's breadcrumb), cheap at any catalogue size.
type categoryDetailJSON struct {
	categoryJSON
	ProductCount int64 `json:"productCount"`
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

// getCategory serves GET /api/categorys/:id: the category and its count.
func (s *Server) getCategory(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Category")
	}
	ctx := c.Request().Context()
	cat, err := s.store.GetCategory(ctx, id)
	if err != nil {
		return notFoundAs(err, "Category")
	}
	count, err := s.store.GetCategoryCount(ctx, id)
	if err != nil && !isNotFound(err) {
		return err
	}
	return c.JSON(http.StatusOK, categoryDetailJSON{categoryJSON: toCategoryJSON(cat), ProductCount: count})
}
