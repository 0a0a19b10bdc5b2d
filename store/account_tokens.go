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

// The states of a link, as the page it opens tells them before anyone
// acts (AccountTokenState).
const (
	LinkValid   = "valid"   // it works: nothing is spent yet
	LinkUsed    = "used"    // it worked once, or a reset with another link of the account ended it
	LinkExpired = "expired" // its time ran out unused
	LinkUnknown = "unknown" // no such link of the purpose, or its account is gone or changed its email
)

// LinkState is what became of a link.
type LinkState struct {
	State string
	// EmailVerified is whether the link's account has proven its email
	// (false for an unknown link): a used verification link's page says
	// the address is verified.
	EmailVerified bool
}

// AccountTokenState reads what became of the token whose hash is
// tokenHash, of the purpose, spending nothing: one indexed look-up by
// the hash, so the time taken tells nothing of the token.
func (s *Store) AccountTokenState(ctx context.Context, tokenHash []byte, purpose string) (LinkState, error) {
	r, err := s.q.GetAccountTokenState(ctx, dbsqlc.GetAccountTokenStateParams{TokenHash: tokenHash, Purpose: purpose})
	if errors.Is(err, pgx.ErrNoRows) {
		return LinkState{State: LinkUnknown}, nil
	}
	if err != nil {
		return LinkState{}, translate(err)
	}
	out := LinkState{State: LinkValid, EmailVerified: r.EmailVerified}
	switch {
	case !r.AccountCurrent:
		return LinkState{State: LinkUnknown}, nil
	case r.Used:
		out.State = LinkUsed
	case r.Expired:
		out.State = LinkExpired
	}
	return out, nil
}

// ErrProofNeeded is a verification link opened without what its account
// needs besides the link: the account chose a password before its email
// was proven, so whoever holds the link proves the address but not that
// the password is theirs (anyone can sign up with any address). Nothing
// changed and the link still works.
var ErrProofNeeded = errors.New("the account's own session, its password or a take-over is needed")

// ErrAlreadyVerified is a take-over asked for an account whose email was
// proven already: its password is its owner's.
var ErrAlreadyVerified = errors.New("the email is already verified")

// EmailLink is a usable verification link's account, read without
// spending the link.
type EmailLink struct {
	UserID        int64
	Email         string
	EmailVerified bool
	// PasswordHash is the account's password ("" when it has none): the
	// caller checks a prover's password against it.
	PasswordHash string
}

// NeedsProof says whether the link alone proves too little: the account
// has a password chosen before its email was proven.
func (l EmailLink) NeedsProof() bool { return !l.EmailVerified && l.PasswordHash != "" }

// GetEmailLink reads the account of a usable verification link; an
// unknown, used or expired one (or one of a closed account) is
// ErrTokenUnusable.
func (s *Store) GetEmailLink(ctx context.Context, tokenHash []byte) (EmailLink, error) {
	r, err := s.q.GetEmailProofLink(ctx, dbsqlc.GetEmailProofLinkParams{TokenHash: tokenHash, Purpose: PurposeVerifyEmail})
	if errors.Is(err, pgx.ErrNoRows) {
		return EmailLink{}, ErrTokenUnusable
	}
	if err != nil {
		return EmailLink{}, translate(err)
	}
	out := EmailLink{UserID: r.UserID, Email: r.Email, EmailVerified: r.EmailVerified}
	if r.PasswordHash != nil {
		out.PasswordHash = *r.PasswordHash
	}
	return out, nil
}

// EmailProof is what came with a verification link besides the link.
type EmailProof struct {
	// SessionUserID is the account of the request's session (0: none).
	// The link's own account's session proves the password is the
	// mailbox owner's: they hold both.
	SessionUserID int64
	// PasswordHash is the account's hash that the prover's password
	// matched (the caller checked it, EmailLink.PasswordHash): the proof
	// holds only if it is still the account's password.
	PasswordHash string
	// NewPasswordHash is "I did not create this account": the prover
	// takes the account over with this password.
	NewPasswordHash string
}

// VerifyEmail spends a verification link and marks the account's email
// proven, when the proof is enough: the account's own session, its
// password (PasswordHash), an account whose email was proven already or
// that has no password, or a take-over (NewPasswordHash). Otherwise it is
// ErrProofNeeded and nothing changes. A take-over of an unproven account
// sets the new password, ends every session and live ticket (the token
// version), and puts back what was chosen before the proof
// (ResetTakenOverAccount), in the same transaction; tookOver says so. A
// take-over of a proven account is ErrAlreadyVerified. An unknown, used or
// expired link is ErrTokenUnusable.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash []byte, p EmailProof) (u User, tookOver bool, err error) {
	err = s.tx(ctx, func(q *dbsqlc.Queries) error {
		l, err := q.LockEmailProofLink(ctx, dbsqlc.LockEmailProofLinkParams{TokenHash: tokenHash, Purpose: PurposeVerifyEmail})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenUnusable
		}
		if err != nil {
			return err
		}
		unproven := l.EmailVerifiedAt == nil
		switch {
		case p.NewPasswordHash != "":
			if !unproven {
				return ErrAlreadyVerified
			}
			tookOver = true
		case !unproven || l.PasswordHash == nil || p.SessionUserID == l.UserID:
		case p.PasswordHash != "" && *l.PasswordHash == p.PasswordHash:
		default:
			return ErrProofNeeded
		}
		if err := q.SpendAccountToken(ctx, l.ID); err != nil {
			return err
		}
		if err := q.RetireAccountTokens(ctx, dbsqlc.RetireAccountTokensParams{UserID: l.UserID, Purpose: PurposeVerifyEmail}); err != nil {
			return err
		}
		if _, err := q.MarkEmailVerified(ctx, dbsqlc.MarkEmailVerifiedParams{ID: l.UserID, Email: l.Email, ClearPassword: false}); err != nil {
			return err
		}
		if tookOver {
			if _, err := q.SetPasswordAndRevoke(ctx, dbsqlc.SetPasswordAndRevokeParams{ID: l.UserID, PasswordHash: &p.NewPasswordHash}); err != nil {
				return err
			}
			if _, err := q.ResetTakenOverAccount(ctx, l.UserID); err != nil {
				return err
			}
		}
		row, err := q.GetUser(ctx, l.UserID)
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
