package api

import (
	"unicode"
)

// Invisible and direction-changing characters let one name pass for
// another ("admin\u200b", "moc.elppa\u202e"): they are refused in every
// text a person types, but for the joiners that Bangla and other scripts
// need between two of their letters (ক্‌ষ is not ক্ষ).
const (
	zwnj = '\u200c'
	zwj  = '\u200d'
)

// invisible lists what unicode's format category (Cf) misses: the line and
// paragraph separators, the combining grapheme joiner and the fillers that
// render as nothing.
var invisible = map[rune]bool{'\u2028': true, '\u2029': true, '\u034f': true, '\u115f': true, '\u1160': true,
	'\u3164': true, '\uffa0': true, '\u2800': true}

// joiningScripts are the scripts in which a joiner between two letters
// changes how they are written.
var joiningScripts = []*unicode.RangeTable{unicode.Bengali, unicode.Devanagari, unicode.Gurmukhi, unicode.Gujarati,
	unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Arabic}

// lookalikeFree tells whether s has no invisible or direction-changing
// character; with joiners, a zero-width joiner or non-joiner between two
// letters of one joining script (or a joiner inside an emoji sequence)
// is allowed.
func lookalikeFree(s string, joiners bool) bool {
	rs := []rune(s)
	for i, r := range rs {
		if invisible[r] {
			return false
		}
		if !unicode.Is(unicode.Cf, r) {
			continue
		}
		if !joiners || (r != zwnj && r != zwj) || i == 0 || i == len(rs)-1 {
			return false
		}
		prev, next := rs[i-1], rs[i+1]
		if !sameJoiningScript(prev, next) && !(r == zwj && emojiJoin(prev, next)) {
			return false
		}
	}
	return true
}

func sameJoiningScript(a, b rune) bool {
	for _, t := range joiningScripts {
		if unicode.Is(t, a) && unicode.Is(t, b) {
			return true
		}
	}
	return false
}

// emojiJoin: 👩‍💻 is a woman, a joiner and a computer; the first may end
// in a skin tone or the emoji variation selector.
func emojiJoin(prev, next rune) bool {
	return unicode.Is(unicode.So, next) && (unicode.Is(unicode.So, prev) || unicode.Is(unicode.Sk, prev) || prev == '\ufe0f')
}
