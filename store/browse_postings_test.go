package store_test

import (
	"fmt"
	"testing"
	"time"

	"resale/store"
)

// A broad search in price order is served through its rarest word's
// postings; without them, by a walk of the price index, which finds the
// same.
func TestPostingsServeBroadSearchesByPrice(t *testing.T) {
	t.Parallel()
	_, s, seller := shop(t)
	catalogue(t, s, 200, func(n int) store.SeedProduct {
		return laptop(seller, 1, fmt.Sprintf("Laptop %d", n), int64(1000+(n*37)%500), listedAt.Add(time.Duration(n)*time.Minute))
	})
	f := store.BrowseFilter{Words: "laptop", Sort: store.SortPriceAsc, Limit: 10, ManyMatchesAt: 1}
	through, plan := servedBy(t, s, f)
	if want := "price postings: ListListingsMatching; else walk checking words: BrowseSearchPriceAsc (products_price_idx); else count matches"; plan != want {
		t.Errorf("served by %q, want %q", plan, want)
	}
	s.SetNoPostings()
	walked, plan := servedBy(t, s, f)
	if want := "walk checking words: BrowseSearchPriceAsc (products_price_idx); else count matches"; plan != want {
		t.Errorf("without postings: served by %q, want %q", plan, want)
	}
	if len(through) != 10 || fmt.Sprint(through) != fmt.Sprint(walked) {
		t.Errorf("the postings found %v, the walk %v", through, walked)
	}
}
