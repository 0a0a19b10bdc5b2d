package jobs_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"resale/jobs"
	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// #37 the per-listing numbers older than 90 days and the keys of past
// days are deleted by the leader's periodic job; the recent days and
// today's keys stay.
func TestOldListingNumbersArePruned(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller := newUser(t, s, "karim")
	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "Counted laptop", Picture: "/uploads/x.jpg",
		SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO listing_days (product_id, day, views)
		VALUES ($1, current_date - 120, 4), ($1, current_date - 91, 3), ($1, current_date - 30, 2), ($1, current_date, 1)`, p.ID)
	exec(`INSERT INTO listing_seen (day, key) VALUES (current_date - 5, decode(repeat('aa', 16), 'hex')), (current_date, decode(repeat('bb', 16), 'hex'))`)

	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) { o.PruneEventsEvery = 200 * time.Millisecond })
	count := func(sql string) (n int) {
		if err := pool.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	waitFor(t, "the old numbers pruned", 20*time.Second, func() bool {
		return count("SELECT count(*) FROM listing_days") == 2 && count("SELECT count(*) FROM listing_seen") == 1
	})
	if n := count("SELECT coalesce(sum(views), 0) FROM listing_days"); n != 3 {
		t.Errorf("the views left add up to %d, want the last 30 days' 3", n)
	}
}
