package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgPair is a primary PostgreSQL cluster of the test's own and a streaming
// replica of it made with pg_basebackup, both on unix sockets in a
// temporary folder.
type pgPair struct {
	t        *testing.T
	bin, dir string
	as       []string // run as the postgres user when we are root
}

const primaryPort, replicaPort = 5433, 5434

// startPgPair makes the primary (initdb, wal_level replica), a database
// resale on it, and the replica; it skips the test when PostgreSQL's
// server programs are not installed.
func startPgPair(t *testing.T) *pgPair {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_basebackup")
	if len(bins) == 0 {
		t.Skip("PostgreSQL's server programs (initdb, pg_basebackup) are not installed")
	}
	p := &pgPair{t: t, bin: filepath.Dir(bins[len(bins)-1])}
	dir, err := os.MkdirTemp("", "resale-replica-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p.dir = dir
	if os.Geteuid() == 0 {
		p.as = []string{"runuser", "-u", "postgres", "--"}
		os.Chmod(dir, 0o777)
	}
	primary, replica := filepath.Join(dir, "primary"), filepath.Join(dir, "replica")
	p.cmd("initdb", "--no-sync", "-D", primary, "-A", "trust", "-U", "postgres")
	p.start(primary, primaryPort, "-c wal_level=replica -c max_wal_senders=4 -c fsync=off")
	p.cmd("createdb", "-h", dir, "-p", fmt.Sprint(primaryPort), "-U", "postgres", "resale")
	p.cmd("pg_basebackup", "--no-sync", "--checkpoint=fast", "-R", "-X", "stream", "-D", replica, "-h", dir, "-p", fmt.Sprint(primaryPort), "-U", "postgres")
	p.start(replica, replicaPort, "-c fsync=off")
	return p
}

func (p *pgPair) cmd(name string, args ...string) {
	p.t.Helper()
	argv := append(append([]string{}, p.as...), append([]string{filepath.Join(p.bin, name)}, args...)...)
	if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
		p.t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

// start starts the cluster in data on port, and stops it at the end.
func (p *pgPair) start(data string, port int, opts string) {
	p.t.Helper()
	p.cmd("pg_ctl", "-D", data, "-w", "-l", filepath.Join(data, "log"), "-o", fmt.Sprintf("-k %s -p %d -c listen_addresses='' %s", p.dir, port, opts), "start")
	p.t.Cleanup(func() { p.stop(data) })
}

// stop stops the cluster in data at once, if it runs.
func (p *pgPair) stop(data string) {
	argv := append(append([]string{}, p.as...), filepath.Join(p.bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop")
	exec.Command(argv[0], argv[1:]...).Run()
}

func (p *pgPair) url(port int) string {
	return fmt.Sprintf("postgres:///resale?host=%s&port=%d&user=postgres&sslmode=disable", p.dir, port)
}

// exec runs the statements on one connection to the cluster on port.
func (p *pgPair) exec(port int, stmts ...string) {
	p.t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, p.url(port))
	if err != nil {
		p.t.Fatal(err)
	}
	defer c.Close(ctx)
	for _, sql := range stmts {
		if _, err := c.Exec(ctx, sql); err != nil {
			p.t.Fatalf("%s: %v", sql, err)
		}
	}
}

// metric is the value of a series of the instance's /metrics.
func metric(t *testing.T, addr, name string) string {
	t.Helper()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return v
		}
	}
	return ""
}

// A read replica answers the public catalogue's reads: paused, it still
// answers with what it had, while the person who just changed the
// catalogue reads the primary; a change made through the shop is read by
// everyone at once (the replica is not used until it has replayed it);
// and with the replica stopped every read is answered by the primary.
func TestReadReplica(t *testing.T) {
	t.Parallel()
	start := time.Now()
	pg := startPgPair(t)
	t.Logf("%s: primary and replica running", time.Since(start))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	metricsAddr := freeAddr(t)
	in := startInstances(t, ctx, 1, map[string]string{
		"DATABASE_URL":          pg.url(primaryPort),
		"DATABASE_READ_URL":     pg.url(replicaPort),
		"DATABASE_READ_MAX_LAG": "1m", // the test's steps take seconds: no lag passes it
		"METRICS_ADDR":          metricsAddr,
		"JWT_SECRET":            strings.Repeat("s", 32),
	})[0]
	t.Logf("%s: the instance serves", time.Since(start))
	seller := signUp(t, in.base, "Sam Seller", "sam@example.com", "Seller")
	product, wrote := listLaptop(t, in, seller)
	t.Logf("%s: listed", time.Since(start))

	// the replica has replayed the listing and the instance knows it
	for deadline := time.Now().Add(15 * time.Second); metric(t, metricsAddr, "resale_read_replica_fresh") != "1"; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the replica never answered reads:\n%s", in.logs)
		}
	}
	t.Logf("%s: the replica answers", time.Since(start))
	pg.exec(replicaPort, "SELECT pg_wal_replay_pause()")
	// renamed behind the shop's back: triggers off, so no notice of the
	// change reaches the instance, and no fence
	pg.exec(primaryPort, "SET session_replication_role = replica", "UPDATE products SET product_name = 'HP ProBook 450 G8'")

	name := func(n int, cookie string) string {
		h := http.Header{}
		if cookie != "" {
			h.Set("Cookie", cookie)
		}
		// a list never asked before: made afresh, not a kept answer
		code, _, body := call(t, http.MethodGet, fmt.Sprintf("%s/api/products?category=HP&maxPrice=%d", in.base, 50000+n), "", nil, h)
		var list []struct {
			ID   string `json:"_id"`
			Name string `json:"productName"`
		}
		if code != http.StatusOK {
			t.Fatalf("list: %d %s", code, body)
		}
		mustDecode(t, body, &list)
		if len(list) != 1 || list[0].ID != product {
			t.Fatalf("list: %s", body)
		}
		return list[0].Name
	}
	before := metric(t, metricsAddr, "resale_read_replica_reads_total")
	if got := name(1, ""); got != "HP EliteBook 840 G5" {
		t.Errorf("a public read: %q, want the replica's HP EliteBook 840 G5", got)
	}
	if after := metric(t, metricsAddr, "resale_read_replica_reads_total"); after == before {
		t.Errorf("reads sent to the replica: %s before, %s after", before, after)
	}
	if got := name(2, wrote); got != "HP ProBook 450 G8" {
		t.Errorf("the writer's read (cookie %s): %q, want the primary's HP ProBook 450 G8", wrote, got)
	}

	checkChangeThroughShop(t, in, seller, product, func(n int) string { return name(n, "") })

	pg.stop(filepath.Join(pg.dir, "replica"))
	for n := range 5 {
		if got := name(20+n, ""); got != "HP ZBook" {
			t.Errorf("with the replica stopped: %q, want the primary's HP ZBook", got)
		}
	}
	if strings.Contains(in.logs.String(), "level=ERROR") {
		t.Errorf("errors logged:\n%s", in.logs)
	}
}

// listLaptop lists an HP laptop as seller through the shop and returns its
// id and the cookie that keeps the writer's reads on the primary.
func listLaptop(t *testing.T, in *instance, seller session) (id, cookie string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{
		"productName": "HP EliteBook 840 G5", "picture": seller.User.UserPhoto, "sellPrice": 38000, "orginalPrice": 95000,
		"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
	})
	code, h, body := call(t, http.MethodPost, in.base+"/api/products", seller.AccessToken, bytes.NewReader(b), http.Header{"Content-Type": {"application/json"}})
	if code != http.StatusCreated {
		t.Fatalf("add product: %d %s", code, body)
	}
	var product struct {
		InsertedID string `json:"insertedId"`
	}
	mustDecode(t, body, &product)
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == wroteCookieName && c.MaxAge >= 60 {
			return product.InsertedID, c.Name + "=" + c.Value
		}
	}
	t.Fatalf("no %s cookie lasting the max lag in %q", wroteCookieName, h.Values("Set-Cookie"))
	return "", ""
}

// wroteCookieName is api's wroteCookie.
const wroteCookieName = "resale_wrote"

// checkChangeThroughShop: the seller renames the laptop through the shop
// while the replica is paused; a public read without the cookie reads the
// new name at once, from the primary.
func checkChangeThroughShop(t *testing.T, in *instance, seller session, product string, name func(n int) string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"productName": "HP ZBook"})
	code, _, body := call(t, http.MethodPatch, in.base+"/api/products/"+product, seller.AccessToken, bytes.NewReader(b), http.Header{"Content-Type": {"application/json"}})
	if code != http.StatusOK {
		t.Fatalf("rename: %d %s", code, body)
	}
	if got := name(10); got != "HP ZBook" {
		t.Errorf("a public read after a change through the shop: %q, want HP ZBook", got)
	}
}
