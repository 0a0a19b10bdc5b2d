package api_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"resale/jobs"
)

// #35 the same answer whether or not a number is known: a number an
// account proved, one only typed into a profile, and one nobody has get
// the same status and body, and the same work (a code row each); only
// the proved one gets an SMS, and only its code signs in.
func TestPhoneSignInAnswersTheSameForAnyNumber(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	proved, _ := m.account("Proved", "Buyer")
	m.verify(proved, "+8801711000001")
	typed, _ := m.account("Typed", "Buyer")
	m.exec(`UPDATE users SET phone = '+8801711000002' WHERE id = $1`, typed.ID)
	var bodies []string
	for i, phone := range []string{"01711000001", "01711000002", "01711000003"} {
		rec := m.post("198.51.100."+string(rune('1'+i)), "/api/auth/phone", "", map[string]string{"phone": phone})
		if rec.Code != http.StatusAccepted {
			t.Fatalf("%s: %d %s", phone, rec.Code, rec.Body)
		}
		bodies = append(bodies, rec.Body.String())
	}
	if bodies[0] != bodies[1] || bodies[1] != bodies[2] {
		t.Fatalf("the answers differ: %q", bodies)
	}
	var rows, owned int
	if err := m.pool.QueryRow(context.Background(), `SELECT count(*), count(user_id) FROM phone_codes WHERE purpose = 'login'`).Scan(&rows, &owned); err != nil || rows != 3 || owned != 1 {
		t.Fatalf("%d codes made, %d of them an account's (%v); want 3 and 1", rows, owned, err)
	}
	m.settle("sms_phone_code")
	msgs := m.gw.Messages()
	if len(msgs) != 1 || msgs[0].To != "+8801711000001" {
		t.Fatalf("the stand-in got %+v, want one code to the proved number", msgs)
	}
	unknown := wantError(t, m.post("198.51.100.9", "/api/auth/phone/verify", "", map[string]string{"phone": "01711000003", "code": "123456"}), http.StatusUnauthorized, "unauthorized")
	wrong := wantError(t, m.post("198.51.100.9", "/api/auth/phone/verify", "", map[string]string{"phone": "01711000001", "code": "000000"}), http.StatusUnauthorized, "unauthorized")
	if unknown.Message != wrong.Message {
		t.Errorf("an unknown number says %q, a wrong code %q", unknown.Message, wrong.Message)
	}
	code := m.code("+8801711000001", 1)
	rec := m.post("198.51.100.9", "/api/auth/phone/verify", "", map[string]string{"phone": "+880 1711-000001", "code": code})
	if rec.Code != http.StatusOK {
		t.Fatalf("the right code: %d %s", rec.Code, rec.Body)
	}
}

// Wrong codes are throttled as wrong passwords are (store.ReserveAttempt
// per number and address, number, address): after five from one address
// the next waits, even with the right code; a suspended account's right
// code is refused as its password would be, a deleted one's is 401.
func TestPhoneSignInThrottlesAndRefusals(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	u, _ := m.account("Nadia", "Buyer")
	m.verify(u, "+8801711000001")
	const ip = "198.51.100.5"
	if rec := m.post(ip, "/api/auth/phone", "", map[string]string{"phone": "01711000001"}); rec.Code != http.StatusAccepted {
		t.Fatal(rec.Code)
	}
	code := m.code("+8801711000001", 1)
	for i := range 5 {
		guess := "00000" + string(rune('0'+i))
		if guess == code {
			guess = "111111"
		}
		wantError(t, m.post(ip, "/api/auth/phone/verify", "", map[string]string{"phone": "01711000001", "code": guess}), http.StatusUnauthorized, "unauthorized")
	}
	rec := m.post(ip, "/api/auth/phone/verify", "", map[string]string{"phone": "01711000001", "code": code})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}

	m.earlier()
	m.exec(`UPDATE users SET suspended_until = $1, suspension_reason = 'spam' WHERE id = $2`, time.Now().Add(24*time.Hour), u.ID)
	if rec := m.post("198.51.100.6", "/api/auth/phone", "", map[string]string{"phone": "01711000001"}); rec.Code != http.StatusAccepted {
		t.Fatal(rec.Code)
	}
	code = m.code("+8801711000001", 2)
	wantError(t, m.post("198.51.100.6", "/api/auth/phone/verify", "", map[string]string{"phone": "01711000001", "code": code}), http.StatusForbidden, "suspended")

	m.earlier()
	m.exec(`UPDATE users SET suspended_until = NULL WHERE id = $1`, u.ID)
	if rec := m.post("198.51.100.7", "/api/auth/phone", "", map[string]string{"phone": "01711000001"}); rec.Code != http.StatusAccepted {
		t.Fatal(rec.Code)
	}
	code = m.code("+8801711000001", 3)
	m.exec(`UPDATE users SET deleted_at = now() WHERE id = $1`, u.ID)
	wantError(t, m.post("198.51.100.7", "/api/auth/phone/verify", "", map[string]string{"phone": "01711000001", "code": code}), http.StatusUnauthorized, "unauthorized")
}

// Without SMS_URL the phone routes say SMS is off, and /api/config too.
func TestPhoneRoutesWithSMSOff(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	u := s.signup("Nadia", "nadia@example.com", "Buyer")
	wantError(t, s.postJSON("/api/me/phone", u.AccessToken, map[string]string{"phone": "01712345678"}), http.StatusServiceUnavailable, "sms_off")
	wantError(t, s.postJSON("/api/auth/phone", "", map[string]string{"phone": "01712345678"}), http.StatusServiceUnavailable, "sms_off")
	var cfg struct {
		SMS *bool `json:"sms"`
	}
	decode(t, s.get("/api/config"), &cfg)
	if cfg.SMS == nil || *cfg.SMS {
		t.Errorf("config sms = %v, want false", cfg.SMS)
	}
	m := newSMSShop(t, nil, nil)
	decode(t, m.get("/api/config"), &cfg)
	if cfg.SMS == nil || !*cfg.SMS {
		t.Errorf("with SMS, config sms = %v", cfg.SMS)
	}
}

// A gateway that fails is asked again, and the code goes once.
func TestPhoneCodeSentOnceThroughAFailingGateway(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, func(o *jobs.Options) { o.RetryBase = 10 * time.Millisecond })
	m.gw.FailNext(2)
	_, token := m.account("Nadia", "Buyer")
	if rec := m.post("198.51.100.1", "/api/me/phone", token, map[string]string{"phone": "01712345678"}); rec.Code != http.StatusAccepted {
		t.Fatal(rec.Code)
	}
	code := m.code("+8801712345678", 1)
	m.settle("sms_phone_code")
	if n := len(m.gw.Messages()); n != 1 {
		t.Fatalf("%d messages, want the code once", n)
	}
	var sent int
	if err := m.pool.QueryRow(context.Background(), `SELECT sent FROM sms_days`).Scan(&sent); err != nil || sent != 1 {
		t.Fatalf("counted %d against the day (%v), want 1", sent, err)
	}
	if rec := m.post("198.51.100.1", "/api/me/phone/verify", token, map[string]string{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}
