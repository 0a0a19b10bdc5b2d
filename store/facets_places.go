package store

import (
	"context"

	"resale/store/internal/dbsqlc"
)

// The facets of places (#36): how many listings each division, district
// and area has among those the other filters pick. Each leaves out every
// filter by place (a shopper in one district still sees how many the
// others have). A list filtered by brand and condition at most is summed
// from the kept counts (product_area_counts); other filters are counted
// afresh; a broad search's matches, too many to count, give none.

// PlaceFacets are the counts by division, district and area id.
type PlaceFacets struct {
	Division, District, Area map[string]int64
}

// keptByPlace tells whether f filters by nothing the kept counts by area
// lack (they know brand and condition).
func (f BrowseFilter) keptByPlace() bool {
	return !f.Searching() && f.MinPrice == 0 && f.MaxPrice == 0 && f.Location == "" && !f.VerifiedOnly && !f.NegotiableOnly && !f.CheckedOnly && !f.specFiltered() &&
		f.RAMMin == 0 && f.StorageMin == 0 && f.StorageType == ""
}

// placeFacets counts f's matches by place; p holds f's search as
// facetMatches found it (nil Query and MatchIds: no search), category is
// f's brand's id (0: any).
func (s *Store) placeFacets(ctx context.Context, f BrowseFilter, category int64, p dbsqlc.CountFacetsLiveParams) (PlaceFacets, error) {
	out := PlaceFacets{Division: map[string]int64{}, District: map[string]int64{}, Area: map[string]int64{}}
	if category < 0 || p.Query != nil {
		return out, nil
	}
	places, err := s.Places(ctx)
	if err != nil {
		return out, err
	}
	byArea := map[string]int64{}
	if f.keptByPlace() {
		kept, err := s.keptAreaCounts(ctx)
		if err != nil {
			return out, err
		}
		for _, r := range kept.rows {
			if (category == 0 || r.CategoryID == category) && (f.Condition == "" || r.Condition == f.Condition) {
				byArea[r.AreaID] += r.Available
			}
		}
	} else {
		sp := f.specArgs()
		var cat *int64
		if category > 0 {
			cat = &category
		}
		rows, err := s.custom.CountPlaceFacets(ctx, dbsqlc.CountPlaceFacetsParams{Query: p.Query, MatchIds: p.MatchIds, CategoryID: cat,
			Condition: str(f.Condition), MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Location: p.Location, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
			RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin,
			ScreenMax: sp.screenMax, Processor: sp.processor, SellerID: sp.sellerID})
		if err != nil {
			return out, translate(err)
		}
		for _, r := range rows {
			byArea[r.AreaID] += r.Available
		}
	}
	for id, n := range byArea {
		if a, ok := places.Area(id); ok && n > 0 {
			out.Area[id] += n
			out.District[a.District.ID] += n
			out.Division[a.Division.ID] += n
		}
	}
	return out, nil
}
