package store_test

import (
	"context"
	"testing"

	"resale/store"
	"resale/store/storetest"
)

// The shop's share is rounded half up to the whole Tk.
func TestCommissionRoundsHalfUp(t *testing.T) {
	for _, c := range []struct{ amount, bp, want int64 }{
		{38000, 0, 0}, {38000, 250, 950}, {20020, 250, 501}, {20019, 250, 500}, {1001, 250, 25},
		{1, 5000, 1}, {1, 4999, 0}, {50, 333, 2}, {999, 333, 33}, {38000, 10000, 38000}, {1000, 1, 0}, {5000, 1, 1},
	} {
		if got := store.Commission(c.amount, c.bp); got != c.want {
			t.Errorf("Commission(%d, %d) = %d, want %d", c.amount, c.bp, got, c.want)
		}
	}
}

// The ledger's table refuses a row whose sign does not fit its kind, a
// commission or payout with no seller, and a payout with no admin or
// reference.
func TestLedgerConstraints(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	ctx := context.Background()
	var seller int64
	if err := pool.QueryRow(ctx, "INSERT INTO users (user_name, email, role) VALUES ('S', 's@example.com', 'Seller') RETURNING id").Scan(&seller); err != nil {
		t.Fatal(err)
	}
	ok := []string{
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('payment', 100, 'cash', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('commission', -5, 'cash', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id, reversal) VALUES ('commission', 5, 'card', $1, true)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('refund', -100, 'card', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id, created_by, reference) VALUES ('payout', -10, 'bkash', $1, $1, '017')",
	}
	for _, q := range ok {
		if _, err := pool.Exec(ctx, q, seller); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
	bad := []string{
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('payment', -100, 'cash', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('payment', 0, 'cash', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('refund', 100, 'card', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('commission', 5, 'card', $1)",
		"INSERT INTO ledger (kind, amount, method) VALUES ('commission', -5, 'card')",
		"INSERT INTO ledger (kind, amount, method, seller_id, created_by, reference) VALUES ('payout', 10, 'bkash', $1, $1, '017')",
		"INSERT INTO ledger (kind, amount, method, seller_id, reference) VALUES ('payout', -10, 'bkash', $1, '017')",
		"INSERT INTO ledger (kind, amount, method, seller_id, created_by) VALUES ('payout', -10, 'bkash', $1, $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('gift', 10, 'cash', $1)",
		"INSERT INTO ledger (kind, amount, method, seller_id) VALUES ('payment', 10, 'Cash!', $1)",
	}
	for _, q := range bad {
		if _, err := pool.Exec(ctx, q, seller); err == nil {
			t.Errorf("accepted: %s", q)
		}
	}
}
