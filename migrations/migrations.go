// Package migrations holds the database schema as goose SQL files embedded in
// the binary, and runs them under a PostgreSQL session lock so that several
// instances starting together migrate exactly once.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed *.sql
var files embed.FS

// Status is one migration file and whether it has been applied.
type Status struct {
	Version int64
	Name    string
	Applied bool
}

func provider(db *sql.DB, logger *slog.Logger) (*goose.Provider, error) {
	// wait for another instance's migration by probing every second for up
	// to ten minutes, rather than goose's default of every five seconds
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 600))
	if err != nil {
		return nil, fmt.Errorf("migrations: lock: %w", err)
	}
	opts := []goose.ProviderOption{goose.WithSessionLocker(locker)}
	if logger != nil {
		opts = append(opts, goose.WithSlog(logger))
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, files, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return p, nil
}

// Up applies every pending migration and returns how many it applied.
func Up(ctx context.Context, db *sql.DB, logger *slog.Logger) (int, error) {
	p, err := provider(db, logger)
	if err != nil {
		return 0, err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return len(results), fmt.Errorf("migrations: up: %w", err)
	}
	return len(results), nil
}

// DownTo rolls the schema back to version (0 removes everything).
func DownTo(ctx context.Context, db *sql.DB, version int64) error {
	p, err := provider(db, nil)
	if err != nil {
		return err
	}
	if _, err := p.DownTo(ctx, version); err != nil {
		return fmt.Errorf("migrations: down: %w", err)
	}
	return nil
}

// List reports every migration file with whether it has been applied.
func List(ctx context.Context, db *sql.DB) ([]Status, error) {
	p, err := provider(db, nil)
	if err != nil {
		return nil, err
	}
	st, err := p.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrations: status: %w", err)
	}
	out := make([]Status, 0, len(st))
	for _, s := range st {
		out = append(out, Status{
			Version: s.Source.Version,
			Name:    s.Source.Path,
			Applied: s.State == goose.StateApplied,
		})
	}
	return out, nil
}

// Latest is the newest migration version embedded in this binary: a
// database at an older version has migrations pending.
func Latest() (int64, error) {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return 0, err
	}
	var v int64
	for _, name := range names {
		n, err := goose.NumericComponent(name)
		if err != nil {
			return 0, fmt.Errorf("migrations: %s: %w", name, err)
		}
		v = max(v, n)
	}
	return v, nil
}

// Fingerprint identifies the set of migration files; test harnesses name
// their template databases after it so a changed schema gets a new template.
func Fingerprint() (string, error) {
	return fingerprint(files)
}
