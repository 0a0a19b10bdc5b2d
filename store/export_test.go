package store

import (
	"context"
	"time"

	"resale/store/internal/dbsqlc"
)

// SearchIndexQuery is searchIndexQuery, for the tests of package store_test.
// common: its rarest word alone makes it broad.
func (s *Store) SearchIndexQuery(ctx context.Context, typed string) (query string, common bool, err error) {
	query, estimate, err := s.searchIndexQuery(ctx, typed)
	return query, s.common(estimate), err
}

// SetIndexedMatches sets the most matches a search's rarest word may be
// estimated to have and still be counted through the index.
func (s *Store) SetIndexedMatches(n float64) { s.indexedMatchesAt = n }

// SetWalkTime sets how long a walk may look for a page before it gives way
// to a lookup through the index.
func (s *Store) SetWalkTime(d time.Duration) { s.walkTimeAt = d }

// SetNoPostings has a broad search in price order walk the price index.
func (s *Store) SetNoPostings() { s.noPostings, s.noCellPostings = true, true }

// SetNoCellPostings has s read no word's postings of each cell (its
// broad searches in price order with a brand go by the word's postings
// alone, narrowed).
func (s *Store) SetNoCellPostings() { s.noCellPostings = true }

// SetNoProbes has a search of several words common apart walked without
// a probe of its matches first.
func (s *Store) SetNoProbes() { s.noProbes = true }

// PostingsPages counts the pages found through the words' postings (of
// each cell, or alone).
func (s *Store) PostingsPages() int64 { return s.postingsPages.Load() }

// FacetSample is how many of a broad search's newest matches its facets count.
const FacetSample = facetSample

// WalksTooLong is how many walks have given way so far.
func (s *Store) WalksTooLong() int64 { return s.walksTooLong.Load() }

// WalkPlans is walkPlans: what a broad search's walk turns off.
const WalkPlans = walkPlans

// Lookups is how many times a list has looked its search's matches up
// through the index so far.
func (s *Store) Lookups() int64 { return s.lookups.Load() }

// CellFinds counts the searches whose matches were found in their cells.
func (s *Store) CellFinds() int64 { return s.cellFinds.Load() }

// LookupIndexQuery is what a lookup of typed's matches asks the GIN index
// for: searchIndexQuery's, its prefixes named (expandPrefixes).
func (s *Store) LookupIndexQuery(ctx context.Context, typed string) (query string, err error) {
	query, _, err = s.searchIndexQuery(ctx, typed)
	if err != nil {
		return "", err
	}
	return expandPrefixes(ctx, dbsqlc.New(s.pool), query)
}
