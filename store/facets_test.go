package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
	"resale/store/storetest"
)

// specShelf fills a shop with n varied laptops (specs, brands, conditions,
// prices, sellers; some without a spec) and returns them as stored.
func specShelf(t *testing.T, s *store.Store, n int) ([]store.SeedProduct, []int64) {
	t.Helper()
	ctx := context.Background()
	var sellers []int64
	for i := range 3 {
		u, err := s.CreateUser(ctx, store.NewUser{Name: "S", Email: fmt.Sprintf("spec%d@example.com", i), Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		sellers = append(sellers, u.ID)
	}
	if _, err := s.VerifySeller(ctx, "spec0@example.com", store.NoAdmin); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 18))
	processors := []string{"Core i5-1135G7", "Core i7 11th Gen", "Ryzen 7 5700U", "Ryzen 5 7530U", "Apple M2", "Celeron N4000", ""}
	var out []store.SeedProduct
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		sp := store.Specs{Processor: processors[rng.IntN(len(processors))]}
		if v := []int32{0, 4, 8, 8, 16, 32}[rng.IntN(6)]; v != 0 {
			sp.RAMGB = &v
		}
		if v := []int32{0, 128, 256, 512, 1024}[rng.IntN(5)]; v != 0 {
			sp.StorageGB = &v
		}
		sp.StorageType = []string{"", "SSD", "SSD", "HDD", "eMMC"}[rng.IntN(5)]
		if v := []float32{0, 13.3, 14, 15.6, 17.3}[rng.IntN(5)]; v != 0 {
			sp.ScreenInches = &v
		}
		if v := []int32{-1, 60, 80, 95, 100}[rng.IntN(5)]; v >= 0 {
			sp.BatteryHealth = &v
		}
		p := store.SeedProduct{NewProduct: store.NewProduct{SellerID: sellers[rng.IntN(len(sellers))], CategoryID: int64(1 + rng.IntN(4)),
			Name: fmt.Sprintf("Laptop %d", i), Picture: "/uploads/x.jpg", SellPrice: int64(1000 + rng.IntN(50)*100), OriginalPrice: 100000,
			Condition: store.Conditions[rng.IntN(3)], Location: "Dhaka", Used: "1", Phone: "017000000", Specs: sp,
			Description: []string{"office laptop", "gaming laptop"}[rng.IntN(2)]},
			CreatedAt: base.Add(time.Duration(rng.IntN(5)) * time.Hour)}
		if rng.IntN(8) == 0 {
			at := base
			p.SoldAt = &at
		}
		out = append(out, p)
	}
	ids := make([]int64, 0, len(out))
	for _, p := range out {
		id, err := s.InsertSeedProduct(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return out, sellers
}

var brandNames = map[int64]string{1: "WALTON", 2: "APPLE", 3: "HP", 4: "ASUS"}

// matches is the filter as the shopper means it, over a product as stored.
func matches(f store.BrowseFilter, p store.SeedProduct) bool {
	sp := p.Specs
	words := strings.Fields(strings.ToLower(f.Processor))
	procWords := strings.FieldsFunc(strings.ToLower(sp.Processor), func(r rune) bool { return r == ' ' || r == '-' })
	for _, w := range words {
		if !slices.ContainsFunc(procWords, func(pw string) bool { return strings.HasPrefix(pw, w) }) {
			return false
		}
	}
	return p.SoldAt == nil &&
		(f.Category == "" || brandNames[p.CategoryID] == f.Category) &&
		(f.Condition == "" || p.Condition == f.Condition) &&
		(f.MinPrice == 0 || p.SellPrice >= f.MinPrice) &&
		(f.Words == "" || strings.Contains(p.Description, f.Words)) &&
		(f.RAMMin == 0 || sp.RAMGB != nil && *sp.RAMGB >= f.RAMMin) &&
		(f.StorageMin == 0 || sp.StorageGB != nil && *sp.StorageGB >= f.StorageMin) &&
		(f.StorageType == "" || sp.StorageType == f.StorageType) &&
		(f.BatteryMin == 0 || sp.BatteryHealth != nil && *sp.BatteryHealth >= f.BatteryMin) &&
		(f.ScreenMin == 0 || sp.ScreenInches != nil && *sp.ScreenInches >= f.ScreenMin) &&
		(f.ScreenMax == 0 || sp.ScreenInches != nil && *sp.ScreenInches <= f.ScreenMax) &&
		(f.SellerID == 0 || p.SellerID == f.SellerID)
}

func specFilters(sellers []int64) []store.BrowseFilter {
	return []store.BrowseFilter{
		{},
		{Category: "HP"},
		{Condition: "good"},
		{RAMMin: 8},
		{RAMMin: 32},
		{StorageMin: 512},
		{StorageType: "SSD"},
		{StorageType: "eMMC"},
		{BatteryMin: 80},
		{BatteryMin: 85},
		{BatteryMin: 100},
		{ScreenMin: 14},
		{ScreenMax: 14},
		{ScreenMin: 13.3, ScreenMax: 15.6},
		{Processor: "i5"},
		{Processor: "RYZEN 7"},
		{Processor: "m2"},
		{Processor: "core i"},
		{SellerID: sellers[1]},
		{Words: "gaming"},
		{MinPrice: 3000},
		{Category: "HP", RAMMin: 8, StorageType: "SSD"},
		{Category: "APPLE", Condition: "excellent", RAMMin: 16},
		{Category: "HP", StorageMin: 256, ScreenMin: 14, ScreenMax: 15.6, BatteryMin: 60, StorageType: "SSD"},
		{Category: "HP", StorageMin: 256, ScreenMin: 14, ScreenMax: 15.6, BatteryMin: 65, StorageType: "SSD"},
		{Category: "ASUS", Words: "office", RAMMin: 8, StorageMin: 256, StorageType: "SSD", BatteryMin: 60, ScreenMin: 13.3, ScreenMax: 15.6},
		{Category: "WALTON", Processor: "ryzen", SellerID: sellers[0], BatteryMin: 80},
		{Category: "NOPE"},
	}
}

// Every filter, alone and combined, in every sort and over pages, lists
// exactly the available products it means.
func TestSpecFiltersList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := storetest.Store(t)
	shelf, sellers := specShelf(t, s, 120)
	for _, f := range specFilters(sellers) {
		want := 0
		for _, p := range shelf {
			if matches(f, p) {
				want++
			}
		}
		sorts := []string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc}
		if f.Words != "" {
			sorts = append(sorts, store.SortRelevance)
		}
		for _, sort := range sorts {
			for _, manyAt := range []int64{0, 1} { // few matches by id, and the walk
				g := f
				g.Sort, g.Limit, g.ManyMatchesAt = sort, 7, manyAt
				seen := map[string]bool{}
				for pages := 0; ; pages++ {
					if pages > 40 {
						t.Fatal("pages never end")
					}
					ps, next, err := s.ListProducts(ctx, g)
					if err != nil {
						t.Fatalf("%+v: %v", g, err)
					}
					for _, p := range ps {
						if seen[p.Name] {
							t.Errorf("%+v: %s twice", g, p.Name)
						}
						seen[p.Name] = true
						if !matches(f, shelf[nameIndex(p.Name)]) {
							t.Errorf("%+v: %s does not match", g, p.Name)
						}
					}
					if next == nil {
						break
					}
					g.After = next
				}
				if len(seen) != want {
					t.Errorf("%+v: listed %d, want %d", g, len(seen), want)
				}
			}
		}
	}
}

func nameIndex(name string) int {
	var i int
	fmt.Sscanf(name, "Laptop %d", &i)
	return i
}

// The facets count what the list lists, each facet without its own filter,
// whether they come from the kept counts or are counted afresh.
func TestFacetsCountWhatTheListLists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := storetest.Store(t)
	shelf, sellers := specShelf(t, s, 120)
	for _, f := range specFilters(sellers) {
		got, err := s.ListFacets(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		want := store.Facets{Category: map[string]int64{}, Condition: map[string]int64{}, RAMGB: map[int32]int64{}, StorageType: map[string]int64{}, Exact: true}
		for _, p := range shelf {
			if matches(f, p) {
				want.Total++
			}
			g := f
			if g.Category = ""; matches(g, p) {
				want.Category[brandNames[p.CategoryID]]++
			}
			if g = f; true {
				g.Condition = ""
			}
			if matches(g, p) {
				want.Condition[p.Condition]++
			}
			if g = f; true {
				g.RAMMin = 0
			}
			if matches(g, p) && p.Specs.RAMGB != nil {
				want.RAMGB[*p.Specs.RAMGB]++
			}
			if g = f; true {
				g.StorageType = ""
			}
			if matches(g, p) && p.Specs.StorageType != "" {
				want.StorageType[p.Specs.StorageType]++
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%+v:\n got  %v\n want %v", f, got, want)
		}
	}
}

// liveFacetGroups counts available products by the kept counts' key, as
// the table should hold them.
func liveFacetGroups(t *testing.T, pool *pgxpool.Pool) (kept, live string) {
	t.Helper()
	ctx := context.Background()
	read := func(q string) string {
		var out string
		if err := pool.QueryRow(ctx, q).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	const key = `format('%s/%s/%s/%s/%s/%s/%s', category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens)`
	kept = read(`SELECT coalesce(string_agg(` + key + ` || '=' || available, ' ' ORDER BY ` + key + `), '')
		FROM product_facet_counts WHERE available <> 0`)
	live = read(`SELECT coalesce(string_agg(` + key + ` || '=' || n, ' ' ORDER BY ` + key + `), '') FROM (
		SELECT category_id, condition, coalesce(ram_gb, 0) AS ram_gb, coalesce(storage_type, '') AS storage_type,
		       coalesce(storage_gb, 0) AS storage_gb, coalesce(screen_inches, 0) AS screen_inches,
		       coalesce(battery_health / 10, -1) AS battery_tens, count(*) AS n
		FROM products WHERE sold_at IS NULL AND deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7) g`)
	return kept, live
}

// The kept counts stay equal to a live count through every kind of change:
// inserts, COPY, a seller's edit of specs and category, a sale, a
// deletion, a reservation, a bulk update and a seller's account removed.
func TestFacetCountsFollowEveryChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	s := store.New(pool)
	check := func(step string) {
		t.Helper()
		kept, live := liveFacetGroups(t, pool)
		if kept != live {
			t.Fatalf("after %s:\n kept %s\n live %s", step, kept, live)
		}
	}
	shelf, sellers := specShelf(t, s, 40)
	check("inserts")
	rest := shelf
	n, err := s.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if len(rest) == 0 {
			return store.SeedProduct{}, false
		}
		p := rest[0]
		rest = rest[1:]
		return p, true
	})
	if err != nil || n != int64(len(shelf)) {
		t.Fatal(n, err)
	}
	check("COPY")
	var id, seller int64
	if err := pool.QueryRow(ctx, "SELECT id, seller_id FROM products WHERE sold_at IS NULL ORDER BY id LIMIT 1").Scan(&id, &seller); err != nil {
		t.Fatal(err)
	}
	ram, cat, cond := int32(64), int64(2), "fair"
	if err := s.UpdateProduct(ctx, id, seller, store.ProductEdit{Specs: &store.Specs{RAMGB: &ram, StorageType: "eMMC"}, CategoryID: &cat, Condition: &cond}); err != nil {
		t.Fatal(err)
	}
	check("an edit of specs, category and condition")
	name := "Renamed"
	if err := s.UpdateProduct(ctx, id, seller, store.ProductEdit{Name: &name}); err != nil {
		t.Fatal(err)
	}
	check("an edit that moves nothing")
	if err := s.MarkSoldOutside(ctx, id, seller); err != nil {
		t.Fatal(err)
	}
	check("a sale")
	if err := pool.QueryRow(ctx, "SELECT id, seller_id FROM products WHERE sold_at IS NULL ORDER BY id LIMIT 1").Scan(&id, &seller); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteOwnProduct(ctx, id, seller); err != nil {
		t.Fatal(err)
	}
	check("a deletion")
	if _, err := pool.Exec(ctx, "UPDATE products SET ram_gb = 16, storage_type = 'SSD' WHERE id % 3 = 0"); err != nil {
		t.Fatal(err)
	}
	check("a bulk update")
	if _, err := pool.Exec(ctx, "UPDATE products SET sold_at = NULL WHERE sold_at IS NOT NULL AND deleted_at IS NULL"); err != nil {
		t.Fatal(err)
	}
	check("sales undone")
	if _, err := s.DeleteUser(ctx, sellers[2], store.NoAdmin, ""); err != nil {
		t.Fatal(err)
	}
	check("a seller's account removed")
	if _, err := pool.Exec(ctx, "DELETE FROM products WHERE id % 5 = 0 AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.product_id = products.id)"); err != nil {
		t.Fatal(err)
	}
	check("rows deleted")
}

// A search with as many matches as a lookup gathers has its facets counted
// among its newest FacetSample, the first time and the times after, when
// it is known broad without a lookup.
func TestBroadSearchFacetsSampled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, s, seller := shop(t)
	catalogue(t, s, 2100, func(n int) store.SeedProduct {
		return laptop(seller, 3, fmt.Sprintf("Dell Latitude %d", n), 1000, listedAt.Add(time.Duration(n)*time.Minute))
	})
	for i := range 2 {
		got, err := s.ListFacets(ctx, store.BrowseFilter{Words: "dell"})
		if err != nil || got.Total != store.FacetSample || got.Exact {
			t.Fatalf("facets %d: %d products, exact %v, %v; want %d, not exact", i+1, got.Total, got.Exact, err, store.FacetSample)
		}
	}
	// a narrow search is counted exactly
	got, err := s.ListFacets(ctx, store.BrowseFilter{Words: "dell 2"})
	if err != nil || got.Total != 1+10+100+101 || !got.Exact {
		t.Fatalf("a narrow search's facets: %d products, exact %v, %v", got.Total, got.Exact, err)
	}
}
