package jobs

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/riverqueue/river"

	"resale/auth"
	"resale/mail"
	"resale/notify"
	"resale/store"
)

// accountEmailWorker sends the email of an account link: a password reset
// or an email verification. It keeps the notification worker's promises
// (one worker at a time, skipped once marked sent, a stable Message-ID)
// and one more: the token is made again from the row's salt here and goes
// only into the email, never into a log line of ours (the log sender's
// one line with its link, when SMTP_URL is unset, is the dev behaviour).
type accountEmailWorker struct {
	river.WorkerDefaults[store.SendAccountEmailArgs]
	opts   Options
	tokens auth.AccountTokens
	retry  *emailWorker // the backoff of the notification emails
}

// NextRetry waits as the notification emails do.
func (w *accountEmailWorker) NextRetry(job *river.Job[store.SendAccountEmailArgs]) time.Time {
	return time.Now().Add(w.retry.retryWait(job.Attempt))
}

// Work sends the link unless it went already, was spent or has expired
// (a dead link is worth nothing), or its user is gone.
func (w *accountEmailWorker) Work(ctx context.Context, job *river.Job[store.SendAccountEmailArgs]) error {
	id := job.Args.TokenID
	log := w.opts.Logger.With("account_token_id", id, "attempt", job.Attempt)
	e, err := w.opts.Store.GetAccountEmail(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case e.Sent || e.GaveUp || e.UserDeleted:
		return nil
	case e.Used || time.Now().After(e.ExpiresAt):
		log.Info("account email not sent: its link is spent or expired", "purpose", e.Purpose)
		return nil
	}
	msg, err := w.message(e)
	if err != nil {
		return w.failed(ctx, job, e, err, true)
	}
	if err := w.opts.Mail.Send(ctx, msg); err != nil {
		return w.failed(ctx, job, e, err, !mail.IsTemporary(err))
	}
	if _, err := w.opts.Store.MarkAccountEmailSent(ctx, id); err != nil {
		return err
	}
	log.Info("account email sent", "purpose", e.Purpose)
	return nil
}

func (w *accountEmailWorker) failed(ctx context.Context, job *river.Job[store.SendAccountEmailArgs], e store.AccountEmail, sendErr error, permanent bool) error {
	nextTry := time.Now().Add(w.retry.retryWait(job.Attempt))
	gaveUp := permanent || nextTry.After(e.ExpiresAt) || job.Attempt >= job.MaxAttempts
	if err := w.opts.Store.RecordAccountEmailError(context.WithoutCancel(ctx), e.ID, sendErr.Error(), gaveUp); err != nil {
		w.opts.Logger.Error("recording a mail failure", "account_token_id", e.ID, "err", err)
	}
	if gaveUp {
		w.opts.Logger.Error("account email failed for good", "account_token_id", e.ID, "purpose", e.Purpose, "attempt", job.Attempt, "err", sendErr)
		return river.JobCancel(sendErr)
	}
	w.opts.Logger.Warn("account email failed; will retry", "account_token_id", e.ID, "attempt", job.Attempt, "err", sendErr)
	return sendErr
}

// accountPages are the app's pages the links open.
var accountPages = map[string]string{
	store.PurposeResetPassword: "/reset-password",
	store.PurposeVerifyEmail:   "/verify-email",
}

func (w *accountEmailWorker) message(e store.AccountEmail) (mail.Message, error) {
	page, ok := accountPages[e.Purpose]
	if !ok {
		return mail.Message{}, fmt.Errorf("no page for %q", e.Purpose)
	}
	link := w.opts.PublicURL.String() + page + "?token=" + url.QueryEscape(w.tokens.Token(e.Salt))
	r, err := notify.AccountEmail{Purpose: e.Purpose, Lang: e.Language, Name: e.Name, Shop: w.opts.Shop, Link: link}.Render()
	if err != nil {
		return mail.Message{}, fmt.Errorf("rendering: %w", err)
	}
	return mail.Message{
		To: e.To, ToName: e.Name, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Link: link,
		MessageID: fmt.Sprintf("account-%d.%d@%s", e.ID, e.CreatedAt.UnixMicro(), w.opts.PublicURL.Hostname()),
	}, nil
}
