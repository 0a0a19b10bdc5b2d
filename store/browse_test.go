package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
	"resale/store/storetest"
)

// allPages lists every page of f, following each page's cursor; turn, if
// given, changes the filter before each page after the first.
func allPages(t *testing.T, s *store.Store, f store.BrowseFilter, turn func(*store.BrowseFilter)) []store.Product {
	t.Helper()
	var all []store.Product
	for range 50 {
		ps, next, err := s.ListProducts(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ps...)
		if next == nil {
			return all
		}
		f.After = next
		if turn != nil {
			turn(&f)
		}
	}
	t.Fatal("pages never end")
	return nil
}

// shop is a store on a fresh database with one seller, whose id it answers.
func shop(t *testing.T) (*pgxpool.Pool, *store.Store, int64) {
	t.Helper()
	pool := storetest.Pool(t)
	s := store.New(pool)
	seller, err := s.CreateUser(context.Background(), store.NewUser{Name: "S", Email: "s@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	return pool, s, seller.ID
}

// listedAt is when the tests' laptops are listed, each at an offset from it.
var listedAt = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)

// laptop is a laptop of seller's for the seed: name, in category, at price,
// listed at.
func laptop(seller, category int64, name string, price int64, at time.Time) store.SeedProduct {
	return store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller, CategoryID: category, Name: name,
		Picture: "/uploads/x.jpg", SellPrice: price, OriginalPrice: 99999, Condition: "good", Location: "Dhaka", Used: "1", Phone: "017000000"},
		CreatedAt: at}
}

// catalogue seeds s with n products, the i-th (from 1) as product makes it.
func catalogue(t *testing.T, s *store.Store, n int, product func(i int) store.SeedProduct) {
	t.Helper()
	i := 0
	if _, err := s.CopySeedProducts(context.Background(), func() (store.SeedProduct, bool) {
		if i++; i > n {
			return store.SeedProduct{}, false
		}
		return product(i), true
	}); err != nil {
		t.Fatal(err)
	}
}

// listening has s hear the catalogue's changes until ctx ends, once it
// does, and answers a channel told of each change heard.
func listening(t *testing.T, ctx context.Context, s *store.Store) <-chan struct{} {
	t.Helper()
	live := make(chan bool, 10)
	changed := make(chan struct{}, 10)
	heard := func(string) {
		select {
		case changed <- struct{}{}:
		default: // ten unread: the test waits for none of these
		}
	}
	go s.WatchCatalogue(ctx, func(on bool) { live <- on }, heard, nil)
	if !<-live {
		t.Fatal("not listening")
	}
	return changed
}

// selectIDs is the ids the query selects, in its order.
func selectIDs(t *testing.T, pool *pgxpool.Pool, query string, args ...any) []int64 {
	t.Helper()
	rows, err := pool.Query(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// productIDs are the products' ids in order.
func productIDs(ps []store.Product) []int64 {
	ids := make([]int64, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids
}

// Both forms of a search, the one for few matches and the one for many,
// give the same pages in every sort.
func TestSearchFormsAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	buyer, err := s.CreateUser(ctx, store.NewUser{Name: "B", Email: "b@example.com", Role: store.RoleBuyer})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		name := fmt.Sprintf("HP EliteBook %d", i)
		if i%3 == 0 {
			name = fmt.Sprintf("Asus ZenBook %d", i)
		}
		p := laptop(seller, int64(1+2*min(1, i%4)), name, int64(1000+i%7*100), listedAt.Add(time.Duration(i%5)*time.Hour))
		if i%2 == 0 {
			p.Condition = "excellent"
		}
		id, err := s.InsertSeedProduct(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if i == 4 { // a reported product reads the same in both forms
			if _, err := s.ReportProduct(ctx, id, buyer.ID, "other", ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	// each product as both forms must give it: id, reported, seller, brand
	walk := func(f store.BrowseFilter) []string {
		var ids []string
		for _, p := range allPages(t, s, f, nil) {
			ids = append(ids, fmt.Sprint(p.ID, p.Reported, p.SellerName, p.Category))
		}
		return ids
	}
	// in a brand, and in a brand with a condition, each walk has its index
	for _, in := range []struct {
		category, condition string
		want                int
	}{{"", "", 20}, {"HP", "", 15}, {"HP", "excellent", 5}} {
		for _, sort := range []string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc} {
			f := store.BrowseFilter{Words: "elite", Category: in.category, Condition: in.condition, Sort: sort, Limit: 4}
			few := walk(f)
			f.ManyMatchesAt = 1
			many := walk(f)
			if len(few) != in.want || fmt.Sprint(few) != fmt.Sprint(many) {
				t.Errorf("%s %s %s: few-matches form %v, many-matches form %v", in.category, in.condition, sort, few, many)
			}
		}
	}
}

// Relevance ranks a search with few matches; a broad one (as many matches
// as ManyMatchesAt or more) lists newest first, and its pages still cover
// every match once, even when the count crosses the line between pages.
func TestRelevanceFewAndBroad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	var newestFirst []int64 // the ids, newest first
	for i := 0; i < 12; i++ {
		// the oldest says "dell" three times, so it ranks first
		name := fmt.Sprintf("Dell Latitude %d", i)
		if i == 0 {
			name = "Dell Dell Dell"
		}
		id, err := s.InsertSeedProduct(ctx, laptop(seller, 3, name, 1000, listedAt.Add(time.Duration(i)*time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		newestFirst = append([]int64{id}, newestFirst...)
	}
	walk := func(f store.BrowseFilter, switchAt int64) []int64 {
		return productIDs(allPages(t, s, f, func(f *store.BrowseFilter) { f.ManyMatchesAt = switchAt }))
	}
	f := store.BrowseFilter{Words: "dell", Sort: store.SortRelevance, Limit: 5}
	if few := walk(f, 0); len(few) != 12 || few[0] != newestFirst[11] {
		t.Errorf("few matches: want all 12, the thrice-named first; got %v", few)
	}
	f.ManyMatchesAt = 12
	if broad := walk(f, 12); fmt.Sprint(broad) != fmt.Sprint(newestFirst) {
		t.Errorf("broad search: want newest first %v, got %v", newestFirst, broad)
	}
	// the first page was broad, later pages see few matches: still newest
	if crossed := walk(f, 100); fmt.Sprint(crossed) != fmt.Sprint(newestFirst) {
		t.Errorf("broad then few: want %v, got %v", newestFirst, crossed)
	}
	// the first page was ranked, later pages see many matches: still ranked
	f.ManyMatchesAt = 0
	if crossed := walk(f, 4); len(crossed) != 12 || crossed[0] != newestFirst[11] {
		t.Errorf("few then broad: want all 12 ranked, got %v", crossed)
	}
}

// A search found broad skips counting its matches for a while; its pages
// stay right when most of those matches are sold meanwhile.
func TestBroadSearchRemembered(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 2100, func(n int) store.SeedProduct {
		return laptop(seller, 3, fmt.Sprintf("Dell Latitude %d", n), 1000, listedAt.Add(time.Duration(n)*time.Minute))
	})
	f := store.BrowseFilter{Words: "dell", Sort: store.SortRelevance, Limit: 30}
	first, next, err := s.ListProducts(ctx, f)
	if err != nil || len(first) != 30 || next == nil || !next.ByTime || first[0].Name != "Dell Latitude 2100" {
		t.Fatalf("broad search: %d products, first %q, next %+v, %v", len(first), first[0].Name, next, err)
	}
	// all but the 40 oldest are sold: the remembered search still lists them all
	if _, err := pool.Exec(ctx, "UPDATE products SET sold_at = now() WHERE product_name <> ALL($1)", oldest(40)); err != nil {
		t.Fatal(err)
	}
	var names []string
	for page := 0; page < 5; page++ {
		ps, next, err := s.ListProducts(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			names = append(names, p.Name)
		}
		if next == nil {
			break
		}
		if page == 0 && !next.ByTime {
			t.Error("the first page after the sale counted the matches again: it was ranked")
		}
		f.After = next
	}
	if len(names) != 40 || names[0] != "Dell Latitude 40" || names[39] != "Dell Latitude 1" {
		t.Errorf("after the sale: %d products, %v ... ", len(names), names[:min(3, len(names))])
	}
}

func oldest(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Dell Latitude %d", i+1)
	}
	return names
}

// ListProducts takes what the person typed: words with query syntax in them
// search for the words, and a location with LIKE wildcards matches them
// literally.
func TestBrowseTakesTypedWords(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	for _, p := range []struct{ name, location string }{
		{"Apple MacBook Air", "100% genuine, Dhaka"},
		{"HP EliteBook 840", "Mirpur_10, Dhaka"},
		{"Dell Latitude", `Agrabad\ Chattogram`},
	} {
		if _, err := s.InsertSeedProduct(ctx, store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller, CategoryID: 3, Name: p.name,
			Picture: "/uploads/x.jpg", SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: p.location, Used: "1", Phone: "017000000"}}); err != nil {
			t.Fatal(err)
		}
	}
	names := func(f store.BrowseFilter) string {
		f.Limit = 10
		if f.Sort == "" {
			f.Sort = store.SortNewest
		}
		ps, _, err := s.ListProducts(ctx, f)
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		var out []string
		for _, p := range ps {
			out = append(out, p.Name)
		}
		slices.Sort(out)
		return strings.Join(out, "|")
	}
	for _, c := range []struct {
		f    store.BrowseFilter
		want string
	}{
		{store.BrowseFilter{Words: "mac"}, "Apple MacBook Air"},
		{store.BrowseFilter{Words: "MacBook & !air"}, "Apple MacBook Air"}, // & and ! are not operators
		{store.BrowseFilter{Words: "elite:* | dell"}, ""},                  // nor | : every word must match
		{store.BrowseFilter{Words: "' OR 1=1 --"}, ""},
		{store.BrowseFilter{Words: "dell", Sort: store.SortRelevance}, "Dell Latitude"},
		{store.BrowseFilter{Words: "!!!"}, "Apple MacBook Air|Dell Latitude|HP EliteBook 840"}, // no words: no search
		{store.BrowseFilter{Location: "100%"}, "Apple MacBook Air"},
		{store.BrowseFilter{Location: "%"}, "Apple MacBook Air"},
		{store.BrowseFilter{Location: "_"}, "HP EliteBook 840"},
		{store.BrowseFilter{Location: `\`}, "Dell Latitude"},
		{store.BrowseFilter{Location: "Mirpu_"}, ""}, // as a wildcard, _ would match the r
	} {
		if got := names(c.f); got != c.want {
			t.Errorf("Words %q, Location %q: %q, want %q", c.f.Words, c.f.Location, got, c.want)
		}
	}
}

// A search goes to the index by its rarest word (by the words' sampled
// shares), and one whose every word is common is taken as broad without a
// count: newest first, all its matches, the same as when counted. Words
// each common but never together find nothing, as they should.
func TestSearchByRarestWord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	var probooks []int64 // newest first
	for i := range 300 {
		name, category := fmt.Sprintf("HP ProBook 450 Core i5 %d", i), int64(3)
		if i%100 == 8 {
			name, category = fmt.Sprintf("Asus ZenBook %d", i), 4
		}
		if i%2 == 1 {
			name, category = fmt.Sprintf("Walton Passion Core i3 %d", i), 1
		}
		id, err := s.InsertSeedProduct(ctx, laptop(seller, category, name, 1000, listedAt.Add(time.Duration(i)*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(name, "HP") {
			probooks = append([]int64{id}, probooks...)
		}
	}
	// before any sample the whole search goes to the index
	if q, common, err := s.SearchIndexQuery(ctx, "probook zen"); err != nil || q != "'probook':* & 'zen':*" || common {
		t.Fatalf("before ANALYZE: %q %v %v", q, common, err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s = store.New(pool) // a fresh read of the sample
	s.SetIndexedMatches(100)
	for typed, want := range map[string]struct {
		query  string
		common bool
	}{
		"probook zen": {"'zen':*", false},
		"core i5":     {"'cpucorei5'", true}, // a spec word (#36), ~150 products: over 100
		"zenbook":     {"'zenbook':*", false},
		// 'core' (297 products) is within four times 'walton' (150): the
		// index intersects them, rather than each Walton being read to check
		"walton core":    {"'walton':* & 'core':*", true},
		"walton probook": {"'walton':* & 'probook':*", true},
		// 'probook' (147) is far past four times 'zen' (3): checked on the rows
		"zen probook": {"'zen':*", false},
	} {
		q, common, err := s.SearchIndexQuery(ctx, typed)
		if err != nil || q != want.query || common != want.common {
			t.Errorf("%q: index query %q, common %v (%v); want %q, %v", typed, q, common, err, want.query, want.common)
		}
	}
	walk := func(f store.BrowseFilter) []int64 { return productIDs(allPages(t, s, f, nil)) }
	for _, sort := range []string{store.SortRelevance, store.SortNewest} {
		// every word common: newest first, every ProBook once
		if got := walk(store.BrowseFilter{Words: "core i5 probook", Sort: sort, Limit: 40}); fmt.Sprint(got) != fmt.Sprint(probooks) {
			t.Errorf("%s, guessed broad: got %d products %v, want the %d ProBooks newest first", sort, len(got), got, len(probooks))
		}
		// the same counted (the few-matches bound above them all)
		if got := walk(store.BrowseFilter{Words: "core i5 probook", Sort: store.SortNewest, Limit: 40, ManyMatchesAt: 1000}); fmt.Sprint(got) != fmt.Sprint(probooks) {
			t.Errorf("%s, counted: got %d products, want the %d ProBooks newest first", sort, len(got), len(probooks))
		}
		// common words never together
		if got := walk(store.BrowseFilter{Words: "walton probook", Sort: sort, Limit: 40}); len(got) != 0 {
			t.Errorf("%s: walton probook found %v", sort, got)
		}
		// a rare word with a common one: by the rare one, checked for both
		if got := walk(store.BrowseFilter{Words: "zenbook 10", Sort: sort, Limit: 40}); len(got) != 1 {
			t.Errorf("%s: zenbook 10 found %v, want the one ZenBook 108", sort, got)
		}
	}
}

// A search whose words are each common but seldom together, not probed
// first (as one whose words the index cannot be asked for by name is not:
// fewTogether), is walked newest first for walkTime only; past it, its
// matches are looked up through the index after all, for the list and for
// the facets, and they are still all found. Broad facets count the newest
// facetSample matches: a lower bound, said so.
func TestBroadWalkGivesWay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, both := waltonProBooksOldest(t, ctx)
	s.SetNoProbes()
	if _, common, err := s.SearchIndexQuery(ctx, "walton probook"); err != nil || !common {
		t.Fatalf("walton probook: common %v (%v), want both words common", common, err)
	}
	// reading 40,000 rows takes longer than a millisecond
	s.SetWalkTime(time.Millisecond)
	for _, sort := range []string{store.SortRelevance, store.SortNewest} {
		before := s.WalksTooLong()
		if got := productIDs(allPages(t, s, store.BrowseFilter{Words: "walton probook", Sort: sort, Limit: 2}, nil)); fmt.Sprint(got) != fmt.Sprint(both) {
			t.Errorf("%s: found %v, want %v", sort, got, both)
		}
		if s.WalksTooLong() == before {
			t.Errorf("%s: the walk never gave way", sort)
		}
	}
	// the page a walk gave way for is served by its matches counted
	_, _, plan, err := s.BrowsePlan(ctx, store.BrowseFilter{Words: "walton probook", Sort: store.SortNewest, Limit: 2})
	if want := "planned for its values: ListListingsMatching, picked here in order by 3 looked-up matches"; err != nil || plan != want {
		t.Errorf("after its walk gave way: served by %q (%v), want %q", plan, err, want)
	}
	before := s.WalksTooLong()
	f, err := s.ListFacets(ctx, store.BrowseFilter{Words: "walton probook"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Total != 3 || !f.Exact || f.Category["WALTON"] != 3 || s.WalksTooLong() == before {
		t.Errorf("facets of walton probook: %+v, walks given way %d → %d; want 3 WALTON, exact, after a walk gave way", f, before, s.WalksTooLong())
	}
	checkBroadFacetsAreLowerBounds(t, ctx, s)
}

// A broad search newest first of words a tenth of the catalogue or more
// has, whose walk gave way (a fresh server's first searches, many at once,
// on a cold cache), walks again for its request's time: found first, its
// many matches would be read to the last ('core i5' newest first at a
// million products: every request failed for a minute). Here 6,000
// Walton Passions are the oldest of 42,000 laptops: a millisecond's walk
// gives way.
func TestWidespreadSearchWalksAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 42000, func(i int) store.SeedProduct {
		name, category := fmt.Sprintf("HP EliteBook %d", i), int64(3)
		if i <= 6000 {
			name, category = fmt.Sprintf("Walton Passion %d", i), 1
		}
		return laptop(seller, category, name, 1000, listedAt.Add(time.Duration(i)*time.Second))
	})
	s = analysed(t, pool)
	s.SetWalkTime(time.Millisecond)
	want := "walk checking words again: BrowseSearchNewest (products_available_idx)"
	// again and again: a walk that gave way so is not remembered as slow
	for try := range 2 {
		before := s.WalksTooLong()
		got, _, plan, err := s.BrowsePlan(ctx, store.BrowseFilter{Words: "walton", Sort: store.SortNewest, Limit: 3})
		if err != nil || plan != want {
			t.Fatalf("try %d: served by %q (%v), want %q", try, plan, err, want)
		}
		if s.WalksTooLong() == before {
			t.Errorf("try %d: the first walk did not give way", try)
		}
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
		}
		if fmt.Sprint(names) != "[Walton Passion 6000 Walton Passion 5999 Walton Passion 5998]" {
			t.Errorf("try %d: found %v, want the three newest Walton Passions", try, names)
		}
	}
}

// A walk that gave way in a price range no match is priced in ('core i5'
// up to Tk 551) is learnt for that range alone: the same search at other
// prices walks as before, not found first for a minute.
func TestNarrowPricesLessonStaysThere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 42000, func(i int) store.SeedProduct {
		return laptop(seller, 3, fmt.Sprintf("HP ProBook %d", i), int64(20000+i), listedAt.Add(time.Duration(i)*time.Second))
	})
	s = analysed(t, pool)
	// reading 42,000 ProBooks for one under Tk 551 takes longer than a
	// millisecond
	s.SetWalkTime(time.Millisecond)
	before := s.WalksTooLong()
	got, _, plan, err := s.BrowsePlan(ctx, store.BrowseFilter{Words: "probook", Sort: store.SortNewest, MaxPrice: 551, Limit: 3})
	if err != nil || len(got) != 0 || s.WalksTooLong() == before {
		t.Fatalf("up to Tk 551: %d found by %q (%v), walks given way %d → %d; want none, after the walk gave way", len(got), plan, err, before, s.WalksTooLong())
	}
	s.SetWalkTime(10 * time.Second)
	walked := "walk checking words: BrowseSearchNewest (products_available_idx); else count matches"
	for _, maxPrice := range []int64{0, 99999999} {
		got, _, plan, err := s.BrowsePlan(ctx, store.BrowseFilter{Words: "probook", Sort: store.SortNewest, MaxPrice: maxPrice, Limit: 3})
		if err != nil || plan != walked || len(got) != 3 || got[0].Name != "HP ProBook 42000" {
			t.Errorf("up to %d: %d found by %q (%v), want the newest three walked", maxPrice, len(got), plan, err)
		}
	}
	// the narrow range itself goes as learnt
	if _, _, plan, err := s.BrowsePlan(ctx, store.BrowseFilter{Words: "probook", Sort: store.SortNewest, MaxPrice: 551, Limit: 3}); err != nil || plan == walked {
		t.Errorf("up to Tk 551 again: served by %q (%v), want what its walk giving way taught", plan, err)
	}
}

// waltonProBooksOldest is the shop of TestBroadWalkGivesWay: 40,000
// Walton Passions and HP ProBooks, analysed, after the three with both
// words (returned newest first).
func waltonProBooksOldest(t *testing.T, ctx context.Context) (*store.Store, []int64) {
	pool, s, seller := shop(t)
	product := func(i int, name string, category int64) store.SeedProduct {
		return laptop(seller, category, name, 1000, listedAt.Add(time.Duration(i)*time.Second))
	}
	// the three with both words are the oldest, and the only ones with
	// 32 GB: a walk reads all the rest first
	var both []int64
	for i := range 3 {
		p := product(i, fmt.Sprintf("Walton ProBook %d", i), 1)
		ram := int32(32)
		p.Specs.RAMGB = &ram
		id, err := s.InsertSeedProduct(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		both = append([]int64{id}, both...)
	}
	const many = 40000
	i := 0
	if _, err := s.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if i++; i > many {
			return store.SeedProduct{}, false
		}
		if i%2 == 0 {
			return product(10+i, fmt.Sprintf("Walton Passion %d", i), 1), true
		}
		return product(10+i, fmt.Sprintf("HP ProBook %d", i), 3), true
	}); err != nil {
		t.Fatal(err)
	}
	return analysed(t, pool), both
}

// analysed analyses the shop's products and answers a store new to its
// searches, that looks up a search's matches only when its rarest word is
// estimated on 100 products or fewer.
func analysed(t *testing.T, pool *pgxpool.Pool) *store.Store {
	t.Helper()
	if _, err := pool.Exec(context.Background(), "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s := store.New(pool)
	s.SetIndexedMatches(100)
	return s
}

// checkBroadFacetsAreLowerBounds: a broad search's facets are its newest
// FacetSample, each a lower bound (whether the walk or the index found
// them).
func checkBroadFacetsAreLowerBounds(t *testing.T, ctx context.Context, s *store.Store) {
	t.Helper()
	for _, walk := range []time.Duration{time.Millisecond, 10 * time.Second} {
		s.SetWalkTime(walk)
		f, err := s.ListFacets(ctx, store.BrowseFilter{Words: "walton"})
		if err != nil {
			t.Fatal(err)
		}
		if f.Total != store.FacetSample || f.Exact || f.Category["WALTON"] != store.FacetSample {
			t.Errorf("walk time %s: facets of walton: total %d, exact %v, %v; want %d of more, not exact", walk, f.Total, f.Exact, f.Category, store.FacetSample)
		}
		// with a brand no match has: none among them, and not exact
		f, err = s.ListFacets(ctx, store.BrowseFilter{Words: "walton", Category: "HP"})
		if err != nil {
			t.Fatal(err)
		}
		if f.Total != 0 || f.Exact || f.Category["WALTON"] != store.FacetSample {
			t.Errorf("walk time %s: facets of walton in HP: total %d, exact %v, %v; want 0 known, not exact, WALTON's %d beside", walk, f.Total, f.Exact, f.Category, store.FacetSample)
		}
	}
}

// A broad search with a filter most products meet but seldom with its
// words ("walton" with 32 GB, which HPs have) is counted after its walk gave way, its matches at any price remembered
// while the catalogue's changes are heard: the same search at another
// price, page or order goes by them without a walk, until a change.
func TestRareFilteredSearchRemembered(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := newRareWaltons(t, ctx)
	s, big := w.s, w.big
	changed := listening(t, ctx, s)
	f := store.BrowseFilter{Words: "walton", RAMMin: 32, Sort: store.SortNewest, Limit: 2}
	if got := productIDs(allPages(t, s, f, nil)); fmt.Sprint(got) != fmt.Sprint(big) {
		t.Fatalf("walton with 32 GB: %v, want %v", got, big)
	}
	walks := s.WalksTooLong()
	if walks == 0 {
		t.Fatal("the walk never gave way")
	}
	w.checkOtherFormsRemembered(t)
	// words common apart but never together, with no other filter: probed
	// once, no walk, and that nothing matches is remembered
	never := store.BrowseFilter{Words: "walton probook", Sort: store.SortNewest, Limit: 2}
	lookups := s.Lookups()
	for range 3 {
		if got := productIDs(allPages(t, s, never, nil)); len(got) != 0 {
			t.Errorf("walton probook: %v, want none", got)
		}
	}
	if s.WalksTooLong() != walks || s.Lookups() != lookups+1 {
		t.Errorf("walton probook three times: %d walks gave way, %d lookups; want none and 1", s.WalksTooLong()-walks, s.Lookups()-lookups)
	}
	// a new 32 GB Walton: the change is heard and the search finds it
	id, err := s.InsertSeedProduct(ctx, w.product(50000, 32))
	if err != nil {
		t.Fatal(err)
	}
	<-changed
	if got := productIDs(allPages(t, s, f, nil)); fmt.Sprint(got) != fmt.Sprint(append([]int64{id}, big...)) {
		t.Errorf("after a new one: %v, want %d first, then %v", got, id, big)
	}
	// the first Walton ProBook: heard, and found
	both := w.product(60000, 8)
	both.Name = "Walton ProBook 60000"
	if id, err = s.InsertSeedProduct(ctx, both); err != nil {
		t.Fatal(err)
	}
	<-changed
	if got := productIDs(allPages(t, s, never, nil)); fmt.Sprint(got) != fmt.Sprint([]int64{id}) {
		t.Errorf("walton probook after one is listed: %v, want [%d]", got, id)
	}
}

// rareWaltons is the shop of TestRareFilteredSearchRemembered: three Waltons
// with 32 GB among 30,000 laptops where every 32 GB one is an HP ProBook.
// product makes one more laptop of the kind (ram 16 makes a 32 GB HP); big
// holds the three 32 GB Waltons, newest first.
type rareWaltons struct {
	s       *store.Store
	product func(i int, ram int32) store.SeedProduct
	big     []int64
}

func newRareWaltons(t *testing.T, ctx context.Context) rareWaltons {
	pool, s, seller := shop(t)
	w := rareWaltons{}
	w.product = func(i int, ram int32) store.SeedProduct {
		name, category := fmt.Sprintf("Walton Passion %d", i), int64(1)
		if ram == 16 {
			name, category, ram = fmt.Sprintf("HP ProBook %d", i), 3, 32
		}
		p := laptop(seller, category, name, int64(1000+i), listedAt.Add(time.Duration(i)*time.Second))
		p.Specs.RAMGB = &ram
		return p
	}
	for i := range 3 {
		id, err := s.InsertSeedProduct(ctx, w.product(i, 32))
		if err != nil {
			t.Fatal(err)
		}
		w.big = append([]int64{id}, w.big...)
	}
	i := 10
	if _, err := s.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if i++; i > 30000 {
			return store.SeedProduct{}, false
		}
		if i%2 == 0 {
			return w.product(i, 16), true // an HP with 32 GB
		}
		return w.product(i, 8), true
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	w.s = store.New(pool)
	w.s.SetIndexedMatches(100)
	w.s.SetWalkTime(time.Millisecond)
	// the walk that gives way and the count, as a search whose word has
	// many listings in its cells goes (findInCells)
	w.s.SetNoCellPostings()
	return w
}

// checkOtherFormsRemembered searches the rare Waltons again at another
// price, by price, and ranked: each finds them with no walk giving way.
func (w rareWaltons) checkOtherFormsRemembered(t *testing.T) {
	t.Helper()
	walks := w.s.WalksTooLong()
	for _, g := range []store.BrowseFilter{
		{Words: "walton", RAMMin: 32, MaxPrice: 1001, Sort: store.SortNewest, Limit: 2},
		{Words: "walton", RAMMin: 32, Sort: store.SortPriceAsc, Limit: 2},
		{Words: "walton", RAMMin: 32, Sort: store.SortRelevance, Limit: 2},
	} {
		got := productIDs(allPages(t, w.s, g, nil))
		want := slices.Clone(w.big)
		if g.MaxPrice != 0 {
			want = w.big[1:] // 1001 and 1000
		}
		if g.Sort == store.SortPriceAsc {
			slices.Reverse(want)
		}
		if g.Sort == store.SortRelevance {
			slices.Sort(got)
			slices.Sort(want)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%+v: %v, want %v", g, got, want)
		}
	}
	if w.s.WalksTooLong() != walks {
		t.Errorf("remembered, yet %d more walks gave way", w.s.WalksTooLong()-walks)
	}
}

// A broad search in price order whose matches are all dear ("walton",
// cheapest first, where the cheapest thousands are HPs): its walk along
// the price index gives way, and its matches are found first and sorted,
// the same as the walk would list them; the next such search skips the
// walk. With filters besides its words (a place, a price ceiling) too.
func TestBroadSearchByPriceGivesWay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	const cheap, dear = 30000, 3000
	i := 0
	if _, err := s.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if i++; i > cheap+dear {
			return store.SeedProduct{}, false
		}
		// HPs cost 1,000 to 31,000 Tk; Waltons 50,000 Tk and up, in an
		// order unlike their age, some at one price
		name, category, price := fmt.Sprintf("HP ProBook %d", i), int64(3), int64(1000+i)
		if i > cheap {
			name, category, price = fmt.Sprintf("Walton Passion %d", i), 1, int64(50000+(i*7919)%997)
		}
		return laptop(seller, category, name, price, listedAt.Add(time.Duration(i)*time.Second)), true
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	// the first pages as the database sorts them, asked plainly
	want := func(order string, maxPrice int64) []int64 {
		return selectIDs(t, pool, `SELECT id FROM products WHERE product_name LIKE 'Walton%' AND sell_price <= $1
			ORDER BY sell_price `+order+`, id `+order+` LIMIT 12`, maxPrice)
	}
	s = store.New(pool)
	s.SetIndexedMatches(100)
	// the walk along the price index, as when a prefix stands for too
	// many words to read their postings
	s.SetNoPostings()
	// reading 30,000 HPs takes longer than a millisecond
	s.SetWalkTime(time.Millisecond)
	for _, c := range []struct {
		sort     string
		order    string
		location string
		maxPrice int64
		walk     int // 1: the walk is tried and gives way; 0: no walk gives way; -1: either
	}{
		{store.SortPriceAsc, "ASC", "", 0, 1},
		{store.SortPriceAsc, "ASC", "", 0, 0}, // the same search: matches first at once
		{store.SortPriceAsc, "ASC", "dhaka", 99000, 1},
		{store.SortPriceAsc, "ASC", "dhaka", 50500, 0}, // at another price too
		// dearest first the walk finds them at once, but a millisecond
		// may pass on a busy machine all the same
		{store.SortPriceDesc, "DESC", "", 0, -1},
	} {
		before := s.WalksTooLong()
		f := store.BrowseFilter{Words: "walton", Sort: c.sort, Location: c.location, MaxPrice: c.maxPrice, Limit: 4}
		var got []store.Product
		for range 3 {
			ps, next, err := s.ListProducts(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, ps...)
			f.After = next
		}
		ceiling := c.maxPrice
		if ceiling == 0 {
			ceiling = 1 << 40
		}
		if w := want(c.order, ceiling); fmt.Sprint(productIDs(got)) != fmt.Sprint(w) {
			t.Errorf("walton by %s up to %d: found %v, want %v", c.sort, c.maxPrice, productIDs(got), w)
		}
		if gaveWay := s.WalksTooLong() > before; c.walk >= 0 && gaveWay != (c.walk == 1) {
			t.Errorf("walton by %s up to %d: a walk gave way %v, want %v", c.sort, c.maxPrice, gaveWay, c.walk == 1)
		}
	}
}

// A search ranked in a shop too new to have a sample of its words is
// broad, newest first, once the sample says the catalogue is small and the
// search has more matches than its root allows.
func TestSearchBoundFollowsCatalogue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 400, func(n int) store.SeedProduct {
		name := fmt.Sprintf("Dell Latitude %d", n)
		switch {
		case n == 1:
			name = "Dell Dell Dell" // the oldest, and the best match
		case n > 300:
			name = fmt.Sprintf("HP ProBook %d", n)
		}
		return laptop(seller, 3, name, 1000, listedAt.Add(time.Duration(n)*time.Minute))
	})
	f := store.BrowseFilter{Words: "dell", Sort: store.SortRelevance, Limit: 5}
	// no sample yet: the bound is manyMatches, and the 300 are ranked
	ps, next, err := s.ListProducts(ctx, f)
	if err != nil || len(ps) != 5 || ps[0].Name != "Dell Dell Dell" || next == nil || next.ByTime {
		t.Fatalf("before a sample: %v, next %+v, %v", ps, next, err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	// 400 products: the bound is 200, and the 300 matches are broad
	s = store.New(pool)
	ps, next, err = s.ListProducts(ctx, f)
	if err != nil || len(ps) != 5 || ps[0].Name != "Dell Latitude 300" || next == nil || !next.ByTime {
		t.Fatalf("after a sample of 400: %v, next %+v, %v", ps, next, err)
	}
	// fewer matches than the bound are ranked still
	f.Words = "dell 1"
	ps, next, err = s.ListProducts(ctx, f)
	if err != nil || len(ps) != 5 || !strings.HasPrefix(ps[0].Name, "Dell Latitude 1") || next == nil || next.ByTime {
		t.Fatalf("a narrow search: %v, next %+v, %v", ps, next, err)
	}
}

// Words each common but seldom together, counted through the index (their
// rarest word's share is under the one that calls a search broad at once,
// but over the search's bound): the lookup reads every match of the
// rarest word, so that few or none match is remembered until the
// catalogue changes, as a walk that gave way has it remembered.
func TestSeldomTogetherCountedRemembered(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	catalogue(t, s, 3000, func(i int) store.SeedProduct {
		name, category := fmt.Sprintf("Walton Passion %d", i), int64(1)
		if i%2 == 0 {
			name, category = fmt.Sprintf("HP ProBook %d", i), 3
		}
		return laptop(seller, category, name, int64(1000+i), listedAt.Add(time.Duration(i)*time.Second))
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s = store.New(pool) // 3,000 products: a search's bound is 273
	if q, common, err := s.SearchIndexQuery(ctx, "walton probook"); err != nil || common || q == "" {
		t.Fatalf("walton probook: %q, common %v, %v; want a lookup", q, common, err)
	}
	changed := listening(t, ctx, s)
	never := store.BrowseFilter{Words: "walton probook", Sort: store.SortRelevance, Limit: 2}
	for _, max := range []int64{0, 5000, 9000} {
		never.MaxPrice = max
		if got := productIDs(allPages(t, s, never, nil)); len(got) != 0 {
			t.Errorf("walton probook under %d Tk: %v, want none", max, got)
		}
	}
	if n := s.Lookups(); n != 1 {
		t.Errorf("walton probook three times: %d lookups, want 1", n)
	}
	// a rare word alone is looked up each time: it read few
	for range 2 {
		if got := productIDs(allPages(t, s, store.BrowseFilter{Words: "passion 1001", Sort: store.SortRelevance, Limit: 5}, nil)); len(got) != 1 {
			t.Errorf("passion 1001: %v", got)
		}
	}
	if n := s.Lookups(); n != 3 {
		t.Errorf("a rare word twice: %d lookups in all, want 3", n)
	}
	both := laptop(seller, 1, "Walton ProBook 1", 2000, listedAt)
	id, err := s.InsertSeedProduct(ctx, both)
	if err != nil {
		t.Fatal(err)
	}
	<-changed
	never.MaxPrice = 0
	if got := productIDs(allPages(t, s, never, nil)); fmt.Sprint(got) != fmt.Sprint([]int64{id}) {
		t.Errorf("walton probook after one is listed: %v, want [%d]", got, id)
	}
}

// A broad search with a filter seldom met with its words, whose walk ends
// in time having read every product for less than a page, is counted the
// next time, and its few matches found first and remembered.
func TestWalkToTheEndRemembered(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	// 3,000 HPs with 32 GB (so the kept counts say many have it), 1,500
	// Waltons with 8 GB, and 3 with 32 GB
	catalogue(t, s, 4500, func(i int) store.SeedProduct {
		p := laptop(seller, 1, fmt.Sprintf("Walton Passion %d", i), int64(1000+i), listedAt.Add(time.Duration(i)*time.Second))
		ram := int32(8)
		switch {
		case i%3 != 0:
			p = laptop(seller, 3, fmt.Sprintf("HP ProBook %d", i), int64(1000+i), listedAt.Add(time.Duration(i)*time.Second))
			ram = 32
		case i%1500 == 0:
			ram = 32
		}
		p.Specs.RAMGB = &ram
		return p
	})
	var big []int64
	if err := pool.QueryRow(ctx, "SELECT array_agg(id ORDER BY created_at DESC) FROM products WHERE ram_gb = 32 AND product_name LIKE 'Walton%'").Scan(&big); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s = store.New(pool)
	s.SetIndexedMatches(100) // "walton" is broad: walked
	// the walk, its count and its matches found first, as a search whose
	// word has many listings in its cells goes (findInCells)
	s.SetNoCellPostings()
	listening(t, ctx, s)
	f := store.BrowseFilter{Words: "walton", RAMMin: 32, Sort: store.SortNewest, Limit: 5}
	for n, max := range []int64{0, 9000, 8000} {
		f.MaxPrice = max
		got := productIDs(allPages(t, s, f, nil))
		if fmt.Sprint(got) != fmt.Sprint(big) {
			t.Fatalf("search %d: %v, want %v", n+1, got, big)
		}
	}
	// the first walked to the end, the second was counted (the words, then
	// the filters' matches at any price), the third went by those
	if n := s.Lookups(); n != 2 || s.WalksTooLong() != 0 {
		t.Errorf("three searches: %d lookups, %d walks gave way; want 2 and 0", n, s.WalksTooLong())
	}
	// a filter most of its words' products meet, paged to its end: its
	// last page is short, and its first page walks still
	hp := store.BrowseFilter{Words: "probook", RAMMin: 32, Sort: store.SortNewest, Limit: 1000}
	for range 2 {
		if got := allPages(t, s, hp, nil); len(got) != 3000 {
			t.Fatalf("probook with 32 GB: %d, want 3000", len(got))
		}
	}
	if n := s.Lookups(); n != 2 {
		t.Errorf("probook with 32 GB paged to its end twice: %d lookups in all, want 2", n)
	}
}

// A broad search with specs few listings have (fewer than the kept counts'
// bound) finds its matches first once, and goes by them, at any price and
// in any order, until the catalogue changes.
func TestBroadSearchWithRareSpecsRemembered(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	walton := func(n int, ram int32) store.SeedProduct {
		p := laptop(seller, 1, fmt.Sprintf("Walton Passion %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		p.Specs.RAMGB = &ram
		return p
	}
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		if n%200 == 0 {
			return walton(n, 32)
		}
		return walton(n, 8)
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	s = store.New(pool)
	s.SetIndexedMatches(100) // "walton" is broad by its share
	// its matches found first, as a search whose word has many listings
	// in its cells goes (findInCells)
	s.SetNoCellPostings()
	changed := listening(t, ctx, s)
	names := func(f store.BrowseFilter) string {
		var got []string
		for _, p := range allPages(t, s, f, nil) {
			got = append(got, strings.TrimPrefix(p.Name, "Walton Passion "))
		}
		return strings.Join(got, " ")
	}
	f := store.BrowseFilter{Words: "walton", RAMMin: 32, Sort: store.SortNewest, Limit: 2}
	before := s.Lookups()
	if got := names(f); got != "600 400 200" {
		t.Fatalf("walton with 32 GB: %s", got)
	}
	if s.Lookups() != before+1 {
		t.Errorf("%d lookups, want one", s.Lookups()-before)
	}
	for _, c := range []struct {
		f    store.BrowseFilter
		want string
	}{
		{store.BrowseFilter{Words: "walton", RAMMin: 32, MaxPrice: 1500, Sort: store.SortNewest, Limit: 2}, "400 200"},
		{store.BrowseFilter{Words: "walton", RAMMin: 32, Sort: store.SortPriceAsc, Limit: 2}, "200 400 600"},
		{store.BrowseFilter{Words: "walton", RAMMin: 32, Sort: store.SortPriceDesc, Limit: 5}, "600 400 200"},
	} {
		if got := names(c.f); got != c.want {
			t.Errorf("%+v: %s, want %s", c.f, got, c.want)
		}
	}
	if s.Lookups() != before+1 {
		t.Errorf("remembered, yet %d more lookups", s.Lookups()-before-1)
	}
	// a new one is found once the change is heard
	if _, err := s.InsertSeedProduct(ctx, walton(700, 32)); err != nil {
		t.Fatal(err)
	}
	<-changed
	if got := names(f); got != "700 600 400 200" {
		t.Errorf("after a new listing: %s", got)
	}
	// after the next change, the same search asked sixteen times at once
	// (a popular one) shares one lookup: they do not each find them
	if _, err := s.InsertSeedProduct(ctx, walton(800, 32)); err != nil {
		t.Fatal(err)
	}
	<-changed
	checkAtOnceShareALookup(t, ctx, s, f, "Walton Passion 800, Walton Passion 700")
}

// checkAtOnceShareALookup asks f sixteen times at once and wants each to
// see the first page first (its two names, joined by a comma) with at
// most four lookups among them all.
func checkAtOnceShareALookup(t *testing.T, ctx context.Context, s *store.Store, f store.BrowseFilter, first string) {
	t.Helper()
	before := s.Lookups()
	start, firsts := make(chan struct{}), make(chan string, 16)
	for range 16 {
		go func() {
			<-start
			ps, _, err := s.ListProducts(ctx, f)
			if err != nil || len(ps) != 2 {
				firsts <- fmt.Sprint(err)
				return
			}
			firsts <- ps[0].Name + ", " + ps[1].Name
		}()
	}
	close(start)
	for range 16 {
		if got := <-firsts; got != first {
			t.Errorf("at once: %s", got)
		}
	}
	if n := s.Lookups() - before; n > 4 {
		t.Errorf("sixteen at once made %d lookups", n)
	}
}

// A search by relevance lists its matches best first, ties newest id
// first, page after page: sorted in the store when they are few (80), by
// the database when more (160).
func TestRelevanceRanksFewAndMore(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 240, func(n int) store.SeedProduct {
		// "dell" once, twice or thrice, and sometimes in the description:
		// ranks that differ, and ties
		p := laptop(seller, int64(1+n%3), strings.Repeat("Dell ", 1+n%3)+fmt.Sprintf("Latitude %d", n%5), 1000, listedAt.Add(time.Duration(n)*time.Minute))
		if n%7 == 0 && n <= 80 {
			p.Description = "A dell in good shape"
		}
		if n%2 == 0 {
			p.Condition = "excellent"
		}
		if n > 80 { // the rest say "vostro" instead
			p.Name = strings.ReplaceAll(p.Name, "Dell", "Vostro")
		}
		return p
	})
	for _, c := range []struct {
		words, condition string
		want             int
	}{{"dell", "", 80}, {"dell", "excellent", 40}, {"vostro", "", 160}} {
		want := selectIDs(t, pool, `SELECT id FROM products WHERE search @@ to_tsquery('simple', $1 || ':*') AND ($2 = '' OR condition = $2)
			ORDER BY ts_rank(search, to_tsquery('simple', $1 || ':*')) DESC, id DESC`, c.words, c.condition)
		got := productIDs(allPages(t, s, store.BrowseFilter{Words: c.words, Condition: c.condition, Sort: store.SortRelevance, Limit: 7, ManyMatchesAt: 1000}, nil))
		if len(want) != c.want || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s %s: got %v\nwant %v", c.words, c.condition, got, want)
		}
	}
}

// A list by price, brand or condition alone, newest first, is walked with
// its plan kept when the prices' sample and the kept counts say it keeps
// enough of the catalogue, and planned for its values when not; either
// way its pages are the catalogue's own, newest first.
func TestPriceListsWalkedWhenCommon(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 400, func(n int) store.SeedProduct {
		p := laptop(seller, int64(1+n%4), fmt.Sprintf("Laptop %d", n), int64(1000+n*100), listedAt.Add(time.Duration(n%97)*time.Hour))
		if n%3 == 0 {
			p.Condition = "fair"
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []store.BrowseFilter{
		{MaxPrice: 30000},                    // common: walked
		{MinPrice: 1000, MaxPrice: 1300},     // four products: planned
		{Category: "HP", MinPrice: 20000},    // a brand and a price
		{Condition: "fair", MaxPrice: 99999}, // a condition and a price
		{Words: "!!", MaxPrice: 9999999},     // punctuation: no search
	} {
		f.Sort, f.Limit = store.SortNewest, 10
		want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
			WHERE sell_price >= $1 AND ($2 = 0 OR sell_price <= $2) AND ($3 = '' OR c.name = $3) AND ($4 = '' OR condition = $4)
			ORDER BY p.created_at DESC, p.id DESC`, f.MinPrice, f.MaxPrice, f.Category, f.Condition)
		if got := productIDs(allPages(t, s, f, nil)); len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%+v: got %v\nwant %v", f, got, want)
		}
	}
	if !preparedQueries(t, pool)["BrowseNewest"] {
		t.Error("no list was walked with its plan kept")
	}
}

// A statement on products announces a change of the catalogue only when it
// changed a row: the jobs of every minute (reservations, advertisements
// and listings that end) mostly change none, and each announcement drops
// every instance's kept answers and remembered searches.
func TestOnlyChangedRowsAnnounced(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, s, seller := shop(t)
	id, err := s.InsertSeedProduct(ctx, laptop(seller, 3, "HP ProBook", 1000, listedAt))
	if err != nil {
		t.Fatal(err)
	}
	changed := listening(t, ctx, s)
	heard := func() bool {
		select {
		case <-changed:
			return true
		case <-time.After(300 * time.Millisecond):
			return false
		}
	}
	for _, c := range []struct {
		sql  string
		want bool
	}{
		{"UPDATE products SET expired_at = now() WHERE expires_at < now() - interval '100 years'", false},
		{"UPDATE products SET advertised_at = NULL WHERE advertised_at IS NOT NULL", false},
		{"DELETE FROM products WHERE id = -1", false},
		{"UPDATE products SET product_name = 'HP EliteBook' WHERE id = " + fmt.Sprint(id), true},
		{"DELETE FROM products WHERE id = " + fmt.Sprint(id), true},
	} {
		if _, err := pool.Exec(ctx, c.sql); err != nil {
			t.Fatal(err)
		}
		if got := heard(); got != c.want {
			t.Errorf("%s: announced %v, want %v", c.sql, got, c.want)
		}
	}
	if _, err := s.InsertSeedProduct(ctx, laptop(seller, 3, "HP ZBook", 1000, listedAt)); err != nil || !heard() {
		t.Errorf("a new listing not announced (%v)", err)
	}
}
