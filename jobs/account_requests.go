package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"resale/auth"
	"resale/mail"
	"resale/notify"
	"resale/store"
)

// forgotWorker does a forgot-password request's work, after its answer:
// the account looked up and, within its budget, a reset link made and
// queued for mailing (store.StartPasswordReset). Nothing is logged about
// an address without an account.
type forgotWorker struct {
	river.WorkerDefaults[store.ForgotPasswordArgs]
	store  *store.Store
	tokens auth.AccountTokens
	log    *slog.Logger
}

// Work makes the link, if any.
func (w *forgotWorker) Work(ctx context.Context, job *river.Job[store.ForgotPasswordArgs]) error {
	salt, hash := w.tokens.New()
	made, err := w.store.StartPasswordReset(ctx, job.Args.Email, job.Args.Address, salt, hash)
	if err != nil {
		return err
	}
	if made {
		w.log.Info("password reset asked for", "job_id", job.ID)
	}
	return nil
}

// signupAttemptWorker tells an account that someone tried to sign up
// with its address (store.NoteSignupAttempt queued it at most once in
// store.SignupAttemptMailEvery).
type signupAttemptWorker struct {
	river.WorkerDefaults[store.SignupAttemptEmailArgs]
	opts  Options
	retry *emailWorker
}

// NextRetry waits as the notification emails do.
func (w *signupAttemptWorker) NextRetry(job *river.Job[store.SignupAttemptEmailArgs]) time.Time {
	return time.Now().Add(w.retry.retryWait(job.Attempt))
}

// Work sends the email, unless the account is gone.
func (w *signupAttemptWorker) Work(ctx context.Context, job *river.Job[store.SignupAttemptEmailArgs]) error {
	e, err := w.opts.Store.GetSignupAttemptEmail(ctx, job.Args.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	link := w.opts.PublicURL.String() + "/forgot-password"
	r, err := notify.AccountEmail{Purpose: notify.PurposeSignupAttempt, Lang: e.Language, Name: e.Name, Shop: w.opts.Shop, Link: link}.Render()
	if err != nil {
		return river.JobCancel(fmt.Errorf("rendering: %w", err))
	}
	msg := mail.Message{
		To: e.To, ToName: e.Name, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Link: link,
		MessageID: fmt.Sprintf("signup-attempt-%d.%d@%s", job.ID, job.CreatedAt.UnixMicro(), w.opts.PublicURL.Hostname()),
	}
	if err := w.opts.Mail.Send(ctx, msg); err != nil {
		if !mail.IsTemporary(err) {
			return river.JobCancel(err)
		}
		return err
	}
	w.opts.Logger.Info("signup attempt email sent", "user_id", job.Args.UserID)
	return nil
}
