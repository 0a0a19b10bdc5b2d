package api_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/api"
	"resale/auth"
	"resale/store"
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

	// a real link used ten times at once: hashed at most five times, one
	// reset
	token := s.resetLink(owner.User.ID)
	before = h.Computed()
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
