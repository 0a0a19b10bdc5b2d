// Package storetest gives each test its own fresh, migrated PostgreSQL
// database, cloned from a template that is built once per schema version,
// so tests run in parallel against the real server.
//
// The server is TEST_DATABASE_URL (a database to connect to for CREATE
// DATABASE), by default the local server's postgres database.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"resale/jobs"
	"resale/migrations"
	"resale/store"
)

const defaultAdminURL = "postgres://127.0.0.1:5432/postgres?sslmode=disable"

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// AdminURL is the connection string of the database used to create and
// drop test databases.
func AdminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return defaultAdminURL
}

// URL returns the connection string of a new empty-but-migrated database
// that is dropped when the test passes (and kept, with its name logged, when
// it fails).
func URL(t testing.TB) string {
	t.Helper()
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(context.Background()) })
	if templateErr != nil {
		t.Fatalf("storetest: template database: %v", templateErr)
	}
	return newDatabase(t, templateName)
}

// EmptyURL is like URL but the database has no schema at all, for tests of
// the migrations themselves.
func EmptyURL(t testing.TB) string {
	t.Helper()
	return newDatabase(t, "template0")
}

func newDatabase(t testing.TB, template string) string {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		t.Fatalf("storetest: connecting to %s: %v (is PostgreSQL running?)", AdminURL(), err)
	}
	defer admin.Close(ctx)

	name := "resale_test_" + randomHex(6)
	strategy := ""
	if admin.PgConn().ParameterStatus("server_version") >= "15" {
		// FILE_COPY is far faster than WAL_LOG for a small template
		strategy = " STRATEGY FILE_COPY"
	}
	// several test processes may clone the same template at once; the
	// server refuses while another clone holds it, so retry briefly
	for attempt := 0; ; attempt++ {
		_, err = admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s%s", name, template, strategy))
		if err == nil || attempt == 50 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("storetest: creating %s: %v", name, err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("storetest: kept database %s for inspection", name)
			return
		}
		c, err := pgx.Connect(context.Background(), AdminURL())
		if err != nil {
			t.Logf("storetest: dropping %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("storetest: dropping %s: %v", name, err)
		}
	})
	return connString(AdminURL(), name)
}

// Pool returns a connection pool on a fresh database (see URL), closed at
// the end of the test.
func Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	// the server's own session settings (timeouts, plan cache mode)
	pool, err := store.Open(context.Background(), URL(t), 0, nil)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// Store returns a store on a fresh database, its lists walked on
// connections of their own as the server's are (Walks).
func Store(t testing.TB) *store.Store {
	t.Helper()
	pool := Pool(t)
	return store.New(pool, Walks(t, pool))
}

// Walks is the option of a store on pool whose lists walk on connections
// of their own (store.OpenWalks), as the server's do; closed at the end of
// the test.
func Walks(t testing.TB, pool *pgxpool.Pool) store.Option {
	t.Helper()
	walks, err := store.OpenWalks(pool.Config().ConnString(), 2, store.WalkTime)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(walks.Close)
	return store.WithWalks(walks, nil, store.WalkTime)
}

// ensureTemplate builds the migrated template database for the current
// migrations once, under an advisory lock shared by every test process.
func ensureTemplate(ctx context.Context) (string, error) {
	fp, err := migrations.Fingerprint()
	if err != nil {
		return "", err
	}
	// River's tables are part of the schema too (jobs.Migrate)
	name := fmt.Sprintf("resale_template_%s_r%d", fp, jobs.SchemaVersion())
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return "", fmt.Errorf("connecting to %s: %w (is PostgreSQL running?)", AdminURL(), err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(727274)"); err != nil {
		return "", err
	}
	defer admin.Exec(ctx, "SELECT pg_advisory_unlock(727274)") //nolint:errcheck

	var ready bool
	err = admin.QueryRow(ctx, "SELECT datistemplate FROM pg_database WHERE datname = $1", name).Scan(&ready)
	if err == nil && ready {
		return name, nil
	}
	if err == nil {
		// a half-built template from a run that was interrupted
		if _, err := admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			return "", err
		}
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	pool, err := pgxpool.New(ctx, connString(AdminURL(), name))
	if err != nil {
		return "", err
	}
	db := stdlib.OpenDBFromPool(pool)
	_, err = migrations.Up(ctx, db, nil)
	db.Close()
	if err == nil {
		_, err = jobs.Migrate(ctx, pool, nil)
	}
	pool.Close()
	if err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, "ALTER DATABASE "+name+" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"); err != nil {
		return "", err
	}
	return name, nil
}

// connString points a connection string (URL or key=value form) at another
// database on the same server.
func connString(conn, database string) string {
	if u, err := url.Parse(conn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		u.Path = "/" + database
		return u.String()
	}
	return conn + " dbname=" + database
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
