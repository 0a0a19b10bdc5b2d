package store

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A read replica (DATABASE_READ_URL, docs/scaling.md) answers the public
// catalogue's reads: the requests the api marks with FromReplica. A read
// goes to it only while it is fresh, else to the primary:
//
//   - it answered the last check (every replicaCheckEvery, not per request:
//     the primary's WAL position, then the replica's replay position) and
//     has replayed a position the primary had at most maxLag ago;
//   - it has replayed every catalogue change this instance knows of: a
//     change heard from the database (WatchCatalogue) or made by this
//     instance (ForgetSearches) raises a fence, the primary's WAL position
//     just after it, that the replica must have replayed. So an answer made
//     from the replica after a change includes it, and the catalogue's kept
//     answers (dropped at each change) are never made from an older one.
//
// A read the replica fails (down, a conflict with recovery) is made again
// on the primary, and the replica is left aside until the next check finds
// it well. The person who changed the catalogue is sent to the primary by
// the api for maxLag and a second more (a cookie), which covers the other
// instances that have not yet heard of the change.

// replicaCheckEvery is how often the replica's freshness is checked.
const replicaCheckEvery = time.Second

// replicaKey marks a context whose reads may go to the replica.
type replicaKey struct{}

// FromReplica marks ctx: reads made with it may be answered by the read
// replica while it is fresh (WithReplica). Only reads that anyone may see
// and that tolerate maxLag of staleness get it: the public catalogue.
func FromReplica(ctx context.Context) context.Context {
	return context.WithValue(ctx, replicaKey{}, true)
}

// replica is the read replica and what the last checks found of it.
type replica struct {
	pool   *pgxpool.Pool
	maxLag time.Duration
	// freshAt is when the primary was at a WAL position the replica had
	// replayed at the last check (unix ns); 0 while it is down or unknown
	freshAt  atomic.Int64
	replayed atomic.Uint64 // its replay position at the last check
	// fence is the WAL position the replica must have replayed: the
	// primary's just after the last catalogue change known
	fence atomic.Uint64
	// pendingSince is when this instance last changed the catalogue with
	// its fence not yet read (unix ns); 0 when none is pending
	pendingSince atomic.Int64
	// samples are the primary's positions not yet replayed (checker only)
	samples []lsnSample
	// reads counts the reads the replica answered (tests, metrics)
	reads atomic.Int64
}

type lsnSample struct {
	at  int64 // unix ns, just before it was read
	lsn uint64
}

// WithReplica sends the reads of contexts marked FromReplica to the
// streaming replica behind pool while it lags at most maxLag behind the
// primary. WatchReplica must run to check it.
func WithReplica(pool *pgxpool.Pool, maxLag time.Duration) Option {
	return func(s *Store) { s.replica = &replica{pool: pool, maxLag: maxLag} }
}

// usable reports whether a read may go to the replica now.
func (r *replica) usable() bool {
	if r == nil {
		return false
	}
	fresh := r.freshAt.Load()
	return fresh != 0 && time.Now().UnixNano()-fresh <= int64(r.maxLag) &&
		r.pendingSince.Load() == 0 && r.replayed.Load() >= r.fence.Load()
}

// raiseFence makes lsn the least position the replica must have replayed.
func (r *replica) raiseFence(lsn uint64) {
	for {
		old := r.fence.Load()
		if old >= lsn || r.fence.CompareAndSwap(old, lsn) {
			return
		}
	}
}

// changed notes a catalogue change whose fence is read at the next check.
func (r *replica) changed() {
	if r != nil {
		r.pendingSince.Store(time.Now().UnixNano())
	}
}

// failed reports whether err, from the replica, means the replica cannot
// answer now (the read should be made on the primary) rather than an
// answer (no rows, a bad value) or the caller giving up. It leaves the
// replica aside until the next check.
func (r *replica) failed(ctx context.Context, err error) bool {
	if err == nil || errors.Is(err, pgx.ErrNoRows) || ctx.Err() != nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		c := pgErr.Code
		// connection, shutdown, too many connections, a conflict with
		// recovery, a write sent to it by mistake
		if !strings.HasPrefix(c, "08") && !strings.HasPrefix(c, "57P") && c != "53300" && c != "40001" && c != "25006" {
			return false
		}
	}
	r.freshAt.Store(0)
	return true
}

// WatchReplica checks the read replica every second until ctx ends, and
// calls report when it starts or stops answering reads (with why), if the
// store has one (WithReplica).
func (s *Store) WatchReplica(ctx context.Context, report func(inUse bool, why error)) {
	r := s.replica
	if r == nil {
		return
	}
	inUse := false
	for {
		err := s.checkReplica(ctx)
		if ctx.Err() != nil {
			return
		}
		fresh := r.freshAt.Load()
		if now := err == nil && fresh != 0 && time.Now().UnixNano()-fresh <= int64(r.maxLag); now != inUse {
			inUse = now
			if !now && err == nil {
				err = errLagging
			}
			report(now, err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(replicaCheckEvery):
		}
	}
}

// errLagging: the replica has not replayed what the primary had maxLag ago.
var errLagging = errors.New("the replica lags more than DATABASE_READ_MAX_LAG behind the primary")

// errNotReplica: DATABASE_READ_URL answers but is not replaying a
// primary's WAL (it is a primary itself, or a replica promoted).
var errNotReplica = errors.New("DATABASE_READ_URL is not a replica in recovery")

// checkReplica reads the primary's WAL position, then the replica's replay
// position, and sets what usable needs from them.
func (s *Store) checkReplica(ctx context.Context) error {
	r := s.replica
	ctx, cancel := context.WithTimeout(ctx, replicaCheckEvery)
	defer cancel()
	pending := r.pendingSince.Load()
	at := time.Now().UnixNano()
	var primary int64
	if err := s.pool.QueryRow(ctx, "SELECT (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::int8").Scan(&primary); err != nil {
		r.freshAt.Store(0)
		return err
	}
	if pending != 0 && pending < at {
		// read after the change committed: the fence of that change
		r.raiseFence(uint64(primary))
		r.pendingSince.CompareAndSwap(pending, 0)
	}
	r.samples = append(r.samples, lsnSample{at: at, lsn: uint64(primary)})
	var replayed *int64
	var inRecovery bool
	err := r.pool.QueryRow(ctx, "SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::int8, pg_is_in_recovery()").Scan(&replayed, &inRecovery)
	if err == nil && (!inRecovery || replayed == nil) {
		err = errNotReplica
	}
	if err != nil {
		r.freshAt.Store(0)
		r.samples = nil
		return err
	}
	r.replayed.Store(uint64(*replayed))
	fresh := int64(0)
	for len(r.samples) > 0 && r.samples[0].lsn <= uint64(*replayed) {
		fresh, r.samples = r.samples[0].at, r.samples[1:]
	}
	if len(r.samples) > 600 { // ten minutes behind: it is not fresh anyway
		r.samples = r.samples[len(r.samples)-600:]
	}
	if fresh != 0 {
		r.freshAt.Store(fresh)
	}
	return nil
}

// fenceNow raises the fence to the primary's WAL position now, after a
// catalogue change was heard; when it cannot be read the next check reads
// it (the replica is not used until then).
func (s *Store) fenceNow(ctx context.Context) {
	r := s.replica
	if r == nil {
		return
	}
	r.changed()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	pending := r.pendingSince.Load()
	var lsn int64
	if err := s.pool.QueryRow(ctx, "SELECT (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::int8").Scan(&lsn); err == nil {
		r.raiseFence(uint64(lsn))
		r.pendingSince.CompareAndSwap(pending, 0)
	}
}

// ReplicaFresh reports whether a read marked FromReplica would go to the
// replica now.
func (s *Store) ReplicaFresh() bool {
	return s.replica.usable()
}

// ReplicaReads is how many reads the replica has answered.
func (s *Store) ReplicaReads() int64 {
	if s.replica == nil {
		return 0
	}
	return s.replica.reads.Load()
}

// routed runs each query on the primary, or on the replica when ctx is
// marked FromReplica and the replica is fresh; a read the replica fails is
// made again on the primary. Writes (Exec) always go to the primary.
type routed struct {
	primary *pgxpool.Pool
	r       *replica
	// rpool: the replica's connections to use instead of r's own (the
	// walks'); nil: r's
	rpool *pgxpool.Pool
}

// replicaPool is the pool of the replica's connections d reads through.
func (d routed) replicaPool() *pgxpool.Pool {
	if d.rpool != nil {
		return d.rpool
	}
	return d.r.pool
}

func (d routed) toReplica(ctx context.Context) bool {
	return d.r != nil && ctx.Value(replicaKey{}) != nil && d.r.usable()
}

func (d routed) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return d.primary.Exec(ctx, sql, args...)
}

func (d routed) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if !d.toReplica(ctx) {
		return d.primary.Query(ctx, sql, args...)
	}
	rows, err := d.replicaPool().Query(ctx, sql, args...)
	if err != nil {
		if d.r.failed(ctx, err) {
			return d.primary.Query(ctx, sql, args...)
		}
		return nil, err
	}
	d.r.reads.Add(1)
	return &replicaRows{Rows: rows, again: func() (pgx.Rows, error) { return d.primary.Query(ctx, sql, args...) }, ctx: ctx, r: d.r}, nil
}

func (d routed) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if !d.toReplica(ctx) {
		return d.primary.QueryRow(ctx, sql, args...)
	}
	d.r.reads.Add(1)
	return replicaRow{row: d.replicaPool().QueryRow(ctx, sql, args...), again: func() pgx.Row { return d.primary.QueryRow(ctx, sql, args...) }, ctx: ctx, r: d.r}
}

// BeginTx begins a read's transaction on the replica when ctx allows it
// (a failed begin begins on the primary instead), else on the primary.
func (d routed) BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error) {
	if d.toReplica(ctx) {
		tx, err := d.replicaPool().BeginTx(ctx, opts)
		if err == nil {
			d.r.reads.Add(1)
			return tx, nil
		}
		if !d.r.failed(ctx, err) {
			return nil, err
		}
	}
	return d.primary.BeginTx(ctx, opts)
}

// replicaRow is a row read from the replica, read again from the primary
// when the replica failed it.
type replicaRow struct {
	row   pgx.Row
	again func() pgx.Row
	ctx   context.Context
	r     *replica
}

func (w replicaRow) Scan(dest ...any) error {
	err := w.row.Scan(dest...)
	if w.r.failed(w.ctx, err) {
		return w.again().Scan(dest...)
	}
	return err
}

// replicaRows are rows read from the replica, read again from the primary
// when the replica failed before the first row (an error after it is the
// caller's: rows already handed over cannot be taken back).
type replicaRows struct {
	pgx.Rows
	again   func() (pgx.Rows, error)
	ctx     context.Context
	r       *replica
	started bool
	err     error
}

func (w *replicaRows) Next() bool {
	if w.started {
		return w.Rows.Next()
	}
	w.started = true
	if w.Rows.Next() {
		return true
	}
	if !w.r.failed(w.ctx, w.Rows.Err()) {
		return false
	}
	w.Rows.Close()
	rows, err := w.again()
	if err != nil {
		w.err = err
		return false
	}
	w.Rows = rows
	return rows.Next()
}

func (w *replicaRows) Err() error {
	if w.err != nil {
		return w.err
	}
	return w.Rows.Err()
}
