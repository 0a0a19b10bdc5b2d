package jobs_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/jobs"
	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// Reservations that ran out are released by the periodic job, each once,
// though two instances run jobs on the one database: every booking
// declined (expired), its laptop free again, and each side told once.
func TestReservationsReleasedOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller := newUser(t, s, "seller")
	var bookings []int64
	for i, name := range []string{"amin", "bina", "chad"} {
		buyer := newUser(t, s, name)
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "Laptop " + name, Picture: "/uploads/x.jpg",
			SellPrice: int64(1000 + i), OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
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
		bookings = append(bookings, b.ID)
	}
	// two of them ran out long ago; the third is fresh
	if _, err := pool.Exec(ctx, "UPDATE bookings SET accepted_at = now() - interval '73 hours' WHERE id = ANY($1)", bookings[:2]); err != nil {
		t.Fatal(err)
	}
	logSender := &mail.Log{Logger: slog.New(slog.DiscardHandler)}
	for range 2 {
		startRunner(t, pool, logSender, func(o *jobs.Options) { o.ReleaseEvery = 200 * time.Millisecond })
	}
	status := func(id int64) (st, code string) {
		if err := pool.QueryRow(ctx, "SELECT status, coalesce(decline_code, '') FROM bookings WHERE id = $1", id).Scan(&st, &code); err != nil {
			t.Fatal(err)
		}
		return st, code
	}
	waitFor(t, "the two reservations released", 20*time.Second, func() bool {
		a, _ := status(bookings[0])
		b, _ := status(bookings[1])
		return a == "declined" && b == "declined"
	})
	// a few more intervals: nothing is released twice, the fresh one stays
	time.Sleep(time.Second)
	for _, id := range bookings[:2] {
		if st, code := status(id); st != "declined" || code != "expired" {
			t.Errorf("booking %d: %s/%s, want declined/expired", id, st, code)
		}
	}
	if st, _ := status(bookings[2]); st != "accepted" {
		t.Errorf("the fresh reservation is %s", st)
	}
	var reserved, told int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM products WHERE reserved_by IS NOT NULL").Scan(&reserved); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE kind = 'reservation_released'").Scan(&told); err != nil {
		t.Fatal(err)
	}
	if reserved != 1 || told != 4 {
		t.Errorf("%d laptops still reserved (want 1), %d release notices (want 4: each side of two)", reserved, told)
	}
}

// Advertisements whose days are over are ended by the periodic job; a
// running one is left alone.
func TestAdvertisementsEndWhenTheirDaysAreOver(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller := newUser(t, s, "adseller")
	var ids []int64
	for i := range 2 {
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "Ad laptop", Picture: "/uploads/x.jpg",
			SellPrice: int64(1000 + i), OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AdvertiseProduct(ctx, p.ID, seller.ID, 7, 5); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	if _, err := pool.Exec(ctx, "UPDATE products SET advertised_until = now() - interval '1 minute' WHERE id = $1", ids[0]); err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) { o.ReleaseEvery = 200 * time.Millisecond })
	advertised := func(id int64) (on bool) {
		if err := pool.QueryRow(ctx, "SELECT advertised_at IS NOT NULL FROM products WHERE id = $1", id).Scan(&on); err != nil {
			t.Fatal(err)
		}
		return on
	}
	waitFor(t, "the ended advertisement", 20*time.Second, func() bool { return !advertised(ids[0]) })
	if !advertised(ids[1]) {
		t.Error("a running advertisement was ended")
	}
}

// The listings' periodic job tells the seller of a listing about to end,
// once, and takes out the one whose period is over; a listing with
// time left is left alone.
func TestListingsExpireAndTheirSellersAreTold(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller := newUser(t, s, "expiryseller")
	var ids []int64
	for i, ends := range []string{"now() - interval '1 minute'", "now() + interval '2 days'", "now() + interval '20 days'"} {
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: fmt.Sprint("Listing ", i), Picture: "/uploads/x.jpg",
			SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, "UPDATE products SET expires_at = "+ends+" WHERE id = $1", p.ID); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) { o.ReleaseEvery = 200 * time.Millisecond })
	expired := func(id int64) (gone bool) {
		if err := pool.QueryRow(ctx, "SELECT expired_at IS NOT NULL FROM products WHERE id = $1", id).Scan(&gone); err != nil {
			t.Fatal(err)
		}
		return gone
	}
	told := func() (names []string) {
		rows, err := pool.Query(ctx, "SELECT body FROM notifications WHERE user_id = $1 AND kind = 'listing_expiring' ORDER BY body", seller.ID)
		if err != nil {
			t.Fatal(err)
		}
		names, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	waitFor(t, "the listing whose period is over", 20*time.Second, func() bool { return expired(ids[0]) })
	// let a few more passes run: nobody is told twice
	time.Sleep(time.Second)
	if expired(ids[1]) || expired(ids[2]) {
		t.Error("a listing with time left expired")
	}
	got := told()
	// the one that ran out is not told it "will" end
	if len(got) != 1 || !strings.HasPrefix(got[0], "Listing 1 ") {
		t.Errorf("listing_expiring notices = %q, want one, for the listing ending in two days", got)
	}
}
