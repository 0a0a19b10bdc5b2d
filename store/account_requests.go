package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"resale/store/internal/dbsqlc"
)

// Account requests that must not tell whether an address has an account
// (issue #31): forgot-password does its looking up in a job, and a
// sign-up with a taken address mails the owner.
const (
	// ResetLinksPerEmail is how many reset links an account is mailed
	// before the throttle's quiet spells (1 minute, doubling to 15),
	// unless asked from an address it signed in from lately.
	ResetLinksPerEmail = 3
	// SignupAttemptMailEvery: an account is told of sign-ups tried with
	// its address at most this often.
	SignupAttemptMailEvery = 6 * time.Hour
)

// LoginPairKey is the throttle key of a log-in's account and client
// address pair (ReserveAttempt's pair); its last success marks an
// address the account's owner uses.
func LoginPairKey(email, address string) string {
	return "pair:" + NormalizeEmail(email) + " " + address
}

// ForgotPasswordArgs is the River job of a forgot-password request. The
// request only queues it, the same job for every well-formed address, so
// it does the same work whether an account uses the address or not; the
// job looks the account up and makes its link (StartPasswordReset).
type ForgotPasswordArgs struct {
	Email string `json:"email"`
	// Address is the client address that asked: an address the account
	// signed in from is exempt from the per-account budget.
	Address string `json:"address"`
}

// Kind names the job in River's table.
func (ForgotPasswordArgs) Kind() string { return "forgot_password" }

// InsertOpts puts the job on the mail queue; a reset link is worth
// little an hour later, so it is not retried for long.
func (ForgotPasswordArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 5}
}

// QueueForgotPassword queues the job of a forgot-password request.
func (s *Store) QueueForgotPassword(ctx context.Context, email, address string) error {
	_, err := s.jobs.Insert(ctx, ForgotPasswordArgs{Email: NormalizeEmail(email), Address: address}, nil)
	return translate(err)
}

// StartPasswordReset is the work of a forgot-password request: when an
// account uses email, a new reset link (salt and hash from
// auth.AccountTokens.New) and the job that mails it. An account is
// mailed ResetLinksPerEmail links, then one after each quiet spell; past
// that, nothing is made and nothing said (the request was answered
// already), so strangers asking for the owner's address cannot hold the
// owner up: the links mailed already keep working (a new one does not
// end them), and the owner asking from an address they signed in from in
// the last 30 days is not counted. It tells whether a link was made.
func (s *Store) StartPasswordReset(ctx context.Context, email, address string, salt, hash []byte) (bool, error) {
	u, err := s.GetUserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	since := time.Now().Add(-knownFor)
	known, err := s.q.SignedInSince(ctx, dbsqlc.SignedInSinceParams{Key: LoginPairKey(u.Email, address), Since: &since})
	if err != nil {
		return false, translate(err)
	}
	if !known {
		_, retryAt, err := s.ReserveAttempt(ctx, Throttle{Key: "forgot-email:" + NormalizeEmail(u.Email), Free: ResetLinksPerEmail})
		if err != nil {
			return false, err
		}
		if !retryAt.IsZero() {
			return false, nil
		}
	}
	if _, err := s.CreateAccountToken(ctx, NewAccountToken{UserID: u.ID, Purpose: PurposeResetPassword, Salt: salt, Hash: hash}); err != nil {
		if errors.Is(err, ErrNotFound) { // deleted meanwhile
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// SignupAttemptEmailArgs is the River job that tells an account someone
// tried to sign up with its address.
type SignupAttemptEmailArgs struct {
	UserID int64 `json:"user_id"`
}

// Kind names the job in River's table.
func (SignupAttemptEmailArgs) Kind() string { return "signup_attempt_email" }

// InsertOpts puts the job on the mail queue.
func (SignupAttemptEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 10}
}

// NoteSignupAttempt queues the email that tells the account someone
// tried to sign up with its address, unless it was told in the last
// SignupAttemptMailEvery; it tells whether an email was queued.
func (s *Store) NoteSignupAttempt(ctx context.Context, userID int64, email string) (bool, error) {
	queued := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.q.WithTx(tx).TakeQuietKey(ctx, dbsqlc.TakeQuietKeyParams{Key: "signup-taken-mail:" + NormalizeEmail(email), Seconds: SignupAttemptMailEvery.Seconds()})
		if err != nil || n == 0 {
			return err
		}
		queued = true
		_, err = s.jobs.InsertTx(ctx, tx, SignupAttemptEmailArgs{UserID: userID}, nil)
		return err
	})
	return queued, translate(err)
}

// SignupAttemptEmail is what the email about a tried sign-up is made of.
type SignupAttemptEmail struct {
	To, Name, Language string
}

// GetSignupAttemptEmail reads it for an account; a deleted account is
// ErrNotFound.
func (s *Store) GetSignupAttemptEmail(ctx context.Context, userID int64) (SignupAttemptEmail, error) {
	u, err := s.q.GetUser(ctx, userID)
	if err != nil {
		return SignupAttemptEmail{}, translate(err)
	}
	return SignupAttemptEmail{To: u.Email, Name: u.UserName, Language: u.Language}, nil
}
