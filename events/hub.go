// Package events fans the user events this instance hears from the
// database (one LISTEN connection, store.WatchUserEvents) out to the live
// streams open on this instance (GET /api/events). It knows no HTTP.
//
// The hub passes event ids only; a stream reads the events themselves,
// its own user's only. Sending never waits: a stream that falls
// behind by more than its buffer is dropped (it reconnects and resumes from
// its last id), so no client can hold the hub up.
package events

import (
	"errors"
	"sync"
)

// Errors of Subscribe.
var (
	// ErrClosed: the server is shutting down; streams go elsewhere.
	ErrClosed = errors.New("events: shutting down")
	// ErrNotListening: the instance is not hearing the database's events
	// right now (starting, or its connection was lost); events would be
	// missed, so no stream is opened until it hears them again.
	ErrNotListening = errors.New("events: not listening")
	// ErrTooMany: the user has MaxPerUser streams here already.
	ErrTooMany = errors.New("events: too many streams")
)

// Drop reasons, given by Subscription.Reason once Done is closed.
const (
	ReasonSlow     = "slow"     // fell behind by a whole buffer
	ReasonDeaf     = "deaf"     // the instance stopped hearing events
	ReasonShutdown = "shutdown" // the server is stopping
	reasonNone     = ""
)

// Hub is the instance's streams by user.
type Hub struct {
	mu        sync.Mutex
	subs      map[int64]map[*Subscription]struct{}
	count     int
	listening bool
	closed    bool

	buffer     int
	maxPerUser int
}

// NewHub makes a hub whose subscriptions buffer up to buffer event ids
// (256 when 0: a burst, such as one transaction notifying a user many
// times, arrives at once) and of which a user may hold maxPerUser (10
// when 0).
func NewHub(buffer, maxPerUser int) *Hub {
	if buffer <= 0 {
		buffer = 256
	}
	if maxPerUser <= 0 {
		maxPerUser = 10
	}
	return &Hub{subs: map[int64]map[*Subscription]struct{}{}, buffer: buffer, maxPerUser: maxPerUser}
}

// Subscription is one stream's feed of its user's event ids.
type Subscription struct {
	UserID int64
	ids    chan int64
	done   chan struct{}
	reason string // set before done is closed
}

// IDs delivers the ids of the user's new events, in the order heard.
func (s *Subscription) IDs() <-chan int64 { return s.ids }

// Done is closed when the hub drops the subscription; the stream should
// end (Reason says why).
func (s *Subscription) Done() <-chan struct{} { return s.done }

// Reason says why Done was closed.
func (s *Subscription) Reason() string {
	select {
	case <-s.done:
		return s.reason
	default:
		return reasonNone
	}
}

// Subscribe starts a feed of the user's events heard from now on.
func (h *Hub) Subscribe(userID int64) (*Subscription, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.closed:
		return nil, ErrClosed
	case !h.listening:
		return nil, ErrNotListening
	case len(h.subs[userID]) >= h.maxPerUser:
		return nil, ErrTooMany
	}
	s := &Subscription{UserID: userID, ids: make(chan int64, h.buffer), done: make(chan struct{})}
	if h.subs[userID] == nil {
		h.subs[userID] = map[*Subscription]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	h.count++
	return s, nil
}

// Unsubscribe ends a feed; a dropped one may be unsubscribed too.
func (h *Hub) Unsubscribe(s *Subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remove(s)
}

func (h *Hub) remove(s *Subscription) {
	set := h.subs[s.UserID]
	if _, ok := set[s]; !ok {
		return
	}
	delete(set, s)
	if len(set) == 0 {
		delete(h.subs, s.UserID)
	}
	h.count--
}

// drop removes s and tells it why; the caller holds h.mu.
func (h *Hub) drop(s *Subscription, reason string) {
	h.remove(s)
	s.reason = reason
	close(s.done)
}

// Publish hands an event id to each of the user's streams here, without
// waiting: a stream whose buffer is full is dropped.
func (h *Hub) Publish(userID, eventID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[userID] {
		select {
		case s.ids <- eventID:
		default:
			h.drop(s, ReasonSlow)
		}
	}
}

// SetListening says whether the instance hears the database's events.
// Losing them drops every stream: the events until the connection is back
// are not heard, and a stream that reconnects resumes from its last id.
func (h *Hub) SetListening(on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.listening = on
	if !on {
		h.dropAll(ReasonDeaf)
	}
}

// Close drops every stream and refuses new ones: the server is shutting
// down, and its clients reconnect to another instance.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	h.dropAll(ReasonShutdown)
}

func (h *Hub) dropAll(reason string) {
	for _, set := range h.subs {
		for s := range set {
			h.drop(s, reason)
		}
	}
}

// Len is the number of open streams.
func (h *Hub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.count
}
