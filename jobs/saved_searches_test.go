package jobs_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// A new listing's matching job, queued with it, is worked by the runner:
// the instant saved search's user is told once.
func TestNewListingIsMatchedByItsJob(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	seller, buyer := newUser(t, s, "matchseller"), newUser(t, s, "matchbuyer")
	if _, _, err := s.CreateSavedSearch(ctx, buyer.ID, store.FrequencyInstant, store.BrowseFilter{Words: "zenbook", MaxPrice: 50000}, 0); err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, nil)
	if _, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "ASUS ZenBook 14", Picture: "/uploads/x.jpg",
		SellPrice: 45000, OriginalPrice: 90000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE user_id = $1 AND kind = 'saved_search_match'", buyer.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			return
		}
		if n > 1 || time.Now().After(deadline) {
			t.Fatalf("%d notices", n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
