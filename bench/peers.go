package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"time"
)

// Side by side (#38): the same brand page served by nginx as a file (the
// kept answer's own bytes), by Resale kept and made afresh, and made
// afresh by an idiomatic Express 5 + pg peer (bench/peer) running the same
// query on the same database; /api/health is the floor. The ratios are the
// budget: Resale's kept answer at least 0.7 of nginx's, made afresh at
// least 5 times the peer's at 16 and at 64 connections and at least half
// of /api/health's, with at most 100 µs of the server's CPU a list; every
// answer 2xx.

// peerPath is the page measured side by side.
const peerPath = "/api/products?category=HP"

// sideBySide is one run's measures.
type sideBySide struct {
	nginx, kept, health result
	peer, afresh        map[int]result // by connections
	// cpuPerList: the server process's CPU (user and system) over the
	// lists it made afresh at 16 connections, per list
	cpuPerList                time.Duration
	encoding                  string
	bytes                     int
	nginxSkipped, peerSkipped string
}

// measureSideBySide measures the page on base (Resale on dbURL, process
// pid) beside nginx and the Express peer; a peer that cannot run (nginx or
// Node not installed) is skipped with the reason, and fails the run.
func measureSideBySide(base, dbURL string, pid int, unique string, d time.Duration) (sideBySide, error) {
	sb := sideBySide{peer: map[int]result{}, afresh: map[int]result{}}
	body, enc, err := keptBytes(base + peerPath)
	if err != nil {
		return sb, err
	}
	sb.encoding, sb.bytes = enc, len(body)
	if sb.nginx, err = measureNginx(body, enc, d); err != nil {
		sb.nginxSkipped = err.Error()
	}
	for _, m := range []struct {
		r    *result
		path string
	}{{&sb.kept, peerPath}, {&sb.health, "/api/health"}} {
		if *m.r, err = wrk(base+m.path, d, 64, ""); err != nil {
			return sb, fmt.Errorf("%s: %w", m.path, err)
		}
	}
	// the server's CPU while idle (its jobs at start: the suggestions'
	// first count), taken off what the lists are measured to cost
	idle, err := idleCPU(pid, 3*time.Second)
	if err != nil {
		return sb, err
	}
	for _, conns := range []int{16, 64} {
		before, err := processCPU(pid)
		if err != nil {
			return sb, err
		}
		start := time.Now()
		if sb.afresh[conns], err = wrk(base+peerPath, d, conns, unique); err != nil {
			return sb, fmt.Errorf("%s made afresh: %w", peerPath, err)
		}
		after, err := processCPU(pid)
		if err != nil {
			return sb, err
		}
		if lists := sb.afresh[conns].rps * d.Seconds(); conns == 16 && lists > 0 {
			busy := after - before - time.Duration(idle*float64(time.Since(start)))
			sb.cpuPerList = time.Duration(float64(max(busy, 0)) / lists)
		}
	}
	peer, stop, err := startPeer(dbURL)
	if err != nil {
		sb.peerSkipped = err.Error()
		return sb, nil
	}
	defer stop()
	for _, conns := range []int{16, 64} {
		if sb.peer[conns], err = wrk(peer+peerPath, d, conns, unique); err != nil {
			return sb, fmt.Errorf("the Express peer: %w", err)
		}
	}
	return sb, nil
}

// processCPU is the CPU time, user and system, process pid has used so
// far (/proc/pid/stat, in the kernel's clock ticks of 1/100 s).
func processCPU(pid int) (time.Duration, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// the fields after the command's name, which is in parentheses
	_, rest, ok := strings.Cut(string(stat), ") ")
	fields := strings.Fields(rest)
	if !ok || len(fields) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, stat)
	}
	var utime, stime int64
	if _, err := fmt.Sscan(fields[11]+" "+fields[12], &utime, &stime); err != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// idleCPU is the share of a core process pid uses over d with no request
// sent to it.
func idleCPU(pid int, d time.Duration) (float64, error) {
	before, err := processCPU(pid)
	if err != nil {
		return 0, err
	}
	time.Sleep(d)
	after, err := processCPU(pid)
	return float64(after-before) / float64(d), err
}

// keptBytes are the answer's bytes as a browser asking for gzip or brotli
// gets them, and their encoding.
func keptBytes(url string) ([]byte, string, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	res, err := http.DefaultTransport.RoundTrip(req) // as sent: not decompressed
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return body, res.Header.Get("Content-Encoding"), err
}

// measureNginx serves body as a file with its encoding from nginx (two
// workers, as the machine has two CPUs) and drives it as the kept answer
// is driven.
func measureNginx(body []byte, encoding string, d time.Duration) (result, error) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		if _, err = os.Stat("/usr/sbin/nginx"); err != nil {
			return result{}, errors.New("nginx is not installed (apt-get install nginx-light)")
		}
		bin = "/usr/sbin/nginx"
	}
	dir, err := os.MkdirTemp("", "resale-bench-nginx-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	addr, err := freeAddr()
	if err != nil {
		return result{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, "page"), body, 0o644); err != nil {
		return result{}, err
	}
	header := ""
	if encoding != "" {
		header = "add_header Content-Encoding " + encoding + ";"
	}
	conf := fmt.Sprintf(`worker_processes 2; daemon off; pid %[1]s/nginx.pid; error_log %[1]s/error.log;
events { worker_connections 4096; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000;
  client_body_temp_path %[1]s; proxy_temp_path %[1]s; fastcgi_temp_path %[1]s; uwsgi_temp_path %[1]s; scgi_temp_path %[1]s;
  server { listen %[2]s; location = /api/products { default_type application/json; %[3]s alias %[1]s/page; } } }
`, dir, addr, header)
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(conf), 0o644); err != nil {
		return result{}, err
	}
	cmd := exec.Command(bin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"))
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }() //nolint:errcheck
	if err := waitFor("http://" + addr + peerPath); err != nil {
		return result{}, fmt.Errorf("nginx: %w", err)
	}
	return wrk("http://"+addr+peerPath, d, 64, "")
}

// startPeer starts the Express peer (bench/peer, its packages installed by
// make bench) on dbURL and answers its base URL.
func startPeer(dbURL string) (string, func(), error) {
	if _, err := os.Stat("bench/peer/node_modules/express"); err != nil {
		return "", nil, errors.New("the Express peer's packages are not installed (npm ci --prefix bench/peer)")
	}
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command("node", "bench/peer/server.mjs")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "PORT="+port, "NODE_ENV=production")
	if u, err := user.Current(); err == nil && os.Getenv("PGUSER") == "" {
		// a URL without a user (scripts/dev-db's socket URL) means the
		// system user's role to libpq and pgx; node-postgres needs it said
		cmd.Env = append(cmd.Env, "PGUSER="+u.Username)
	}
	var said strings.Builder
	cmd.Stdout, cmd.Stderr = &said, &said
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() } //nolint:errcheck
	if err := waitFor("http://" + addr + peerPath); err != nil {
		stop()
		return "", nil, fmt.Errorf("the Express peer: %w; it said: %.500s", err, said.String())
	}
	return "http://" + addr, stop, nil
}

// waitFor waits up to thirty seconds for url to answer 200.
func waitFor(url string) error {
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(20 * time.Millisecond) {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("%s never answered 200", url)
}

// writeSideBySide writes the section and answers an error naming each
// ratio under its budget (a peer skipped fails too).
func writeSideBySide(products int, sb sideBySide, d time.Duration) error {
	title := "Side by side"
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s\n\nCommit %s, %s, %s products. A brand's first page (`%s`, %d bytes %s): nginx serving those bytes as a file, Resale's kept answer, Resale made afresh (a unique cursor each request) beside an idiomatic Express 5 + pg peer (bench/peer) running the same query on the same database, and Resale's `/api/health`. wrk, %s each.\n\n",
		title, commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), thousands(products), peerPath, sb.bytes, sb.encoding, d)
	b.WriteString("| what | connections | requests/s | p50 | p99 |\n|---|---|---|---|---|\n")
	row := func(name string, conns int, r result) {
		fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %s |\n", name, conns, r.rps, ms(r.p50), ms(r.p99))
	}
	row("nginx, the same bytes as a file", 64, sb.nginx)
	row("Resale, kept", 64, sb.kept)
	row("Resale, /api/health", 64, sb.health)
	for _, c := range []int{16, 64} {
		row("Resale, made afresh", c, sb.afresh[c])
		row("Express + pg, made afresh", c, sb.peer[c])
	}
	var bs budgets
	for _, p := range []struct{ name, skipped string }{{"nginx", sb.nginxSkipped}, {"the Express peer", sb.peerSkipped}} {
		if p.skipped == "" {
			bs.check(true, "%s was measured", p.name)
		} else {
			bs.check(false, "%s was measured (%s)", p.name, p.skipped)
		}
	}
	if sb.nginx.rps > 0 {
		bs.check(sb.kept.rps >= 0.7*sb.nginx.rps, "kept at %.2f of nginx (budget 0.70)", sb.kept.rps/sb.nginx.rps)
	}
	for _, c := range []int{16, 64} {
		if p := sb.peer[c]; p.rps > 0 {
			bs.check(sb.afresh[c].rps >= 5*p.rps, "made afresh at %d connections %.1f times the Express peer (budget 5)", c, sb.afresh[c].rps/p.rps)
		}
	}
	bs.check(sb.afresh[64].rps >= 0.5*sb.health.rps, "made afresh at %.2f of /api/health (budget 0.50)", sb.afresh[64].rps/sb.health.rps)
	bs.check(sb.cpuPerList > 0 && sb.cpuPerList <= 100*time.Microsecond, "the server's CPU per list made afresh (16 connections): %d µs (budget 100)", sb.cpuPerList.Microseconds())
	b.WriteString("\n" + strings.Join(bs, "\n") + "\n")
	fmt.Print(b.String())
	if err := writeSection(title, b.String()); err != nil {
		return err
	}
	return bs.err()
}
