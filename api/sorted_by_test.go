package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"resale/store"
)

// A search lists by relevance unless it is broad (too many matches to
// rank): then it lists newest first, and X-Sorted-By: newest says so on
// every page, for the sort box to show what the list really is.
func TestBroadSearchSaysItIsListedNewest(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ctx := context.Background()
	seller, err := m.store.GetUserByEmail(ctx, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(-72 * time.Hour)
	n := 0
	if _, err := m.store.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if n++; n > 2100 {
			return store.SeedProduct{}, false
		}
		name := fmt.Sprintf("Dell Latitude %d", n)
		if n%700 == 0 {
			name = fmt.Sprintf("Dell Zenbook %d", n)
		}
		return store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller.ID, CategoryID: 3, Name: name, Picture: m.photo,
			SellPrice: int64(20000 + n), OriginalPrice: 95000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"},
			CreatedAt: start.Add(time.Duration(n) * time.Minute)}, true
	}); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Name string `json:"productName"`
	}
	for _, c := range []struct {
		query, sortedBy, first string
	}{
		{"q=dell", "newest", "Dell Zenbook 2100"},
		{"q=dell&sort=relevance", "newest", "Dell Zenbook 2100"},
		{"q=zenbook", "", ""}, // three matches, ranked
		{"q=dell&sort=newest", "", "Dell Zenbook 2100"},
		{"q=dell&sort=price_desc", "", "Dell Zenbook 2100"},
		{"", "", "Dell Zenbook 2100"},
	} {
		rec := m.get("/api/products?limit=10&" + c.query)
		var got []row
		decode(t, rec, &got)
		if rec.Code != http.StatusOK || rec.Header().Get("X-Sorted-By") != c.sortedBy || (c.first != "" && (len(got) == 0 || got[0].Name != c.first)) {
			t.Errorf("%s: %d, X-Sorted-By %q (want %q), first %v (want %q)", c.query, rec.Code, rec.Header().Get("X-Sorted-By"), c.sortedBy, got[:min(1, len(got))], c.first)
		}
		if c.sortedBy == "" {
			continue
		}
		// the next page goes on newest first and says so
		link := nextLink.FindStringSubmatch(rec.Header().Get("Link"))
		if link == nil {
			t.Fatalf("%s: no next page", c.query)
		}
		next := m.get(link[1])
		decode(t, next, &got)
		if next.Header().Get("X-Sorted-By") != "newest" || len(got) == 0 || got[0].Name != "Dell Latitude 2090" {
			t.Errorf("%s, page 2: X-Sorted-By %q, first %v", c.query, next.Header().Get("X-Sorted-By"), got[:min(1, len(got))])
		}
	}
}
