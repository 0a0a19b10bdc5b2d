package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store/internal/dbsqlc"
)

// The orders a browse can come in.
const (
	SortNewest    = "newest"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
	SortRelevance = "relevance" // needs a search (see Searching)
)

// manyMatches is the most matches a lookup through the index gathers: a
// search's or a processor's matches are fetched in full and sorted below
// it, and the sort's index is walked with each product checked above it.
// A search's own bound is lower in a smaller catalogue (searchBound).
const manyMatches = 2000

// Cursor is where a page ended: the last row's sort key and id.
type Cursor struct {
	Sort  string
	Time  time.Time
	Price int64
	Rank  float32
	ID    int64
	// ByTime marks a relevance page listed newest first (a broad search)
	ByTime bool
}

// BrowseFilter picks available products. Empty fields match anything.
type BrowseFilter struct {
	Category     string
	Words        string // what the person typed into the search box
	MinPrice     int64  // 0: no minimum
	MaxPrice     int64  // 0: no maximum
	Condition    string
	Location     string // a part of the location, matched literally
	VerifiedOnly bool
	// the laptop's specs (0 or "": any); a product without the spec given
	// matches no filter of it
	RAMMin      int32   // GB
	StorageMin  int32   // GB
	StorageType string  // SSD, HDD or eMMC
	BatteryMin  int32   // percent
	ScreenMin   float32 // inches
	ScreenMax   float32
	Processor   string // words, each matching the start of a word of the processor
	SellerID    int64
	Sort        string
	After       *Cursor
	Limit       int
	// ManyMatchesAt overrides searchBound (tests check both search forms)
	ManyMatchesAt int64
	// countMatches: count the search's matches through the index even if
	// its words' shares say it is broad (its walk found too few in time)
	countMatches bool
}

// Searching tells whether f's Words hold anything to search for: typed
// punctuation alone is no search.
func (f BrowseFilter) Searching() bool {
	return searchQuery(f.Words) != ""
}

// specArgs are a filter's specs as the queries take them (nil: any).
type specArgs struct {
	ramMin, storageMin, batteryMin *int32
	storageType                    *string
	screenMin, screenMax           *float32
	processor                      *string // a prefix tsquery
	sellerID                       *int64
}

func (f BrowseFilter) specArgs() specArgs {
	whole := func(v int32) *int32 {
		if v == 0 {
			return nil
		}
		return &v
	}
	inches := func(v float32) *float32 {
		if v == 0 {
			return nil
		}
		return &v
	}
	a := specArgs{ramMin: whole(f.RAMMin), storageMin: whole(f.StorageMin), batteryMin: whole(f.BatteryMin),
		screenMin: inches(f.ScreenMin), screenMax: inches(f.ScreenMax)}
	if q := searchQuery(f.Processor); q != "" {
		a.processor = &q
	}
	if f.StorageType != "" {
		a.storageType = &f.StorageType
	}
	if f.SellerID != 0 {
		a.sellerID = &f.SellerID
	}
	return a
}

// ListProducts returns one page of available products as f filters and
// sorts them and, when there are more, the cursor of the next page.
func (s *Store) ListProducts(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, error) {
	products, next, _, err := s.ListProductsSorted(ctx, f)
	return products, next, err
}

// ListProductsSorted is ListProducts, and whether a page asked for by
// relevance is listed newest first instead: a broad search's is, its
// matches too many to rank (the pages after it follow its cursor's order).
func (s *Store) ListProductsSorted(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, bool, error) {
	tsquery := searchQuery(f.Words)
	location := likeEscape(f.Location)
	str := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	num := func(v int64) *int64 {
		if v == 0 {
			return nil
		}
		return &v
	}
	var afterID *int64
	if f.After != nil {
		afterID = &f.After.ID
	}
	var category *int64
	if f.Category != "" {
		c, err := s.GetCategoryByName(ctx, f.Category)
		if errors.Is(err, ErrNotFound) {
			return []Product{}, nil, false, nil
		}
		if err != nil {
			return nil, nil, false, err
		}
		category = &c.ID
	}
	sp := f.specArgs()
	size := int32(f.Limit + 1) // one more tells whether a next page exists
	if category != nil && f.plain() {
		p := dbsqlc.BrowseCategoryNewestParams{CategoryID: *category, PageSize: size}
		if f.After != nil {
			p.AfterTime, p.AfterID = &f.After.Time, &f.After.ID
		}
		rows, err := s.q.BrowseCategoryNewest(ctx, p)
		if err != nil {
			return nil, nil, false, translate(err)
		}
		return pageSorted(rows, nil, f, false)
	}
	// A search with few matches goes by their ids; with many, by the query,
	// walking the sort's index. Relevance ranks few matches; a broad search
	// (or a page continuing one) lists newest first instead.
	sort, byTime := f.Sort, false
	query, matchIDs := str(tsquery), []int64(nil)
	// indexQuery: what the GIN index is asked for a search's matches, its
	// rarest word by the words' shares (the whole search before a sample)
	indexQuery := tsquery
	// walkKey: what this search looks for, whatever its page, price or order
	walkKey := f.walkKey()
	rare, remembered := s.rare.get(walkKey)
	remembered = remembered && tsquery != "" && f.ManyMatchesAt == 0
	if remembered {
		// its words with its other filters were counted few lately
		if len(rare) == 0 {
			return []Product{}, nil, false, nil
		}
		query, matchIDs = nil, rare
		if f.After != nil && f.After.ByTime {
			sort, byTime = SortNewest, true
		}
	}
	if tsquery != "" && !remembered {
		at, err := s.searchBound(ctx, f)
		if err != nil {
			return nil, nil, false, err
		}
		continuing := f.After != nil && f.Sort == SortRelevance
		upTo := at
		if continuing && !f.After.ByTime {
			// a ranked walk goes on ranking, though more products may match
			// by now: allow for growth, within a bound
			upTo = 4 * at
		}
		// Counting a broad search's matches costs more than the page it
		// decides on (each is read to check it), so a search found broad
		// lately skips the count. A ranked walk must count: it ranks them.
		var ids []int64
		indexQuery, estimate, err := s.searchIndexQuery(ctx, f.Words)
		if err != nil {
			return nil, nil, false, err
		}
		common := s.common(estimate)
		// A search whose every word most products have is broad too,
		// by the words' sampled shares, without a look at the index.
		mayGuess := (!continuing || f.After.ByTime) && f.ManyMatchesAt == 0 && !f.countMatches
		broad := mayGuess && s.broad.has(tsquery)
		if !broad {
			if mayGuess && common {
				broad = true
			} else {
				s.lookups.Add(1)
				ids, err = s.custom.ListSearchMatches(ctx, dbsqlc.ListSearchMatchesParams{IndexQuery: indexQuery, Query: tsquery, UpTo: int32(upTo)})
				if err != nil {
					return nil, nil, false, translate(err)
				}
				broad = int64(len(ids)) >= at
				if !broad && (f.countMatches || estimate > float64(at)) && f.ManyMatchesAt == 0 {
					// words common apart but seldom together ("walton
					// macbook"): the lookup read each match of its rarest
					// word, more than a broad search has (its walk gave
					// way, or the word's share says so), so the few found
					// are remembered as a filtered search's are, until
					// the catalogue changes (the queries apply its
					// filters)
					s.rare.put(walkKey, ids)
				}
				if len(ids) == 0 {
					return []Product{}, nil, false, nil
				}
				if broad && f.ManyMatchesAt == 0 {
					s.broad.add(tsquery)
				}
			}
		}
		switch {
		case continuing && f.After.ByTime, !continuing && f.Sort == SortRelevance && broad:
			sort, byTime = SortNewest, true
		}
		if !broad || sort == SortRelevance {
			query, matchIDs = nil, ids
		}
	}
	if sp.processor != nil && matchIDs == nil {
		// a processor few laptops have goes by their ids too: the planner
		// cannot tell how rare its words are within a brand
		at := int64(manyMatches)
		if f.ManyMatchesAt > 0 {
			at = f.ManyMatchesAt
		}
		ids, err := s.custom.ListProcessorMatches(ctx, dbsqlc.ListProcessorMatchesParams{Processor: *sp.processor, CategoryID: category, UpTo: int32(at)})
		if err != nil {
			return nil, nil, false, translate(err)
		}
		if len(ids) == 0 {
			return []Product{}, nil, false, nil
		}
		if int64(len(ids)) < at {
			matchIDs = ids
		}
	}
	var rows []dbsqlc.ProductListing
	var ranks []float32
	// among answers the listings among ids that have the search's words and
	// pass its filters, with their ranks, in no order: planned once and
	// kept, a key lookup each, where a query that sorts them is planned
	// afresh each time for its ids (about 1 ms)
	among := func(ids []int64) ([]dbsqlc.ListListingsMatchingRow, error) {
		found, err := s.q.ListListingsMatching(ctx, dbsqlc.ListListingsMatchingParams{Ids: ids, Query: tsquery,
			CategoryID: category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
			RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
			Processor: sp.processor, SellerID: sp.sellerID})
		return found, translate(err)
	}
	// runAs runs the page's query through cq; walking: a broad search's
	// walk, which asks the GIN index nothing
	runAs := func(cq *dbsqlc.Queries, walking bool) error {
		if matchIDs != nil && len(matchIDs) <= fewListings && tsquery != "" {
			// few: fetched and sorted here, by their ranks too
			found, err := among(matchIDs)
			rows, ranks = sortedPage(found, sort, f.After, int(size))
			if sort != SortRelevance {
				ranks = nil
			}
			return err
		}
		var err error
		iq := &indexQuery
		if walking {
			iq = nil
		}
		switch sort {
		case SortPriceAsc, SortPriceDesc:
			var afterPrice *int64
			if f.After != nil {
				afterPrice = &f.After.Price
			}
			if query != nil && matchIDs == nil {
				// a broad search: its own query, reading each product once
				rows, err = s.browseSearchByPrice(ctx, cq, sort == SortPriceAsc, dbsqlc.BrowseSearchPriceAscParams{IndexQuery: iq, Query: *query,
					CategoryID: category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
					RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
					Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: afterID, PageSize: size})
				break
			}
			if sort == SortPriceAsc {
				rows, err = cq.BrowsePriceAsc(ctx, dbsqlc.BrowsePriceAscParams{CategoryID: category, Query: query, MatchIds: matchIDs, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
					Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
					RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
					Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: afterID, PageSize: size})
			} else {
				rows, err = cq.BrowsePriceDesc(ctx, dbsqlc.BrowsePriceDescParams{CategoryID: category, Query: query, MatchIds: matchIDs, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
					Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
					RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
					Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: afterID, PageSize: size})
			}
		case SortRelevance:
			var afterRank *float32
			if f.After != nil {
				afterRank = &f.After.Rank
			}
			var ranked []dbsqlc.BrowseRelevanceRow
			ranked, err = cq.BrowseRelevance(ctx, dbsqlc.BrowseRelevanceParams{Query: tsquery, MatchIds: matchIDs, CategoryID: category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
				Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
				RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
				Processor: sp.processor, SellerID: sp.sellerID, AfterRank: afterRank, AfterID: afterID, PageSize: size})
			for _, r := range ranked {
				rows = append(rows, listingOf(dbsqlc.ListListingsMatchingRow(r)))
				ranks = append(ranks, r.Rank)
			}
		default:
			var afterTime *time.Time
			if f.After != nil {
				afterTime = &f.After.Time
			}
			if query != nil && matchIDs == nil {
				// a broad search: its own walk, reading each product once,
				// of its brand's alone when it has one
				p := dbsqlc.BrowseSearchNewestParams{IndexQuery: iq, Query: *query, CategoryID: category, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
					Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
					RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
					Processor: sp.processor, SellerID: sp.sellerID, AfterTime: afterTime, AfterID: afterID, PageSize: size}
				rows, err = s.browseSearchNewest(ctx, cq, p)
				break
			}
			rows, err = cq.BrowseNewest(ctx, dbsqlc.BrowseNewestParams{CategoryID: category, Query: query, MatchIds: matchIDs, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
				Condition: str(f.Condition), Location: str(location), VerifiedOnly: f.VerifiedOnly,
				RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
				Processor: sp.processor, SellerID: sp.sellerID, AfterTime: afterTime, AfterID: afterID, PageSize: size})
		}
		return err
	}
	run := func(cq *dbsqlc.Queries) error { return runAs(cq, false) }
	walk := func(cq *dbsqlc.Queries) error { return runAs(cq, true) }
	// A filter by specs few products have: the planner, which takes
	// filters as independent of each other, of the brand and of the
	// sort, may walk the sort's index looking for them to its end (a
	// big screen with a battery as good as new, in a brand that sells
	// none); the kept counts know better.
	matching, loose, err := s.specMatches(ctx, f, matchIDs, category)
	if err != nil {
		return nil, nil, false, err
	}
	at := int64(manyMatches)
	if f.ManyMatchesAt > 0 {
		at = f.ManyMatchesAt
	}
	// a broad search walks its sort's index checking each product's words
	walksWords := query != nil && matchIDs == nil
	slowKey := walkKey + " " + sort
	if walksWords && !f.countMatches && (sort == SortPriceAsc || sort == SortPriceDesc) && (matching < 0 || matching >= at) && !s.slowWalks.has(slowKey) {
		// a broad search in price order: through its rarest word's
		// listings in that order (postings.go); one whose walk gave way
		// lately has found its postings of no use as well (its filters are
		// seldom with them), and is found first below
		word, _, err := s.rarestWord(ctx, f.Words)
		if err != nil {
			return nil, nil, false, err
		}
		var found []dbsqlc.ProductListing
		ok, err := s.postingsPage(ctx, f, word, sort, func(ids []int64, need int) (int, error) {
			matching, err := among(ids)
			listings, _ := sortedPage(matching, sort, nil, need)
			found = append(found, listings...)
			return len(listings), err
		})
		if err != nil {
			return nil, nil, false, err
		}
		if ok {
			s.postingsPages.Add(1)
			return pageSorted(found, nil, f, false)
		}
	}
	// byFilteredMatches finds a broad search's matches with its other
	// filters at any price first, through the indexes; few, they are
	// remembered until the catalogue changes, and this search and the
	// next such ones go by them, at any price, page or order. Many (its
	// walk gave way, but was only slow this once: a loaded machine), this
	// page is found first too.
	byFilteredMatches := func() error {
		// Once found, such matches are remembered; until then (the first
		// minute of a shop, and after each change of its catalogue, when
		// a popular search comes again many times at once) its requests
		// share one lookup, which none of them cancels alone.
		found, err, _ := s.finding.Do(walkKey, func() (any, error) {
			return s.filteredMatches(context.WithoutCancel(ctx), f, category, sp, *query)
		})
		if err != nil {
			return err
		}
		ids := found.([]int64)
		if len(ids) >= manyMatches {
			s.slowWalks.add(slowKey)
			return s.matchesFirst(ctx, run)
		}
		s.rare.put(walkKey, ids)
		s.foundFirst.add(walkKey)
		query, matchIDs = nil, ids
		sort, byTime = f.Sort, false
		if f.After != nil && f.After.ByTime {
			sort, byTime = SortNewest, true
		}
		return run(s.custom)
	}
	// a list by price, condition or brand alone, newest first, whose
	// products are common enough: walked, its plan kept (BrowseNewest)
	walksList := false
	if tsquery == "" && matching < 0 && sort == SortNewest && f.Location == "" && !f.VerifiedOnly && !f.specFiltered() && !s.slowWalks.has(slowKey) {
		cat := int64(0)
		if category != nil {
			cat = *category
		}
		if walksList, err = s.walksWell(ctx, f, cat); err != nil {
			return nil, nil, false, err
		}
	}
	switch {
	case walksList:
		if err = s.walkWithin(ctx, s.walkLimit(), true, run); errors.Is(err, errWalkTooLong) {
			// its prices, common apart, are seldom with its brand or
			// condition: planned for its values, for a while
			s.walksTooLong.Add(1)
			s.slowWalks.add(slowKey)
			rows = nil
			err = run(s.custom)
		}
	case matching >= 0 && matching < at && walksWords && !f.countMatches:
		// a broad search with specs few laptops have ("laptop" with 16 GB
		// and an SSD, at 10,000 products)
		err = byFilteredMatches()
	case matching >= 0 && matching < at:
		err = s.matchesFirst(ctx, run)
	case walksWords && !f.countMatches && s.foundFirst.has(walkKey):
		// its matches with its filters were found first lately, and the
		// catalogue changed since: found first again (by one request of
		// the many a popular search may bring at once)
		err = byFilteredMatches()
	case walksWords && !f.countMatches && s.slowWalks.has(slowKey):
		// its walk gave way lately: its matches are found first at once
		err = s.matchesFirst(ctx, run)
	case walksWords && !f.countMatches && !f.wordsOnly() && s.walkedToEnd.has(walkKey):
		// its walk read its whole index lately (below)
		counted := f
		counted.countMatches = true
		return s.ListProductsSorted(ctx, counted)
	case walksWords && !f.countMatches:
		// Its words, or its words with its other filters, may be seldom
		// together ("walton macbook"; "laptop" with 16 GB and an SSD), or
		// seldom among the cheapest ("apple", cheapest first): the walk
		// gets walkTime, and past it the search is counted.
		if err = s.walkWithin(ctx, s.walkLimit(), true, walk); !errors.Is(err, errWalkTooLong) {
			if err == nil && !f.wordsOnly() && f.After == nil && len(rows) <= f.Limit {
				// Its first page found less than a page in time, having
				// read every product of its index: its filters are seldom
				// with its words (a last page reached by paging says
				// nothing of the kind). The walk's cost grows with the
				// catalogue (120 ms at 100,000); so the same search, at
				// any price, page or order, is counted for a while, and
				// its few matches are found first and remembered until
				// the catalogue changes.
				s.walkedToEnd.add(walkKey)
			}
			break
		}
		s.walksTooLong.Add(1)
		counted := f
		counted.countMatches = true
		return s.ListProductsSorted(ctx, counted)
	case walksWords && f.wordsOnly():
		// counted many, but its walk gave way: its matches are seldom
		// early in its order (words common apart but seldom together
		// take the newest first; a brand's name among the cheapest).
		// They are found first, through the index, and sorted; so is
		// this search's next page, and the same search for a while.
		s.slowWalks.add(slowKey)
		err = s.matchesFirst(ctx, run)
	case walksWords && !f.wordsOnly():
		// counted many, but its walk gave way: its other filters are
		// seldom with its words ("laptop" with 16 GB and an SSD)
		err = byFilteredMatches()
	case matching < 0: // no such filter
		err = run(s.custom)
	case loose:
		// a battery between tens: the count is an upper bound, and a
		// walk that finds too few in its time gives way
		if err = s.walkWithin(ctx, s.walkLimit(), false, run); errors.Is(err, errWalkTooLong) {
			s.walksTooLong.Add(1)
			rows, ranks = nil, nil
			err = s.matchesFirst(ctx, run)
		}
	default:
		err = run(s.custom)
	}
	if err != nil {
		return nil, nil, false, translate(err)
	}
	return pageSorted(rows, ranks, f, byTime)
}

// specMatches is, by the kept counts (of a second ago at most), how many
// products can match f's filters by category, condition and specs: an
// upper bound, as the other filters are left out, and loose when the
// battery is between tens (counted from the ten below). -1: f has no such spec filter, or a list
// of ids narrows it already.
func (s *Store) specMatches(ctx context.Context, f BrowseFilter, matchIDs []int64, category *int64) (n int64, loose bool, err error) {
	if matchIDs != nil || f.RAMMin == 0 && f.StorageMin == 0 && f.StorageType == "" && f.BatteryMin == 0 && f.ScreenMin == 0 && f.ScreenMax == 0 {
		return -1, false, nil
	}
	groups, err := s.recentFacetGroups(ctx)
	if err != nil {
		return 0, false, err
	}
	bound := f
	bound.BatteryMin = f.BatteryMin / 10 * 10
	cat := int64(0)
	if category != nil {
		cat = *category
	}
	return countMatching(groups, bound, cat), bound.BatteryMin != f.BatteryMin, nil
}

// recentFacetGroups are the kept counts as read at most a second ago: they
// only choose a plan, never what it finds, so a list filtered by specs
// need not read them each time.
func (s *Store) recentFacetGroups(ctx context.Context) ([]facetGroup, error) {
	s.recentCounts.mu.Lock()
	defer s.recentCounts.mu.Unlock()
	if s.recentCounts.groups != nil && time.Since(s.recentCounts.at) < time.Second {
		return s.recentCounts.groups, nil
	}
	groups, err := s.keptFacetGroups(ctx)
	if err != nil {
		return nil, err
	}
	s.recentCounts.groups, s.recentCounts.at = groups, time.Now()
	return groups, nil
}

// walkTime is how long a walk whose matches the kept counts could not
// foretell may look for a page before the matches are fetched first.
const walkTime = 200 * time.Millisecond

var errWalkTooLong = errors.New("store: the walk took too long")

// walkLimit is walkTime, or the tests' override.
func (s *Store) walkLimit() time.Duration {
	if s.walkTimeAt > 0 {
		return s.walkTimeAt
	}
	return walkTime
}

// walkPlans turns off, for a transaction, every plan but a walk along an
// index in order, by one process: a walk split among parallel workers
// (which the planner chose at a million products) took 480 ms to stop
// after a page, alone 0.5 ms.
const walkPlans = "SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; " +
	"SET LOCAL max_parallel_workers_per_gather = 0"

// walkWithin runs fn's queries for at most d: planned for their values,
// or, prepared, as statements planned once and kept with every plan but a
// walk along an index in order turned off (a broad search's walk, whose
// plan is the same for any words and filters).
func (s *Store) walkWithin(ctx context.Context, d time.Duration, prepared bool, fn func(q *dbsqlc.Queries) error) error {
	set := fmt.Sprintf("SET LOCAL statement_timeout = %d", d.Milliseconds())
	if prepared {
		set += "; " + walkPlans
	}
	err := withSettings(ctx, s.pool, set, func(tx pgx.Tx) error {
		if prepared {
			return fn(dbsqlc.New(tx))
		}
		return fn(dbsqlc.New(customPlansTx{tx}))
	})
	var pgErr *pgconn.PgError
	if ctx.Err() == nil && errors.As(err, &pgErr) && pgErr.Code == "57014" {
		return errWalkTooLong
	}
	return translate(err)
}

// matchesFirst runs fn's queries planned to find the matching products
// first, through the filters' indexes, and then sort them: with ordered
// index walks and whole-table reads off, for this transaction only.
func (s *Store) matchesFirst(ctx context.Context, fn func(q *dbsqlc.Queries) error) error {
	return translate(withSettings(ctx, s.pool, "SET LOCAL enable_indexscan = off; SET LOCAL enable_seqscan = off", func(tx pgx.Tx) error {
		return fn(dbsqlc.New(customPlansTx{tx}))
	}))
}

// withSettings runs fn in a transaction begun with the settings set (SET
// LOCAL statements), sent with its BEGIN in one round trip.
func withSettings(ctx context.Context, pool *pgxpool.Pool, set string, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{BeginQuery: "BEGIN; " + set}, fn)
}

// browseSearchNewest runs a broad search's page newest first, along its
// brand's index when p names one, and its brand's in a condition when p
// names both.
func (s *Store) browseSearchNewest(ctx context.Context, cq *dbsqlc.Queries, p dbsqlc.BrowseSearchNewestParams) ([]dbsqlc.ProductListing, error) {
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
			CategoryID: *p.CategoryID, Condition: *p.Condition, MinPrice: p.MinPrice, MaxPrice: p.MaxPrice, Location: p.Location, VerifiedOnly: p.VerifiedOnly,
			RamMin: p.RamMin, StorageMin: p.StorageMin, StorageType: p.StorageType, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin, ScreenMax: p.ScreenMax,
			Processor: p.Processor, SellerID: p.SellerID, AfterTime: p.AfterTime, AfterID: p.AfterID, PageSize: p.PageSize})
		for _, r := range found {
			rows = append(rows, dbsqlc.ProductListing(r))
		}
		return rows, err
	}
	found, err := cq.BrowseSearchNewestInCategory(ctx, dbsqlc.BrowseSearchNewestInCategoryParams{IndexQuery: p.IndexQuery, Query: p.Query, CategoryID: *p.CategoryID,
		MinPrice: p.MinPrice, MaxPrice: p.MaxPrice, Condition: p.Condition, Location: p.Location, VerifiedOnly: p.VerifiedOnly,
		RamMin: p.RamMin, StorageMin: p.StorageMin, StorageType: p.StorageType, BatteryMin: p.BatteryMin, ScreenMin: p.ScreenMin, ScreenMax: p.ScreenMax,
		Processor: p.Processor, SellerID: p.SellerID, AfterTime: p.AfterTime, AfterID: p.AfterID, PageSize: p.PageSize})
	for _, r := range found {
		rows = append(rows, dbsqlc.ProductListing(r))
	}
	return rows, err
}

// browseSearchByPrice runs a broad search's page in price order, cheapest
// first or dearest first.
func (s *Store) browseSearchByPrice(ctx context.Context, cq *dbsqlc.Queries, cheapest bool, p dbsqlc.BrowseSearchPriceAscParams) ([]dbsqlc.ProductListing, error) {
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

// filteredMatches are the ids of the available products matching query
// and f's filters but its prices and verified sellers, found first through
// the indexes; at most manyMatches of them.
func (s *Store) filteredMatches(ctx context.Context, f BrowseFilter, category *int64, sp specArgs, query string) ([]int64, error) {
	str := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	s.lookups.Add(1)
	var ids []int64
	err := s.matchesFirst(ctx, func(q *dbsqlc.Queries) error {
		var err error
		ids, err = q.ListFilteredSearchMatches(ctx, dbsqlc.ListFilteredSearchMatchesParams{Query: query, CategoryID: category, Condition: str(f.Condition),
			Location: str(likeEscape(f.Location)), RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin,
			ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, Processor: sp.processor, SellerID: sp.sellerID, UpTo: manyMatches})
		return err
	})
	return ids, err
}

// wordsOnly tells whether f filters by its search's words alone.
func (f BrowseFilter) wordsOnly() bool {
	return f.Category == "" && f.MinPrice == 0 && f.MaxPrice == 0 && f.Condition == "" && f.Location == "" &&
		!f.VerifiedOnly && !f.specFiltered()
}

// walkKey names what a walk of f looks for, whatever its page or prices
// (the bench and a shopper's price slider make each request anew).
func (f BrowseFilter) walkKey() string {
	f.After, f.Limit, f.MinPrice, f.MaxPrice, f.Sort, f.countMatches = nil, 0, 0, 0, "", false
	return fmt.Sprintf("%+v", f)
}

// plain tells whether f asks for nothing but a brand's newest products.
func (f BrowseFilter) plain() bool {
	return !f.Searching() && f.MinPrice == 0 && f.MaxPrice == 0 && f.Condition == "" && f.Location == "" &&
		!f.VerifiedOnly && !f.specFiltered() && f.Sort == SortNewest
}

// specFiltered tells whether f filters by a spec or a seller.
func (f BrowseFilter) specFiltered() bool {
	return f.RAMMin != 0 || f.StorageMin != 0 || f.StorageType != "" || f.BatteryMin != 0 || f.ScreenMin != 0 ||
		f.ScreenMax != 0 || searchQuery(f.Processor) != "" || f.SellerID != 0
}

// page cuts the extra row off rows and makes the next page's cursor from
// the last row kept; ranks are the rows' search ranks when sorted by them.
// pageSorted is page, and whether its rows are listed newest first where
// relevance was asked for (a broad search).
func pageSorted(rows []dbsqlc.ProductListing, ranks []float32, f BrowseFilter, byTime bool) ([]Product, *Cursor, bool, error) {
	out, next, err := page(rows, ranks, f, byTime)
	return out, next, byTime, err
}

func page(rows []dbsqlc.ProductListing, ranks []float32, f BrowseFilter, byTime bool) ([]Product, *Cursor, error) {
	var next *Cursor
	if len(rows) > f.Limit {
		rows = rows[:f.Limit]
		last := rows[len(rows)-1]
		next = &Cursor{Sort: f.Sort, Time: last.CreatedAt, Price: last.SellPrice, ID: last.ID, ByTime: byTime}
		if ranks != nil {
			next.Rank = ranks[f.Limit-1]
		}
	}
	out := make([]Product, 0, len(rows))
	for _, r := range rows {
		out = append(out, productFrom(r))
	}
	return out, next, nil
}

// GetCategoryCount is how many available products a category has, kept by
// triggers so it costs one row read at any size.
func (s *Store) GetCategoryCount(ctx context.Context, categoryID int64) (int64, error) {
	n, err := s.q.GetCategoryCount(ctx, categoryID)
	if err != nil {
		return 0, translate(err)
	}
	return n, nil
}

// recentKeys remembers keys for a few minutes: the searches found to have
// many matches (Store.broad), those whose walk gave way (slowWalks) or
// read its whole index for less than a page (walkedToEnd);
// the zero value is empty and ready, and keeps them for broadFor. At most
// maxRemembered are kept: past that, those found over half their time ago
// go, and others if need be.
type recentKeys struct {
	mu    sync.Mutex
	found map[string]time.Time
	// keep: how long a key is kept (0: broadFor)
	keep time.Duration
}

const broadFor = 5 * time.Minute

// slowWalkFor is how long a search whose walk gave way skips its walk. A
// walk may give way for a moment's reason (a cold cache after PostgreSQL
// restarts, a burst of load), and its matches found first may then cost
// far more than the walk will once that is past ('macbook', newest first,
// at a million: 0.6 s against 1 ms): so it is tried again after a minute.
const slowWalkFor = time.Minute

func (b *recentKeys) kept() time.Duration {
	if b.keep > 0 {
		return b.keep
	}
	return broadFor
}

func (b *recentKeys) has(query string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	at, ok := b.found[query]
	return ok && time.Since(at) < b.kept()
}

func (b *recentKeys) add(query string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.found == nil {
		b.found = map[string]time.Time{}
	}
	if len(b.found) >= maxRemembered {
		cut := time.Now().Add(-b.kept() / 2)
		for q, at := range b.found {
			if at.Before(cut) || len(b.found) >= maxRemembered {
				delete(b.found, q)
			}
		}
	}
	b.found[query] = time.Now()
}

// rareSearches remembers the ids of the products matching a search's words
// with other filters seldom together with them, by the filters but prices
// (walkKey), found few by counting after a walk gave way; the zero value
// remembers nothing. They are kept while the catalogue's changes are heard
// (WatchCatalogue), until the next change, and for rareFor at most.
type rareSearches struct {
	mu    sync.Mutex
	live  bool
	found map[string]rareFound
}

type rareFound struct {
	ids []int64
	// corrected: for a typed search's correction (Store.typos), the words
	// searched for instead ("" none)
	corrected string
	at        time.Time
}

const rareFor = 5 * time.Minute

func (r *rareSearches) get(key string) ([]int64, bool) {
	found, ok := r.lookup(key)
	return found.ids, ok
}

// getCorrection answers the kept correction of typed, if any.
func (r *rareSearches) getCorrection(typed string) (string, bool) {
	found, ok := r.lookup(typed)
	return found.corrected, ok
}

// lookup answers what is kept for key, if it is not too old.
func (r *rareSearches) lookup(key string) (rareFound, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	found, ok := r.found[key]
	return found, ok && time.Since(found.at) < rareFor
}

// put keeps ids for key while changes are heard.
func (r *rareSearches) put(key string, ids []int64) { r.keep(key, rareFound{ids: ids}) }

// putCorrection keeps the correction of typed, as put keeps ids.
func (r *rareSearches) putCorrection(typed, corrected string) {
	r.keep(typed, rareFound{corrected: corrected})
}

// keep keeps found for key while changes are heard; at most maxRemembered
// keys are kept, and past that all are forgotten.
func (r *rareSearches) keep(key string, found rareFound) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.live {
		return
	}
	if r.found == nil || len(r.found) >= maxRemembered {
		r.found = map[string]rareFound{}
	}
	found.at = time.Now()
	r.found[key] = found
}

// forget drops every kept search; live says whether the catalogue's
// changes are heard from now on.
func (r *rareSearches) forget(live bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.live, r.found = live, nil
}

// ForgetSearches drops what searches remembered of the catalogue: a write
// of this instance calls it before its answer leaves, so its caller's next
// search sees the change before the database's notice of it arrives.
func (s *Store) ForgetSearches() {
	for _, r := range []*rareSearches{&s.rare, &s.typos} {
		r.mu.Lock()
		r.found = nil
		r.mu.Unlock()
	}
}
