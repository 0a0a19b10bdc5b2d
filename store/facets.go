package store

import (
	"context"
	"errors"

	"resale/store/internal/dbsqlc"
)

// Facets are the counts beside a browse's choices: how many available
// products match each category, condition, RAM size and storage type.
// Each facet leaves out its own filter (a shopper filtering by 8 GB still
// sees how many 16 GB laptops there are) and keeps every other. A value no
// matching product has is left out, as are products without that spec.
type Facets struct {
	Category    map[string]int64
	Condition   map[string]int64
	RAMGB       map[int32]int64
	StorageType map[string]int64
	// Total is how many products match every filter. Exact false: a broad
	// search was counted among a sample of facetSample matches only, so
	// Total and every count are lower bounds.
	Total int64
	Exact bool
	// Places: the counts by division, district and area (#36)
	Places PlaceFacets
}

// facetSample is how many of a broad search's matches its facets count
// when its words' shares say it is broad: the app says "200+ laptops" and
// shows no counts for a lower bound. Every broad search's page asks for its
// facets, so they are found as often as the list: the cheapest through its
// rarest word's postings (200 key lookups), or else the newest along the
// newest index (2,000 products read for "macbook", 10% of the catalogue).
const facetSample = 200

// facetGroup is how many available products share a category, a
// condition, a RAM size and a storage type (0 and "": not given) and, from
// the kept counts, a storage size, a screen and a battery's tens (0, 0 and
// -1: not given).
type facetGroup struct {
	categoryID  int64
	category    string
	condition   string
	ramGB       int32
	storageType string
	// kept: the group's storage, screen and battery are known; counted
	// afresh, the query has already applied their filters
	kept         bool
	storageGB    int32
	screenInches float32
	batteryTens  int32
	available    int64
}

// ListFacets counts the choices of a browse filtered by f (its sort, cursor
// and limit play no part). A filter by category, condition, RAM and
// storage type alone is answered from the counts triggers keep (a few
// hundred rows at any size); any other filter counts the products it
// picks. Either way the facets are summed here.
func (s *Store) ListFacets(ctx context.Context, f BrowseFilter) (Facets, error) {
	f, _, err := s.withPlaces(ctx, f)
	if err != nil {
		return Facets{}, err
	}
	category, err := s.facetCategory(ctx, f)
	if err != nil {
		return Facets{}, err
	}
	p := liveFacetParams(f)
	out, err := s.countFacets(ctx, f, category, &p)
	if err != nil {
		return out, err
	}
	unplaced := f
	unplaced.Division, unplaced.District, unplaced.Area, unplaced.areaIDs = "", "", "", nil
	out.Places, err = s.placeFacets(ctx, unplaced, category, p)
	return out, err
}

// countFacets counts the facets but the places' (ListFacets), leaving in
// p the search as facetMatches found it.
func (s *Store) countFacets(ctx context.Context, f BrowseFilter, category int64, p *dbsqlc.CountFacetsLiveParams) (Facets, error) {
	if f.countsKept() {
		groups, err := s.keptFacetGroups(ctx)
		if err != nil {
			return Facets{}, err
		}
		return sumFacets(groups, f, category, true), nil
	}
	indexQuery, none, err := s.facetMatches(ctx, f, p)
	if err != nil {
		return Facets{}, err
	}
	if none {
		p.MatchIds = []int64{} // the places' facets count nothing either
		return sumFacets(nil, f, category, true), nil
	}
	var rows []dbsqlc.CountFacetsLiveRow
	capped := false
	if p.Query != nil {
		rows, capped, err = s.countSampledMatches(ctx, f, indexQuery, *p)
	} else {
		rows, err = s.custom.CountFacetsLive(ctx, *p)
	}
	if err != nil {
		return Facets{}, err
	}
	var groups []facetGroup
	for _, r := range rows {
		groups = append(groups, facetGroup{categoryID: r.CategoryID, category: r.Category, condition: r.Condition, ramGB: r.RamGb, storageType: r.StorageType,
			available: r.Available})
	}
	return sumFacets(groups, f, category, !capped), nil
}

// facetCategory is the id of f's category, 0 for any, -1 for one unknown
// (nothing matches it).
func (s *Store) facetCategory(ctx context.Context, f BrowseFilter) (int64, error) {
	if f.Category == "" {
		return 0, nil
	}
	c, err := s.GetCategoryByName(ctx, f.Category)
	if errors.Is(err, ErrNotFound) {
		return -1, nil
	}
	if err != nil {
		return 0, err
	}
	return c.ID, nil
}

// liveFacetParams are f's filters as the facets counted afresh take them,
// but its search's.
func liveFacetParams(f BrowseFilter) dbsqlc.CountFacetsLiveParams {
	p := dbsqlc.CountFacetsLiveParams{VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), AreaIds: f.areaIDs}
	if f.Location != "" {
		loc := likeEscape(f.Location)
		p.Location = &loc
	}
	sp := f.specArgs()
	p.StorageMin, p.BatteryMin, p.ScreenMin, p.ScreenMax, p.Processor, p.SellerID =
		sp.storageMin, sp.batteryMin, sp.screenMin, sp.screenMax, sp.processor, sp.sellerID
	return p
}

// facetMatches sets p to count f's search's matches as a list finds them:
// few (under the search's bound) by their ids, exactly; many (the bound
// found through the index, or words its shares say most products have, or
// found many lately) by its words, only in part, among a sample of
// facetSample (countSampledMatches). none: the search has no match.
func (s *Store) facetMatches(ctx context.Context, f BrowseFilter, p *dbsqlc.CountFacetsLiveParams) (indexQuery string, none bool, err error) {
	tsquery := searchQuery(f.Words)
	if tsquery == "" {
		return "", false, nil
	}
	if found, ok := s.rare.lookup(wordsKey(tsquery)); ok && f.ManyMatchesAt == 0 {
		// every match of its words is remembered (their places looked up
		// or probed): counted by their ids, exactly, where a search common
		// by its words' shares was counted among a sample found afresh
		// each time ('walton macbook' at a million: 450-660 ms for none)
		p.MatchIds = found.ids
		return "", len(found.ids) == 0, nil
	}
	indexQuery, estimate, err := s.searchIndexQuery(ctx, f.Words)
	if err != nil {
		return "", false, err
	}
	at, err := s.searchBound(ctx, f)
	if err != nil {
		return "", false, err
	}
	if s.common(estimate) || s.broad.has(tsquery) {
		p.Query = &tsquery
		return indexQuery, false, nil
	}
	ids, err := s.custom.ListSearchMatches(ctx, dbsqlc.ListSearchMatchesParams{IndexQuery: indexQuery, Query: tsquery, UpTo: int32(at)})
	if err != nil {
		return "", false, translate(err)
	}
	if len(ids) == 0 {
		return indexQuery, true, nil
	}
	p.MatchIds = ids
	if int64(len(ids)) >= at {
		if f.ManyMatchesAt == 0 {
			// broad, and known so for a while, by this and the lists
			s.broad.add(tsquery)
		}
		p.Query, p.MatchIds = &tsquery, nil
	}
	return indexQuery, false, nil
}

// countSampledMatches counts the facets of a search its words' shares call
// broad among its cheapest facetSample matches, found through its rarest
// word's postings as a broad search's page in price order is, and checked
// for the filters no facet shows; or, where those give way, among its
// newest. capped: facetSample were found, so more may match.
func (s *Store) countSampledMatches(ctx context.Context, f BrowseFilter, indexQuery string, p dbsqlc.CountFacetsLiveParams) (rows []dbsqlc.CountFacetsLiveRow, capped bool, err error) {
	word, _, err := s.rarestWord(ctx, f.Words)
	if err != nil {
		return nil, false, err
	}
	// a page of facetSample - 1 and one more, which tells of a next page
	sample := BrowseFilter{Words: f.Words, MinPrice: f.MinPrice, MaxPrice: f.MaxPrice, Limit: facetSample - 1}
	query := p.Query
	if onlyWord(f.Words, word) {
		query = nil // each listing its postings name has it
	}
	var n int64
	ok, err := s.postingsPage(ctx, sample, postingsNarrow{}, word, SortPriceAsc, func(ids []int64, need int) (int, error) {
		found, err := s.q.CountFacetsAmong(ctx, dbsqlc.CountFacetsAmongParams{Ids: ids, Query: query, MinPrice: p.MinPrice, MaxPrice: p.MaxPrice,
			Location: p.Location, AreaIds: p.AreaIds, VerifiedOnly: p.VerifiedOnly, NegotiableOnly: p.NegotiableOnly, CheckedOnly: p.CheckedOnly, StorageMin: p.StorageMin, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin,
			ScreenMax: p.ScreenMax, Processor: p.Processor, SellerID: p.SellerID, UpTo: int32(need)})
		kept := 0
		for _, r := range found {
			rows = append(rows, dbsqlc.CountFacetsLiveRow(r))
			kept += int(r.Available)
		}
		n += int64(kept)
		return kept, translate(err)
	})
	if err != nil {
		return nil, false, err
	}
	if !ok {
		return s.countNewestMatches(ctx, indexQuery, p)
	}
	s.postingsPages.Add(1)
	return rows, n >= facetSample, nil
}

// countNewestMatches counts the facets of a search its words' shares call
// broad among its newest facetSample matches, walking newest first for at
// most walkTime: words each common but seldom together ("walton macbook")
// may take longer to find, and are then looked up through the index.
// capped: facetSample were found, so more may match.
func (s *Store) countNewestMatches(ctx context.Context, indexQuery string, p dbsqlc.CountFacetsLiveParams) (rows []dbsqlc.CountFacetsLiveRow, capped bool, err error) {
	err = s.walkWithin(ctx, s.walkLimit(), true, func(q *dbsqlc.Queries) error {
		found, err := q.CountFacetsNewest(ctx, dbsqlc.CountFacetsNewestParams{Query: *p.Query, MinPrice: p.MinPrice, MaxPrice: p.MaxPrice,
			Location: p.Location, AreaIds: p.AreaIds, VerifiedOnly: p.VerifiedOnly, NegotiableOnly: p.NegotiableOnly, CheckedOnly: p.CheckedOnly, StorageMin: p.StorageMin, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin,
			ScreenMax: p.ScreenMax, Processor: p.Processor, SellerID: p.SellerID, UpTo: facetSample})
		rows = nil
		for _, r := range found {
			rows = append(rows, dbsqlc.CountFacetsLiveRow(r))
		}
		return err
	})
	if err == nil {
		var n int64
		for _, r := range rows {
			n += r.Available
		}
		return rows, n >= facetSample, nil
	}
	if !errors.Is(err, errWalkTooLong) {
		return nil, false, err
	}
	s.walksTooLong.Add(1)
	ids, err := s.custom.ListSearchMatches(ctx, dbsqlc.ListSearchMatchesParams{IndexQuery: indexQuery, Query: *p.Query, UpTo: facetSample})
	if err != nil || len(ids) == 0 {
		return nil, false, translate(err)
	}
	p.Query, p.MatchIds = nil, ids
	rows, err = s.custom.CountFacetsLive(ctx, p)
	return rows, len(ids) >= facetSample, translate(err)
}

// keptFacetGroups reads the kept counts.
func (s *Store) keptFacetGroups(ctx context.Context) ([]facetGroup, error) {
	rows, err := s.q.ListFacetCounts(ctx)
	if err != nil {
		return nil, translate(err)
	}
	groups := make([]facetGroup, 0, len(rows))
	for _, r := range rows {
		groups = append(groups, facetGroup{categoryID: r.CategoryID, category: r.Category, condition: r.Condition, ramGB: r.RamGb, storageType: r.StorageType,
			kept: true, storageGB: r.StorageGb, screenInches: r.ScreenInches, batteryTens: r.BatteryTens, available: r.Available})
	}
	return groups, nil
}

// countMatching is how many of the kept groups' products meet every filter
// of f by category (its id; 0: any), condition and specs.
func countMatching(groups []facetGroup, f BrowseFilter, category int64) int64 {
	var n int64
	for _, g := range groups {
		if (category == 0 || g.categoryID == category) && (f.Condition == "" || g.condition == f.Condition) &&
			(f.RAMMin == 0 || g.ramGB != 0 && g.ramGB >= f.RAMMin) && (f.StorageType == "" || g.storageType == f.StorageType) &&
			g.specsMeet(f) {
			n += g.available
		}
	}
	return n
}

// specsMeet tells whether a kept group meets f's filters by storage size,
// screen and battery (in tens); groups counted afresh met them already.
func (g facetGroup) specsMeet(f BrowseFilter) bool {
	return !g.kept || (f.StorageMin == 0 || g.storageGB >= f.StorageMin) &&
		(f.ScreenMin == 0 || g.screenInches != 0 && g.screenInches >= f.ScreenMin) &&
		(f.ScreenMax == 0 || g.screenInches != 0 && g.screenInches <= f.ScreenMax) &&
		(f.BatteryMin == 0 || g.batteryTens >= f.BatteryMin/10)
}

// countsKept tells whether f filters by nothing the kept counts lack: they
// know the battery in steps of ten.
func (f BrowseFilter) countsKept() bool {
	return !f.Searching() && f.MinPrice == 0 && f.MaxPrice == 0 && f.Location == "" && !f.VerifiedOnly && !f.NegotiableOnly && !f.CheckedOnly && f.areaIDs == nil &&
		f.BatteryMin%10 == 0 && processorQuery(f.Processor) == "" && f.SellerID == 0
}

// sumFacets adds groups up into each facet, applying f's filters by
// category (its id; 0: any), condition, RAM and storage type to every
// facet but their own, and those by the other specs, which no facet shows,
// to every facet; and every filter to the total. exact: groups hold every
// match, not some.
func sumFacets(groups []facetGroup, f BrowseFilter, category int64, exact bool) Facets {
	out := Facets{Category: map[string]int64{}, Condition: map[string]int64{}, RAMGB: map[int32]int64{}, StorageType: map[string]int64{},
		Total: countMatching(groups, f, category), Exact: exact}
	for _, g := range groups {
		byCategory := category == 0 || g.categoryID == category
		byCondition := f.Condition == "" || g.condition == f.Condition
		byRAM := f.RAMMin == 0 || (g.ramGB != 0 && g.ramGB >= f.RAMMin)
		byStorage := f.StorageType == "" || g.storageType == f.StorageType
		if !g.specsMeet(f) {
			continue
		}
		if byCondition && byRAM && byStorage {
			out.Category[g.category] += g.available
		}
		if byCategory && byRAM && byStorage {
			out.Condition[g.condition] += g.available
		}
		if byCategory && byCondition && byStorage && g.ramGB != 0 {
			out.RAMGB[g.ramGB] += g.available
		}
		if byCategory && byCondition && byRAM && g.storageType != "" {
			out.StorageType[g.storageType] += g.available
		}
	}
	return out
}
