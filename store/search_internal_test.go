package store

import "testing"

// What a person types becomes a prefix query of its words and a whole
// word query of its spec words, whatever punctuation or query syntax it
// holds.
func TestSearchQuery(t *testing.T) {
	for typed, want := range map[string]string{
		"":                  "",
		"   ":               "",
		"mac":               "'mac':*",
		"MacBook  Air":      "'macbook':* & 'air':*",
		"elite-840 g5":      "'elite':* & '840':* & 'g5':*",
		"a & b | !c :* ()'": "'a':* & 'b':* & 'c':*",
		"' OR 1=1 --":       "'or':* & '1':* & '1':*",
		`O'Reilly\`:         "'o':* & 'reilly':*",
		"!!! ???":           "",
		"ল্যাপটপ বিক্রি":          "'ল্যাপটপ':* & 'বিক্রি':*", // vowel signs are marks: they stay in the word
		"1 2 3 4 5 6 7 8 9 10 11": "'1':* & '2':* & '3':* & '4':* & '5':* & '6':* & '7':* & '8':*",
		// spec words (#36) come after the text, each whole
		"i7 16gb 512ssd":     "'cpucorei7' & 'ram16gb' & 'ssd512gb'",
		"hp corei5 12th gen": "'hp':* & 'cpucorei5' & 'gen12th'",
		"Lenovo ৮ জিবি":      "'lenovo':* & 'ram8gb'",
	} {
		if got := searchQuery(typed); got != want {
			t.Errorf("searchQuery(%q) = %q, want %q", typed, got, want)
		}
		if got, want := (BrowseFilter{Words: typed}).Searching(), want != ""; got != want {
			t.Errorf("Searching(%q) = %v, want %v", typed, got, want)
		}
	}
}

func TestLikeEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Mirpur":       "Mirpur",
		"100%":         `100\%`,
		"a_b":          `a\_b`,
		`back\slash`:   `back\\slash`,
		`\%_`:          `\\\%\_`,
		"O'Reilly Rd.": "O'Reilly Rd.",
	} {
		if got := likeEscape(in); got != want {
			t.Errorf("likeEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
