package api

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// Page sizes of product lists.
const (
	defaultPageSize = 24
	maxPageSize     = 100
)

type cursorJSON struct {
	Sort  string  `json:"s"`
	Time  int64   `json:"t,omitempty"`
	Price int64   `json:"p,omitempty"`
	Rank  float32 `json:"r,omitempty"`
	ID    int64   `json:"i"`
	// ByTime: a relevance page of a broad search, listed newest first
	ByTime bool `json:"n,omitempty"`
	// Place: nearest first, the last row's area's place by distance
	Place int `json:"a,omitempty"`
}

func encodeCursor(c *store.Cursor) string {
	b, _ := json.Marshal(cursorJSON{Sort: c.Sort, Time: c.Time.UnixMicro(), Price: c.Price, Rank: c.Rank, ID: c.ID, ByTime: c.ByTime, Place: c.Place})
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(raw, sort string) (*store.Cursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(raw)
	var c cursorJSON
	if err != nil || len(raw) > 200 || json.Unmarshal(b, &c) != nil || c.ID <= 0 || c.Sort != sort || c.Place < 0 || c.Place > 100_000 {
		return nil, invalidFields(map[string]string{"cursor": "is not a cursor of this list: start again from the first page"}, "cursor")
	}
	return &store.Cursor{Sort: c.Sort, Time: time.UnixMicro(c.Time), Price: c.Price, Rank: c.Rank, ID: c.ID, ByTime: c.ByTime, Place: c.Place}, nil
}

// Every other list (a seller's products, reported products, users,
// bookings, payments) is also a page at a time, id-ordered.
const (
	defaultListSize = 100
	maxListSize     = 200
)

// listLimit reads the limit of a list (100 by default).
func listLimit(c echo.Context) (int, error) {
	v, err := singleQuery(c, "limit")
	if err != nil || v == "" {
		return defaultListSize, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxListSize {
		return 0, invalidFields(map[string]string{"limit": fmt.Sprintf("must be a whole number from 1 to %d", maxListSize)}, "limit")
	}
	return n, nil
}

// errNotThisCursor answers a cursor that this list did not make.
func errNotThisCursor() error {
	return invalidFields(map[string]string{"cursor": "is not a cursor of this list: start again from the first page"}, "cursor")
}

// listPage reads limit and cursor for an id-ordered list.
func listPage(c echo.Context) (store.Page, error) {
	limit, err := listLimit(c)
	page := store.Page{Limit: limit}
	if err != nil {
		return page, err
	}
	raw, err := singleQuery(c, "cursor")
	if err != nil || raw == "" {
		return page, err
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	id, perr := strconv.ParseInt(strings.TrimPrefix(string(b), "id:"), 10, 64)
	if err != nil || perr != nil || !strings.HasPrefix(string(b), "id:") || id <= 0 {
		return page, errNotThisCursor()
	}
	page.From = id
	return page, nil
}

// setNextLink adds the Link header of the next page, if there is one.
func setNextLink(c echo.Context, next int64) {
	if next != 0 {
		setCursorLink(c, base64.RawURLEncoding.EncodeToString([]byte("id:"+strconv.FormatInt(next, 10))))
	}
}

// pageJSON answers one page of a list, each row mapped to its wire type,
// with the Link to the next page when there is one.
func pageJSON[T, J any](c echo.Context, list []T, next int64, toJSON func(T) J) error {
	setNextLink(c, next)
	out := make([]J, 0, len(list))
	for _, v := range list {
		out = append(out, toJSON(v))
	}
	return c.JSON(http.StatusOK, out)
}

// setCursorLink links to this list again with cursor in place.
func setCursorLink(c echo.Context, cursor string) {
	q := url.Values{}
	for k, v := range c.QueryParams() {
		q[k] = v
	}
	q.Set("cursor", cursor)
	c.Response().Header().Set("Link", fmt.Sprintf(`<%s?%s>; rel="next"`, c.Request().URL.Path, q.Encode()))
}

// advertisedPage reads limit (24 by default) and cursor for Urgent Sell.
func advertisedPage(c echo.Context) (int, *store.Cursor, error) {
	limit := defaultPageSize
	if v, err := singleQuery(c, "limit"); err != nil {
		return 0, nil, err
	} else if v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			return 0, nil, invalidFields(map[string]string{"limit": fmt.Sprintf("must be a whole number from 1 to %d", maxPageSize)}, "limit")
		}
		limit = n
	}
	raw, err := singleQuery(c, "cursor")
	if err != nil || raw == "" {
		return limit, nil, err
	}
	cur, err := decodeCursor(raw, "advertised")
	return limit, cur, err
}

// singleQuery reads a query parameter that may appear at most once.
func singleQuery(c echo.Context, name string) (string, error) {
	vs := c.QueryParams()[name]
	if len(vs) > 1 {
		return "", invalidFields(map[string]string{name: "was given more than once"}, name)
	}
	if len(vs) == 0 {
		return "", nil
	}
	return vs[0], nil
}
