package store_test

import (
	"context"
	"errors"
	"testing"

	"resale/store"
	"resale/store/storetest"
)

// A statement that waits past lock_timeout behind another transaction's
// lock is a timeout (answered 503, "try again"), not an unexpected error.
func TestLockTimeoutIsATimeout(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	s := store.New(pool)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = 0; LOCK TABLE categories IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	// the shop's own lock_timeout (5 s) runs out
	_, err = s.ListCategories(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ListCategories behind a lock: %v, want a timeout", err)
	}
}
