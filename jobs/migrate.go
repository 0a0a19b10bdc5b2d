package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// migrateLock is the advisory lock key under which River's schema is
// migrated ("river" in ASCII): goose's own lock is released by the time
// this runs.
const migrateLock = 0x72697665

// Migrate brings River's own tables (river_job and its companions) up to
// the version this binary's River expects, after goose has migrated ours,
// and returns how many versions it applied. River's migrations are its
// own, so an upgrade of River brings its schema changes with it.
//
// Instances that start together take turns under an advisory lock: the
// first migrates, the others then find nothing to do. River's
// non-transactional Migrate is used (each version commits on its own, as
// River recommends), so the lock is a session lock held on a connection of
// its own.
func Migrate(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger) (int, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	m, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: logger})
	if err != nil {
		return 0, fmt.Errorf("jobs: migrate: %w", err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("jobs: migrate: %w", err)
	}
	defer conn.Release()
	// wait for another instance's migration, for up to ten minutes, without
	// running into the connection's lock_timeout
	deadline := time.Now().Add(10 * time.Minute)
	for {
		var got bool
		if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", migrateLock).Scan(&got); err != nil {
			return 0, fmt.Errorf("jobs: migrate: lock: %w", err)
		}
		if got {
			break
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("jobs: migrate: another instance has held the migration lock for ten minutes")
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrateLock) //nolint:errcheck // the session ends with the connection anyway
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return 0, fmt.Errorf("jobs: migrate: %w", err)
	}
	return len(res.Versions), nil
}

// SchemaVersion is the newest version of River's schema this binary
// carries; test harnesses name their template databases after it too.
func SchemaVersion() int {
	m, err := rivermigrate.New(riverpgxv5.New(nil), nil)
	if err != nil {
		return 0
	}
	all := m.AllVersions()
	if len(all) == 0 {
		return 0
	}
	return all[len(all)-1].Version
}
