package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// AdminLinkLife is how long the one-time link of an admin made by
// CreateAdmin works: a day, longer than a reset email's hour, as the
// shop's owner may read the command's output or the server's log later.
const AdminLinkLife = 24 * time.Hour

// NewAdmin is an admin account to make from the shop owner's side (the
// command line or ADMIN_EMAIL), never over HTTP.
type NewAdmin struct {
	Name  string
	Email string
	// Salt and Hash make the one-time link (auth.AccountTokens.New): a
	// password reset token, so the owner chooses the first password on
	// the reset page as anyone chooses a forgotten one, and only once.
	Salt, Hash []byte
	// LinkLife is how long the link works; 0 is AdminLinkLife.
	LinkLife time.Duration
}

// CreateAdmin makes an admin account with no photo, no password (password
// sign-in fails until the link sets one) and its email proven, with the
// reset token of its one-time link, in one transaction. No email is sent:
// the caller shows the link. An email a live account has already is a
// ConstraintError matching ErrConflict on "users_email_key" and writes
// nothing, so two callers at once with one email make one account and
// one link.
func (s *Store) CreateAdmin(ctx context.Context, n NewAdmin) (User, error) {
	life := n.LinkLife
	if life == 0 {
		life = AdminLinkLife
	}
	var out User
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		u, err := q.CreateAdmin(ctx, dbsqlc.CreateAdminParams{UserName: n.Name, Email: NormalizeEmail(n.Email)})
		if errors.Is(err, pgx.ErrNoRows) {
			return &ConstraintError{Kind: ErrConflict, Constraint: "users_email_key"}
		}
		if err != nil {
			return err
		}
		_, err = q.CreateAccountToken(ctx, dbsqlc.CreateAccountTokenParams{
			UserID: u.ID, Purpose: PurposeResetPassword, Email: u.Email, Salt: n.Salt, TokenHash: n.Hash,
			ExpiresAt: time.Now().Add(life),
		})
		out = userFrom(u)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return out, nil
}
