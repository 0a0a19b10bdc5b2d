package auth_test

import (
	"bytes"
	"regexp"
	"testing"

	"resale/auth"
)

func TestPhoneCodes(t *testing.T) {
	t.Parallel()
	p := auth.NewPhoneCodes([]byte("0123456789abcdef0123456789abcdef"))
	seen := map[string]bool{}
	for range 200 {
		code, err := p.New()
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^[0-9]{6}$`).MatchString(code) {
			t.Fatalf("code %q is not six digits", code)
		}
		seen[code] = true
	}
	if len(seen) < 190 {
		t.Errorf("200 codes drawn, only %d different", len(seen))
	}
	h := p.Hash("+8801712345678", "login", "123456")
	if len(h) != 32 || bytes.Contains(h, []byte("123456")) {
		t.Fatalf("hash %x", h)
	}
	if !p.Check("+8801712345678", "login", "123456", h) {
		t.Error("its own code refused")
	}
	for _, c := range [][3]string{{"+8801712345678", "login", "123457"}, {"+8801712345679", "login", "123456"}, {"+8801712345678", "verify", "123456"}} {
		if p.Check(c[0], c[1], c[2], h) {
			t.Errorf("%v taken", c)
		}
	}
	sealed, err := p.Seal("654321")
	if err != nil || bytes.Contains(sealed, []byte("654321")) {
		t.Fatalf("sealed %x, %v", sealed, err)
	}
	if code, err := p.Open(sealed); err != nil || code != "654321" {
		t.Fatalf("opened %q, %v", code, err)
	}
	other := auth.NewPhoneCodes([]byte("another secret of thirty-two b.."))
	if _, err := other.Open(sealed); err == nil {
		t.Error("opened under another secret")
	}
	if other.Check("+8801712345678", "login", "123456", h) {
		t.Error("a code checked under another secret")
	}
}
