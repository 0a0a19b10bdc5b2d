package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"resale/store"
)

// Specs few laptops have, by the kept counts: their matches are found
// first and sorted; with a broad search, its matches with those filters
// are found first, at any price, and read by their ids.
func TestMatchesFoundFirst(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	// found first as a search whose word has many listings in its cells
	// is (findInCells)
	s.SetNoCellPostings()
	listening(t, ctx, s) // the filtered matches found are remembered
	catalogue(t, s, 300, func(n int) store.SeedProduct {
		p := laptop(seller, 1, fmt.Sprintf("Laptop %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		ram := int32(8)
		if n%100 == 0 {
			ram = 32
		}
		p.Specs.RAMGB = &ram
		return p
	})
	analyze(t, pool)
	want := selectIDs(t, pool, `SELECT id FROM products WHERE ram_gb >= 32 ORDER BY created_at DESC, id DESC`)
	ids, plan := servedBy(t, s, store.BrowseFilter{RAMMin: 32, Sort: store.SortNewest, Limit: 10})
	if plan != "matches first: BrowseNewest" || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("32 GB: %v served by %q, want %v found first", ids, plan, want)
	}
	s.SetIndexedMatches(10) // "laptop" is broad by its share
	f := store.BrowseFilter{Words: "laptop", RAMMin: 32, Sort: store.SortNewest, Limit: 10}
	ids, plan = servedBy(t, s, f)
	if plan != "filtered matches first: ListListingsMatching, sorted here by 3 remembered matches; else matches first: BrowseSearchNewest (products_available_idx)" ||
		fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("laptop with 32 GB: %v served by %q, want %v found first with its filters", ids, plan, want)
	}
	// the same search by price goes by the matches remembered
	f.Sort = store.SortPriceDesc
	ids, plan = servedBy(t, s, f)
	if plan != "planned for its values: ListListingsMatching, sorted here by 3 remembered matches" || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("laptop with 32 GB, dearest first: %v served by %q, want %v by the remembered matches", ids, plan, want)
	}
}
