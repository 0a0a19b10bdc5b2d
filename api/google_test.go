package api_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"resale/api"
	"resale/store"
)

// fakeProvider is a small but real OpenID Connect provider: discovery,
// an authorize endpoint that signs the person in at once, a token
// endpoint that checks the client secret and PKCE, and RS256 ID tokens.
type fakeProvider struct {
	t   *testing.T
	srv *httptest.Server
	key *rsa.PrivateKey

	mu       sync.Mutex
	person   map[string]any // claims of whoever signs in next
	badNonce bool
	pending  map[string][2]string // code -> nonce, PKCE challenge
}

const (
	testClientID     = "resale-test-client"
	testClientSecret = "resale-test-secret"
)

func newFakeProvider(t *testing.T) *fakeProvider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p := &fakeProvider{t: t, key: key, pending: map[string][2]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("GET /keys", p.keys)
	mux.HandleFunc("GET /photo.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		png.Encode(w, image.NewRGBA(image.Rect(0, 0, 32, 32)))
	})
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

func (p *fakeProvider) signInAs(claims map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.person = claims
}

func (p *fakeProvider) setBadNonce(bad bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.badNonce = bad
}

func (p *fakeProvider) discovery(w http.ResponseWriter, _ *http.Request) {
	u := p.srv.URL
	json.NewEncoder(w).Encode(map[string]any{
		"issuer": u, "authorization_endpoint": u + "/authorize", "token_endpoint": u + "/token",
		"jwks_uri": u + "/keys", "response_types_supported": []string{"code"},
		"subject_types_supported": []string{"public"}, "id_token_signing_alg_values_supported": []string{"RS256"},
	})
}

func (p *fakeProvider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != testClientID || q.Get("code_challenge_method") != "S256" || q.Get("nonce") == "" {
		http.Error(w, "bad authorize request", http.StatusBadRequest)
		return
	}
	code := fmt.Sprintf("code-%d", time.Now().UnixNano())
	p.mu.Lock()
	p.pending[code] = [2]string{q.Get("nonce"), q.Get("code_challenge")}
	p.mu.Unlock()
	back, _ := url.Parse(q.Get("redirect_uri"))
	bq := back.Query()
	bq.Set("code", code)
	bq.Set("state", q.Get("state"))
	back.RawQuery = bq.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

func (p *fakeProvider) token(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.Form.Get("client_id"), r.Form.Get("client_secret")
	}
	p.mu.Lock()
	pend, known := p.pending[r.Form.Get("code")]
	delete(p.pending, r.Form.Get("code"))
	person, badNonce := p.person, p.badNonce
	p.mu.Unlock()
	sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
	if id != testClientID || secret != testClientSecret || !known || base64.RawURLEncoding.EncodeToString(sum[:]) != pend[1] {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":"invalid_grant"}`)
		return
	}
	nonce := pend[0]
	if badNonce {
		nonce = "not-the-nonce"
	}
	now := time.Now()
	claims := jwt.MapClaims{"iss": p.srv.URL, "aud": testClientID, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "nonce": nonce}
	for k, v := range person {
		claims[k] = v
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = "k1"
	idToken, err := tok.SignedString(p.key)
	if err != nil {
		p.t.Error(err)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"access_token": "at", "token_type": "Bearer", "expires_in": 3600, "id_token": idToken})
}

func (p *fakeProvider) keys(w http.ResponseWriter, _ *http.Request) {
	b64 := base64.RawURLEncoding
	json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "kid": "k1", "alg": "RS256", "use": "sig",
		"n": b64.EncodeToString(p.key.N.Bytes()), "e": b64.EncodeToString(big.NewInt(int64(p.key.E)).Bytes()),
	}}})
}

func newGoogleServer(t *testing.T) (*testServer, *fakeProvider) {
	t.Helper()
	p := newFakeProvider(t)
	base := newTestServer(t)
	s := newTestServerWith(t, base.store, func(o *api.Options) {
		o.PublicURL = &url.URL{Scheme: "http", Host: "shop.test"}
		o.Google = &api.GoogleOptions{ClientID: testClientID, ClientSecret: testClientSecret, Issuer: p.srv.URL}
	})
	s.pool = base.pool
	return s, p
}

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// googleSignIn walks the whole browser round trip and returns where the
// callback finally sends the browser.
func googleSignIn(t *testing.T, s *testServer, from string, tamper func(callback *url.URL)) *url.URL {
	t.Helper()
	rec := s.get("/api/auth/google/login?from=" + url.QueryEscape(from))
	if rec.Code != http.StatusFound {
		t.Fatalf("login: %d %s", rec.Code, rec.Body.String())
	}
	cookie := rec.Header().Get("Set-Cookie")
	if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
		t.Fatalf("flow cookie = %q", cookie)
	}
	res, err := noRedirects.Get(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	callback, err := url.Parse(res.Header.Get("Location"))
	if err != nil || callback.Host != "shop.test" || callback.Path != "/api/auth/google/callback" {
		t.Fatalf("provider sent the browser to %v (%v)", callback, err)
	}
	if tamper != nil {
		tamper(callback)
	}
	rec = s.do(http.MethodGet, callback.RequestURI(), nil, http.Header{"Cookie": {strings.Split(cookie, ";")[0]}})
	if rec.Code != http.StatusFound {
		t.Fatalf("callback: %d %s", rec.Code, rec.Body.String())
	}
	dest, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	// a JWT (header.payload.signature, its header JSON: "eyJ" in base64);
	// not merely "eyJ", which the one-time code's 43 random characters
	// held once
	if jwtInURL.MatchString(dest.String()) {
		t.Fatalf("a token travels in the URL: %s", dest)
	}
	return dest
}

// jwtInURL finds a JSON Web Token: three base64url parts, the first a
// JSON object's.
var jwtInURL = regexp.MustCompile(`eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.`)

func exchange(t *testing.T, s *testServer, dest *url.URL) (sessionWire, int) {
	t.Helper()
	rec := s.postJSON("/api/auth/google/exchange", "", map[string]string{"code": dest.Query().Get("code")})
	var sess sessionWire
	if rec.Code == http.StatusOK {
		decode(t, rec, &sess)
	}
	return sess, rec.Code
}

func TestGoogleSignInCreatesABuyer(t *testing.T) {
	t.Parallel()
	s, p := newGoogleServer(t)
	p.signInAs(map[string]any{"sub": "g-123", "email": "Mina@Gmail.com", "email_verified": true, "name": "Mina Rahman", "picture": p.srv.URL + "/photo.png"})

	dest := googleSignIn(t, s, "/categorys/2", nil)
	if dest.Path != "/auth/google" || dest.Query().Get("from") != "/categorys/2" || dest.Query().Get("code") == "" {
		t.Fatalf("callback sent the app to %s", dest)
	}
	sess, code := exchange(t, s, dest)
	if code != http.StatusOK {
		t.Fatalf("exchange: %d", code)
	}
	u := sess.User
	if u.Role != "Buyer" || u.UserName != "Mina Rahman" || u.Email != "mina@gmail.com" || !strings.HasPrefix(u.UserPhoto, "/uploads/") {
		t.Fatalf("user = %+v", u)
	}
	if rec := s.get(u.UserPhoto); rec.Code != http.StatusOK {
		t.Errorf("copied photo: %d", rec.Code)
	}
	if rec := s.getAs("/api/me", sess.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("token: %d", rec.Code)
	}
	// the code works once
	if _, code := exchange(t, s, dest); code != http.StatusUnauthorized {
		t.Errorf("second exchange: %d, want 401", code)
	}
	// signing in again finds the same account
	again, _ := exchange(t, s, googleSignIn(t, s, "/home", nil))
	if again.User.ID != u.ID {
		t.Errorf("second sign-in made another account: %s vs %s", again.User.ID, u.ID)
	}
}

func TestGoogleSignInRefusals(t *testing.T) {
	t.Parallel()
	s, p := newGoogleServer(t)
	s.signup("Owner Of Address", "owner@example.com", "Seller")
	person := map[string]any{"sub": "g-9", "email": "someone@example.com", "email_verified": true, "name": "Someone"}

	cases := []struct {
		name   string
		setup  func()
		tamper func(*url.URL)
	}{
		{"state mismatch", nil, func(u *url.URL) {
			q := u.Query()
			q.Set("state", "forged")
			u.RawQuery = q.Encode()
		}},
		{"replayed code", nil, func(u *url.URL) {
			// the provider already used this code once
			q := u.Query()
			q.Set("code", "code-unknown")
			u.RawQuery = q.Encode()
		}},
		{"nonce mismatch", func() { p.setBadNonce(true) }, nil},
		{"unverified email of an existing account", func() {
			p.signInAs(map[string]any{"sub": "g-attacker", "email": "owner@example.com", "email_verified": false, "name": "Attacker"})
		}, nil},
		{"provider error", nil, func(u *url.URL) {
			q := u.Query()
			q.Set("error", "access_denied")
			u.RawQuery = q.Encode()
		}},
	}
	for _, c := range cases {
		p.setBadNonce(false)
		p.signInAs(person)
		if c.setup != nil {
			c.setup()
		}
		dest := googleSignIn(t, s, "/home", c.tamper)
		if dest.Path != "/login" || dest.Query().Get("error") == "" || dest.Query().Get("code") != "" {
			t.Errorf("%s: sent to %s, want /login with an error", c.name, dest)
		}
	}
	// the owner's account was never signed into or linked
	u, err := s.store.GetUserByEmail(t.Context(), "owner@example.com")
	if err != nil || u.Role != store.RoleSeller {
		t.Fatalf("owner: %+v %v", u, err)
	}
	// without a flow cookie the callback refuses
	rec := s.get("/api/auth/google/callback?code=x&state=y")
	if rec.Code != http.StatusFound || !strings.HasPrefix(rec.Header().Get("Location"), "/login?error=") {
		t.Errorf("callback without cookie: %d %s", rec.Code, rec.Header().Get("Location"))
	}
}

func TestGoogleReturnPathStaysOnSite(t *testing.T) {
	t.Parallel()
	s, p := newGoogleServer(t)
	p.signInAs(map[string]any{"sub": "g-1", "email": "a@gmail.com", "email_verified": true, "name": "A"})
	for _, from := range []string{"https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"} {
		dest := googleSignIn(t, s, from, nil)
		if dest.Query().Get("from") != "/home" {
			t.Errorf("from %q came back as %q", from, dest.Query().Get("from"))
		}
	}
}

func TestGoogleOff(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	wantError(t, s.get("/api/auth/google/login"), http.StatusNotFound, "not_found")
	var cfg struct{ GoogleEnabled bool }
	gs, _ := newGoogleServer(t)
	decode(t, gs.get("/api/config"), &cfg)
	if !cfg.GoogleEnabled {
		t.Error("config does not say Google is on")
	}
	wantError(t, s.postJSON("/api/auth/google/exchange", "", map[string]string{"code": ""}), http.StatusBadRequest, "invalid")
}
