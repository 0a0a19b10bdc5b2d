package laptopwords

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The kinds of piece a text is cut into.
const (
	kindNum   = iota // digits, with one decimal point between digits
	kindAlpha        // letters (Bangla with its vowel signs)
	kindQuote        // an inch mark: " ” ″ or ''
)

// piece is a run of digits or of letters, or an inch mark. Letters and
// digits are cut apart ("8gb" is 8 and gb, "i5" is i and 5), so that
// glued tells what a writer wrote as one word.
type piece struct {
	kind       int
	text       string // lower case, Bangla digits and words made ASCII
	start, end int    // bytes of the input
	glued      bool   // nothing between it and the piece before
	sep        rune   // the punctuation before it ('-', '/', ...), ' ' for spaces only, 0 when glued
	num        float64
}

// banglaWords are the Bangla words of specs, as the English ones.
var banglaWords = map[string]string{
	"জিবি": "gb", "জি": "gb", "টিবি": "tb", "র্যাম": "ram", "রেম": "ram", "র‍্যাম": "ram",
	"ইঞ্চি": "inch", "ইঞ্চ": "inch", "এসএসডি": "ssd", "এইচডিডি": "hdd", "কোর": "core",
	"জেনারেশন": "gen", "জেন": "gen", "তম": "th", "ম": "th", "র্থ": "th", "য়": "th",
	"প্রসেসর": "processor", "ল্যাপটপ": "laptop", "আই": "i", "রাইজেন": "ryzen", "সেলেরন": "celeron",
	"এইচপি": "hp", "ডেল": "dell", "লেনোভো": "lenovo", "আসুস": "asus", "এসার": "acer", "অ্যাপল": "apple",
	"ম্যাকবুক": "macbook", "ওয়ালটন": "walton",
}

// banglaNumbers are the number words sellers write RAM and storage in.
var banglaNumbers = map[string]float64{
	"দুই": 2, "চার": 4, "ছয়": 6, "আট": 8, "বারো": 12, "ষোল": 16, "ষোলো": 16, "বত্রিশ": 32,
}

// isInchMark tells the runes that mean inches after a number.
func isInchMark(r rune) bool {
	return r == '"' || r == '”' || r == '“' || r == '″'
}

// digitOf is r's value as a digit (ASCII or Bangla), or -1.
func digitOf(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= '০' && r <= '৯':
		return int(r - '০')
	}
	return -1
}

// isLetter tells runes that belong in a word: letters, their marks, and
// the joiners Bangla spellings carry.
func isLetter(r rune) bool {
	return unicode.IsLetter(r) || unicode.In(r, unicode.Mn, unicode.Mc) || r == '\u200d' || r == '\u200c'
}

// tokenize cuts s into pieces in one pass.
func tokenize(s string) []piece {
	var out []piece
	sep := rune(0)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case digitOf(r) >= 0:
			p, next := readNumber(s, i)
			out = appendPiece(out, p, sep)
			i, sep = next, 0
		case isLetter(r):
			j := i + size
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isLetter(r2) {
					break
				}
				j += n
			}
			out = appendPiece(out, alphaPiece(s[i:j], i, j), sep)
			i, sep = j, 0
		case isInchMark(r) || (r == '\'' && strings.HasPrefix(s[i+1:], "'")):
			if r == '\'' {
				size = 2
			}
			out = appendPiece(out, piece{kind: kindQuote, text: `"`, start: i, end: i + size}, sep)
			i, sep = i+size, 0
		default:
			if unicode.IsSpace(r) {
				if sep == 0 {
					sep = ' '
				}
			} else if sep == 0 || sep == ' ' {
				sep = r
			}
			i += size
		}
	}
	return out
}

// appendPiece adds p, marking how it stands to the piece before.
func appendPiece(out []piece, p piece, sep rune) []piece {
	p.sep = sep
	p.glued = sep == 0 && len(out) > 0
	if len(out) == 0 && sep == 0 {
		p.sep = ' '
	}
	return append(out, p)
}

// readNumber reads the digits from s[i], with one decimal point between
// digits, and answers the piece and where it ends.
func readNumber(s string, i int) (piece, int) {
	var b strings.Builder
	start, dot := i, false
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if d := digitOf(r); d >= 0 {
			b.WriteByte(byte('0' + d))
			i += size
			continue
		}
		if r == '.' && !dot && b.Len() > 0 && i+1 < len(s) {
			r2, _ := utf8.DecodeRuneInString(s[i+1:])
			if digitOf(r2) >= 0 {
				b.WriteByte('.')
				dot = true
				i += size
				continue
			}
		}
		break
	}
	text := b.String()
	return piece{kind: kindNum, text: text, start: start, end: i, num: parseDecimal(text)}, i
}

// parseDecimal reads digits with an optional decimal point; a number too
// long to matter is capped.
func parseDecimal(text string) float64 {
	v, scale, frac := 0.0, 1.0, false
	for i := 0; i < len(text); i++ {
		if text[i] == '.' {
			frac = true
			continue
		}
		d := float64(text[i] - '0')
		if frac {
			scale /= 10
			v += d * scale
		} else if v < 1e9 {
			v = v*10 + d
		}
	}
	return v
}

// alphaPiece is a run of letters, lower case, a Bangla spec word or
// number word made its English or numeric self.
func alphaPiece(word string, start, end int) piece {
	key := strings.ReplaceAll(word, "\u200c", "")
	if v, ok := banglaNumbers[key]; ok {
		return piece{kind: kindNum, text: word, start: start, end: end, num: v}
	}
	if en, ok := banglaWords[key]; ok {
		return piece{kind: kindAlpha, text: en, start: start, end: end}
	}
	if en, ok := banglaWords[strings.ReplaceAll(key, "\u200d", "")]; ok {
		return piece{kind: kindAlpha, text: en, start: start, end: end}
	}
	return piece{kind: kindAlpha, text: strings.ToLower(word), start: start, end: end}
}
