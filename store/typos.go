package store

import (
	"context"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"resale/laptopwords"
)

// Typo tolerance: a search that finds nothing may have a misspelt word
// ("macbok"). Every word a listing has had is kept in search_words
// (migration 00027); a typed word that starts none of them is replaced by
// the kept word nearest to it by trigram similarity (pg_trgm), if one is
// near enough. Without pg_trgm nothing is corrected.

// Only typed words of correctableMin to correctableMax characters with a
// letter are corrected: shorter ones are too short to say what was meant,
// longer ones are no word.
const (
	correctableMin = 4
	correctableMax = 40
)

// minSimilarity is how alike (pg_trgm's similarity, 0 to 1) a kept word
// must be to a typed one to replace it: pg_trgm's own default for its %
// operator. "macbok" and "macbook" are 0.67, "thinkpda" and "thinkpad"
// 0.45, "latitdue" and "latitude" 0.38. A correction is only made for a
// search that found nothing, and says so, so a far one costs little.
const minSimilarity = 0.3

// nearestWords answers, for each typed word that starts no kept word, the
// nearest kept word (numbered as given). A database without pg_trgm has
// neither the operator nor the function: "undefined function".
const nearestWords = `
SELECT t.i, n.word
FROM unnest($1::text[]) WITH ORDINALITY AS t(typed, i)
CROSS JOIN LATERAL (
    SELECT w.word FROM search_words w
    WHERE w.word % t.typed AND similarity(w.word, t.typed) >= $2
    ORDER BY similarity(w.word, t.typed) DESC, length(w.word), w.word
    LIMIT 1) n
WHERE NOT EXISTS (
    SELECT 1 FROM search_words k
    WHERE k.word >= t.typed COLLATE "C" AND k.word < (t.typed || chr(1114111)) COLLATE "C")`

// CorrectSearch answers what was typed with each word no listing has (not
// even as the start of a word) replaced by the nearest word listings
// have, lower case, as one would type it; "" when no word was replaced.
// The answer is kept until the catalogue changes (its words are the
// listings'), as a rare search's matches are, apart from them.
func (s *Store) CorrectSearch(ctx context.Context, typed string) (string, error) {
	if corrected, ok := s.typos.getCorrection(typed); ok {
		return corrected, nil
	}
	gen := s.typos.generation()
	corrected, err := s.correctSearch(ctx, typed)
	if err == nil {
		s.typos.putCorrection(gen, typed, corrected)
	}
	return corrected, err
}

// KeptCorrection answers the words CorrectSearch put for typed lately, if
// it replaced one and the catalogue has not changed since: what was typed
// has a word that starts no listing's word, so it still finds nothing
// whatever the other filters, and the corrected words may be searched at
// once.
func (s *Store) KeptCorrection(typed string) (string, bool) {
	corrected, ok := s.typos.getCorrection(typed)
	return corrected, ok && corrected != ""
}

// correctSearch is CorrectSearch, asking the database.
func (s *Store) correctSearch(ctx context.Context, typed string) (string, error) {
	words := searchWords(typed)
	var asked []string
	var at []int
	for i, w := range words {
		// a spec word ("ram8gb") is no misspelling: no listing has it yet
		if n := utf8.RuneCountInString(w); n >= correctableMin && n <= correctableMax && strings.IndexFunc(w, unicode.IsLetter) >= 0 &&
			!laptopwords.IsSpecWord(w) {
			asked, at = append(asked, w), append(at, i)
		}
	}
	if len(asked) == 0 {
		return "", nil
	}
	rows, err := s.pool.Query(ctx, nearestWords, asked, minSimilarity)
	if err != nil {
		return "", withoutTrigrams(err)
	}
	defer rows.Close()
	replaced := false
	for rows.Next() {
		var i int
		var word string
		if err := rows.Scan(&i, &word); err != nil {
			return "", translate(err)
		}
		words[at[i-1]], replaced = word, true
	}
	if err := rows.Err(); err != nil {
		return "", withoutTrigrams(err)
	}
	if !replaced {
		return "", nil
	}
	return strings.Join(words, " "), nil
}

// withoutTrigrams answers nil for the error of a database without pg_trgm
// (no correction then), else err translated.
func withoutTrigrams(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42883" { // undefined_function
		return nil
	}
	return translate(err)
}
