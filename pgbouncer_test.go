package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/internal/testio"
	"resale/store"
	"resale/store/storetest"
)

// pgBouncer is a PgBouncer of the test's own in transaction mode, in front
// of one database of the test server.
type pgBouncer struct {
	url   string // the database, through PgBouncer
	admin string // PgBouncer's console
	log   *testio.Buffer
}

// startPgBouncer runs Debian's pgbouncer in front of the database at
// direct, with the settings docs/scaling.md gives: transaction mode, and
// the shop's session settings in connect_query. It skips the test when
// pgbouncer is not installed.
func startPgBouncer(t *testing.T, direct string) *pgBouncer {
	t.Helper()
	bin, err := exec.LookPath("pgbouncer")
	if err != nil {
		if bin, err = exec.LookPath("/usr/sbin/pgbouncer"); err != nil {
			t.Skip("pgbouncer is not installed (apt-get install pgbouncer)")
		}
	}
	cc, err := pgx.ParseConfig(direct)
	if err != nil {
		t.Fatal(err)
	}
	// a folder PgBouncer may write in once it has switched to postgres
	dir, err := os.MkdirTemp("", "resale-pgbouncer-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	_, port, _ := net.SplitHostPort(freeAddr(t))
	ini := fmt.Sprintf(`[databases]
%s = host=%s port=%d dbname=%s connect_query='SET statement_timeout = 15000; SET lock_timeout = 5000; SET idle_in_transaction_session_timeout = 30000; SET plan_cache_mode = force_generic_plan; SET jit = off; SET enable_mergejoin = off'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = %s
unix_socket_dir =
auth_type = trust
auth_file = %s
admin_users = %s
pool_mode = transaction
default_pool_size = 10
max_client_conn = 200
ignore_startup_parameters = extra_float_digits
`, cc.Database, cc.Host, cc.Port, cc.Database, port, filepath.Join(dir, "userlist.txt"), cc.User)
	for name, text := range map[string]string{"pgbouncer.ini": ini, "userlist.txt": fmt.Sprintf("%q \"\"\n", cc.User)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{filepath.Join(dir, "pgbouncer.ini")}
	if os.Geteuid() == 0 {
		args = append([]string{"-u", "postgres"}, args...) // it will not run as root
	}
	b := &pgBouncer{log: &testio.Buffer{}}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = b.log, b.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	u := &url.URL{Scheme: "postgres", User: url.User(cc.User), Host: "127.0.0.1:" + port, Path: "/" + cc.Database, RawQuery: "sslmode=disable"}
	b.url = u.String()
	u.Path, u.RawQuery = "/pgbouncer", "sslmode=disable&default_query_exec_mode=simple_protocol"
	b.admin = u.String()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
			c.Close()
			return b
		}
		if time.Now().After(deadline) {
			t.Fatalf("pgbouncer did not listen within 10s:\n%s", b.log)
		}
	}
}

// servers is how many server connections PgBouncer holds to the database
// (its console's SHOW SERVERS).
func (b *pgBouncer) servers(t *testing.T) int {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, b.admin)
	if err != nil {
		t.Fatalf("pgbouncer's console: %v", err)
	}
	defer c.Close(ctx)
	rows, err := c.Query(ctx, "SHOW SERVERS")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range rows.FieldDescriptions() {
			if f.Name == "database" && vals[i] != "pgbouncer" {
				n++
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

// The shop works through PgBouncer in transaction mode (DATABASE_URL),
// with a direct connection for what needs a session (DATABASE_DIRECT_URL):
// the migrations under their lock, signing up and in, listing, browsing,
// booking, a live update and a catalogue change heard through LISTEN, and
// the job queue.
func TestThroughPgBouncer(t *testing.T) {
	t.Parallel()
	direct := storetest.EmptyURL(t)
	pgb := startPgBouncer(t, direct)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := startInstances(t, ctx, 1, map[string]string{
		"DATABASE_URL":        pgb.url,
		"DATABASE_DIRECT_URL": direct,
		"JWT_SECRET":          strings.Repeat("s", 32),
		// more client connections than PgBouncer's ten server ones, and
		// public read slots (half) for every list made at once below, so
		// none is shed (503) on a busy machine: this test is not about load
		"DATABASE_MAX_CONNS": "32",
	})[0]

	seller := signUp(t, in.base, "Sam Seller", "sam@example.com", "Seller")
	buyer := signUp(t, in.base, "Bea Buyer", "bea@example.com", "Buyer")
	if code, body := postJSON(t, in.base+"/api/auth/login", "", map[string]string{"email": "bea@example.com", "password": scaleoutPassword}); code != http.StatusOK {
		t.Fatalf("log in: %d %s", code, body)
	}
	stream, _ := openStream(t, in, seller.AccessToken, "", nil)
	booking := listOnABookThroughB(t, in, in, seller, buyer)
	if got, _ := nextEvent(t, stream); !strings.Contains(got, booking) {
		t.Errorf("the seller's live update: %s, want the booking %s", got, booking)
	}
	checkBrowseThroughPooler(t, in, direct)
	checkJobsRan(t, direct, in)

	// more than one: a statement prepared on one would be missing on another
	if n := pgb.servers(t); n < 2 {
		t.Errorf("PgBouncer holds %d server connections: the shop did not go through it", n)
	}
	for _, bad := range []string{"level=ERROR", "does not set these", "prepared statement"} {
		if strings.Contains(in.logs.String(), bad) {
			t.Errorf("%q logged:\n%s", bad, in.logs)
		}
	}
}

// checkBrowseThroughPooler: the list, made afresh and then kept, shows a
// change made in the database by someone else once the instance has heard
// its notice (LISTEN on the direct connection), and many made-afresh
// reads at once (each its own server connection) all succeed.
func checkBrowseThroughPooler(t *testing.T, in *instance, direct string) {
	t.Helper()
	list := func(query string) string {
		code, _, body := call(t, http.MethodGet, in.base+"/api/products?"+query, "", nil, nil)
		if code != http.StatusOK {
			t.Fatalf("GET /api/products?%s: %d %s", query, code, body)
		}
		return string(body)
	}
	if !strings.Contains(list("category=HP"), "HP EliteBook 840 G5") {
		t.Fatal("the new listing is not listed")
	}
	db, err := pgx.Connect(context.Background(), direct)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	if _, err := db.Exec(context.Background(), "UPDATE products SET product_name = 'HP ProBook 450 G8'"); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(list("category=HP"), "HP ProBook 450 G8"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the kept list never heard of the change")
		}
	}
	errs := make(chan string, 12)
	for i := range 12 {
		go func() {
			res, err := http.Get(fmt.Sprintf("%s/api/products?category=HP&maxPrice=%d", in.base, 40000+i))
			if err != nil {
				errs <- err.Error()
				return
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				errs <- res.Status
				return
			}
			errs <- ""
		}()
	}
	for range 12 {
		if e := <-errs; e != "" {
			t.Errorf("a made-afresh list at once with others: %s", e)
		}
	}
}

// checkJobsRan: the job queue (on the direct connection) ran the periodic
// jobs it runs at start.
func checkJobsRan(t *testing.T, direct string, in *instance) {
	t.Helper()
	db, err := pgx.Connect(context.Background(), direct)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		if err := db.QueryRow(context.Background(), "SELECT count(*) FROM river_job WHERE state = 'completed'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no job completed within 15s:\n%s", in.logs)
		}
	}
}

// Queries cut short (a visitor who leaves mid-request, a deadline) do not
// stop PgBouncer. Debian 12's PgBouncer (1.18) exits on a cancel request
// whose connection closes before PgBouncer is done with it (its issue
// #801, fixed in 1.20), which pgx's cancel requests did within seconds of
// load ending: every instance then lost the database at once. Behind a
// pooler the pool sends none (store.poolConfig).
func TestCancelledQueriesDoNotStopPgBouncer(t *testing.T) {
	t.Parallel()
	direct := storetest.EmptyURL(t)
	b := startPgBouncer(t, direct)
	ctx := context.Background()
	pool, err := store.OpenBehindPooler(ctx, b.url, 8, 10*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var wg sync.WaitGroup
	stop := time.Now().Add(2 * time.Second)
	for w := range 16 {
		wg.Go(func() {
			for i := 0; time.Now().Before(stop); i++ {
				// cut short at 1 to 30 ms, while the query sleeps 20
				qctx, cancel := context.WithTimeout(ctx, time.Duration(1+(w*7+i*13)%30)*time.Millisecond)
				pool.Exec(qctx, "SELECT pg_sleep(0.02)")
				cancel()
			}
		})
	}
	wg.Wait()
	time.Sleep(200 * time.Millisecond) // a cancel request PgBouncer is still handling
	var one int
	if err := pool.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("after queries cut short, PgBouncer answers %d, %v; its log:\n%s", one, err, tail(b.log.String(), 2000))
	}
	if strings.Contains(b.log.String(), "FATAL") {
		t.Fatalf("PgBouncer logged a FATAL:\n%s", tail(b.log.String(), 2000))
	}
}

// tail is the end of s, at most n bytes.
func tail(s string, n int) string { return s[max(0, len(s)-n):] }
