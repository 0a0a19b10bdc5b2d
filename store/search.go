package store

import (
	"strings"
	"unicode"

	"resale/laptopwords"
)

// maxSearchWords is how many of the typed words a search uses.
const maxSearchWords = 8

// searchQuery turns what a person typed into a to_tsquery('simple')
// expression: every word must match the start of a word ("mac" finds
// MacBook), and every spec word a whole spec word of the listings (termOf).
// Letters, digits and combining marks (Bangla vowel signs) make words;
// everything else separates them, so no input can break the query syntax.
// No words give "".
func searchQuery(typed string) string {
	words, specs := typedWords(typed)
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = termOf(w, i >= specs)
	}
	return strings.Join(terms, " & ")
}

// searchWords are the words of what a person typed, as searchQuery uses
// them: lower case, at most maxSearchWords. Words that name specs ("8gb",
// "core i5", "12th gen") are the spec words listings are found by for
// their specs (#36, laptopwords.Understand), after the rest.
func searchWords(typed string) []string {
	words, _ := typedWords(typed)
	return words
}

// typedWords are searchWords, and the index of the first spec word among
// them (len(words): none).
func typedWords(typed string) (words []string, specs int) {
	text, spec, _ := laptopwords.Understand(typed)
	words = strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	specs = min(len(words), maxSearchWords)
	words = append(words, spec...)
	return words[:min(len(words), maxSearchWords)], specs
}

// termOf is a search word's term: a spec word whole, any other word as a
// prefix. A spec word is one word of the listings' spec words and never
// the start of another, so whole it finds the same listings, but through
// one entry of the GIN index: as prefixes, the three of 'i7 16gb 512ssd'
// made PostgreSQL gather every listing of each into a bitmap, which went
// lossy at a million products (35,000 buffers read, 1.1 s); whole, the
// index intersected their entries (9,816 buffers, 0.2 s). A listing whose
// text has a longer word starting with a spec word ("ram8gbddr4") has that
// spec word among its own spec words when its title says so.
func termOf(w string, spec bool) string {
	if spec {
		return "'" + w + "'"
	}
	return prefixTerm(w)
}

// processorQuery is searchQuery for the processor filter: its words are
// the processor field's own ("i5" starts a word of "Core i5-1135G7"), not
// a search's spec words.
func processorQuery(typed string) string {
	words := strings.FieldsFunc(strings.ToLower(typed), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	terms := make([]string, 0, min(len(words), maxSearchWords))
	for _, w := range words[:min(len(words), maxSearchWords)] {
		terms = append(terms, prefixTerm(w))
	}
	return strings.Join(terms, " & ")
}

// prefixTerm is a to_tsquery('simple') term matching words that start with w.
func prefixTerm(w string) string { return "'" + w + "':*" }

// likeEscape makes s match itself literally inside a LIKE pattern.
func likeEscape(s string) string { return likeEscaper.Replace(s) }

// likeEscaper and likeUnescaper are made once: a Replacer builds its
// tables at its first use (6 KB), which every list made afresh paid when
// it was made for each call (#38).
var (
	likeEscaper   = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	likeUnescaper = strings.NewReplacer(`\\`, `\`, `\%`, `%`, `\_`, `_`)
)
