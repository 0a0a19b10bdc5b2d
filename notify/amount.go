package notify

import (
	"regexp"
	"strings"
)

// amountKeys are the data keys that hold an amount of money.
var amountKeys = []string{"amount", "refund"}

// takaAmount is an amount in taka as the shop has written it: "35,000 Tk"
// now, "Tk 35,000" in notifications stored before #32, or bare digits.
var takaAmount = regexp.MustCompile(`^(?:Tk\s*)?([0-9][0-9,]*)(\.[0-9]{2})?(?:\s*Tk)?$`)

// bengaliDigits are 0-9 in Bengali script.
var bengaliDigits = []rune("০১২৩৪৫৬৭৮৯")

// FormatAmount writes an amount of taka the way the interface does in
// lang: "35,000 Tk" in English, "৳৩৫,০০০" (Bengali digits, lakh grouping)
// in Bangla. It reads the shop's own writings of an amount ("35,000 Tk",
// the older "Tk 35,000", "35000"); anything else (another currency's
// "USD 12.50") is returned as it is.
func FormatAmount(lang, s string) string {
	m := takaAmount.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return s
	}
	digits := strings.ReplaceAll(m[1], ",", "")
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		digits = "0"
	}
	if lang == "bn" {
		return "৳" + toBengali(groupLakh(digits)+m[2])
	}
	return groupThousands(digits) + m[2] + " Tk"
}

// groupThousands writes "35000" as "35,000".
func groupThousands(d string) string {
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "," + d[i:]
	}
	return d
}

// groupLakh writes "3500000" as "35,00,000", as bn-BD does: the last three
// digits, then groups of two.
func groupLakh(d string) string {
	if len(d) <= 3 {
		return d
	}
	head, tail := d[:len(d)-3], d[len(d)-3:]
	for i := len(head) - 2; i > 0; i -= 2 {
		head = head[:i] + "," + head[i:]
	}
	return head + "," + tail
}

// toBengali writes the ASCII digits of s in Bengali script.
func toBengali(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return bengaliDigits[r-'0']
		}
		return r
	}, s)
}
