package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Issue #31 F12: sign-up and password change refuse passwords made from
// the account's email or name or the shop's name, and repeated or
// sequential ones, saying why under the field.
func TestPasswordsMadeFromTheAccountAreRefused(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	signup := func(password string) *httptest.ResponseRecorder {
		return s.postForm("/api/auth/signup", "", []string{"userName", "Rahim Uddin", "email", "rahim.uddin@example.com", "password", password, "role", "Buyer"},
			filePart{"image", "me.jpg", photoJPEG(t)})
	}
	for password, want := range map[string]string{
		"rahim.uddin@example.com": "must not be made from your email address or name",
		"RahimUddin2024":          "must not be made from your email address or name",
		"resale123":               "must not be made from the shop's name",
		"aaaaaaaa":                "is made of repeated or sequential characters (like aaaa, abcd or 1234); choose one that is harder to guess",
		"P@ssw0rd1":               "is a common password with letters swapped for look-alikes or a number added (like P@ssw0rd1); choose one that is harder to guess",
	} {
		if e := wantError(t, signup(password), http.StatusBadRequest, "invalid"); e.Fields["password"] != want {
			t.Errorf("sign-up with %q: fields %v, want password %q", password, e.Fields, want)
		}
	}
	sess := s.signup("Rahim Uddin", "rahim.uddin@example.com", "Buyer")
	put := func(newPassword string) *httptest.ResponseRecorder {
		return s.do(http.MethodPut, "/api/me/password", strings.NewReader(`{"currentPassword":"correct horse battery","newPassword":"`+newPassword+`"}`), bearer(sess.AccessToken))
	}
	for _, pw := range []string{"uddin2026!", "abcdefgh", "Resale2026"} {
		if e := wantError(t, put(pw), http.StatusBadRequest, "invalid"); e.Fields["newPassword"] == "" {
			t.Errorf("change to %q: %+v", pw, e)
		}
	}
	if rec := put("a brand new passphrase"); rec.Code != http.StatusOK {
		t.Errorf("a good new password: %d %s", rec.Code, rec.Body)
	}
}

// Issue #31 F16: PATCH /api/me takes every name sign-up takes (a Bangla
// conjunct written with a zero-width non-joiner) and refuses the same
// tricks.
func TestProfileNameFollowsTheSignupRules(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	const bangla = "ক্\u200cষ"
	sess := s.signup(bangla, "koksho@example.com", "Buyer")
	if sess.User.UserName != bangla {
		t.Fatalf("signed up as %q", sess.User.UserName)
	}
	patch := func(name string) *httptest.ResponseRecorder {
		body := `{"userName":"` + name + `"}`
		return s.do(http.MethodPatch, "/api/me", strings.NewReader(body), bearer(sess.AccessToken))
	}
	for _, name := range []string{bangla, "রহিম ক্\u200cষ", "👩\u200d💻 Mina"} {
		rec := patch(name)
		var got struct {
			User userWire `json:"user"`
		}
		decode(t, rec, &got)
		if rec.Code != http.StatusOK || got.User.UserName != name {
			t.Errorf("PATCH name %q: %d %s", name, rec.Code, rec.Body)
		}
	}
	for _, name := range []string{"Ra\u202ehim", "Ra\u200bhim", "Ra\u200dhim", "\u200cক", "ক\u200c", "Ra\u2066him", "Ra\U000e0041him"} {
		if e := wantError(t, patch(name), http.StatusBadRequest, "invalid"); e.Fields["userName"] == "" {
			t.Errorf("PATCH name %q: %+v", name, e)
		}
	}
}

// Issue #31 F12: a reset knows the account only from its link; a
// password made from the account's words is refused then, and the link
// still works for a better one.
func TestResetRefusesThePasswordsOfTheAccountsWords(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Rahim Uddin", "rahim.uddin@example.com", "Buyer")
	token := s.resetLink(sess.User.ID)
	for _, pw := range []string{"RahimUddin2024", "rahim.uddin@example.com", "Resale2026", "zzzzzzzzzz"} {
		rec := s.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": pw})
		if e := wantError(t, rec, http.StatusBadRequest, "invalid"); e.Fields["password"] == "" {
			t.Errorf("reset to %q: %+v", pw, e)
		}
	}
	if rec := s.postJSON("/api/auth/reset", "", map[string]string{"token": token, "password": "a brand new passphrase"}); rec.Code != http.StatusOK {
		t.Errorf("the link after refused passwords: %d %s", rec.Code, rec.Body)
	}
}
