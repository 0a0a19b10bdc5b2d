package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
)

// A brand's newest page walks its index; an unknown brand reads nothing.
func TestCategoryWalked(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 60, func(n int) store.SeedProduct {
		return laptop(seller, int64(1+n%4), fmt.Sprintf("Laptop %d", n), 1000, listedAt.Add(time.Duration(n%7)*time.Hour))
	})
	want := selectIDs(t, pool, `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.name = 'HP'
		ORDER BY p.created_at DESC, p.id DESC LIMIT 10`)
	ids, plan := servedBy(t, s, store.BrowseFilter{Category: "HP", Sort: store.SortNewest, Limit: 10})
	if plan != "walk products_category_available_idx" || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("HP, newest: %v served by %q; want %v by a walk of products_category_available_idx", ids, plan, want)
	}
	if ids, plan := servedBy(t, s, store.BrowseFilter{Category: "Nokia", Sort: store.SortNewest, Limit: 10}); len(ids) != 0 || plan != "nothing" {
		t.Errorf("Nokia: %v served by %q, want nothing", ids, plan)
	}
}

// A list common enough is walked along the newest index, its plan kept; a
// rare one is planned for its values.
func TestListWalkedWhenCommon(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 400, func(n int) store.SeedProduct {
		return laptop(seller, int64(1+n%4), fmt.Sprintf("Laptop %d", n), int64(1000+n*100), listedAt.Add(time.Duration(n%97)*time.Hour))
	})
	analyze(t, pool)
	for _, tt := range []struct {
		f    store.BrowseFilter
		want string
	}{
		{store.BrowseFilter{MaxPrice: 30000}, "walk, plan kept: BrowseNewest; else planned for its values: BrowseNewest"},
		{store.BrowseFilter{MinPrice: 1000, MaxPrice: 1300}, "planned for its values: BrowseNewest"},
	} {
		tt.f.Sort, tt.f.Limit = store.SortNewest, 10
		if _, plan := servedBy(t, s, tt.f); plan != tt.want {
			t.Errorf("%d-%d: served by %q, want %q", tt.f.MinPrice, tt.f.MaxPrice, plan, tt.want)
		}
	}
}

// A broad search walks its sort's index, its brand's when it has one,
// checking each product for its words, and finds what its few-matches form
// finds.
func TestBroadSearchWalked(t *testing.T) {
	t.Parallel()
	_, s, seller := shop(t)
	catalogue(t, s, 300, func(n int) store.SeedProduct {
		return laptop(seller, int64(1+n%3), fmt.Sprintf("Laptop %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
	})
	for _, tt := range []struct {
		f    store.BrowseFilter
		want string
	}{
		{store.BrowseFilter{Words: "laptop"}, "walk checking words: BrowseSearchNewest (products_available_idx); else count matches"},
		{store.BrowseFilter{Words: "laptop", Category: "HP"}, "walk checking words: BrowseSearchNewestInCategory (products_category_available_idx); else count matches"},
		{store.BrowseFilter{Words: "laptop", Category: "HP", Condition: "good"},
			"walk checking words: BrowseSearchNewestInCategoryCondition (products_category_condition_idx); else count matches"},
	} {
		tt.f.Sort, tt.f.Limit = store.SortNewest, 10
		tt.f.ManyMatchesAt = 100000
		few := productIDs(allPages(t, s, tt.f, nil))
		tt.f.ManyMatchesAt = 1 // broad
		if _, plan := servedBy(t, s, tt.f); plan != tt.want {
			t.Errorf("%+v: served by %q, want %q", tt.f, plan, tt.want)
		}
		if many := productIDs(allPages(t, s, tt.f, nil)); len(few) == 0 || fmt.Sprint(few) != fmt.Sprint(many) {
			t.Errorf("%+v: the walk found %v, the ids %v", tt.f, many, few)
		}
	}
}

// A battery between tens: the kept counts, of the ten below, are an upper
// bound, so the list is planned for its values within walkTime.
func TestLooseCountWalkedInTime(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 200, func(n int) store.SeedProduct {
		p := laptop(seller, 1, fmt.Sprintf("Laptop %d", n), 1000, listedAt.Add(time.Duration(n)*time.Minute))
		battery := int32(90 + n%10)
		p.Specs.BatteryHealth = &battery
		return p
	})
	want := selectIDs(t, pool, `SELECT id FROM products WHERE battery_health >= 95 ORDER BY created_at DESC, id DESC`)
	f := store.BrowseFilter{BatteryMin: 95, Sort: store.SortNewest, Limit: 200, ManyMatchesAt: 10}
	ids, plan := servedBy(t, s, f)
	if plan != "walk in time: BrowseNewest; else matches first: BrowseNewest" || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("battery 95: %v served by %q, want %v walked in time", ids, plan, want)
	}
}

// analyze has PostgreSQL sample the products: the words' and prices'
// shares the plans are chosen by.
func analyze(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
}
