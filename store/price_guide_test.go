package store_test

import (
	"context"
	"testing"

	"resale/laptopwords"
	"resale/store"
	"resale/store/storetest"
)

// #39 the comparable key Go makes of a title asked about is the key SQL
// makes of a listing's spec words (price_guide_key, migration 00049), or
// the guide would find no comparables.
func TestPriceGuideKeyMatchesSQL(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	for _, c := range []struct{ title, want string }{
		{"HP ProBook 450 G9 Core i5 12th Gen 8GB RAM 512GB SSD", "cpucorei5 gen12th ram8gb"},
		{"Asus TUF Ryzen 7 6800H 16GB DDR5 RTX 3060", "cpuryzen7 gen6th ram16gb"},
		{"Dell Latitude Core i7 256GB SSD", "cpucorei7  "},
		{"MacBook Air M2 8GB", "cpuapplem2  ram8gb"},
		{"8GB RAM 512GB SSD", ""},
	} {
		got := store.PriceGuideKey(c.title)
		var sql string
		if err := pool.QueryRow(context.Background(), "SELECT price_guide_key($1)",
			laptopwords.SpecWords(laptopwords.Listing{Title: c.title})).Scan(&sql); err != nil {
			t.Fatal(err)
		}
		if got != c.want || (got != "" && sql != got) {
			t.Errorf("%q: Go %q, SQL %q, want %q", c.title, got, sql, c.want)
		}
	}
}
