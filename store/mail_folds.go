package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// Folded email (#31): of the kinds in mailFolds, a person gets at most one
// email per kind and subject (the thread, the product) in a window, and
// the events of the window are folded into it; the app still shows every
// notification.
//
// The first event of a key makes its notification the lead and schedules
// the lead's email: at once (after MailWhenAwayAfter for a message), or
// at the end of the key's window when an email went out less than a
// window ago. Every event of the key while the lead waits is folded into
// it. When the email's job starts it claims the key (ClaimMailFold): the
// lead stops collecting, and the key's next email may go a window later.
// Events take turns on the key's row (mail_folds, locked in the event's
// transaction), so two events at once make one email, and each event is
// in exactly one.

// mailFold is how a kind's email folds.
type mailFold struct {
	// Window is the least time between two emails of one key.
	Window time.Duration
	// Delay is how long the first email of a key waits (and collects).
	Delay time.Duration
}

// FoldWindowShort is the window of messages, offers and bookings;
// FoldWindowDay that of price drops.
const (
	FoldWindowShort = 15 * time.Minute
	FoldWindowDay   = 24 * time.Hour
)

var mailFolds = map[string]mailFold{
	"message_received": {Window: FoldWindowShort, Delay: MailWhenAwayAfter},
	"offer_received":   {Window: FoldWindowShort},
	"booking_received": {Window: FoldWindowShort},
	"price_drop":       {Window: FoldWindowDay},
}

// FoldWindow is the window of a folded kind (false: mailed one by one).
func FoldWindow(kind string) (time.Duration, bool) {
	f, ok := mailFolds[kind]
	return f.Window, ok
}

// aboutThread and aboutProduct are the subjects emails fold by.
func aboutThread(id int64) string  { return fmt.Sprintf("thread %d", id) }
func aboutProduct(id int64) string { return fmt.Sprintf("product %d", id) }

// foldMail puts notification id, just written in tx, into its key's
// waiting email, or makes it the lead of the key's next one and schedules
// that.
func (s *Store) foldMail(ctx context.Context, tx pgx.Tx, q *dbsqlc.Queries, id int64, n Notice, f mailFold) error {
	key, err := q.LockMailFold(ctx, dbsqlc.LockMailFoldParams{UserID: n.UserID, Kind: n.Kind, Subject: n.About})
	if err != nil {
		return err
	}
	if key.LeadID != nil {
		return q.FoldNotification(ctx, dbsqlc.FoldNotificationParams{ID: id, LeadID: *key.LeadID})
	}
	if err := q.FoldNotification(ctx, dbsqlc.FoldNotificationParams{ID: id, LeadID: id}); err != nil {
		return err
	}
	if err := q.SetMailFoldLead(ctx, dbsqlc.SetMailFoldLeadParams{UserID: n.UserID, Kind: n.Kind, Subject: n.About, LeadID: id}); err != nil {
		return err
	}
	at := time.Now().Add(f.Delay)
	if key.NextAt.After(at) {
		at = key.NextAt
	}
	opts := &river.InsertOpts{ScheduledAt: at}
	if _, err := s.jobs.InsertTx(ctx, tx, SendEmailArgs{NotificationID: id}, opts); err != nil {
		return fmt.Errorf("store: enqueueing the email of notification %d: %w", id, translate(err))
	}
	return nil
}

// Folded is one notification an email carries.
type Folded struct {
	ID   int64
	Data notify.Data
	// Read: the user read it in the app already.
	Read bool
}

// ClaimMailFold starts the email of a lead (a notification with
// FoldedInto equal to its ID): the key's later events no longer fold
// into it, and the key's next email waits a window from now. It returns
// the notifications the email carries, oldest first, the lead among
// them; a retry gets the same ones.
func (s *Store) ClaimMailFold(ctx context.Context, lead NotificationEmail) ([]Folded, error) {
	f, ok := mailFolds[lead.Kind]
	if !ok {
		return nil, fmt.Errorf("%w: %s is not folded", ErrInvalid, lead.Kind)
	}
	err := s.q.ClaimMailFold(ctx, dbsqlc.ClaimMailFoldParams{UserID: lead.UserID, Kind: lead.Kind, LeadID: lead.ID, WindowSeconds: f.Window.Seconds()})
	if err != nil {
		return nil, translate(err)
	}
	rows, err := s.q.ListFoldedNotifications(ctx, lead.ID)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]Folded, 0, len(rows))
	for _, r := range rows {
		var d notify.Data
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return nil, fmt.Errorf("store: notification %d data: %w", r.ID, err)
		}
		out = append(out, Folded{ID: r.ID, Data: d, Read: r.Read})
	}
	return out, nil
}

// MarkFoldedEmailed records that the lead's email went out, with every
// notification it carried; false when it had been recorded already.
func (s *Store) MarkFoldedEmailed(ctx context.Context, leadID int64) (bool, error) {
	var first bool
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		n, err := q.MarkNotificationEmailed(ctx, leadID)
		if err != nil {
			return err
		}
		first = n == 1
		return q.MarkFoldedEmailed(ctx, leadID)
	})
	return first, translate(err)
}

// PruneMailFolds forgets the keys with no email waiting whose window is
// over (such a key holds nothing back), and says how many.
func (s *Store) PruneMailFolds(ctx context.Context) (int64, error) {
	n, err := s.q.DeleteIdleMailFolds(ctx, time.Now())
	return n, translate(err)
}
