package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/api"
	"resale/auth"
	"resale/jobs"
	"resale/mail"
	"resale/mail/mailtest"
	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

// trustingServerWith is trustingServer (X-Forwarded-For believed from
// the test requests' peer) with more options.
func trustingServerWith(t *testing.T, edit func(*api.Options)) *testServer {
	t.Helper()
	base := newTestServer(t)
	_, proxy, _ := net.ParseCIDR("192.0.2.0/24")
	s := newTestServerWith(t, base.store, func(o *api.Options) {
		o.TrustedProxies = []*net.IPNet{proxy}
		o.RequestTimeout = time.Minute
		if edit != nil {
			edit(o)
		}
	})
	s.pool = base.pool
	return s
}

// postJSONFrom posts v as JSON from client address ip.
func (s *testServer) postJSONFrom(ip, path string, v any) *httptest.ResponseRecorder {
	s.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.do(http.MethodPost, path, strings.NewReader(string(b)), http.Header{"Content-Type": {"application/json"}, "X-Forwarded-For": {ip}})
}

// resetLink makes a live reset link for the account, as forgot would,
// and returns its token.
func (s *testServer) resetLink(id string) string {
	s.t.Helper()
	userID, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		s.t.Fatal(err)
	}
	tokens := auth.NewAccountTokens(testKey)
	salt, hash := tokens.New()
	if _, err := s.store.CreateAccountToken(context.Background(), store.NewAccountToken{UserID: userID, Purpose: store.PurposeResetPassword, Salt: salt, Hash: hash}); err != nil {
		s.t.Fatal(err)
	}
	return tokens.Token(salt)
}

// Issue #31 F1: made-up reset tokens are refused before any password is
// hashed, so a flood of them leaves the hasher to log-ins; one address
// gets few tries (then 429), and a real link gets few hashes however many
// use it at once, and works once.
func TestBogusResetsHashNothing(t *testing.T) {
	t.Parallel()
	h := auth.NewHasher(2)
	s := trustingServerWith(t, func(o *api.Options) { o.Hasher = h })
	const home = "198.51.100.7"
	owner := s.signup("Rahim", "rahim@example.com", "Buyer")
	if rec := s.loginFrom(home, "rahim@example.com", "correct horse battery"); rec.Code != http.StatusOK {
		t.Fatalf("log-in: %d %s", rec.Code, rec.Body)
	}

	checkBogusResetFlood(t, s, h, home)
	checkOneLinkAtOnce(t, s, h, home, owner.User.ID)
}

// checkBogusResetFlood: 60 made-up tokens from as many addresses and 60
// from one, at once, hash no password; the owner's log-in meanwhile
// works; the one address is throttled.
func checkBogusResetFlood(t *testing.T, s *testServer, h *auth.Hasher, home string) {
	t.Helper()
	before := h.Computed()
	const many = 60
	bogus := map[string]string{"token": strings.Repeat("A", 43), "password": "Entirely-new-pass-77"}
	var (
		wg                sync.WaitGroup
		mu                sync.Mutex
		spread, oneSource = map[int]int{}, map[int]int{}
		start             = make(chan struct{})
	)
	for i := range many {
		wg.Add(2)
		go func() { // each from an address of its own
			defer wg.Done()
			<-start
			code := s.postJSONFrom("203.0.113."+strconv.Itoa(i+1), "/api/auth/reset", bogus).Code
			mu.Lock()
			spread[code]++
			mu.Unlock()
		}()
		go func() { // all from one
			defer wg.Done()
			<-start
			code := s.postJSONFrom("198.51.100.66", "/api/auth/reset", bogus).Code
			mu.Lock()
			oneSource[code]++
			mu.Unlock()
		}()
	}
	close(start)
	loginStart := time.Now()
	during := s.loginFrom(home, "rahim@example.com", "correct horse battery")
	loginTook := time.Since(loginStart)
	wg.Wait()
	if during.Code != http.StatusOK {
		t.Errorf("the owner's log-in during the flood: %d %s", during.Code, during.Body)
	}
	t.Logf("log-in during %d made-up resets took %v", 2*many, loginTook)
	if got := h.Computed() - before; got != 1 {
		t.Errorf("passwords hashed during the flood: %d, want 1 (the log-in's)", got)
	}
	if spread[http.StatusBadRequest] != many {
		t.Errorf("made-up tokens from %d addresses: %v, want all 400", many, spread)
	}
	if oneSource[http.StatusBadRequest] != 10 || oneSource[http.StatusTooManyRequests] != many-10 {
		t.Errorf("made-up tokens from one address: %v, want 10 × 400 then 429", oneSource)
	}
	rec := s.postJSONFrom("198.51.100.66", "/api/auth/reset", bogus)
	if e := wantError(t, rec, http.StatusTooManyRequests, "throttled"); rec.Header().Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After: %+v", e)
	}

}

// checkOneLinkAtOnce: a real link used ten times at once is hashed at
// most five times and resets the password once.
func checkOneLinkAtOnce(t *testing.T, s *testServer, h *auth.Hasher, home, userID string) {
	t.Helper()
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	token := s.resetLink(userID)
	before := h.Computed()
	codes := map[int]int{}
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := s.postJSONFrom("198.51.100."+strconv.Itoa(100+i), "/api/auth/reset", map[string]string{"token": token, "password": "a brand new passphrase"}).Code
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[http.StatusOK] != 1 || codes[http.StatusOK]+codes[http.StatusBadRequest]+codes[http.StatusTooManyRequests] != 10 {
		t.Errorf("one link used ten times at once: %v, want one 200", codes)
	}
	if got := h.Computed() - before; got > 5 {
		t.Errorf("one link hashed %d times, want at most 5", got)
	}
	if rec := s.loginFrom(home, "rahim@example.com", "a brand new passphrase"); rec.Code != http.StatusOK {
		t.Errorf("the new password: %d", rec.Code)
	}
}

// trustingMailShop is a mailShop (real job queue, in-test SMTP server)
// that believes X-Forwarded-For from the test requests' peer; pool, when
// not nil, is the pool its requests use, and the jobs get a pool of their
// own on its database (as in production).
func trustingMailShop(t *testing.T, pool *pgxpool.Pool) *mailShop {
	t.Helper()
	jobsPool := pool
	if pool == nil {
		pool = storetest.Pool(t)
		jobsPool = pool
	} else {
		var err error
		if jobsPool, err = pgxpool.New(context.Background(), pool.Config().ConnString()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(jobsPool.Close)
	}
	st := store.New(pool)
	_, proxy, _ := net.ParseCIDR("192.0.2.0/24")
	s := newTestServerWith(t, st, func(o *api.Options) {
		o.MailConfigured = true
		o.TrustedProxies = []*net.IPNet{proxy}
		o.RequestTimeout = time.Minute
	})
	s.pool = pool
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	cfg, err := mail.ParseURL(fmt.Sprintf("smtp://%s", srv.Addr))
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLSConfig = srv.ClientTLS
	cfg.Timeout = 5 * time.Second
	from, _ := mail.ParseFrom("Laptop Haat <shop@example.com>")
	r, err := jobs.New(jobsPool, jobs.Options{
		Store: store.New(jobsPool), Logger: slog.New(slog.DiscardHandler), Mail: mail.NewSMTP(cfg, from), Unsubscribe: notify.NewUnsubscriber(testKey),
		PublicURL: &url.URL{Scheme: "https", Host: "shop.example.com"}, Secret: testKey, TestOnly: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = r.Stop(ctx)
	})
	return &mailShop{testServer: s, smtp: srv}
}

// jobsDone waits until n jobs of kind have completed.
func (s *testServer) jobsDone(kind string, n int) {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var done int
		if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, kind).Scan(&done); err != nil {
			s.t.Fatal(err)
		}
		if done >= n {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%d %s jobs completed, want %d", done, kind, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Issue #31 F4: strangers asking reset links for the owner's address
// from many addresses get the same 202 but cannot block the owner: past
// the account's budget nothing more is mailed (silently), the owner at an
// address they signed in from still gets a link, and a link mailed
// earlier still works. An address asking too often gets 429.
func TestForgotCannotBeTurnedAgainstTheOwner(t *testing.T) {
	t.Parallel()
	m := trustingMailShop(t, nil)
	const owner, home = "admin@example.com", "198.51.100.7"
	m.signup("Owner", owner, "Buyer")
	if rec := m.loginFrom(home, owner, "correct horse battery"); rec.Code != http.StatusOK {
		t.Fatalf("log-in at home: %d", rec.Code)
	}
	m.link(1, owner) // the welcome email
	forgot := func(ip string) {
		t.Helper()
		if rec := m.postJSONFrom(ip, "/api/auth/forgot", map[string]string{"email": owner}); rec.Code != http.StatusAccepted {
			t.Fatalf("forgot from %s: %d %s", ip, rec.Code, rec.Body)
		}
	}
	// the owner, travelling, asks once: the first link
	forgot("198.51.100.50")
	_, first := m.link(2, owner)
	// strangers from five addresses: all answered alike; two more links
	// go out (the budget is three), then none
	for i := 1; i <= 5; i++ {
		forgot("203.0.113." + strconv.Itoa(i))
	}
	m.jobsDone("forgot_password", 6)
	m.smtp.Wait(t, 4, 15*time.Second)
	// the owner at home is not counted against the budget: a link
	forgot(home)
	_, fromHome := m.link(5, owner)
	// elsewhere, past the budget: answered alike, nothing sent
	forgot("198.51.100.51")
	m.jobsDone("forgot_password", 8)
	m.jobsDone("send_account_email", 5)
	if n := len(m.smtp.Messages()); n != 5 {
		t.Errorf("emails: %d, want 5 (welcome, three links, the one from home)", n)
	}
	// the links mailed keep working: later asks did not end them
	if first == fromHome {
		t.Fatal("two asks gave one link")
	}
	if rec := m.postJSON("/api/auth/reset", "", map[string]string{"token": first, "password": "a brand new passphrase"}); rec.Code != http.StatusOK {
		t.Errorf("the first link after the strangers' asks: %d %s", rec.Code, rec.Body)
	}

	// the per-address budget answers 429, for any email
	for range 10 {
		forgot("203.0.113.99")
	}
	rec := m.postJSONFrom("203.0.113.99", "/api/auth/forgot", map[string]string{"email": "nobody@example.com"})
	if e := wantError(t, rec, http.StatusTooManyRequests, "throttled"); e.Message != "Too many password resets asked for. Try again in a minute." {
		t.Errorf("429: %q", e.Message)
	}
}

// sqlRecorder keeps the statements a pool sends while on.
type sqlRecorder struct {
	mu  sync.Mutex
	on  bool
	sql []string
}

func (r *sqlRecorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	// River wakes its workers after an insert at most once a second per
	// queue: whether a request sends that depends on the clock only
	if r.on && !strings.Contains(d.SQL, "name: PGNotifyMany") {
		r.sql = append(r.sql, d.SQL)
	}
	return ctx
}

func (r *sqlRecorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// record runs f and returns the statements it sent.
func (r *sqlRecorder) record(f func()) []string {
	r.mu.Lock()
	r.on, r.sql = true, nil
	r.mu.Unlock()
	f()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on = false
	return r.sql
}

// Issue #31 F13: forgot-password runs the very same statements for a
// registered address and an unknown one (it counts the client address
// and queues one job), so its time tells nothing; the job then mails the
// account, and for the unknown address does nothing.
func TestForgotDoesTheSameWorkForEveryAddress(t *testing.T) {
	t.Parallel()
	cfg, err := pgxpool.ParseConfig(storetest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	rec := &sqlRecorder{}
	cfg.ConnConfig.Tracer = rec
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	m := trustingMailShop(t, pool)
	m.signup("Rahim", "rahim@example.com", "Buyer")
	m.link(1, "rahim@example.com")

	ask := func(ip, email string) []string {
		return rec.record(func() {
			if r := m.postJSONFrom(ip, "/api/auth/forgot", map[string]string{"email": email}); r.Code != http.StatusAccepted {
				t.Fatalf("forgot %s: %d %s", email, r.Code, r.Body)
			}
		})
	}
	known := ask("203.0.113.1", "rahim@example.com")
	unknown := ask("203.0.113.2", "nobody@example.com")
	if len(known) == 0 || !slices.Equal(known, unknown) {
		t.Fatalf("statements differ:\nregistered %q\nunknown    %q", known, unknown)
	}
	if !slices.ContainsFunc(known, func(q string) bool { return strings.Contains(q, "river_job") }) {
		t.Errorf("no job queued: %q", known)
	}
	// the job mails the account, and nobody for the unknown address
	m.jobsDone("forgot_password", 2)
	if page, _ := m.link(2, "rahim@example.com"); page != "/reset-password" {
		t.Errorf("the reset email leads to %s", page)
	}
	m.jobsDone("send_account_email", 2)
	var tokens int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM account_tokens WHERE purpose = 'reset_password'`).Scan(&tokens); err != nil || tokens != 1 {
		t.Errorf("reset tokens: %d %v, want 1", tokens, err)
	}
	if n := len(m.smtp.Messages()); n != 2 {
		t.Errorf("emails: %d, want 2 (welcome, the link)", n)
	}
}

// signupFrom signs up from client address ip.
func (s *testServer) signupFrom(ip, email string) *httptest.ResponseRecorder {
	s.t.Helper()
	body, ctype := multipartBody(s.t, []string{"userName", "Nila", "email", email, "password", "correct horse battery", "role", "Buyer"},
		filePart{"image", "me.jpg", photoJPEG(s.t)})
	return s.do(http.MethodPost, "/api/auth/signup", body, http.Header{"Content-Type": {ctype}, "X-Forwarded-For": {ip}})
}

// Issue #31 F3: a sign-up is counted against its address before the
// email is looked up, so a taken address answers 409 (API.md) only within
// the address's budget, and a throttled address gets 429 for every
// email; the address's owner is told someone tried, once in six hours.
func TestSignupWithATakenAddressIsThrottledAndTold(t *testing.T) {
	t.Parallel()
	m := trustingMailShop(t, nil)
	const owner, prober = "owner@example.com", "203.0.113.5"
	if rec := m.signupFrom("198.51.100.1", owner); rec.Code != http.StatusCreated {
		t.Fatalf("the owner's sign-up: %d %s", rec.Code, rec.Body)
	}
	for i := 1; i <= 2; i++ {
		e := wantError(t, m.signupFrom(prober, owner), http.StatusConflict, "conflict")
		if e.Fields["email"] != "is already registered" {
			t.Errorf("409: %+v", e)
		}
		if n := m.failures("signup:" + prober); n != i {
			t.Errorf("after %d sign-ups with a taken address the prober's address counts %d", i, n)
		}
	}
	// the owner hears of it once
	msgs := m.smtp.Wait(t, 2, 15*time.Second)
	var told []string
	for _, msg := range msgs {
		subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		if strings.HasPrefix(subject, "Someone tried to sign up with your email") {
			told = append(told, msg.To[0])
		}
	}
	if !slices.Equal(told, []string{owner}) {
		t.Errorf("told %v, want the owner once", told)
	}
	var queued int
	if err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'signup_attempt_email'`).Scan(&queued); err != nil || queued != 1 {
		t.Errorf("sign-up attempt emails queued: %d %v, want 1", queued, err)
	}
	// once the address is throttled it learns nothing: 429 for a taken
	// address and a free one alike
	m.exec("UPDATE login_throttle SET failures = 20, last_failure = now(), locked_until = now() + interval '3 minutes' WHERE key = 'signup:" + prober + "'")
	wantError(t, m.signupFrom(prober, owner), http.StatusTooManyRequests, "throttled")
	wantError(t, m.signupFrom(prober, "free@example.com"), http.StatusTooManyRequests, "throttled")
}

// Issue #31 F1: when the hasher's queue is full a request is answered at
// once with 503 busy and Retry-After, not held until its timeout.
func TestFullHasherAnswersBusyAtOnce(t *testing.T) {
	t.Parallel()
	s := trustingServerWith(t, func(o *api.Options) { o.Hasher = auth.NewHasherQueue(1, 0) })
	s.signup("Rahim", "rahim@example.com", "Buyer")
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		codes = map[int]int{}
		start = make(chan struct{})
	)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			rec := s.loginFrom("198.51.100."+strconv.Itoa(i+1), "rahim@example.com", "correct horse battery")
			mu.Lock()
			defer mu.Unlock()
			codes[rec.Code]++
			if rec.Code == http.StatusServiceUnavailable {
				if e := wantError(t, rec, http.StatusServiceUnavailable, "busy"); rec.Header().Get("Retry-After") == "" {
					t.Errorf("503 without Retry-After: %+v", e)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	if codes[http.StatusOK] < 1 || codes[http.StatusServiceUnavailable] < 1 || codes[http.StatusOK]+codes[http.StatusServiceUnavailable] != 8 {
		t.Errorf("eight log-ins at once with one hashing slot and no queue: %v, want some 200 and the rest 503", codes)
	}
}
