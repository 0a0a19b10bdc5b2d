package api

import (
	"cmp"
	"container/list"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
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
		"verified", "negotiable", "checked", "ramMin", "storageMin", "storageType", "batteryMin", "screenMin", "screenMax",
		"processor", "seller", "sort", "limit", "cursor", "division", "district", "area", "near"},
	// the list's filters, without its order and pages
	"/api/products/facets": {"category", "q", "minPrice", "maxPrice", "condition", "location",
		"verified", "negotiable", "checked", "ramMin", "storageMin", "storageType", "batteryMin", "screenMin", "screenMax",
		"processor", "seller", "division", "district", "area"},
	"/api/products/:id":         nil,
	"/api/products/:id/similar": nil,
	"/api/advertised":           {"limit", "cursor"},
	"/api/price-guide":          {"title", "condition", "used"},
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
//
// A connection is not enough on a small machine: four searches at once
// keep both cores of a 2-core VPS busy, and a booking's statements then
// wait their turn for the CPU behind them (a booking took 314 ms at p99
// under 40 searchers at 300,000 products, #38). So while a signed-in
// person's write is under way (giveWay), new public reads start only
// while fewer than yield run; the reads already running finish, and the
// ones held back start, first come first served, once the writes are done
// or their wait ends.
type publicReads struct {
	slots   int // reads at once
	yield   int // reads at once while a signed-in write is under way
	wait    time.Duration
	timeout time.Duration

	mu      sync.Mutex
	running int
	writes  int
	waiting list.List // of chan struct{}, closed when its read may start
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
	slots = max(1, slots)
	return &publicReads{slots: slots, yield: max(1, slots/4), wait: publicReadWait, timeout: timeout}
}

var errCatalogueBusy = &Error{Status: http.StatusServiceUnavailable, Code: "busy",
	Message: "The shop is very busy right now, please try again in a moment"}

// limit is the middleware; it sits after keep, so kept answers never wait.
func (p *publicReads) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !p.acquire(c.Request().Context()) {
			c.Response().Header().Set("Retry-After", "1")
			return errCatalogueBusy
		}
		defer p.release()
		ctx, cancel := context.WithTimeout(c.Request().Context(), p.timeout)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		return next(c)
	}
}

// giveWay marks a signed-in person's write (POST, PUT, PATCH, DELETE) as
// under way for publicReads. A photo's upload is not marked: its body
// comes at the speed of the sender's link, and a phone on 2G would hold
// the catalogue's reads back for a minute.
func (p *publicReads) giveWay(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if _, ok := currentUser(c); !ok || req.Method == http.MethodGet || req.Method == http.MethodHead ||
			strings.HasPrefix(req.Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
			return next(c)
		}
		p.mu.Lock()
		p.writes++
		p.mu.Unlock()
		defer func() {
			p.mu.Lock()
			p.writes--
			p.admitLocked()
			p.mu.Unlock()
		}()
		return next(c)
	}
}

// room is how many reads may run now; p.mu is held.
func (p *publicReads) room() int {
	if p.writes > 0 {
		return p.yield
	}
	return p.slots
}

// acquire takes a slot, waiting behind the reads already waiting for at
// most p.wait; false when none came (or the request ended).
func (p *publicReads) acquire(ctx context.Context) bool {
	p.mu.Lock()
	if p.waiting.Len() == 0 && p.running < p.room() {
		p.running++
		p.mu.Unlock()
		return true
	}
	ready := make(chan struct{})
	place := p.waiting.PushBack(ready)
	p.mu.Unlock()
	t := time.NewTimer(p.wait)
	defer t.Stop()
	select {
	case <-ready:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-ready: // admitted as the wait ended: the slot is ours
		return true
	default:
		p.waiting.Remove(place)
		return false
	}
}

func (p *publicReads) release() {
	p.mu.Lock()
	p.running--
	p.admitLocked()
	p.mu.Unlock()
}

// admitLocked starts the reads waiting longest while there is room; p.mu
// is held.
func (p *publicReads) admitLocked() {
	for p.waiting.Len() > 0 && p.running < p.room() {
		close(p.waiting.Remove(p.waiting.Front()).(chan struct{}))
		p.running++
	}
}

// uploadGate admits photo uploads before a byte of their body is read, so
// memory does not grow with the number of uploads sent at once. Receiving
// costs disk, not memory: at most slots uploads are received at a time,
// each spooled to a temporary file, and at most perClient of them from one
// address (anonPerClient when anonymous). Anonymous uploads (sign-up's
// photo) may hold at most anonSlots of the slots, so the rest stay for
// signed-in users. Past the slot limits an upload waits up to wait for a
// slot and is then answered 503; past the per-address ones it is answered
// 429 at once. An admitted upload must keep coming (pace): after grace,
// at least minRate bytes a second on average, and all of it within
// maxTime; a slower one is cut off (408) and gives its slot back, so slow
// senders cannot hold the slots. Only inMemory received photos are held
// in memory at a time (read back at their exact size, until the answer),
// the rest wait on disk; decoding is bounded again by media.Processor.
type uploadGate struct {
	slots     chan struct{}
	anonymous chan struct{}
	inMemory  chan struct{}
	wait      time.Duration
	perClient int
	tempDir   string
	minRate   float64 // bytes a second
	grace     time.Duration
	maxTime   time.Duration

	mu     sync.Mutex
	active map[string]int // uploads in progress by client address
}

// Defaults of the upload limits.
const (
	defaultUploadSlots     = 16
	defaultUploadPerClient = 4
	// an anonymous address sends one sign-up at a time; two allow a retry
	anonPerClient        = 2
	uploadsInMemory      = 4
	uploadWait           = time.Second
	defaultUploadMinRate = 16 << 10 // a slow 2G link still sends this
	defaultUploadGrace   = 10 * time.Second
	defaultUploadMaxTime = time.Minute
)

// uploadLimits are the gate's settings (Options.Upload...); zero values
// take the defaults.
type uploadLimits struct {
	slots, anonSlots, perClient int
	tempDir                     string
	minRate                     int
	grace, maxTime              time.Duration
}

func newUploadGate(l uploadLimits) *uploadGate {
	slots := defaultInt(l.slots, defaultUploadSlots)
	anon := l.anonSlots
	if anon <= 0 || anon > slots {
		anon = max(1, slots/2)
	}
	return &uploadGate{slots: make(chan struct{}, slots), anonymous: make(chan struct{}, anon), inMemory: make(chan struct{}, uploadsInMemory),
		wait: uploadWait, perClient: defaultInt(l.perClient, defaultUploadPerClient), tempDir: l.tempDir,
		minRate: float64(defaultInt(l.minRate, defaultUploadMinRate)), grace: cmp.Or(l.grace, defaultUploadGrace),
		maxTime: cmp.Or(l.maxTime, defaultUploadMaxTime), active: map[string]int{}}
}

var (
	errUploadsBusy = &Error{Status: http.StatusServiceUnavailable, Code: "busy",
		Message: "Too many photos are being uploaded right now, please try again in a moment"}
	errTooManyUploads = &Error{Status: http.StatusTooManyRequests, Code: "too_many_uploads",
		Message: "Too many uploads at once from your address: wait for the others to finish"}
	errUploadTooSlow = &Error{Status: http.StatusRequestTimeout, Code: "too_slow",
		Message: "The photo came too slowly and the upload was stopped: try again, or on a faster connection"}
)

// Where readMultipart finds the gate, and whether its upload is in memory.
const (
	uploadGateKey     = "resale.uploadGate"
	uploadInMemoryKey = "resale.uploadInMemory"
)

// admit is the middleware of the routes that take a photo; it runs after
// authenticate, so it knows whether the caller is signed in.
func (g *uploadGate) admit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		client := c.RealIP()
		_, signedIn := currentUser(c)
		limit := g.perClient
		if !signedIn {
			limit = min(limit, anonPerClient)
		}
		g.mu.Lock()
		if g.active[client] >= limit {
			g.mu.Unlock()
			return refuseUpload(c, errTooManyUploads)
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
		if !signedIn {
			if !acquireWithin(c.Request().Context(), g.anonymous, g.wait) {
				return refuseUpload(c, errUploadsBusy)
			}
			defer func() { <-g.anonymous }()
		}
		if !acquireWithin(c.Request().Context(), g.slots, g.wait) {
			return refuseUpload(c, errUploadsBusy)
		}
		defer func() { <-g.slots }()
		c.Set(uploadGateKey, g)
		defer func() {
			if held, _ := c.Get(uploadInMemoryKey).(bool); held {
				<-g.inMemory
			}
		}()
		body := g.pace(c)
		defer body.stop()
		err := next(c)
		if !body.done && !c.Response().Committed {
			// the rest of the body is not waited for (see refuseUpload)
			c.Response().Header().Set("Connection", "close")
		}
		return err
	}
}

// refuseUpload answers err to an upload whose body was not read, and
// closes the connection after the answer: the server would otherwise read
// the rest of the body first (up to 256 KB, to keep the connection), at
// the sender's pace, before answering.
func refuseUpload(c echo.Context, err *Error) error {
	c.Response().Header().Set("Retry-After", "5")
	c.Response().Header().Set("Connection", "close")
	return err
}

// pace makes the request's body keep the gate's pace: before each read
// the connection's read deadline is moved to when the bytes received so
// far would be too few (grace plus minRate a second, within maxTime), so
// a sender that stalls or trickles is cut off by the server itself. The
// deadline goes once the body is read (the answer may take a while after).
// Where the connection's deadline cannot be set (a recorder in tests),
// the pace is still checked between reads.
func (g *uploadGate) pace(c echo.Context) *pacedBody {
	r := c.Request()
	p := &pacedBody{body: r.Body, gate: g, rc: http.NewResponseController(c.Response()), start: time.Now()}
	r.Body = p
	return p
}

type pacedBody struct {
	body        io.ReadCloser
	gate        *uploadGate
	rc          *http.ResponseController
	start       time.Time
	received    int64
	unsupported bool // the writer cannot set deadlines
	done        bool
}

// deadline is when the body must have sent more than it has.
func (p *pacedBody) deadline() time.Time {
	credit := time.Duration(float64(p.received) / p.gate.minRate * float64(time.Second))
	return p.start.Add(min(p.gate.grace+credit, p.gate.maxTime))
}

func (p *pacedBody) Read(b []byte) (int, error) {
	if p.done {
		return p.body.Read(b)
	}
	deadline := p.deadline()
	if time.Now().After(deadline) {
		return 0, errUploadTooSlow
	}
	if !p.unsupported {
		if err := p.rc.SetReadDeadline(deadline); errors.Is(err, http.ErrNotSupported) {
			p.unsupported = true
		}
	}
	n, err := p.body.Read(b)
	p.received += int64(n)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return n, errUploadTooSlow
	case errors.Is(err, io.EOF):
		p.done = true
		if !p.unsupported {
			_ = p.rc.SetReadDeadline(time.Time{})
		}
	}
	return n, err
}

func (p *pacedBody) Close() error { return p.body.Close() }

// stop ends the pace when the handler is done: a body read to its end
// has no deadline left (the answer may take a while after it); the rest
// of one that is not may come within a second, for the server to read it
// past and keep the connection, else the connection closes.
func (p *pacedBody) stop() {
	if p.done {
		return
	}
	p.done = true
	if !p.unsupported {
		_ = p.rc.SetReadDeadline(time.Now().Add(time.Second))
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
