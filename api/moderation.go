package api

import (
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

type reportProductRequest struct {
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

// maxNoteLen caps the note a report may carry to the admins.
const maxNoteLen = 500

// reportProduct serves PUT /api/products/report/:id: the caller reports
// somebody else's live product, with an optional JSON {reason, note} (no
// body, as the spec's client sends, is the reason "other"). One report per
// person and product: reporting again changes nothing.
func (s *Server) reportProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	req := reportProductRequest{Reason: "other"}
	if r := c.Request(); r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
		if req.Reason == "" {
			req.Reason = "other"
		}
	}
	var f fieldErrors
	if !slices.Contains(store.ReportReasons, req.Reason) {
		f.add("reason", "must be spam, sold, wrong_price, fake, stolen, offensive or other")
	}
	note := f.multilineText("note", req.Note, maxNoteLen, false)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	added, err := s.store.ReportProduct(c.Request().Context(), id, u.ID, req.Reason, note)
	if err != nil {
		return reword(notFoundAs(err, "Product"), store.ErrOwnProduct, "You cannot report your own product")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(added)})
}

// reportedProductJSON is a reported product for the admins: the spec's
// product, plus what its reports say.
type reportedProductJSON struct {
	productJSON
	// ReportCount is how many people reported it.
	ReportCount int `json:"reportCount"`
	// Reasons counts the reports of each reason given.
	Reasons map[string]int `json:"reasons"`
	// Reports are the reports themselves, oldest first.
	Reports []reportJSON `json:"reports"`
}

type reportJSON struct {
	Reporter  string    `json:"reporter"`
	Reason    string    `json:"reason"`
	Note      string    `json:"note"`
	CreatedAt time.Time `json:"createdAt"`
}

// listReportedProducts serves GET /api/products/report?report=reported:
// live products somebody reported, newest first, each with its reports.
func (s *Server) listReportedProducts(c echo.Context) error {
	report, err := singleQuery(c, "report")
	if err != nil {
		return err
	}
	if report != "reported" {
		return invalidFields(map[string]string{"report": "must be reported"}, "report")
	}
	page, err := listPage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	products, next, err := s.store.ListReportedProducts(ctx, page)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(products))
	for _, p := range products {
		ids = append(ids, p.ID)
	}
	reports, err := s.store.ListReportsOf(ctx, ids)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	out := make([]reportedProductJSON, 0, len(products))
	for _, p := range products {
		j := reportedProductJSON{productJSON: s.toProductJSON(p), Reasons: map[string]int{}, Reports: []reportJSON{}}
		for _, r := range reports[p.ID] {
			j.ReportCount++
			j.Reasons[r.Reason]++
			j.Reports = append(j.Reports, reportJSON{Reporter: r.ReporterName, Reason: r.Reason, Note: r.Note, CreatedAt: r.CreatedAt.UTC()})
		}
		out = append(out, j)
	}
	return c.JSON(http.StatusOK, out)
}

// dismissReports serves POST /api/products/report/:id/dismiss: an admin
// clears a product's reports and the product stays; the audit log records
// it.
func (s *Server) dismissReports(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	n, err := s.store.DismissReports(c.Request().Context(), id, u.ID)
	if err != nil {
		return notFoundAs(err, "Product")
	}
	s.log.Info("reports dismissed", "product_id", id, "reports", n, "by", u.ID)
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: int(n)})
}

// unverifySeller serves DELETE /api/users/:email/verify: the seller's
// products no longer show the verified badge; the audit log records it.
func (s *Server) unverifySeller(c echo.Context) error {
	email, err := emailParam(c)
	if err != nil {
		return err
	}
	me, _ := currentUser(c)
	changed, err := s.store.UnverifySeller(c.Request().Context(), email, me.ID)
	if err != nil {
		return notFoundAs(err, "User")
	}
	if changed {
		s.log.Info("seller unverified", "seller_email", email, "by", me.ID)
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(changed)})
}

// auditJSON is one admin action of the audit log: who, what, whom, when.
type auditJSON struct {
	ID          string         `json:"_id"`
	AdminID     *string        `json:"adminId"`
	AdminName   string         `json:"adminName"`
	Action      string         `json:"action"`
	TargetKind  string         `json:"targetKind"`
	TargetID    string         `json:"targetId"`
	TargetLabel string         `json:"targetLabel"`
	Detail      map[string]any `json:"detail"`
	CreatedAt   time.Time      `json:"createdAt"`
}

// listAudit serves GET /api/admin/audit: the admins' actions, newest
// first, a page at a time (limit, cursor, Link).
func (s *Server) listAudit(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	entries, next, err := s.store.ListAudit(c.Request().Context(), page)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	out := make([]auditJSON, 0, len(entries))
	for _, e := range entries {
		j := auditJSON{ID: formatID(e.ID), AdminName: e.AdminName, Action: e.Action, TargetKind: e.TargetKind,
			TargetID: formatID(e.TargetID), TargetLabel: e.TargetLabel, Detail: e.Detail, CreatedAt: e.CreatedAt.UTC()}
		if e.AdminID != 0 {
			id := formatID(e.AdminID)
			j.AdminID = &id
		}
		out = append(out, j)
	}
	return c.JSON(http.StatusOK, out)
}
