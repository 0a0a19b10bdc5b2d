package store

import (
	"context"
	"math"
)

// priceSample is PostgreSQL's sample of the products' prices (pg_stats of
// sell_price, read with the words' shares): its most common prices with
// their shares, and the bounds of equal shares of the rest.
type priceSample struct {
	common       []int64
	commonShares []float32
	bounds       []int64
	nulls        float32
}

// share estimates the share of products priced from lo to hi (0: no
// bound); -1 when there is no sample.
func (p priceSample) share(lo, hi int64) float64 {
	if len(p.bounds) < 2 && len(p.common) == 0 {
		return -1
	}
	if hi == 0 {
		hi = math.MaxInt64
	}
	share, rest := 0.0, 1-float64(p.nulls)
	for i, v := range p.common {
		rest -= float64(p.commonShares[i])
		if v >= lo && v <= hi {
			share += float64(p.commonShares[i])
		}
	}
	if buckets := len(p.bounds) - 1; buckets > 0 {
		in := 0.0
		for i := range buckets {
			from, to := float64(p.bounds[i]), float64(p.bounds[i+1])
			overlap := math.Min(to, float64(hi)) - math.Max(from, float64(lo))
			switch {
			case to == from && float64(lo) <= from && from <= float64(hi):
				in++
			case to > from && overlap > 0:
				in += overlap / (to - from)
			}
		}
		share += rest * in / float64(buckets)
	}
	return math.Min(math.Max(share, 0), 1)
}

// walkedShare is the least share of the catalogue a list newest first may
// keep and be walked along the newest index, its plan kept: a page of 25
// reads 2,500 products at most (a few milliseconds), where planning it
// afresh for its values costs a millisecond each time.
const walkedShare = 0.01

// walksWell tells whether a list of every brand's or one brand's products
// (category; 0: any), by condition, price and place only, newest first, keeps
// enough of the catalogue to be walked, by the kept counts and the
// prices' sample.
func (s *Store) walksWell(ctx context.Context, f BrowseFilter, category int64) (bool, error) {
	terms, err := s.searchTerms(ctx)
	if err != nil || terms == nil {
		return false, err
	}
	prices := terms.prices.share(f.MinPrice, f.MaxPrice)
	if prices < 0 {
		return false, nil
	}
	groups, err := s.recentFacetGroups(ctx)
	if err != nil {
		return false, err
	}
	all := countMatching(groups, BrowseFilter{}, 0)
	if all == 0 {
		return false, nil
	}
	matching := countMatching(groups, f, category)
	if f.areaIDs != nil {
		// a place's: its areas' kept counts (listings with no area are
		// in no place)
		areas, err := s.keptAreaCounts(ctx)
		if err != nil {
			return false, err
		}
		matching = areas.among(f.areaIDs, category, f.Condition)
	}
	return float64(matching)/float64(all)*prices >= walkedShare, nil
}
