package store_test

import (
	"context"
	"testing"
	"time"

	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

// A folded key's life: the first event leads and is due at once, the next
// folds into it, the claim freezes what the email carries and starts the
// window, an event in the window leads the next email at the window's end,
// and only keys with nothing waiting and their window over are pruned.
func TestMailFoldLife(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "shila")
	booked := func(buyer string) store.Notification {
		t.Helper()
		n, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "booking_received", Link: "/dashboard/leads", About: "product 7",
			Data: notify.Data{"product": "HP", "buyer": buyer}})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	due := func(id int64) time.Duration {
		t.Helper()
		var d time.Duration
		if err := pool.QueryRow(ctx, "SELECT scheduled_at - now() FROM river_job WHERE (args->>'notification_id')::bigint = $1", id).Scan(&d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	prune := func(want int64) {
		t.Helper()
		if n, err := s.PruneMailFolds(ctx); err != nil || n != want {
			t.Fatalf("pruned %d (%v), want %d", n, err, want)
		}
	}
	first, second := booked("Karim"), booked("Rahim")
	if emailJobs(t, pool, first.ID) != 1 || emailJobs(t, pool, second.ID) != 0 || due(first.ID) > time.Second {
		t.Fatal("the first booking does not lead an email due now, or the second has its own")
	}
	prune(0)
	lead, err := s.GetNotificationEmail(ctx, first.ID)
	if err != nil || !lead.Lead() {
		t.Fatalf("lead %+v %v", lead, err)
	}
	items, err := s.ClaimMailFold(ctx, lead)
	if err != nil || len(items) != 2 || items[0].ID != first.ID || items[1].Data["buyer"] != "Rahim" {
		t.Fatalf("claimed %+v %v", items, err)
	}
	third := booked("Salma") // after the claim: the next email's lead, at the window's end
	if again, err := s.ClaimMailFold(ctx, lead); err != nil || len(again) != 2 {
		t.Fatalf("a second claim carries %+v %v", again, err)
	}
	if emailJobs(t, pool, third.ID) != 1 || due(third.ID) < store.FoldWindowShort-time.Minute {
		t.Fatalf("the next email is due in %v, want the window", due(third.ID))
	}
	if first, err := s.MarkFoldedEmailed(ctx, first.ID); err != nil || !first {
		t.Fatalf("marked %v %v", first, err)
	}
	var mailed int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE emailed_at IS NOT NULL").Scan(&mailed); err != nil || mailed != 2 {
		t.Fatalf("%d marked mailed (%v), want the two the email carried", mailed, err)
	}
	prune(0) // the next email waits
	next, err := s.GetNotificationEmail(ctx, third.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimMailFold(ctx, next); err != nil {
		t.Fatal(err)
	}
	prune(0) // its window is not over
	if _, err := pool.Exec(ctx, "UPDATE mail_folds SET next_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	prune(1)
	if fourth := booked("Nila"); due(fourth.ID) > time.Second {
		t.Error("after the window a booking's email is not due at once")
	}
}
