package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"resale/store/internal/dbsqlc"
)

// The purposes of account tokens.
const (
	PurposeResetPassword = "reset_password"
	PurposeVerifyEmail   = "verify_email"
)

// How long the links of account emails work.
const (
	ResetTokenLife  = time.Hour
	VerifyTokenLife = 48 * time.Hour
)

// ErrTokenUnusable is an account token that is unknown, used or expired.
var ErrTokenUnusable = errors.New("the link is invalid, used or expired")

// SendAccountEmailArgs is the River job that emails one account link
// (a password reset or an email verification). Like SendEmailArgs it is
// inserted in the transaction that writes the token's row, and carries
// only the row's id: the worker makes the token from the row's salt.
type SendAccountEmailArgs struct {
	TokenID int64 `json:"token_id"`
}

// Kind names the job in River's table.
func (SendAccountEmailArgs) Kind() string { return "send_account_email" }

// InsertOpts puts the job on the mail queue.
func (SendAccountEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 25}
}

// NewAccountToken is a token row to write: the salt the link's token is
// made from and the token's hash (auth.AccountTokens.New).
type NewAccountToken struct {
	UserID  int64
	Purpose string
	Salt    []byte
	Hash    []byte
}

// CreateAccountToken writes a token and the job that emails its link, in
// one transaction. A deleted user is ErrNotFound.
func (s *Store) CreateAccountToken(ctx context.Context, n NewAccountToken) (int64, error) {
	life := ResetTokenLife
	if n.Purpose == PurposeVerifyEmail {
		life = VerifyTokenLife
	}
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		u, err := q.GetUser(ctx, n.UserID)
		if err != nil {
			return err
		}
		id, err = q.CreateAccountToken(ctx, dbsqlc.CreateAccountTokenParams{
			UserID: n.UserID, Purpose: n.Purpose, Email: u.Email, Salt: n.Salt, TokenHash: n.Hash,
			ExpiresAt: time.Now().Add(life),
		})
		if err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, SendAccountEmailArgs{TokenID: id}, nil)
		return err
	})
	return id, translate(err)
}

// ResetPassword spends a reset token: the account gets the new password
// hash, every token issued for it stops working, its other reset links
// die, and its email counts as proven (the link reached the mailbox). An
// unknown, used or expired token is ErrTokenUnusable.
func (s *Store) ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string) (User, error) {
	var out User
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		t, err := q.UseAccountToken(ctx, dbsqlc.UseAccountTokenParams{TokenHash: tokenHash, Purpose: PurposeResetPassword})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenUnusable
		}
		if err != nil {
			return err
		}
		if err := q.RetireAccountTokens(ctx, dbsqlc.RetireAccountTokensParams{UserID: t.UserID, Purpose: PurposeResetPassword}); err != nil {
			return err
		}
		// proven before the password is set: a new password chosen by the
		// mailbox's owner is never the impostor's
		if _, err := q.MarkEmailVerified(ctx, dbsqlc.MarkEmailVerifiedParams{ID: t.UserID, Email: t.Email, ClearPassword: false}); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrTokenUnusable // the account is gone
			}
			return err
		}
		u, err := q.SetPasswordAndRevoke(ctx, dbsqlc.SetPasswordAndRevokeParams{ID: t.UserID, PasswordHash: &passwordHash})
		if err != nil {
			return err
		}
		out = userFrom(u)
		return nil
	})
	return out, err
}

// VerifyEmail spends a verification token and marks the account's email
// proven. sameSession says the request came with a session of that very
// account, so whoever chose its password also holds the mailbox; without
// it, a password chosen before the email was proven may be an impostor's:
// it is cleared and every session of the account ends (TookOver). An
// unknown, used or expired token is ErrTokenUnusable.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash []byte, sessionUserID int64) (u User, tookOver bool, err error) {
	err = s.tx(ctx, func(q *dbsqlc.Queries) error {
		t, err := q.UseAccountToken(ctx, dbsqlc.UseAccountTokenParams{TokenHash: tokenHash, Purpose: PurposeVerifyEmail})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenUnusable
		}
		if err != nil {
			return err
		}
		if err := q.RetireAccountTokens(ctx, dbsqlc.RetireAccountTokensParams{UserID: t.UserID, Purpose: PurposeVerifyEmail}); err != nil {
			return err
		}
		r, err := q.MarkEmailVerified(ctx, dbsqlc.MarkEmailVerifiedParams{ID: t.UserID, Email: t.Email, ClearPassword: sessionUserID != t.UserID})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenUnusable // the account is gone
		}
		if err != nil {
			return err
		}
		tookOver = r.TookOver
		row, err := q.GetUser(ctx, t.UserID)
		if err != nil {
			return err
		}
		u = userFrom(row)
		return nil
	})
	return u, tookOver, err
}

// ChangePassword sets a new password hash and ends every session; the
// caller issues the new one.
func (s *Store) ChangePassword(ctx context.Context, userID int64, passwordHash string) (User, error) {
	u, err := s.q.SetPasswordAndRevoke(ctx, dbsqlc.SetPasswordAndRevokeParams{ID: userID, PasswordHash: &passwordHash})
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// ProfileChange is a change of a user's own profile; nil leaves a field.
type ProfileChange struct {
	Name, Language, Phone *string
}

// UpdateProfile changes the user's name, language or phone.
func (s *Store) UpdateProfile(ctx context.Context, userID int64, c ProfileChange) (User, error) {
	u, err := s.q.UpdateProfile(ctx, dbsqlc.UpdateProfileParams{ID: userID, UserName: c.Name, Language: c.Language, Phone: c.Phone})
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(u), nil
}

// AccountEmail is what the email of an account link is made from, read at
// send time.
type AccountEmail struct {
	ID        int64
	UserID    int64
	Purpose   string
	To        string
	Salt      []byte
	CreatedAt time.Time
	ExpiresAt time.Time
	// Sent: the email went out; GaveUp: it failed for good; Used: the
	// link was spent (or replaced) already.
	Sent, GaveUp, Used bool
	Name, Language     string
	UserDeleted        bool
}

// GetAccountEmail reads what the email of account token id needs.
func (s *Store) GetAccountEmail(ctx context.Context, id int64) (AccountEmail, error) {
	r, err := s.q.GetAccountTokenEmail(ctx, id)
	if err != nil {
		return AccountEmail{}, translate(err)
	}
	return AccountEmail{
		ID: r.ID, UserID: r.UserID, Purpose: r.Purpose, To: r.Email, Salt: r.Salt, CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt,
		Sent: r.EmailedAt != nil, GaveUp: r.EmailFailedAt != nil, Used: r.UsedAt != nil,
		Name: r.UserName, Language: r.Language, UserDeleted: r.UserDeleted,
	}, nil
}

// MarkAccountEmailSent records that the email went out; false when it had
// been recorded already.
func (s *Store) MarkAccountEmailSent(ctx context.Context, id int64) (bool, error) {
	n, err := s.q.MarkAccountTokenEmailed(ctx, id)
	return n == 1, translate(err)
}

// RecordAccountEmailError keeps a failed attempt's error for the admins;
// gaveUp marks the last attempt.
func (s *Store) RecordAccountEmailError(ctx context.Context, id int64, problem string, gaveUp bool) error {
	problem = strings.ToValidUTF8(problem, "?")
	if r := []rune(problem); len(r) > maxEmailError {
		problem = string(r[:maxEmailError])
	}
	return translate(s.q.RecordAccountTokenEmailError(ctx, dbsqlc.RecordAccountTokenEmailErrorParams{ID: id, EmailError: &problem, GaveUp: gaveUp}))
}
