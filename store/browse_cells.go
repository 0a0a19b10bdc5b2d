package store

import (
	"context"
	"errors"
	"slices"

	"resale/store/internal/dbsqlc"
)

// A list filtered by RAM or storage type, in price order, may find all
// its products far along the price index: 16 GB laptops cheapest first
// come after 300,000 cheaper ones at a million products, and the walk
// for them, checking each product it passes, took over a second (#38).
// Such a list goes by cells instead: each combination of brand,
// condition, RAM and storage type that the kept counts say holds
// matching products is walked in price order along
// products_cell_price_idx (migration 00057), whose products all meet
// the list's RAM and storage type, and the cells' first products merged
// into the page, in one query.

// byCells tells whether f's page, read by the matches m, goes by cells:
// a list in price order filtered by RAM or storage type, with no search
// and no list of ids to read it by.
func byCells(f BrowseFilter, m matchSet) bool {
	return (m.sort == SortPriceAsc || m.sort == SortPriceDesc) && !f.Searching() && m.ids == nil && !m.words &&
		(f.RAMMin != 0 || f.StorageType != "")
}

// cellsRead names the query a page by cells runs in the order sort.
func cellsRead(sort string) string {
	if sort == SortPriceDesc {
		return "BrowseCellsPriceDesc (products_cell_price_idx)"
	}
	return "BrowseCellsPriceAsc (products_cell_price_idx)"
}

// readCells reads r's page by cells.
func (r *pageRun) readCells(ctx context.Context, q *dbsqlc.Queries) error {
	f, sp := r.f, r.sp
	var afterPrice *int64
	if f.After != nil {
		afterPrice = &f.After.Price
	}
	p := dbsqlc.BrowseCellsPriceAscParams{CategoryID: r.category, Condition: str(f.Condition), RamMin: sp.ramMin, StorageType: sp.storageType,
		StorageMin: sp.storageMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, BatteryMin: sp.batteryMin, MinPrice: num(f.MinPrice),
		MaxPrice: num(f.MaxPrice), Location: str(r.location), AreaIds: f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly,
		CheckedOnly: f.CheckedOnly, Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: r.afterID(), PageSize: r.size}
	var err error
	if r.sort == SortPriceAsc {
		r.rows, err = q.BrowseCellsPriceAsc(ctx, p)
	} else {
		r.rows, err = q.BrowseCellsPriceDesc(ctx, dbsqlc.BrowseCellsPriceDescParams(p))
	}
	return translate(err)
}

// A broad search in price order with a brand, a condition, a RAM or a
// storage type goes by its rarest word's postings of each cell
// (migration 00058): the postings of its word alone, read in price order,
// may hold its cells' only far along ('core i5' with 16 GB cheapest
// first: 52,000 cheaper Core i5s first, at a million products), where
// each cell's hold nothing else. A cell's postings may still be of
// listings without the search's other words or filters; so the read is
// given walkTime, past which the search goes as it would without them,
// and so for a while.

// byCellPostings tells whether f's page, read by the matches m, goes by
// its word's postings of each cell: a broad search's (one whose matches
// are known is picked from them, in its cells alone: browse_places.go).
func byCellPostings(f BrowseFilter, m matchSet) bool {
	return (m.sort == SortPriceAsc || m.sort == SortPriceDesc) && m.walksWords() && !f.countMatches &&
		(f.Category != "" || f.Condition != "" || f.RAMMin != 0 || f.StorageType != "")
}

// cellPostingsRead names the query a page by cell postings runs in the
// order sort.
func cellPostingsRead(sort string) string {
	if sort == SortPriceDesc {
		return "BrowseCellPostingsDesc (search_postings_cell_idx)"
	}
	return "BrowseCellPostingsAsc (search_postings_cell_idx)"
}

// cellsGaveWayKey is what slowWalks knows a search's read by cell
// postings that gave way by.
func cellsGaveWayKey(slowKey string) string { return "cells " + slowKey }

// serveCellPostings reads r's page by its rarest word's postings of each
// cell, within walkTime; past it, or when the word is a prefix standing
// for too many words, the page is served as p.otherwise says.
func (s *Store) serveCellPostings(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	if s.noCellPostings {
		return s.serve(ctx, r, *p.otherwise)
	}
	words, err := s.postingWords(ctx, r.f.Words)
	if err != nil {
		return p, err
	}
	if words == nil {
		return s.serve(ctx, r, *p.otherwise)
	}
	err = s.readWithin(ctx, s.walkLimit(), func(q *dbsqlc.Queries) error { return r.readCellPostings(ctx, q, words) })
	if errors.Is(err, errWalkTooLong) {
		s.walksTooLong.Add(1)
		s.slowWalks.add(cellsGaveWayKey(r.slowKey))
		return s.serve(ctx, r, *p.otherwise)
	}
	if err == nil {
		s.postingsPages.Add(1)
	}
	return p, err
}

// postingWords are the words whose postings a search of typed reads: its
// rarest word, itself when a spec word (matched whole), else the words of
// the listings that start with it; nil when it stands for more than
// postingsWords words, or none.
func (s *Store) postingWords(ctx context.Context, typed string) ([]string, error) {
	word, _, err := s.rarestWord(ctx, typed)
	if err != nil || word == "" {
		return nil, err
	}
	words, specs := typedWords(typed)
	if i := slices.Index(words, word); i >= specs {
		return []string{word}, nil
	}
	found, err := s.q.ListPrefixWords(ctx, dbsqlc.ListPrefixWordsParams{Prefix: word, PrefixEnd: word + string(rune(utf8Last)), UpTo: postingsWords + 1})
	if err != nil || len(found) == 0 || len(found) > postingsWords {
		return nil, translate(err)
	}
	return found, nil
}

// readCellPostings reads r's page by the postings of words of each cell.
func (r *pageRun) readCellPostings(ctx context.Context, q *dbsqlc.Queries, words []string) error {
	f, sp := r.f, r.sp
	var afterPrice *int64
	if f.After != nil {
		afterPrice = &f.After.Price
	}
	p := dbsqlc.BrowseCellPostingsAscParams{CategoryID: r.category, Condition: str(f.Condition), RamMin: sp.ramMin, StorageType: sp.storageType,
		StorageMin: sp.storageMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, BatteryMin: sp.batteryMin, Words: words, Query: r.tsquery,
		MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Location: str(r.location), AreaIds: f.areaIDs, VerifiedOnly: f.VerifiedOnly,
		NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly, Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice,
		AfterID: r.afterID(), PageSize: r.size}
	var err error
	if r.sort == SortPriceAsc {
		r.rows, err = q.BrowseCellPostingsAsc(ctx, p)
	} else {
		r.rows, err = q.BrowseCellPostingsDesc(ctx, dbsqlc.BrowseCellPostingsDescParams(p))
	}
	return err
}

// A broad search with a brand, a condition, a RAM or a storage type may
// have few listings with its words in those: '8gb' with 16 GB, newest
// first, walked the newest index for 200 ms, counted its words' matches
// and found its matches with the filters through the indexes (0.9-2 s on
// its first requests at a million products). Its rarest word's postings
// of its cells say how many it can have, reading those alone: when fewer
// than manyMatches, each is checked for the search's words and filters
// (any price) and the matches are remembered with its filters, as a
// search whose matches were found first is (serveFilteredMatches); more,
// it walks as before, and is not counted so again for a while.

// mayFindInCells tells whether f's broad search, read by the matches m,
// is counted through its word's postings of its cells first.
func (s *Store) mayFindInCells(f BrowseFilter, m matchSet, walkKey string) bool {
	return m.walksWords() && !f.countMatches && f.ManyMatchesAt == 0 && !s.noCellPostings &&
		(f.Category != "" || f.Condition != "" || f.RAMMin != 0 || f.StorageType != "") && !s.manyInCells.has(walkKey)
}

// findInCells answers f's matches at any price, and their places, when
// its rarest word's postings of its cells name fewer than manyMatches
// listings (ok), and remembers them by walkKey; else nothing. With their
// places each page in any order is picked from them: by their ids alone,
// a page best match first fetched and ranked them all each time ('elitebook'
// in HP at 10,000 products, 1,025 of them: 5 ms a page). Concurrent
// requests of the same search and filters, at any price or page, share one
// finding, which none of them cancels alone: the first requests of
// 'apple excellent 8gb' at 100,000 products each read the 1,951 matches'
// rows (60-120 ms), sixteen at once.
func (s *Store) findInCells(ctx context.Context, f BrowseFilter, category *int64, walkKey string) (ids []int64, places *matchPlaces, ok bool, err error) {
	found, err := s.placesByWords(ctx, "cells "+walkKey, walkKey, func(ctx context.Context) ([]dbsqlc.ListSearchMatchPlacesRow, bool, error) {
		words, err := s.postingWords(ctx, f.Words)
		if err != nil || words == nil {
			return nil, false, err
		}
		sp := f.specArgs()
		named, err := s.q.ListCellPostingIDs(ctx, dbsqlc.ListCellPostingIDsParams{Words: words, UpTo: manyMatches + 1, CategoryID: category,
			Condition: str(f.Condition), RamMin: sp.ramMin, StorageType: sp.storageType, StorageMin: sp.storageMin, ScreenMin: sp.screenMin,
			ScreenMax: sp.screenMax, BatteryMin: sp.batteryMin})
		if err != nil || len(named) > manyMatches {
			if err == nil {
				s.manyInCells.add(walkKey)
			}
			return nil, false, err
		}
		slices.Sort(named)
		named = slices.Compact(named)
		var placed []dbsqlc.ListSearchMatchPlacesRow
		if len(named) > 0 {
			found, err := s.q.ListPlacesMatching(ctx, dbsqlc.ListPlacesMatchingParams{Ids: named, Query: searchQuery(f.Words), CategoryID: category,
				Condition: str(f.Condition), Location: str(likeEscape(f.Location)), AreaIds: f.areaIDs, VerifiedOnly: f.VerifiedOnly,
				NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly, RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType,
				BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, Processor: sp.processor, SellerID: sp.sellerID})
			if err != nil {
				return nil, false, err
			}
			placed = make([]dbsqlc.ListSearchMatchPlacesRow, len(found))
			for i, r := range found {
				placed[i] = dbsqlc.ListSearchMatchPlacesRow(r)
			}
		}
		s.cellFinds.Add(1)
		return placed, true, nil
	})
	// all found (none too: an empty list, not nil) or, many, nothing
	return found.ids, found.places, found.ids != nil, err
}
