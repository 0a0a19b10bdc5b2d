package api

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// publicParams are the query parameters each public catalogue read takes.
// Anything else is answered 400: an ignored parameter would make a new
// cache key (cache.go) for the same answer, so anyone could skip the kept
// answers and make the database work on every request. A new parameter of
// these lists is added here too.
var publicParams = map[string][]string{
	"/api/categorys":     nil,
	"/api/categorys/:id": nil,
	"/api/products": {"category", "q", "minPrice", "maxPrice", "condition", "location",
		"verified", "ramMin", "storageMin", "storageType", "batteryMin", "screenMin", "screenMax",
		"processor", "seller", "sort", "limit", "cursor"},
	// the list's filters, without its order and pages
	"/api/products/facets": {"category", "q", "minPrice", "maxPrice", "condition", "location",
		"verified", "ramMin", "storageMin", "storageType", "batteryMin", "screenMin", "screenMax",
		"processor", "seller"},
	"/api/products/:id":         nil,
	"/api/products/:id/similar": nil,
	"/api/advertised":           {"limit", "cursor"},
}

// knownParams refuses a public read with a query parameter its route does
// not take, naming it.
func knownParams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		allowed, ok := publicParams[c.Path()]
		if !ok {
			return next(c)
		}
		q := c.QueryParams()
		names := make([]string, 0, len(q))
		for name := range q {
			if !slices.Contains(allowed, name) {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			return next(c)
		}
		sort.Strings(names)
		name := names[0]
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		msg := "is not a parameter of this list"
		if len(allowed) == 0 {
			msg = "is not a parameter here: this address takes none"
		}
		return &Error{Status: http.StatusBadRequest, Code: "unknown_parameter",
			Message: strconv.Quote(name) + " " + msg, Fields: map[string]string{name: msg}}
	}
}

// publicReads bounds the public catalogue reads that reach the database
// (the ones no kept answer served): at most slots at once, each with a
// short deadline, so anonymous callers can never hold every database
// connection and a signed-in buyer's booking always finds one. A read that
// finds no slot within wait is answered 503 at once, asking to retry.
type publicReads struct {
	slots   chan struct{}
	wait    time.Duration
	timeout time.Duration
}

// Defaults of the public read limits.
const (
	defaultPublicReadTimeout = 2 * time.Second
	publicReadWait           = time.Second
)

func newPublicReads(slots int, timeout time.Duration) *publicReads {
	if timeout <= 0 {
		timeout = defaultPublicReadTimeout
	}
	return &publicReads{slots: make(chan struct{}, max(1, slots)), wait: publicReadWait, timeout: timeout}
}

var errCatalogueBusy = &Error{Status: http.StatusServiceUnavailable, Code: "busy",
	Message: "The shop is very busy right now, please try again in a moment"}

// limit is the middleware; it sits after keep, so kept answers never wait.
func (p *publicReads) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !acquireWithin(c.Request().Context(), p.slots, p.wait) {
			c.Response().Header().Set("Retry-After", "1")
			return errCatalogueBusy
		}
		defer func() { <-p.slots }()
		ctx, cancel := context.WithTimeout(c.Request().Context(), p.timeout)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		return next(c)
	}
}

// uploadGate admits photo uploads before a byte of their body is read, so
// memory does not grow with the number of uploads sent at once. Receiving
// costs disk, not memory: at most slots uploads are received at a time,
// each spooled to a temporary file, and at most perClient of them from one
// address. Past the first limit an upload waits up to wait for a slot and
// is then answered 503; past the second it is answered 429 at once. Only
// inMemory received photos are held in memory at a time (read back at
// their exact size, until the answer), the rest wait on disk; decoding is
// bounded again by media.Processor.
type uploadGate struct {
	slots     chan struct{}
	inMemory  chan struct{}
	wait      time.Duration
	perClient int
	tempDir   string

	mu     sync.Mutex
	active map[string]int // uploads in progress by client address
}

// Defaults of the upload limits.
const (
	defaultUploadSlots     = 16
	defaultUploadPerClient = 4
	uploadsInMemory        = 4
	uploadWait             = time.Second
)

func newUploadGate(slots, perClient int, tempDir string) *uploadGate {
	if slots <= 0 {
		slots = defaultUploadSlots
	}
	if perClient <= 0 {
		perClient = defaultUploadPerClient
	}
	return &uploadGate{slots: make(chan struct{}, slots), inMemory: make(chan struct{}, uploadsInMemory),
		wait: uploadWait, perClient: perClient, tempDir: tempDir, active: map[string]int{}}
}

var (
	errUploadsBusy = &Error{Status: http.StatusServiceUnavailable, Code: "busy",
		Message: "Too many photos are being uploaded right now, please try again in a moment"}
	errTooManyUploads = &Error{Status: http.StatusTooManyRequests, Code: "too_many_uploads",
		Message: "Too many uploads at once from your address: wait for the others to finish"}
)

// Where readMultipart finds the gate, and whether its upload is in memory.
const (
	uploadGateKey     = "resale.uploadGate"
	uploadInMemoryKey = "resale.uploadInMemory"
)

// admit is the middleware of the routes that take a photo.
func (g *uploadGate) admit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		client := c.RealIP()
		g.mu.Lock()
		if g.active[client] >= g.perClient {
			g.mu.Unlock()
			c.Response().Header().Set("Retry-After", "5")
			return errTooManyUploads
		}
		g.active[client]++
		g.mu.Unlock()
		defer func() {
			g.mu.Lock()
			if g.active[client]--; g.active[client] <= 0 {
				delete(g.active, client)
			}
			g.mu.Unlock()
		}()
		if !acquireWithin(c.Request().Context(), g.slots, g.wait) {
			c.Response().Header().Set("Retry-After", "5")
			return errUploadsBusy
		}
		defer func() { <-g.slots }()
		c.Set(uploadGateKey, g)
		defer func() {
			if held, _ := c.Get(uploadInMemoryKey).(bool); held {
				<-g.inMemory
			}
		}()
		return next(c)
	}
}

// holdInMemory waits for the right to read a received upload into memory;
// admit gives it back once the request is answered.
func (g *uploadGate) holdInMemory(c echo.Context) error {
	select {
	case g.inMemory <- struct{}{}:
		c.Set(uploadInMemoryKey, true)
		return nil
	case <-c.Request().Context().Done():
		return c.Request().Context().Err()
	}
}

// acquireWithin takes a slot of slots, waiting at most wait.
func acquireWithin(ctx context.Context, slots chan struct{}, wait time.Duration) bool {
	select {
	case slots <- struct{}{}:
		return true
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}
