package store

import (
	"cmp"
	"context"
	"slices"
	"time"

	"resale/store/internal/dbsqlc"
)

// SitemapEntry is one available product of the sitemap.
type SitemapEntry struct {
	ID int64
	// Modified is when it was listed or its price last dropped.
	Modified time.Time
}

// ListSitemapRanges returns the numbers (from 0) of the sitemap's product
// ranges that hold any available product: range n is the ids in
// (n*size, (n+1)*size], so no range has more than size products.
func (s *Store) ListSitemapRanges(ctx context.Context, size int64) ([]int64, error) {
	ranges, err := s.q.ListSitemapRanges(ctx, size)
	return ranges, translate(err)
}

// ListSitemapProducts returns the available products of range n (see
// ListSitemapRanges), by id.
func (s *Store) ListSitemapProducts(ctx context.Context, n, size int64) ([]SitemapEntry, error) {
	rows, err := s.q.ListSitemapProducts(ctx, dbsqlc.ListSitemapProductsParams{AfterID: n * size, UpTo: (n + 1) * size})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]SitemapEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, SitemapEntry{ID: r.ID, Modified: r.ModifiedAt})
	}
	return out, nil
}

// SimilarBand is how far from a product's price a similar laptop may be
// priced: a quarter either way.
const SimilarBand = 4

// ListSimilarProducts returns up to limit available laptops like the
// product: its brand, priced within a quarter of it, the nearest in price
// first, the product itself left out. An unknown or deleted product is
// ErrNotFound; a sold or expired one still has similar laptops (its page
// says it is gone and shows them).
func (s *Store) ListSimilarProducts(ctx context.Context, id int64, limit int) ([]Product, error) {
	p, err := s.GetProduct(ctx, id)
	if err != nil {
		return nil, err
	}
	spread := p.SellPrice / SimilarBand
	above, err := s.q.ListSimilarAbove(ctx, dbsqlc.ListSimilarAboveParams{
		CategoryID: p.CategoryID, Price: p.SellPrice, MaxPrice: p.SellPrice + spread, ID: id, PageSize: int32(limit)})
	if err != nil {
		return nil, translate(err)
	}
	below, err := s.q.ListSimilarBelow(ctx, dbsqlc.ListSimilarBelowParams{
		CategoryID: p.CategoryID, Price: p.SellPrice, MinPrice: p.SellPrice - spread, ID: id, PageSize: int32(limit)})
	if err != nil {
		return nil, translate(err)
	}
	rows := append(above, below...)
	distance := func(r dbsqlc.ProductListing) int64 {
		d := r.SellPrice - p.SellPrice
		if d < 0 {
			return -d
		}
		return d
	}
	// nearest in price first; of two as near, the newer listing
	slices.SortStableFunc(rows, func(a, b dbsqlc.ProductListing) int {
		return cmp.Or(cmp.Compare(distance(a), distance(b)), cmp.Compare(b.ID, a.ID))
	})
	if len(rows) > limit {
		rows = rows[:limit]
	}
	return productsFrom(rows, nil)
}
