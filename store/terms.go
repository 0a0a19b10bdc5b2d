package store

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
)

// How a search finds its matches at a million products. The GIN index
// answers a search word by word: a word few products have costs little,
// but a prefix of a word most of the catalogue has ("core", "i7") makes it
// gather hundreds of thousands of row addresses before the first match is
// known (half a second at a million). So the index is asked for the
// search's rarest word only, and every match it gives is checked for the
// other words on its own row; and a search whose every word is common is
// not counted at all but walked newest first, which finds a page within
// its first few hundred rows. Which word is rarest, and whether it is
// common, comes from PostgreSQL's own sample of the words (ANALYZE keeps
// the most common ones with their shares: pg_stats.most_common_elems),
// read at most once a minute: stock PostgreSQL, no table of ours.

// termStatsAge is how long a read of the words' shares is used.
const termStatsAge = time.Minute

// indexedMatches is the most products a word may be estimated to match
// and still be looked up through the index to count a search's matches;
// a search whose rarest word is estimated above it is broad at once.
const indexedMatches = 20000

// termShares is one read of the sampled words: each listed word's share
// of the products that have words, sorted by word.
type termShares struct {
	words  []string
	shares []float64
	// floor is the smallest listed share: a word not listed has less
	floor float64
	// rows is the table's estimated row count
	rows float64
	// prices: the same sample's prices (prices.go)
	prices priceSample
}

type termStats struct {
	mu   sync.Mutex
	at   time.Time
	last *termShares // nil: not read yet, or no sample yet
	// reading: a caller is reading them afresh; the others meanwhile go on
	// with the copy they have, not wait for it
	reading bool
}

// searchTerms are the recent shares, read afresh when older than a minute.
// nil (and no error) when the table has never been analyzed.
func (s *Store) searchTerms(ctx context.Context) (*termShares, error) {
	s.terms.mu.Lock()
	read := !s.terms.at.IsZero()
	if read && (time.Since(s.terms.at) < termStatsAge || s.terms.reading) {
		defer s.terms.mu.Unlock()
		return s.terms.last, nil
	}
	s.terms.reading = true
	s.terms.mu.Unlock()
	t, err := s.readTermShares(ctx)
	s.terms.mu.Lock()
	defer s.terms.mu.Unlock()
	s.terms.reading = false
	if err != nil {
		return nil, err
	}
	s.terms.at, s.terms.last = time.Now(), t
	return t, nil
}

// readTermShares reads the sampled words' shares from pg_stats.
func (s *Store) readTermShares(ctx context.Context) (*termShares, error) {
	var words []string
	var shares []float32
	var rows float32
	var prices priceSample
	err := s.pool.QueryRow(ctx, `
		SELECT st.most_common_elems::text::text[], st.most_common_elem_freqs, c.reltuples,
		       pr.most_common_vals::text::bigint[], pr.most_common_freqs, pr.histogram_bounds::text::bigint[], coalesce(pr.null_frac, 0)
		FROM pg_class c
		LEFT JOIN pg_stats st ON st.schemaname = current_schema() AND st.tablename = 'products' AND st.attname = 'search'
		LEFT JOIN pg_stats pr ON pr.schemaname = current_schema() AND pr.tablename = 'products' AND pr.attname = 'sell_price'
		WHERE c.oid = 'products'::regclass`).Scan(&words, &shares, &rows, &prices.common, &prices.commonShares, &prices.bounds, &prices.nulls)
	if err != nil {
		return nil, translate(err)
	}
	t := newTermShares(words, shares, float64(rows))
	if t != nil {
		t.prices = prices
	}
	return t, nil
}

// newTermShares makes a lookup of pg_stats' most common elements and
// their frequencies (which end with the minimum, the maximum and the share
// of rows with no words). nil when there is no sample.
func newTermShares(words []string, freqs []float32, rows float64) *termShares {
	if len(words) == 0 || len(freqs) < len(words)+2 || rows <= 0 {
		return nil
	}
	t := &termShares{floor: float64(freqs[len(words)]), rows: rows}
	order := make([]int, len(words))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(words[a], words[b]) })
	for _, i := range order {
		t.words = append(t.words, words[i])
		t.shares = append(t.shares, float64(freqs[i]))
	}
	return t
}

// prefixShare estimates the share of products with a word starting with
// p: the listed words' shares summed (a product may have several, so an
// upper bound), plus the floor for the words too rare to be listed.
func (t *termShares) prefixShare(p string) float64 {
	i, _ := slices.BinarySearch(t.words, p)
	sum := t.floor
	for ; i < len(t.words) && strings.HasPrefix(t.words[i], p); i++ {
		sum += t.shares[i]
	}
	return min(sum, 1)
}

// rarest answers the word of words (each matched as a prefix) that the
// fewest products have, and how many products it is estimated to match.
func (t *termShares) rarest(words []string) (string, float64) {
	best, share := "", 2.0
	for _, w := range words {
		if sh := t.prefixShare(w); sh < share {
			best, share = w, sh
		}
	}
	return best, share * t.rows
}

// searchIndexQuery is what the GIN index is asked for a search typed as
// typed: its rarest word, its spec words, and its other words of text
// estimated on at most intersectedWithin times as many products as the
// rarest; or the whole search while the words have no sample yet; and how
// many products the rarest word is estimated to match (-1: no sample). A
// spec word ("ram16gb") is one entry of the index, never a prefix of many,
// so the index intersects them cheaply: "i7 16gb 512ssd", each common and
// seldom together, reads its 1,000 matches at 100,000 products, not the
// 15,000 Core i7s to check each (#36). A word of text is a prefix, whose
// entries' postings the index gathers into a bitmap before intersecting:
// cheap beside reading each of the rarest word's rows to check the other
// word ("walton macbook" at a million: 90,000 MacBooks read to find none,
// 350-450 ms; Walton's 300,000 postings and the MacBooks' intersected, 72
// ms with room for the bitmaps: searchMatchPlaces), dear for a short or
// common one ("16" of "core i7 16", every word starting with it), which
// the bound leaves to be checked on the rows.
func (s *Store) searchIndexQuery(ctx context.Context, typed string) (query string, estimate float64, err error) {
	shares, err := s.searchTerms(ctx)
	if err != nil {
		return "", 0, err
	}
	words, specs := typedWords(typed)
	if shares == nil || len(words) == 0 {
		return searchQuery(typed), -1, nil
	}
	word, estimate := shares.rarest(words)
	terms := make([]string, 0, len(words))
	for i, w := range words {
		if w == word || i >= specs || shares.prefixShare(w)*shares.rows <= intersectedWithin*estimate {
			terms = append(terms, termOf(w, i >= specs))
		}
	}
	return strings.Join(terms, " & "), estimate, nil
}

// intersectedWithin is how many times as many products as a search's
// rarest word a word of text of it may be estimated on and still be asked
// of the index with it (searchIndexQuery): reading a posting costs about a
// twentieth of reading a row to check its words.
const intersectedWithin = 4

// rarestWord is the word of typed (each matched as a prefix) that the
// fewest products have by the words' sample, and how many products it is
// estimated to match; while there is no sample, its longest word and -1.
// The GIN index is asked for it (searchIndexQuery), and a broad search in
// price order reads its postings (postingsPage).
func (s *Store) rarestWord(ctx context.Context, typed string) (word string, estimate float64, err error) {
	words := searchWords(typed)
	terms, err := s.searchTerms(ctx)
	if err != nil {
		return "", 0, err
	}
	if terms == nil || len(words) == 0 {
		longest := ""
		for _, w := range words {
			if len(w) > len(longest) {
				longest = w
			}
		}
		return longest, -1, nil
	}
	word, estimate = terms.rarest(words)
	return word, estimate, nil
}

// common tells whether a search whose rarest word is estimated to match
// estimate products is broad by that alone: even that word is estimated
// to match more than indexedMatches products.
func (s *Store) common(estimate float64) bool {
	bound := float64(indexedMatches)
	if s.indexedMatchesAt > 0 {
		bound = s.indexedMatchesAt
	}
	return estimate > bound
}

// widespreadShare is the least share of the catalogue a search's rarest
// word has for the search to be widespread (Store.widespread).
const widespreadShare = 0.1

// widespread tells whether a search whose rarest word is estimated to
// match estimate products is one a tenth of the catalogue or more has: a
// walk newest first passes ten products a match at most, unless they are
// all old.
func (s *Store) widespread(ctx context.Context, estimate float64) (bool, error) {
	terms, err := s.searchTerms(ctx)
	if err != nil || terms == nil {
		return false, err
	}
	return estimate >= widespreadShare*terms.rows, nil
}

// searchBound is the most matches a search may have and still be found in
// full, sorted and, for relevance, ranked; with more it is broad, and its
// sort's index is walked, checking each product, which stops after a page
// (a broad search's relevance is newest first). Fetching costs a read of
// each match, the walk a read of each product it passes, about a page's
// worth for each share of the catalogue the search has: the walk costs
// less once the matches pass the square root of a page times the
// catalogue. So the bound is that root, at least narrowFloor (in a small
// shop a few hundred matches are ranked at little cost) and at most
// manyMatches. Measured at 10,000 products: ranking the 1,025 matches of
// 'elitebook' took 1.1 ms of the database's time, walking to its newest
// page 0.2 ms.
func (s *Store) searchBound(ctx context.Context, f BrowseFilter) (int64, error) {
	if f.ManyMatchesAt > 0 {
		return f.ManyMatchesAt, nil
	}
	terms, err := s.searchTerms(ctx)
	if err != nil || terms == nil {
		return manyMatches, err
	}
	return boundFor(terms.rows), nil
}

// narrowFloor is the least searchBound: a search with fewer matches is
// always ranked.
const narrowFloor = 200

// boundFor is searchBound for a catalogue of rows products.
func boundFor(rows float64) int64 {
	return min(max(int64(math.Sqrt(walkPage*rows)), narrowFloor), manyMatches)
}

// walkPage is a page of the catalogue's lists (the API's default, 24), and
// a little more for the row that tells whether there is a next one.
const walkPage = 25
