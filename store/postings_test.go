package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
)

// postingsAgree fails t unless search_postings holds each word of each
// listing on sale with its price and its cell (brand, condition, RAM and
// storage type, as the kept counts say them), and nothing else; it
// answers how many rows it holds.
func postingsAgree(t *testing.T, pool *pgxpool.Pool, step string) int {
	t.Helper()
	var extra, missing, rows int
	err := pool.QueryRow(context.Background(), `
		WITH want AS (
			SELECT w AS word, p.sell_price, p.id AS product_id, p.category_id, p.condition, coalesce(p.ram_gb, 0), coalesce(p.storage_type, '')
			FROM products p, unnest(tsvector_to_array(p.search)) AS w
			WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
		), have AS (SELECT word, sell_price, product_id, category_id, condition, ram_gb, storage_type FROM search_postings)
		SELECT (SELECT count(*) FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) x),
		       (SELECT count(*) FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) x),
		       (SELECT count(*) FROM have)`).Scan(&extra, &missing, &rows)
	if err != nil {
		t.Fatal(err)
	}
	if extra != 0 || missing != 0 {
		t.Errorf("%s: search_postings has %d rows too many and lacks %d", step, extra, missing)
	}
	return rows
}

// The postings follow every change of a listing's words, price and sale,
// made by a statement of any kind.
func TestPostingsFollowTheCatalogue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	catalogue(t, s, 20, func(n int) store.SeedProduct {
		p := laptop(seller, 3, fmt.Sprintf("HP ProBook %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		if n == 20 {
			at := listedAt
			p.SoldAt = &at // sold: none of its words
		}
		return p
	})
	if rows := postingsAgree(t, pool, "copied"); rows != 19*3 {
		t.Fatalf("copied: %d postings, want 3 words for each of 19 on sale", rows)
	}
	id, err := s.InsertSeedProduct(ctx, laptop(seller, 1, "Walton Passion ল্যাপটপ", 5000, listedAt))
	if err != nil {
		t.Fatal(err)
	}
	postingsAgree(t, pool, "inserted")
	for _, c := range []struct{ step, sql string }{
		{"renamed", "UPDATE products SET product_name = 'Walton Passport' WHERE id = $1"},
		{"described", "UPDATE products SET description = 'like new, 16 GB' WHERE id = $1"},
		{"repriced", "UPDATE products SET sell_price = 4500 WHERE id = $1"},
		{"moved", "UPDATE products SET location = 'Sylhet' WHERE id = $1"},
		{"rebranded", "UPDATE products SET category_id = 3 WHERE id = $1"},
		{"judged fair", "UPDATE products SET condition = 'fair' WHERE id = $1"},
		{"given RAM", "UPDATE products SET ram_gb = 16 WHERE id = $1"},
		{"given storage", "UPDATE products SET storage_type = 'SSD' WHERE id = $1"},
		{"RAM taken away", "UPDATE products SET ram_gb = NULL WHERE id = $1"},
		{"sold", "UPDATE products SET sold_at = now() WHERE id = $1"},
		{"repriced while sold", "UPDATE products SET sell_price = 4000 WHERE id = $1"},
		{"sold no more", "UPDATE products SET sold_at = NULL WHERE id = $1"},
		{"expired", "UPDATE products SET expired_at = now() WHERE id = $1"},
		{"relisted", "UPDATE products SET expired_at = NULL, sell_price = 3900 WHERE id = $1"},
		{"deleted", "UPDATE products SET deleted_at = now() WHERE id = $1"},
		{"restored", "UPDATE products SET deleted_at = NULL WHERE id = $1"},
		{"all repriced", "UPDATE products SET sell_price = sell_price + 1 WHERE id <> $1"},
		{"removed", "DELETE FROM products WHERE id = $1"},
	} {
		if _, err := pool.Exec(ctx, c.sql, id); err != nil {
			t.Fatalf("%s: %v", c.step, err)
		}
		postingsAgree(t, pool, c.step)
	}
	if _, err := pool.Exec(ctx, "TRUNCATE products CASCADE"); err != nil {
		t.Fatal(err)
	}
	if rows := postingsAgree(t, pool, "truncated"); rows != 0 {
		t.Errorf("truncated: %d postings left", rows)
	}
}

// A broad search in price order reads its rarest word's postings, and
// finds the pages the few-matches form finds: with prefixes standing for
// several words, prices shared, filters, price bounds, Bangla.
func TestBroadSearchByPriceThroughPostings(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	models := []string{"HP ProBook", "Walton Passion", "Walton Passport", "Apple MacBook", "Walton ল্যাপটপ"}
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		// the HPs cheap, the Waltons and Apples dear; ten at each price
		m := n % len(models)
		price := int64(1000 + n/10*10)
		if m > 0 {
			price += int64(100000 * m)
		}
		p := laptop(seller, int64(1+m%3), models[m]+fmt.Sprintf(" %d", n%7), price, listedAt.Add(time.Duration(n)*time.Minute))
		if n%4 == 0 {
			p.Location = "Sylhet"
		}
		return p
	})
	if _, err := pool.Exec(context.Background(), "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []store.BrowseFilter{
		{Words: "walton", Sort: store.SortPriceAsc},
		{Words: "pass", Sort: store.SortPriceAsc},
		{Words: "pass", Sort: store.SortPriceDesc},
		{Words: "walton pas", Sort: store.SortPriceDesc, Location: "sylhet"},
		{Words: "probook", Sort: store.SortPriceDesc, MinPrice: 1100, MaxPrice: 1400},
		{Words: "probook", Sort: store.SortPriceAsc, MinPrice: 1100, MaxPrice: 1400},
		{Words: "mac", Sort: store.SortPriceAsc, Category: "WALTON"},
		{Words: "ল্যাপ", Sort: store.SortPriceAsc},
		{Words: "walton 3", Sort: store.SortPriceDesc},
		{Words: "nothing", Sort: store.SortPriceAsc},
	} {
		t.Run(fmt.Sprintf("%s %s %d-%d %s", f.Words, f.Sort, f.MinPrice, f.MaxPrice, f.Location+f.Category), func(t *testing.T) {
			f.Limit = 10
			f.ManyMatchesAt = 100000
			few := productIDs(allPages(t, s, f, nil))
			before := s.PostingsPages()
			f.ManyMatchesAt = 1
			many := productIDs(allPages(t, s, f, nil))
			if fmt.Sprint(few) != fmt.Sprint(many) {
				t.Errorf("the few-matches form found %v, the postings %v", few, many)
			}
			if len(few) == 0 && f.Words != "nothing" {
				t.Error("found nothing")
			}
			want := int64(max(1, (len(many)+f.Limit-1)/f.Limit))
			if pages := s.PostingsPages() - before; f.Words != "nothing" && pages != want {
				t.Errorf("%d pages through the postings, want all %d", pages, want)
			}
		})
	}
}

// A prefix standing for more words than the postings are read for, and a
// search whose filters are seldom with its rarest word, walk the price
// index instead, and find the same.
func TestPostingsGiveWay(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	catalogue(t, s, 3000, func(n int) store.SeedProduct {
		// 20 words starting with "xa"; one Walton in Khulna, the dearest
		p := laptop(seller, 1, fmt.Sprintf("Walton xa%02d", n%20), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		if n == 3000 {
			p.Location = "Khulna"
		}
		return p
	})
	if _, err := pool.Exec(context.Background(), "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []store.BrowseFilter{
		{Words: "xa", Sort: store.SortPriceAsc, Limit: 50},
		{Words: "walton", Sort: store.SortPriceAsc, Location: "khulna", Limit: 5},
	} {
		t.Run(f.Words, func(t *testing.T) {
			before := s.PostingsPages()
			f.ManyMatchesAt = 1
			ps, _, err := s.ListProducts(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			if s.PostingsPages() != before {
				t.Error("found through the postings")
			}
			if len(ps) == 0 || (f.Location != "") != (len(ps) == 1) || !strings.Contains(ps[0].Name, "Walton") {
				t.Errorf("found %v", productIDs(ps))
			}
			for i := 1; i < len(ps); i++ {
				if ps[i].SellPrice < ps[i-1].SellPrice {
					t.Fatalf("not cheapest first: %v", ps)
				}
			}
		})
	}
}

// A broad search's facets are counted among its cheapest FacetSample
// matches, found through its rarest word's postings: the same listings its
// pages cheapest first list, with the filters no facet shows. Where the
// postings hold fewer, every match is counted, exactly.
func TestBroadSearchFacetsThroughPostings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	models := []string{"HP ProBook", "Walton Passion", "Walton Passport", "Apple MacBook", "Walton ল্যাপটপ"}
	conditions := []string{"good", "excellent", "fair"}
	catalogue(t, s, 900, func(n int) store.SeedProduct {
		m := n % len(models)
		// prices from every model mixed, a few shared
		p := laptop(seller, int64(1+n%3), models[m]+fmt.Sprintf(" %d", n%7), int64(1000+(n*7919)%5000), listedAt.Add(time.Duration(n)*time.Minute))
		p.Condition = conditions[n/2%3]
		if n%4 == 0 {
			p.Location = "Sylhet"
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []store.BrowseFilter{
		{Words: "walton"}, // 540 matches: one word, not checked
		{Words: "pass"},   // two words of the prefix
		{Words: "walton pas", Location: "sylhet"}, // a second word and a place, checked
		{Words: "walton 3"},
		{Words: "walton", Condition: "fair", Category: "ASUS"},
		{Words: "probook", MinPrice: 2000, MaxPrice: 2600}, // fewer than the sample
		{Words: "ল্যাপ"},
	} {
		t.Run(fmt.Sprintf("%s %d-%d %s", f.Words, f.MinPrice, f.MaxPrice, f.Location+f.Condition+f.Category), func(t *testing.T) {
			// the sample: the cheapest matches of the filters no facet shows
			listed := f
			listed.Condition, listed.Category, listed.Sort, listed.Limit, listed.ManyMatchesAt = "", "", store.SortPriceAsc, 50, 100000
			sample := allPages(t, s, listed, nil)
			capped := len(sample) > store.FacetSample
			sample = sample[:min(len(sample), store.FacetSample)]
			want := store.Facets{Category: map[string]int64{}, Condition: map[string]int64{}, RAMGB: map[int32]int64{}, StorageType: map[string]int64{}, Exact: !capped}
			for _, p := range sample {
				byCategory, byCondition := f.Category == "" || p.Category == f.Category, f.Condition == "" || p.Condition == f.Condition
				if byCondition {
					want.Category[p.Category]++
				}
				if byCategory {
					want.Condition[p.Condition]++
				}
				if byCategory && byCondition {
					want.Total++
				}
			}
			before := s.PostingsPages()
			f.ManyMatchesAt = 1 // broad
			got, err := s.ListFacets(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			got.RAMGB, got.StorageType = map[int32]int64{}, map[string]int64{}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("facets %+v\nwant   %+v (of %d in the sample)", got, want, len(sample))
			}
			if s.PostingsPages()-before != 1 {
				t.Error("not counted through the postings")
			}
		})
	}
	// without them, along the newest index
	s.SetNoPostings()
	got, err := s.ListFacets(ctx, store.BrowseFilter{Words: "walton", ManyMatchesAt: 1})
	if err != nil || got.Total != store.FacetSample || got.Exact {
		t.Errorf("walked: %d, exact %v, %v; want %d, not exact", got.Total, got.Exact, err, store.FacetSample)
	}
}

// A broad search in price order within a brand, or of a condition, reads
// the postings of that brand's or condition's listings alone (#38): the
// cheapest HP Core i5s come after 3,000 cheaper Core i5s of Walton, more
// than the postings' rounds read unnarrowed, and are still found through
// the postings, in both orders, exactly as the price index's walk finds
// them.
func TestPostingsOfABrand(t *testing.T) {
	t.Parallel()
	pool, s, seller := shop(t)
	const cheaper = 3000
	catalogue(t, s, cheaper+40, func(n int) store.SeedProduct {
		if n <= cheaper { // WALTON, cheap
			return laptop(seller, 1, fmt.Sprintf("Walton Core i5 %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		}
		p := laptop(seller, 3, fmt.Sprintf("HP ProBook Core i5 %d", n), int64(9000+n%7*100+n), listedAt.Add(time.Duration(n)*time.Minute))
		if n%2 == 0 {
			p.Condition = "excellent"
		}
		return p
	})
	if _, err := pool.Exec(context.Background(), "ANALYZE products"); err != nil {
		t.Fatal(err)
	}
	without := store.New(pool)
	without.SetNoPostings()
	// the word's postings of each cell, or its postings narrowed (where
	// those gave way)
	narrowed := store.New(pool)
	narrowed.SetNoCellPostings()
	for _, f := range []store.BrowseFilter{
		{Words: "core i5", Category: "HP", Sort: store.SortPriceAsc, Limit: 7},
		{Words: "core i5", Category: "HP", Sort: store.SortPriceDesc, Limit: 7},
		{Words: "core i5", Category: "HP", Condition: "excellent", Sort: store.SortPriceAsc, Limit: 7},
		{Words: "core i5", Condition: "excellent", Sort: store.SortPriceDesc, Limit: 15},
		{Words: "i5", Category: "APPLE", Sort: store.SortPriceAsc, Limit: 7}, // none
	} {
		checkPostingsOfABrand(t, "cells", s, without, f)
		checkPostingsOfABrand(t, "narrowed", narrowed, without, f)
	}
}

// checkPostingsOfABrand checks that s finds f's page through the postings
// as without, which has none, finds it.
func checkPostingsOfABrand(t *testing.T, how string, s, without *store.Store, f store.BrowseFilter) {
	t.Helper()
	t.Run(fmt.Sprintf("%s %s %s %s", how, f.Category, f.Condition, f.Sort), func(t *testing.T) {
		f.ManyMatchesAt = 1
		before := s.PostingsPages()
		through, _, err := s.ListProducts(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if f.Category != "APPLE" && s.PostingsPages() == before {
			t.Error("not found through the postings")
		}
		want, _, err := without.ListProducts(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(productIDs(through)) != fmt.Sprint(productIDs(want)) {
			t.Errorf("through the postings %v, without them %v", productIDs(through), productIDs(want))
		}
		if f.Category == "APPLE" && len(through) != 0 || f.Category != "APPLE" && len(through) != f.Limit {
			t.Errorf("found %d", len(through))
		}
	})
}

// Where a brand's postings start is kept while the catalogue's changes are
// heard, never past one (#38): a cheaper HP Core i5 listed by another
// instance is listed first once its notice is heard; one of this instance,
// at once; the pages after the first and the dearest first stay exact.
func TestPostingsFrontierFollowsTheCatalogue(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, s, seller := shop(t)
	catalogue(t, s, 600, func(n int) store.SeedProduct {
		if n <= 500 {
			return laptop(seller, 1, fmt.Sprintf("Walton Core i5 %d", n), int64(1000+n), listedAt.Add(time.Duration(n)*time.Minute))
		}
		return laptop(seller, 3, fmt.Sprintf("HP Core i5 %d", n), int64(5000+n), listedAt.Add(time.Duration(n)*time.Minute))
	})
	changed := listening(t, ctx, s)
	f := store.BrowseFilter{Words: "core i5", Category: "HP", Sort: store.SortPriceAsc, Limit: 3, ManyMatchesAt: 1}
	first := func(f store.BrowseFilter) []int64 {
		t.Helper()
		ps, _, err := s.ListProducts(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		prices := make([]int64, len(ps))
		for i, p := range ps {
			prices[i] = p.SellPrice
		}
		return prices
	}
	for range 2 { // the second from where the first found its page
		if got := first(f); fmt.Sprint(got) != "[5501 5502 5503]" {
			t.Fatalf("cheapest HP Core i5s: %v", got)
		}
	}
	dear := f
	dear.Sort = store.SortPriceDesc
	if got := first(dear); fmt.Sprint(got) != "[5600 5599 5598]" {
		t.Errorf("dearest: %v", got)
	}
	// another instance lists a cheaper one: its notice drops the frontier
	if _, err := pool.Exec(ctx, `UPDATE products SET sell_price = 4000 WHERE product_name = 'HP Core i5 550'`); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); fmt.Sprint(first(f)) != "[4000 5501 5502]"; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never listed the cheaper one: %v", first(f))
		}
	}
	// this instance's own write, before its notice is heard
	<-changed
	if _, err := pool.Exec(ctx, `ALTER TABLE products DISABLE TRIGGER products_catalogue_updated`); err != nil {
		t.Fatal(err)
	}
	_, err := pool.Exec(ctx, `UPDATE products SET sell_price = 3000 WHERE product_name = 'HP Core i5 560'`)
	if _, e := pool.Exec(ctx, `ALTER TABLE products ENABLE TRIGGER products_catalogue_updated`); err != nil || e != nil {
		t.Fatal(err, e)
	}
	s.ForgetSearches()
	if got := first(f); fmt.Sprint(got) != "[3000 4000 5501]" {
		t.Errorf("after this instance's change: %v", got)
	}
}
