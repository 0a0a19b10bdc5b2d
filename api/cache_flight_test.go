package api_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/api"
	"resale/store"
	"resale/store/storetest"
)

// newFlightMarket is a market whose queries wait for a lock as long as a
// test holds it (the server's lock_timeout is 5 s), with a public read
// deadline to match, so a test can hold the catalogue's query while
// identical requests arrive.
func newFlightMarket(t *testing.T) *market {
	t.Helper()
	url := storetest.URL(t)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	pool, err := store.Open(context.Background(), url+sep+"lock_timeout=60s", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := newTestServerWith(t, store.New(pool), func(o *api.Options) { o.PublicReadTimeout = time.Minute })
	s.pool = pool
	m := &market{testServer: s}
	m.seller = s.signup("Sam Seller", "sam@example.com", "Seller")
	m.photo = m.seller.User.UserPhoto
	return m
}

// lockProducts holds an exclusive lock of products, so every catalogue
// query waits, until the returned func is called.
func (m *market) lockProducts() (release func()) {
	m.t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, m.pool.Config().ConnString())
	if err != nil {
		m.t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err == nil {
		_, err = tx.Exec(ctx, "LOCK TABLE products IN ACCESS EXCLUSIVE MODE")
	}
	if err != nil {
		m.t.Fatal(err)
	}
	return func() { tx.Rollback(ctx); conn.Close(ctx) }
}

// lockWaiters counts the queries of the test's database waiting for a lock.
func (m *market) lockWaiters() int {
	m.t.Helper()
	var n int
	err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND state = 'active' AND wait_event_type = 'Lock'`).Scan(&n)
	if err != nil {
		m.t.Fatal(err)
	}
	return n
}

// metric reads one unlabelled series (or one with its labels written as
// Prometheus writes them) from the metrics listener's handler.
func (m *market) metric(series string) float64 {
	m.t.Helper()
	rec := httptest.NewRecorder()
	m.handler.(*api.Server).MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				m.t.Fatalf("%s: %v", series, err)
			}
			return f
		}
	}
	m.t.Fatalf("no series %s", series)
	return 0
}

// waitFor polls until check holds, for up to a minute (the machine may be
// busy; nothing is timed).
func waitFor(t *testing.T, what string, check func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !check(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// got is one answer received over HTTP.
type got struct {
	status int
	body   []byte
	err    error
}

func fetch(ctx context.Context, url string) got {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return got{err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return got{status: res.StatusCode, body: b, err: err}
}

// 64 identical requests for a list no kept answer serves (#38) wait for
// one query, over a real listener: while they are all in, the database
// runs one query for them, and the pool hands out connections for one
// list's making, not 64 (or 4 and 60 answers 503 busy, as the burst was).
func TestCatalogueSingleFlight(t *testing.T) {
	t.Parallel()
	m := newFlightMarket(t)
	m.watchCatalogue(t)
	m.addProduct(m.seller.AccessToken, nil)
	srv := httptest.NewServer(m.handler)
	t.Cleanup(srv.Close)
	// the store's first look at the catalogue (its categories) and what
	// one list costs the pool on its own
	m.products("/api/products?category=HP&limit=5", "")
	acquires := func() int64 { return m.store.PoolStat().AcquireCount() }
	before := acquires()
	m.products("/api/products?category=HP&limit=7", "")
	one := acquires() - before

	release := m.lockProducts()
	const n = 64
	answers := make([]got, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { answers[i] = fetch(context.Background(), srv.URL+"/api/products?category=HP&limit=6") })
	}
	waitFor(t, "63 requests waiting for the first one's answer", func() bool {
		return m.metric("resale_catalogue_cache_waiting") == n-1
	})
	// the first one's query may reach the database after the others are
	// counted in (a busy machine): wait for it too, then count them all
	waitFor(t, "the first request's query waits for the lock", func() bool { return m.lockWaiters() > 0 })
	// all 64 are in: the database runs one query for them (it waits for
	// the lock), not one per request or per uncached-read slot
	if q := m.lockWaiters(); q != 1 {
		t.Errorf("64 identical requests: %d queries waiting in the database, want 1", q)
	}
	before = acquires() // (the scrapes above read the database too)
	release()
	wg.Wait()
	made := acquires() - before

	for i, a := range answers {
		if a.err != nil || a.status != http.StatusOK || !bytes.Equal(a.body, answers[0].body) {
			t.Fatalf("answer %d: %d %v %.100s", i, a.status, a.err, a.body)
		}
	}
	// the rest of one list's making, with one more for the store's
	// once-a-second look at its counts, which may fall either way
	if made > one+1 {
		t.Errorf("64 identical misses took %d more connections from the pool; one list alone takes %d", made, one)
	}
	if w := m.metric("resale_catalogue_cache_waiting"); w != 0 {
		t.Errorf("still waiting: %v", w)
	}
}

// A waiter whose client leaves is answered at once and the others still
// get the answer; the first caller leaving does not fail the waiters with
// its cancellation.
func TestCatalogueSingleFlightCallersLeave(t *testing.T) {
	t.Parallel()
	m := newFlightMarket(t)
	m.watchCatalogue(t)
	m.addProduct(m.seller.AccessToken, nil)
	srv := httptest.NewServer(m.handler)
	t.Cleanup(srv.Close)
	m.products("/api/products?category=HP&limit=5", "")

	release := m.lockProducts()
	url := srv.URL + "/api/products?category=HP&limit=6"
	leaderCtx, leaderLeaves := context.WithCancel(context.Background())
	leader := make(chan got, 1)
	go func() { leader <- fetch(leaderCtx, url) }()
	waitFor(t, "the first request's query waits for the lock", func() bool { return m.lockWaiters() > 0 })
	const n = 8
	answers := make([]got, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { answers[i] = fetch(context.Background(), url) })
	}
	leaverCtx, leaverLeaves := context.WithCancel(context.Background())
	leaver := make(chan got, 1)
	go func() { leaver <- fetch(leaverCtx, url) }()
	waitFor(t, "nine requests waiting", func() bool { return m.metric("resale_catalogue_cache_waiting") == n+1 })

	leaverLeaves()
	if a := <-leaver; a.err == nil {
		t.Fatalf("the waiter that left was answered: %d", a.status)
	}
	waitFor(t, "the waiter that left stops waiting", func() bool { return m.metric("resale_catalogue_cache_waiting") == n })
	leaderLeaves()
	if a := <-leader; a.err == nil {
		t.Fatalf("the first request, cancelled, was answered: %d", a.status)
	}
	// the server notices the first client gone when its connection ends;
	// give it the time to (a wrong cancellation would then fail them all)
	time.Sleep(200 * time.Millisecond)
	release()
	wg.Wait()
	for i, a := range answers {
		if a.err != nil || a.status != http.StatusOK {
			t.Fatalf("waiter %d: %d %v %.200s", i, a.status, a.err, a.body)
		}
	}
}
