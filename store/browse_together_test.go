package store_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/store"
)

// Spec words each common, fewer together (#36): by its rarest word the
// search is broad, but its words together are estimated few, so their
// matches' places are looked up once, by all its concurrent requests
// together, remembered by its words whatever else is asked with them, and
// every page in every order is picked from them; a change of the catalogue
// forgets them.
func TestSpecWordsFewTogether(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	const n = 600
	names := []string{"Lenovo ThinkPad Core i7 16GB RAM 512GB SSD", "Lenovo ThinkPad Core i7 16GB RAM 1TB SSD",
		"HP ProBook Core i7 8GB RAM 512GB SSD", "Dell Inspiron Core i5 16GB RAM 512GB SSD"}
	price := func(i int) int64 { return 20000 + int64(i*7919%n)*10 } // in no order of time
	catalogue(t, s, n, func(i int) store.SeedProduct {
		return laptop(seller, 1, fmt.Sprintf("%s #%d", names[i%4], i), price(i), listedAt.Add(time.Duration(i)*time.Minute))
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s = store.New(pool)
	s.SetIndexedMatches(100) // 'cpucorei7', 450 listings, is common; all three words are estimated 250 together
	changed := listening(t, ctx, s)
	want := selectIDs(t, pool, `SELECT id FROM products WHERE product_name LIKE 'Lenovo ThinkPad Core i7 16GB RAM 512GB SSD%' ORDER BY id`)
	if len(want) != 150 {
		t.Fatalf("%d matches seeded", len(want))
	}
	var wg sync.WaitGroup
	for range 32 { // the first requests, at once: one lookup
		wg.Go(func() {
			if _, _, err := s.ListProducts(ctx, store.BrowseFilter{Words: "i7 16gb 512ssd", Sort: store.SortPriceAsc, Limit: 7}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := s.Lookups(); got != 1 {
		t.Errorf("32 requests at once looked their matches up %d times, want 1", got)
	}
	var brand string
	if err := pool.QueryRow(ctx, "SELECT name FROM categories WHERE id = 1").Scan(&brand); err != nil {
		t.Fatal(err)
	}
	pagesInEveryOrder(t, s, brand, want)
	if got := s.Lookups(); got != 1 {
		t.Errorf("every order, prices and brand: %d lookups, want the first only", got)
	}
	// a new match: the catalogue's change forgets them, the next search
	// finds it
	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller, CategoryID: 1, Name: "Lenovo ThinkPad Core i7 16GB RAM 512GB SSD new",
		Picture: "/uploads/x.jpg", SellPrice: 25000, OriginalPrice: 99999, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	id := p.ID
	<-changed
	got := productIDs(allPages(t, s, store.BrowseFilter{Words: "i7 16gb 512ssd", Sort: store.SortNewest, Limit: 50}, nil))
	if len(got) != 151 || got[0] != id || s.Lookups() != 2 {
		t.Errorf("after a new match: %d found, first %v (want %d), %d lookups", len(got), got[:1], id, s.Lookups())
	}
}

// pagesInEveryOrder checks that every page of 'i7 16gb 512ssd' in each
// order, within a price range and with the brand, lists want's matches (ids
// ascending) in that order, picked from the remembered places.
func pagesInEveryOrder(t *testing.T, s *store.Store, brand string, want []int64) {
	t.Helper()
	ctx := context.Background()
	prices := map[int64]int64{}
	for _, p := range allPages(t, s, store.BrowseFilter{Words: "i7 16gb 512ssd", Sort: store.SortNewest, Limit: 50}, nil) {
		prices[p.ID] = p.SellPrice
	}
	orders := map[string]func(a, b int64) int{
		store.SortPriceAsc:  func(a, b int64) int { return cmp.Or(cmp.Compare(prices[a], prices[b]), cmp.Compare(a, b)) },
		store.SortPriceDesc: func(a, b int64) int { return -cmp.Or(cmp.Compare(prices[a], prices[b]), cmp.Compare(a, b)) },
		store.SortNewest:    func(a, b int64) int { return -cmp.Compare(a, b) }, // listed in the order of their ids
	}
	for sort, order := range orders {
		for _, f := range []store.BrowseFilter{
			{Words: "i7 16gb 512ssd", Sort: sort, Limit: 7},
			{Words: "i7 16gb 512ssd", Sort: sort, Limit: 7, MinPrice: 21000, MaxPrice: 24000},
			{Words: "i7 16gb 512ssd", Sort: sort, Limit: 7, Category: brand, Condition: "good"},
		} {
			var w []int64
			for _, id := range slices.SortedFunc(slices.Values(want), order) {
				if f.MinPrice == 0 || prices[id] >= f.MinPrice && prices[id] <= f.MaxPrice {
					w = append(w, id)
				}
			}
			_, _, plan, err := s.BrowsePlan(ctx, f)
			if err != nil || !strings.Contains(plan, "by 150 remembered matches") {
				t.Errorf("%s %+v: served by %q (%v)", sort, f, plan, err)
			}
			if got := productIDs(allPages(t, s, f, nil)); !slices.Equal(got, w) {
				t.Errorf("%s %+v: %d found %v,\nwant %d %v", sort, f, len(got), got, len(w), w)
			}
		}
	}
	if len(prices) != len(want) {
		t.Errorf("%d found newest first, want %d", len(prices), len(want))
	}
}

// Words of text each common, seldom together ('walton probook': 20,000 of
// each, 3 with both, the oldest) are probed first: their concurrent
// requests share one lookup of their first matches, which are all there
// are, remembered for every order; no walk is made to give way. Words
// often together ('walton passion') are found many by the probe and walked
// as guessed, probed once.
func TestSeldomTogetherProbed(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, both := waltonProBooksOldest(t, ctx)
	listening(t, ctx, s)            // remembered while the catalogue's changes are heard
	s.SetWalkTime(time.Millisecond) // a walk would give way
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if got := productIDs(allPages(t, s, store.BrowseFilter{Words: "walton probook", Sort: store.SortNewest, Limit: 2}, nil)); !slices.Equal(got, both) {
				t.Errorf("walton probook: %v, want %v", got, both)
			}
		})
	}
	wg.Wait()
	if s.Lookups() != 1 || s.WalksTooLong() != 0 {
		t.Errorf("16 at once: %d lookups, %d walks gave way; want 1 and none", s.Lookups(), s.WalksTooLong())
	}
	// its facets count the remembered matches by their ids, exactly, with
	// no sample of its words' postings or newest products read for them
	facets, err := s.ListFacets(ctx, store.BrowseFilter{Words: "walton probook"})
	if err != nil || facets.Total != 3 || !facets.Exact || facets.Category["WALTON"] != 3 {
		t.Errorf("facets: %d, exact %v, %v (%v); want the 3, exact", facets.Total, facets.Exact, facets.Category, err)
	}
	if s.Lookups() != 1 || s.WalksTooLong() != 0 || s.PostingsPages() != 0 {
		t.Errorf("facets: %d lookups, %d walks gave way, %d pages of postings; want the one lookup alone", s.Lookups(), s.WalksTooLong(), s.PostingsPages())
	}
	for _, sort := range []string{store.SortPriceAsc, store.SortRelevance} {
		f := store.BrowseFilter{Words: "walton probook", Sort: sort, Limit: 2}
		if _, _, plan, err := s.BrowsePlan(ctx, f); err != nil || !strings.Contains(plan, "by 3 remembered matches") {
			t.Errorf("%s: served by %q (%v)", sort, plan, err)
		}
		if got := productIDs(allPages(t, s, f, nil)); len(got) != 3 {
			t.Errorf("%s: %v, want the 3", sort, got)
		}
	}
	s.SetWalkTime(time.Minute) // no walk gives way to a busy machine
	for range 2 {
		got := productIDs(allPages(t, s, store.BrowseFilter{Words: "walton passion", Sort: store.SortNewest, Limit: 500}, nil))
		if len(got) != 20000 || !slices.IsSortedFunc(got, func(a, b int64) int { return cmp.Compare(b, a) }) {
			t.Errorf("walton passion: %d found, want the 20,000 newest first", len(got))
		}
	}
	if s.Lookups() != 2 || s.WalksTooLong() != 0 {
		t.Errorf("walton passion twice: %d more lookups, %d walks gave way; want one probe and none", s.Lookups()-1, s.WalksTooLong())
	}
}

// A lookup begun before a change of the catalogue and finished after it
// serves its request but is not remembered: the next search looks up
// again, and would find what the change brought.
func TestLookupAcrossAChangeNotKept(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	catalogue(t, s, 400, func(i int) store.SeedProduct {
		name := fmt.Sprintf("Walton Passion %d", i)
		if i%2 == 0 {
			name = fmt.Sprintf("HP ProBook %d", i)
		}
		return laptop(seller, 1, name, 30000, listedAt.Add(time.Duration(i)*time.Minute))
	})
	s = analysed(t, pool) // each word, on 200, is common: 'walton probook' is probed
	listening(t, ctx, s)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "LOCK TABLE products IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	never := store.BrowseFilter{Words: "walton probook", Sort: store.SortNewest, Limit: 5}
	done := make(chan error, 1)
	go func() {
		_, _, err := s.ListProducts(ctx, never)
		done <- err
	}()
	for waiting := 0; waiting == 0; time.Sleep(10 * time.Millisecond) {
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
	}
	s.ForgetSearches() // a change, while the lookup waits
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ListProducts(ctx, never); err != nil {
		t.Fatal(err)
	}
	if got := s.Lookups(); got != 2 {
		t.Errorf("%d lookups, want 2: what was read before the change was kept", got)
	}
}
