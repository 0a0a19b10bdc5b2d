package store

import (
	"context"

	"resale/store/internal/dbsqlc"
)

// servePostings finds a broad search's page in price order through its
// rarest word's listings in that order (postings.go), each checked for
// the search's words and filters by its id; those of its brand and
// condition alone are read (postingsNarrow). Where the postings give way (a
// prefix standing for too many words, filters seldom with the word) the
// page is served as p.otherwise says.
func (s *Store) servePostings(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	word, _, err := s.rarestWord(ctx, r.f.Words)
	if err != nil {
		return p, err
	}
	var found []dbsqlc.ProductListing
	narrow := postingsNarrow{category: r.category, condition: str(r.f.Condition)}
	ok, err := s.postingsPage(ctx, r.f, narrow, word, r.sort, func(ids []int64, need int) (int, error) {
		matching, err := r.among(ctx, s, ids)
		listings, _ := sortedPage(matching, r.sort, nil, need)
		found = append(found, listings...)
		return len(listings), err
	})
	if err != nil {
		return p, err
	}
	if !ok {
		return s.serve(ctx, r, *p.otherwise)
	}
	s.postingsPages.Add(1)
	r.rows, r.ranks = found, nil
	return p, nil
}
