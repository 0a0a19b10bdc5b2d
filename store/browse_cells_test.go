package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
)

// A list by RAM or storage type in price order goes by cells (#38): every
// page of it, cheapest first and dearest first, with each of the filters
// the cells' query checks, lists exactly the products a plain query
// sorts, in the same order, ties in price broken by id; and the plan says
// it went by cells.
func TestCellsPagesAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	conditions := []string{"good", "fair", "excellent"}
	types := []string{"", "SSD", "HDD"}
	rams := []int32{0, 4, 8, 16, 32}
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		// prices repeat (ties by id) and run against RAM: the dearest
		// RAM the cheapest here, as no walk of the price index expects
		p := laptop(seller, int64(1+n%4), fmt.Sprintf("Laptop %d", n), int64(50000-(n%5)*9000+(n%7)*100), listedAt.Add(time.Duration(n)*time.Minute))
		p.Condition = conditions[n%3]
		if r := rams[n%5]; r != 0 {
			p.Specs.RAMGB = &r
		}
		p.Specs.StorageType = types[n%3*n%7%3]
		if n%4 != 0 {
			battery := int32(50 + n%50)
			p.Specs.BatteryHealth = &battery
		}
		if n%6 == 0 {
			size := int32(256 * (1 + n/6%3))
			p.Specs.StorageGB = &size
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	filters := []store.BrowseFilter{
		{RAMMin: 16},
		{RAMMin: 8, StorageType: "SSD"},
		{StorageType: "HDD", Condition: "fair"},
		{RAMMin: 4, Category: "WALTON"},
		{RAMMin: 32, Category: "HP", Condition: "good"},
		{RAMMin: 8, BatteryMin: 85},
		{RAMMin: 8, BatteryMin: 80, StorageMin: 512},
		{StorageType: "SSD", MinPrice: 20000, MaxPrice: 40000},
		{RAMMin: 64},
	}
	for _, f := range filters {
		for _, sort := range []string{store.SortPriceAsc, store.SortPriceDesc} {
			f.Sort, f.Limit = sort, 7
			order := "p.sell_price, p.id"
			if sort == store.SortPriceDesc {
				order = "p.sell_price DESC, p.id DESC"
			}
			want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
				WHERE ($1 = 0 OR p.ram_gb >= $1) AND ($2 = '' OR p.storage_type = $2) AND ($3 = '' OR p.condition = $3)
				  AND ($4 = '' OR c.name = $4) AND ($5 = 0 OR p.battery_health >= $5) AND ($6 = 0 OR p.storage_gb >= $6)
				  AND p.sell_price >= $7 AND ($8 = 0 OR p.sell_price <= $8)
				ORDER BY `+order, f.RAMMin, f.StorageType, f.Condition, f.Category, f.BatteryMin, f.StorageMin, f.MinPrice, f.MaxPrice)
			got := productIDs(allPages(t, s, f, nil))
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %v\nwant %v", f, got, want)
			}
			if f.RAMMin != 64 && len(want) == 0 {
				t.Errorf("%+v: the catalogue has none: the test checks nothing", f)
			}
			_, _, plan, err := s.BrowsePlan(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if wantPlan := "walk cells: " + map[string]string{store.SortPriceAsc: "BrowseCellsPriceAsc", store.SortPriceDesc: "BrowseCellsPriceDesc"}[sort] +
				" (products_cell_price_idx)"; plan != wantPlan {
				t.Errorf("%+v: plan %q, want %q", f, plan, wantPlan)
			}
		}
	}
}

// A broad search in price order with a brand, a condition, a RAM or a
// storage type goes by its rarest word's postings of each cell (#38):
// every page of it, both ways, lists exactly what a plain query sorts,
// with a prefix standing for several words, a spec word, other words and
// filters; and the plan says it went by them.
func TestCellPostingsPagesAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	names := []string{"HP ProBook 450", "HP ProBook 440", "Walton Passion Pro", "Apple MacBook Pro", "HP ProDesk"}
	conditions := []string{"good", "fair", "excellent"}
	rams := []int32{0, 4, 8, 16}
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		// the more RAM, the cheaper: its cells' postings far along its word's
		p := laptop(seller, int64(1+n%3), names[n%5]+fmt.Sprintf(" %d", n%11), int64(90000-(n%4)*20000+(n%13)*100), listedAt.Add(time.Duration(n)*time.Minute))
		p.Condition = conditions[n/5%3]
		if r := rams[n%4]; r != 0 {
			p.Specs.RAMGB = &r
		}
		if n%3 != 0 {
			p.Specs.StorageType = "SSD"
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		f     store.BrowseFilter
		query string // the search as a tsquery, for the plain query
	}{
		{store.BrowseFilter{Words: "probook", RAMMin: 16}, "'probook':*"},
		{store.BrowseFilter{Words: "pro", Category: "WALTON"}, "'pro':*"},
		{store.BrowseFilter{Words: "8gb", StorageType: "SSD", Condition: "fair"}, "'ram8gb'"},
		{store.BrowseFilter{Words: "hp pro", RAMMin: 4, MaxPrice: 70000}, "'hp':* & 'pro':*"},
		{store.BrowseFilter{Words: "probook 450", Condition: "excellent"}, "'probook':* & '450':*"},
		// its rarest word '7', a fifth of whose listings are no ProBook
		{store.BrowseFilter{Words: "probook 7", RAMMin: 4}, "'probook':* & '7':*"},
	}
	for _, c := range cases {
		f := c.f
		for _, sort := range []string{store.SortPriceAsc, store.SortPriceDesc} {
			f.Sort, f.Limit, f.ManyMatchesAt = sort, 7, 5
			order := "p.sell_price, p.id"
			if sort == store.SortPriceDesc {
				order = "p.sell_price DESC, p.id DESC"
			}
			want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
				WHERE p.search @@ to_tsquery('simple', $1) AND ($2 = 0 OR p.ram_gb >= $2) AND ($3 = '' OR p.storage_type = $3)
				  AND ($4 = '' OR p.condition = $4) AND ($5 = '' OR c.name = $5) AND ($6 = 0 OR p.sell_price <= $6)
				ORDER BY `+order, c.query, f.RAMMin, f.StorageType, f.Condition, f.Category, f.MaxPrice)
			_, _, plan, err := s.BrowsePlan(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			got := productIDs(allPages(t, s, f, nil))
			if len(want) <= f.Limit {
				t.Errorf("%+v: %d found: the test checks no second page", f, len(want))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %v\nwant %v", f, got, want)
			}
			if !strings.HasPrefix(plan, "cell postings: BrowseCellPostings") {
				t.Errorf("%+v: plan %q", f, plan)
			}
		}
	}
}

// A search whose few matches are looked up with their places picks a page
// with a brand, condition, RAM or storage type among the matches in
// those alone (their cells come with the places), and finds what a plain
// query sorts, in every order, page after page.
func TestPickedMatchesByCell(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	rams := []int32{0, 4, 8, 16}
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		p := laptop(seller, int64(1+n%3), fmt.Sprintf("HP ProBook %d", n%23), int64(90000-(n%4)*20000+(n%13)*100), listedAt.Add(time.Duration(n)*time.Minute))
		p.Condition = []string{"good", "fair", "excellent"}[n/5%3]
		if r := rams[n%4]; r != 0 {
			p.Specs.RAMGB = &r
		}
		if n%3 != 0 {
			p.Specs.StorageType = "SSD"
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []store.BrowseFilter{
		{Words: "probook 7", Category: "HP"},
		{Words: "probook 7", RAMMin: 8},
		{Words: "probook 7", StorageType: "SSD", Condition: "good"},
		{Words: "probook 7", Category: "WALTON", RAMMin: 16},
	} {
		for _, sort := range []string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc} {
			f.Sort, f.Limit = sort, 3
			order := map[string]string{store.SortNewest: "p.created_at DESC, p.id DESC", store.SortPriceAsc: "p.sell_price, p.id",
				store.SortPriceDesc: "p.sell_price DESC, p.id DESC"}[sort]
			want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
				WHERE p.search @@ to_tsquery('simple', '''probook'':* & ''7'':*') AND ($1 = 0 OR p.ram_gb >= $1) AND ($2 = '' OR p.storage_type = $2)
				  AND ($3 = '' OR p.condition = $3) AND ($4 = '' OR c.name = $4)
				ORDER BY `+order, f.RAMMin, f.StorageType, f.Condition, f.Category)
			_, _, plan, err := s.BrowsePlan(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(plan, "picked here in order") {
				t.Errorf("%+v: plan %q", f, plan)
			}
			if got := productIDs(allPages(t, s, f, nil)); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %v\nwant %v", f, got, want)
			}
			if len(want) <= f.Limit && f.Category != "WALTON" {
				t.Errorf("%+v: %d found: the test checks no second page", f, len(want))
			}
		}
	}
}

// A broad search with a RAM few of its listings have finds its matches
// through its word's postings of its cells before any walk, and remembers
// them (#38): its pages in every order are what a plain query sorts; with
// a RAM most have, its word's listings in its cells are many and it walks
// as before.
func TestBroadSearchFoundInCells(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, s := probooks(t, ctx, 300) // seven with 16 GB
	for _, sort := range []string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc, store.SortRelevance} {
		f := store.BrowseFilter{Words: "probook", RAMMin: 16, Sort: sort, Limit: 3}
		order := map[string]string{store.SortNewest: "created_at DESC, id DESC", store.SortPriceAsc: "sell_price, id",
			store.SortPriceDesc: "sell_price DESC, id DESC", store.SortRelevance: "ts_rank(search, to_tsquery('simple', 'probook:*')) DESC, id DESC"}[sort]
		want := selectIDs(t, pool, "SELECT id FROM products WHERE ram_gb >= 16 ORDER BY "+order)
		before := s.CellFinds()
		if got := productIDs(allPages(t, s, f, nil)); len(want) != 7 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s:\n got %v\nwant %v", sort, got, want)
		}
		if sort == store.SortNewest && s.CellFinds() != before+1 {
			t.Errorf("%s: found in cells %d times, want once, then remembered", sort, s.CellFinds()-before)
		}
		// picked from their places, not fetched and sorted or ranked whole
		if _, _, plan, err := s.BrowsePlan(ctx, f); err != nil || !strings.Contains(plan, "picked here in order by 7 remembered matches") {
			t.Errorf("%s: served by %q (%v)", sort, plan, err)
		}
	}
	before := s.CellFinds()
	f := store.BrowseFilter{Words: "probook", RAMMin: 8, Sort: store.SortNewest, Limit: 3}
	if got, _, err := s.ListProducts(ctx, f); err != nil || len(got) != 3 {
		t.Errorf("with 8 GB: %d, %v", len(got), err)
	}
	if s.CellFinds() != before {
		t.Error("2,100 listings in its cells were found in them")
	}
}

// The first requests of a search found in its cells, many at once at any
// price (a price slider, a busy shop), share one finding (#38): sixteen
// each read its matches' rows before.
func TestFoundInCellsOnce(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	_, s := probooks(t, ctx, 30) // seventy with 16 GB
	before := s.CellFinds()
	start := make(chan struct{})
	var wg sync.WaitGroup
	counts := make([]int, 16)
	for i := range counts {
		wg.Go(func() {
			<-start
			f := store.BrowseFilter{Words: "probook", RAMMin: 16, Sort: store.SortNewest, Limit: 24, MaxPrice: int64(90000 + i)}
			got, _, err := s.ListProducts(ctx, f)
			if err != nil {
				t.Error(err)
			}
			counts[i] = len(got)
		})
	}
	close(start)
	wg.Wait()
	if n := s.CellFinds() - before; n != 1 {
		t.Errorf("16 requests at once found their matches in cells %d times, want once", n)
	}
	for i, n := range counts {
		if n != 24 {
			t.Errorf("request %d: %d listings, want a page of 24", i, n)
		}
	}
}

// probooks is a shop of 2,100 HP ProBooks with 8 GB of RAM but one in
// every, which has 16, analysed, its changes heard (what a search finds
// is remembered only while they are).
func probooks(t *testing.T, ctx context.Context, every int) (*pgxpool.Pool, *store.Store) {
	t.Helper()
	pool, s, seller := shop(t)
	catalogue(t, s, 2100, func(n int) store.SeedProduct {
		p := laptop(seller, 3, fmt.Sprintf("HP ProBook %d", n%9), int64(20000+n%50*300), listedAt.Add(time.Duration(n)*time.Minute))
		ram := int32(8)
		if n%every == 0 {
			ram = 16
		}
		p.Specs.RAMGB = &ram
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	listening(t, ctx, s)
	return pool, s
}
