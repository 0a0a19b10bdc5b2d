package store_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

// eventsOf is every event of the user, oldest first, as "kind data".
func eventsOf(t *testing.T, s *store.Store, userID int64) []string {
	t.Helper()
	evs, err := s.ListUserEventsAfter(context.Background(), userID, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, e := range evs {
		var data map[string]any
		if err := json.Unmarshal(e.Data, &data); err != nil {
			t.Fatalf("event %d: data %s: %v", e.ID, e.Data, err)
		}
		b, _ := json.Marshal(data) // keys sorted
		out = append(out, e.Kind+" "+string(b))
	}
	return out
}

func wantEvents(t *testing.T, s *store.Store, who string, userID int64, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got := eventsOf(t, s, userID); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s's events:\n%s\nwant\n%s", who, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// listenEvents is a connection listening on user_events; next returns
// the next payload.
func listenEvents(t *testing.T, pool *pgxpool.Pool) (next func() string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if _, err := conn.Exec(ctx, "LISTEN user_events"); err != nil {
		t.Fatal(err)
	}
	return func() string {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		n, err := conn.WaitForNotification(wctx)
		if err != nil {
			t.Fatalf("no notice on user_events: %v", err)
		}
		return n.Payload
	}
}

// Each change writes its events in its own transaction: a notification
// for its user, a booking made or moved for its buyer and its seller, and
// each event is announced as "<user id>:<event id>". A change rolled back
// leaves none, and a booking saved without a new status adds none.
func TestUserEventsAreWrittenWithTheirChange(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller := newNotifyUser(t, s, "seller")
	buyer := newNotifyUser(t, s, "buyer")
	heard := listenEvents(t, pool)

	n, err := s.Notify(ctx, store.Notice{UserID: seller.ID, Kind: "seller_verified", Data: notify.Data{}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := s.ListUserEventsAfter(ctx, seller.ID, 0, 10)
	if err != nil || len(evs) != 1 {
		t.Fatalf("events %v, %v", evs, err)
	}
	if got, want := heard(), fmt.Sprintf("%d:%d", seller.ID, evs[0].ID); got != want {
		t.Errorf("announced %q, want %q", got, want)
	}
	wantEvents(t, s, "the seller", seller.ID, fmt.Sprintf(`notification {"id":"%d","kind":"seller_verified"}`, n.ID))

	// rolled back: neither the notification nor its event
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := s.NotifyTx(ctx, tx, store.Notice{UserID: buyer.ID, Kind: "seller_verified", Data: notify.Data{}}); err != nil {
			return err
		}
		return errors.New("changed my mind")
	})
	if err == nil {
		t.Fatal("the transaction committed")
	}
	wantEvents(t, s, "the buyer", buyer.ID)

	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "HP 840", Picture: "/uploads/x.jpg",
		SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.CreateBooking(ctx, store.NewBooking{ProductID: p.ID, Buyer: buyer, Phone: "01811223344", MeetLocation: "Mirpur"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcceptBooking(ctx, b.ID, seller.ID); err != nil {
		t.Fatal(err)
	}
	// a change of another column only
	if _, err := pool.Exec(ctx, "UPDATE bookings SET meet_location = 'Dhanmondi', status = status WHERE id = $1", b.ID); err != nil {
		t.Fatal(err)
	}
	booking := func(status string) string { return fmt.Sprintf(`booking {"id":"%d","status":"%s"}`, b.ID, status) }
	notices := func(u store.User) map[string]string {
		rows, err := pool.Query(ctx, "SELECT kind, id FROM notifications WHERE user_id = $1", u.ID)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for rows.Next() {
			var kind string
			var id int64
			if err := rows.Scan(&kind, &id); err != nil {
				t.Fatal(err)
			}
			out[kind] = fmt.Sprintf(`notification {"id":"%d","kind":"%s"}`, id, kind)
		}
		return out
	}
	sn, bn := notices(seller), notices(buyer)
	// the booking's row comes first in its transaction, then its notice
	wantEvents(t, s, "the seller", seller.ID, fmt.Sprintf(`notification {"id":"%d","kind":"seller_verified"}`, n.ID),
		booking("pending"), sn["booking_received"], booking("accepted"))
	wantEvents(t, s, "the buyer", buyer.ID, booking("pending"), booking("accepted"), bn["booking_accepted"])
	if sn["booking_received"] == "" || bn["booking_accepted"] == "" {
		t.Errorf("notices: seller %v, buyer %v", sn, bn)
	}
}

// The triggers of messages and offers (tables of migration 00019): made
// by migration 00020 where those tables exist; where they do not (this
// branch alone), stand-ins of the contract's columns get the same
// triggers, so the functions are tested either way. A message is an
// event of both people; an offer's new status too, and only a new one.
func TestMessageAndOfferEvents(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var merged bool
	if err := pool.QueryRow(ctx, "SELECT to_regclass('messages') IS NOT NULL").Scan(&merged); err != nil {
		t.Fatal(err)
	}
	if merged {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_trigger WHERE tgname IN ('messages_user_event', 'offers_user_event')`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("%d triggers on messages and offers (%v), want 2", n, err)
		}
	} else {
		exec(`CREATE TABLE conversations (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, product_id bigint NOT NULL,
			buyer_id bigint NOT NULL, seller_id bigint NOT NULL)`)
		exec(`CREATE TABLE offers (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, conversation_id bigint NOT NULL,
			product_id bigint NOT NULL, buyer_id bigint NOT NULL, amount integer NOT NULL, status text NOT NULL DEFAULT 'pending',
			answered_at timestamptz, valid_until timestamptz)`)
		exec(`CREATE TABLE messages (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, conversation_id bigint NOT NULL,
			sender_id bigint NOT NULL, body text NOT NULL DEFAULT '', offer_id bigint)`)
		exec(`CREATE TRIGGER messages_user_event AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION messages_user_event()`)
		exec(`CREATE TRIGGER offers_user_event AFTER UPDATE OF status ON offers FOR EACH ROW EXECUTE FUNCTION offers_user_event()`)
	}
	seller := newNotifyUser(t, s, "seller")
	buyer := newNotifyUser(t, s, "buyer")
	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "HP 840", Picture: "/uploads/x.jpg",
		SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	var conv, offer, msg int64
	if err := pool.QueryRow(ctx, `INSERT INTO conversations (product_id, buyer_id, seller_id) VALUES ($1, $2, $3) RETURNING id`,
		p.ID, buyer.ID, seller.ID).Scan(&conv); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO messages (conversation_id, sender_id, body) VALUES ($1, $2, 'Is it still available?') RETURNING id`,
		conv, buyer.ID).Scan(&msg); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO offers (conversation_id, product_id, buyer_id, amount) VALUES ($1, $2, $3, 900) RETURNING id`,
		conv, p.ID, buyer.ID).Scan(&offer); err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE offers SET status = 'accepted', answered_at = now(), valid_until = now() + interval '48 hours' WHERE id = $1`, offer)
	exec(`UPDATE offers SET status = 'accepted', valid_until = valid_until + interval '1 hour' WHERE id = $1`, offer) // no new status
	want := []string{
		fmt.Sprintf(`message {"conversationId":"%d","id":"%d"}`, conv, msg),
		fmt.Sprintf(`message {"conversationId":"%d","offerId":"%d"}`, conv, offer),
	}
	wantEvents(t, s, "the buyer", buyer.ID, want...)
	wantEvents(t, s, "the seller", seller.ID, want...)
}

// A ticket opens one stream: used once (of many tries at once, one wins),
// never after it expired, and only the hash is looked up.
func TestEventTicketsWorkOnce(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	hash := func(i int) []byte { h := sha256.Sum256([]byte("ticket " + strconv.Itoa(i))); return h[:] }

	if err := s.CreateEventTicket(ctx, hash(1), u.ID, u.TokenVersion, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	var wins, misses int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got, err := s.UseEventTicket(ctx, hash(1))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && got == (store.EventTicket{UserID: u.ID, TokenVersion: u.TokenVersion}):
				wins++
			case errors.Is(err, store.ErrNotFound):
				misses++
			default:
				t.Errorf("use: %+v, %v", got, err)
			}
		})
	}
	wg.Wait()
	if wins != 1 || misses != 7 {
		t.Errorf("%d uses worked and %d were refused, want 1 and 7", wins, misses)
	}

	if err := s.CreateEventTicket(ctx, hash(2), u.ID, u.TokenVersion, time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UseEventTicket(ctx, hash(2)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired ticket: %v, want ErrNotFound", err)
	}
	if _, err := s.UseEventTicket(ctx, hash(3)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown ticket: %v, want ErrNotFound", err)
	}
	var left int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM event_tickets").Scan(&left); err != nil || left != 0 {
		t.Errorf("%d tickets left (%v), want 0: a used or expired one is deleted", left, err)
	}
}

// A replay is bounded: the newest events after the id, oldest first; the
// pruning deletes events older than what is kept, in batches, and the
// expired tickets.
func TestUserEventsReplayAndPrune(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newNotifyUser(t, s, "rahim")
	other := newNotifyUser(t, s, "karim")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`SELECT add_user_event($1, 'booking', jsonb_build_object('n', g)) FROM generate_series(1, 12000) g`, u.ID)
	exec(`SELECT add_user_event($1, 'booking', '{}') FROM generate_series(1, 3) g`, other.ID)
	var first int64
	if err := pool.QueryRow(ctx, "SELECT min(id) FROM user_events WHERE user_id = $1", u.ID).Scan(&first); err != nil {
		t.Fatal(err)
	}
	evs, err := s.ListUserEventsAfter(ctx, u.ID, first+5, 4)
	if err != nil || len(evs) != 4 {
		t.Fatalf("replay: %d events, %v", len(evs), err)
	}
	for i, e := range evs {
		if want := first + 11996 + int64(i); e.ID != want {
			t.Errorf("replay[%d] = %d, want %d (the newest four, oldest first)", i, e.ID, want)
		}
	}
	got, err := s.GetUserEvents(ctx, other.ID, []int64{first, first + 1})
	if err != nil || len(got) != 0 {
		t.Errorf("another user's events by id: %d, %v", len(got), err)
	}

	// all but the newest 100 of the user's are two days old
	exec(`UPDATE user_events SET created_at = now() - interval '2 days' WHERE user_id = $1 AND id < $2`, u.ID, first+11900)
	if err := s.CreateEventTicket(ctx, make([]byte, 32), u.ID, 1, time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	fresh := sha256.Sum256([]byte("fresh"))
	if err := s.CreateEventTicket(ctx, fresh[:], u.ID, 1, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	n, err := s.PruneUserEvents(ctx, 24*time.Hour)
	if err != nil || n != 11900 {
		t.Fatalf("pruned %d (%v), want 11900", n, err)
	}
	var events, tickets int
	if err := pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM user_events), (SELECT count(*) FROM event_tickets)").Scan(&events, &tickets); err != nil {
		t.Fatal(err)
	}
	if events != 103 || tickets != 1 {
		t.Errorf("%d events and %d tickets left, want 103 and 1", events, tickets)
	}
}
