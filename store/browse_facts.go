package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// browseFacts gathers what planBrowse decides f's page by, in the order
// the cheapest facts come first: each lookup is made only when the facts
// before it leave the plan open (planBrowse's own tests of them, reused).
func (s *Store) browseFacts(ctx context.Context, f BrowseFilter) (browseFacts, error) {
	fs := browseFacts{matching: -1}
	if f.Category != "" {
		c, err := s.GetCategoryByName(ctx, f.Category)
		if errors.Is(err, ErrNotFound) {
			fs.unknownCategory = true
			return fs, nil
		}
		if err != nil {
			return fs, err
		}
		fs.category = &c.ID
	}
	if fs.category != nil && f.plain() {
		return fs, nil
	}
	walkKey := f.walkKey()
	var err error
	if fs.search, err = s.searchFacts(ctx, f, walkKey); err != nil {
		return fs, err
	}
	m := fs.matches(f)
	if m.none {
		return fs, nil
	}
	if s.mayFindInCells(f, m, walkKey) {
		ids, places, ok, err := s.findInCells(ctx, f, fs.category, walkKey)
		if err != nil {
			return fs, err
		}
		if ok {
			fs.search = searchFound{remembered: true, ids: ids, places: places}
			if m = fs.matches(f); m.none {
				return fs, nil
			}
		}
	}
	if sp := f.specArgs(); sp.processor != nil && m.ids == nil {
		ids, err := s.custom.ListProcessorMatches(ctx, dbsqlc.ListProcessorMatchesParams{Processor: *sp.processor, CategoryID: fs.category,
			UpTo: int32(f.manyAt())})
		if err != nil {
			return fs, translate(err)
		}
		fs.processorLooked, fs.processorIDs = true, ids
		if m = fs.matches(f); m.none {
			return fs, nil
		}
	}
	// A filter by specs few products have: the planner, which takes
	// filters as independent of each other, of the brand and of the
	// sort, may walk the sort's index looking for them to its end (a
	// big screen with a battery as good as new, in a brand that sells
	// none); the kept counts know better.
	if fs.matching, fs.walkedOver, fs.loose, err = s.specMatches(ctx, f, m.ids, fs.category); err != nil {
		return fs, err
	}
	if fs.lessonKey, err = s.lessonKey(ctx, f, walkKey); err != nil {
		return fs, err
	}
	fs.slowWalk = s.slowWalks.has(fs.lessonKey + " " + m.sort)
	fs.cellsGaveWay = s.slowWalks.has(cellsGaveWayKey(fs.lessonKey + " " + m.sort))
	fs.foundFirst, fs.walkedToEnd = s.foundFirst.has(walkKey), s.walkedToEnd.has(fs.lessonKey)
	if mayWalkList(f, fs, m) {
		cat := int64(0)
		if fs.category != nil {
			cat = *fs.category
		}
		fs.walksWell, err = s.walksWell(ctx, f, cat)
	}
	return fs, err
}

// narrowPrices is the most share of the catalogue a price range may hold
// and be narrow (Store.lessonKey).
const narrowPrices = 0.5

// lessonKey names what is learnt of f's walks (its walk gave way, or read
// its whole index for less than a page): walkKey, whatever its page or
// prices, as a price slider asks each time anew; with a narrow price range
// (half the catalogue or less, by the prices' sample), that range too. A
// walk in a range no laptop with its words is priced in ('core i5' up to
// Tk 551) gives way for its prices alone: learnt for the search at every
// price, it sent every shopper's 'core i5' to its matches found first for
// a minute (0.1 s a page at 100,000 products, over a second at a million).
func (s *Store) lessonKey(ctx context.Context, f BrowseFilter, walkKey string) (string, error) {
	if f.MinPrice == 0 && f.MaxPrice == 0 {
		return walkKey, nil
	}
	terms, err := s.searchTerms(ctx)
	if err != nil {
		return "", err
	}
	if terms != nil {
		if share := terms.prices.share(f.MinPrice, f.MaxPrice); share > narrowPrices {
			return walkKey, nil
		}
	}
	return fmt.Sprintf("%s prices %d-%d", walkKey, f.MinPrice, f.MaxPrice), nil
}

// searchFacts finds what f's search's matches are: remembered, or broad
// by the words' shares or as found lately, or looked up through the index
// (up to its bound; past it, broad). Zero when f searches nothing.
func (s *Store) searchFacts(ctx context.Context, f BrowseFilter, walkKey string) (searchFound, error) {
	tsquery := searchQuery(f.Words)
	if tsquery == "" {
		return searchFound{}, nil
	}
	if found, ok := s.rare.lookup(walkKey); ok && f.ManyMatchesAt == 0 {
		return searchFound{remembered: true, ids: found.ids, places: found.places}, nil
	}
	if found, ok := s.rare.lookup(wordsKey(tsquery)); ok && f.ManyMatchesAt == 0 {
		return searchFound{remembered: true, ids: found.ids, places: found.places}, nil
	}
	at, err := s.searchBound(ctx, f)
	if err != nil {
		return searchFound{}, err
	}
	continuing := f.After != nil && f.Sort == SortRelevance
	upTo := at
	if continuing && !f.After.ByTime {
		// a ranked walk goes on ranking, though more products may match
		// by now: allow for growth, within a bound
		upTo = 4 * at
	}
	indexQuery, estimate, err := s.searchIndexQuery(ctx, f.Words)
	if err != nil {
		return searchFound{}, err
	}
	// Counting a broad search's matches costs more than the page it
	// decides on (each is read to check it), so a search found broad
	// lately, or whose every word most products have by the words'
	// sampled shares, skips the count. A ranked walk must count: it
	// ranks them.
	mayGuess := (!continuing || f.After.ByTime) && f.ManyMatchesAt == 0 && !f.countMatches
	if mayGuess && !s.broad.has(tsquery) && s.common(estimate) {
		if found, ok, err := s.placesTogether(ctx, f.Words, tsquery, indexQuery); ok || err != nil {
			return found, err
		}
		if found, ok, err := s.fewTogether(ctx, tsquery, indexQuery, estimate); ok || err != nil {
			return found, err
		}
	}
	widespread, err := s.widespread(ctx, estimate)
	if err != nil {
		return searchFound{}, err
	}
	if mayGuess && (s.broad.has(tsquery) || s.common(estimate)) {
		return searchFound{broad: true, widespread: widespread}, nil
	}
	rows, gen, err := s.lookUpMatches(ctx, f, tsquery, indexQuery, upTo, at, estimate)
	if err != nil {
		return searchFound{}, err
	}
	places, ids := placesOf(rows)
	found := searchFound{ids: ids, places: places, broad: int64(len(ids)) >= at, widespread: widespread}
	if !found.broad && (f.countMatches || estimate > float64(at)) && f.ManyMatchesAt == 0 {
		// words common apart but seldom together ("walton macbook"): the
		// lookup read each match of its rarest word, more than a broad
		// search has (its walk gave way, or the word's share says so), so
		// the few found are remembered as a filtered search's are, until
		// the catalogue changes (the queries apply its filters)
		s.rare.put(gen, walkKey, ids, places)
	}
	if found.broad && f.ManyMatchesAt == 0 {
		s.broad.add(tsquery)
	}
	return found, nil
}

// lookUpMatches looks up the places of up to upTo matches of tsquery
// through the index (indexQuery), for a search whose bound is at and whose
// rarest word is estimated to match estimate products. Concurrent requests
// share one lookup, which none of them cancels alone: on a cold cache it
// may take longer than a request may wait ('walton macbook' at a million,
// 1.1 s); finished all the same, its matches, when fewer than at and
// costly to look up again, are remembered by its words for the requests
// that follow.
func (s *Store) lookUpMatches(ctx context.Context, f BrowseFilter, tsquery, indexQuery string, upTo, at int64, estimate float64) (
	rows []dbsqlc.ListSearchMatchPlacesRow, gen uint64, err error) {
	looking := s.finding.DoChan(fmt.Sprintf("lookup %d %s %s", upTo, indexQuery, tsquery), func() (any, error) {
		s.lookups.Add(1)
		gen := s.rare.generation()
		rows, _, err := s.searchMatchPlaces(context.WithoutCancel(ctx),
			dbsqlc.ListSearchMatchPlacesParams{IndexQuery: indexQuery, Query: tsquery, UpTo: int32(upTo)}, false)
		if err == nil && int64(len(rows)) < at && estimate > float64(at) && f.ManyMatchesAt == 0 {
			places, ids := placesOf(rows)
			s.rare.put(gen, wordsKey(tsquery), ids, places)
		}
		return readSince[[]dbsqlc.ListSearchMatchPlacesRow]{found: rows, gen: gen}, err
	})
	select {
	case <-ctx.Done():
		return nil, 0, translate(ctx.Err())
	case looked := <-looking:
		if looked.Err != nil {
			return nil, 0, translate(looked.Err)
		}
		read := looked.Val.(readSince[[]dbsqlc.ListSearchMatchPlacesRow])
		return read.found, read.gen, nil
	}
}

// readSince is what a read shared by concurrent requests found, and the
// generation of the remembered searches it was read since (their put is
// refused after a change).
type readSince[T any] struct {
	found T
	gen   uint64
}

// lookupWorkMem is the memory a lookup of a search's matches may take for
// the bitmaps of its words' postings (searchIndexQuery). PostgreSQL's
// default, 4 MB, held Walton's 300,000 postings at a million products only
// by the page, lossily: 32,501 rows read to check for none, 214 ms, where
// 16 MB held them whole, 72 ms. Only the lookups take it, each shared by
// its concurrent requests.
const lookupWorkMem = "32MB"

// lookupTx is a lookup's transaction: read only, one snapshot for the
// words it names and its matches, with lookupWorkMem.
var lookupTx = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly,
	BeginQuery: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL work_mem = '" + lookupWorkMem + "'"}

// searchMatchPlaces runs ListSearchMatchPlaces with lookupWorkMem, its
// index's prefixes asked for by name (expandPrefixes), in a read's
// transaction of its own (SET LOCAL ends with it, through a pooler too)
// whose one snapshot both read. named: no prefix was left; onlyNamed
// looks nothing up otherwise (a probe, cheap only so).
func (s *Store) searchMatchPlaces(ctx context.Context, p dbsqlc.ListSearchMatchPlacesParams, onlyNamed bool) (rows []dbsqlc.ListSearchMatchPlacesRow, named bool, err error) {
	err = pgx.BeginTxFunc(ctx, s.reads, lookupTx, func(tx pgx.Tx) error {
		q := dbsqlc.New(customPlansTx{tx})
		if p.IndexQuery, err = expandPrefixes(ctx, q, p.IndexQuery); err != nil {
			return err
		}
		if named = !strings.Contains(p.IndexQuery, ":*"); onlyNamed && !named {
			return nil
		}
		rows, err = q.ListSearchMatchPlaces(ctx, p)
		return err
	})
	return rows, named, err
}

// specMatches is, by the kept counts (of a second ago at most), how many
// products can match f's filters by category, condition and specs: an
// upper bound, as the other filters are left out, and loose when the
// battery is between tens (counted from the ten below). -1: f has no such
// spec filter, or a list of ids narrows it already. over: the products of
// f's brand (or of the catalogue) on sale, which a walk of its index
// passes.
func (s *Store) specMatches(ctx context.Context, f BrowseFilter, matchIDs []int64, category *int64) (n, over int64, loose bool, err error) {
	if matchIDs != nil || f.RAMMin == 0 && f.StorageMin == 0 && f.StorageType == "" && f.BatteryMin == 0 && f.ScreenMin == 0 && f.ScreenMax == 0 {
		return -1, 0, false, nil
	}
	groups, err := s.recentFacetGroups(ctx)
	if err != nil {
		return 0, 0, false, err
	}
	bound := f
	bound.BatteryMin = f.BatteryMin / 10 * 10
	cat := int64(0)
	if category != nil {
		cat = *category
	}
	return countMatching(groups, bound, cat), countMatching(groups, BrowseFilter{}, cat), bound.BatteryMin != f.BatteryMin, nil
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
