// Package store is Resale's data layer: hand-written methods over the
// queries sqlc generates from sql/, returning the store's own types and
// translated errors. Nothing here knows about HTTP.
package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net"
	"runtime"
	"slices"
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

	"resale/priceguide"
	"resale/store/internal/dbsqlc"
)

// Store reads and writes the marketplace's data.
type Store struct {
	pool *pgxpool.Pool
	// direct reaches PostgreSQL itself, not through a pooler in
	// transaction mode: what keeps a session's state (LISTEN, a session
	// advisory lock) runs on it (WithDirect; pool by default)
	direct *pgxpool.Pool
	// replica answers the reads of contexts marked FromReplica while it is
	// fresh (WithReplica); nil without one
	replica *replica
	// reads begins the transactions of reads that may go to the replica
	reads routed
	q     *dbsqlc.Queries
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
	// manyInCells: broad searches whose word has many listings in their
	// cells, not counted through them again for a while (findInCells)
	manyInCells recentKeys
	// cellFinds counts the searches whose matches were found in their cells
	cellFinds atomic.Int64
	// walkedToEnd: searches with filters besides their words (by lessonKey)
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
	// walks: the connections whose sessions walk (WithWalks), routed as
	// the reads are; nil: a walk sets its settings in a transaction.
	// walksTimeout is their statement_timeout.
	walks        *routed
	walksTimeout time.Duration
	walkPools    [2]*pgxpool.Pool // primary, replica (nil: none)
	// noPostings: a broad search in price order walks the price index,
	// not its word's postings (tests of that walk)
	noPostings bool
	// noCellPostings: nor reads its word's postings of each cell (tests)
	noCellPostings bool
	// noProbes: a search of words seldom together is walked, not probed
	// first (fewTogether; tests of the walk)
	noProbes bool
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
	// areaCounts: the kept counts by area, while changes are heard
	// (places.go); frontiers: where a brand's postings start
	// (postings.go)
	areaCounts keptUntilChange[struct{}, areaCounts]
	// guide: the price guide in use (SetPriceGuide; nil: the shipped one)
	guide     atomic.Pointer[priceguide.Guide]
	frontiers keptUntilChange[frontierKey, posting]
	// comparables: the price guide's comparables of a key (price_guide.go)
	comparables keptUntilChange[string, keptComparables]
	jobs        *river.Client[pgx.Tx] // inserts jobs in a caller's transaction (notifications.go)
	// noNotices: events write no notifications (WithoutNotices)
	noNotices bool
	// commissionBP is the shop's share of each sale in hundredths of a
	// percent (WithCommission; COMMISSION_PERCENT)
	commissionBP int64
	// curve: the price guide's depreciation curve, learned from the
	// shop's sales and kept an hour (price_verdict.go)
	curve curveCache
}

// New wraps a connection pool.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, direct: pool, q: dbsqlc.New(pool), custom: dbsqlc.New(customPlans{pool}), jobs: newJobInserter(pool),
		slowWalks: recentKeys{keep: slowWalkFor}}
	for _, o := range opts {
		o(s)
	}
	s.reads = routed{primary: pool, r: s.replica}
	if s.replica != nil {
		s.q, s.custom = dbsqlc.New(s.reads), dbsqlc.New(customPlans{s.reads})
	}
	if s.walkPools[0] != nil {
		s.walks = &routed{primary: s.walkPools[0], r: s.replica, rpool: s.walkPools[1]}
		if s.walkPools[1] == nil {
			s.walks.r = nil // a replica without walk connections: walks on the primary
		}
	}
	return s
}

// WithDirect gives the store a pool of direct connections to PostgreSQL
// (DATABASE_DIRECT_URL) for what needs a session of its own: listening
// for the database's notices and the session advisory lock of Exclusive.
// Without it they use the store's pool, which must then be direct too.
func WithDirect(direct *pgxpool.Pool) Option {
	return func(s *Store) { s.direct = direct }
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
type customPlans struct{ pool dbsqlc.DBTX }

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
	cfg, err := poolConfig(url, maxConns, false)
	if err != nil {
		return nil, err
	}
	return connect(ctx, cfg, wait, onRetry)
}

// OpenBehindPooler is OpenSized for a url that reaches PostgreSQL through
// a pooler in transaction mode (PgBouncer, DATABASE_DIRECT_URL set): each
// transaction, or each statement outside one, may run on another server
// connection. So no query leaves a named prepared statement behind: each
// is parsed unnamed in the round trip that runs it, with its argument and
// result types remembered per connection after the first
// (QueryExecModeCacheDescribe; PgBouncer before 1.21 cannot keep named
// ones). And the session settings Open sends at connection start are not
// sent (PgBouncer refuses unknown startup parameters): the pooler sets
// them on its server connections (connect_query, docs/scaling.md), which
// SessionDefaultsMissing checks.
func OpenBehindPooler(ctx context.Context, url string, maxConns int32, wait time.Duration, onRetry func(attempt int, err error)) (*pgxpool.Pool, error) {
	cfg, err := poolConfig(url, maxConns, true)
	if err != nil {
		return nil, err
	}
	return connect(ctx, cfg, wait, onRetry)
}

// OpenLazy makes a pool of at most maxConns connections (0: Open's choice)
// to url with the session defaults, which connects when first used: a read
// replica that is down at start must not stop the start.
func OpenLazy(url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := poolConfig(url, maxConns, false)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return pool, nil
}

// OpenWalks makes a pool of at most maxConns connections (0: half of
// Open's choice, at least two) to url whose sessions walk (walkSettings):
// each a list's walk along an index in order, by a prepared statement whose
// kept plan is made under those settings, in one round trip, given way
// after timeout. It connects when first used. Not behind a pooler, which
// keeps no session settings.
func OpenWalks(url string, maxConns int32, timeout time.Duration) (*pgxpool.Pool, error) {
	if maxConns <= 0 {
		maxConns = max(2, DefaultMaxConns()/2)
	}
	cfg, err := poolConfig(url, maxConns, false)
	if err != nil {
		return nil, err
	}
	for k, v := range walkSettings {
		cfg.ConnConfig.RuntimeParams[k] = v
	}
	cfg.ConnConfig.RuntimeParams["statement_timeout"] = fmt.Sprint(timeout.Milliseconds())
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return pool, nil
}

// WithWalks gives the store connections whose sessions walk (OpenWalks,
// with statement_timeout timeout), to the primary and, when it has a
// replica, to the replica (nil: the replica's walks go to the primary). A
// list's walk then takes one round trip, where setting its settings in a
// transaction took three (BEGIN and SET, the page, COMMIT): a third more
// lists a second made afresh (#38).
func WithWalks(primary, replica *pgxpool.Pool, timeout time.Duration) Option {
	return func(s *Store) { s.walkPools, s.walksTimeout = [2]*pgxpool.Pool{primary, replica}, timeout }
}

// WalkTime is how long a list's walk may take before it gives way: the
// statement_timeout of OpenWalks's connections.
const WalkTime = walkTime

// sessionDefaults are the settings every connection of the shop runs with.
var sessionDefaults = map[string]string{
	// every query runs with a bounded time so a stuck statement or a
	// forgotten transaction cannot hold locks for long
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
	// no merge joins: for one booking and its product, the generic plan
	// chose to walk products in id order from the first, stopping at the
	// booking's product, whenever the bookings' statistics said their
	// products were old ones (a new shop's, or a day's bookings not yet
	// analyzed): 30 to 140 ms for a booking at 300,000 products, where an
	// index lookup takes a tenth of a millisecond. No query of the shop
	// joins two long sorted inputs, the one case a merge join is for.
	"enable_mergejoin": "off",
}

// poolConfig parses url into a pool's settings: maxConns connections (0:
// DefaultMaxConns unless url sets pool_max_conns), cancelled queries
// cancelled in PostgreSQL too, and the session defaults, or, behind a
// pooler, the query mode it needs and no cancel requests (OpenBehindPooler).
func poolConfig(url string, maxConns int32, pooler bool) (*pgxpool.Config, error) {
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
	if pooler {
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheDescribe
		// Behind a pooler no cancel request: Debian 12's PgBouncer (1.18)
		// exits on one whose connection closes early (its issue #801),
		// which pgx's did within seconds of visitors leaving mid-request
		// (TestCancelledQueriesDoNotStopPgBouncer); and in transaction
		// mode a late one could reach another client's query. Our end is
		// closed at once instead: PgBouncer drops the server connection,
		// and its connect_query's statement_timeout bounds the query.
		cfg.ConnConfig.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
			return &pgconn.DeadlineContextWatcherHandler{Conn: c.Conn()}
		}
		return cfg, nil
	}
	if cfg.ConnConfig.RuntimeParams == nil {
		cfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	for k, v := range sessionDefaults {
		if _, set := cfg.ConnConfig.RuntimeParams[k]; !set {
			cfg.ConnConfig.RuntimeParams[k] = v
		}
	}
	return cfg, nil
}

// connect makes the pool and waits, up to wait, for the database to
// answer, logging each retry through onRetry.
func connect(ctx context.Context, cfg *pgxpool.Config, wait time.Duration, onRetry func(attempt int, err error)) (*pgxpool.Pool, error) {
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

// SessionDefaultsMissing reads, through pool, the session settings the
// shop wants (statement and lock timeouts, generic plans, no JIT) and
// names those the server's connections do not have, as "name=have (want
// W)". Behind a pooler (OpenBehindPooler) the pooler must set them.
func SessionDefaultsMissing(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	var missing []string
	for _, k := range slices.Sorted(maps.Keys(sessionDefaults)) {
		var have string
		if err := pool.QueryRow(ctx, "SELECT current_setting($1)", k).Scan(&have); err != nil {
			return nil, translate(err)
		}
		want := sessionDefaults[k]
		if have != want {
			missing = append(missing, fmt.Sprintf("%s=%s (want %s)", k, have, want))
		}
	}
	return missing, nil
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
