package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"resale/store"
)

// servedBy lists f's first page and answers its ids and the plan that
// served it.
func servedBy(t *testing.T, s *store.Store, f store.BrowseFilter) ([]int64, string) {
	t.Helper()
	ps, _, plan, err := s.BrowsePlan(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return productIDs(ps), plan
}

// A search's looked-up matches are read by their ids, few or more than
// fewListings: a page is picked here from their places (price, time,
// rank) and only its own are read, in the order asked for.
func TestFewMatchesReadByTheirIDs(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 300, func(n int) store.SeedProduct {
		name := fmt.Sprintf("HP ProBook %d", n)
		switch {
		case n <= 2:
			name = fmt.Sprintf("Asus TUF %d", n)
		case n <= 152:
			name = fmt.Sprintf("Asus Vivobook %d", n)
		}
		return laptop(seller, 1, name, int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
	})
	newest := selectIDs(t, pool, `SELECT id FROM products WHERE product_name ILIKE 'asus tuf%' ORDER BY created_at DESC, id DESC`)
	for _, tt := range []struct {
		f    store.BrowseFilter
		want string
	}{
		{store.BrowseFilter{Words: "asus tuf", Sort: store.SortNewest}, "planned for its values: ListListingsMatching, picked here in order by 2 looked-up matches"},
		{store.BrowseFilter{Words: "asus", Sort: store.SortRelevance}, "planned for its values: ListListingsMatching, picked here in order by 152 looked-up matches"},
		{store.BrowseFilter{Words: "asus", Sort: store.SortPriceAsc}, "planned for its values: ListListingsMatching, picked here in order by 152 looked-up matches"},
	} {
		tt.f.Limit = 10
		ids, plan := servedBy(t, s, tt.f)
		if plan != tt.want {
			t.Errorf("%q %s: served by %q, want %q", tt.f.Words, tt.f.Sort, plan, tt.want)
		}
		all := productIDs(allPages(t, s, tt.f, nil))
		if tt.f.Words == "asus" && len(all) != 152 {
			t.Errorf("%q %s: %d found, want 152", tt.f.Words, tt.f.Sort, len(all))
		}
		if want := selectIDs(t, pool, `SELECT id FROM products WHERE product_name ILIKE 'asus%' ORDER BY sell_price, id`); tt.f.Sort == store.SortPriceAsc &&
			fmt.Sprint(all) != fmt.Sprint(want) {
			t.Errorf("asus cheapest first: %v, want %v", all, want)
		}
		if tt.f.Words == "asus tuf" && fmt.Sprint(ids) != fmt.Sprint(newest) {
			t.Errorf("asus tuf: %v, want %v", ids, newest)
		}
	}
}
