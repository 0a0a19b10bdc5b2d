package auth

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Issue #31 F1: when every slot is taken and as many wait as may, a
// further hash is refused at once (ErrBusy), not queued until its
// request's deadline; once a slot frees, hashing goes on.
func TestHasherRefusesPastItsQueue(t *testing.T) {
	h := NewHasher(1)
	h.maxWaiting = 2
	h.slots <- struct{}{} // a hash that runs long
	waited := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := h.Hash(context.Background(), "correct horse battery")
			waited <- err
		}()
	}
	deadline := time.Now().Add(5 * time.Second)
	for h.waiting.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	if _, err := h.Hash(ctx, "correct horse battery"); !errors.Is(err, ErrBusy) {
		t.Fatalf("a third waiter: %v, want ErrBusy", err)
	}
	if _, _, err := h.Verify(ctx, "correct horse battery", h.dummy); !errors.Is(err, ErrBusy) {
		t.Fatalf("a third waiter verifying: %v, want ErrBusy", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refused after %v, want at once", d)
	}
	before := h.Computed()
	<-h.slots // the long hash ends: the two waiters hash
	for range 2 {
		if err := <-waited; err != nil {
			t.Errorf("a waiter: %v", err)
		}
	}
	if got := h.Computed() - before; got != 2 {
		t.Errorf("hashes computed after the slot freed: %d, want 2", got)
	}
	if _, err := h.Hash(ctx, "correct horse battery"); err != nil {
		t.Errorf("after the queue emptied: %v", err)
	}
}
