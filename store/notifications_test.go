package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

func newNotifyUser(t *testing.T, s *store.Store, name string) store.User {
	t.Helper()
	u, err := s.CreateUser(context.Background(), store.NewUser{Name: name, Email: name + "@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// emailJobs counts the River jobs that email notification id.
func emailJobs(t *testing.T, pool *pgxpool.Pool, id int64) int {
	t.Helper()
	var n int
	err := pool.QueryRow(context.Background(),
		"SELECT count(*) FROM river_job WHERE kind = 'send_email' AND queue = 'mail' AND (args->>'notification_id')::bigint = $1", id).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func countNotifications(t *testing.T, pool *pgxpool.Pool) (notes, jobs int) {
	t.Helper()
	ctx := context.Background()
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications").Scan(&notes); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'send_email'").Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	return notes, jobs
}

// A notification and its email job are written together, in the user's
// language.
func TestNotifyWritesNotificationAndJob(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	n, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "booking_received", Link: "/dashboard/leads", Data: notify.Data{"product": "HP 840", "buyer": "Karim"}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Title != "New booking: HP 840" || n.Read || n.Link != "/dashboard/leads" || n.UserID != u.ID {
		t.Errorf("notification %+v", n)
	}
	if got := emailJobs(t, pool, n.ID); got != 1 {
		t.Errorf("%d email jobs, want 1", got)
	}

	if _, err := pool.Exec(ctx, "UPDATE users SET language = 'bn' WHERE id = $1", u.ID); err != nil {
		t.Fatal(err)
	}
	bn, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "seller_verified"})
	if err != nil || bn.Title != "আপনি এখন যাচাইকৃত বিক্রেতা" {
		t.Errorf("in Bangla: %+v, %v", bn, err)
	}
}

// Inside a caller's transaction: a rollback leaves neither the
// notification nor its job; a commit leaves both.
func TestNotifyTxFollowsTheCallersTransaction(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	notice := store.Notice{UserID: u.ID, Kind: "sold_elsewhere", Data: notify.Data{"product": "HP 840"}}

	errEvent := errors.New("the event failed after the notification was written")
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := s.NotifyTx(ctx, tx, notice); err != nil {
			return err
		}
		return errEvent
	})
	if !errors.Is(err, errEvent) {
		t.Fatal(err)
	}
	if notes, jobs := countNotifications(t, pool); notes != 0 || jobs != 0 {
		t.Fatalf("after a rollback: %d notifications, %d jobs; want none", notes, jobs)
	}

	var id int64
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		n, err := s.NotifyTx(ctx, tx, notice)
		id = n.ID
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if notes, jobs := countNotifications(t, pool); notes != 1 || jobs != 1 || emailJobs(t, pool, id) != 1 {
		t.Fatalf("after a commit: %d notifications, %d jobs; want one each", notes, jobs)
	}
}

func TestNotifyRefusesBadNotices(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	cases := map[string]store.Notice{
		"unknown kind":  {UserID: u.ID, Kind: "party_invite", Data: notify.Data{"product": "x"}},
		"missing data":  {UserID: u.ID, Kind: "booking_received", Data: notify.Data{"product": "x"}},
		"absolute link": {UserID: u.ID, Kind: "seller_verified", Link: "https://evil.example.com/"},
		"scheme-less":   {UserID: u.ID, Kind: "seller_verified", Link: "//evil.example.com/"},
	}
	for name, n := range cases {
		if _, err := s.Notify(ctx, n); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if _, err := s.Notify(ctx, store.Notice{UserID: u.ID + 1000, Kind: "seller_verified"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no such user: %v, want ErrNotFound", err)
	}
	if notes, jobs := countNotifications(t, pool); notes != 0 || jobs != 0 {
		t.Errorf("%d notifications, %d jobs after refusals", notes, jobs)
	}
}

func TestNotificationListReadAndSettings(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	me, other := newNotifyUser(t, s, "rahim"), newNotifyUser(t, s, "karim")
	var ids []int64
	for i := range 5 {
		n, err := s.Notify(ctx, store.Notice{UserID: me.ID, Kind: "price_drop", Data: notify.Data{"product": fmt.Sprint("laptop ", i), "amount": "Tk 1"}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	theirs, err := s.Notify(ctx, store.Notice{UserID: other.ID, Kind: "seller_verified"})
	if err != nil {
		t.Fatal(err)
	}

	// newest first, two pages of three and two
	page, next, err := s.ListNotifications(ctx, me.ID, store.Page{Limit: 3})
	if err != nil || len(page) != 3 || page[0].ID != ids[4] || page[2].ID != ids[2] || next != ids[2] {
		t.Fatalf("first page %+v next %d, %v", page, next, err)
	}
	page, next, err = s.ListNotifications(ctx, me.ID, store.Page{Limit: 3, From: next})
	if err != nil || len(page) != 2 || page[1].ID != ids[0] || next != 0 {
		t.Fatalf("second page %+v next %d, %v", page, next, err)
	}

	// someone else's id marks nothing
	n, err := s.MarkNotificationsRead(ctx, me.ID, []int64{ids[0], ids[1], theirs.ID, ids[1]})
	if err != nil || n != 2 {
		t.Fatalf("marked %d, %v; want 2", n, err)
	}
	if c, _ := s.CountUnreadNotifications(ctx, me.ID); c != 3 {
		t.Errorf("unread %d, want 3", c)
	}
	if c, _ := s.CountUnreadNotifications(ctx, other.ID); c != 1 {
		t.Errorf("the other user's unread %d, want 1", c)
	}
	if n, err := s.MarkAllNotificationsRead(ctx, me.ID); err != nil || n != 3 {
		t.Errorf("all: %d, %v; want 3", n, err)
	}

	settings, err := s.EmailSettings(ctx, me.ID)
	if err != nil || len(settings) != len(notify.Kinds) || !settings["price_drop"] {
		t.Fatalf("default settings %v, %v", settings, err)
	}
	if err := s.SetEmailSettings(ctx, me.ID, map[string]bool{"price_drop": false, "offer_received": false}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEmailSettings(ctx, me.ID, map[string]bool{"offer_received": true}); err != nil {
		t.Fatal(err)
	}
	settings, _ = s.EmailSettings(ctx, me.ID)
	if settings["price_drop"] || !settings["offer_received"] || !settings["booking_received"] {
		t.Errorf("settings %v", settings)
	}
	if err := s.SetEmailSettings(ctx, me.ID, map[string]bool{"spam": false}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("unknown kind: %v", err)
	}
	e, err := s.GetNotificationEmail(ctx, ids[0])
	if err != nil || e.Wanted || e.Email != "rahim@example.com" || e.Data["product"] != "laptop 0" {
		t.Errorf("email %+v, %v", e, err)
	}
}

func TestMailFailures(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	a, _ := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "seller_verified"})
	b, _ := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "seller_verified"})
	if err := s.RecordNotificationEmailError(ctx, a.ID, "451 4.3.0 Try again later", false); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordNotificationEmailError(ctx, b.ID, "550 no such user", true); err != nil {
		t.Fatal(err)
	}
	list, next, err := s.ListMailFailures(ctx, 10, store.MailFailureCursor{})
	if err != nil || len(list) != 2 || next != nil {
		t.Fatalf("failures %+v, %v", list, err)
	}
	if list[0].ID != b.ID || list[0].GaveUpAt == nil || list[0].Error != "550 no such user" || list[0].To != "rahim@example.com" || list[0].Attempts != 1 {
		t.Errorf("first %+v", list[0])
	}
	if list[1].ID != a.ID || list[1].GaveUpAt != nil {
		t.Errorf("second %+v", list[1])
	}
	// once sent, it is no failure
	if ok, err := s.MarkNotificationEmailed(ctx, a.ID); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if ok, _ := s.MarkNotificationEmailed(ctx, a.ID); ok {
		t.Error("marked emailed twice")
	}
	if list, _, _ := s.ListMailFailures(ctx, 10, store.MailFailureCursor{}); len(list) != 1 {
		t.Errorf("after sending: %d failures, want 1", len(list))
	}
}

// Account links that fail are listed beside notifications, newest first,
// and paging through both a page at a time shows each once.
func TestMailFailuresOfBothSources(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	type item struct {
		source string
		id     int64
	}
	var made []item // oldest first
	for i := range 5 {
		if i%2 == 0 {
			n, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "seller_verified"})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.RecordNotificationEmailError(ctx, n.ID, fmt.Sprint("451 try later ", i), false); err != nil {
				t.Fatal(err)
			}
			made = append(made, item{store.MailOfNotification, n.ID})
			continue
		}
		salt, hash := make([]byte, 32), make([]byte, 32)
		salt[0], hash[0] = byte(i), byte(i)
		id, err := s.CreateAccountToken(ctx, store.NewAccountToken{UserID: u.ID, Purpose: store.PurposeResetPassword, Salt: salt, Hash: hash})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RecordAccountEmailError(ctx, id, fmt.Sprint("550 no such user ", i), i == 3); err != nil {
			t.Fatal(err)
		}
		made = append(made, item{store.MailOfAccount, id})
	}
	var got []store.MailFailure
	var from store.MailFailureCursor
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("paging does not end")
		}
		list, next, err := s.ListMailFailures(ctx, 2, from)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, list...)
		if next == nil {
			break
		}
		from = *next
	}
	if len(got) != len(made) {
		t.Fatalf("%d failures listed, want %d: %+v", len(got), len(made), got)
	}
	for i, f := range got {
		want := made[len(made)-1-i]
		if f.Source != want.source || f.ID != want.id {
			t.Errorf("failure %d is %s %d, want %s %d", i, f.Source, f.ID, want.source, want.id)
		}
	}
	acct := got[1] // the reset link made fourth, given up on
	if acct.Kind != store.PurposeResetPassword || acct.To != "rahim@example.com" || acct.Error != "550 no such user 3" || acct.GaveUpAt == nil || acct.Attempts != 1 {
		t.Errorf("account failure %+v", acct)
	}
	// once sent, it is no failure
	if _, err := s.MarkAccountEmailSent(ctx, acct.ID); err != nil {
		t.Fatal(err)
	}
	if list, _, _ := s.ListMailFailures(ctx, 10, store.MailFailureCursor{}); len(list) != len(made)-1 {
		t.Errorf("after sending: %d failures, want %d", len(list), len(made)-1)
	}
}
