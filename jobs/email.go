package jobs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"resale/mail"
	"resale/notify"
	"resale/store"
)

// emailWorker sends the email of one notification.
//
// Once, as far as SMTP allows: River gives the job to one worker at a
// time; a notification already marked emailed is skipped; and the
// Message-ID is made from the notification, so if an instance dies after
// the server accepted the email but before it was marked, the retry is
// the same message (receivers and mailbox tools treat equal Message-IDs
// as one).
type emailWorker struct {
	river.WorkerDefaults[store.SendEmailArgs]
	opts Options
}

// maxRetryWait caps the backoff between attempts.
const maxRetryWait = 2 * time.Hour

// NextRetry doubles the wait after each failed attempt, from RetryBase up
// to two hours, with a tenth of jitter so a mail server coming back is not
// hit by every retry at once.
func (w *emailWorker) NextRetry(job *river.Job[store.SendEmailArgs]) time.Time {
	return time.Now().Add(w.retryWait(job.Attempt))
}

func (w *emailWorker) retryWait(attempt int) time.Duration {
	d := w.opts.RetryBase
	for i := 1; i < attempt && d < maxRetryWait; i++ {
		d *= 2
	}
	d = min(d, maxRetryWait)
	return d + time.Duration(rand.Int64N(int64(d)/10+1))
}

// Work sends the email unless it went already, its user is gone, or the
// user turned this kind of email off.
func (w *emailWorker) Work(ctx context.Context, job *river.Job[store.SendEmailArgs]) error {
	id := job.Args.NotificationID
	log := w.opts.Logger.With("notification_id", id, "attempt", job.Attempt)
	n, err := w.opts.Store.GetNotificationEmail(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil // its user was erased, and the notification with them
	}
	if err != nil {
		return err
	}
	// a folded email is claimed first, whatever becomes of it, so that the
	// key's later events go into the next one rather than wait on this
	var items []store.Folded
	if n.Lead() {
		if items, err = w.opts.Store.ClaimMailFold(ctx, n); err != nil {
			return err
		}
	}
	away := store.MailWhenAway(n.Kind)
	// what an admin did to the account goes whatever the settings, and
	// to an account that is gone (#32)
	account := slices.Contains(notify.AccountKinds, n.Kind)
	if away && n.Lead() {
		items = unread(items)
	}
	switch {
	case n.Sent || n.GaveUp:
		return nil
	case n.UserDeleted && !account:
		log.Debug("email not sent: the account is deleted")
		return nil
	case !n.Wanted && !account:
		log.Debug("email not sent: the user turned this kind off", "kind", n.Kind)
		return nil
	case away && (n.Lead() && len(items) == 0 || !n.Lead() && n.Read):
		log.Debug("email not sent: read in the app first", "kind", n.Kind)
		return nil
	}
	msg, err := w.message(n, items)
	if err != nil {
		return w.failed(ctx, job, n, err, true) // a retry renders the same
	}
	if err := w.opts.Mail.Send(ctx, msg); err != nil {
		return w.failed(ctx, job, n, err, !mail.IsTemporary(err))
	}
	if _, err := w.opts.Store.MarkFoldedEmailed(ctx, id); err != nil {
		// sent, but not marked: the retry sends the same Message-ID
		return err
	}
	log.Info("email sent", "kind", n.Kind, "events", max(len(items), 1))
	return nil
}

// unread keeps the notifications not read in the app yet.
func unread(items []store.Folded) []store.Folded {
	out := items[:0:0]
	for _, it := range items {
		if !it.Read {
			out = append(out, it)
		}
	}
	return out
}

// failed records the error for the admins and either lets River retry or,
// when the error is permanent or the 24 hours are over, gives up.
func (w *emailWorker) failed(ctx context.Context, job *river.Job[store.SendEmailArgs], n store.NotificationEmail, sendErr error, permanent bool) error {
	nextTry := time.Now().Add(w.retryWait(job.Attempt))
	gaveUp := permanent || nextTry.After(n.CreatedAt.Add(w.opts.GiveUpAfter)) || job.Attempt >= job.MaxAttempts
	// recorded even if the job's time is up, so the admins see why
	if err := w.opts.Store.RecordNotificationEmailError(context.WithoutCancel(ctx), n.ID, sendErr.Error(), gaveUp); err != nil {
		w.opts.Logger.Error("recording a mail failure", "notification_id", n.ID, "err", err)
	}
	if gaveUp {
		w.opts.Logger.Error("email failed for good", "notification_id", n.ID, "kind", n.Kind, "attempt", job.Attempt, "err", sendErr)
		return river.JobCancel(sendErr)
	}
	w.opts.Logger.Warn("email failed; will retry", "notification_id", n.ID, "attempt", job.Attempt, "err", sendErr)
	return sendErr
}

// message renders the notification's email in the user's language: of
// the notifications it carries when they are more than one (items, oldest
// first), else of the one it carries or of n itself.
func (w *emailWorker) message(n store.NotificationEmail, items []store.Folded) (mail.Message, error) {
	base := w.opts.PublicURL.String()
	link := base + "/notifications"
	if n.Link != "" {
		link = base + n.Link
	}
	token := url.QueryEscape(w.opts.Unsubscribe.Token(n.UserID, n.Kind))
	data, folded := n.Data, []notify.Data(nil)
	switch {
	case len(items) == 1:
		data = items[0].Data
	case len(items) > 1:
		for _, it := range items {
			folded = append(folded, it.Data)
		}
	}
	r, err := notify.Email{
		Kind: n.Kind, Lang: n.Language, Data: data, Folded: folded, Name: n.Name, Shop: w.opts.Shop, Link: link,
		Unsubscribe: base + "/unsubscribe?token=" + token,
		Settings:    base + "/settings/notifications",
	}.Render()
	if err != nil {
		return mail.Message{}, fmt.Errorf("rendering: %w", err)
	}
	return mail.Message{
		To: n.Email, ToName: n.Name, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Link: link,
		MessageID:   MessageID(n.ID, n.CreatedAt, w.opts.PublicURL),
		Unsubscribe: base + "/api/unsubscribe?token=" + token,
	}, nil
}

// MessageID is the Message-ID of a notification's email: the same for
// every attempt, and unlike any other even across databases (a restored
// or re-created one reuses ids, not their creation times).
func MessageID(id int64, created time.Time, publicURL *url.URL) string {
	return fmt.Sprintf("notification-%d.%d@%s", id, created.UnixMicro(), publicURL.Hostname())
}
