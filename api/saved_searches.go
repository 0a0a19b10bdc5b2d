package api

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// savedSearchFilters are the parameters of GET /api/products a saved
// search keeps: its filters and its sort. The page's (cursor, limit) are
// not filters; anything else is unknown.
var savedSearchFilters = map[string]bool{
	"q": true, "category": true, "minPrice": true, "maxPrice": true, "condition": true, "location": true, "verified": true, "negotiable": true,
	"ramMin": true, "storageMin": true, "storageType": true, "batteryMin": true, "screenMin": true, "screenMax": true,
	"processor": true, "seller": true, "sort": true,
}

// maxSavedQuery bounds a saved search's query string.
const maxSavedQuery = 2000

// savedSearchRequest is POST /api/saved-searches: query is the query
// string of GET /api/products (with or without its "?"), e.g.
// "q=macbook air&category=Apple&maxPrice=80000".
type savedSearchRequest struct {
	Query     *string `json:"query"`
	Frequency string  `json:"frequency"`
}

// savedSearchJSON is a saved search on the wire: query is its filters
// (and sort) in canonical form, to be read as GET /api/products reads its
// query string, and to run it at /search?{query}.
type savedSearchJSON struct {
	ID        string    `json:"_id"`
	Query     string    `json:"query"`
	Frequency string    `json:"frequency"`
	CreatedAt time.Time `json:"createdAt"`
}

func toSavedSearchJSON(s store.SavedSearch) savedSearchJSON {
	return savedSearchJSON{ID: formatID(s.ID), Query: s.FilterValues().Encode(), Frequency: s.Frequency, CreatedAt: s.CreatedAt.UTC()}
}

// createSavedSearch serves POST /api/saved-searches: the caller keeps a
// catalogue search and hears of new listings that match it, at once
// (instant) or in a daily digest (daily). Its filters are read and checked
// as GET /api/products reads them, so a saved search means what the search
// page showed; an unknown parameter, or none at all, is refused. Saving
// the same filters again answers 200 with the search kept already (its
// frequency unchanged); a new one is 201. At store.MaxSavedSearches: 409.
func (s *Server) createSavedSearch(c echo.Context) error {
	var req savedSearchRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var f fieldErrors
	if req.Frequency != store.FrequencyInstant && req.Frequency != store.FrequencyDaily {
		f.add("frequency", "must be instant or daily")
	}
	var values url.Values
	switch {
	case req.Query == nil:
		f.add("query", "is required")
	case len(*req.Query) > maxSavedQuery:
		f.add("query", "is too long")
	default:
		var err error
		values, err = url.ParseQuery(strings.TrimPrefix(strings.TrimSpace(*req.Query), "?"))
		if err != nil {
			f.add("query", "must be a query string such as q=macbook&maxPrice=80000")
		}
		for name := range values {
			if !savedSearchFilters[name] {
				f.add("query", "has "+quoteName(name)+", which is not a filter of the catalogue")
				break
			}
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	filter, err := browseFilterFrom(values)
	if err != nil {
		return err
	}
	filter.Sort = strings.TrimSpace(values.Get("sort")) // kept only as given
	filter.Limit = 0
	if !filter.Searching() {
		filter.Words = "" // punctuation alone searches for nothing
	}
	if len(store.FilterValues(filter)) == 0 {
		return invalidFields(map[string]string{"query": "must choose at least one filter: words, a brand, a price..."}, "query")
	}
	var categoryID int64
	if filter.Category != "" {
		cat, err := s.store.GetCategoryByName(ctx, filter.Category)
		if isNotFound(err) {
			return invalidFields(map[string]string{"category": "is not a category of the shop"}, "category")
		}
		if err != nil {
			return err
		}
		categoryID, filter.Category = cat.ID, cat.Name
	}
	if filter.SellerID != 0 {
		if _, err := s.store.GetUser(ctx, filter.SellerID); isNotFound(err) {
			return invalidFields(map[string]string{"seller": "is not a seller of the shop"}, "seller")
		} else if err != nil {
			return err
		}
	}
	u, _ := currentUser(c)
	saved, created, err := s.store.CreateSavedSearch(ctx, u.ID, req.Frequency, filter, categoryID)
	if errors.Is(err, store.ErrSavedSearchLimit) {
		return &Error{Status: http.StatusConflict, Code: "saved_search_limit",
			Message: "You keep as many saved searches as you may (50): delete one first"}
	}
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, toSavedSearchJSON(saved))
}

// quoteName names a parameter in a message, shortened and quoted.
func quoteName(name string) string {
	if r := []rune(name); len(r) > 30 {
		name = string(r[:30]) + "…"
	}
	return "“" + strings.ToValidUTF8(name, "") + "”"
}

// listSavedSearches serves GET /api/saved-searches: the caller's saved
// searches, newest first (at most store.MaxSavedSearches, so one answer).
func (s *Server) listSavedSearches(c echo.Context) error {
	u, _ := currentUser(c)
	list, err := s.store.ListSavedSearches(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]savedSearchJSON, 0, len(list))
	for _, ss := range list {
		out = append(out, toSavedSearchJSON(ss))
	}
	return c.JSON(http.StatusOK, out)
}

// deleteSavedSearch serves DELETE /api/saved-searches/:id: the caller
// forgets one of their saved searches; anyone else's is not found.
func (s *Server) deleteSavedSearch(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Saved search")
	}
	u, _ := currentUser(c)
	if err := s.store.DeleteSavedSearch(c.Request().Context(), u.ID, id); err != nil {
		return notFoundAs(err, "Saved search")
	}
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}
