package api

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// deepPages makes reading deep into the catalogue cost a budget per client
// address (I-2): product JSON carries the seller's email and phone (API.md),
// so a scraper walking every page collects them all. The first page of any
// list is free; every page after it (a request with a cursor) costs the
// products it asks for (its limit) from a bucket of deepPageBurst that
// refills at DEEP_PAGES_PER_HOUR (one a second by default). A person scrolling the app never gets
// near it (a hundred pages of 24 at once); a scraper gets 3,600 products an
// hour an address, and 429 with Retry-After past that. It runs before the
// kept answers (cache.go), which would otherwise serve a scraper for free.
type deepPages struct {
	mu      sync.Mutex
	buckets map[string]*pageBucket
	burst   float64
	rate    float64 // products a second
	now     func() time.Time
}

type pageBucket struct {
	tokens float64
	at     time.Time
}

// The deep-paging budget: its burst, its default hourly rate, and how
// many addresses are remembered at most (a full bucket is forgotten
// first: it is the same as none).
const (
	deepPageBurst      = 100 * defaultPageSize
	deepPagesPerHour   = 3600
	maxDeepPageClients = 100_000
)

// newDeepPages makes the budget of perHour products an hour (the default
// when 0); nil, no limit, when negative.
func newDeepPages(perHour int) *deepPages {
	if perHour < 0 {
		return nil
	}
	if perHour == 0 {
		perHour = deepPagesPerHour
	}
	return &deepPages{buckets: map[string]*pageBucket{}, burst: deepPageBurst, rate: float64(perHour) / 3600, now: time.Now}
}

// clientKey is the address a budget belongs to: an IPv6 address's /64,
// which one client usually holds whole, so that it cannot mint new
// budgets by changing the address's last half.
func clientKey(ip string) string {
	a := net.ParseIP(ip)
	if a == nil || a.To4() != nil {
		return ip
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// take spends cost from key's bucket; when it holds less, it says how long
// until it holds enough.
func (d *deepPages) take(key string, cost float64) (bool, time.Duration) {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	b, ok := d.buckets[key]
	if !ok {
		if len(d.buckets) >= maxDeepPageClients {
			d.sweep(now)
		}
		b = &pageBucket{tokens: d.burst, at: now}
		d.buckets[key] = b
	}
	b.tokens = math.Min(d.burst, b.tokens+now.Sub(b.at).Seconds()*d.rate)
	b.at = now
	cost = math.Min(cost, d.burst)
	if b.tokens < cost {
		return false, time.Duration((cost - b.tokens) / d.rate * float64(time.Second))
	}
	b.tokens -= cost
	return true, 0
}

// sweep forgets the buckets that are full again, and, if that is not
// enough, all of them (a flood of addresses; each then starts full).
func (d *deepPages) sweep(now time.Time) {
	for k, b := range d.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*d.rate >= d.burst {
			delete(d.buckets, k)
		}
	}
	if len(d.buckets) >= maxDeepPageClients {
		clear(d.buckets)
	}
}

// limit is the middleware of the public reads: it charges the catalogue's
// pages after the first.
func (d *deepPages) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		q := c.QueryParams()
		if d == nil || c.Path() != "/api/products" || q.Get("cursor") == "" {
			return next(c)
		}
		cost := defaultPageSize
		if n, err := strconv.Atoi(q.Get("limit")); err == nil && n > 0 {
			cost = min(n, maxPageSize)
		}
		ok, wait := d.take(clientKey(c.RealIP()), float64(cost))
		if ok {
			return next(c)
		}
		secs := max(1, int(math.Ceil(wait.Seconds())))
		c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
		return &Error{Status: http.StatusTooManyRequests, Code: "throttled",
			Message: fmt.Sprintf("You are paging through the catalogue too fast. Try again in %d seconds.", secs)}
	}
}
