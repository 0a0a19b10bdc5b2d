package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Single flight: while one request makes a catalogue answer that is not
// kept (yet), identical requests wait for it and are sent the same answer,
// or the same error, instead of each asking the database: a kept list
// dropped under load (a change, cache.go) costs one query, not one per
// connection, and the waiters hold none of the uncached reads' slots
// (publicReads), which the one making the answer takes as any other.
//
// The answer is made with a context of its own, not its first caller's:
// it ends at that caller's deadline, or when every request that wants it
// has left, so a leader whose client hangs up does not fail the waiters,
// and a waiter whose client left is answered at once (its own context).

// flightKey names a flight: a request joins one only if no change
// happened since it began (gen), so a caller who has just changed the
// catalogue never waits for an answer begun before their change.
type flightKey struct {
	key cacheKey
	gen uint64
}

// flight is one answer being made.
type flight struct {
	gen  uint64
	done chan struct{} // closed once res is set
	res  flightResult
	// users: the requests still wanting the answer (the leader and its
	// waiters), under the cache's lock; at 0 the work is cancelled
	users int
	// waited: another request joined; the answer is kept at once
	// (cache.go's admission)
	waited bool
	ctx    context.Context
	cancel context.CancelFunc
}

// flightResult is the leader's answer: shared false when it was its own
// (keepOff) or too big to hold, and the waiters must make theirs.
type flightResult struct {
	shared bool
	status int
	answer keptAnswer
	err    error
}

// join finds key's answer kept meanwhile (f nil), or the flight making it
// (lead false: wait for it), or starts one that this request leads; the
// work's context is parent's values and deadline without its end.
func (k *catalogueCache) join(parent context.Context, key cacheKey) (a keptAnswer, f *flight, lead bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if a, ok := k.answers[key]; ok && k.live {
		return a, nil, false
	}
	fk := flightKey{key, k.gen}
	if f := k.flights[fk]; f != nil {
		f.users++
		f.waited = true
		return keptAnswer{}, f, false
	}
	f = &flight{gen: k.gen, done: make(chan struct{}), users: 1}
	ctx := context.WithoutCancel(parent)
	if d, ok := parent.Deadline(); ok {
		f.ctx, f.cancel = context.WithDeadline(ctx, d)
	} else {
		f.ctx, f.cancel = context.WithCancel(ctx)
	}
	if k.flights == nil {
		k.flights = map[flightKey]*flight{}
	}
	k.flights[fk] = f
	return keptAnswer{}, f, true
}

// leave is a request giving up on f's answer (its client left); the last
// one to go ends the work, and a request arriving later starts afresh.
func (k *catalogueCache) leave(key cacheKey, f *flight) {
	k.mu.Lock()
	defer k.mu.Unlock()
	f.users--
	if f.users > 0 {
		return
	}
	fk := flightKey{key, f.gen}
	if k.flights[fk] == f {
		delete(k.flights, fk)
	}
	f.cancel()
}

// wait waits for f's answer until ctx ends.
func (k *catalogueCache) wait(ctx context.Context, f *flight) (flightResult, error) {
	if k.waiting != nil {
		k.waiting.Inc()
		defer k.waiting.Dec()
	}
	select {
	case <-f.done:
		return f.res, nil
	case <-ctx.Done():
		return flightResult{}, ctx.Err()
	}
}

// waitOrLeave is wait, leaving f when ctx ends first.
func (k *catalogueCache) waitOrLeave(ctx context.Context, key cacheKey, f *flight) (flightResult, error) {
	res, err := k.wait(ctx, f)
	if err != nil {
		k.leave(key, f)
	}
	return res, err
}

// lead makes f's answer through next, sends it to its own caller, keeps
// it when it may be kept, and hands it to the waiters.
func (k *catalogueCache) lead(c echo.Context, next echo.HandlerFunc, key cacheKey, f *flight) error {
	req := c.Request()
	stop := context.AfterFunc(req.Context(), func() { k.leave(key, f) })
	defer stop()
	landed := false
	defer func() {
		if !landed { // next panicked: the waiters must not wait for ever
			k.land(key, f, flightResult{shared: true, err: errLeaderPanicked})
		}
	}()
	res := c.Response()
	tee := &teeWriter{ResponseWriter: res.Writer}
	res.Writer = tee
	c.SetRequest(req.WithContext(f.ctx))
	err := next(c)
	c.SetRequest(req)
	res.Writer = tee.ResponseWriter

	out := flightResult{status: res.Status, err: err}
	out.shared = c.Get(keepOffKey) == nil && (err != nil || !tee.tooBig)
	if err == nil && out.shared {
		out.answer = newKeptAnswer(res.Header(), tee.buf.Bytes())
	}
	k.land(key, f, out)
	landed = true
	return err
}

var errLeaderPanicked = errors.New("api: the request making a shared answer panicked")

// land keeps the answer when it may be kept (a success, no change since
// the flight began, asked for before or waited for), ends the flight and
// wakes its waiters.
func (k *catalogueCache) land(key cacheKey, f *flight, out flightResult) {
	k.mu.Lock()
	if out.shared && out.err == nil && out.status == http.StatusOK && k.admitLocked(key, f.waited) {
		k.putLocked(key, f.gen, out.answer)
	}
	fk := flightKey{key, f.gen}
	if k.flights[fk] == f {
		delete(k.flights, fk)
	}
	k.mu.Unlock()
	f.res = out
	close(f.done)
	f.cancel()
}
