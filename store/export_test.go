package store

import "context"

// SearchIndexQuery is searchIndexQuery, for the tests of package store_test.
func (s *Store) SearchIndexQuery(ctx context.Context, typed string) (string, bool, error) {
	return s.searchIndexQuery(ctx, typed)
}

// SetIndexedMatches sets the most matches a search's rarest word may be
// estimated to have and still be counted through the index.
func (s *Store) SetIndexedMatches(n float64) { s.indexedMatchesAt = n }
