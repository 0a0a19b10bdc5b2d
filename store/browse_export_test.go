package store

import "context"

// BrowsePlan is ListProducts (not nearest first), and the plan that served
// its page as a debug log names it, for the tests of package store_test.
func (s *Store) BrowsePlan(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, string, error) {
	f, _, err := s.withPlaces(ctx, f)
	if err != nil {
		return nil, nil, "", err
	}
	b, err := s.browse(ctx, f)
	return b.products, b.next, b.plan.String(), err
}
