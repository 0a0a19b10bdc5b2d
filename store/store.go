// Package store is Resale's data layer: hand-written methods over the
// queries sqlc generates from sql/, returning the store's own types and
// translated errors. Nothing here knows about HTTP.
package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"golang.org/x/sync/singleflight"

	"resale/store/internal/dbsqlc"
)

// Store reads and writes the marketplace's data.
type Store struct {
	pool *pgxpool.Pool
	q    *dbsqlc.Queries
	// custom runs queries whose best plan depends on their values (filtered
	// browsing, a seller's or buyer's lists, the admin lists): each
	// execution is planned for its own arguments.
	custom     *dbsqlc.Queries
	categories categoryIDs
	// broad: searches (by their query) found to have more matches than
	// their bound lately, listed and their facets counted without a lookup
	broad recentKeys
	// rare: the matches of searches whose filters are seldom with their words
	rare rareSearches
	// typos: the corrections of searches that found nothing, kept apart
	// from rare so that many made-up words cannot push its searches out
	typos rareSearches
	// slowWalks: searches (by walkKey and sort) whose walk along their
	// sort's index gave way lately; their matches are found first at once
	slowWalks recentKeys
	// walkedToEnd: searches with filters besides their words (by walkKey)
	// whose walk read its whole index for less than a page lately
	walkedToEnd recentKeys
	// suggest: this instance's copy of the suggestions (#36, suggest.go)
	suggest suggestCache
	// finding: the searches (by walkKey) whose matches with their filters
	// are being found first: the requests for one at once share a lookup
	finding singleflight.Group
	// foundFirst: those searches found first lately (by walkKey), kept
	// when their matches are forgotten for a change of the catalogue: the
	// next request finds them first again at once, without a walk first
	foundFirst recentKeys
	terms      termStats
	// indexedMatchesAt overrides indexedMatches (tests)
	indexedMatchesAt float64
	// walkTimeAt overrides walkTime (tests)
	walkTimeAt time.Duration
	// noPostings: a broad search in price order walks the price index,
	// not its word's postings (tests of that walk)
	noPostings bool
	// postingsPages counts the pages found through the postings
	postingsPages atomic.Int64
	// walksTooLong counts the walks that gave way to a lookup past their time
	walksTooLong atomic.Int64
	// lookups counts the searches' lookups of their matches through the
	// indexes for a list (ListSearchMatches, ListFilteredSearchMatches)
	lookups atomic.Int64
	// the facets' kept counts as last read for choosing a plan (browse.go)
	recentCounts struct {
		mu     sync.Mutex
		at     time.Time
		groups []facetGroup
	}
	// placeCache: the divisions, districts and areas, read once (places.go)
	placeCache placesCache
	jobs       *river.Client[pgx.Tx] // inserts jobs in a caller's transaction (notifications.go)
	// noNotices: events write no notifications (WithoutNotices)
	noNotices bool
	// commissionBP is the shop's share of each sale in hundredths of a
	// percent (WithCommission; COMMISSION_PERCENT)
	commissionBP int64
}

// New wraps a connection pool.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, q: dbsqlc.New(pool), custom: dbsqlc.New(customPlans{pool}), jobs: newJobInserter(pool),
		slowWalks: recentKeys{keep: slowWalkFor}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// WithoutNotices is a store on pool whose events (bookings, payments...)
// write no notifications and queue no emails. It exists for the
// benchmark's measure of what a notification adds to a booking: nothing
// in the binary calls it, and no setting reaches it.
func WithoutNotices(pool *pgxpool.Pool) *Store {
	s := New(pool)
	s.noNotices = true
	return s
}

// customPlans sends each query with its values in the text (pgx quotes
// them), so PostgreSQL plans it for those values. Every other query is a
// named prepared statement run with its cached generic plan (connections
// set plan_cache_mode to force_generic_plan), which saves planning on the
// hot paths; those queries are written so that one plan suits every value.
type customPlans struct{ pool *pgxpool.Pool }

func (c customPlans) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.pool.Exec(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

func (c customPlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.pool.Query(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

func (c customPlans) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.pool.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

// customPlansTx is customPlans within a transaction.
type customPlansTx struct{ tx pgx.Tx }

func (c customPlansTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.tx.Exec(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

func (c customPlansTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.tx.Query(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

func (c customPlansTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.tx.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
}

// DefaultMaxConns is the pool size when none is set: four connections a
// core, and at least eight. pgx's own default (the number of cores, at
// least four) left a 2-core host with four connections, which a handful of
// slow public searches could hold while a signed-in buyer's booking waited.
// Most of a request's time is spent outside PostgreSQL's CPU (the network,
// the client, locks), so more connections than cores keep it busy.
func DefaultMaxConns() int32 {
	return int32(max(8, 4*runtime.GOMAXPROCS(0)))
}

// Open connects to the database at url, retrying for up to wait while the
// server is unreachable (it may still be starting), and logging each retry
// through onRetry. The pool has DefaultMaxConns connections unless url sets
// pool_max_conns.
func Open(ctx context.Context, url string, wait time.Duration, onRetry func(attempt int, err error)) (*pgxpool.Pool, error) {
	return OpenSized(ctx, url, 0, wait, onRetry)
}

// OpenSized is Open with a pool of at most maxConns connections; 0 keeps
// Open's choice.
func OpenSized(ctx context.Context, url string, maxConns int32, wait time.Duration, onRetry func(attempt int, err error)) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: DATABASE_URL is not a valid connection string")
	}
	switch {
	case maxConns > 0:
		cfg.MaxConns = maxConns
	case !strings.Contains(url, "pool_max_conns"):
		cfg.MaxConns = DefaultMaxConns()
	}
	// A query whose context ends (a request's deadline, a client gone) is
	// cancelled in PostgreSQL too, with a cancel request, so the database
	// stops working on it; pgx's default only closes our end of the
	// connection and leaves the query running until it next writes.
	cfg.ConnConfig.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: 2 * time.Second}
	}
	// Every query runs with a bounded time so a stuck statement or a
	// forgotten transaction cannot hold locks for long.
	if cfg.ConnConfig.RuntimeParams == nil {
		cfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	for k, v := range map[string]string{
		"statement_timeout":                   "15s",
		"idle_in_transaction_session_timeout": "30s",
		"lock_timeout":                        "5s",
		// prepared statements keep one plan: the hot queries are written
		// for it; PostgreSQL's default would keep planning them for each
		// execution when a rare value's plan looks cheaper. The queries
		// whose plan must follow their values go through customPlans.
		"plan_cache_mode": "force_generic_plan",
		// no compiling of a query to machine code (JIT): PostgreSQL does it
		// for any plan whose estimated cost passes a bound, and a walk the
		// planner cannot foretell the end of (a broad search's, rows=1)
		// passes it at a million products: 300 ms of compiling for a walk
		// of 0.5 ms. Every query of the shop reads few rows.
		"jit": "off",
	} {
		if _, set := cfg.ConnConfig.RuntimeParams[k]; !set {
			cfg.ConnConfig.RuntimeParams[k] = v
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	deadline := time.Now().Add(wait)
	delay := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = pool.Ping(pingCtx)
		cancel()
		if err == nil {
			return pool, nil
		}
		if permanent(err) {
			// a wrong database, role or host does not heal by waiting
			pool.Close()
			return nil, fmt.Errorf("store: %w", err)
		}
		if ctx.Err() != nil || time.Now().Add(delay).After(deadline) {
			pool.Close()
			return nil, fmt.Errorf("store: database unreachable after %d attempts: %w", attempt, err)
		}
		if onRetry != nil {
			onRetry(attempt, err)
		}
		select {
		case <-ctx.Done():
			pool.Close()
			return nil, ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 4*time.Second)
	}
}

// permanent reports whether a connection error cannot heal by retrying:
// the database or role does not exist, the password is wrong or the
// server refuses the role (SQLSTATE 3D000, 28P01, 28000), or the host
// name does not resolve. A refused connection (a server still starting)
// and the rest are retried.
func permanent(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "3D000", "28P01", "28000":
			return true
		}
	}
	var dnsErr *net.DNSError
	return errors.As(err, &dnsErr) && dnsErr.IsNotFound
}

// Ping checks that the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.pool.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil {
		return translate(err)
	}
	return nil
}

// SchemaVersion is the newest migration applied to the database, read from
// goose's version table in one round trip (so it also proves the database
// answers).
func (s *Store) SchemaVersion(ctx context.Context) (int64, error) {
	var v *int64
	if err := s.pool.QueryRow(ctx, "SELECT max(version_id) FROM goose_db_version").Scan(&v); err != nil {
		return 0, translate(err)
	}
	if v == nil {
		return 0, nil
	}
	return *v, nil
}

// PoolStat is a snapshot of the connection pool, for metrics.
func (s *Store) PoolStat() *pgxpool.Stat {
	return s.pool.Stat()
}

// tx runs fn in one transaction, committed when fn returns nil.
func (s *Store) tx(ctx context.Context, fn func(q *dbsqlc.Queries) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(t pgx.Tx) error {
		return fn(s.q.WithTx(t))
	})
	return translate(err)
}

// GrantDataAccess lets role read and write every table's rows, and use the
// id sequences, without being able to change the schema. Run by the
// schema's owner after migrating, when the server connects as another role.
func GrantDataAccess(ctx context.Context, owner *pgxpool.Pool, role string) error {
	r := pgx.Identifier{role}.Sanitize()
	for _, stmt := range []string{
		"GRANT USAGE ON SCHEMA public TO " + r,
		"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO " + r,
		"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO " + r,
		"REVOKE CREATE ON SCHEMA public FROM " + r,
	} {
		if _, err := owner.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("store: granting data access to %s: %w", role, err)
		}
	}
	return nil
}
