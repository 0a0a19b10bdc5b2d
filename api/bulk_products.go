package api

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"
)

// maxBulk caps the listings of one bulk action: more than a page of My
// Products.
const maxBulk = 100

// bulkRequest is the body of POST /api/products/bulk.
type bulkRequest struct {
	// Action is "renew" or "sold" (sold outside the shop).
	Action string   `json:"action"`
	IDs    []string `json:"ids"`
}

// bulkResultJSON is what became of one listing of a bulk action: done, or
// refused with the status, code and words the one-listing route would
// have answered.
type bulkResultJSON struct {
	ID        string     `json:"_id"`
	OK        bool       `json:"ok"`
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
	Status    int        `json:"status,omitempty"`
	Code      string     `json:"code,omitempty"`
	Message   string     `json:"message,omitempty"`
}

// bulkJSON answers a bulk action: one result per listing, in the order
// asked, and how many were done.
type bulkJSON struct {
	Done    int              `json:"done"`
	Results []bulkResultJSON `json:"results"`
}

// bulkIDs checks a bulk action's listing ids: 1 to maxBulk ids, each an
// id, none twice.
func (f *fieldErrors) bulkIDs(raw []string) []int64 {
	if len(raw) == 0 || len(raw) > maxBulk {
		f.add("ids", fmt.Sprintf("must hold 1 to %d listing ids", maxBulk))
		return nil
	}
	out := make([]int64, 0, len(raw))
	for _, r := range raw {
		id, err := parseID(r)
		switch {
		case err != nil:
			f.add("ids", "must be listing ids")
			return nil
		case slices.Contains(out, id):
			f.add("ids", "must not hold the same listing twice")
			return nil
		}
		out = append(out, id)
	}
	return out
}

// bulkProducts serves POST /api/products/bulk: the calling seller renews,
// or marks sold outside the shop, several of their listings at once. Each
// listing is its own transaction with the rules of its one-listing route
// (POST /api/products/:id/renew, PUT /api/products/:id/sold): another
// seller's, a deleted or an unknown one is not found, a sold one is not
// renewed, one a booking holds is not marked sold, each with its reason.
// The answer is 200 whatever became of each.
func (s *Server) bulkProducts(c echo.Context) error {
	var req bulkRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	if req.Action != "renew" && req.Action != "sold" {
		f.add("action", "must be renew or sold")
	}
	ids := f.bulkIDs(req.IDs)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	ctx := c.Request().Context()
	out := bulkJSON{Results: make([]bulkResultJSON, 0, len(ids))}
	for _, id := range ids {
		r := bulkResultJSON{ID: formatID(id)}
		var err error
		if req.Action == "renew" {
			var until time.Time
			if until, err = s.store.RenewProduct(ctx, id, u.ID, s.listingDays); err == nil {
				until = until.UTC()
				r.ExpiresAt = &until
			}
		} else {
			err = s.store.MarkSoldOutside(ctx, id, u.ID)
		}
		if err != nil {
			status, body := s.errorFor(notFoundAs(err, "Product"), c)
			r.Status, r.Code, r.Message = status, body.Code, body.Message
		} else {
			r.OK = true
			out.Done++
		}
		out.Results = append(out.Results, r)
	}
	s.log.Info("bulk action", "action", req.Action, "seller_id", u.ID, "asked", len(ids), "done", out.Done)
	return c.JSON(http.StatusOK, out)
}
