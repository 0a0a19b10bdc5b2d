package api_test

import (
	"net/http"
	"strings"
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
