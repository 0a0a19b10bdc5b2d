package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// SendPushArgs is the River job that pushes one notification to one of
// its user's browsers (#37). NotifyTx inserts one per browser with the
// notification; River keeps it unique by its arguments, so a notification
// goes to a browser by one job only, and push_sends keeps a job run again
// from pushing it twice.
type SendPushArgs struct {
	NotificationID int64 `json:"notification_id"`
	SubscriptionID int64 `json:"subscription_id"`
}

// Kind names the job in River's table.
func (SendPushArgs) Kind() string { return "send_push" }

// InsertOpts puts the job on the mail queue, once per pair.
func (SendPushArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// MaxPushSubscriptions is how many browsers a user may have pushed to; a
// newer one replaces the oldest.
const MaxPushSubscriptions = 20

// PushSubscription is one browser of a user that takes pushes.
type PushSubscription struct {
	ID        int64
	UserID    int64
	Endpoint  string
	P256dh    string
	Auth      string
	CreatedAt time.Time
}

// SavePushSubscription keeps a browser's subscription for the user; a
// browser seen before (its endpoint) becomes this user's with its new
// keys. Only the newest MaxPushSubscriptions of a user are kept.
func (s *Store) SavePushSubscription(ctx context.Context, userID int64, endpoint, p256dh, auth string) (PushSubscription, error) {
	var out PushSubscription
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		r, err := q.SavePushSubscription(ctx, dbsqlc.SavePushSubscriptionParams{UserID: userID, Endpoint: endpoint, P256dh: p256dh, Auth: auth})
		if err != nil {
			return err
		}
		out = PushSubscription{ID: r.ID, UserID: r.UserID, Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth, CreatedAt: r.CreatedAt}
		_, err = q.TrimPushSubscriptions(ctx, dbsqlc.TrimPushSubscriptionsParams{UserID: userID, Keep: MaxPushSubscriptions})
		return err
	})
	return out, translate(err)
}

// DeletePushSubscription forgets the user's browser with this endpoint;
// ErrNotFound when the user has none such.
func (s *Store) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	n, err := s.q.DeletePushSubscriptionByEndpoint(ctx, dbsqlc.DeletePushSubscriptionByEndpointParams{UserID: userID, Endpoint: endpoint})
	if err != nil {
		return translate(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// ForgetPushSubscription deletes a subscription its push service said is
// gone (404 or 410).
func (s *Store) ForgetPushSubscription(ctx context.Context, id int64) error {
	_, err := s.q.DeletePushSubscription(ctx, id)
	return translate(err)
}

// enqueuePushes queues the push of a notification of notify.PushKinds to
// each of its user's browsers, inside the notification's transaction.
func (s *Store) enqueuePushes(ctx context.Context, tx pgx.Tx, q *dbsqlc.Queries, n dbsqlc.Notification) error {
	if !slices.Contains(notify.PushKinds, n.Kind) {
		return nil
	}
	ids, err := q.ListPushSubscriptionIDs(ctx, n.UserID)
	if err != nil || len(ids) == 0 {
		return translate(err)
	}
	jobs := make([]river.InsertManyParams, 0, len(ids))
	for _, id := range ids {
		jobs = append(jobs, river.InsertManyParams{Args: SendPushArgs{NotificationID: n.ID, SubscriptionID: id}})
	}
	if _, err := s.jobs.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("store: enqueueing the pushes of notification %d: %w", n.ID, translate(err))
	}
	return nil
}

// PushDelivery is what one push is made from, read at send time.
type PushDelivery struct {
	NotificationID int64
	Kind           string
	Link           string
	Data           notify.Data
	Language       string
	Subscription   PushSubscription
	// Send: the user is not deleted, wants this kind pushed, and it did
	// not go to this browser yet.
	Send bool
}

// GetPushDelivery reads one push; ErrNotFound when the notification or
// the browser is gone, or the browser is another user's now.
func (s *Store) GetPushDelivery(ctx context.Context, notificationID, subscriptionID int64) (PushDelivery, error) {
	r, err := s.q.GetPushDelivery(ctx, dbsqlc.GetPushDeliveryParams{NotificationID: notificationID, SubscriptionID: subscriptionID})
	if err != nil {
		return PushDelivery{}, translate(err)
	}
	var data notify.Data
	if json.Unmarshal(r.Data, &data) != nil {
		data = notify.Data{}
	}
	return PushDelivery{
		NotificationID: r.ID, Kind: r.Kind, Link: r.Link, Data: data, Language: r.Language,
		Subscription: PushSubscription{ID: r.SubscriptionID, Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth},
		Send:         !r.UserDeleted && r.PushOn && !r.Sent && slices.Contains(notify.PushKinds, r.Kind),
	}, nil
}

// MarkPushSent records that the push service took the notification for
// the browser; false when it was recorded already.
func (s *Store) MarkPushSent(ctx context.Context, notificationID, subscriptionID int64) (bool, error) {
	n, err := s.q.MarkPushSent(ctx, dbsqlc.MarkPushSentParams{NotificationID: notificationID, SubscriptionID: subscriptionID})
	return n == 1, translate(err)
}

// PushSettings says, for each of notify.PushKinds, whether the user wants
// it pushed to their browsers (on unless they turned it off).
func (s *Store) PushSettings(ctx context.Context, userID int64) (map[string]bool, error) {
	rows, err := s.q.ListNotificationSettings(ctx, userID)
	if err != nil {
		return nil, translate(err)
	}
	out := make(map[string]bool, len(notify.PushKinds))
	for _, k := range notify.PushKinds {
		out[k] = true
	}
	for _, r := range rows {
		if _, ok := out[r.Kind]; ok {
			out[r.Kind] = r.Push
		}
	}
	return out, nil
}

// SetPushSettings turns the named kinds' push on or off; a kind not in
// notify.PushKinds is ErrInvalid.
func (s *Store) SetPushSettings(ctx context.Context, userID int64, on map[string]bool) error {
	kinds := make([]string, 0, len(on))
	vals := make([]bool, 0, len(on))
	for k, v := range on {
		if !slices.Contains(notify.PushKinds, k) {
			return fmt.Errorf("%w: %q is not a kind sent by push", ErrInvalid, k)
		}
		kinds, vals = append(kinds, k), append(vals, v)
	}
	if len(kinds) == 0 {
		return nil
	}
	return translate(s.q.SetNotificationPushSettings(ctx, dbsqlc.SetNotificationPushSettingsParams{UserID: userID, Kinds: kinds, Push: vals}))
}
