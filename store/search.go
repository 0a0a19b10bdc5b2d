package store

import (
	"strings"
	"unicode"
)

// maxSearchWords is how many of the typed words a search uses.
const maxSearchWords = 8

// searchQuery turns what a person typed into a prefix-matching
// to_tsquery('simple') expression: every word must match the start of a
// word ("mac" finds MacBook). Letters, digits and combining marks (Bangla
// vowel signs) make words; everything else separates them, so no input
// can break the query syntax. No words give "".
func searchQuery(typed string) string {
	words := strings.FieldsFunc(strings.ToLower(typed), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	terms := make([]string, 0, min(len(words), maxSearchWords))
	for _, w := range words {
		if len(terms) == maxSearchWords {
			break
		}
		terms = append(terms, "'"+w+"':*")
	}
	return strings.Join(terms, " & ")
}

// likeEscape makes s match itself literally inside a LIKE pattern.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
