package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"resale/store"
)

// #39 negotiable=true keeps exactly the negotiable listings, in every sort
// and through every form of the catalogue's reads (walks, a search's few
// matches and many, a brand, a condition, prices), page after page; the
// facets count the same listings.
func TestNegotiableFilterExactInEverySort(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 120, func(n int) store.SeedProduct {
		name := fmt.Sprintf("HP EliteBook %d", n)
		if n%4 == 0 {
			name = fmt.Sprintf("Dell Latitude %d", n)
		}
		p := laptop(seller, int64(1+n%3), name, int64(1000+n%9*100), listedAt.Add(time.Duration(n%11)*time.Hour))
		if n%2 == 0 {
			p.Condition = "excellent"
		}
		return p
	})
	if _, err := pool.Exec(ctx, "UPDATE products SET negotiable = (id % 5 IN (0, 3)); ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	orders := map[string]string{
		store.SortNewest: "p.created_at DESC, p.id DESC", store.SortPriceAsc: "p.sell_price, p.id", store.SortPriceDesc: "p.sell_price DESC, p.id DESC",
		store.SortRelevance: "ts_rank(p.search, to_tsquery('simple', $1 || ':*')) DESC, p.id DESC",
	}
	for _, f := range []store.BrowseFilter{
		{}, {Category: "HP"}, {Condition: "excellent"}, {MaxPrice: 1400}, {Words: "elite"}, {Words: "elite", Category: "HP", Condition: "excellent"},
		{Words: "latitude", MinPrice: 1200},
	} {
		for sort, order := range orders {
			if sort == store.SortRelevance && f.Words == "" {
				continue
			}
			for _, many := range []int64{0, 1} {
				broad := sort == store.SortRelevance && many == 1
				if broad { // a broad search's relevance lists newest first, or ranks the few found with its filters
					order = "p.id"
				}
				want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
					WHERE p.negotiable AND ($1 = '' OR p.search @@ to_tsquery('simple', $1 || ':*')) AND ($2 = '' OR c.name = $2)
					  AND ($3 = '' OR p.condition = $3) AND p.sell_price >= $4 AND ($5 = 0 OR p.sell_price <= $5)
					ORDER BY `+order, f.Words, f.Category, f.Condition, f.MinPrice, f.MaxPrice)
				g := f
				g.NegotiableOnly, g.Sort, g.Limit, g.ManyMatchesAt = true, sort, 6, many
				got := productIDs(allPages(t, s, g, nil))
				if broad {
					slices.Sort(got)
				}
				if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%+v %s (many at %d):\ngot  %v\nwant %v", f, sort, many, got, want)
				}
			}
		}
		g := f
		g.NegotiableOnly = true
		facets, err := s.ListFacets(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
			WHERE p.negotiable AND ($1 = '' OR p.search @@ to_tsquery('simple', $1 || ':*')) AND ($2 = '' OR c.name = $2)
			  AND ($3 = '' OR p.condition = $3) AND p.sell_price >= $4 AND ($5 = 0 OR p.sell_price <= $5)`,
			f.Words, f.Category, f.Condition, f.MinPrice, f.MaxPrice)
		if facets.Total != int64(len(want)) {
			t.Errorf("%+v: facets count %d, want %d", f, facets.Total, len(want))
		}
	}
}

// #39 the periodic pass judges every live listing again in batches, each
// against the other sellers' listings: a verdict follows its comparables,
// and a listing whose comparables went is judged to have none.
func TestJudgePricesInBatches(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	const title = "HP ProBook 450 G9 Core i5 12th Gen 8GB RAM 512GB SSD"
	list := func(sellerID, price int64) int64 {
		t.Helper()
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: sellerID, CategoryID: 3, Name: title, Picture: "/uploads/x.jpg",
			SellPrice: price, OriginalPrice: 150000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	mine := list(seller, 80000)
	var others []int64
	for i := range 3 {
		u, err := s.CreateUser(ctx, store.NewUser{Name: "O", Email: fmt.Sprintf("o%d@example.com", i), Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		others = append(others, u.ID)
	}
	verdict := func(id int64) string {
		t.Helper()
		p, err := s.GetProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return p.PriceVerdict
	}
	if v := verdict(mine); v != "" {
		t.Fatalf("judged with no comparables: %q", v)
	}
	for i, price := range []int64{60000, 62000, 64000} {
		list(others[i], price)
	}
	if v := verdict(mine); v != "" {
		t.Fatalf("judged again before the pass: %q", v)
	}
	walk := func() (batches int, changed int64) {
		t.Helper()
		after := int64(0)
		for {
			next, n, err := s.JudgePrices(ctx, after, 2)
			if err != nil {
				t.Fatal(err)
			}
			batches, changed = batches+1, changed+n
			if after = next; after == 0 {
				return batches, changed
			}
		}
	}
	if batches, changed := walk(); batches != 3 || changed == 0 || verdict(mine) != "high" {
		t.Fatalf("the pass: %d batches, %d changed, mine %q", batches, changed, verdict(mine))
	}
	if _, changed := walk(); changed != 0 {
		t.Errorf("a pass with nothing new changed %d verdicts", changed)
	}
	if _, err := pool.Exec(ctx, "UPDATE products SET deleted_at = now() WHERE seller_id = $1", others[0]); err != nil {
		t.Fatal(err)
	}
	walk()
	if v := verdict(mine); v != "" {
		t.Errorf("two sellers left, still judged %q", v)
	}
}

// #39 a saved search keeps negotiable=true: it is in its filters and its
// canonical form, and a new listing matches it only when negotiable.
func TestSavedSearchKeepsNegotiable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	buyer, err := s.CreateUser(ctx, store.NewUser{Name: "B", Email: "b@example.com", Role: store.RoleBuyer})
	if err != nil {
		t.Fatal(err)
	}
	saved, _, err := s.CreateSavedSearch(ctx, buyer.ID, store.FrequencyInstant, store.BrowseFilter{Words: "zenbook", NegotiableOnly: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	plain, _, err := s.CreateSavedSearch(ctx, buyer.ID, store.FrequencyInstant, store.BrowseFilter{Words: "zenbook"}, 0)
	if err != nil || plain.ID == saved.ID {
		t.Fatalf("the same words without negotiable are another search: %v", err)
	}
	list, err := s.ListSavedSearches(ctx, buyer.ID)
	if err != nil || len(list) != 2 || !list[1].Filter.NegotiableOnly || list[1].FilterValues().Encode() != "negotiable=true&q=zenbook" {
		t.Fatalf("saved: %+v (%v)", list, err)
	}
	for _, negotiable := range []bool{false, true} {
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller, CategoryID: 1, Name: "ASUS ZenBook 14", Picture: "/uploads/x.jpg",
			SellPrice: 45000, OriginalPrice: 90000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000", Negotiable: negotiable})
		if err != nil {
			t.Fatal(err)
		}
		ids, err := s.SavedSearchesMatching(ctx, p.ID)
		want := []int64{plain.ID}
		if negotiable {
			want = []int64{saved.ID, plain.ID}
			slices.Sort(want)
		}
		if err != nil || !slices.Equal(ids, want) {
			t.Errorf("a listing negotiable %v matched %v, want %v (%v)", negotiable, ids, want, err)
		}
	}
}

// #39 a verdict never fails a listing's write: with the guide's
// comparables unreadable (its SQL function gone), a listing is listed and
// edited all the same, with no verdict, and the periodic pass says why.
func TestVerdictNeverFailsAWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	if _, err := pool.Exec(ctx, "DROP FUNCTION price_guide_key(text) CASCADE"); err != nil {
		t.Fatal(err)
	}
	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller, CategoryID: 3, Name: "HP ProBook 450 G9 Core i5 12th Gen 8GB RAM",
		Picture: "/uploads/x.jpg", SellPrice: 60000, OriginalPrice: 150000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil || p.PriceVerdict != "" {
		t.Fatalf("listed with the guide failing: %q, %v", p.PriceVerdict, err)
	}
	price := int64(50000)
	if err := s.UpdateProduct(ctx, p.ID, seller, store.ProductEdit{SellPrice: &price}); err != nil {
		t.Fatalf("edited with the guide failing: %v", err)
	}
	if got, err := s.GetProduct(ctx, p.ID); err != nil || got.SellPrice != price || got.PriceVerdict != "" {
		t.Errorf("after the edit: %+v, %v", got, err)
	}
	if _, _, err := s.JudgePrices(ctx, 0, 10); err == nil {
		t.Error("the periodic pass hid the guide's failure")
	}
}

// A key's comparables are kept while the catalogue's changes are heard,
// never past one (#39): a quiet change leaves the guide as it was kept;
// another instance's listing, announced, counts once its notice is heard;
// this instance's own change, at once.
func TestPriceComparablesKeptUntilChange(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, s, _ := shop(t)
	title := "HP ProBook 450 G8 Core i5 11th Gen 8GB RAM 512GB SSD"
	for n := range 5 { // five sellers: each one voice
		u, err := s.CreateUser(ctx, store.NewUser{Name: "O", Email: fmt.Sprintf("kept%d@example.com", n), Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateProduct(ctx, store.NewProduct{SellerID: u.ID, CategoryID: 3, Name: title, Picture: "/uploads/x.jpg",
			SellPrice: int64(50000 + n*1000), OriginalPrice: 150000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"}); err != nil {
			t.Fatal(err)
		}
	}
	listening(t, ctx, s)
	count := func() int {
		t.Helper()
		g, err := s.PriceGuide(ctx, store.PriceGuideQuery{Title: title, Condition: "good", Years: 1})
		if err != nil {
			t.Fatal(err)
		}
		return g.Range.Comparables
	}
	if n := count(); n != 5 {
		t.Fatalf("comparables: %d, want 5", n)
	}
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	// a quiet change: the kept comparables stand
	exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	exec("UPDATE products SET deleted_at = now() WHERE id = (SELECT min(id) FROM products)")
	exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	if n := count(); n != 5 {
		t.Errorf("after a quiet change: %d, want the 5 kept", n)
	}
	// this instance's own change: at once
	s.ForgetSearches()
	if n := count(); n != 4 {
		t.Errorf("after this instance's change: %d, want 4", n)
	}
	// another instance's, announced
	exec("UPDATE products SET deleted_at = now() WHERE id = (SELECT min(id) FROM products WHERE deleted_at IS NULL)")
	for deadline := time.Now().Add(time.Minute); count() != 3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never heard: %d comparables", count())
		}
	}
}
