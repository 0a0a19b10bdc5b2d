package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"resale/store"
	"resale/store/storetest"
)

// Both forms of a search, the one for few matches and the one for many,
// give the same pages in every sort.
func TestSearchFormsAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := storetest.Store(t)
	seller, err := s.CreateUser(ctx, store.NewUser{Name: "S", Email: "s@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 30; i++ {
		name := fmt.Sprintf("HP EliteBook %d", i)
		if i%3 == 0 {
			name = fmt.Sprintf("Asus ZenBook %d", i)
		}
		_, err := s.InsertSeedProduct(ctx, store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller.ID, CategoryID: 3, Name: name,
			Picture: "/uploads/x.jpg", SellPrice: int64(1000 + i%7*100), OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "017000000"},
			CreatedAt: base.Add(time.Duration(i%5) * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
	}
	walk := func(f store.BrowseFilter) []int64 {
		var ids []int64
		for pages := 0; pages < 20; pages++ {
			ps, next, err := s.Browse(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				ids = append(ids, p.ID)
			}
			if next == nil {
				return ids
			}
			f.After = next
		}
		t.Fatal("pages never end")
		return nil
	}
	for _, sort := range []string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc} {
		f := store.BrowseFilter{Query: "'elite':*", Sort: sort, Limit: 4}
		few := walk(f)
		f.ManyMatchesAt = 1
		many := walk(f)
		if len(few) != 20 || fmt.Sprint(few) != fmt.Sprint(many) {
			t.Errorf("%s: few-matches form %v, many-matches form %v", sort, few, many)
		}
	}
}
