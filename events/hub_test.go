package events_test

import (
	"errors"
	"sync"
	"testing"

	"resale/events"
)

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// An event reaches each stream of its user only.
func TestHubDeliversToTheUsersStreams(t *testing.T) {
	h := events.NewHub(4, 0)
	if _, err := h.Subscribe(1); !errors.Is(err, events.ErrNotListening) {
		t.Fatalf("subscribe before listening: %v", err)
	}
	h.SetListening(true)
	a1, _ := h.Subscribe(1)
	a2, _ := h.Subscribe(1)
	b, _ := h.Subscribe(2)
	h.Publish(1, 10)
	h.Publish(3, 11) // nobody here
	for _, s := range []*events.Subscription{a1, a2} {
		if got := <-s.IDs(); got != 10 {
			t.Errorf("got %d, want 10", got)
		}
	}
	if len(b.IDs()) != 0 {
		t.Error("another user's stream got the event")
	}
	h.Unsubscribe(a2)
	h.Unsubscribe(a2) // twice is harmless
	if h.Len() != 2 {
		t.Errorf("Len = %d, want 2", h.Len())
	}
}

// A stream that does not keep up is dropped; the hub and the others go on.
func TestHubDropsASlowStream(t *testing.T) {
	h := events.NewHub(2, 0)
	h.SetListening(true)
	slow, _ := h.Subscribe(1)
	quick, _ := h.Subscribe(1)
	for id := range int64(3) {
		h.Publish(1, id)
		<-quick.IDs()
	}
	if !closed(slow.Done()) || slow.Reason() != events.ReasonSlow {
		t.Fatalf("slow stream: done %v, reason %q", closed(slow.Done()), slow.Reason())
	}
	if closed(quick.Done()) || quick.Reason() != "" {
		t.Fatal("the quick stream was dropped")
	}
	h.Publish(1, 9)
	if got := <-quick.IDs(); got != 9 || h.Len() != 1 {
		t.Errorf("after the drop: got %d, Len %d", got, h.Len())
	}
}

// Losing the database's events drops every stream (they resume
// elsewhere or later); closing drops them and refuses new ones.
func TestHubDeafAndClosed(t *testing.T) {
	h := events.NewHub(0, 2)
	h.SetListening(true)
	a, _ := h.Subscribe(1)
	h.Subscribe(1)
	if _, err := h.Subscribe(1); !errors.Is(err, events.ErrTooMany) {
		t.Errorf("third stream of one user: %v", err)
	}
	h.SetListening(false)
	if a.Reason() != events.ReasonDeaf || h.Len() != 0 {
		t.Errorf("deaf: reason %q, Len %d", a.Reason(), h.Len())
	}
	h.SetListening(true)
	var wg sync.WaitGroup
	subs := make([]*events.Subscription, 2)
	for i := range subs {
		wg.Go(func() { subs[i], _ = h.Subscribe(int64(i)) })
	}
	wg.Wait()
	h.Close()
	for _, s := range subs {
		if s.Reason() != events.ReasonShutdown {
			t.Errorf("closed: reason %q", s.Reason())
		}
	}
	if _, err := h.Subscribe(5); !errors.Is(err, events.ErrClosed) {
		t.Errorf("subscribe after close: %v", err)
	}
}
