package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"resale/auth"
	"resale/store"
)

// verifyLink writes a verification link for the account, as sign-up and
// resend do, and returns its token (the email itself is tested in
// account_recovery_test.go).
func verifyLink(t *testing.T, s *testServer, userID string) string {
	t.Helper()
	id, err := strconv.ParseInt(userID, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	tokens := auth.NewAccountTokens(testKey)
	salt, hash := tokens.New()
	if _, err := s.store.CreateAccountToken(context.Background(), store.NewAccountToken{UserID: id, Purpose: store.PurposeVerifyEmail, Salt: salt, Hash: hash}); err != nil {
		t.Fatal(err)
	}
	return tokens.Token(salt)
}

// verifiedWire is the answer of POST /api/auth/verify-email.
type verifiedWire struct {
	User        userWire `json:"user"`
	AccessToken string   `json:"accessToken"`
}

// proofNeededWire is its 409: the error and whose address the link is.
type proofNeededWire struct {
	Message string `json:"message"`
	Code    string `json:"code"`
	Email   string `json:"email"`
}

func (s *testServer) verifyWith(session string, body map[string]string) (*httptest.ResponseRecorder, verifiedWire) {
	s.t.Helper()
	rec := s.postJSON("/api/auth/verify-email", session, body)
	var out verifiedWire
	if rec.Code == http.StatusOK {
		decode(s.t, rec, &out)
	}
	return rec, out
}

// wantProofNeeded checks the 409 of a link that is not enough alone.
func wantProofNeeded(t *testing.T, rec *httptest.ResponseRecorder, email string) {
	t.Helper()
	var e proofNeededWire
	decode(t, rec, &e)
	if rec.Code != http.StatusConflict || e.Code != "password_needed" || e.Email != email || e.Message == "" {
		t.Fatalf("want 409 password_needed for %s: %d %s", email, rec.Code, rec.Body)
	}
}

func (s *testServer) loginCode(email, password string) int {
	s.t.Helper()
	return s.postJSON("/api/auth/login", "", map[string]string{"email": email, "password": password}).Code
}

func (s *testServer) meAs(token string) (int, userWire) {
	s.t.Helper()
	rec := s.getAs("/api/me", token)
	var u userWire
	if rec.Code == http.StatusOK {
		decode(s.t, rec, &u)
	}
	return rec.Code, u
}

// F9: a verification link of someone else's account, opened in my
// signed-in browser, never hands out a session for that account nor
// touches mine; with that account's password it verifies the address and
// still signs nobody in.
func TestVerifyLinkOfAnotherAccountNeverSwitchesTheBrowser(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	attacker := s.signup("Mallory", "mallory@example.com", "Buyer")
	victim := s.signup("Vera", "vera@example.com", "Buyer")
	link := verifyLink(t, s, attacker.User.ID)

	for _, session := range []string{victim.AccessToken, ""} {
		rec, _ := s.verifyWith(session, map[string]string{"token": link})
		wantProofNeeded(t, rec, "mallory@example.com")
	}
	if code, u := s.meAs(victim.AccessToken); code != http.StatusOK || u.Email != "vera@example.com" {
		t.Fatalf("the victim's session: %d %+v", code, u)
	}
	if code, u := s.meAs(attacker.AccessToken); code != http.StatusOK || u.EmailVerified {
		t.Fatalf("the link alone changed the attacker's account: %d %+v", code, u)
	}

	// with the account's password, from the victim's browser: verified,
	// no token for it, the victim still signed in as herself
	rec, got := s.verifyWith(victim.AccessToken, map[string]string{"token": link, "password": "correct horse battery"})
	if rec.Code != http.StatusOK || got.AccessToken != "" || !got.User.EmailVerified || got.User.Email != "mallory@example.com" {
		t.Fatalf("verify with the password beside another session: %d %s", rec.Code, rec.Body)
	}
	if code, u := s.meAs(victim.AccessToken); code != http.StatusOK || u.Email != "vera@example.com" {
		t.Fatalf("the victim's session after: %d %+v", code, u)
	}

	// nor does "I did not create this account" switch it
	other := s.signup("Mallory Two", "mallory2@example.com", "Buyer")
	link2 := verifyLink(t, s, other.User.ID)
	rec, got = s.verifyWith(victim.AccessToken, map[string]string{"token": link2, "newPassword": "a passphrase of my own"})
	if rec.Code != http.StatusOK || got.AccessToken != "" || got.User.Email != "mallory2@example.com" {
		t.Fatalf("a take-over beside another session: %d %s", rec.Code, rec.Body)
	}
	if code, u := s.meAs(victim.AccessToken); code != http.StatusOK || u.Email != "vera@example.com" {
		t.Fatalf("the victim's session after the take-over: %d %+v", code, u)
	}
}

// F10: my own link opened signed out (another device, a mail scanner
// that runs the page) changes nothing until I give my password; then my
// email is verified and my password and sessions stay.
func TestOwnVerifyLinkSignedOutKeepsThePassword(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner := s.signup("Nadia", "nadia@example.com", "Buyer")
	link := verifyLink(t, s, owner.User.ID)

	for range 3 { // a scanner, a preview, a second device
		rec, _ := s.verifyWith("", map[string]string{"token": link})
		wantProofNeeded(t, rec, "nadia@example.com")
	}
	if code := s.loginCode("nadia@example.com", "correct horse battery"); code != http.StatusOK {
		t.Fatalf("the owner's password after the link was opened signed out: %d", code)
	}
	if code, u := s.meAs(owner.AccessToken); code != http.StatusOK || u.EmailVerified {
		t.Fatalf("the owner's session: %d %+v", code, u)
	}

	// a wrong password is refused and spends nothing
	rec, _ := s.verifyWith("", map[string]string{"token": link, "password": "not my password"})
	if e := wantError(t, rec, http.StatusBadRequest, "invalid"); e.Fields["password"] == "" {
		t.Fatalf("wrong password: %+v", e)
	}
	rec, got := s.verifyWith("", map[string]string{"token": link, "password": "correct horse battery"})
	if rec.Code != http.StatusOK || !got.User.EmailVerified || got.AccessToken == "" {
		t.Fatalf("verify with the password: %d %s", rec.Code, rec.Body)
	}
	if code, u := s.meAs(got.AccessToken); code != http.StatusOK || u.Email != "nadia@example.com" {
		t.Fatalf("the new session: %d %+v", code, u)
	}
	if code, _ := s.meAs(owner.AccessToken); code != http.StatusOK {
		t.Errorf("the earlier session ended: %d", code)
	}
	if code := s.loginCode("nadia@example.com", "correct horse battery"); code != http.StatusOK {
		t.Errorf("the password after verifying: %d", code)
	}
	// the link worked once
	rec, _ = s.verifyWith("", map[string]string{"token": link, "password": "correct horse battery"})
	wantError(t, rec, http.StatusBadRequest, "token_unusable")
}

// The link's own session is still enough alone (API.md: 200 {user}), and
// a take-over of an address proven already is refused.
func TestVerifyLinkWithItsOwnSession(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner := s.signup("Rahim", "rahim@example.com", "Seller")
	link := verifyLink(t, s, owner.User.ID)
	spare := verifyLink(t, s, owner.User.ID)
	rec, got := s.verifyWith(owner.AccessToken, map[string]string{"token": link})
	if rec.Code != http.StatusOK || !got.User.EmailVerified || got.AccessToken != "" || got.User.Role != "Seller" {
		t.Fatalf("verify: %d %s", rec.Code, rec.Body)
	}
	if code, _ := s.meAs(owner.AccessToken); code != http.StatusOK {
		t.Errorf("the session after verifying: %d", code)
	}
	// the other link died with the proof
	rec, _ = s.verifyWith("", map[string]string{"token": spare})
	wantError(t, rec, http.StatusBadRequest, "token_unusable")

	// a link of a proven account (a reset proves it too, and leaves the
	// verification links) proves nothing more and takes nothing over
	late := verifyLink(t, s, owner.User.ID)
	rec, _ = s.verifyWith("", map[string]string{"token": late, "newPassword": "a passphrase of my own"})
	wantError(t, rec, http.StatusConflict, "already_verified")
	if code := s.loginCode("rahim@example.com", "correct horse battery"); code != http.StatusOK {
		t.Errorf("the password after a refused take-over: %d", code)
	}
	rec, got = s.verifyWith("", map[string]string{"token": late})
	if rec.Code != http.StatusOK || got.AccessToken != "" || !got.User.EmailVerified {
		t.Fatalf("a proven account's link: %d %s", rec.Code, rec.Body)
	}
}

// Wrong passwords given with a link count against the log-in's throttle
// keys: a burst from one address has at most five checked, the right one
// inside it is refused too, log-in from there waits as well, and the link
// survives every attempt.
func TestVerifyLinkPasswordsAreThrottledLikeLogIns(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner := s.signup("Karim", "karim@example.com", "Buyer")
	link := verifyLink(t, s, owner.User.ID)

	const n = 12
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = s.postJSON("/api/auth/verify-email", "", map[string]string{"token": link, "password": "guess number " + strconv.Itoa(i)}).Code
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	if count[http.StatusBadRequest] > store.LoginLockThreshold || count[http.StatusBadRequest]+count[http.StatusTooManyRequests] != n {
		t.Fatalf("answers to %d concurrent wrong passwords: %v", n, count)
	}
	rec, _ := s.verifyWith("", map[string]string{"token": link, "password": "correct horse battery"})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if code := s.loginCode("karim@example.com", "correct horse battery"); code != http.StatusTooManyRequests {
		t.Errorf("log-in from the same address after the link's wrong passwords: %d", code)
	}
	// nothing spent: the owner's own session still verifies with the link
	rec, got := s.verifyWith(owner.AccessToken, map[string]string{"token": link})
	if rec.Code != http.StatusOK || !got.User.EmailVerified {
		t.Fatalf("the owner's session after the guesses: %d %s", rec.Code, rec.Body)
	}
}

// Two take-overs of one link at once: one wins, the other finds the link
// spent; the winner's password is the account's.
func TestConcurrentTakeOversOfOneLink(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	impostor := s.signup("Not Lina", "lina@example.com", "Buyer")
	link := verifyLink(t, s, impostor.User.ID)
	passwords := []string{"first owner passphrase", "second owner passphrase"}
	codes := make([]int, len(passwords))
	var wg sync.WaitGroup
	for i, p := range passwords {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = s.postJSON("/api/auth/verify-email", "", map[string]string{"token": link, "newPassword": p}).Code
		}()
	}
	wg.Wait()
	won := -1
	for i, c := range codes {
		switch c {
		case http.StatusOK:
			if won >= 0 {
				t.Fatalf("both took over: %v", codes)
			}
			won = i
		case http.StatusBadRequest:
		default:
			t.Fatalf("answers: %v", codes)
		}
	}
	if won < 0 {
		t.Fatalf("nobody took over: %v", codes)
	}
	if code := s.loginCode("lina@example.com", passwords[won]); code != http.StatusOK {
		t.Errorf("the winner's password: %d", code)
	}
	if code := s.loginCode("lina@example.com", passwords[1-won]); code != http.StatusUnauthorized {
		t.Errorf("the loser's password: %d", code)
	}
}

// The pre-hijack defence, by the new route: someone registers the
// owner's address, chooses a password and sets the account up (Seller,
// verified by an admin, a phone, emails off, a saved search, a favourite,
// a block, a live ticket); the owner opens the link signed out and says
// "I did not create this account". The impostor's password, sessions and
// ticket end, and what they set goes back to a new account's (F11).
func TestTakeOverEndsTheImpostorAndResetsWhatTheySet(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	impostor := m.signup("Not Nadia", "nadia@example.com", "Seller")
	ticket := impostorSetsUp(t, m, impostor, pid)
	link := verifyLink(t, m.testServer, impostor.User.ID)
	rec, _ := m.verifyWith("", map[string]string{"token": link})
	wantProofNeeded(t, rec, "nadia@example.com")
	rec, got := m.verifyWith("", map[string]string{"token": link, "newPassword": "nadia's own passphrase"})
	if rec.Code != http.StatusOK || got.AccessToken == "" || !got.User.EmailVerified || got.User.ID != impostor.User.ID {
		t.Fatalf("take-over: %d %s", rec.Code, rec.Body)
	}

	checkImpostorEnded(t, m, impostor.AccessToken, ticket)
	checkImpostorsChoicesReset(t, m, got.AccessToken, impostor.User.ID, pid)
}

// impostorSetsUp: the impostor sets a phone, mail settings, a saved
// search, a favourite and a block, and is verified as a seller; others'
// choices about the account are made too. It returns the impostor's live
// ticket.
func impostorSetsUp(t *testing.T, m *market, impostor sessionWire, pid string) string {
	t.Helper()
	tok := impostor.AccessToken
	send := func(method, path string, body any) {
		t.Helper()
		var rec *httptest.ResponseRecorder
		if body == nil {
			rec = m.do(method, path, nil, bearer(tok))
		} else {
			rec = m.send(method, path, tok, body)
		}
		if rec.Code >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
	}
	send(http.MethodPatch, "/api/me", map[string]any{"phone": "01700000000"})
	send(http.MethodPut, "/api/me/notification-settings", map[string]any{"email": map[string]bool{"booking_received": false, "payment_received": false, "message_received": false}})
	send(http.MethodPost, "/api/saved-searches", map[string]string{"query": "q=macbook", "frequency": "instant"})
	send(http.MethodPut, "/api/favourites/"+pid, nil)
	send(http.MethodPut, "/api/users/"+m.buyer.User.ID+"/block", nil)
	if rec := m.do(http.MethodPut, "/api/users/nadia@example.com", nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("admin verifies the seller: %d %s", rec.Code, rec.Body)
	}
	// someone else's choices are not the impostor's, and stay
	m.do(http.MethodPut, "/api/users/"+impostor.User.ID+"/block", nil, bearer(m.otherBuyer.AccessToken))
	m.do(http.MethodPut, "/api/favourites/"+pid, nil, bearer(m.buyer.AccessToken))
	return m.liveTicket(tok)
}

// checkImpostorEnded: the impostor's session, password and live ticket
// no longer work; the owner's password does.
func checkImpostorEnded(t *testing.T, m *market, tok, ticket string) {
	t.Helper()
	if code, _ := m.meAs(tok); code != http.StatusUnauthorized {
		t.Errorf("the impostor's session: %d", code)
	}
	if code := m.loginCode("nadia@example.com", "correct horse battery"); code != http.StatusUnauthorized {
		t.Errorf("the impostor's password: %d", code)
	}
	if code := m.streamAnswer(ticket); code != http.StatusUnauthorized {
		t.Errorf("the impostor's live ticket: %d", code)
	}
	if code := m.loginCode("nadia@example.com", "nadia's own passphrase"); code != http.StatusOK {
		t.Errorf("the owner's password: %d", code)
	}

}

// checkImpostorsChoicesReset: what the impostor set is gone, what others
// chose about the account stays.
func checkImpostorsChoicesReset(t *testing.T, m *market, owner, impostorID, pid string) {
	t.Helper()
	code, u := m.meAs(owner)
	if code != http.StatusOK || u.Role != "Buyer" || u.Phone != "" || u.UserPhoto != "" || u.Verify != "" {
		t.Errorf("the account after the take-over: %d %+v", code, u)
	}
	var settings struct {
		Email map[string]bool `json:"email"`
	}
	decode(t, m.getAs("/api/me/notification-settings", owner), &settings)
	for kind, on := range settings.Email {
		if !on {
			t.Errorf("email %s still off", kind)
		}
	}
	if body := m.getAs("/api/saved-searches", owner).Body.String(); body != "[]\n" {
		t.Errorf("saved searches: %s", body)
	}
	if body := m.getAs("/api/favourites/ids", owner).Body.String(); body != "[]\n" {
		t.Errorf("favourites: %s", body)
	}
	var blocks, theirs int
	if err := m.pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE blocker_id = $1), count(*) FILTER (WHERE blocked_id = $1) FROM user_blocks`,
		impostorID).Scan(&blocks, &theirs); err != nil {
		t.Fatal(err)
	}
	if blocks != 0 || theirs != 1 {
		t.Errorf("blocks by the account %d (want 0), of it by others %d (want 1)", blocks, theirs)
	}
	if body := m.getAs("/api/favourites/ids", m.buyer.AccessToken).Body.String(); body != "[\""+pid+"\"]\n" {
		t.Errorf("another buyer's favourites: %s", body)
	}
}

// liveTicket mints a live-update ticket for the session.
func (s *testServer) liveTicket(token string) string {
	s.t.Helper()
	rec := s.do(http.MethodPost, "/api/events/ticket", nil, bearer(token))
	var out struct {
		Ticket string `json:"ticket"`
	}
	decode(s.t, rec, &out)
	if rec.Code != http.StatusOK || out.Ticket == "" {
		s.t.Fatalf("ticket: %d %s", rec.Code, rec.Body)
	}
	return out.Ticket
}

// streamAnswer opens the live stream with a ticket and says how it was
// answered; a stream that opens is cut after a moment (200).
func (s *testServer) streamAnswer(ticket string) int {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, http.MethodGet, "/api/events?ticket="+ticket, nil)
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, req)
	return rec.Code
}
