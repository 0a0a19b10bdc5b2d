package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// The reasons a product can be reported for.
var ReportReasons = []string{"spam", "sold", "wrong_price", "fake", "stolen", "offensive", "other"}

// The admin actions the audit log records.
const (
	AuditSellerVerified        = "seller_verified"
	AuditSellerUnverified      = "seller_unverified"
	AuditUserDeleted           = "user_deleted"
	AuditProductDeleted        = "product_deleted"
	AuditReportedProductDelete = "reported_product_deleted"
	AuditReportsDismissed      = "reports_dismissed"
	AuditAdvertisingStopped    = "advertising_stopped"
	AuditCategoryCreated       = "category_created"
	AuditCategoryDeleted       = "category_deleted"
	// AuditPayoutRecorded: money paid out to a seller (#34, the ledger).
	AuditPayoutRecorded = "payout_recorded"
)

// What an audited action acted on.
const (
	TargetUser     = "user"
	TargetProduct  = "product"
	TargetCategory = "category"
)

// NoAdmin stands for "not an admin's action" where a store method takes
// the acting admin: the shop itself (the demo seed, the command line)
// writes nothing to the audit log.
const NoAdmin int64 = 0

// AuditEntry is one admin action as it was recorded: the names are those
// of the time, kept when the accounts are deleted.
type AuditEntry struct {
	ID          int64
	AdminID     int64 // 0 if the account row itself is gone
	AdminName   string
	Action      string
	TargetKind  string
	TargetID    int64
	TargetLabel string
	Detail      map[string]any
	CreatedAt   time.Time
}

// audit writes one row of the audit log in the action's transaction, so
// the row exists exactly when the action committed. adminID NoAdmin
// writes nothing.
func audit(ctx context.Context, q *dbsqlc.Queries, adminID int64, action, kind string, targetID int64, label string, detail map[string]any) error {
	if adminID == NoAdmin {
		return nil
	}
	if detail == nil {
		detail = map[string]any{}
	}
	b, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	n, err := q.AddAudit(ctx, dbsqlc.AddAuditParams{AdminID: adminID, Action: action, TargetKind: kind, TargetID: targetID, TargetLabel: label, Detail: b})
	if err == nil && n != 1 {
		return errors.New("store: the acting admin's account is missing")
	}
	return err
}

// ListAudit returns a page of the audit log, newest first, and where the
// next page starts (0: none).
func (s *Store) ListAudit(ctx context.Context, page Page) ([]AuditEntry, int64, error) {
	rows, err := s.custom.ListAudit(ctx, dbsqlc.ListAuditParams{BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.AdminAudit) int64 { return r.ID })
	out := make([]AuditEntry, 0, len(rows))
	for _, r := range rows {
		e := AuditEntry{ID: r.ID, AdminName: r.AdminName, Action: r.Action, TargetKind: r.TargetKind, TargetID: r.TargetID,
			TargetLabel: r.TargetLabel, CreatedAt: r.CreatedAt, Detail: map[string]any{}}
		if r.AdminID != nil {
			e.AdminID = *r.AdminID
		}
		if err := json.Unmarshal(r.Detail, &e.Detail); err != nil {
			return nil, 0, err
		}
		out = append(out, e)
	}
	return out, next, nil
}

// Report is one person's report of a product.
type Report struct {
	Reason       string
	Note         string
	ReporterName string
	CreatedAt    time.Time
}

// ListReportsOf returns the reports of each of the products, by product id.
func (s *Store) ListReportsOf(ctx context.Context, productIDs []int64) (map[int64][]Report, error) {
	rows, err := s.q.ListReportsOfProducts(ctx, productIDs)
	if err != nil {
		return nil, translate(err)
	}
	out := make(map[int64][]Report, len(productIDs))
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], Report{Reason: r.Reason, Note: r.Note, ReporterName: r.ReporterName, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// DismissReports clears the reports of a live product, which stays in the
// catalogue, and records it in the audit log (with how many were
// cleared). A live product nobody reported is ErrNotReported.
func (s *Store) DismissReports(ctx context.Context, productID, adminID int64) (int64, error) {
	var n int64
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		if _, err := q.LockProduct(ctx, productID); err != nil {
			return err
		}
		name, err := q.GetProductLabel(ctx, productID)
		if err != nil {
			return err
		}
		if n, err = q.DismissReports(ctx, productID); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotReported
		}
		return audit(ctx, q, adminID, AuditReportsDismissed, TargetProduct, productID, name, map[string]any{"reports": n})
	})
	return n, err
}

// UnverifySeller takes a seller's verified badge away; it returns whether
// anything changed (false when not verified), ErrNotFound when there is
// no live account with that email and ErrNotSeller for a buyer or admin.
// A change is recorded in the audit log.
func (s *Store) UnverifySeller(ctx context.Context, email string, adminID int64) (bool, error) {
	changed := false
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		u, err := q.LockSellerByEmail(ctx, NormalizeEmail(email))
		if err != nil {
			return err
		}
		if u.Role != RoleSeller {
			return ErrNotSeller
		}
		n, err := q.UnverifySeller(ctx, u.ID)
		if err != nil || n == 0 {
			return err
		}
		changed = true
		return audit(ctx, q, adminID, AuditSellerUnverified, TargetUser, u.ID, userLabel(u.UserName, u.Email), nil)
	})
	return changed, err
}

// userLabel names an account in the audit log.
func userLabel(name, email string) string {
	return name + " <" + email + ">"
}
