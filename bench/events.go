package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/auth"
	"resale/store"
)

// The live updates' budgets (issue 19, item 6).
const (
	idleStreams       = 2000
	idleStreamsBudget = 200 << 20 // bytes, for the 2,000 together
	latencyStreams    = 500
	latencyBudget     = 250 * time.Millisecond
	// the server takes at most 10 streams per user per instance
	streamsPerUser = 8
	// a fixed signing secret for the instances started here, so this
	// process can issue its users' access tokens as the servers would
	benchJWTSecret = "bench-secret-bench-secret-bench-secret-0123456789"
)

// eventsResult is the live updates' figures.
type eventsResult struct {
	// 2,000 idle streams on one instance
	streams                     int
	held                        time.Duration
	opened                      time.Duration // to open them all
	baseRSS, rss, hwm           int           // KB
	baseHeap, heap              float64       // bytes in use: heap objects
	baseStack, stack            float64       // and goroutine stacks
	baseGoroutines, goroutines  float64
	endedEarly, pings, refusals int

	// a message from POST on instance A to the seller's stream on B
	open            [2]int // streams on A and B
	sent, delivered int
	lost            int // not delivered within 5 s, or refused
	rate            float64
	p50, p95, p99   time.Duration
	max             time.Duration

	// the cost of sending, in transactions
	sends                   int
	sendCommits, authOnly   float64 // per request, less the idle rate
	wakeups                 float64 // commits of the listeners a NOTIFY wakes
	listeners               int     // connections listening on the database
	idleRate                float64 // commits per second with nothing asked
	oneXid, writesChecked   int     // sends whose rows all carry one transaction id
	eventsPerSend, noticeTx int
}

// instance is one bin/resale serve started for these measures.
type instance struct {
	cmd           *exec.Cmd
	base, metrics string
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// startInstance starts the binary on the benchmark's database, with its
// metrics on a loopback port of their own, and waits until it is ready.
func startInstance(bin string, env []string) (*instance, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	maddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(slices.Clone(env), "ADDR="+addr, "METRICS_ADDR="+maddr, "JWT_SECRET="+benchJWTSecret)
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	in := &instance{cmd: cmd, base: "http://" + addr, metrics: "http://" + maddr + "/metrics"}
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(10 * time.Millisecond) {
		if res, err := http.Get(in.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return in, nil
			}
		}
	}
	in.stop()
	return nil, fmt.Errorf("the server on %s never became ready", addr)
}

func (in *instance) pid() int { return in.cmd.Process.Pid }

func (in *instance) stop() {
	in.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { in.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		in.cmd.Process.Kill()
		<-done
	}
}

// gauges reads the named gauges from the instance's /metrics.
func (in *instance) gauges(names ...string) (map[string]float64, error) {
	res, err := http.Get(in.metrics)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if ok && slices.Contains(names, name) {
			out[name], _ = strconv.ParseFloat(value, 64)
		}
	}
	return out, sc.Err()
}

// benchUsers are accounts made in the database, with their access tokens.
type benchUser struct {
	store.User
	token string
}

func makeUsers(ctx context.Context, st *store.Store, prefix, role string, n int) ([]benchUser, error) {
	signer := auth.NewSigner(auth.DeriveKey([]byte(benchJWTSecret), "access-token"), nil)
	out := make([]benchUser, 0, n)
	for i := range n {
		u, err := st.CreateUser(ctx, store.NewUser{Name: fmt.Sprintf("%s %d", prefix, i), Email: fmt.Sprintf("%s%d@example.com", prefix, i), Role: role})
		if err != nil {
			return nil, err
		}
		token, err := signer.Issue(u.ID, u.TokenVersion)
		if err != nil {
			return nil, err
		}
		out = append(out, benchUser{User: u, token: token})
	}
	return out, nil
}

// api is a client for ordinary requests, kept apart from the streams'.
var api = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}

// call sends a JSON request with the token and decodes a JSON answer of
// the wanted status into out.
func call(method, url, token string, body any, want int, out any) error {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := api.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("%s %s answered %d: %s", method, url, res.StatusCode, bytes.TrimSpace(b))
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

func ticket(base, token string) (string, error) {
	var out struct {
		Ticket string `json:"ticket"`
	}
	err := call(http.MethodPost, base+"/api/events/ticket", token, nil, http.StatusOK, &out)
	return out.Ticket, err
}

// sseStream is one open stream, read line by line as an EventSource
// would, each event handed to onEvent as it completes.
type sseStream struct {
	cancel context.CancelFunc
	ended  chan struct{}
	pings  atomic.Int32
}

// streams is the client of every stream: a connection each.
var streams = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}

// errBusy is a 503: the instance is not hearing the database yet.
var errBusy = errors.New("503")

func openStream(base, ticket string, onEvent func(name, data string)) (*sseStream, error) {
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events?ticket="+ticket, nil)
	res, err := streams.Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		cancel()
		if res.StatusCode == http.StatusServiceUnavailable {
			return nil, errBusy
		}
		return nil, fmt.Errorf("stream answered %d: %s", res.StatusCode, bytes.TrimSpace(b))
	}
	s := &sseStream{cancel: cancel, ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		defer res.Body.Close()
		r := bufio.NewReaderSize(res.Body, 1024)
		var name, data string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			switch {
			case line == "":
				if name != "" && onEvent != nil {
					onEvent(name, data)
				}
				name, data = "", ""
			case strings.HasPrefix(line, ":"):
				s.pings.Add(1)
			case strings.HasPrefix(line, "event: "):
				name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				data = line[len("data: "):]
			}
		}
	}()
	return s, nil
}

func (s *sseStream) close() { s.cancel(); <-s.ended }

func (s *sseStream) isEnded() bool {
	select {
	case <-s.ended:
		return true
	default:
		return false
	}
}

// openStreams opens a stream for each of users (a user may come more than
// once) on base, workers at a time, each with a fresh ticket unless
// tickets are given; a 503 (the instance not hearing the database yet) is
// tried again.
func openStreams(base string, users []benchUser, tickets []string, workers int, onEvent func(u benchUser) func(name, data string)) ([]*sseStream, error) {
	out := make([]*sseStream, len(users))
	var next atomic.Int64
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(users) {
					return
				}
				var handler func(name, data string)
				if onEvent != nil {
					handler = onEvent(users[i])
				}
				var err error
				for try := 0; try < 100; try++ {
					t := ""
					if tickets != nil && try == 0 {
						t = tickets[i]
					} else if t, err = ticket(base, users[i].token); err != nil {
						break
					}
					if out[i], err = openStream(base, t, handler); !errors.Is(err, errBusy) {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	if first != nil {
		for _, s := range out {
			if s != nil {
				s.close()
			}
		}
		return nil, first
	}
	return out, nil
}

func closeStreams(ss []*sseStream) {
	var wg sync.WaitGroup
	for _, s := range ss {
		wg.Go(s.close)
	}
	wg.Wait()
}

// raiseOpenFiles lifts this process's open-files limit to its hard limit:
// thousands of streams are as many sockets.
func raiseOpenFiles() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}

// measureEvents measures the live updates on instances of their own,
// started on the benchmark's database:
//
//   - memory: one instance, 2,000 idle streams (8 for each of 250 users;
//     the server takes at most 10 per user), held for hold, more than a
//     heartbeat (25 s) so each stream has sent one and checked its
//     session; the server's resident memory (VmRSS) and Go heap and
//     stacks after, against a baseline read once the 2,000 tickets were
//     taken, just before the streams opened;
//   - delivery: two instances, 250 sellers streaming from B and their 250
//     buyers from A (500 streams); the buyers send messages through A at a
//     steady rate, each timed from just before its POST to its arrival on
//     the seller's stream;
//   - transactions: commits of the database (pg_stat_database) over sends
//     through A, against the same route refused before any work (what
//     authentication costs) and an idle spell, and the transaction id
//     (xmin) of every row each send wrote.
func measureEvents(bin string, env []string, dbURL string, hold time.Duration) (eventsResult, error) {
	var r eventsResult
	raiseOpenFiles()
	ctx := context.Background()
	pool, st, err := openStore(ctx, dbURL)
	if err != nil {
		return r, err
	}
	defer pool.Close()

	fmt.Printf("live updates: %d idle streams on one instance, held %s ...\n", idleStreams, hold)
	if err := measureIdleStreams(ctx, st, bin, env, hold, &r); err != nil {
		return r, fmt.Errorf("idle streams: %w", err)
	}
	fmt.Printf("live updates: messages from instance A to sellers streaming from B, %d streams open ...\n", latencyStreams)
	a, err := startInstance(bin, env)
	if err != nil {
		return r, err
	}
	defer a.stop()
	b, err := startInstance(bin, env)
	if err != nil {
		return r, err
	}
	defer b.stop()
	convs, buyers, sellers, err := measureDelivery(ctx, pool, st, a, b, &r)
	if err != nil {
		return r, fmt.Errorf("delivery: %w", err)
	}
	fmt.Println("live updates: transactions per message sent ...")
	if err := measureSendCost(ctx, pool, a, convs, buyers, sellers, &r); err != nil {
		return r, fmt.Errorf("transactions: %w", err)
	}
	// the messages' emails, due in ten minutes: the server measured next
	// would otherwise send them while its endpoints are timed
	if _, err := pool.Exec(ctx, "DELETE FROM river_job WHERE kind = 'send_email' AND state IN ('available', 'scheduled')"); err != nil {
		return r, err
	}
	return r, nil
}

func measureIdleStreams(ctx context.Context, st *store.Store, bin string, env []string, hold time.Duration, r *eventsResult) error {
	users, err := makeUsers(ctx, st, "idle", store.RoleBuyer, idleStreams/streamsPerUser)
	if err != nil {
		return err
	}
	in, err := startInstance(bin, env)
	if err != nil {
		return err
	}
	defer in.stop()
	var each []benchUser
	for range streamsPerUser {
		each = append(each, users...)
	}
	// the tickets first (a minute each): the requests' own memory is then
	// in the baseline
	tickets := make([]string, len(each))
	var wg sync.WaitGroup
	var next atomic.Int64
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(each); i = int(next.Add(1) - 1) {
				t, err := ticket(in.base, each[i].token)
				if err != nil {
					errs <- err
					return
				}
				tickets[i] = t
			}
		})
	}
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	time.Sleep(2 * time.Second)
	names := []string{"go_memstats_heap_inuse_bytes", "go_memstats_stack_inuse_bytes", "go_goroutines"}
	g, err := in.gauges(names...)
	if err != nil {
		return err
	}
	r.baseRSS = procStatusKB(in.pid(), "VmRSS:")
	r.baseHeap, r.baseStack, r.baseGoroutines = g[names[0]], g[names[1]], g[names[2]]

	start := time.Now()
	ss, err := openStreams(in.base, each, tickets, 32, nil)
	if err != nil {
		return err
	}
	defer closeStreams(ss)
	r.opened = time.Since(start)
	r.streams = len(ss)
	time.Sleep(hold)
	r.held = hold
	if g, err = in.gauges(names...); err != nil {
		return err
	}
	r.rss, r.hwm = procStatusKB(in.pid(), "VmRSS:"), procStatusKB(in.pid(), "VmHWM:")
	r.heap, r.stack, r.goroutines = g[names[0]], g[names[1]], g[names[2]]
	for _, s := range ss {
		if s.isEnded() {
			r.endedEarly++
		}
		r.pings += int(s.pings.Load())
	}
	return nil
}

// pending is a message on its way: sent at, and closed on arrival.
type pending struct {
	sent    time.Time
	took    time.Duration
	eventID string
	arrived chan struct{}
}

// measureDelivery times a message from its POST on instance A to the
// seller's stream on instance B, with latencyStreams streams open: a
// conversation per buyer and seller, then two messages from each buyer at
// a steady pace. It returns the conversations and their people for the
// measure of a send's cost.
func measureDelivery(ctx context.Context, pool *pgxpool.Pool, st *store.Store, a, b *instance, r *eventsResult) (convs []string, buyers, sellers []benchUser, err error) {
	n := latencyStreams / 2
	if convs, buyers, sellers, err = startConversations(ctx, pool, st, a, n); err != nil {
		return nil, nil, nil, err
	}
	waiting := &arrivals{inFlight: map[string]*pending{}}
	onB, err := openStreams(b.base, sellers, nil, 16, waiting.onSeller)
	if err != nil {
		return nil, nil, nil, err
	}
	defer closeStreams(onB)
	onA, err := openStreams(a.base, buyers, nil, 16, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	defer closeStreams(onA)
	r.open = [2]int{len(onA), len(onB)}
	time.Sleep(2 * time.Second)

	took, lost, elapsed := sendTimed(a, convs, buyers, waiting)
	total := 2 * n
	r.sent, r.delivered, r.lost = total, len(took), lost
	r.rate = float64(total) / elapsed.Seconds()
	if len(took) == 0 {
		return nil, nil, nil, fmt.Errorf("no message arrived")
	}
	slices.Sort(took)
	pct := func(p int) time.Duration { return took[min(len(took)-1, (len(took)*p+99)/100-1)] }
	r.p50, r.p95, r.p99, r.max = pct(50), pct(95), pct(99), took[len(took)-1]
	return convs, buyers, sellers, nil
}

// startConversations makes n sellers with a product each and n buyers,
// each buyer asking about one seller's product through instance A: the
// seller of convs[i] is sellers[i].
func startConversations(ctx context.Context, pool *pgxpool.Pool, st *store.Store, a *instance, n int) (convs []string, buyers, sellers []benchUser, err error) {
	if sellers, err = makeUsers(ctx, st, "liveseller", store.RoleSeller, n); err != nil {
		return
	}
	if buyers, err = makeUsers(ctx, st, "livebuyer", store.RoleBuyer, n); err != nil {
		return
	}
	var category int64
	if err := pool.QueryRow(ctx, "SELECT id FROM categories ORDER BY id LIMIT 1").Scan(&category); err != nil {
		return nil, nil, nil, err
	}
	convs = make([]string, n)
	for i, s := range sellers {
		p, err := st.CreateProduct(ctx, store.NewProduct{SellerID: s.ID, CategoryID: category, Name: fmt.Sprint("ThinkPad T480 #", i), Picture: "/categories/hp.svg",
			SellPrice: 38000, OriginalPrice: 80000, Condition: "good", Location: "Dhaka", Used: "3 years", Phone: "01700000000", Description: "A laptop for the bench."})
		if err != nil {
			return nil, nil, nil, err
		}
		var out struct {
			ID string `json:"_id"`
		}
		if err := call(http.MethodPost, a.base+"/api/conversations", buyers[i].token,
			map[string]string{"productId": strconv.FormatInt(p.ID, 10), "text": "Is it still available?"}, http.StatusCreated, &out); err != nil {
			return nil, nil, nil, err
		}
		convs[i] = out.ID
	}
	return convs, buyers, sellers, nil
}

// arrivals are the messages on their way, by conversation: an arrival is
// matched by its conversation, which has one message on its way at a time.
type arrivals struct {
	mu       sync.Mutex
	inFlight map[string]*pending
}

// expect notes a message about to be sent in conv.
func (as *arrivals) expect(conv string) *pending {
	p := &pending{arrived: make(chan struct{})}
	as.mu.Lock()
	as.inFlight[conv] = p
	p.sent = time.Now()
	as.mu.Unlock()
	return p
}

// onSeller is a seller's stream's handler: a message event closes the
// pending message of its conversation.
func (as *arrivals) onSeller(benchUser) func(name, data string) {
	return func(name, data string) {
		if name != "message" {
			return
		}
		at := time.Now()
		var d struct {
			ConversationID string `json:"conversationId"`
			ID             string `json:"id"`
		}
		if json.Unmarshal([]byte(data), &d) != nil {
			return
		}
		as.mu.Lock()
		p := as.inFlight[d.ConversationID]
		if p != nil {
			delete(as.inFlight, d.ConversationID)
		}
		as.mu.Unlock()
		if p != nil {
			p.took, p.eventID = at.Sub(p.sent), d.ID
			close(p.arrived)
		}
	}
}

// sendTimed sends two messages from each buyer, 25 a second (a busy hour
// of a shop many times over, on a two-core machine that also runs the
// database), and returns how long each took to arrive, how many were lost
// (refused, not arrived within 5 s, or arrived as another) and how long
// sending them all took.
func sendTimed(a *instance, convs []string, buyers []benchUser, as *arrivals) (took []time.Duration, lost int, elapsed time.Duration) {
	const perSecond = 25
	n := len(convs)
	total := 2 * n
	took = make([]time.Duration, 0, total)
	var lostN atomic.Int32
	var tookMu sync.Mutex
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / perSecond)
	start := time.Now()
	for i := range total {
		<-tick.C
		wg.Go(func() {
			k := i % n
			p := as.expect(convs[k])
			var out struct {
				ID string `json:"_id"`
			}
			err := call(http.MethodPost, a.base+"/api/conversations/"+convs[k]+"/messages", buyers[k].token,
				map[string]string{"text": fmt.Sprintf("Does the battery hold? (%d)", i)}, http.StatusCreated, &out)
			if err != nil {
				fmt.Fprintln(os.Stderr, "bench:", err)
				lostN.Add(1)
				return
			}
			select {
			case <-p.arrived:
				if p.eventID != out.ID {
					fmt.Fprintf(os.Stderr, "bench: message %s arrived as %s\n", out.ID, p.eventID)
					lostN.Add(1)
					return
				}
				tookMu.Lock()
				took = append(took, p.took)
				tookMu.Unlock()
			case <-time.After(5 * time.Second):
				lostN.Add(1)
			}
		})
	}
	tick.Stop()
	wg.Wait()
	return took, int(lostN.Load()), time.Since(start)
}

// commits is the benchmark database's committed transactions as the
// statistics have them. A backend reports its counts when it goes idle,
// but at most once a second, else within 10 s: the wait lets every count
// of what came before arrive.
func commits(ctx context.Context, pool *pgxpool.Pool) (int64, time.Time, error) {
	time.Sleep(11 * time.Second)
	var n int64
	c, err := pool.Acquire(ctx)
	if err != nil {
		return 0, time.Time{}, err
	}
	defer c.Release()
	if _, err := c.Exec(ctx, "SELECT pg_stat_clear_snapshot()"); err != nil {
		return 0, time.Time{}, err
	}
	err = c.QueryRow(ctx, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").Scan(&n)
	return n, time.Now(), err
}

// measureSendCost counts the database's commits per message sent through
// instance A, against the same route refused before any work, a NOTIFY
// alone and an idle spell, and checks that each send wrote its rows in one
// transaction.
func measureSendCost(ctx context.Context, pool *pgxpool.Pool, a *instance, convs []string, buyers, sellers []benchUser, r *eventsResult) error {
	// no stream is open now (their reads would commit too); each buyer has
	// sent three messages, of the 30 a minute allowed. Each seller reads
	// the thread first, so each send is the first of an unread burst: the
	// heaviest, with the seller's notification and its email job.
	const n = 250
	for k := range n {
		if err := call(http.MethodPut, a.base+"/api/conversations/"+convs[k]+"/read", sellers[k].token, nil, http.StatusOK, nil); err != nil {
			return err
		}
	}
	r.sends = n
	w, err := startCommitWindows(ctx, pool, n)
	if err != nil {
		return err
	}
	idle, idleFor, err := w.next(func(int) error { return nil })
	if err != nil {
		return err
	}
	r.idleRate = idle / idleFor.Seconds()
	// the same route, refused by its handler before any work: what the
	// middleware (authentication) commits
	refused, refusedFor, err := w.next(func(i int) error {
		k := i % len(buyers)
		return call(http.MethodPost, a.base+"/api/conversations/none/messages", buyers[k].token, map[string]string{"text": "?"}, http.StatusNotFound, nil)
	})
	if err != nil {
		return err
	}
	// a NOTIFY on the user events' channel, for user 0 (no one), alone in
	// its transaction: PostgreSQL has each connection listening on the
	// database read the queue in a transaction of its own, so every send
	// (whose events notify at its commit) wakes them too
	notified, notifiedFor, err := w.next(func(int) error {
		time.Sleep(5 * time.Millisecond) // about a send's pace
		_, err := pool.Exec(ctx, "SELECT pg_notify('user_events', '0:0')")
		return err
	})
	if err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'").Scan(&r.listeners); err != nil {
		return err
	}
	var ids []int64
	sent, sentFor, err := w.next(func(i int) error {
		k := i % len(buyers)
		var out struct {
			ID string `json:"_id"`
		}
		if err := call(http.MethodPost, a.base+"/api/conversations/"+convs[k]+"/messages", buyers[k].token,
			map[string]string{"text": fmt.Sprintf("Can we meet in Dhanmondi? (%d)", i)}, http.StatusCreated, &out); err != nil {
			return err
		}
		id, _ := strconv.ParseInt(out.ID, 10, 64)
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		return err
	}
	r.authOnly = (refused - r.idleRate*refusedFor.Seconds()) / n
	r.sendCommits = (sent - r.idleRate*sentFor.Seconds()) / n
	r.wakeups = (notified-r.idleRate*notifiedFor.Seconds())/n - 1
	return checkOneTransaction(ctx, pool, ids, r)
}

// commitWindows counts the database's commits over consecutive windows of
// n requests each: each window's closing count opens the next.
type commitWindows struct {
	ctx  context.Context
	pool *pgxpool.Pool
	n    int
	c0   int64
	t0   time.Time
}

func startCommitWindows(ctx context.Context, pool *pgxpool.Pool, n int) (*commitWindows, error) {
	c0, t0, err := commits(ctx, pool)
	if err != nil {
		return nil, err
	}
	return &commitWindows{ctx: ctx, pool: pool, n: n, c0: c0, t0: t0}, nil
}

// next does n requests and returns the commits counted since the last
// window closed, and over how long.
func (w *commitWindows) next(do func(i int) error) (float64, time.Duration, error) {
	for i := range w.n {
		if err := do(i); err != nil {
			return 0, 0, err
		}
	}
	c1, t1, err := commits(w.ctx, w.pool)
	d, took := float64(c1-w.c0), t1.Sub(w.t0)
	w.c0, w.t0 = c1, t1
	return d, took, err
}

// checkOneTransaction counts the sends (messages ids) whose rows all carry
// the id of the transaction that wrote them (xmin): the message, the
// events of both people, and the notification and its email job when the
// send made one.
func checkOneTransaction(ctx context.Context, pool *pgxpool.Pool, ids []int64, r *eventsResult) error {
	rows, err := pool.Query(ctx, `
SELECT m.xmin::text = ALL (SELECT e.xmin::text FROM user_events e
                           WHERE e.kind = 'message' AND e.data->>'id' = m.id::text AND e.data->>'conversationId' = m.conversation_id::text),
       (SELECT count(*) FROM user_events e WHERE e.kind = 'message' AND e.data->>'id' = m.id::text AND e.data->>'conversationId' = m.conversation_id::text),
       (SELECT count(*) FROM notifications n WHERE n.xmin = m.xmin)
         + (SELECT count(*) FROM user_events e WHERE e.kind = 'notification' AND e.xmin = m.xmin)
         + (SELECT count(*) FROM river_job j WHERE j.xmin = m.xmin)
FROM messages m WHERE m.id = ANY($1)`, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var same bool
		var evs, notes int
		if err := rows.Scan(&same, &evs, &notes); err != nil {
			return err
		}
		r.writesChecked++
		if same && evs == 2 {
			r.oneXid++
		}
		r.eventsPerSend = max(r.eventsPerSend, evs)
		r.noticeTx += notes
	}
	return rows.Err()
}

// lines are the live updates' figures as the results' lines, and whether
// every budget held.
func (r eventsResult) lines() ([]string, bool) {
	var out []string
	ok := true
	check := func(pass bool, format string, args ...any) {
		mark := "PASS"
		if !pass {
			mark, ok = "FAIL", false
		}
		out = append(out, fmt.Sprintf("- %s: %s", mark, fmt.Sprintf(format, args...)))
	}
	mb := func(kb int) float64 { return float64(kb) / 1024 }
	delta := (r.rss - r.baseRSS) * 1024
	check(delta < idleStreamsBudget && r.endedEarly == 0 && r.streams == idleStreams,
		"%d idle streams on one instance (%d users, %d each), held %s: resident memory %.1f MB from %.1f MB before them, +%.1f MB (%.1f KB a stream; peak %.1f MB); %d ended early (budget +200 MB)",
		r.streams, r.streams/streamsPerUser, streamsPerUser, r.held, mb(r.rss), mb(r.baseRSS), mb(r.rss-r.baseRSS),
		float64(delta)/1024/float64(max(r.streams, 1)), mb(r.hwm), r.endedEarly)
	out = append(out, fmt.Sprintf("  - of which Go heap in use %.1f → %.1f MB, goroutine stacks %.1f → %.1f MB, goroutines %.0f → %.0f (%.1f a stream); opened in %s, %d heartbeats received while held",
		r.baseHeap/(1<<20), r.heap/(1<<20), r.baseStack/(1<<20), r.stack/(1<<20), r.baseGoroutines, r.goroutines,
		(r.goroutines-r.baseGoroutines)/float64(max(r.streams, 1)), r.opened.Round(time.Millisecond), r.pings))
	check(r.p99 < latencyBudget && r.lost == 0,
		"a message from POST on instance A to the seller's stream on instance B, %d streams open (%d on A, %d on B): p50 %s, p95 %s, p99 %s, max %s over %d messages at %.0f a second; %d lost (budget p99 250 ms, none lost)",
		r.open[0]+r.open[1], r.open[0], r.open[1], ms(r.p50), ms(r.p95), ms(r.p99), ms(r.max), r.delivered, r.rate, r.lost)
	own := r.sendCommits - r.authOnly - r.wakeups
	check(own < 1.5 && r.oneXid == r.writesChecked && r.writesChecked == r.sends,
		"sending a message is one transaction: %.2f commits a send through POST, less %.2f for the same route refused before any work (authentication's one read) and %.2f for the listening connections its NOTIFY wakes (%d listening on the database, each reading the queue in a transaction; measured with a bare NOTIFY), leaves %.2f of its own, over %d sends; "+
			"each send's rows (its message and its %d message events, and the seller's notification, its event and its email job: %d such rows in all) carry one transaction id (xmin) in %d of %d (budget 1)",
		r.sendCommits, r.authOnly, r.wakeups, r.listeners, own, r.sends, r.eventsPerSend, r.noticeTx, r.oneXid, r.writesChecked)
	return out, ok
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

// writeEventsSection puts the live updates' figures in bench/results.md
// as their own section; it fails when a budget was missed.
func writeEventsSection(r eventsResult) error {
	lines, ok := r.lines()
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	section := fmt.Sprintf("\n## Live updates\n\nCommit %s, %s; bin/resale instances of their own on the benchmark's database, clients in the bench process (Go, a connection a stream). "+
		"Memory is the server's VmRSS (/proc) against a baseline read just before the streams opened, with the Go heap and stacks from its /metrics. "+
		"Transactions are the database's commits (pg_stat_database.xact_commit, each count read 11 s after the work so every backend has reported it) "+
		"less those of an idle spell of the same length (the job runner's), and the transaction id (xmin) of the rows each send wrote.\n\n%s\n",
		commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.Join(lines, "\n"))
	fmt.Print(section)
	if err := writeSection("Live updates", section); err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("live updates: a budget was missed (bench/results.md)")
	}
	return nil
}
