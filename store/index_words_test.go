package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"resale/store"
)

// A lookup asks the index for the words starting with a typed word by
// name (migration 00060, store/index_words.go) when the listings have few
// such words, all plain, however long; and finds every listing the prefix
// does.
func TestLookupAsksWordsByName(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	long := "macbookproretinathirteeninchlatetwentytwentyedition" // past 40 characters
	names := []string{"Walton Passion MacBook lookalike", "Waltonbd Tamarind " + long, "Walton Karonda", "Apple MacBook Air",
		"Lenovo ThinkPad", "Bijoy মোড়ক ল্যাপটপ", "Bijoy মোড়কটি ল্যাপটপ"}
	for i := range 20 { // zen0 .. zen19: more than a prefix is named by
		names = append(names, fmt.Sprintf("Asus zen%d", i))
	}
	catalogue(t, s, len(names), func(i int) store.SeedProduct {
		return laptop(seller, 1, names[i-1], 30000, listedAt.Add(time.Duration(i)*time.Minute))
	})
	for typed, want := range map[string]string{
		"walt macbook": "('walton' | 'waltonbd') & ('macbook' | '" + long + "')",
		"waltonbd":     "'waltonbd'",
		"zen":          "'zen':*", // 20 words start with it
		"zen1":         "('zen1' | 'zen10' | 'zen11' | 'zen12' | 'zen13' | 'zen14' | 'zen15' | 'zen16' | 'zen17' | 'zen18' | 'zen19')",
		"mo":           "'mo':*",                 // too short to name
		"মোড়ক":        "'মোড়ক':*",              // left to PostgreSQL's parser
		"nothing":      "'nothing':*",            // no word starts with it
		"i5 8gb":       "'cpucorei5' & 'ram8gb'", // spec words are named already
	} {
		got, err := s.LookupIndexQuery(ctx, typed)
		if err != nil || got != want {
			t.Errorf("%q: asks the index %q (%v), want %q", typed, got, err, want)
		}
	}
	for typed, like := range map[string]string{
		"walt macbook": "product_name ILIKE '%walt%' AND product_name ILIKE '%macbook%'",
		"zen1":         "product_name LIKE 'Asus zen1%'",
		"macbookpro":   "product_name LIKE '%" + long + "'",
		"মোড়ক":        "product_name LIKE 'Bijoy মোড়ক%'",
	} {
		want := selectIDs(t, pool, "SELECT id FROM products WHERE "+like+" ORDER BY id DESC")
		got := productIDs(allPages(t, s, store.BrowseFilter{Words: typed, Sort: store.SortNewest, Limit: 5}, nil))
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%q: found %v, want %v", typed, got, want)
		}
	}
	if s.Lookups() == 0 {
		t.Error("no search looked its matches up")
	}
}
