package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

type phoneCodeWire struct {
	Phone      string `json:"phone"`
	ExpiresAt  string `json:"expiresAt"`
	RetryAfter int    `json:"retryAfter"`
}

// #35 the whole way: a buyer verifies a phone written the local way with
// the code the stand-in got, and later signs in with only the phone and a
// new code.
func TestPhoneVerifyThenSignInWithACode(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	bea := m.signup("Bea Buyer", "bea@example.com", "Buyer")
	const ip = "198.51.100.7"

	rec := m.post(ip, "/api/me/phone", bea.AccessToken, map[string]string{"phone": "০১৭১২-৩৪৫৬৭৮"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("asking for a code: %d %s", rec.Code, rec.Body)
	}
	var pc phoneCodeWire
	decode(t, rec, &pc)
	if pc.Phone != "+8801712345678" || pc.RetryAfter != 60 || pc.ExpiresAt == "" {
		t.Fatalf("202 = %+v", pc)
	}
	code := m.code(pc.Phone, 1)
	if text := m.gw.To(pc.Phone)[0].Text; !strings.Contains(text, "Laptop Haat") || !strings.Contains(text, "shop.example.com") || len(text) > 160 {
		t.Errorf("the SMS %q should name the shop and its address, in one message", text)
	}
	rec = m.post(ip, "/api/me/phone/verify", bea.AccessToken, map[string]string{"code": code})
	if rec.Code != http.StatusOK {
		t.Fatalf("verifying: %d %s", rec.Code, rec.Body)
	}
	var v struct {
		User userWire `json:"user"`
	}
	decode(t, rec, &v)
	if !v.User.PhoneVerified || v.User.Phone != "+8801712345678" {
		t.Fatalf("after verifying, user = %+v", v.User)
	}

	// later (past the minute between codes to a number), from another
	// device: the phone and a code, no password
	m.exec(`UPDATE sms_requests SET at = at - interval '2 minutes'`)
	rec = m.post(ip, "/api/auth/phone", "", map[string]string{"phone": "+880 1712 345678"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("asking for a sign-in code: %d %s", rec.Code, rec.Body)
	}
	code = m.code(pc.Phone, 2)
	rec = m.post(ip, "/api/auth/phone/verify", "", map[string]string{"phone": "8801712345678", "code": code})
	if rec.Code != http.StatusOK {
		t.Fatalf("signing in: %d %s", rec.Code, rec.Body)
	}
	var sess sessionWire
	decode(t, rec, &sess)
	if sess.AccessToken == "" || sess.User.ID != bea.User.ID {
		t.Fatalf("session = %+v, want Bea's", sess)
	}
	if rec := m.do(http.MethodGet, "/api/me", nil, bearer(sess.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("the new session: %d", rec.Code)
	}
	// the code is spent
	rec = m.post(ip, "/api/auth/phone/verify", "", map[string]string{"phone": "8801712345678", "code": code})
	wantError(t, rec, http.StatusUnauthorized, "unauthorized")
}

// fieldOf is the field problem of a 400.
func fieldOf(t *testing.T, rec *httptest.ResponseRecorder, field string) string {
	t.Helper()
	e := wantError(t, rec, http.StatusBadRequest, "invalid")
	return e.Fields[field]
}

// A code ends after five wrong tries, each answer saying how many are
// left, and after five minutes; with none live the answer asks for a new
// one.
func TestPhoneCodeEndsAfterFiveTriesAndFiveMinutes(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	_, token := m.account("Nadia", "Buyer")
	const ip, phone = "198.51.100.1", "+8801712345678"
	if rec := m.post(ip, "/api/me/phone", token, map[string]string{"phone": "01712345678"}); rec.Code != http.StatusAccepted {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	code := m.code(phone, 1)
	wrong := "000000"
	if code == wrong {
		wrong = "000001"
	}
	for _, want := range []string{"is wrong: 4 tries left", "is wrong: 3 tries left", "is wrong: 2 tries left", "is wrong: 1 try left",
		"is wrong, and that was the last try: ask for a new code"} {
		if got := fieldOf(t, m.post(ip, "/api/me/phone/verify", token, map[string]string{"code": wrong}), "code"); got != want {
			t.Errorf("a wrong code: %q, want %q", got, want)
		}
	}
	const askAgain = "has expired or was used up: ask for a new code"
	if got := fieldOf(t, m.post(ip, "/api/me/phone/verify", token, map[string]string{"code": code}), "code"); got != askAgain {
		t.Errorf("the right code after five wrong ones: %q", got)
	}

	m.earlier()
	if rec := m.post(ip, "/api/me/phone", token, map[string]string{"phone": phone}); rec.Code != http.StatusAccepted {
		t.Fatalf("a new code: %d %s", rec.Code, rec.Body)
	}
	code = m.code(phone, 2)
	m.exec(`UPDATE phone_codes SET expires_at = now() - interval '1 second'`) // five minutes later
	if got := fieldOf(t, m.post(ip, "/api/me/phone/verify", token, map[string]string{"code": code}), "code"); got != askAgain {
		t.Errorf("the right code, expired: %q", got)
	}
	_, never := m.account("Omar", "Buyer")
	if got := fieldOf(t, m.post(ip, "/api/me/phone/verify", never, map[string]string{"code": "123456"}), "code"); got != askAgain {
		t.Errorf("no code ever asked: %q", got)
	}
	var u userWire
	decode(t, m.do(http.MethodGet, "/api/me", nil, bearer(token)), &u)
	if u.PhoneVerified {
		t.Error("verified without a right live code")
	}
}

// Twenty wrong guesses at once: the tries are counted under the code's
// lock, so exactly five are checked and the rest find no live code.
func TestPhoneCodeGuessesAtOnceAreFive(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	_, token := m.account("Nadia", "Buyer")
	const phone = "+8801812345678"
	if rec := m.post("198.51.100.1", "/api/me/phone", token, map[string]string{"phone": phone}); rec.Code != http.StatusAccepted {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	code := m.code(phone, 1)
	wrong := "999999"
	if code == wrong {
		wrong = "999998"
	}
	var wg sync.WaitGroup
	statuses := make(chan int, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- postAt(m.handler, fmt.Sprintf("198.51.100.%d", 10+i), "/api/me/phone/verify", token, map[string]string{"code": wrong})
		}()
	}
	wg.Wait()
	close(statuses)
	for st := range statuses {
		if st != http.StatusBadRequest {
			t.Errorf("a wrong guess: %d", st)
		}
	}
	var tries int
	if err := m.pool.QueryRow(context.Background(), `SELECT tries FROM phone_codes`).Scan(&tries); err != nil || tries != 5 {
		t.Fatalf("tries = %d (%v), want 5", tries, err)
	}
	if got := fieldOf(t, m.post("198.51.100.1", "/api/me/phone/verify", token, map[string]string{"code": code}), "code"); !strings.Contains(got, "ask for a new code") {
		t.Errorf("the right code after the guesses: %q", got)
	}
}
