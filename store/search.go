package store

import (
	"strings"
	"unicode"

	"resale/laptopwords"
)

// maxSearchWords is how many of the typed words a search uses.
const maxSearchWords = 8

// searchQuery turns what a person typed into a prefix-matching
// to_tsquery('simple') expression: every word must match the start of a
// word ("mac" finds MacBook). Letters, digits and combining marks (Bangla
// vowel signs) make words; everything else separates them, so no input
// can break the query syntax. No words give "".
func searchQuery(typed string) string {
	words := searchWords(typed)
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = prefixTerm(w)
	}
	return strings.Join(terms, " & ")
}

// searchWords are the words of what a person typed, as searchQuery uses
// them: lower case, at most maxSearchWords. Words that name specs ("8gb",
// "core i5", "12th gen") are the spec words listings are found by for
// their specs (#36, laptopwords.Understand), after the rest.
func searchWords(typed string) []string {
	text, specs, _ := laptopwords.Understand(typed)
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	words = append(words, specs...)
	return words[:min(len(words), maxSearchWords)]
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
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
