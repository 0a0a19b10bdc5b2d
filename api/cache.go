package api

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
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
const (
	maxKeptAnswer = 1 << 20  // bytes; bigger answers are not kept
	maxKeptTotal  = 16 << 20 // bytes; past this, everything kept is dropped
)

// catalogueCache holds the kept answers. gen counts changes: an answer is
// kept only if no change happened while it was being made.
type catalogueCache struct {
	mu      sync.RWMutex
	live    bool
	gen     uint64
	answers map[string]keptAnswer
	size    int
}

type keptAnswer struct {
	contentType string
	encoding    string
	link        string
	corrected   string // X-Search-Corrected
	sortedBy    string // X-Sorted-By
	body        []byte
}

// changed forgets every kept answer.
func (k *catalogueCache) changed() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gen++
	k.answers, k.size = nil, 0
}

// setLive turns keeping on or off; either way what was kept is forgotten,
// as changes may have gone unheard.
func (k *catalogueCache) setLive(live bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.live = live
	k.gen++
	k.answers, k.size = nil, 0
}

func (k *catalogueCache) get(key string) (keptAnswer, uint64, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	if !k.live {
		return keptAnswer{}, 0, false
	}
	a, ok := k.answers[key]
	return a, k.gen, ok
}

func (k *catalogueCache) put(key string, gen uint64, a keptAnswer) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.live || gen != k.gen {
		return
	}
	if k.size+len(a.body) > maxKeptTotal {
		k.answers, k.size = nil, 0
	}
	if k.answers == nil {
		k.answers = map[string]keptAnswer{}
	}
	k.answers[key] = a
	k.size += len(a.body)
}

// WatchCatalogue keeps the catalogue cache in step with the database until
// ctx ends; without it running, nothing is cached.
func (s *Server) WatchCatalogue(ctx context.Context) {
	s.store.WatchCatalogue(ctx, s.catalogue.setLive, s.catalogue.changed, func(err error) {
		s.log.Warn("catalogue cache off: not hearing the database's change notices, retrying", "err", err)
	})
}

// keep serves a kept answer for a GET of the public catalogue, or makes
// the answer and keeps it. It sits before the compression middleware, so it
// keeps and serves the bytes as sent, one copy per encoding.
func (s *Server) keep(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet {
			return next(c)
		}
		key := req.URL.RequestURI()
		if strings.Contains(req.Header.Get(echo.HeaderAcceptEncoding), "gzip") {
			key = "gzip " + key
		}
		a, gen, ok := s.catalogue.get(key)
		if ok {
			h := c.Response().Header()
			h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
			if a.encoding != "" {
				h.Set(echo.HeaderContentEncoding, a.encoding)
			}
			if a.link != "" {
				h.Set("Link", a.link)
			}
			if a.corrected != "" {
				h.Set(searchCorrectedHeader, a.corrected)
			}
			if a.sortedBy != "" {
				h.Set(sortedByHeader, a.sortedBy)
			}
			return c.Blob(http.StatusOK, a.contentType, a.body)
		}
		if gen == 0 { // not listening: nothing can be kept
			return next(c)
		}
		res := c.Response()
		tee := &teeWriter{ResponseWriter: res.Writer}
		res.Writer = tee
		err := next(c)
		res.Writer = tee.ResponseWriter
		if err == nil && res.Status == http.StatusOK && !tee.tooBig && c.Get(keepOffKey) == nil {
			h := res.Header()
			s.catalogue.put(key, gen, keptAnswer{
				contentType: h.Get(echo.HeaderContentType),
				encoding:    h.Get(echo.HeaderContentEncoding),
				link:        h.Get("Link"),
				corrected:   h.Get(searchCorrectedHeader),
				sortedBy:    h.Get(sortedByHeader),
				body:        tee.buf.Bytes(),
			})
		}
		return err
	}
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
				s.catalogue.changed()
				s.store.ForgetSearches()
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
