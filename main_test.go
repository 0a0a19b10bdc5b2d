package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/internal/testio"
	"resale/store"
	"resale/store/storetest"
)

// startDeadline bounds how long a program started in a test may take to
// migrate an empty database and listen; a loaded machine running the
// suite with -race has taken over five seconds.
const startDeadline = 90 * time.Second

// waitServing waits until url answers, failing at once with the logs if
// the program exits first, and after startDeadline if it never answers.
func waitServing(t *testing.T, url string, done <-chan int, logs fmt.Stringer) {
	t.Helper()
	waitAnswering(t, url, 0, done, logs)
}

// waitAnswering is waitServing until url answers status (0: any), with the
// last answer's status and the logs when it never does.
func waitAnswering(t *testing.T, url string, status int, done <-chan int, logs fmt.Stringer) {
	t.Helper()
	deadline := time.Now().Add(startDeadline)
	for {
		res, err := http.Get(url)
		if err == nil {
			res.Body.Close()
			if status == 0 || res.StatusCode == status {
				return
			}
			err = fmt.Errorf("answered %d, not %d", res.StatusCode, status)
		}
		select {
		case code := <-done:
			t.Fatalf("the program exited with %d before it answered %s\nlogs:\n%s", code, url, logs.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never answered in %s: %v\nlogs:\n%s", url, startDeadline, err, logs.String())
		}
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestRunUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"frobnicate"}, env(nil), &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d", code)
	}
	if !strings.Contains(errOut.String(), `unknown command "frobnicate"`) {
		t.Errorf("stderr = %q", errOut.String())
	}
	errOut.Reset()
	if code := run(context.Background(), []string{"migrate", "sideways"}, env(nil), &out, &errOut); code != 2 {
		t.Errorf("migrate sideways: exit %d, stderr %q", code, errOut.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"help"}, env(nil), &out, &errOut); code != 0 || !strings.Contains(out.String(), "migrate up") {
		t.Errorf("help: exit %d, %q", code, out.String())
	}
}

func TestRunRejectsBadSettingInOneLine(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), nil, env(map[string]string{"DATABASE_URL": "postgres://u:pw@[::1"}), &out, &errOut)
	if code != 2 {
		t.Fatalf("exit %d", code)
	}
	if got := errOut.String(); !strings.HasPrefix(got, "resale: DATABASE_URL: ") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr = %q, want one line about DATABASE_URL", got)
	}
}

// A database that stays down is retried with a log line each time, then
// the program stops with a clear message instead of hanging or crashing.
func TestRunWithDatabaseDown(t *testing.T) {
	var out bytes.Buffer
	var errOut testio.Buffer
	code := run(context.Background(), []string{"migrate", "up"}, env(map[string]string{
		"DATABASE_URL":    "postgres://127.0.0.1:1/resale?sslmode=disable&connect_timeout=1",
		"DB_CONNECT_WAIT": "1s",
		"DATA_DIR":        t.TempDir(),
	}), &out, &errOut)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	logs := errOut.String()
	if !strings.Contains(logs, "database not reachable yet, retrying") || !strings.Contains(logs, "resale: DATABASE_URL: store: database unreachable after") || !strings.Contains(logs, "; check DATABASE_URL (host") {
		t.Errorf("stderr = %q", logs)
	}
}

func TestMigrateCommands(t *testing.T) {
	url := storetest.EmptyURL(t)
	vars := env(map[string]string{"DATABASE_URL": url, "DATA_DIR": t.TempDir()})
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "status"}, vars, &out, &errOut); code != 0 || !strings.Contains(out.String(), "pending  00001_init.sql") {
		t.Fatalf("status before: exit %d out %q err %q", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"migrate", "up"}, vars, &out, &errOut); code != 0 || !strings.Contains(out.String(), "up to date") {
		t.Fatalf("up: exit %d out %q err %q", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"migrate", "status"}, vars, &out, &errOut); code != 0 || !strings.Contains(out.String(), "applied  00001_init.sql") {
		t.Fatalf("status after: exit %d out %q err %q", code, out.String(), errOut.String())
	}
	// River's tables came with ours
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var jobTable *string
	if err := conn.QueryRow(context.Background(), "SELECT to_regclass('river_job')::text").Scan(&jobTable); err != nil || jobTable == nil {
		t.Fatalf("no river_job table after migrate up: %v", err)
	}
}

// The real program on a real port: migrates an empty database at start,
// serves the API and the app, and exits cleanly when told to stop.
func TestServeEndToEnd(t *testing.T) {
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errOut testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL": storetest.EmptyURL(t),
			"ADDR":         addr,
			"DATA_DIR":     t.TempDir(),
			"ADMIN_EMAIL":  "owner@example.com",
		}), io.Discard, &errOut)
	}()

	base := "http://" + addr
	waitServing(t, base+"/livez", done, &errOut)
	res, err := http.Get(base + "/api/categorys")
	if err != nil {
		t.Fatalf("server stopped answering: %v\nlogs:\n%s", err, errOut.String())
	}
	var cats []map[string]string
	if err := json.NewDecoder(res.Body).Decode(&cats); err != nil || len(cats) != 4 {
		t.Fatalf("categories = %v, %v", cats, err)
	}
	res.Body.Close()

	res, err = http.Get(base + "/categorys/" + cats[0]["_id"])
	if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("deep link = %v %v", res, err)
	}
	res.Body.Close()

	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d; logs:\n%s", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
	for _, want := range []string{"database migrated", "ADMIN_EMAIL: admin account created", "/reset-password?token=", "serving", "shutting down", "stopped", "SMTP_URL not set"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("logs lack %q:\n%s", want, errOut.String())
		}
	}
}

// Stopping lets a request in flight finish and refuses new connections.
func TestGracefulShutdownFinishesRequestsInFlight(t *testing.T) {
	cfg, err := loadConfig(env(map[string]string{"SHUTDOWN_TIMEOUT": "5s"}))
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(300 * time.Millisecond)
		fmt.Fprint(w, "finished")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveUntilDone(ctx, ln, handler, cfg, slog.New(slog.DiscardHandler)) }()

	type result struct {
		body string
		err  error
	}
	resc := make(chan result, 1)
	go func() {
		res, err := http.Get("http://" + addr + "/slow")
		if err != nil {
			resc <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		resc <- result{string(b), err}
	}()
	<-started
	cancel()

	r := <-resc
	if r.err != nil || r.body != "finished" {
		t.Fatalf("request in flight: %q, %v", r.body, r.err)
	}
	if err := <-done; err != nil {
		t.Fatalf("serveUntilDone: %v", err)
	}
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Error("new connections are still accepted after shutdown")
	}
}

// The only way to make an admin is the binary's own subcommand.
func TestAdminGrant(t *testing.T) {
	url := storetest.URL(t)
	vars := env(map[string]string{"DATABASE_URL": url, "DATA_DIR": t.TempDir()})
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"admin", "grant", "nobody@example.com"}, vars, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "no account with the email") {
		t.Fatalf("unknown email: exit %d, %q", code, errOut.String())
	}
	if code := run(context.Background(), []string{"admin", "grant"}, vars, &out, &errOut); code != 2 {
		t.Fatalf("missing email: exit %d", code)
	}
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := store.New(pool).CreateUser(context.Background(), store.NewUser{Name: "Owner", Email: "owner@example.com", Role: store.RoleSeller}); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run(context.Background(), []string{"admin", "grant", "OWNER@example.com"}, vars, &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "is now an admin") {
		t.Fatalf("grant: exit %d, out %q, err %q", code, out.String(), errOut.String())
	}
	u, err := store.New(pool).GetUserByEmail(context.Background(), "owner@example.com")
	if err != nil || u.Role != store.RoleAdmin {
		t.Fatalf("after grant: %+v %v", u, err)
	}
}

// With MIGRATION_DATABASE_URL the schema's owner migrates, and the server
// itself runs as a role that can read and write rows but not change the
// schema, with bounded statement times.
func TestLeastPrivilegeDatabaseRole(t *testing.T) {
	ctx := context.Background()
	ownerURL, appURL := appRoleURLs(t)

	addr := freeAddr(t)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var logs testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(runCtx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL": appURL, "MIGRATION_DATABASE_URL": ownerURL, "ADDR": addr, "DATA_DIR": t.TempDir(),
		}), io.Discard, &logs)
	}()
	waitFor(t, "http://"+addr+"/api/categorys", 200)

	app, err := pgx.Connect(ctx, appURL)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close(ctx)
	var timeout string
	if err := app.QueryRow(ctx, "SHOW statement_timeout").Scan(&timeout); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Exec(ctx, "INSERT INTO users (user_name, email) VALUES ('a', 'a@example.com')"); err != nil {
		t.Errorf("the app role cannot write rows: %v", err)
	}
	if _, err := app.Exec(ctx, "CREATE TABLE sneaky (id int)"); err == nil {
		t.Error("the app role can create tables")
	}
	if _, err := app.Exec(ctx, "DROP TABLE payments"); err == nil {
		t.Error("the app role can drop tables")
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, logs.String())
	}
	app.Close(ctx)
	checkStoreSessionLimits(t, appURL)
}

// appRoleURLs makes a login role that owns nothing (dropped after the
// test's database) and returns an empty database's URL for its owner and
// the same URL for the role.
func appRoleURLs(t *testing.T) (ownerURL, appURL string) {
	t.Helper()
	ctx := context.Background()
	role := fmt.Sprintf("resale_app_%d", time.Now().UnixNano()%1_000_000_000)
	admin, err := pgx.Connect(ctx, storetest.AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE ROLE "+role+" LOGIN"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // after the database is dropped
		c, err := pgx.Connect(context.Background(), storetest.AdminURL())
		if err == nil {
			c.Exec(context.Background(), "DROP ROLE IF EXISTS "+role)
			c.Close(context.Background())
		}
	})
	ownerURL = storetest.EmptyURL(t)
	u, err := url.Parse(ownerURL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	appURL = u.String()
	return ownerURL, appURL
}

// checkStoreSessionLimits: the store's own connections to appURL carry
// the time limits and never compile a query.
func checkStoreSessionLimits(t *testing.T, appURL string) {
	t.Helper()
	ctx := context.Background()
	var timeout string
	pool, err := store.Open(ctx, appURL, time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := pool.QueryRow(ctx, "SHOW statement_timeout").Scan(&timeout); err != nil || timeout != "15s" {
		t.Errorf("statement_timeout = %q, %v", timeout, err)
	}
	var idle string
	if err := pool.QueryRow(ctx, "SHOW idle_in_transaction_session_timeout").Scan(&idle); err != nil || idle != "30s" {
		t.Errorf("idle_in_transaction_session_timeout = %q, %v", idle, err)
	}
	// and never compile a query (JIT): a walk whose end the planner cannot
	// foretell would spend 300 ms compiling at a million products
	var jit string
	if err := pool.QueryRow(ctx, "SHOW jit").Scan(&jit); err != nil || jit != "off" {
		t.Errorf("jit = %q, %v", jit, err)
	}
}

// #32 M3: serve refuses at start, in one line naming UPLOAD_DIR, an upload
// folder it cannot write, rather than answer every upload 500. /proc is a
// folder even root cannot make files in.
func TestRunRefusesUnwritableUploadDir(t *testing.T) {
	if st, err := os.Stat("/proc/self"); err != nil || !st.IsDir() {
		t.Skip("no /proc here")
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"serve"}, env(map[string]string{
		"ADDR":         freeAddr(t),
		"DATA_DIR":     t.TempDir(),
		"UPLOAD_DIR":   "/proc/self",
		"DATABASE_URL": "postgres://127.0.0.1:1/resale?sslmode=disable&connect_timeout=1",
	}), &out, &errOut)
	if code != 1 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if got := errOut.String(); !strings.HasPrefix(got, "resale: UPLOAD_DIR: cannot write in /proc/self") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr = %q, want one line naming UPLOAD_DIR", got)
	}
}

// #32 M4: a database that does not exist or a role the server refuses does
// not heal by waiting: the start stops at once (not after DB_CONNECT_WAIT)
// in one line naming DATABASE_URL and what to check, against the real
// PostgreSQL.
func TestRunStopsAtOnceOnPermanentDatabaseErrors(t *testing.T) {
	base := storetest.AdminURL()
	for name, change := range map[string]func(*url.URL){
		"missing database": func(u *url.URL) { u.Path = "/resale_no_such_database_32" },
		"missing role":     func(u *url.URL) { u.User = url.UserPassword("resale_no_such_role_32", "pw") },
		"unknown host":     func(u *url.URL) { u.Host, u.RawQuery = "resale-no-such-host-32.invalid:5432", "" },
	} {
		t.Run(name, func(t *testing.T) {
			u, err := url.Parse(base)
			if err != nil {
				t.Fatal(err)
			}
			change(u)
			var out, errOut bytes.Buffer
			start := time.Now()
			code := run(context.Background(), []string{"migrate", "up"}, env(map[string]string{
				"DATABASE_URL": u.String(),
				"DATA_DIR":     t.TempDir(),
			}), &out, &errOut)
			took := time.Since(start)
			got := errOut.String()
			if code != 1 || !strings.HasPrefix(got, "resale: DATABASE_URL: ") || !strings.Contains(got, "check DATABASE_URL (host, port, database, user, password)") ||
				strings.Count(got, "\n") != 1 {
				t.Errorf("exit %d, stderr %q, want one line naming DATABASE_URL with the hint", code, got)
			}
			if took > 5*time.Second {
				t.Errorf("took %s: a permanent error was retried", took)
			}
		})
	}
}
