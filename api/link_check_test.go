package api_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// linkState posts token to a link check and returns its answer.
func linkState(t *testing.T, m *mailShop, path, token string) (state string, emailVerified *bool, body string) {
	t.Helper()
	rec := m.postJSON(path, "", map[string]string{"token": token})
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	var got struct {
		State         string `json:"state"`
		EmailVerified *bool  `json:"emailVerified"`
	}
	decode(t, rec, &got)
	return got.State, got.EmailVerified, rec.Body.String()
}

// #32 (walkthrough 19) A reset link's page asks on arrival what became of
// it: a live link is "valid" as often as it is asked and still resets;
// then "used"; a link that ran out "expired"; one never made, a near
// miss, or the database's own hash sent as a token "unknown". The answer
// names no account.
func TestResetLinkCheckSaysWhatBecameOfTheLink(t *testing.T) {
	t.Parallel()
	m := newMailShop(t)
	m.signup("Rahim", "rahim@example.com", "Buyer")
	m.postJSON("/api/auth/forgot", "", map[string]string{"email": "rahim@example.com"})
	_, token := m.link(2, "rahim@example.com")

	for i := 0; i < 3; i++ { // asking spends nothing
		state, verified, body := linkState(t, m, "/api/auth/reset/check", token)
		if state != "valid" || verified != nil || strings.Contains(body, "rahim") {
			t.Fatalf("a live link: %s", body)
		}
	}
	// a near miss: the last character changed
	last := "A"
	if strings.HasSuffix(token, "A") {
		last = "B"
	}
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", token[:42]+last); state != "unknown" {
		t.Errorf("a near miss: %s", state)
	}
	// the database keeps the token's SHA-256: a copy of it is no link
	var hash []byte
	if err := m.pool.QueryRow(context.Background(), `SELECT token_hash FROM account_tokens WHERE purpose = 'reset_password'`).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", base64.RawURLEncoding.EncodeToString(hash)); state != "unknown" {
		t.Errorf("the stored hash as a token: %s", state)
	}
	// a verification link's check does not know a reset link
	if state, _, _ := linkState(t, m, "/api/auth/verify-email/check", token); state != "unknown" {
		t.Errorf("a reset link checked as a verification link: %s", state)
	}
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", strings.Repeat("x", 43)); state != "unknown" {
		t.Errorf("a made-up token: %s", state)
	}

	// the checks spent nothing: the link resets, then reads "used"
	if rec := m.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "a brand new passphrase"}); rec.Code != http.StatusOK {
		t.Fatalf("reset after the checks: %d %s", rec.Code, rec.Body)
	}
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", token); state != "used" {
		t.Errorf("a used link: %s", state)
	}

	// a link that ran out
	m.postJSON("/api/auth/forgot", "", map[string]string{"email": "rahim@example.com"})
	_, late := m.link(3, "rahim@example.com")
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", late); state != "valid" {
		t.Fatalf("a second live link: %s", state)
	}
	m.exec(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`)
	if state, _, _ := linkState(t, m, "/api/auth/reset/check", late); state != "expired" {
		t.Errorf("an expired link: %s", state)
	}

	// garbage is a clear 400 that names the field
	for _, bad := range []string{"", "short", strings.Repeat("!", 43), strings.Repeat("A", 44), strings.Repeat("é", 22)} {
		rec := m.postJSON("/api/auth/reset/check", "", map[string]string{"token": bad})
		if e := wantError(t, rec, http.StatusBadRequest, "invalid"); e.Fields["token"] == "" {
			t.Errorf("token %q: %+v", bad, e)
		}
	}
}

// A verification link's page is told the same, and whether the address
// is proven already, so that a used link says "your email is verified".
func TestVerifyLinkCheck(t *testing.T) {
	t.Parallel()
	m := newMailShop(t)
	sess := m.signup("Sara", "sara@example.com", "Seller")
	_, token := m.link(1, "sara@example.com")
	state, verified, body := linkState(t, m, "/api/auth/verify-email/check", token)
	if state != "valid" || verified == nil || *verified || strings.Contains(body, "sara") {
		t.Fatalf("a live verification link: %s", body)
	}
	if rec := m.postJSON("/api/auth/verify-email", sess.AccessToken, map[string]string{"token": token}); rec.Code != http.StatusOK {
		t.Fatalf("verify: %d %s", rec.Code, rec.Body)
	}
	state, verified, body = linkState(t, m, "/api/auth/verify-email/check", token)
	if state != "used" || verified == nil || !*verified {
		t.Errorf("a used verification link: %s", body)
	}
	// an unknown link says nothing of any account
	state, verified, body = linkState(t, m, "/api/auth/verify-email/check", strings.Repeat("Q", 43))
	if state != "unknown" || verified != nil {
		t.Errorf("an unknown verification link: %s", body)
	}
	// an account that changed its email: its old links are unknown
	m.exec(`UPDATE users SET email = 'sara.new@example.com' WHERE id = $1`, sess.User.ID)
	if state, _, _ := linkState(t, m, "/api/auth/verify-email/check", token); state != "unknown" {
		t.Errorf("a link of an address the account left: %s", state)
	}
}

// Checks count against the client address like the other recovery
// requests: 20, then 429 with Retry-After; another address is not held up.
func TestLinkChecksAreThrottledPerAddress(t *testing.T) {
	t.Parallel()
	m := trustingServerWith(t, nil)
	made := strings.Repeat("A", 43)
	for i := 0; i < 20; i++ {
		if rec := m.postJSONFrom("203.0.113.7", "/api/auth/reset/check", map[string]string{"token": made}); rec.Code != http.StatusOK {
			t.Fatalf("check %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := m.postJSONFrom("203.0.113.7", "/api/auth/verify-email/check", map[string]string{"token": made})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
	}
	if rec := m.postJSONFrom("203.0.113.8", "/api/auth/reset/check", map[string]string{"token": made}); rec.Code != http.StatusOK {
		t.Errorf("another address: %d", rec.Code)
	}
	// a cross-site page cannot ask
	h := http.Header{"Content-Type": {"application/json"}, "Origin": {"https://evil.example"}}
	if rec := m.do(http.MethodPost, "/api/auth/reset/check", strings.NewReader(`{"token":"`+made+`"}`), h); rec.Code != http.StatusForbidden {
		t.Errorf("cross-site: %d %s", rec.Code, rec.Body)
	}
}
