package auth_test

import (
	"strings"
	"testing"

	"resale/auth"
)

// Issue #31 F12: passwords made of repeated or sequential characters, of
// a common password in disguise, or of the account's or the shop's words
// are refused, each saying why; passphrases pass.
func TestPasswordProblemFor(t *testing.T) {
	pc := auth.PasswordContext{Email: "rahim.uddin@example.com", Name: "Rahim Uddin", Shop: []string{"Laptop Haat"}}
	const (
		trivial  = "is made of repeated or sequential characters"
		variant  = "is a common password with letters swapped"
		personal = "must not be made from your email address or name"
		shop     = "must not be made from the shop's name"
		common   = "is one of the most common passwords"
	)
	for _, c := range []struct {
		password, want string
	}{
		// refused before: the length, the list
		{"short", "must be at least 8 characters"},
		{"password1", common},
		{"12345678", common},
		// repeated and sequential characters
		{"aaaaaaaa", trivial},
		{"zzzzzzzzzz", trivial},
		{"abcdefgh", trivial},
		{"ABCDEFGHI", trivial},
		{"hgfedcba", trivial},
		{"qwertyui", common},
		{"poiuytrewq!", trivial},
		{"asdfghjkl;", trivial},
		{"1234abcd", common},
		{"4321dcba", trivial},
		{"abababab", trivial},
		{"abcdabcd", trivial},
		{"aaaa1234", trivial},
		{"98765432", trivial},
		// common passwords in disguise
		{"P@ssw0rd1", variant},
		{"Password!", variant},
		{"p4ssw0rd2026", variant},
		{"Sunsh1ne!!", variant},
		// the account's words
		{"rahim.uddin@example.com", personal},
		{"Rahim.Uddin@example.com1", personal},
		{"rahim2024", personal},
		{"uddin123!", personal},
		{"RahimUddin", personal},
		{"r@h1muddin", personal},
		// the shop's
		{"resale123", shop},
		{"Resale2026", shop},
		{"r3s@le2026", shop},
		{"laptophaat1", shop},
		{"haat haat 99", shop},
		// passphrases and random ones pass
		{"correct horse battery", ""},
		{"a brand new passphrase", ""},
		{"Zebra-crossing-99", ""},
		{"rahim loves green tea", ""},
		{"first rst xyz quilt", ""},
		{"eight888", ""},
		{"K7#vq!2zLp", ""},
		{"পাসওয়ার্ডটি", ""},
		{strings.Repeat("tiger lily ", 20), ""},
	} {
		got := auth.PasswordProblemFor(c.password, pc)
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("PasswordProblemFor(%q) = %q, want %q", c.password, got, c.want)
		}
	}
	// without an account (a sign-up form's name is its context too): the
	// shop's name is still refused
	if got := auth.PasswordProblemFor("resale2024", auth.PasswordContext{}); !strings.HasPrefix(got, shop) {
		t.Errorf("resale2024 without context: %q", got)
	}
}
