package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// The admin actions of #32 (walkthrough #6), beside those of moderation.go.
const (
	AuditProductHidden = "product_hidden"
	AuditUserWarned    = "user_warned"
	AuditUserSuspended = "user_suspended"
)

// ErrAlreadyHidden: the listing is hidden already, waiting for its
// seller's edit.
var ErrAlreadyHidden = errors.New("the product is hidden already")

// linkNotifications is where a suspended or warned person reads more:
// their notifications (the notice itself says what happened).
const linkNotifications = "/notifications"

// HideProduct hides a live, unsold listing until its seller edits it, in
// one transaction: the listing leaves the catalogue (as an expired one
// does; a booking racing this either commits first or finds it gone), its
// seller is told why (listing_hidden) and the audit log records it.
// Bookings made before stay as they are: the buyer and the seller are in
// touch already. A sold listing is ErrSold; a hidden one ErrAlreadyHidden.
func (s *Store) HideProduct(ctx context.Context, productID int64, reason string, adminID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		p, err := q.LockProduct(ctx, productID)
		if err != nil {
			return err
		}
		if p.SoldAt != nil {
			return ErrSold
		}
		row, err := q.HideProduct(ctx, dbsqlc.HideProductParams{ID: productID, Reason: reason})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrAlreadyHidden
		}
		if err != nil {
			return err
		}
		err = note(Notice{UserID: row.SellerID, Kind: "listing_hidden", Link: linkSellerProducts,
			Data: notify.Data{"product": row.ProductName, "reason": reason}})
		if err != nil {
			return err
		}
		return audit(ctx, q, adminID, AuditProductHidden, TargetProduct, productID, row.ProductName, map[string]any{"reason": reason})
	})
}

// lockNonAdmin locks the account an admin acts on (a warning, a
// suspension, a deletion) for the transaction; an admin's account is
// refused (ErrAdminAccount).
func lockNonAdmin(ctx context.Context, q *dbsqlc.Queries, userID int64) (dbsqlc.User, error) {
	u, err := q.LockUser(ctx, userID)
	if err == nil && u.Role == RoleAdmin {
		err = ErrAdminAccount
	}
	return u, err
}

// WarnUser tells an account an admin's warning (account_warned) and
// records it in the audit log; nothing else changes. Admins are not
// warned (ErrAdminAccount).
func (s *Store) WarnUser(ctx context.Context, userID int64, reason string, adminID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		u, err := lockNonAdmin(ctx, q, userID)
		if err != nil {
			return err
		}
		if err := note(Notice{UserID: userID, Kind: "account_warned", Link: linkNotifications, Data: notify.Data{"reason": reason}}); err != nil {
			return err
		}
		return audit(ctx, q, adminID, AuditUserWarned, TargetUser, userID, userLabel(u.UserName, u.Email), map[string]any{"reason": reason})
	})
}

// SuspendUser suspends an account until until, in one transaction: every
// token of it stops working in the same statement (SuspendUser's), it is
// told until when and why (account_suspended, by email too: it cannot
// log in to read it), and the audit log records it. A later suspension
// replaces an earlier one. Admins are not suspended (ErrAdminAccount).
// untilText is until as the person reads it (the shop's time zone).
func (s *Store) SuspendUser(ctx context.Context, userID int64, until time.Time, untilText, reason string, adminID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		u, err := lockNonAdmin(ctx, q, userID)
		if err != nil {
			return err
		}
		if _, err := q.SuspendUser(ctx, dbsqlc.SuspendUserParams{ID: userID, Until: &until, Reason: reason}); err != nil {
			return err
		}
		err = note(Notice{UserID: userID, Kind: "account_suspended", Link: linkNotifications,
			Data: notify.Data{"until": untilText, "reason": reason}})
		if err != nil {
			return err
		}
		return audit(ctx, q, adminID, AuditUserSuspended, TargetUser, userID, userLabel(u.UserName, u.Email),
			map[string]any{"reason": reason, "until": until.UTC().Format(time.RFC3339)})
	})
}

// CategoryCount is a category with how many products still name it.
type CategoryCount struct {
	Category
	Products int64
}

// ListCategoryCounts returns every category with how many live products
// (sold ones too) name it: a category with any cannot be deleted.
func (s *Store) ListCategoryCounts(ctx context.Context) ([]CategoryCount, error) {
	rows, err := s.q.CountProductsByCategory(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]CategoryCount, 0, len(rows))
	for _, r := range rows {
		out = append(out, CategoryCount{Category: Category{ID: r.ID, Name: r.Name, Image: r.Image}, Products: r.Products})
	}
	return out, nil
}
