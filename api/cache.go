package api

import (
	"bytes"
	"context"
	"hash/maphash"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"resale/store"
)

// The public catalogue (categories, product lists, Urgent Sell, a product)
// answers every caller alike and is read far more often than it changes,
// so its answers are kept, compressed as sent, and served again until the
// catalogue changes. A change is known two ways: this instance's own
// writes mark themselves (the changes middleware, before their answer
// leaves, so a seller sees their new product at once), and the database
// announces every committed change, whoever made it, to every instance
// (migration 00006, Store.WatchCatalogue). While this instance is not
// listening to those announcements nothing is kept.
//
// An answer is kept the second time it is asked for, not the first (or
// at once when identical requests waited for it): a list made for one
// shopper's price slider, a search nobody repeats or a crawler's sweep
// of deep pages is never asked again, and keeping each one pushed the
// home page's lists out (#38: past the cap, every ~700 such lists,
// everything kept was dropped).
const (
	maxKeptAnswer = 1 << 20  // bytes; bigger answers are not kept
	maxKeptTotal  = 16 << 20 // bytes; past this, answers are evicted
	// keptAfterEvict: an eviction frees answers down to this, so the
	// next few answers kept do not each evict again
	keptAfterEvict = maxKeptTotal * 3 / 4
	// maxSeen: the keys asked for once that are remembered (8 bytes
	// each); when full they are forgotten all at once
	maxSeen = 1 << 16
)

// catalogueCache holds the kept answers. gen counts changes: an answer is
// kept only if no change happened while it was being made. flights are
// the answers being made (cache_flight.go).
type catalogueCache struct {
	mu      sync.RWMutex
	live    bool
	gen     uint64
	answers map[cacheKey]keptAnswer
	size    int
	flights map[flightKey]*flight
	// seen: the keys (hashed with seed) asked for since seen was last
	// cleared; kept across changes, as how often a list is asked for
	// does not change with its content
	seen map[uint64]struct{}
	seed maphash.Seed
	// squeeze: the gzip answers just kept, to compress again at the best
	// level; squeezing: a goroutine is at it (cache_squeeze.go)
	squeeze   []squeezeJob
	squeezing bool

	// log and drops say why kept answers were dropped (drop); waiting
	// counts the requests waiting for another's answer. Nil in tests of
	// the cache alone.
	log     *slog.Logger
	drops   *prometheus.CounterVec
	waiting prometheus.Gauge
}

// cacheKey names a kept answer: the request's target as sent (path and
// query) and whether the caller takes gzip; a struct, so a hit builds no
// string.
type cacheKey struct {
	uri  string
	gzip bool
}

// keptAnswer is an answer's bytes as sent and its headers, made once
// (header's slices are shared by every answer that sends them: never
// written to, only assigned or appended to with a copy).
type keptAnswer struct {
	contentType string
	header      http.Header
	body        []byte
	// length is body's Content-Length, made once: a kept answer is sent
	// in one piece, not in chunks
	length []string
	// hits counts the times a gzip answer was sent kept, shared by its
	// copies (cache_squeeze.go); nil for others
	hits *atomic.Int32
}

// withBody is a with body as its bytes and their length.
func (a keptAnswer) withBody(body []byte) keptAnswer {
	a.body, a.length = body, []string{strconv.Itoa(len(body))}
	return a
}

// keptHeaders are the headers of an answer that a kept copy sends again.
var keptHeaders = []string{echo.HeaderContentType, echo.HeaderContentEncoding, "Link", searchCorrectedHeader, sortedByHeader}

// newKeptAnswer keeps body with the headers of h that say what it is.
func newKeptAnswer(h http.Header, body []byte) keptAnswer {
	a := keptAnswer{contentType: h.Get(echo.HeaderContentType),
		header: http.Header{echo.HeaderVary: {echo.HeaderAcceptEncoding}}}
	for _, k := range keptHeaders {
		if v := h.Get(k); v != "" {
			a.header[k] = []string{v}
		}
	}
	if a.header.Get(echo.HeaderContentEncoding) == "gzip" {
		a.hits = new(atomic.Int32)
	}
	return a.withBody(body)
}

// Why kept answers were dropped, the label of
// resale_catalogue_cache_drops_total. Nothing kept expires with time:
// answers go only for these reasons.
const (
	dropChange       = "change"        // this instance's own write (the route is logged)
	dropNotice       = "notice"        // the database announced a change (any instance, a job, any SQL)
	dropListenerLost = "listener_lost" // the LISTEN connection was lost: changes go unheard
	dropListenerBack = "listener_back" // listening again: changes may have gone unheard meanwhile
	dropSizeCap      = "size_cap"      // maxKeptTotal reached: some are evicted, not all
)

var dropReasons = []string{dropChange, dropNotice, dropListenerLost, dropListenerBack, dropSizeCap}

// changed forgets every kept answer: the catalogue changed, for reason
// (dropChange, with the route that changed it, or dropNotice).
func (k *catalogueCache) changed(reason, route string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gen++
	k.dropLocked(reason, route)
}

// setLive turns keeping on or off; either way what was kept is forgotten,
// as changes may have gone unheard.
func (k *catalogueCache) setLive(live bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.live = live
	k.gen++
	reason := dropListenerLost
	if live {
		reason = dropListenerBack
	}
	k.dropLocked(reason, "")
}

// dropLocked forgets every kept answer, and says so when there were any:
// one log line and one count by reason, so that a burst of requests the
// kept answers did not serve explains itself. k.mu is held.
func (k *catalogueCache) dropLocked(reason, route string) {
	n, size := len(k.answers), k.size
	k.answers, k.size = nil, 0
	var attrs []slog.Attr
	if route != "" {
		attrs = append(attrs, slog.String("route", route))
	}
	k.tell("kept catalogue answers dropped", reason, n, size, attrs...)
}

// tell counts and logs that n kept answers (bytes in all) went for
// reason, when any did.
func (k *catalogueCache) tell(msg, reason string, n, bytes int, more ...slog.Attr) {
	if n == 0 {
		return
	}
	if k.drops != nil {
		k.drops.WithLabelValues(reason).Inc()
	}
	if k.log != nil {
		attrs := append([]slog.Attr{slog.String("reason", reason), slog.Int("answers", n), slog.Int("bytes", bytes)}, more...)
		k.log.LogAttrs(context.Background(), slog.LevelInfo, msg, attrs...)
	}
}

// evictLocked forgets kept answers, in the map's random order, until
// they take at most size bytes, and says so (tell). Random,
// not least recently used: a hit then stays a read under the read lock,
// and the answers asked for often are kept again at their next request.
// k.mu is held.
func (k *catalogueCache) evictLocked(size int) {
	n, freed := 0, 0
	for key, a := range k.answers {
		if k.size <= size {
			break
		}
		delete(k.answers, key)
		k.size -= len(a.body)
		n, freed = n+1, freed+len(a.body)
	}
	k.tell("kept catalogue answers evicted", dropSizeCap, n, freed, slog.Int("kept", len(k.answers)))
}

func (k *catalogueCache) get(key cacheKey) (keptAnswer, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	if !k.live {
		return keptAnswer{}, false
	}
	a, ok := k.answers[key]
	return a, ok
}

// admitLocked says whether key's answer is worth keeping: its key was
// asked for before (it stays remembered), or requests waited for it.
// k.mu is held.
func (k *catalogueCache) admitLocked(key cacheKey, waited bool) bool {
	if k.seen == nil {
		k.seen, k.seed = make(map[uint64]struct{}), maphash.MakeSeed()
	}
	h := k.hash(key)
	if _, ok := k.seen[h]; ok || waited {
		k.seen[h] = struct{}{}
		return true
	}
	if len(k.seen) >= maxSeen {
		// forgotten all at once, but for the answers kept now: those
		// are asked for often, and a change must not make them wait
		// for a second request to be kept again
		clear(k.seen)
		for key := range k.answers {
			k.seen[k.hash(key)] = struct{}{}
		}
	}
	k.seen[h] = struct{}{}
	return false
}

func (k *catalogueCache) hash(key cacheKey) uint64 {
	h := maphash.String(k.seed, key.uri)
	if key.gzip {
		h = ^h
	}
	return h
}

// putLocked keeps a for key when nothing changed since gen. k.mu is held.
func (k *catalogueCache) putLocked(key cacheKey, gen uint64, a keptAnswer) {
	if !k.live || gen != k.gen {
		return
	}
	old, had := k.answers[key]
	if had {
		k.size -= len(old.body)
		delete(k.answers, key)
	}
	if k.size+len(a.body) > maxKeptTotal {
		k.evictLocked(keptAfterEvict - len(a.body))
	}
	if k.answers == nil {
		k.answers = map[cacheKey]keptAnswer{}
	}
	k.answers[key] = a
	k.size += len(a.body)
}

// WatchCatalogue keeps the catalogue cache in step with the database until
// ctx ends; without it running, nothing is cached. It keeps the price
// guide built from the reference catalogue in use too (price_reference.go):
// checked when listening starts (an upload may have gone unheard) and
// rebuilt when an upload or its removal is announced.
func (s *Server) WatchCatalogue(ctx context.Context) {
	var reference sync.WaitGroup
	reference.Go(func() { s.watchPriceReference(ctx) })
	defer reference.Wait()
	live := func(on bool) {
		if on {
			s.reference.kick()
		}
		if !on && ctx.Err() != nil {
			// shutting down: nothing was lost, and nothing is kept
			// after this (one more request may miss, no more)
			s.catalogue.mu.Lock()
			s.catalogue.live, s.catalogue.answers, s.catalogue.size = false, nil, 0
			s.catalogue.mu.Unlock()
			return
		}
		s.catalogue.setLive(on)
	}
	changed := func(what string) {
		s.catalogue.changed(dropNotice, "")
		if what == store.NoticePriceReference {
			s.reference.kick()
		}
	}
	s.store.WatchCatalogue(ctx, live, changed, func(err error) {
		s.log.Warn("catalogue cache off: not hearing the database's change notices, retrying", "err", err)
	})
}

// keyOf is a request's key among the kept answers: the target as sent
// (the same bytes, the same request; the server sets it, a request made
// in Go may not) and whether gzip is taken.
func keyOf(req *http.Request) cacheKey {
	key := cacheKey{uri: req.RequestURI, gzip: strings.Contains(req.Header.Get(echo.HeaderAcceptEncoding), "gzip")}
	if !strings.HasPrefix(key.uri, "/") {
		key.uri = req.URL.RequestURI()
	}
	return key
}

// keptFirst serves a kept answer ahead of the rest of the public reads'
// middleware when none of it could change the answer: a GET without a
// token (authenticate would have no one to look up), of a target kept
// (so its parameters were taken before: knownParams), not a page after
// the first (deepPages charges those, kept or not). What it passes by,
// the request's time limit above all, was a third of a kept answer's
// cost (#38). Anything else goes on to keep, as before.
func (s *Server) keptFirst(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet || len(req.Header[echo.HeaderAuthorization]) > 0 || strings.Contains(req.URL.RawQuery, "cursor") {
			return next(c)
		}
		key := keyOf(req)
		a, ok := s.catalogue.get(key)
		if !ok {
			return next(c)
		}
		c.Response().Header()["Cache-Control"] = noStoreValue
		s.catalogue.hit(key, a)
		return serveKept(c, http.StatusOK, a)
	}
}

// keep serves a kept answer for a GET of the public catalogue, or makes
// the answer and keeps it; identical requests while it is being made wait
// for it (cache_flight.go). It sits before the compression middleware, so
// it keeps and serves the bytes as sent, one copy per encoding.
func (s *Server) keep(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet {
			return next(c)
		}
		key := keyOf(req)
		if a, ok := s.catalogue.get(key); ok {
			s.catalogue.hit(key, a)
			return serveKept(c, http.StatusOK, a)
		}
		a, f, lead := s.catalogue.join(req.Context(), key)
		switch {
		case f == nil:
			return serveKept(c, http.StatusOK, a)
		case lead:
			return s.catalogue.lead(c, next, key, f)
		}
		res, err := s.catalogue.waitOrLeave(req.Context(), key, f)
		switch {
		case err != nil: // this request's client left, or its time ran out
			return err
		case !res.shared: // the leader's answer was its own: make ours
			return next(c)
		case res.err != nil:
			return res.err
		}
		return serveKept(c, res.status, res.answer)
	}
}

// serveKept sends a kept (or shared) answer, its headers as made.
func serveKept(c echo.Context, status int, a keptAnswer) error {
	h := c.Response().Header()
	for k, v := range a.header {
		if len(h[k]) == 0 {
			h[k] = v
		} else {
			h[k] = append(h[k][:len(h[k]):len(h[k])], v...)
		}
	}
	if a.length != nil {
		h[echo.HeaderContentLength] = a.length
	}
	return c.Blob(status, a.contentType, a.body)
}

// changes marks a route that can change the catalogue: when it succeeds,
// this instance forgets what it kept before the answer's first byte is
// sent (the change is committed by then), so the caller's next read sees
// it. Other instances hear of it from the database.
func (s *Server) changes(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		res.Before(func() {
			if res.Status < http.StatusBadRequest {
				s.catalogue.changed(dropChange, c.Request().Method+" "+c.Path())
				s.store.ForgetSearches()
				s.markWrote(res)
			}
		})
		return next(c)
	}
}

// teeWriter copies what is written to the client, up to maxKeptAnswer.
type teeWriter struct {
	http.ResponseWriter
	buf    bytes.Buffer
	tooBig bool
}

func (t *teeWriter) Write(b []byte) (int, error) {
	if !t.tooBig {
		if t.buf.Len()+len(b) > maxKeptAnswer {
			t.tooBig = true
			t.buf = bytes.Buffer{}
		} else {
			t.buf.Write(b)
		}
	}
	return t.ResponseWriter.Write(b)
}

func (t *teeWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// keepOffKey marks an answer made for its caller alone (keepOff).
const keepOffKey = "keepOff"

// keepOff says the answer being made is its caller's alone (an admin's
// or a seller's look at a hidden listing, #32): keep must not keep it for
// everyone.
func keepOff(c echo.Context) {
	c.Set(keepOffKey, true)
}
