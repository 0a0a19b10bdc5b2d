package store_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"resale/store"
)

// specLaptops are the walkthrough's laptops (#36): some say their specs
// in their own fields, some only in their titles.
var specLaptops = []struct {
	name string
	spec store.Specs
}{
	{"HP EliteBook 840 Core i5 8GB RAM 256GB SSD", store.Specs{}},                               // 1: title only
	{"Dell Latitude 5420", store.Specs{Processor: "Core i5-1135G7", RAMGB: ptr(int32(8))}},      // 2: fields only
	{"Lenovo ThinkPad Core i7 16GB", store.Specs{}},                                             // 3
	{"Asus VivoBook Core i3 8GB", store.Specs{}},                                                // 4
	{"HP ProBook corei5 16 GB RAM", store.Specs{}},                                              // 5
	{"Acer Aspire i7 8gb 512ssd", store.Specs{}},                                                // 6
	{"MacBook Air M1", store.Specs{RAMGB: ptr(int32(16)), Processor: "Apple M1"}},               // 7
	{"Walton laptop 8GB RAM", store.Specs{Processor: "Core i5 11th Gen", RAMGB: ptr(int32(4))}}, // 8: its fields win over its title
}

func ptr[T any](v T) *T { return &v }

// The walkthrough's searches find exactly the listings whose specs say so,
// from their fields or, where those are empty, their titles; "corei5" finds
// Core i5 machines only.
func TestSpecWordsSearch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	cat, err := s.CreateCategory(ctx, "Laptops", "/categories/laptop.svg", store.NoAdmin)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(specLaptops))
	for i, l := range specLaptops {
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller, CategoryID: cat.ID, Name: l.name, Picture: "/uploads/x.jpg",
			SellPrice: 40000 + int64(i), OriginalPrice: 99999, Condition: "good", Location: "Dhaka", Used: "1", Phone: "017000000", Specs: l.spec})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = p.ID
	}
	cases := map[string][]int{
		"core i5 8gb": {1, 2}, "8gb": {1, 2, 4, 6}, "i5 8gb": {1, 2}, "Core i5 8GB": {1, 2}, "i7 16gb": {3},
		"corei5": {1, 2, 5, 8}, "core-i5": {1, 2, 5, 8}, "i5 16gb": {5}, "৮ জিবি": {1, 2, 4, 6},
		"hp 8gb": {1}, "512ssd": {6}, "m1": {7}, "11th gen": {2, 8}, "core i5 4gb": {8},
	}
	for q, want := range cases {
		for _, sort := range []string{store.SortNewest, store.SortRelevance, store.SortPriceAsc} {
			for _, bound := range []int64{0, 1} { // the few-matches and the broad-search forms
				got := allPages(t, s, store.BrowseFilter{Words: q, Sort: sort, Limit: 3, ManyMatchesAt: bound}, nil)
				var at []int
				for _, p := range got {
					at = append(at, slices.Index(ids, p.ID)+1)
				}
				slices.Sort(at)
				if !slices.Equal(at, want) {
					t.Errorf("%q (%s, bound %d) found %v, want %v", q, sort, bound, at, want)
				}
			}
		}
	}
}

// Listings listed before spec words came (migration 00042) are found by
// them once RefreshSpecWords has run; a second run has nothing to do.
func TestRefreshSpecWords(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	cat, err := s.CreateCategory(ctx, "Laptops", "/categories/laptop.svg", store.NoAdmin)
	if err != nil {
		t.Fatal(err)
	}
	catalogue(t, s, 3, func(i int) store.SeedProduct {
		return laptop(seller, cat.ID, []string{"HP Core i5 8GB", "Dell i7 16GB", "Asus 8 GB RAM"}[i-1], int64(30000+i), listedAt)
	})
	if _, err := pool.Exec(ctx, "UPDATE products SET spec_words = '', spec_words_version = 0"); err != nil {
		t.Fatal(err)
	}
	if got := allPages(t, s, store.BrowseFilter{Words: "8gb", Limit: 10}, nil); len(got) != 0 {
		t.Fatalf("before: %d found", len(got))
	}
	if n, err := s.RefreshSpecWords(ctx); err != nil || n != 3 {
		t.Fatalf("refreshed %d, %v", n, err)
	}
	if got := allPages(t, s, store.BrowseFilter{Words: "8gb", Limit: 10}, nil); len(got) != 2 {
		t.Fatalf("after: %d found, want 2", len(got))
	}
	if n, err := s.RefreshSpecWords(ctx); err != nil || n != 0 {
		t.Fatalf("second run refreshed %d, %v", n, err)
	}
}

// Several spec words each common and seldom together, whose matches are
// the dearest laptops (as at 100,000 products, where 'i7 16gb 512ssd'
// cheapest first walked 82,000 cheaper ones): every order gives exactly
// its matches, in its order, across pages, looked up, remembered and
// walked as a broad search alike; a page in an order is picked from the
// matches' places, and only its own listings are read (#36).
func TestSpecWordsTogetherInEveryOrder(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	const n = 600 // a search's bound is 200: the 150 matches are looked up
	names := []string{"Lenovo ThinkPad Core i7 16GB RAM 512GB SSD", "Lenovo ThinkPad Core i7 16GB RAM 1TB SSD",
		"HP ProBook Core i5 16GB RAM 512GB SSD", "Dell Inspiron Core i7 8GB RAM 512GB SSD"}
	place := func(i int) (int64, time.Time) {
		at := listedAt.Add(time.Duration(i*37%n) * time.Minute) // listed in no order of price
		if i%4 == 0 {
			return 90000 + int64(i%7)*10, at // the dearest, seven prices for 150
		}
		return 20000 + int64(i), at
	}
	catalogue(t, s, n, func(i int) store.SeedProduct {
		price, at := place(i)
		name := fmt.Sprintf("%s #%d", names[i%4], i)
		if i%8 == 0 {
			name += " ram16gb" // a spec word twice: ranked above the others
		}
		return laptop(seller, 1, name, price, at)
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	ids := selectIDs(t, pool, "SELECT id FROM products ORDER BY id") // the i-th laptop's id is ids[i-1]
	type match struct {
		id, price int64
		at        time.Time
	}
	var matches []match
	for i := 4; i <= n; i += 4 {
		price, at := place(i)
		matches = append(matches, match{ids[i-1], price, at})
	}
	orders := map[string]func(a, b match) int{
		store.SortPriceAsc:  func(a, b match) int { return cmp.Or(cmp.Compare(a.price, b.price), cmp.Compare(a.id, b.id)) },
		store.SortPriceDesc: func(a, b match) int { return -cmp.Or(cmp.Compare(a.price, b.price), cmp.Compare(a.id, b.id)) },
		store.SortNewest:    func(a, b match) int { return -cmp.Or(a.at.Compare(b.at), cmp.Compare(a.id, b.id)) },
	}
	s = store.New(pool) // the words' sample read afresh
	listening(t, ctx, s)
	for sort, order := range orders {
		for _, within := range [][2]int64{{0, 0}, {90020, 90050}} {
			var want []int64
			for _, m := range slices.SortedFunc(slices.Values(matches), order) {
				if within[0] == 0 || m.price >= within[0] && m.price <= within[1] {
					want = append(want, m.id)
				}
			}
			for _, bound := range []int64{0, 0, 1} { // looked up, remembered, a broad search's walk
				f := store.BrowseFilter{Words: "i7 16gb 512ssd", Sort: sort, MinPrice: within[0], MaxPrice: within[1], Limit: 7, ManyMatchesAt: bound}
				_, _, plan, err := s.BrowsePlan(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				if got := productIDs(allPages(t, s, f, nil)); !slices.Equal(got, want) {
					t.Errorf("%s %v (bound %d, %s): %d found %v,\nwant %d %v", sort, within, bound, plan, len(got), got, len(want), want)
				}
				if picked := strings.Contains(plan, "ListListingsMatching, picked here in order by 150"); picked != (bound == 0) {
					t.Errorf("%s %v (bound %d): served by %q", sort, within, bound, plan)
				}
			}
		}
	}
	// by relevance: as the database ranks them, looked up and remembered
	want := selectIDs(t, pool, `SELECT id FROM products WHERE search @@ to_tsquery('simple', 'cpucorei7 & ram16gb & ssd512gb')
		ORDER BY ts_rank(search, to_tsquery('simple', $1))::real DESC, id DESC`, "'cpucorei7' & 'ram16gb' & 'ssd512gb'")
	for range 2 {
		f := store.BrowseFilter{Words: "i7 16gb 512ssd", Sort: store.SortRelevance, Limit: 7}
		_, _, plan, err := s.BrowsePlan(ctx, f)
		if got := productIDs(allPages(t, s, f, nil)); err != nil || !slices.Equal(got, want) || !strings.Contains(plan, "picked here in order by 150") {
			t.Errorf("by relevance (%s, %v): %v, want %v", plan, err, got, want)
		}
	}
}
