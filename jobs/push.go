package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"resale/notify"
	"resale/push"
	"resale/store"
)

// PushSender sends Web Push messages (push.Sender; pushtest's service
// behind it in tests).
type PushSender interface {
	Send(ctx context.Context, sub push.Subscription, payload []byte, topic string) error
}

// pushWorker pushes one notification to one browser (#37), once: the job
// is unique per pair (store.SendPushArgs), a pair recorded as sent is
// skipped, and the message's topic is the notification, so if an instance
// dies after the push service took it but before it was recorded, the
// retry replaces the first while it still waits for the browser.
type pushWorker struct {
	river.WorkerDefaults[store.SendPushArgs]
	opts Options
}

// NextRetry waits longer after each failure: 30 seconds, 2 minutes, 4.5
// minutes... (RetryBase's multiples when shorter), about 3 hours in all.
func (w *pushWorker) NextRetry(job *river.Job[store.SendPushArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * min(w.opts.RetryBase, 30*time.Second))
}

// pushMessage is what the service worker gets (frontend/public/sw.js):
// the notification's words in the user's language and where a tap leads.
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	Link  string `json:"link"`
	// Tag is the notification's: the browser shows one per tag
	Tag  string `json:"tag"`
	Kind string `json:"kind"`
}

// maxPushBody keeps the payload well under the 4 KB push services take,
// in Bangla too (three bytes a letter).
const maxPushBody = 600

// Work pushes the notification unless it must not go. A push service
// that says the browser is gone (404, 410) gets it deleted; any other
// failure is tried again.
func (w *pushWorker) Work(ctx context.Context, job *river.Job[store.SendPushArgs]) error {
	log := w.opts.Logger.With("notification_id", job.Args.NotificationID, "subscription_id", job.Args.SubscriptionID, "attempt", job.Attempt)
	if w.opts.Push == nil {
		// push is off here (no VAPID keys), yet a browser subscribed:
		// another instance of the shop has the keys, and the instances
		// must be configured alike, or pushes taken here are lost
		log.Warn("push: a push was queued but this instance has no VAPID keys; dropped")
		return nil
	}
	d, err := w.opts.Store.GetPushDelivery(ctx, job.Args.NotificationID, job.Args.SubscriptionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // the notification, the browser or its link to the user is gone
	}
	if err != nil || !d.Send {
		return err
	}
	text, err := notify.Render(d.Kind, d.Language, d.Data)
	if err != nil {
		return river.JobCancel(err)
	}
	link := d.Link
	if link == "" {
		link = "/notifications"
	}
	payload, err := json.Marshal(pushMessage{Title: text.Title, Body: cutRunes(text.Body, maxPushBody), Link: link,
		Tag: "n" + strconv.FormatInt(d.NotificationID, 10), Kind: d.Kind})
	if err != nil {
		return river.JobCancel(err)
	}
	sub := push.Subscription{Endpoint: d.Subscription.Endpoint, P256dh: d.Subscription.P256dh, Auth: d.Subscription.Auth}
	err = w.opts.Push.Send(ctx, sub, payload, "n"+strconv.FormatInt(d.NotificationID, 10))
	if push.IsGone(err) {
		log.Info("push: the browser's subscription is gone; deleted", "err", err)
		return w.opts.Store.ForgetPushSubscription(ctx, d.Subscription.ID)
	}
	if err != nil {
		log.Warn("push failed; will retry", "err", err) // the error names the service's host, never the payload
		return err
	}
	if _, err := w.opts.Store.MarkPushSent(ctx, d.NotificationID, d.Subscription.ID); err != nil {
		return err // pushed, not recorded: the retry's message has the same topic
	}
	log.Info("notification pushed", "kind", d.Kind)
	return nil
}

// cutRunes shortens s to n characters at most, ending in "…" when cut.
func cutRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
