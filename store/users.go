package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// The roles a user can have.
const (
	RoleBuyer  = "Buyer"
	RoleSeller = "Seller"
	RoleAdmin  = "Admin"
)

// User is an account. PasswordHash is empty for accounts that only sign in
// with Google.
type User struct {
	ID           int64
	Name         string
	Email        string
	PhotoURL     string
	PasswordHash string
	Role         string
	Verified     bool
	TokenVersion int32
	// EmailVerified: the owner proved the email (its link, or Google).
	EmailVerified bool
	Language      string
	Phone         string
	// PhoneVerified: the owner proved Phone with an SMS code (#35); it
	// is then in E.164.
	PhoneVerified bool
	// SuspendedUntil: an admin suspended the account until then, saying
	// why (SuspensionReason); zero when never suspended.
	SuspendedUntil   time.Time
	SuspensionReason string
}

// Suspended tells whether the account is suspended at now.
func (u User) Suspended(now time.Time) bool {
	return now.Before(u.SuspendedUntil)
}

func userFrom(u dbsqlc.User) User {
	out := User{
		ID:           u.ID,
		Name:         u.UserName,
		Email:        u.Email,
		PhotoURL:     u.PhotoUrl,
		Role:         u.Role,
		Verified:     u.Verified,
		TokenVersion: u.TokenVersion,

		EmailVerified: u.EmailVerifiedAt != nil,
		Language:      u.Language,
		Phone:         u.Phone,
		PhoneVerified: u.PhoneVerified,
	}
	if u.PasswordHash != nil {
		out.PasswordHash = *u.PasswordHash
	}
	if u.SuspendedUntil != nil {
		out.SuspendedUntil, out.SuspensionReason = *u.SuspendedUntil, u.SuspensionReason
	}
	return out
}

// NewUser is what an account is created from.
type NewUser struct {
	Name         string
	Email        string
	PhotoURL     string
	PasswordHash string // empty: no password sign-in
	Role         string
	OIDCSubject  string // empty: not linked to an OpenID Connect identity
}

// NormalizeEmail is the form emails are compared and stored in.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// CreateUser adds an account; a taken email is a ConstraintError matching
// ErrConflict on "users_email_key".
func (s *Store) CreateUser(ctx context.Context, n NewUser) (User, error) {
	u, err := s.q.CreateUser(ctx, dbsqlc.CreateUserParams{
		UserName:     n.Name,
		Email:        NormalizeEmail(n.Email),
		PhotoUrl:     n.PhotoURL,
		PasswordHash: optional(n.PasswordHash),
		Role:         n.Role,
		OidcSubject:  optional(n.OIDCSubject),
	})
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// GetUser returns a live (not deleted) account.
func (s *Store) GetUser(ctx context.Context, id int64) (User, error) {
	u, err := s.q.GetUser(ctx, id)
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// GetUserByEmail returns the live account with that email, in any case.
func (s *Store) GetUserByEmail(ctx context.Context, email string) (User, error) {
	u, err := s.q.GetUserByEmail(ctx, NormalizeEmail(email))
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// Logout makes every access token issued so far for the user stop
// working: the user is logged out on every device.
func (s *Store) Logout(ctx context.Context, userID int64) error {
	n, err := s.q.Logout(ctx, userID)
	if err != nil {
		return translate(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPasswordHash replaces a user's stored hash (a rehash with current
// parameters after a successful log-in).
func (s *Store) SetPasswordHash(ctx context.Context, userID int64, hash string) error {
	_, err := s.q.SetPasswordHash(ctx, dbsqlc.SetPasswordHashParams{ID: userID, PasswordHash: &hash})
	return translate(err)
}

// GrantAdmin makes the live account with that email an admin. It is only
// reachable from the binary's command line, never over HTTP.
func (s *Store) GrantAdmin(ctx context.Context, email string) (User, error) {
	u, err := s.q.GrantAdmin(ctx, NormalizeEmail(email))
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// BecomeSeller makes a buyer a seller: the one change of role open to
// users themselves. An account that is not (or no longer) a buyer is
// ErrConflict.
func (s *Store) BecomeSeller(ctx context.Context, id int64) (User, error) {
	u, err := s.q.BecomeSeller(ctx, id)
	if errors.Is(translate(err), ErrNotFound) {
		return User{}, ErrConflict
	}
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// ExternalIdentity is a person vouched for by an OpenID Connect provider.
type ExternalIdentity struct {
	Subject       string // "issuer subject", unique per person
	Email         string
	EmailVerified bool
	Name          string
	PhotoURL      string
}

// UserForExternalIdentity finds the account of an external identity, or
// links it to the account with the same email when the provider has
// verified that email, or else creates a Buyer account for it (its email
// proven). Linking to an account whose email was never proven first
// clears that account's password, ends its sessions and puts back what
// was chosen before (ResetTakenOverAccount): whoever registered the
// address with a password may not have been its owner.
func (s *Store) UserForExternalIdentity(ctx context.Context, id ExternalIdentity) (User, bool, error) {
	var out User
	created := false
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		u, err := q.GetUserByOIDCSubject(ctx, &id.Subject)
		if err == nil {
			out = userFrom(u)
			return nil
		}
		if err = translate(err); !errors.Is(err, ErrNotFound) {
			return err
		}
		existing, err := q.GetUserByEmail(ctx, NormalizeEmail(id.Email))
		switch err = translate(err); {
		case err == nil && !id.EmailVerified:
			// someone else may own this address: never sign in as them
			return &ConstraintError{Kind: ErrConflict, Constraint: "users_email_key"}
		case err == nil:
			// Google proved the address. An account that had not proved it
			// may have been registered by someone else: its password and
			// sessions end, and what was chosen before goes back to the
			// defaults, before the owner is signed in.
			if existing.EmailVerifiedAt == nil {
				r, err := q.MarkEmailVerified(ctx, dbsqlc.MarkEmailVerifiedParams{ID: existing.ID, Email: existing.Email, ClearPassword: true})
				if err != nil {
					return err
				}
				if r.TookOver {
					if _, err := q.ResetTakenOverAccount(ctx, existing.ID); err != nil {
						return err
					}
				}
			}
			linked, err := q.LinkOIDCSubject(ctx, dbsqlc.LinkOIDCSubjectParams{ID: existing.ID, OidcSubject: &id.Subject})
			if err != nil {
				// already linked to another Google identity
				if errors.Is(translate(err), ErrNotFound) {
					return &ConstraintError{Kind: ErrConflict, Constraint: "users_oidc_subject_key"}
				}
				return err
			}
			out = userFrom(linked)
			return nil
		case !errors.Is(err, ErrNotFound):
			return err
		}
		u, err = q.CreateUser(ctx, dbsqlc.CreateUserParams{
			UserName:    id.Name,
			Email:       NormalizeEmail(id.Email),
			PhotoUrl:    id.PhotoURL,
			Role:        RoleBuyer,
			OidcSubject: &id.Subject,
		})
		if err != nil {
			return err
		}
		// Google vouched for the address
		if _, err := q.MarkEmailVerified(ctx, dbsqlc.MarkEmailVerifiedParams{ID: u.ID, Email: u.Email, ClearPassword: false}); err != nil {
			return err
		}
		if u, err = q.GetUser(ctx, u.ID); err != nil {
			return err
		}
		out, created = userFrom(u), true
		return nil
	})
	return out, created, err
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// SetPhotoURL changes a user's photo.
func (s *Store) SetPhotoURL(ctx context.Context, userID int64, url string) error {
	_, err := s.q.SetPhotoURL(ctx, dbsqlc.SetPhotoURLParams{ID: userID, PhotoUrl: url})
	return translate(err)
}

// ErrNotSeller: only sellers can be verified.
var ErrNotSeller = errors.New("not a seller")

// VerifySeller marks a seller verified; it returns whether anything
// changed (false when already verified), ErrNotFound when there is no
// live account with that email and ErrNotSeller for a buyer or admin. A
// change by an admin (adminID; NoAdmin for the demo seed) is recorded in
// the audit log.
func (s *Store) VerifySeller(ctx context.Context, email string, adminID int64) (bool, error) {
	var n int64
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		var err error
		if n, err = q.VerifySeller(ctx, NormalizeEmail(email)); err != nil || n == 0 {
			return err
		}
		u, err := q.LockSellerByEmail(ctx, NormalizeEmail(email))
		if err != nil {
			return err
		}
		if err := audit(ctx, q, adminID, AuditSellerVerified, TargetUser, u.ID, userLabel(u.UserName, u.Email), nil); err != nil {
			return err
		}
		return note(sellerVerified(u.ID))
	})
	if err != nil {
		return false, err
	}
	if n == 1 {
		return true, nil
	}
	u, err := s.GetUserByEmail(ctx, email)
	if err != nil {
		return false, err
	}
	if u.Role != RoleSeller {
		return false, ErrNotSeller
	}
	return false, nil
}

// ListUsers returns a page of live accounts, all of them or those of one
// role, oldest first, and where the next page starts (0: none).
func (s *Store) ListUsers(ctx context.Context, role string, page Page) ([]User, int64, error) {
	rows, err := s.custom.ListUsers(ctx, dbsqlc.ListUsersParams{Role: optional(role), AfterID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(u dbsqlc.User) int64 { return u.ID })
	out := make([]User, 0, len(rows))
	for _, r := range rows {
		out = append(out, userFrom(r))
	}
	return out, next, nil
}

// ErrAdminAccount: admins are not deleted over the API.
var ErrAdminAccount = errors.New("admin accounts cannot be deleted")

// DeleteUser removes an account for good, in one transaction: its tokens
// stop working, its products leave the catalogue, and its unpaid bookings
// (made by it, or of its products) are cancelled, the other side of each
// told (the seller as by a buyer's cancel, the buyer that the laptop left
// the shop). A paid booking of a deleted seller's laptop, not yet handed
// over, ends as an admin's removal ends it (#31): declined (removed), its
// payment marked refund_required and answered for the caller to refund
// once this commits, its buyer told. Payment records stay, for the
// money's sake. Admins cannot be deleted (ErrAdminAccount). The admin who
// deletes it (adminID) is recorded in the audit log with the account's
// name and email as they were, and the admin's reason (#32); the person
// is told by email (account_deleted, written before the account goes, and
// mailed although it is gone).
func (s *Store) DeleteUser(ctx context.Context, id, adminID int64, reason string) ([]Payment, error) {
	var refund []Payment
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		u, err := lockNonAdmin(ctx, q, id)
		if err != nil {
			return err
		}
		open := statusesAllowing(EventCancel)
		if _, err := q.LockProductsOfUser(ctx, dbsqlc.LockProductsOfUserParams{UserID: id, Statuses: open}); err != nil {
			return err
		}
		closed, err := q.CancelOpenBookingsOfUser(ctx, dbsqlc.CancelOpenBookingsOfUserParams{UserID: id, Statuses: open})
		if err != nil {
			return err
		}
		for _, b := range closed {
			bn, err := s.bookingNotices(ctx, q, b.ID)
			if err != nil {
				return err
			}
			n := bn.withdrawn()
			if b.BuyerID == id {
				n = bn.cancelled()
			}
			if err := note(n); err != nil {
				return err
			}
		}
		paid, err := q.LockPaidBookingsOfSeller(ctx, id)
		if err != nil {
			return err
		}
		for _, b := range paid {
			if refund, _, err = s.endPaidBooking(ctx, q, note, b, "", refund); err != nil {
				return err
			}
		}
		if err := q.DeleteProductsOfSeller(ctx, id); err != nil {
			return err
		}
		var detail map[string]any
		if adminID != NoAdmin {
			d := notify.Data{}
			if reason != "" {
				d["reason"] = reason
				detail = map[string]any{"reason": reason}
			}
			if err := note(Notice{UserID: id, Kind: "account_deleted", Data: d}); err != nil {
				return err
			}
		}
		if err := q.SoftDeleteUser(ctx, id); err != nil {
			return err
		}
		return audit(ctx, q, adminID, AuditUserDeleted, TargetUser, id, userLabel(u.UserName, u.Email), detail)
	})
	if err != nil {
		return nil, err
	}
	return refund, nil
}
