package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/jobs"
	"resale/mail"
	"resale/mail/mailtest"
	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

// mailShop is a shop that sends real email (MAIL_CONFIGURED) to an
// in-test SMTP server, through the real job queue.
type mailShop struct {
	*testServer
	smtp *mailtest.Server
}

func newMailShop(t *testing.T) *mailShop {
	t.Helper()
	pool := storetest.Pool(t)
	st := store.New(pool)
	s := newTestServerWith(t, st, func(o *api.Options) { o.MailConfigured = true })
	s.pool = pool
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	cfg, err := mail.ParseURL(fmt.Sprintf("smtp://%s", srv.Addr))
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLSConfig = srv.ClientTLS
	cfg.Timeout = 5 * time.Second
	from, _ := mail.ParseFrom("Laptop Haat <shop@example.com>")
	r, err := jobs.New(pool, jobs.Options{
		Store: st, Logger: slog.New(slog.DiscardHandler), Mail: mail.NewSMTP(cfg, from), Unsubscribe: notify.NewUnsubscriber(testKey),
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

var linkToken = regexp.MustCompile(`https://shop\.example\.com(/[a-z-]+)\?token=([A-Za-z0-9_-]{43})`)

// link waits for the n-th email (1-based) and returns its page and token.
func (m *mailShop) link(n int, to string) (page, token string) {
	m.t.Helper()
	msgs := m.smtp.Wait(m.t, n, 15*time.Second)
	msg := msgs[n-1]
	if len(msg.To) != 1 || msg.To[0] != to {
		m.t.Fatalf("email %d went to %v, want %s", n, msg.To, to)
	}
	// undo quoted-printable: soft line breaks and the escaped "="
	raw := strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(string(msg.Raw))
	got := linkToken.FindStringSubmatch(raw)
	if got == nil {
		m.t.Fatalf("email %d has no link:\n%s", n, raw)
	}
	return got[1], got[2]
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	m := newMailShop(t)
	sess := m.signup("Rahim", "rahim@example.com", "Buyer")
	if sess.User.EmailVerified {
		t.Fatal("a password sign-up starts verified")
	}
	if page, _ := m.link(1, "rahim@example.com"); page != "/verify-email" {
		t.Fatalf("the welcome email leads to %s", page)
	}

	// the same answer for an unknown address, and no email for it
	var known, unknown map[string]string
	rec := m.postJSON("/api/auth/forgot", "", map[string]string{"email": "Rahim@Example.com"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("forgot: %d %s", rec.Code, rec.Body)
	}
	decode(t, rec, &known)
	rec = m.postJSON("/api/auth/forgot", "", map[string]string{"email": "nobody@example.com"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("forgot unknown: %d %s", rec.Code, rec.Body)
	}
	decode(t, rec, &unknown)
	if known["message"] != unknown["message"] {
		t.Errorf("answers differ: %q and %q", known, unknown)
	}
	page, token := m.link(2, "rahim@example.com")
	if page != "/reset-password" {
		t.Fatalf("the reset email leads to %s", page)
	}

	// the sign-up's password rules
	rec = m.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "password"})
	if e := wantError(t, rec, http.StatusBadRequest, "invalid"); e.Fields["password"] == "" {
		t.Errorf("weak password: %+v", e)
	}
	rec = m.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "a brand new passphrase"})
	if rec.Code != http.StatusOK {
		t.Fatalf("reset: %d %s", rec.Code, rec.Body)
	}
	var after sessionWire
	decode(t, rec, &after)
	if !after.User.EmailVerified {
		t.Error("a reset by the emailed link proves the email")
	}
	// every earlier session ends; the new one works
	if rec := m.getAs("/api/me", sess.AccessToken); rec.Code != http.StatusUnauthorized {
		t.Errorf("the old session: %d", rec.Code)
	}
	if rec := m.getAs("/api/me", after.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("the new session: %d", rec.Code)
	}
	if rec := m.postJSON("/api/auth/login", "", map[string]string{"email": "rahim@example.com", "password": "correct horse battery"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("the old password: %d", rec.Code)
	}
	if rec := m.postJSON("/api/auth/login", "", map[string]string{"email": "rahim@example.com", "password": "a brand new passphrase"}); rec.Code != http.StatusOK {
		t.Errorf("the new password: %d", rec.Code)
	}
	// once only
	rec = m.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "another new passphrase"})
	wantError(t, rec, http.StatusBadRequest, "token_unusable")

	// an expired link is refused
	m.postJSON("/api/auth/forgot", "", map[string]string{"email": "rahim@example.com"})
	_, token = m.link(3, "rahim@example.com")
	m.exec(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`)
	rec = m.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "another new passphrase"})
	wantError(t, rec, http.StatusBadRequest, "token_unusable")

	// the database never holds the token
	var n int
	if err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM account_tokens WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%' OR encode(salt, 'escape') LIKE '%' || $1 || '%'`, token).Scan(&n); err != nil || n != 0 {
		t.Errorf("the token is stored: %d %v", n, err)
	}
}

func TestVerifyEmailOpensTheGate(t *testing.T) {
	t.Parallel()
	m := newMailShop(t)
	seller := m.signup("Sara", "sara@example.com", "Seller")
	buyer := m.signup("Bob", "bob@example.com", "Buyer")
	rec := m.postJSON("/api/products", seller.AccessToken, map[string]any{})
	wantError(t, rec, http.StatusForbidden, "email_unverified")
	rec = m.postJSON("/api/bookings", buyer.AccessToken, bookingBody("1"))
	wantError(t, rec, http.StatusForbidden, "email_unverified")

	// a resend makes a second link; either proves the address
	if rec := m.do(http.MethodPost, "/api/auth/resend-verification", nil, bearer(seller.AccessToken)); rec.Code != http.StatusAccepted {
		t.Fatalf("resend: %d %s", rec.Code, rec.Body)
	}
	first, second := "", ""
	for i := 1; i <= 3; i++ {
		msgs := m.smtp.Wait(t, i, 15*time.Second)
		if msgs[i-1].To[0] == "sara@example.com" {
			_, tok := m.link(i, "sara@example.com")
			if first == "" {
				first = tok
			} else {
				second = tok
			}
		}
	}
	if first == "" || second == "" || first == second {
		t.Fatalf("links %q and %q", first, second)
	}
	// posted from the account's own session: the password stays
	rec = m.postJSON("/api/auth/verify-email", seller.AccessToken, map[string]string{"token": second})
	var got struct {
		User        userWire `json:"user"`
		AccessToken string   `json:"accessToken"`
	}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || !got.User.EmailVerified || got.AccessToken != "" {
		t.Fatalf("verify: %d %s", rec.Code, rec.Body)
	}
	if rec := m.getAs("/api/me", seller.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("the session after verifying: %d", rec.Code)
	}
	// the other link died with the proof
	wantError(t, m.postJSON("/api/auth/verify-email", "", map[string]string{"token": first}), http.StatusBadRequest, "token_unusable")
	// past the gate (the empty form is now what is wrong)
	wantError(t, m.postJSON("/api/products", seller.AccessToken, map[string]any{}), http.StatusBadRequest, "invalid")
	wantError(t, m.do(http.MethodPost, "/api/auth/resend-verification", nil, bearer(seller.AccessToken)), http.StatusConflict, "already_verified")
}

// Someone registers the owner's address with a password of their own;
// the owner opens the welcome link: the link alone changes nothing, and
// "I did not create this account" makes the account the owner's.
func TestImpostorLosesTheAccountWhenTheOwnerProvesTheEmail(t *testing.T) {
	t.Parallel()
	m := newMailShop(t)
	impostor := m.signup("Not Nadia", "nadia@example.com", "Seller")
	_, token := m.link(1, "nadia@example.com")
	wantProofNeeded(t, m.postJSON("/api/auth/verify-email", "", map[string]string{"token": token}), "nadia@example.com")
	rec := m.postJSON("/api/auth/verify-email", "", map[string]string{"token": token, "newPassword": "nadia's own passphrase"})
	var got struct {
		User        userWire `json:"user"`
		AccessToken string   `json:"accessToken"`
	}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || !got.User.EmailVerified || got.AccessToken == "" || got.User.Role != "Buyer" {
		t.Fatalf("take-over: %d %s", rec.Code, rec.Body)
	}
	if rec := m.getAs("/api/me", impostor.AccessToken); rec.Code != http.StatusUnauthorized {
		t.Errorf("the impostor's session: %d", rec.Code)
	}
	if rec := m.postJSON("/api/auth/login", "", map[string]string{"email": "nadia@example.com", "password": "correct horse battery"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("the impostor's password: %d", rec.Code)
	}
	if rec := m.getAs("/api/me", got.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("the owner's session: %d", rec.Code)
	}
	if rec := m.postJSON("/api/auth/login", "", map[string]string{"email": "nadia@example.com", "password": "nadia's own passphrase"}); rec.Code != http.StatusOK {
		t.Errorf("the owner's password: %d", rec.Code)
	}
}

func TestChangePasswordAndProfile(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Rahim", "rahim@example.com", "Buyer")
	other := s.postJSON("/api/auth/login", "", map[string]string{"email": "rahim@example.com", "password": "correct horse battery"})
	var otherSess sessionWire
	decode(t, other, &otherSess)
	put := func(token, body string) *httptest.ResponseRecorder {
		return s.do(http.MethodPut, "/api/me/password", strings.NewReader(body), http.Header{"Authorization": {"Bearer " + token}})
	}
	if e := wantError(t, put(sess.AccessToken, `{"currentPassword":"wrong one","newPassword":"a brand new passphrase"}`), http.StatusBadRequest, "invalid"); e.Fields["currentPassword"] == "" {
		t.Errorf("wrong current: %+v", e)
	}
	if e := wantError(t, put(sess.AccessToken, `{"currentPassword":"correct horse battery","newPassword":"password"}`), http.StatusBadRequest, "invalid"); e.Fields["newPassword"] == "" {
		t.Errorf("weak new: %+v", e)
	}
	rec := put(sess.AccessToken, `{"currentPassword":"correct horse battery","newPassword":"a brand new passphrase"}`)
	var tok struct {
		AccessToken string `json:"accessToken"`
	}
	decode(t, rec, &tok)
	if rec.Code != http.StatusOK || tok.AccessToken == "" {
		t.Fatalf("change: %d %s", rec.Code, rec.Body)
	}
	for name, old := range map[string]string{"this": sess.AccessToken, "other": otherSess.AccessToken} {
		if rec := s.getAs("/api/me", old); rec.Code != http.StatusUnauthorized {
			t.Errorf("the %s old session: %d", name, rec.Code)
		}
	}

	patch := func(body string) *httptest.ResponseRecorder {
		return s.do(http.MethodPatch, "/api/me", strings.NewReader(body), http.Header{"Authorization": {"Bearer " + tok.AccessToken}})
	}
	rec = patch(`{"userName":" Rahim Uddin ","language":"bn","phone":"01811-223344"}`)
	var answer struct {
		User userWire `json:"user"`
	}
	decode(t, rec, &answer)
	if u := answer.User; rec.Code != http.StatusOK || u.UserName != "Rahim Uddin" || u.Language != "bn" || u.Phone != "01811223344" {
		t.Fatalf("patch: %d %s", rec.Code, rec.Body)
	}
	for body, field := range map[string]string{`{"language":"fr"}`: "language", `{"phone":"abc"}`: "phone", `{"userName":""}`: "userName", `{}`: "userName"} {
		if e := wantError(t, patch(body), http.StatusBadRequest, "invalid"); e.Fields[field] == "" {
			t.Errorf("%s: %+v", body, e)
		}
	}
	// the role is not the profile's
	wantError(t, patch(`{"role":"Admin"}`), http.StatusBadRequest, "invalid")
}

// Someone registered the owner's Gmail address with a password; the owner
// signs in with Google, which vouches for the address: the account is
// linked, proven, and the earlier password and sessions end. An account
// already proven keeps its password when linked.
func TestGoogleProvesTheEmailAndEndsAnImpostorsPassword(t *testing.T) {
	t.Parallel()
	s, p := newGoogleServer(t)
	impostor := s.signup("Not Mina", "mina@gmail.com", "Seller")
	if rec := s.do(http.MethodPatch, "/api/me", strings.NewReader(`{"phone":"01700000000"}`), bearer(impostor.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("the impostor's phone: %d %s", rec.Code, rec.Body)
	}
	p.signInAs(map[string]any{"sub": "g-mina", "email": "mina@gmail.com", "email_verified": true, "name": "Mina"})
	owner, code := exchange(t, s, googleSignIn(t, s, "/home", nil))
	if code != http.StatusOK || owner.User.ID != impostor.User.ID || !owner.User.EmailVerified {
		t.Fatalf("exchange: %d %+v", code, owner.User)
	}
	if rec := s.getAs("/api/me", impostor.AccessToken); rec.Code != http.StatusUnauthorized {
		t.Errorf("the impostor's session: %d", rec.Code)
	}
	if rec := s.postJSON("/api/auth/login", "", map[string]string{"email": "mina@gmail.com", "password": "correct horse battery"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("the impostor's password: %d", rec.Code)
	}
	if rec := s.getAs("/api/me", owner.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("the owner's session: %d", rec.Code)
	}
	// what the impostor set went back to a new account's (F11)
	if owner.User.Role != "Buyer" || owner.User.Phone != "" || owner.User.UserPhoto != "" {
		t.Errorf("the account after Google took it over: %+v", owner.User)
	}

	// a proven account linked later keeps its password
	proven := s.signup("Karim", "karim@gmail.com", "Buyer")
	s.exec(`UPDATE users SET email_verified_at = now() WHERE email = 'karim@gmail.com'`)
	p.signInAs(map[string]any{"sub": "g-karim", "email": "karim@gmail.com", "email_verified": true, "name": "Karim"})
	if k, code := exchange(t, s, googleSignIn(t, s, "/home", nil)); code != http.StatusOK || k.User.ID != proven.User.ID {
		t.Fatalf("karim: %d %+v", code, k.User)
	}
	if rec := s.postJSON("/api/auth/login", "", map[string]string{"email": "karim@gmail.com", "password": "correct horse battery"}); rec.Code != http.StatusOK {
		t.Errorf("karim's own password after linking: %d", rec.Code)
	}
	if rec := s.getAs("/api/me", proven.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("karim's session after linking: %d", rec.Code)
	}
}
