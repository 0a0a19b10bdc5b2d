package auth

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PasswordContext is what a new password must not be made from (NIST SP
// 800-63B, 5.1.1.2: "context-specific words, such as the name of the
// service, the username, and derivatives thereof"): the account's email
// and name, and the shop's names.
type PasswordContext struct {
	Email string
	Name  string
	// Shop is the shop's names; "Resale" is always one of them.
	Shop []string
}

// The answers of PasswordProblemFor beyond PasswordProblem's, each the end
// of a sentence naming the field.
const (
	problemTrivial  = "is made of repeated or sequential characters (like aaaa, abcd or 1234); choose one that is harder to guess"
	problemVariant  = "is a common password with letters swapped for look-alikes or a number added (like P@ssw0rd1); choose one that is harder to guess"
	problemPersonal = "must not be made from your email address or name"
	problemShop     = "must not be made from the shop's name"
)

// PasswordProblemFor is PasswordProblem, and refuses besides passwords of
// repeated or sequential characters (aaaaaaaa, abcdefgh, 12345678,
// qwertyui), common passwords with look-alike letters or a suffix
// (P@ssw0rd1), and passwords made from the account's email or name or the
// shop's name with a few characters added (rahim2024, resale123).
func PasswordProblemFor(password string, pc PasswordContext) string {
	if p := PasswordProblem(password); p != "" {
		return p
	}
	lower := strings.ToLower(strings.TrimSpace(password))
	if trivial([]rune(lower)) {
		return problemTrivial
	}
	forms := unleet(lower)
	for _, f := range forms {
		for _, core := range cores(f) {
			if IsCommonPassword(core) {
				return problemVariant
			}
		}
	}
	personal, shop := contextWords(pc)
	for _, f := range forms {
		if madeFrom(f, personal) {
			return problemPersonal
		}
		if madeFrom(f, shop) {
			return problemShop
		}
	}
	return ""
}

// keyboardRows are the rows of a US keyboard, where qwerty and asdf runs
// come from.
var keyboardRows = []string{"`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./"}

// trivial tells whether s is (all but two characters) runs of three or
// more repeated or sequential characters (aaa, abc, 321, qwe), or uses
// fewer than four different characters (abababab).
func trivial(s []rune) bool {
	distinct := map[rune]bool{}
	for _, r := range s {
		distinct[r] = true
	}
	if len(distinct) < 4 {
		return true
	}
	inRun := make([]bool, len(s))
	for _, step := range []func(a, b rune) int{codepointStep, keyboardStep} {
		// a run is a stretch of equal steps between neighbours; two steps
		// make three characters
		for i := 0; i+1 < len(s); {
			d := step(s[i], s[i+1])
			j := i + 1
			for j+1 < len(s) && d != noStep && step(s[j], s[j+1]) == d {
				j++
			}
			if d != noStep && j-i >= 2 {
				for k := i; k <= j; k++ {
					inRun[k] = true
				}
			}
			i = j
		}
	}
	rest := 0
	for _, in := range inRun {
		if !in {
			rest++
		}
	}
	return rest <= 2
}

// noStep: two characters that are neither the same nor neighbours.
const noStep = 2

func codepointStep(a, b rune) int {
	if d := b - a; d >= -1 && d <= 1 {
		return int(d)
	}
	return noStep
}

func keyboardStep(a, b rune) int {
	if a == b {
		return 0
	}
	for _, row := range keyboardRows {
		i, j := strings.IndexRune(row, a), strings.IndexRune(row, b)
		if i >= 0 && j >= 0 && (j-i == 1 || j-i == -1) {
			return j - i
		}
	}
	return noStep
}

// leet are the look-alikes people put for letters; 1 stands for i or l.
var leet = map[rune]rune{'@': 'a', '4': 'a', '3': 'e', '!': 'i', '|': 'l', '0': 'o', '$': 's', '5': 's', '7': 't', '+': 't', '8': 'b', '9': 'g'}

// unleet is s, and s with its look-alikes read as letters (1 as i, then
// as l).
func unleet(s string) []string {
	out := []string{s}
	for _, one := range []rune{'i', 'l'} {
		f := strings.Map(func(r rune) rune {
			if r == '1' {
				return one
			}
			if l, ok := leet[r]; ok {
				return l
			}
			return r
		}, s)
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// cores are s and s without the digits and symbols it ends with, cut at
// each of them: "password12!" gives "password12!", "password12",
// "password1" and "password".
func cores(s string) []string {
	out := []string{s}
	for s != "" {
		r, n := utf8.DecodeLastRuneInString(s)
		if unicode.IsLetter(r) {
			break
		}
		s = s[:len(s)-n]
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// contextWords are the words of the account (its email, the email's name
// and its parts, the name and its parts) and of the shop, in lower case;
// words shorter than three characters say too little to refuse.
func contextWords(pc PasswordContext) (personal, shop []string) {
	add := func(list []string, w string) []string {
		w = strings.ToLower(strings.TrimSpace(w))
		if utf8.RuneCountInString(w) >= 3 && !slices.Contains(list, w) {
			list = append(list, w)
		}
		return list
	}
	split := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	if email := strings.TrimSpace(pc.Email); email != "" {
		personal = add(personal, email)
		local := email
		if at := strings.LastIndex(email, "@"); at > 0 {
			local = email[:at]
		}
		personal = add(personal, local)
		for _, w := range strings.FieldsFunc(local, split) {
			personal = add(personal, w)
		}
	}
	if pc.Name != "" {
		personal = add(personal, strings.Join(strings.Fields(pc.Name), ""))
		for _, w := range strings.FieldsFunc(pc.Name, split) {
			personal = add(personal, w)
		}
	}
	for _, name := range append([]string{"Resale"}, pc.Shop...) {
		shop = add(shop, name)
		shop = add(shop, strings.Join(strings.Fields(name), ""))
		for _, w := range strings.FieldsFunc(name, split) {
			shop = add(shop, w)
		}
	}
	// longest first, so that an email goes before its parts
	for _, l := range [][]string{personal, shop} {
		slices.SortStableFunc(l, func(a, b string) int { return len(b) - len(a) })
	}
	return personal, shop
}

// madeFrom tells whether s holds one of words and little else: what is
// left without them is under four characters, has no letter, or is
// trivial.
func madeFrom(s string, words []string) bool {
	rest, found := s, false
	for _, w := range words {
		if strings.Contains(rest, w) {
			rest, found = strings.ReplaceAll(rest, w, " "), true
		}
	}
	if !found {
		return false
	}
	left := []rune(strings.Join(strings.Fields(rest), ""))
	if len(left) < 4 || trivial(left) {
		return true
	}
	return !slices.ContainsFunc(left, unicode.IsLetter)
}
