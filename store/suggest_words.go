package store

import (
	"strconv"
	"strings"
	"unicode"
)

// The words of suggestions (#36): how a spec word reads as a phrase the
// search understands, the model a title names, and how typed text is
// compared with both.

// specPhrase is a spec word as people write it and the search reads it
// ("ram8gb" is "8GB RAM", "cpucorei5" "Core i5", "ssd1000gb" "1TB SSD"),
// or "" for a word offered as no suggestion (a size without its kind).
func specPhrase(w string) string {
	num := func(prefix, suffix string) (int, bool) {
		rest, ok := strings.CutPrefix(w, prefix)
		if !ok {
			return 0, false
		}
		rest, ok = strings.CutSuffix(rest, suffix)
		n, err := strconv.Atoi(rest)
		return n, ok && err == nil && n > 0
	}
	if n, ok := num("ram", "gb"); ok {
		return strconv.Itoa(n) + "GB RAM"
	}
	if n, ok := num("gen", "th"); ok {
		return ordinal(n) + " Gen"
	}
	for _, kind := range []string{"ssd", "hdd", "emmc"} {
		if n, ok := num(kind, "gb"); ok {
			label := strings.ToUpper(kind)
			if kind == "emmc" {
				label = "eMMC"
			}
			return size(n) + " " + label
		}
	}
	if rest, ok := strings.CutPrefix(w, "scr"); ok {
		if rest, ok = strings.CutSuffix(rest, "in"); ok && rest != "" {
			return strings.ReplaceAll(rest, "p", ".") + `"`
		}
	}
	if rest, ok := strings.CutPrefix(w, "cpu"); ok && rest != "" {
		return cpuPhrase(rest)
	}
	return ""
}

// size is a drive's size: 512GB, 1TB (a TB written 1000).
func size(gb int) string {
	if gb >= 1000 && gb%1000 == 0 {
		return strconv.Itoa(gb/1000) + "TB"
	}
	return strconv.Itoa(gb) + "GB"
}

func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// cpuPhrase is a processor family from its word: "corei5" is "Core i5",
// "coreultra7" "Core Ultra 7", "ryzen5" "Ryzen 5", "applem2" "Apple M2".
func cpuPhrase(w string) string {
	switch {
	case strings.HasPrefix(w, "coreultra"):
		return "Core Ultra " + w[len("coreultra"):]
	case strings.HasPrefix(w, "core"):
		return "Core " + w[len("core"):]
	case strings.HasPrefix(w, "ryzen"):
		return "Ryzen " + w[len("ryzen"):]
	case strings.HasPrefix(w, "apple"):
		return "Apple " + strings.ToUpper(w[len("apple"):])
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// modelSeries are the laptop ranges a model is named in, as written, and
// their makers; a model is the range and the word after it that has a
// digit ("EliteBook 840", "ThinkPad T480"), a MacBook its kind and chip.
var modelSeries = map[string][2]string{
	"elitebook": {"EliteBook", "HP"}, "probook": {"ProBook", "HP"}, "pavilion": {"Pavilion", "HP"},
	"envy": {"Envy", "HP"}, "spectre": {"Spectre", "HP"}, "omen": {"Omen", "HP"}, "victus": {"Victus", "HP"},
	"zbook": {"ZBook", "HP"}, "thinkpad": {"ThinkPad", "Lenovo"}, "ideapad": {"IdeaPad", "Lenovo"},
	"thinkbook": {"ThinkBook", "Lenovo"}, "legion": {"Legion", "Lenovo"}, "yoga": {"Yoga", "Lenovo"},
	"latitude": {"Latitude", "Dell"}, "inspiron": {"Inspiron", "Dell"}, "vostro": {"Vostro", "Dell"},
	"xps": {"XPS", "Dell"}, "precision": {"Precision", "Dell"}, "aspire": {"Aspire", "Acer"},
	"swift": {"Swift", "Acer"}, "nitro": {"Nitro", "Acer"}, "predator": {"Predator", "Acer"},
	"travelmate": {"TravelMate", "Acer"}, "vivobook": {"VivoBook", "Asus"}, "zenbook": {"ZenBook", "Asus"},
	"tuf": {"TUF", "Asus"}, "rog": {"ROG", "Asus"}, "expertbook": {"ExpertBook", "Asus"},
	"surface": {"Surface", "Microsoft"}, "galaxy": {"Galaxy Book", "Samsung"}, "modern": {"Modern", "MSI"},
}

// modelOf is the model a title names, and its maker, or "" when it names
// none this knows.
func modelOf(title string) (model, brand string) {
	words := strings.FieldsFunc(title, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '|' || r == '(' || r == ')' })
	for i, w := range words {
		lw := strings.ToLower(w)
		if lw == "macbook" {
			return macbook(words[i+1:]), "Apple"
		}
		s, ok := modelSeries[lw]
		if !ok || i+1 >= len(words) {
			continue
		}
		next := words[i+1]
		if lw == "galaxy" {
			if !strings.EqualFold(next, "book") || i+2 >= len(words) {
				continue
			}
			next = words[i+2]
		}
		if n := modelNumber(next); n != "" {
			return s[0] + " " + n, s[1]
		}
	}
	return "", ""
}

// macbook is a MacBook's kind and chip ("MacBook Air M1"), as far as the
// title gives them.
func macbook(rest []string) string {
	m := "MacBook"
	if len(rest) > 0 && (strings.EqualFold(rest[0], "air") || strings.EqualFold(rest[0], "pro")) {
		m += " " + strings.ToUpper(rest[0][:1]) + strings.ToLower(rest[0][1:])
		rest = rest[1:]
	}
	if len(rest) > 0 {
		chip := strings.ToUpper(rest[0])
		if len(chip) == 2 && chip[0] == 'M' && chip[1] >= '1' && chip[1] <= '9' {
			m += " " + chip
		}
	}
	return m
}

// modelNumber is w as a model's number ("840", "T480", "X1", "15-EG2117TU"
// is "15"), or "" when w has no digit or is a spec ("8GB", "i5").
func modelNumber(w string) string {
	w = strings.TrimRight(w, ".-:/")
	if i := strings.IndexByte(w, '-'); i > 0 {
		w = w[:i]
	}
	if w == "" || len(w) > 8 || !strings.ContainsAny(w, "0123456789") {
		return ""
	}
	lw := strings.ToLower(w)
	for _, spec := range []string{"gb", "tb", "th", "gen", "inch"} {
		if strings.HasSuffix(lw, spec) {
			return ""
		}
	}
	if len(lw) == 2 && (lw[0] == 'i' || lw[0] == 'r') {
		return ""
	}
	for _, r := range w {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return ""
		}
	}
	return strings.ToUpper(w)
}

// suggestKey is text as suggestions compare it: lower case, Bangla digits
// as ASCII, only letters, digits and points.
func suggestKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= '০' && r <= '৯':
			b.WriteByte(byte('0' + r - '০'))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '.':
			b.WriteRune(r)
		}
	}
	return b.String()
}
