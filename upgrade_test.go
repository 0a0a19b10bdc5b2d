package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"resale/internal/testio"
	"resale/store/storetest"
)

// buildResale builds the program with a version stamped in, as the
// Makefile does, into dir.
func buildResale(t *testing.T, dir, version string) string {
	t.Helper()
	out := filepath.Join(dir, "resale-"+version)
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-trimpath",
		"-ldflags=-X main.version="+version+" -X main.commit=test", "-o", out, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", version, err, b)
	}
	return out
}

// process is the real program running as a process of its own.
type process struct {
	cmd    *exec.Cmd
	logs   *testio.Buffer
	exited chan error
}

func startProcess(t *testing.T, bin string, vars map[string]string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin, "serve"), logs: &testio.Buffer{}, exited: make(chan error, 1)}
	for k, v := range vars {
		p.cmd.Env = append(p.cmd.Env, k+"="+v)
	}
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.exited
	})
	return p
}

// stop sends SIGTERM, as systemd does, and waits for a clean exit.
func (p *process) stop(t *testing.T, within time.Duration) {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		p.exited <- err // for the cleanup
		if err != nil {
			t.Errorf("exit: %v; logs:\n%s", err, p.logs)
		}
	case <-time.After(within):
		t.Fatalf("did not stop within %s; logs:\n%s", within, p.logs)
	}
}

// balancer is a load balancer in front of the instances, behaving as
// deploy/Caddyfile asks Caddy to: an upstream is used while its /readyz
// answers 200 (checked every interval); a request that could not be sent
// (the connection was refused) is tried on another upstream for up to
// tryFor, and so is an idempotent one whose connection broke; a POST
// whose bytes may have reached an instance is never sent twice.
type balancer struct {
	upstreams []*upstream
	next      atomic.Uint64
	transport *http.Transport
	tryFor    time.Duration
}

type upstream struct {
	url     *url.URL
	healthy atomic.Bool
	served  atomic.Int64
}

func newBalancer(addrs []string, interval, tryFor time.Duration) (*balancer, func()) {
	b := &balancer{tryFor: tryFor, transport: &http.Transport{MaxIdleConnsPerHost: 32, IdleConnTimeout: 30 * time.Second}}
	for _, a := range addrs {
		b.upstreams = append(b.upstreams, &upstream{url: &url.URL{Scheme: "http", Host: a}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	client := &http.Client{Timeout: interval, Transport: &http.Transport{DisableKeepAlives: true}}
	check := func() {
		for _, u := range b.upstreams {
			res, err := client.Get(u.url.String() + "/readyz")
			ok := err == nil && res.StatusCode == http.StatusOK
			if err == nil {
				res.Body.Close()
			}
			u.healthy.Store(ok)
		}
	}
	check()
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(interval):
				check()
			}
		}
	}()
	return b, cancel
}

// pick is the next healthy upstream, round robin, or nil.
func (b *balancer) pick() *upstream {
	n := b.next.Add(1)
	for i := range b.upstreams {
		u := b.upstreams[(int(n)+i)%len(b.upstreams)]
		if u.healthy.Load() {
			return u
		}
	}
	return nil
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	idempotent := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodPut || r.Method == http.MethodDelete
	deadline := time.Now().Add(b.tryFor)
	var lastErr error
	for time.Now().Before(deadline) {
		u := b.pick()
		if u == nil {
			lastErr = errors.New("no healthy upstream")
			time.Sleep(50 * time.Millisecond)
			continue
		}
		out := r.Clone(r.Context())
		out.RequestURI = ""
		out.URL.Scheme, out.URL.Host = u.url.Scheme, u.url.Host
		out.Body = io.NopCloser(bytes.NewReader(body))
		out.ContentLength = int64(len(body))
		out.Header.Set("X-Forwarded-For", "127.0.0.1")
		res, err := b.transport.RoundTrip(out)
		if err != nil {
			lastErr = err
			var op *net.OpError
			if notSent := errors.As(err, &op) && op.Op == "dial"; notSent || idempotent {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			break
		}
		u.served.Add(1)
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		io.Copy(w, res.Body)
		res.Body.Close()
		return
	}
	http.Error(w, "balancer: "+lastErr.Error(), http.StatusBadGateway)
}

// front is a load balancer in front of the instances at addrs: its
// address, and a wait until it sends requests to instance i again.
type front func(t *testing.T, addrs []string) (base string, untilUsed func(i int), served func() string)

// A rolling upgrade: two instances behind a balancer serve a steady load
// while each in turn is stopped with SIGTERM and started again as a newer
// build; not one request fails. The balancer is one in the test that does
// what deploy/Caddyfile asks of Caddy.
//
// The same runs behind Caddy itself (caddyForUpgrade), with the upstreams
// block of deploy/Caddyfile as it is but for the addresses. Both use the
// same two builds.
func TestRollingUpgradeLosesNoRequest(t *testing.T) {
	t.Parallel()
	start := time.Now()
	bins := t.TempDir()
	var oldBin, newBin string
	var builds sync.WaitGroup
	builds.Go(func() { oldBin = buildResale(t, bins, "v1.0.0") })
	builds.Go(func() { newBin = buildResale(t, bins, "v1.1.0") })
	builds.Wait()
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("built v1.0.0 and v1.1.0 in %s", time.Since(start).Round(time.Millisecond))
	t.Run("behind a balancer like Caddy", func(t *testing.T) {
		t.Parallel()
		rollingUpgrade(t, oldBin, newBin, "1s", inTestBalancer)
	})
	t.Run("behind Caddy", func(t *testing.T) {
		t.Parallel()
		caddy := caddyForUpgrade(t)
		// above the Caddyfile's 2 s health check interval
		rollingUpgrade(t, oldBin, newBin, "5s", caddyFront(caddy))
	})
}

// caddyForUpgrade finds a Caddy that retries every request it could not
// deliver: make test builds one (CADDY_BIN); else caddy on the PATH, if it
// is 2.7.5 or newer. Caddy 2.6 (Debian 12's) answers a POST or PUT 503 "no
// upstreams available" at once when it holds no instance healthy for a
// moment, where newer ones wait lb_try_duration for one (caddyserver/caddy
// #5838, fixed in 2.7.5): in a full run one PUT of 15,889 met that.
func caddyForUpgrade(t *testing.T) string {
	if bin := os.Getenv("CADDY_BIN"); bin != "" {
		return bin
	}
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Skip("no Caddy: make test-go builds one (CADDY_BIN)")
	}
	out, _ := exec.Command(caddy, "version").Output()
	if !caddyRetriesEveryMethod(string(out)) {
		t.Skipf("%s is %s; Caddy before 2.7.5 fails a POST that finds no healthy instance (make test-go builds a newer one)", caddy, strings.TrimSpace(string(out)))
	}
	return caddy
}

// caddyRetriesEveryMethod tells from `caddy version`'s answer whether it is
// 2.7.5 or newer.
func caddyRetriesEveryMethod(version string) bool {
	m := regexp.MustCompile(`^v2\.(\d+)\.(\d+)`).FindStringSubmatch(strings.TrimSpace(version))
	if m == nil {
		return false
	}
	minor, _ := strconv.Atoi(m[1])
	patch, _ := strconv.Atoi(m[2])
	return minor > 7 || minor == 7 && patch >= 5
}

// inTestBalancer is the test's own balancer (newBalancer) as a front.
func inTestBalancer(t *testing.T, addrs []string) (string, func(int), func() string) {
	lb, stopChecks := newBalancer(addrs, 100*time.Millisecond, 5*time.Second)
	t.Cleanup(stopChecks)
	srv := &http.Server{Handler: lb}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	untilUsed := func(i int) {
		for !lb.upstreams[i].healthy.Load() {
			time.Sleep(20 * time.Millisecond)
		}
	}
	served := func() string {
		return fmt.Sprintf("served by instance 0: %d, instance 1: %d", lb.upstreams[0].served.Load(), lb.upstreams[1].served.Load())
	}
	return "http://" + ln.Addr().String(), untilUsed, served
}

// caddyFront runs Caddy in front, with deploy/Caddyfile's upstreams block.
func caddyFront(caddy string) front {
	return func(t *testing.T, addrs []string) (string, func(int), func() string) {
		deployed, err := os.ReadFile(filepath.Join("deploy", "Caddyfile"))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?s)\n\(resale_upstreams\) \{\n(.*?)\n\}\n`).FindSubmatch(deployed)
		if m == nil {
			t.Fatal("deploy/Caddyfile has no (resale_upstreams) snippet")
		}
		block := regexp.MustCompile(`(?m)^\tto .*$`).ReplaceAllString(string(m[1]), "\tto "+strings.Join(addrs, " "))
		if !strings.Contains(block, "to "+addrs[0]) {
			t.Fatalf("no `to` line in the snippet:\n%s", m[1])
		}
		addr := freeAddr(t)
		conf := filepath.Join(t.TempDir(), "Caddyfile")
		os.WriteFile(conf, []byte("{\n\tadmin off\n\tauto_https off\n}\n\nhttp://"+addr+" {\n\treverse_proxy {\n"+block+"\n\t}\n}\n"), 0o600)
		cmd := exec.Command(caddy, "run", "--config", conf, "--adapter", "caddyfile")
		logs := &testio.Buffer{}
		cmd.Stdout, cmd.Stderr = logs, logs
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
			if t.Failed() {
				t.Logf("caddy:\n%s", logs)
			}
		})
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("caddy did not listen:\n%s", logs)
			}
		}
		// Caddy's next health checks see the new instance: two intervals
		untilUsed := func(int) { time.Sleep(4 * time.Second) }
		return "http://" + addr, untilUsed, func() string { return "through Caddy" }
	}
}

// rollingUpgrade runs the upgrade from oldBin to newBin behind a front,
// with the instances' SHUTDOWN_DRAIN set to drain.
func rollingUpgrade(t *testing.T, oldBin, newBin, drain string, newFront front) {
	shared := map[string]string{
		"DATABASE_URL": storetest.EmptyURL(t),
		"JWT_SECRET":   strings.Repeat("s", 32),
		// both instances on one machine share the photo folder
		"UPLOAD_DIR":       filepath.Join(t.TempDir(), "uploads"),
		"TRUSTED_PROXIES":  "127.0.0.1",
		"SHUTDOWN_DRAIN":   drain,
		"SHUTDOWN_TIMEOUT": "10s",
		"PATH":             os.Getenv("PATH"),
	}
	addrs := []string{freeAddr(t), freeAddr(t)}
	varsOf := func(i int) map[string]string {
		m := map[string]string{"ADDR": addrs[i], "DATA_DIR": t.TempDir()}
		for k, v := range shared {
			m[k] = v
		}
		return m
	}
	procs := []*process{startProcess(t, oldBin, varsOf(0)), startProcess(t, oldBin, varsOf(1))}
	for _, a := range addrs {
		waitReady(t, "http://"+a)
	}
	base, untilUsed, served := newFront(t, addrs)
	load := newUpgradeLoad(base, browsableShop(t, base))
	load.checkAllPass(t)

	loadCtx, stopLoad := context.WithCancel(context.Background())
	var clients sync.WaitGroup
	load.run(loadCtx, &clients)
	upgrade := func(i int) {
		time.Sleep(time.Second)
		start := time.Now()
		procs[i].stop(t, 15*time.Second)
		t.Logf("instance %d stopped in %s", i, time.Since(start).Round(time.Millisecond))
		procs[i] = startProcess(t, newBin, varsOf(i))
		waitReady(t, "http://"+addrs[i])
		untilUsed(i)
	}
	upgrade(0)
	upgrade(1)
	time.Sleep(time.Second)
	stopLoad()
	clients.Wait()

	load.failures.Range(func(k, v any) bool {
		t.Errorf("failed %d times: %s", v.(*atomic.Int64).Load(), k)
		return true
	})
	t.Logf("%d requests, %d failed; %s", load.total.Load(), load.failed.Load(), served())
	if load.total.Load() < 200 {
		t.Errorf("only %d requests made: the load did not run", load.total.Load())
	}
	for i, p := range procs {
		if !strings.Contains(p.logs.String(), "version=v1.1.0") {
			t.Errorf("instance %d does not run the new build; logs:\n%s", i, p.logs)
		}
		if strings.Contains(p.logs.String(), "level=ERROR") {
			t.Errorf("instance %d logged errors:\n%s", i, p.logs)
		}
	}
	for _, p := range procs {
		p.stop(t, 15*time.Second)
	}
}

// browseShop is a shop to browse: a seller with two laptops, a buyer who
// writes about the first.
type browseShop struct {
	seller, buyer session
	products      []string
	conversation  string
}

func browsableShop(t *testing.T, base string) browseShop {
	t.Helper()
	s := browseShop{
		seller: signUp(t, base, "Sam Seller", "sam@example.com", "Seller"),
		buyer:  signUp(t, base, "Bea Buyer", "bea@example.com", "Buyer"),
	}
	for i := range 2 {
		code, body := postJSON(t, base+"/api/products", s.seller.AccessToken, map[string]any{
			"productName": fmt.Sprintf("HP EliteBook 84%d G5", i), "picture": s.seller.User.UserPhoto, "sellPrice": 38000, "orginalPrice": 95000,
			"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
		})
		if code != http.StatusCreated {
			t.Fatalf("product: %d %s", code, body)
		}
		var p struct {
			InsertedID string `json:"insertedId"`
		}
		mustDecode(t, body, &p)
		s.products = append(s.products, p.InsertedID)
	}
	code, body := postJSON(t, base+"/api/conversations", s.buyer.AccessToken, map[string]any{"productId": s.products[0], "text": "Hello"})
	if code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("conversation: %d %s", code, body)
	}
	var conv struct {
		ID string `json:"_id"`
	}
	mustDecode(t, body, &conv)
	s.conversation = conv.ID
	return s
}

// loadRequest is one request of the load and the status it must get.
type loadRequest struct {
	method, path, token string
	body                string
	status              int
}

// upgradeLoad is the load on the shop during the upgrade: 8 clients
// reading pages, lists and products, marking notifications read (a PUT,
// idempotent) and, now and then, taking a ticket for live updates and
// sending a message (POSTs, which the balancer never sends twice). It
// counts the requests made and each kind of failure.
type upgradeLoad struct {
	base            string
	client          *http.Client
	reads           []loadRequest
	message, ticket loadRequest
	total, failed   atomic.Int64
	failures        sync.Map // what failed, with the count of each
}

func newUpgradeLoad(base string, s browseShop) *upgradeLoad {
	return &upgradeLoad{
		base:   base,
		client: &http.Client{Timeout: 10 * time.Second},
		reads: []loadRequest{
			{"GET", "/", "", "", 200},
			{"GET", "/api/products", "", "", 200},
			{"GET", "/api/products?category=HP&sort=price_asc", "", "", 200},
			{"GET", "/api/products/" + s.products[1], "", "", 200},
			{"GET", "/product/" + s.products[0], "", "", 200},
			{"GET", "/api/categorys", "", "", 200},
			{"GET", s.seller.User.UserPhoto, "", "", 200},
			{"PUT", "/api/notifications/read", s.seller.AccessToken, `{"all": true}`, 200},
		},
		message: loadRequest{"POST", "/api/conversations/" + s.conversation + "/messages", s.buyer.AccessToken, `{"text": "Still for sale?"}`, 201},
		ticket:  loadRequest{"POST", "/api/events/ticket", s.buyer.AccessToken, "", 200},
	}
}

// do makes one request and counts it, and its failure if it fails.
func (l *upgradeLoad) do(w loadRequest) {
	req, _ := http.NewRequest(w.method, l.base+w.path, strings.NewReader(w.body))
	if w.token != "" {
		req.Header.Set("Authorization", "Bearer "+w.token)
	}
	if w.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	l.total.Add(1)
	res, err := l.client.Do(req)
	what := ""
	if err != nil {
		what = err.Error()
	} else {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != w.status && !(w.method == "PUT" && res.StatusCode == http.StatusNoContent) {
			what = fmt.Sprintf("%d %.200s", res.StatusCode, b)
		}
	}
	if what != "" {
		l.failed.Add(1)
		n, _ := l.failures.LoadOrStore(w.method+" "+w.path+": "+what, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
	}
}

// checkAllPass makes each of the load's requests once, before any
// restart: none may fail. The count starts again after.
func (l *upgradeLoad) checkAllPass(t *testing.T) {
	t.Helper()
	for _, w := range append(l.reads, l.message, l.ticket) {
		l.do(w)
	}
	if l.failed.Load() != 0 {
		l.failures.Range(func(k, v any) bool { t.Logf("%s (%d)", k, v.(*atomic.Int64).Load()); return true })
		t.Fatal("the load's requests fail before any restart")
	}
	l.total.Store(0)
}

// run starts the 8 clients in clients until ctx ends.
func (l *upgradeLoad) run(ctx context.Context, clients *sync.WaitGroup) {
	for c := range 8 {
		clients.Go(func() {
			var lastMessage, lastTicket time.Time
			for i := 0; ctx.Err() == nil; i++ {
				if c == 0 && time.Since(lastMessage) > 2500*time.Millisecond {
					lastMessage = time.Now()
					l.do(l.message) // 24 a minute, under the 30 a sender may send
					continue
				}
				if c == 1 && time.Since(lastTicket) > 4*time.Second {
					lastTicket = time.Now()
					l.do(l.ticket) // 15 a minute, under the 20 unused an account may hold
					continue
				}
				l.do(l.reads[(c+i)%len(l.reads)])
			}
		})
	}
}

// waitReady waits for base's /readyz to answer 200, for up to 90 s (a
// loaded machine migrating an empty database under -race is slow).
func waitReady(t *testing.T, base string) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); ; {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s/readyz never answered 200 (last: %v)", base, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// At SIGTERM with SHUTDOWN_DRAIN set, the server goes on serving for that
// long, /readyz answering 503 and every answer closing its connection,
// and only then stops listening.
func TestShutdownDrain(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"-1s", "10m", "soon"} {
		if _, err := loadConfig(env(map[string]string{"SHUTDOWN_DRAIN": bad})); err == nil || !strings.HasPrefix(err.Error(), "SHUTDOWN_DRAIN: ") {
			t.Errorf("SHUTDOWN_DRAIN=%s: %v", bad, err)
		}
	}
	if c, err := loadConfig(env(nil)); err != nil || c.ShutdownDrain != 0 {
		t.Errorf("default: %v %v, want 0 (one instance has nobody to drain to)", c.ShutdownDrain, err)
	}

	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &testio.Buffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL": storetest.URL(t), "ADDR": addr, "DATA_DIR": t.TempDir(), "SHUTDOWN_DRAIN": "2s",
		}), io.Discard, logs)
	}()
	base := "http://" + addr
	waitReady(t, base)
	get := func(path string) (*http.Response, error) {
		res, err := http.Get(base + path)
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return res, err
	}
	if res, err := get("/api/categorys"); err != nil || res.StatusCode != 200 || res.Close {
		t.Fatalf("before: %v %v", res, err)
	}
	stopped := time.Now()
	cancel()
	time.Sleep(200 * time.Millisecond)
	for time.Since(stopped) < 1500*time.Millisecond {
		if res, err := get("/readyz"); err != nil || res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("/readyz while draining: %v %v", res, err)
		}
		res, err := get("/api/categorys")
		if err != nil || res.StatusCode != http.StatusOK || !res.Close {
			t.Fatalf("a request while draining: %v %v; want 200 with Connection: close", res, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, logs)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("did not stop:\n%s", logs)
	}
	if took := time.Since(stopped); took < 2*time.Second {
		t.Errorf("stopped %s after the signal, before the 2 s drain", took)
	}
	if _, err := get("/livez"); err == nil {
		t.Error("still listening after it stopped")
	}
	if !strings.Contains(logs.String(), "serving on while load balancers notice") {
		t.Errorf("the drain is not logged:\n%s", logs)
	}
}

func TestCaddyVersionCheck(t *testing.T) {
	for version, want := range map[string]bool{
		"v2.6.2 h1:wKoFIxpmOJLGl3QXoo6PNbYvGW4xLEgo32GPBEjWL8o=": false,
		"v2.7.4 h1:J8nisjdOxnYHXlorUKXY75Gr6iBfudfoGhrJ8t7/flI=": false,
		"v2.7.5":  true,
		"v2.11.9": true,
		"unknown": false,
		"":        false,
	} {
		if got := caddyRetriesEveryMethod(version); got != want {
			t.Errorf("caddyRetriesEveryMethod(%q) = %v, want %v", version, got, want)
		}
	}
}
