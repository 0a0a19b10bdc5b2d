package api

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"resale/media"
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

// defaultCategoryImage is the tile of a category added without a photo:
// a laptop with no brand on it, beside the seeded brands' tiles
// (frontend/public/categories).
const defaultCategoryImage = "/categories/laptop.svg"

// maxCategoryName is the longest category name, in characters: it has to
// fit a tile, a footer line and a select.
const maxCategoryName = 40

// categoryNamePattern: letters (with their marks, so Bangla words fit),
// digits, spaces, &, - and ., starting with a letter or digit.
var categoryNamePattern = regexp.MustCompile(`^[\p{L}\p{Nd}][\p{L}\p{M}\p{Nd} &.\-]*$`)

// newCategoryRequest is the add-a-category form.
type newCategoryRequest struct {
	Name  string `json:"name"`
	Image string `json:"image"`
}

var errCategoryNameTaken = &Error{Status: http.StatusConflict, Code: "conflict", Message: "A category with this name exists",
	Fields: map[string]string{"name": "is the name of another category"}}

// createCategory serves POST /api/categorys: an admin adds a category.
func (s *Server) createCategory(c echo.Context) error {
	var req newCategoryRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var f fieldErrors
	name := strings.TrimSpace(req.Name)
	switch {
	case name == "":
		f.add("name", "is required")
	case !utf8.ValidString(name) || !categoryNamePattern.MatchString(name):
		f.add("name", "may hold only letters, digits, spaces, &, - and .")
	case utf8.RuneCountInString(name) > maxCategoryName:
		f.add("name", "must be at most 40 characters")
	}
	image := strings.TrimSpace(req.Image)
	if image == "" {
		image = defaultCategoryImage
	} else if ok, err := s.isUpload(ctx, image); err != nil {
		return err
	} else if !ok {
		f.add("image", "must be a photo uploaded to this shop")
	}
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	cat, err := s.store.CreateCategory(ctx, name, image, u.ID)
	if errors.Is(err, store.ErrConflict) {
		return errCategoryNameTaken
	}
	if err != nil {
		return err
	}
	s.log.Info("category added", "category_id", cat.ID, "by", u.ID)
	return c.JSON(http.StatusCreated, insertedJSON{Acknowledged: true, InsertedID: formatID(cat.ID)})
}

// isUpload tells whether url is a photo uploaded to this shop
// (/uploads/<key> of a stored image).
func (s *Server) isUpload(ctx context.Context, url string) (bool, error) {
	key, ok := strings.CutPrefix(url, "/uploads/")
	if !ok || !media.ValidKey(key) {
		return false, nil
	}
	return s.store.ImageExists(ctx, key)
}

// deleteCategory serves DELETE /api/categorys/:id: an admin deletes a
// category without products (sold ones count; deleted ones do not).
func (s *Server) deleteCategory(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Category")
	}
	u, _ := currentUser(c)
	if err := s.store.DeleteCategory(c.Request().Context(), id, u.ID); err != nil {
		return notFoundAs(err, "Category")
	}
	s.log.Info("category deleted", "category_id", id, "by", u.ID)
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}
