package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"resale/store/storetest"
)

// Many instances asking at once: one runs the pass, the rest skip it;
// once the period is over, the next asker gets the next pass.
func TestClaimJob(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	const askers = 8
	var claimed atomic.Int32
	var wg sync.WaitGroup
	for range askers {
		wg.Go(func() {
			ok, err := s.ClaimJob(ctx, "tidy", time.Hour)
			if err != nil {
				t.Error(err)
			}
			if ok {
				claimed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := claimed.Load(); n != 1 {
		t.Fatalf("%d of %d askers got the pass, want 1", n, askers)
	}
	run, err := s.GetJobRun(ctx, "tidy")
	if err != nil || run.Passes != 1 || run.Skips != askers-1 {
		t.Fatalf("job run = %+v, %v; want 1 pass and %d skips", run, err, askers-1)
	}
	// a period of zero has always passed
	if ok, err := s.ClaimJob(ctx, "tidy", 0); !ok || err != nil {
		t.Fatalf("after the period: %v %v", ok, err)
	}
	// jobs are counted apart
	if ok, err := s.ClaimJob(ctx, "other", time.Hour); !ok || err != nil {
		t.Fatalf("another job: %v %v", ok, err)
	}
	if run, _ := s.GetJobRun(ctx, "tidy"); run.Passes != 2 {
		t.Fatalf("passes = %d, want 2", run.Passes)
	}
}
