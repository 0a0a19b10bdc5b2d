package api

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// ipBudget allows each client address n requests a window (#40: the
// check posts, whose code is the credential, and the stolen look-ups,
// which must not become a way to test serials in bulk). Kept in memory per
// instance, like deepPages; past it, 429 with Retry-After.
type ipBudget struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	seen   map[string]*ipWindow
	now    func() time.Time
	what   string // for the message: "checks", "look-ups"
}

type ipWindow struct {
	start time.Time
	count int
}

// maxBudgetClients bounds the addresses remembered; past it the expired
// windows are forgotten, and all of them if none has expired.
const maxBudgetClients = 100_000

func newIPBudget(n int, window time.Duration, what string) *ipBudget {
	return &ipBudget{n: n, window: window, seen: map[string]*ipWindow{}, now: time.Now, what: what}
}

// take spends one of key's requests, or says how long until the next.
func (b *ipBudget) take(key string) (bool, time.Duration) {
	now := b.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	w, ok := b.seen[key]
	if !ok || now.Sub(w.start) >= b.window {
		if !ok && len(b.seen) >= maxBudgetClients {
			b.sweep(now)
		}
		b.seen[key] = &ipWindow{start: now, count: 1}
		return true, 0
	}
	if w.count >= b.n {
		return false, w.start.Add(b.window).Sub(now)
	}
	w.count++
	return true, 0
}

func (b *ipBudget) sweep(now time.Time) {
	for k, w := range b.seen {
		if now.Sub(w.start) >= b.window {
			delete(b.seen, k)
		}
	}
	if len(b.seen) >= maxBudgetClients {
		clear(b.seen)
	}
}

// limit is the budget as a middleware.
func (b *ipBudget) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ok, wait := b.take(clientKey(c.RealIP()))
		if ok {
			return next(c)
		}
		secs := max(1, int(wait.Round(time.Second).Seconds()))
		c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
		return &Error{Status: http.StatusTooManyRequests, Code: "throttled",
			Message: fmt.Sprintf("Too many %s from this address. Try again in %d seconds.", b.what, secs)}
	}
}
