package auth_test

import (
	"regexp"
	"testing"

	"resale/auth"
)

func TestHandoverCodes(t *testing.T) {
	t.Parallel()
	secret := []byte("0123456789abcdef0123456789abcdef")
	h := auth.NewHandoverCodes(secret)
	nonce := []byte("sixteen byte nce")
	code := h.Code(7, nonce)
	if !regexp.MustCompile(`^[0-9]{6}$`).MatchString(code) {
		t.Fatalf("code %q is not six digits", code)
	}
	if h.Code(7, nonce) != code {
		t.Error("the same booking's code changed")
	}
	if !h.Check(7, nonce, code) {
		t.Error("its own code refused")
	}
	for _, bad := range []string{"", "12345", code + "0", " " + code} {
		if h.Check(7, nonce, bad) {
			t.Errorf("%q taken", bad)
		}
	}
	if h.Check(8, nonce, code) || h.Check(7, []byte("another nonce!!!"), code) || h.Check(7, nil, code) {
		t.Error("a code taken for another booking, nonce or none")
	}
	other := auth.NewHandoverCodes([]byte("another secret of thirty-two b.."))
	if other.Check(7, nonce, code) {
		t.Error("a code taken under another secret")
	}
	// codes spread over the six digits: 2,000 nonces give almost as many codes
	seen := map[string]bool{}
	for i := range 2000 {
		seen[h.Code(int64(i), nonce)] = true
	}
	if len(seen) < 1990 {
		t.Errorf("2000 bookings share %d codes", 2000-len(seen))
	}
}
