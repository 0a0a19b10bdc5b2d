package store

import (
	"context"
	"strings"

	"resale/store/internal/dbsqlc"
)

// A search's lookup asks the GIN index for its words, a word of text as a
// prefix ('walton':*). For a prefix the index gathers the postings of
// every entry starting with it into a bitmap before it intersects them
// with the other words': 'walton macbook' at a million products, Walton's
// 270,000 postings and the MacBooks' 90,000 gathered to find none, 75 ms.
// Asked for the same words by name ('walton' & 'macbook'), the index walks
// the rarer entry's postings and skips through the other's: 14 ms. The
// words starting with a typed one are known (search_words keeps every word
// the listings have had, migration 00060), so a lookup asks for them by
// name when they are few; read in the lookup's own snapshot, the list
// holds every word of the listings the lookup can see.

// expandedMost is the most words a prefix is replaced by; a prefix that
// starts more is left a prefix (their postings are gathered either way).
const expandedMost = 16

// expandPrefixes answers indexQuery (searchIndexQuery's: terms joined by
// " & ", a word of text as 'w':*) with each prefix of a plain word replaced
// by the words starting with it, by name, as q reads them.
func expandPrefixes(ctx context.Context, q *dbsqlc.Queries, indexQuery string) (string, error) {
	terms := strings.Split(indexQuery, " & ")
	var starts []string
	for _, t := range terms {
		if w, ok := expandable(t); ok {
			starts = append(starts, w)
		}
	}
	if len(starts) == 0 {
		return indexQuery, nil
	}
	rows, err := q.WordsStarting(ctx, dbsqlc.WordsStartingParams{Starts: starts, Most: expandedMost + 1})
	if err != nil {
		return "", err
	}
	named := map[string][]string{}
	for _, r := range rows {
		named[r.Start] = append(named[r.Start], r.Word)
	}
	for i, t := range terms {
		w, ok := expandable(t)
		if words := named[w]; ok && len(words) > 0 && len(words) <= expandedMost && allPlain(words) {
			terms[i] = byName(words)
		}
	}
	return strings.Join(terms, " & "), nil
}

// expandable answers the word of a prefix term ('w':*) whose words
// search_words holds all of: three characters or more, plain (plainWord)
// and not all digits.
func expandable(term string) (string, bool) {
	w, ok := strings.CutPrefix(term, "'")
	if !ok {
		return "", false
	}
	if w, ok = strings.CutSuffix(w, "':*"); !ok || len(w) < 3 || !plainWord(w) {
		return "", false
	}
	return w, strings.ContainsFunc(w, func(r rune) bool { return r >= 'a' && r <= 'z' })
}

// plainWord tells whether w is ASCII letters and digits alone: a word that
// PostgreSQL's parser reads back as itself, one lexeme, named in a query.
// Others (other scripts, a hyphen) are left to it as prefixes.
func plainWord(w string) bool {
	for _, r := range w {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return w != ""
}

// allPlain tells whether every one of words is plainWord.
func allPlain(words []string) bool {
	for _, w := range words {
		if !plainWord(w) {
			return false
		}
	}
	return true
}

// byName is a term asking for any of words by name.
func byName(words []string) string {
	if len(words) == 1 {
		return "'" + words[0] + "'"
	}
	return "('" + strings.Join(words, "' | '") + "')"
}
