package sms

import (
	"strings"
	"unicode"
)

// Normalize turns a Bangladeshi mobile number, written any of the common
// ways (017..., +88017..., 88017..., 0088017..., with Bangla digits,
// spaces, dashes, dots or brackets), into E.164: +8801XXXXXXXXX. It
// answers false for anything else, landlines and other countries
// included: only Bangladesh's mobile ranges (+880 1[3-9] and eight more
// digits) get codes.
func Normalize(raw string) (string, bool) {
	var b strings.Builder
	plus := false
	for _, r := range strings.TrimSpace(raw) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= '০' && r <= '৯': // Bangla digits
			b.WriteRune('0' + (r - '০'))
		case r == '+' && !plus && b.Len() == 0: // +880, (+880)
			plus = true
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '\u00a0' || unicode.Is(unicode.Zs, r):
		default:
			return "", false
		}
		if b.Len() > 20 {
			return "", false
		}
	}
	d := b.String()
	switch {
	case plus && strings.HasPrefix(d, "880"):
		d = d[3:]
	case plus:
		return "", false
	case strings.HasPrefix(d, "00880"):
		d = d[5:]
	case strings.HasPrefix(d, "880"):
		d = d[3:]
	}
	// the national form has a trunk 0: 017..., and some write +880 017...
	d = strings.TrimPrefix(d, "0")
	if len(d) != 10 || d[0] != '1' || d[1] < '3' || d[1] > '9' {
		return "", false
	}
	return "+880" + d, true
}
