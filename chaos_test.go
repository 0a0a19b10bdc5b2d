package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"resale/internal/testio"
)

// A PostgreSQL cluster of the test's own, which it may stop and start.
type cluster struct {
	t             *testing.T
	bin, dir, run string
	port          int
	as            []string // run as the postgres user when we are root
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		t.Skip("no initdb")
	}
	c := &cluster{t: t, bin: filepath.Dir(bins[len(bins)-1]), port: 55432}
	base, err := os.MkdirTemp("", "resale-chaos-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	c.dir, c.run = filepath.Join(base, "data"), filepath.Join(base, "run")
	os.MkdirAll(c.run, 0o777)
	if os.Geteuid() == 0 {
		c.as = []string{"runuser", "-u", "postgres", "--"}
		os.Chmod(base, 0o777)
		os.Chmod(c.run, 0o777)
	}
	c.cmd("initdb", "-D", c.dir, "-A", "trust", "-U", "postgres")
	c.cmd("pg_ctl", "-D", c.dir, "-w", "-l", filepath.Join(c.dir, "log"), "-o", fmt.Sprintf("-k %s -p %d -c listen_addresses=''", c.run, c.port), "start")
	t.Cleanup(func() { c.cmd("pg_ctl", "-D", c.dir, "-m", "immediate", "stop") })
	c.cmd("createdb", "-h", c.run, "-p", fmt.Sprint(c.port), "-U", "postgres", "resale")
	return c
}

func (c *cluster) cmd(name string, args ...string) {
	c.t.Helper()
	argv := append(append([]string{}, c.as...), append([]string{filepath.Join(c.bin, name)}, args...)...)
	if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
		c.t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

func (c *cluster) url() string {
	return fmt.Sprintf("postgres:///resale?host=%s&port=%d&user=postgres", c.run, c.port)
}

// The database restarts under load: meanwhile the API answers 503 with a
// message (never a 500 or a hang), and afterwards it recovers by itself.
// Run by `make chaos` (CHAOS=1).
func TestDatabaseRestartUnderLoad(t *testing.T) {
	if os.Getenv("CHAOS") == "" {
		t.Skip("set CHAOS=1 (make chaos) to restart a database under load")
	}
	c := newCluster(t)
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{"DATABASE_URL": c.url(), "ADDR": addr, "DATA_DIR": t.TempDir()}), io.Discard, &logs)
	}()
	base := "http://" + addr
	waitFor(t, base+"/api/health", 200)

	var ok, unavailable atomic.Int64
	var bad sync.Map
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			for {
				select {
				case <-stop:
					return
				default:
				}
				res, err := client.Get(base + "/api/categorys")
				if err != nil {
					bad.Store("transport: "+err.Error(), true)
					continue
				}
				var body map[string]any
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				switch {
				case res.StatusCode == 200:
					ok.Add(1)
				case res.StatusCode == 503 && json.Unmarshal(b, &body) == nil && body["message"] != "":
					unavailable.Add(1)
				default:
					bad.Store(fmt.Sprintf("%d %s", res.StatusCode, b), true)
				}
			}
		}()
	}
	time.Sleep(time.Second)
	c.cmd("pg_ctl", "-D", c.dir, "-m", "fast", "stop")
	time.Sleep(2 * time.Second)
	c.cmd("pg_ctl", "-D", c.dir, "-w", "-l", filepath.Join(c.dir, "log"), "-o", fmt.Sprintf("-k %s -p %d -c listen_addresses=''", c.run, c.port), "start")
	deadline := time.Now().Add(15 * time.Second)
	before := ok.Load()
	for ok.Load() < before+50 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	close(stop)
	wg.Wait()

	bad.Range(func(k, _ any) bool { t.Errorf("unexpected answer during the restart: %v", k); return true })
	if unavailable.Load() == 0 {
		t.Error("no 503 while the database was down")
	}
	if ok.Load() < before+50 {
		t.Fatalf("the server did not recover: %d answers after the restart", ok.Load()-before)
	}
	t.Logf("%d ok, %d unavailable", ok.Load(), unavailable.Load())
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d\n%s", code, logs.String())
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("errors logged:\n%s", logs.String())
	}
}

func waitFor(t *testing.T, url string, status int) {
	t.Helper()
	for deadline := time.Now().Add(startDeadline); time.Now().Before(deadline); {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == status {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never answered %d in %s", url, status, startDeadline)
}
