package api_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/api"
	"resale/store"
)

// trustingServer believes X-Forwarded-For from the test requests' peer
// (192.0.2.1), so a test can speak from many client addresses.
func trustingServer(t *testing.T) *testServer {
	t.Helper()
	base := newTestServer(t)
	_, proxy, _ := net.ParseCIDR("192.0.2.0/24")
	s := newTestServerWith(t, base.store, func(o *api.Options) {
		o.TrustedProxies = []*net.IPNet{proxy}
		// the few checked passwords queue for the hasher; under the race
		// detector on a busy machine that alone can take seconds
		o.RequestTimeout = time.Minute
	})
	s.pool = base.pool
	return s
}

func (s *testServer) loginFrom(ip, email, password string) *httptest.ResponseRecorder {
	s.t.Helper()
	h := http.Header{"Content-Type": {"application/json"}, "X-Forwarded-For": {ip}}
	return s.do(http.MethodPost, "/api/auth/login", strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`), h)
}

func (s *testServer) failures(key string) int {
	s.t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT coalesce((SELECT failures FROM login_throttle WHERE key = $1), 0)", key).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// Issue #15.1: sixty wrong passwords sent at once from one address get at
// most the allowed few checked; the right password sent once the burst is
// throttled is refused unchecked, while the owner, at the address they
// signed in from before, gets in during and after the attack.
func TestConcurrentLoginBurstIsThrottled(t *testing.T) {
	t.Parallel()
	s := trustingServer(t)
	const owner, home, attacker = "vic@example.com", "198.51.100.7", "203.0.113.9"
	s.signup("Victim", owner, "Buyer")
	if rec := s.loginFrom(home, owner, "correct horse battery"); rec.Code != http.StatusOK {
		t.Fatalf("owner at home: %d %s", rec.Code, rec.Body.String())
	}

	const burst = 60
	var (
		wg           sync.WaitGroup
		mu           sync.Mutex
		codes        = map[int]int{}
		start        = make(chan struct{})
		firstRefused = make(chan struct{})
		once         sync.Once
	)
	for range burst {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			code := s.loginFrom(attacker, owner, "wrong guess").Code
			mu.Lock()
			codes[code]++
			mu.Unlock()
			if code == http.StatusTooManyRequests {
				once.Do(func() { close(firstRefused) })
			}
		}()
	}
	close(start)
	// inside the burst: once it is throttled, the right password from the
	// attacker's address is refused, the owner's from home is not
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-firstRefused:
	case <-done:
		t.Fatalf("a burst of %d wrong passwords was never throttled", burst)
	}
	inside := s.loginFrom(attacker, owner, "correct horse battery")
	ownerInside := s.loginFrom(home, owner, "correct horse battery")
	wg.Wait()

	if codes[http.StatusUnauthorized] < 1 || codes[http.StatusUnauthorized] > store.LoginLockThreshold ||
		codes[http.StatusUnauthorized]+codes[http.StatusTooManyRequests] != burst {
		t.Errorf("answers to the burst %v: want at most %d checked (401), the rest 429", codes, store.LoginLockThreshold)
	}
	if n := s.failures("pair:" + owner + " " + attacker); n != codes[http.StatusUnauthorized] {
		t.Errorf("failures recorded %d, checked %d", n, codes[http.StatusUnauthorized])
	}
	wantError(t, inside, http.StatusTooManyRequests, "throttled")
	if ownerInside.Code != http.StatusOK {
		t.Errorf("owner at home during the attack: %d %s", ownerInside.Code, ownerInside.Body.String())
	}
	if rec := s.loginFrom(attacker, owner, "correct horse battery"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("right password from the attacker's address after the burst: %d", rec.Code)
	}
	if rec := s.loginFrom(home, owner, "correct horse battery"); rec.Code != http.StatusOK {
		t.Errorf("owner at home after the attack: %d", rec.Code)
	}
}

// Issue #15.2: wrong passwords from many addresses get few guesses at the
// account overall, with delays growing after each one, yet never lock the
// owner out of the address they use.
func TestLoginThrottleSparesTheOwner(t *testing.T) {
	t.Parallel()
	s := trustingServer(t)
	const owner, home = "admin@example.com", "198.51.100.20"
	s.signup("Shop Admin", owner, "Buyer")
	if rec := s.loginFrom(home, owner, "correct horse battery"); rec.Code != http.StatusOK {
		t.Fatalf("owner at home: %d", rec.Code)
	}
	// forty addresses, a guess each, all at once
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := s.loginFrom("203.0.113."+strconv.Itoa(i+1), owner, "guess number "+strconv.Itoa(i)).Code
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	checked := codes[http.StatusUnauthorized]
	if checked < 1 || checked > 10 || checked+codes[http.StatusTooManyRequests] != 40 {
		t.Fatalf("forty addresses: %v, want at most 10 checked and the rest 429", codes)
	}
	// the right password from a stranger's address is not even checked
	wantError(t, s.loginFrom("203.0.113.200", owner, "correct horse battery"), http.StatusTooManyRequests, "throttled")
	// the owner at home: in, whatever the account-wide count says
	if rec := s.loginFrom(home, owner, "correct horse battery"); rec.Code != http.StatusOK {
		t.Fatalf("owner at home during the attack: %d %s", rec.Code, rec.Body.String())
	}
	// their own typos are still limited at their address
	for i := range store.LoginLockThreshold {
		if code := s.loginFrom(home, owner, "typo").Code; code != http.StatusUnauthorized {
			t.Fatalf("owner's typo %d: %d", i+1, code)
		}
	}
	wantError(t, s.loginFrom(home, owner, "correct horse battery"), http.StatusTooManyRequests, "throttled")

	// when the account's wait is over a stranger gets one guess, then a
	// longer wait: delays grow rather than reset
	s.exec("UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", "account:"+owner)
	if code := s.loginFrom("203.0.113.201", owner, "one more guess").Code; code != http.StatusUnauthorized {
		t.Fatalf("after the wait: %d", code)
	}
	rec := s.loginFrom("203.0.113.202", owner, "and another")
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if secs, _ := strconv.Atoi(rec.Header().Get("Retry-After")); secs <= 60 {
		t.Errorf("Retry-After %q after a further failure, want more than the first minute", rec.Header().Get("Retry-After"))
	}
}

// Issue #15.6: sign-ups are counted per address, and a browser page of
// another site cannot sign up or log in.
func TestSignupThrottleAndOrigin(t *testing.T) {
	t.Parallel()
	s := trustingServer(t)
	form := func(email string) []string {
		return []string{"userName", "Nila", "email", email, "password", "long enough pass", "role", "Buyer"}
	}
	signupFrom := func(ip, email string, h http.Header) *httptest.ResponseRecorder {
		body, ctype := multipartBody(t, form(email), filePart{"image", "me.jpg", photoJPEG(t)})
		hh := http.Header{"Content-Type": {ctype}, "X-Forwarded-For": {ip}}
		for k, v := range h {
			hh[k] = v
		}
		return s.do(http.MethodPost, "/api/auth/signup", body, hh)
	}
	if rec := signupFrom("198.51.100.30", "first@example.com", nil); rec.Code != http.StatusCreated {
		t.Fatalf("first sign-up: %d %s", rec.Code, rec.Body.String())
	}
	if n := s.failures("signup:198.51.100.30"); n != 1 {
		t.Fatalf("sign-ups counted: %d, want 1", n)
	}
	// the address has used up its sign-ups for now
	s.exec("UPDATE login_throttle SET failures = 20, last_failure = now(), locked_until = now() + interval '3 minutes' WHERE key = 'signup:198.51.100.30'")
	rec := signupFrom("198.51.100.30", "second@example.com", nil)
	e := wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if e.Message != "Too many sign-ups from your address. Try again in 3 minutes." || rec.Header().Get("Retry-After") == "" {
		t.Errorf("429 = %q, Retry-After %q", e.Message, rec.Header().Get("Retry-After"))
	}
	if rec := signupFrom("198.51.100.31", "second@example.com", nil); rec.Code != http.StatusCreated {
		t.Errorf("another address: %d %s", rec.Code, rec.Body.String())
	}

	// Origin: the shop itself (its public address, or the host the request
	// came to) passes; any other site, or none that can be named, does not
	for _, c := range []struct {
		name   string
		header http.Header
		status int
	}{
		{"another site", http.Header{"Origin": {"https://evil.example"}}, 403},
		{"a lookalike host", http.Header{"Origin": {"http://example.com.evil.example"}}, 403},
		{"a sandboxed frame", http.Header{"Origin": {"null"}}, 403},
		{"cross-site fetch", http.Header{"Sec-Fetch-Site": {"cross-site"}}, 403},
		{"the public address", http.Header{"Origin": {"http://localhost:8080"}, "Sec-Fetch-Site": {"same-origin"}}, 201},
		{"the request's host", http.Header{"Origin": {"http://example.com"}}, 201},
	} {
		email := "o" + strconv.Itoa(c.status) + strings.ReplaceAll(c.name, " ", "-") + "@example.com"
		rec := signupFrom("198.51.100.40", email, c.header)
		if rec.Code != c.status {
			t.Errorf("sign-up from %s: %d, want %d: %s", c.name, rec.Code, c.status, rec.Body.String())
			continue
		}
		if c.status == 403 {
			if e := wantError(t, rec, 403, "forbidden"); e.Message != "Sign up and log in from this shop's own pages" {
				t.Errorf("message %q", e.Message)
			}
			if _, err := s.store.GetUserByEmail(context.Background(), email); err == nil {
				t.Errorf("a cross-site sign-up made %s", email)
			}
		}
	}
	h := http.Header{"Content-Type": {"application/json"}, "Origin": {"https://evil.example"}}
	wantError(t, s.do(http.MethodPost, "/api/auth/login", strings.NewReader(`{"email":"first@example.com","password":"long enough pass"}`), h), 403, "forbidden")
}

// Issue #15.17: a buyer becomes a seller, once, and no other role can be
// had over HTTP.
func TestBecomeSeller(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	buyer := s.signup("Rina Buyer", "rina@example.com", "Buyer")
	seller := s.signup("Sami Seller", "sami@example.com", "Seller")
	put := func(token, body string) *httptest.ResponseRecorder {
		return s.do(http.MethodPut, "/api/me/role", strings.NewReader(body), bearer(token))
	}
	for _, body := range []string{`{"role":"Admin"}`, `{"role":"admin"}`, `{"role":"Buyer"}`, `{"role":"seller"}`, `{"role":" Seller"}`,
		`{"role":"Seller\u0000"}`, `{"role":["Seller"]}`, `{}`, `{"role":"Seller","verify":"verify"}`} {
		if rec := put(buyer.AccessToken, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", body, rec.Code)
		}
	}
	wantError(t, put("", `{"role":"Seller"}`), 401, "unauthorized")
	wantError(t, put(seller.AccessToken, `{"role":"Seller"}`), 403, "forbidden")

	// eight at once: one becomes the seller, the others are told no
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	var won sessionWire
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := put(buyer.AccessToken, `{"role":"Seller"}`)
			mu.Lock()
			defer mu.Unlock()
			codes[rec.Code]++
			if rec.Code == http.StatusOK {
				decode(t, rec, &won)
			}
		}()
	}
	wg.Wait()
	if codes[200] != 1 || codes[200]+codes[409]+codes[403] != 8 {
		t.Fatalf("eight at once: %v, want one 200 and the rest 409 or 403", codes)
	}
	if won.AccessToken == "" || won.User.Role != "Seller" || won.User.ID != buyer.User.ID || won.User.Email != "rina@example.com" {
		t.Fatalf("session %+v", won)
	}
	var me userWire
	decode(t, s.getAs("/api/me", won.AccessToken), &me)
	if me.Role != "Seller" {
		t.Errorf("me after the change: %+v", me)
	}
	wantError(t, put(won.AccessToken, `{"role":"Seller"}`), 403, "forbidden")
	wantError(t, put(won.AccessToken, `{"role":"Buyer"}`), 403, "forbidden")
}
