package jobs_test

import (
	"context"
	"log/slog"
	"slices"
	"testing"
	"time"

	"resale/jobs"
	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// #36 the suggestions are counted afresh by the leader's periodic job: a
// laptop listed after the server started is suggested, with its count, a
// few intervals later.
func TestSuggestionsAreCountedByTheirJob(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool, store.WithSuggestEvery(200*time.Millisecond))
	ctx := context.Background()
	seller := newUser(t, s, "suggestseller")
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) { o.SuggestEvery = 200 * time.Millisecond })
	for range 2 {
		if _, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 1, Name: "Lenovo ThinkPad T480 Core i5 8GB", Picture: "/uploads/x.jpg",
			SellPrice: 45000, OriginalPrice: 90000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"}); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "ThinkPad T480 suggested", 20*time.Second, func() bool {
		got, err := s.Suggest(ctx, "thinkpad")
		if err != nil {
			t.Fatal(err)
		}
		return slices.Equal(got, []store.Suggestion{{Text: "ThinkPad T480", Kind: "model", Count: 2}})
	})
}
