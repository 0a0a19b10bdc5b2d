package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
	"resale/store/storetest"
)

// The hot lists (a brand's newest products, Urgent Sell) run as prepared
// statements whose cached generic plan PostgreSQL may reuse for every
// value; the other lists are planned for their values each time. Each must then reach its rows
// through its index with every argument an index condition: a generic plan
// that filters instead would walk a whole index for a rare brand or a deep
// page. This pins the queries' shape (no "$1 IS NULL OR ..." conditions).
func TestGenericPlansUseTheirIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// plans follow statistics: a catalogue with a common brand, a rare one
	pool := storetest.Pool(t)
	s := store.New(pool)
	var sellers []int64
	for i := range 5 {
		u, err := s.CreateUser(ctx, store.NewUser{Name: "S", Email: fmt.Sprintf("s%d@example.com", i), Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		sellers = append(sellers, u.ID)
	}
	for i := range 300 {
		category := int64(3)
		if i%60 == 0 {
			category = 4
		}
		_, err := s.InsertSeedProduct(ctx, store.SeedProduct{NewProduct: store.NewProduct{SellerID: sellers[i%len(sellers)], CategoryID: category, Name: "HP ProBook",
			Picture: "/uploads/x.jpg", SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "017000000"},
			CreatedAt: time.Now().Add(-time.Duration(i) * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	checkGenericPlans(t, pool, []genericPlan{
		{"BrowseCategoryNewest", "(3, NULL, NULL, 25)", "Index Cond: ((category_id = $1) AND (ROW(created_at, id) < ROW("},
		{"ListAdvertisedProducts", "(NULL, NULL, 25)", "Index Cond: (ROW(advertised_at, id) < ROW("},
		// the sitemap: a file is an id range of the available products'
		// own index, and each range of the index one probe of it
		{"ListSitemapProducts", "(0, 50000)", "Index Scan using products_sitemap_idx on products"},
		{"ListSitemapRanges", "(50000)", "Index Only Scan using products_sitemap_idx on products p"},
		// similar laptops: the brand's price index, walked from the price
		{"ListSimilarAbove", "(3, 1000, 1250, 1, 8)", "Index Cond: ((category_id = $1) AND (sell_price >= $2) AND (sell_price <= $3))"},
		{"ListSimilarBelow", "(3, 1000, 750, 1, 8)", "Index Cond: ((category_id = $1) AND (sell_price < $2) AND (sell_price >= $3))"},
		// a broad search in price order: its word's postings, from a
		// price and id to a price, in order from the table's key
		{"ListPostingsPriceAsc", "(900, 7, 5000, NULL, NULL, 25, 16, 'probook', 'probook' || chr(1114111))",
			"Index Cond: ((word = f.word) AND (ROW(sell_price, product_id) > ROW($1, $2)) AND (sell_price <= $3))"},
		{"ListPostingsPriceDesc", "(5000, 7, 900, NULL, NULL, 25, 16, 'probook', 'probook' || chr(1114111))",
			"Index Cond: ((word = f.word) AND (ROW(sell_price, product_id) < ROW($1, $2)) AND (sell_price >= $3))"},
		// ... and the listings they name checked, a key lookup each, for
		// any number of ids
		{"ListListingsMatching", "('probook:*', '{1,2,3}', NULL, NULL, NULL, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
			"Index Cond: (id = ANY ($2))"},
		// a broad search's facets, counted among the listings its postings
		// name: a key lookup each as well
		{"CountFacetsAmong", "('{1,2,3}', NULL, NULL, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, NULL, NULL, 200)",
			"Index Cond: (id = ANY ($1))"},
		// #38 a list by RAM in price order: each cell's products along
		// their own price index (migration 00057)
		{"BrowseCellsPriceAsc", "(NULL, NULL, 8, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, 25)",
			"Index Scan using products_cell_price_idx on products q"},
		{"BrowseCellsPriceDesc", "(NULL, NULL, 8, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, 25)",
			"Index Scan Backward using products_cell_price_idx on products q"},
		// the facets' kept counts: a few hundred rows, read whole
		{"ListFacetCounts", "", "Seq Scan on product_facet_counts f"},
		// #39 the price guide's comparables: one key's newest along its
		// index (each one's sale is a probe of bookings_sale_product_idx
		// once there are bookings; none here)
		{"ListPriceComparables", "('cpucorei5 gen12th ram8gb', now() - interval '2 years', 300)",
			"Index Scan using products_price_guide_idx on products p"},
	})
}

// genericPlan is a query of sql/, the arguments it is executed with, and
// what its generic plan must hold.
type genericPlan struct{ name, execute, want string }

// checkGenericPlans prepares each query on one connection that plans
// generically, and checks its plan holds what it must.
func checkGenericPlans(t *testing.T, pool *pgxpool.Pool, plans []genericPlan) {
	t.Helper()
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SET plan_cache_mode = force_generic_plan"); err != nil {
		t.Fatal(err)
	}
	for _, c := range plans {
		t.Run(c.name, func(t *testing.T) {
			if _, err := conn.Exec(ctx, "PREPARE "+c.name+" AS "+generatedQuery(t, c.name)); err != nil {
				t.Fatal(err)
			}
			if plan := explain(t, conn, "EXPLAIN EXECUTE "+c.name+c.execute); !strings.Contains(plan, c.want) {
				t.Errorf("the generic plan of %s lacks %q:\n%s", c.name, c.want, plan)
			}
		})
	}
}

// #38 a broad search with RAM in price order reads its word's postings of
// each cell (migration 00058), counted from the index alone first; their
// generic plans too go along search_postings_cell_idx, not a scan of the
// postings (20 of 20,000 listings' words here: the postings are some
// 100,000 rows).
func TestCellPostingsGenericPlans(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 20000, func(n int) store.SeedProduct {
		p := laptop(seller, int64(1+n%4), fmt.Sprintf("HP ProBook %d Core i5", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		ram := int32(4 << (n % 3))
		p.Specs.RAMGB = &ram
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	page := "(NULL, NULL, 8, NULL, NULL, NULL, NULL, NULL, '{probook}', NULL, NULL, 'probook:*', NULL, NULL, NULL, NULL, false, false, false, NULL, NULL, 25)"
	checkGenericPlans(t, pool, []genericPlan{
		{"BrowseCellPostingsAsc", page, "Index Only Scan using search_postings_cell_idx on search_postings s "},
		{"BrowseCellPostingsDesc", page, "Index Only Scan Backward using search_postings_cell_idx on search_postings s "},
		{"ListCellPostingIDs", "('{probook}', 2001, NULL, NULL, 8, NULL, NULL, NULL, NULL, NULL)",
			"Index Only Scan using search_postings_cell_idx on search_postings s"},
	})
}

// #39 the verdicts' periodic walk reads a batch after an id along the
// available products' own index of ids (the sitemap's), whatever the
// catalogue's size, in its generic plan.
func TestJudgeWalkPlan(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 300, func(n int) store.SeedProduct {
		return laptop(seller, 3, fmt.Sprintf("HP ProBook %d", n), 1000, listedAt.Add(time.Duration(n)*time.Hour))
	})
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SET plan_cache_mode = force_generic_plan; PREPARE judge AS "+generatedQuery(t, "ListListingsToJudge")); err != nil {
		t.Fatal(err)
	}
	if plan := explain(t, conn, "EXPLAIN EXECUTE judge(0, 500)"); !strings.Contains(plan, "Index Scan using products_sitemap_idx on products") ||
		!strings.Contains(plan, "Index Cond: (id > $1)") {
		t.Errorf("the verdicts' walk does not walk products_sitemap_idx:\n%s", plan)
	}
}

// generatedQuery is the SQL text sqlc generated for the named query.
func generatedQuery(t *testing.T, name string) string {
	t.Helper()
	files, err := filepath.Glob("internal/dbsqlc/*.sql.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, found := strings.Cut(string(src), "`-- name: "+name+" ")
		if !found {
			continue
		}
		query, _, _ := strings.Cut(rest, "`")
		_, query, _ = strings.Cut(query, "\n")
		return query
	}
	t.Fatalf("no generated query named %s", name)
	return ""
}

// The queries whose plan must follow their values never become prepared
// statements (which would run with a generic plan); the hot ones do.
func TestOnlyHotQueriesArePrepared(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	s := store.New(pool)
	for _, f := range []store.BrowseFilter{
		{Category: "HP", Sort: store.SortNewest, Limit: 5},
		{Category: "HP", Sort: store.SortNewest, Condition: "good", Limit: 5},
		{Category: "HP", Sort: store.SortPriceAsc, Limit: 5},
		{Words: "hp", Sort: store.SortRelevance, Limit: 5},
		{Category: "HP", Sort: store.SortNewest, RAMMin: 8, Processor: "i5", Limit: 5},
	} {
		if _, _, err := s.ListProducts(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	// the brand page's facets from the kept counts, a filtered one counted
	for _, f := range []store.BrowseFilter{{Category: "HP"}, {Category: "HP", BatteryMin: 80}} {
		if _, err := s.ListFacets(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	prepared := preparedQueries(t, pool)
	if !prepared["BrowseCategoryNewest"] {
		t.Errorf("BrowseCategoryNewest is not a prepared statement; prepared: %v", prepared)
	}
	if !prepared["ListFacetCounts"] {
		t.Errorf("ListFacetCounts is not a prepared statement; prepared: %v", prepared)
	}
	for _, name := range []string{"BrowseNewest", "BrowsePriceAsc", "BrowseRelevance", "CountFacetsLive", "ListProcessorMatches"} {
		if prepared[name] {
			t.Errorf("%s is prepared, so it would run with a generic plan", name)
		}
	}
}

// A broad search's walk runs prepared, its plan kept, with every plan but
// the walk turned off: its generic plan walks the sort's index in order
// and stops after a page, for any words and filters.
func TestWalksArePreparedAndWalk(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 300, func(n int) store.SeedProduct {
		// among four brands and three conditions, so that one brand, and
		// one brand's condition, are worth their own indexes
		p := laptop(seller, int64(1+n%4), fmt.Sprintf("HP ProBook %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		p.Condition = []string{"good", "excellent", "fair"}[n/4%3]
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	// in price order, as when a prefix stands for too many words
	s.SetNoPostings()
	for _, f := range []store.BrowseFilter{{Sort: store.SortNewest}, {Sort: store.SortPriceAsc}, {Sort: store.SortPriceDesc}, {Sort: store.SortNewest, Category: "HP"},
		{Sort: store.SortNewest, Category: "HP", Condition: "fair"}} {
		f.Words, f.MaxPrice, f.Limit, f.ManyMatchesAt = "probook", 5000, 5, 10
		if ps, _, err := s.ListProducts(ctx, f); err != nil || len(ps) != 5 {
			t.Fatalf("%s %s: %v, %v", f.Sort, f.Category, ps, err)
		}
	}
	prepared := preparedQueries(t, pool)
	for _, name := range []string{"BrowseSearchNewest", "BrowseSearchPriceAsc", "BrowseSearchPriceDesc", "BrowseSearchNewestInCategory", "BrowseSearchNewestInCategoryCondition"} {
		if !prepared[name] {
			t.Errorf("%s is not prepared; prepared: %v", name, prepared)
		}
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SET plan_cache_mode = force_generic_plan; "+strings.ReplaceAll(store.WalkPlans, "SET LOCAL", "SET")); err != nil {
		t.Fatal(err)
	}
	// a query, a price ceiling (as a shopper's slider sends), a brand; no
	// place (the NULL after the location)
	args := "(NULL, 'probook:*', 3, NULL, 5000, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 6)"
	for _, c := range []struct{ name, execute, want string }{
		{"BrowseSearchNewest", args, "Index Scan using products_available_idx on products p"},
		// in a brand, its own index, the brand an index condition; with a
		// condition too, the brand's index of conditions
		{"BrowseSearchNewestInCategory", args, "Index Scan using products_category_available_idx on products p"},
		{"BrowseSearchNewestInCategoryCondition", strings.Replace(args, "5000, NULL,", "5000, 'fair',", 1), "Index Scan using products_category_condition_idx on products p"},
		{"BrowseSearchPriceAsc", args, "Index Scan using products_price_idx on products p"},
		{"BrowseSearchPriceDesc", args, "Index Scan Backward using products_price_idx on products p"},
		{"CountFacetsNewest", "('probook:*', NULL, 5000, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, NULL, NULL, 200)", "Index Scan using products_available_idx on products p"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := conn.Exec(ctx, "PREPARE "+c.name+" AS "+generatedQuery(t, c.name)); err != nil {
				t.Fatal(err)
			}
			plan := explain(t, conn, "EXPLAIN (ANALYZE, COSTS OFF) EXECUTE "+c.name+c.execute)
			// the words' query is parsed once, not for each row read
			if !strings.Contains(plan, c.want) || !strings.Contains(plan, "InitPlan") || strings.Contains(plan, "Sort") {
				t.Errorf("the walk's generic plan of %s lacks %q or an InitPlan, or sorts:\n%s", c.name, c.want, plan)
			}
		})
	}
}

// preparedQueries are the sqlc queries prepared on pool's idle connections.
func preparedQueries(t *testing.T, pool *pgxpool.Pool) map[string]bool {
	t.Helper()
	prepared := map[string]bool{}
	for _, c := range pool.AcquireAllIdle(context.Background()) {
		rows, err := c.Query(context.Background(), "SELECT statement FROM pg_prepared_statements")
		if err != nil {
			c.Release()
			t.Fatal(err)
		}
		names, err := pgx.CollectRows(rows, pgx.RowTo[string])
		c.Release()
		if err != nil {
			t.Fatal(err)
		}
		for _, sql := range names {
			if name, ok := strings.CutPrefix(sql, "-- name: "); ok {
				name, _, _ = strings.Cut(name, " ")
				prepared[name] = true
			}
		}
	}
	return prepared
}

// explain answers the plan an EXPLAIN statement prints on conn.
func explain(t *testing.T, conn *pgxpool.Conn, statement string) string {
	t.Helper()
	rows, err := conn.Query(context.Background(), statement)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// TestWalksOnTheirOwnConnections: with connections whose sessions walk
// (store.WithWalks), a list's walk runs there, prepared, its kept plan a
// walk along the newest index made under the walk's settings, in no
// transaction of its own; the pages are those of a walk in a transaction.
// Past the connections' statement_timeout the walk gives way, and the page
// is read as its plan says otherwise.
func TestWalksOnTheirOwnConnections(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, plain, seller := shop(t)
	catalogue(t, plain, 300, func(n int) store.SeedProduct {
		p := laptop(seller, int64(1+n%4), fmt.Sprintf("HP ProBook %d", n), int64(1000+n), listedAt.Add(time.Duration(n%40)*time.Minute))
		p.AreaID = []string{"thana-4676", "thana-4711", "upazila-365"}[n%3]
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	walks, err := store.OpenWalks(pool.Config().ConnString(), 1, store.WalkTime)
	if err != nil {
		t.Fatal(err)
	}
	defer walks.Close()
	s := store.New(pool, store.WithWalks(walks, nil, store.WalkTime))
	f := store.BrowseFilter{Category: "HP", MaxPrice: 99999, Sort: store.SortNewest, Limit: 9}
	var got, want []int64
	for _, c := range []struct {
		s   *store.Store
		ids *[]int64
	}{{s, &got}, {plain, &want}} {
		f := f
		for {
			ps, next, plan, err := c.s.BrowsePlan(ctx, f)
			if err != nil || !strings.HasPrefix(plan, "walk, plan kept: BrowseNewest") {
				t.Fatalf("served by %q: %v", plan, err)
			}
			*c.ids = append(*c.ids, productIDs(ps)...)
			if f.After = next; next == nil {
				break
			}
		}
	}
	if len(got) != 75 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("walked on their own connections %v, in a transaction %v", got, want)
	}
	// nearest first too: each round of areas on them
	near, _, err := s.ListProducts(ctx, store.BrowseFilter{Sort: store.SortDistance, Near: &store.LatLon{Lat: 23.75, Lon: 90.37}, Limit: 9})
	if err != nil || len(near) != 9 {
		t.Fatalf("nearest first: %d, %v", len(near), err)
	}
	prepared := preparedQueries(t, walks)
	for _, name := range []string{"BrowseNewest", "BrowseNearest"} {
		if !prepared[name] {
			t.Errorf("%s is not prepared on the walks' connections: %v", name, prepared)
		}
	}
	conn, err := walks.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	plan := explain(t, conn, "EXPLAIN (COSTS OFF) EXECUTE "+preparedName(t, conn, "BrowseNewest")+
		"(3, NULL, NULL, NULL, 99999, NULL, NULL, NULL, false, false, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 10)")
	conn.Release()
	if !strings.Contains(plan, "Index Scan") || strings.Contains(plan, "Sort") || strings.Contains(plan, "Bitmap") {
		t.Errorf("the walks' kept plan of BrowseNewest is not a walk in order:\n%s", plan)
	}

	walkHeldUp(t, pool, f)
}

// walkHeldUp: a walk on connections whose statement_timeout is 50 ms,
// held up by a lock past it, gives way, and f's page is read as its plan
// says otherwise once the lock goes.
func walkHeldUp(t *testing.T, pool *pgxpool.Pool, f store.BrowseFilter) {
	t.Helper()
	ctx := context.Background()
	slow, err := store.OpenWalks(pool.Config().ConnString(), 1, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	held := store.New(pool, store.WithWalks(slow, nil, 50*time.Millisecond))
	held.SetWalkTime(50 * time.Millisecond)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE products IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(300*time.Millisecond, func() { tx.Rollback(ctx) }) //nolint:errcheck
	ps, _, plan, err := held.BrowsePlan(ctx, f)
	if err != nil || len(ps) != 9 || held.WalksTooLong() != 1 || !strings.HasPrefix(plan, "planned for its values") {
		t.Fatalf("held up: %d products, %d walks gave way, served by %q: %v", len(ps), held.WalksTooLong(), plan, err)
	}
}

// preparedName is the name the sqlc query name is prepared by on conn.
func preparedName(t *testing.T, conn *pgxpool.Conn, query string) string {
	t.Helper()
	var name string
	if err := conn.QueryRow(context.Background(), "SELECT name FROM pg_prepared_statements WHERE statement LIKE $1",
		"-- name: "+query+" %").Scan(&name); err != nil {
		t.Fatalf("%s is not prepared on this connection: %v", query, err)
	}
	return name
}

// A booking's views (its buyer's, its seller's, its notices') and the
// lists of bookings look their product up by its key, whatever the
// bookings' statistics say. With bookings of old products only (a new
// shop's, or a day's not yet analyzed), the generic plan walked products
// in id order from the first to the booking's product instead (a merge
// join): 30 to 140 ms a booking at 300,000 products. And what the minute's
// job and a product's end change are found by an index, not by reading
// every product.
func TestBookingPlansLookUpTheirProduct(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 20000, func(n int) store.SeedProduct {
		return laptop(seller, int64(1+n%4), fmt.Sprintf("HP ProBook %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
	})
	buyer, err := s.CreateUser(ctx, store.NewUser{Name: "B", Email: "b@example.com", Role: store.RoleBuyer})
	if err != nil {
		t.Fatal(err)
	}
	var first []int64
	if err := pool.QueryRow(ctx, "SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM products ORDER BY id LIMIT 2) p").Scan(&first); err != nil {
		t.Fatal(err)
	}
	for _, id := range first {
		if _, err := s.CreateBooking(ctx, store.NewBooking{ProductID: id, Buyer: buyer, Phone: "01811223344", MeetLocation: "Mirpur"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	const byKey = "Index Cond: (id = b.product_id)"
	checkGenericPlans(t, pool, []genericPlan{
		{"GetBookingView", "(1)", byKey},
		{"GetLeadView", "(1)", byKey},
		{"GetBookingNoticeFacts", "(1)", byKey},
		{"ListBuyerBookings", "(1, NULL, 25)", byKey},
		{"ListSellerLeads", "(1, NULL, 25)", byKey},
		{"ListAllLeads", "(NULL, 25)", byKey},
		{"ListRecentSales", "(300)", byKey},
		{"CancelOpenBookingsOfProduct", "(1, '{pending,accepted}')", "Index Cond: (id = $1)"},
		{"CancelOpenBookingsOfUser", "('{pending,accepted}', 1)", "Index Cond: (id = closed_"},
		{"EndAdvertisements", "", "Index Scan using products_ad_ends_idx on products"},
	})
}
