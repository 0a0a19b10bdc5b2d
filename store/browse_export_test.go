package store

import "context"

// BrowsePlan is ListProducts, and the plan that served its page as a debug
// log names it, for the tests of package store_test.
func (s *Store) BrowsePlan(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, string, error) {
	b, err := s.browse(ctx, f)
	return b.products, b.next, b.plan.String(), err
}
