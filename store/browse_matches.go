package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// Matches first: where a walk along the sort's index would pass too many
// products for a page (specs few laptops have, a broad search whose walk
// gave way), the matching products are found first through the filters'
// indexes and then sorted.

// matchesFirstPlans turns off, for a transaction, ordered index walks and
// whole-table reads: what is left finds the matches first.
const matchesFirstPlans = "SET LOCAL enable_indexscan = off; SET LOCAL enable_seqscan = off"

// matchesFirst runs fn's queries planned to find the matching products
// first, through the filters' indexes, and then sort them: with ordered
// index walks and whole-table reads off, for this transaction only.
func (s *Store) matchesFirst(ctx context.Context, fn func(q *dbsqlc.Queries) error) error {
	return translate(withSettings(ctx, s.reads, matchesFirstPlans, func(tx pgx.Tx) error {
		return fn(dbsqlc.New(customPlansTx{tx}))
	}))
}

// findFirst reads r's page with its matches found first.
func (s *Store) findFirst(ctx context.Context, r *pageRun) error {
	return s.matchesFirst(ctx, func(q *dbsqlc.Queries) error { return r.read(ctx, s, q, false) })
}

// serveMatchesFirst reads r's page with its matches found first; a search
// whose walk gave way just now (p.slowNow) is found first so, this page and
// its next ones, for a while.
func (s *Store) serveMatchesFirst(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	if p.slowNow {
		s.slowWalks.add(r.slowKey)
	}
	return p, s.findFirst(ctx, r)
}

// serveFilteredMatches finds a broad search's matches with its other
// filters at any price first, through the indexes; few, they are
// remembered until the catalogue changes, and this search and the next
// such ones go by them, at any price, page or order. Many (its walk gave
// way, but was only slow this once: a loaded machine), this page is found
// first too (p.otherwise).
func (s *Store) serveFilteredMatches(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	walkKey := r.f.walkKey()
	// Once found, such matches are remembered; until then (the first
	// minute of a shop, and after each change of its catalogue, when a
	// popular search comes again many times at once) its requests share
	// one lookup, which none of them cancels alone.
	found, err, _ := s.finding.Do(walkKey, func() (any, error) {
		gen := s.rare.generation()
		ids, err := s.filteredMatches(context.WithoutCancel(ctx), r)
		return readSince[[]int64]{found: ids, gen: gen}, err
	})
	if err != nil {
		return p, err
	}
	read := found.(readSince[[]int64])
	ids := read.found
	if len(ids) >= manyMatches {
		return s.serveMatchesFirst(ctx, r, *p.otherwise)
	}
	s.rare.put(read.gen, walkKey, ids, nil)
	s.foundFirst.add(walkKey)
	r.words, r.ids, r.source = false, ids, rememberedIDs
	r.sort, r.byTime = r.f.Sort, false
	if r.f.After != nil && r.f.After.ByTime {
		r.sort, r.byTime = SortNewest, true
	}
	p.matchSet, p.read = r.matchSet, readOf(r.f, r.category, r.matchSet)
	return p, r.read(ctx, s, s.custom, false)
}

// filteredMatches are the ids of the available products matching r's
// search and filters but its prices and verified sellers, found first
// through the indexes; at most manyMatches of them.
func (s *Store) filteredMatches(ctx context.Context, r *pageRun) ([]int64, error) {
	f, sp := r.f, r.sp
	s.lookups.Add(1)
	var ids []int64
	err := s.matchesFirst(ctx, func(q *dbsqlc.Queries) error {
		var err error
		ids, err = q.ListFilteredSearchMatches(ctx, dbsqlc.ListFilteredSearchMatchesParams{Query: r.tsquery, CategoryID: r.category, Condition: str(f.Condition),
			Location: str(r.location), AreaIds: r.f.areaIDs, RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin,
			ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, Processor: sp.processor, SellerID: sp.sellerID, UpTo: manyMatches})
		return err
	})
	return ids, err
}
