package store

import (
	"context"
	"time"

	"resale/store/internal/dbsqlc"
)

// pageRun is one page being read as its plan says: the filter's arguments
// as the queries take them, the matches read, and the rows found.
type pageRun struct {
	f        BrowseFilter
	category *int64
	// tsquery: the search's words ("": none); what the GIN index is asked
	// for them when a page is planned for its values
	tsquery    string
	indexQuery string
	location   string
	sp         specArgs
	size       int32 // one more than a page tells whether a next exists
	// lessonKey: what walkedToEnd knows this search's walks by;
	// slowKey: what slowWalks knows its walk by, in the order planned
	lessonKey, slowKey string
	matchSet
	rows  []dbsqlc.ProductListing
	ranks []float32
}

// newPageRun prepares the reading of f's page by the matches m; what is
// learnt of its walks is kept by lessonKey (Store.lessonKey).
func newPageRun(f BrowseFilter, category *int64, m matchSet, lessonKey string) *pageRun {
	tsquery := searchQuery(f.Words)
	return &pageRun{f: f, category: category, tsquery: tsquery, indexQuery: tsquery, location: likeEscape(f.Location),
		sp: f.specArgs(), size: int32(f.Limit + 1), lessonKey: lessonKey, slowKey: lessonKey + " " + m.sort, matchSet: m}
}

// readOf names the query a page of f read by the matches m runs, and the
// index it walks where its plan is kept.
func readOf(f BrowseFilter, category *int64, m matchSet) string {
	walks := m.walksWords()
	switch {
	case m.readHere(f) && m.picksPlaces():
		return "ListListingsMatching, picked here in order"
	case m.readHere(f):
		return "ListListingsMatching, sorted here"
	case m.sort == SortPriceAsc && walks:
		return "BrowseSearchPriceAsc (products_price_idx)"
	case m.sort == SortPriceDesc && walks:
		return "BrowseSearchPriceDesc (products_price_idx)"
	case m.sort == SortPriceAsc:
		return "BrowsePriceAsc"
	case m.sort == SortPriceDesc:
		return "BrowsePriceDesc"
	case m.sort == SortRelevance:
		return "BrowseRelevance"
	case walks && category == nil:
		return "BrowseSearchNewest (products_available_idx)"
	case walks && f.Condition != "":
		return "BrowseSearchNewestInCategoryCondition (products_category_condition_idx)"
	case walks:
		return "BrowseSearchNewestInCategory (products_category_available_idx)"
	}
	return "BrowseNewest"
}

// str is v, or nil for "" (a filter not given).
func str(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// num is v, or nil for 0 (a filter not given).
func num(v int64) *int64 {
	if v == 0 {
		return nil
	}
	return &v
}

// deref is *v, or its type's zero for nil (a column that may be NULL).
func deref[T any](v *T) T {
	var zero T
	if v == nil {
		return zero
	}
	return *v
}

// afterID is the cursor's id, if any.
func (r *pageRun) afterID() *int64 {
	if r.f.After == nil {
		return nil
	}
	return &r.f.After.ID
}

// read reads the page through cq; walking: a broad search's walk, which
// asks the GIN index nothing.
func (r *pageRun) read(ctx context.Context, s *Store, cq *dbsqlc.Queries, walking bool) error {
	r.rows, r.ranks = nil, nil
	if r.picksPlaces() {
		return r.readPicked(ctx, s)
	}
	if r.ids != nil && len(r.ids) <= fewListings && r.tsquery != "" {
		// few: fetched and sorted here, by their ranks too
		found, err := r.among(ctx, s, r.ids)
		r.rows, r.ranks = sortedPage(found, r.sort, r.f.After, int(r.size))
		if r.sort != SortRelevance {
			r.ranks = nil
		}
		return err
	}
	iq := &r.indexQuery
	if walking {
		iq = nil
	}
	var err error
	switch r.sort {
	case SortPriceAsc, SortPriceDesc:
		r.rows, err = r.readByPrice(ctx, cq, iq)
	case SortRelevance:
		err = r.readByRelevance(ctx, cq)
	default:
		r.rows, err = r.readNewest(ctx, cq, iq)
	}
	return err
}

// among answers the listings among ids that have the search's words and
// pass its filters, with their ranks, in no order: planned once and kept,
// a key lookup each, where a query that sorts them is planned afresh each
// time for its ids (about 1 ms).
func (r *pageRun) among(ctx context.Context, s *Store, ids []int64) ([]dbsqlc.ListListingsMatchingRow, error) {
	f, sp := r.f, r.sp
	found, err := s.q.ListListingsMatching(ctx, dbsqlc.ListListingsMatchingParams{Ids: ids, Query: r.tsquery,
		CategoryID: r.category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Condition: str(f.Condition), Location: str(r.location), AreaIds: r.f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
		RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
		Processor: sp.processor, SellerID: sp.sellerID})
	return found, translate(err)
}

// readByPrice reads a page in price order: a broad search's by its own
// query, reading each product once; others by their ids or filters.
func (r *pageRun) readByPrice(ctx context.Context, cq *dbsqlc.Queries, iq *string) ([]dbsqlc.ProductListing, error) {
	f, sp := r.f, r.sp
	var afterPrice *int64
	if f.After != nil {
		afterPrice = &f.After.Price
	}
	if r.walksWords() {
		return browseSearchByPrice(ctx, cq, r.sort == SortPriceAsc, dbsqlc.BrowseSearchPriceAscParams{IndexQuery: iq, Query: r.tsquery,
			CategoryID: r.category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Condition: str(f.Condition), Location: str(r.location), AreaIds: r.f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
			RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
			Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: r.afterID(), PageSize: r.size})
	}
	p := dbsqlc.BrowsePriceAscParams{CategoryID: r.category, Query: r.query(), MatchIds: r.ids, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
		Condition: str(f.Condition), Location: str(r.location), AreaIds: r.f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
		RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
		Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: r.afterID(), PageSize: r.size}
	if r.sort == SortPriceAsc {
		return cq.BrowsePriceAsc(ctx, p)
	}
	return cq.BrowsePriceDesc(ctx, dbsqlc.BrowsePriceDescParams(p))
}

// query is the search's words where each product read is checked for them
// (a broad search), else nil.
func (r *pageRun) query() *string {
	if !r.words {
		return nil
	}
	return &r.tsquery
}

// readByRelevance reads a page best match first, ranked by the database.
func (r *pageRun) readByRelevance(ctx context.Context, cq *dbsqlc.Queries) error {
	f, sp := r.f, r.sp
	var afterRank *float32
	if f.After != nil {
		afterRank = &f.After.Rank
	}
	ranked, err := cq.BrowseRelevance(ctx, dbsqlc.BrowseRelevanceParams{Query: r.tsquery, MatchIds: r.ids, CategoryID: r.category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
		Condition: str(f.Condition), Location: str(r.location), AreaIds: r.f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
		RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
		Processor: sp.processor, SellerID: sp.sellerID, AfterRank: afterRank, AfterID: r.afterID(), PageSize: r.size})
	for _, found := range ranked {
		r.rows = append(r.rows, listingOf(dbsqlc.ListListingsMatchingRow(found)))
		r.ranks = append(r.ranks, found.Rank)
	}
	return err
}

// readNewest reads a page newest first: a broad search's by its own walk,
// reading each product once, of its brand's alone when it has one; others
// by their ids or filters.
func (r *pageRun) readNewest(ctx context.Context, cq *dbsqlc.Queries, iq *string) ([]dbsqlc.ProductListing, error) {
	f, sp := r.f, r.sp
	var afterTime *time.Time
	if f.After != nil {
		afterTime = &f.After.Time
	}
	p := dbsqlc.BrowseNewestParams{CategoryID: r.category, Query: r.query(), MatchIds: r.ids, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
		Condition: str(f.Condition), Location: str(r.location), AreaIds: r.f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
		RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
		Processor: sp.processor, SellerID: sp.sellerID, AfterTime: afterTime, AfterID: r.afterID(), PageSize: r.size}
	if !r.walksWords() {
		return cq.BrowseNewest(ctx, p)
	}
	return browseSearchNewest(ctx, cq, dbsqlc.BrowseSearchNewestParams{IndexQuery: iq, Query: r.tsquery, CategoryID: p.CategoryID,
		MinPrice: p.MinPrice, MaxPrice: p.MaxPrice, Condition: p.Condition, Location: p.Location, AreaIds: p.AreaIds, VerifiedOnly: p.VerifiedOnly, NegotiableOnly: p.NegotiableOnly, CheckedOnly: p.CheckedOnly,
		RamMin: p.RamMin, StorageMin: p.StorageMin, StorageType: p.StorageType, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin, ScreenMax: p.ScreenMax,
		Processor: p.Processor, SellerID: p.SellerID, AfterTime: p.AfterTime, AfterID: p.AfterID, PageSize: p.PageSize})
}

// browseSearchNewest runs a broad search's page newest first, along its
// brand's index when p names one, and its brand's in a condition when p
// names both.
func browseSearchNewest(ctx context.Context, cq *dbsqlc.Queries, p dbsqlc.BrowseSearchNewestParams) ([]dbsqlc.ProductListing, error) {
	var rows []dbsqlc.ProductListing
	if p.CategoryID == nil {
		found, err := cq.BrowseSearchNewest(ctx, p)
		for _, r := range found {
			rows = append(rows, dbsqlc.ProductListing(r))
		}
		return rows, err
	}
	if p.Condition != nil {
		found, err := cq.BrowseSearchNewestInCategoryCondition(ctx, dbsqlc.BrowseSearchNewestInCategoryConditionParams{IndexQuery: p.IndexQuery, Query: p.Query,
			CategoryID: *p.CategoryID, Condition: *p.Condition, MinPrice: p.MinPrice, MaxPrice: p.MaxPrice, Location: p.Location, AreaIds: p.AreaIds, VerifiedOnly: p.VerifiedOnly, NegotiableOnly: p.NegotiableOnly, CheckedOnly: p.CheckedOnly,
			RamMin: p.RamMin, StorageMin: p.StorageMin, StorageType: p.StorageType, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin, ScreenMax: p.ScreenMax,
			Processor: p.Processor, SellerID: p.SellerID, AfterTime: p.AfterTime, AfterID: p.AfterID, PageSize: p.PageSize})
		for _, r := range found {
			rows = append(rows, dbsqlc.ProductListing(r))
		}
		return rows, err
	}
	found, err := cq.BrowseSearchNewestInCategory(ctx, dbsqlc.BrowseSearchNewestInCategoryParams{IndexQuery: p.IndexQuery, Query: p.Query, CategoryID: *p.CategoryID,
		MinPrice: p.MinPrice, MaxPrice: p.MaxPrice, Condition: p.Condition, Location: p.Location, AreaIds: p.AreaIds, VerifiedOnly: p.VerifiedOnly, NegotiableOnly: p.NegotiableOnly, CheckedOnly: p.CheckedOnly,
		RamMin: p.RamMin, StorageMin: p.StorageMin, StorageType: p.StorageType, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin, ScreenMax: p.ScreenMax,
		Processor: p.Processor, SellerID: p.SellerID, AfterTime: p.AfterTime, AfterID: p.AfterID, PageSize: p.PageSize})
	for _, r := range found {
		rows = append(rows, dbsqlc.ProductListing(r))
	}
	return rows, err
}

// browseSearchByPrice runs a broad search's page in price order, cheapest
// first or dearest first.
func browseSearchByPrice(ctx context.Context, cq *dbsqlc.Queries, cheapest bool, p dbsqlc.BrowseSearchPriceAscParams) ([]dbsqlc.ProductListing, error) {
	var rows []dbsqlc.ProductListing
	if cheapest {
		found, err := cq.BrowseSearchPriceAsc(ctx, p)
		for _, r := range found {
			rows = append(rows, dbsqlc.ProductListing(r))
		}
		return rows, err
	}
	found, err := cq.BrowseSearchPriceDesc(ctx, dbsqlc.BrowseSearchPriceDescParams(p))
	for _, r := range found {
		rows = append(rows, dbsqlc.ProductListing(r))
	}
	return rows, err
}
