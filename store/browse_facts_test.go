package store_test

import (
	"fmt"
	"testing"
	"time"

	"resale/store"
)

// A processor few laptops have is looked up first, and its page read by
// those ids; one none has reads nothing.
func TestProcessorLookedUpFirst(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 100, func(n int) store.SeedProduct {
		p := laptop(seller, 1, fmt.Sprintf("Laptop %d", n), 1000, listedAt.Add(time.Duration(n)*time.Minute))
		p.Specs.Processor = "Intel Core i5"
		if n%20 == 0 {
			p.Specs.Processor = "Apple M3"
		}
		return p
	})
	want := selectIDs(t, pool, `SELECT id FROM products WHERE processor = 'Apple M3' ORDER BY created_at DESC, id DESC`)
	ids, plan := servedBy(t, s, store.BrowseFilter{Processor: "m3", Sort: store.SortNewest, Limit: 10})
	if plan != "planned for its values: BrowseNewest by 5 processor matches" || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("m3: %v served by %q, want %v by its 5 matches", ids, plan, want)
	}
	if ids, plan := servedBy(t, s, store.BrowseFilter{Processor: "m9", Sort: store.SortNewest, Limit: 10}); len(ids) != 0 || plan != "nothing" {
		t.Errorf("m9: %v served by %q, want nothing", ids, plan)
	}
	if ids, plan := servedBy(t, s, store.BrowseFilter{Words: "zzzz", Sort: store.SortNewest, Limit: 10}); len(ids) != 0 || plan != "nothing" {
		t.Errorf("zzzz: %v served by %q, want nothing", ids, plan)
	}
}
