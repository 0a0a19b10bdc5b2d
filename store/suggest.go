package store

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/laptopwords"
	"resale/store/internal/dbsqlc"
)

// Suggestions while typing (#36). A periodic job makes the table of
// suggestions again from the live listings (RefreshSuggestions): the
// brands, the models their titles name, their spec words alone and in
// pairs, each with how many live listings it finds. Every instance keeps
// the table in memory, read again at most once a minute, so a keystroke's
// suggestions cost no query at any catalogue size.

// SuggestLimit is the most suggestions answered.
const SuggestLimit = 8

// suggestAge is how long an instance uses its copy of the table, at most
// (WithSuggestEvery may make it shorter).
const suggestAge = time.Minute

// WithSuggestEvery: the suggestions are counted afresh every d
// (SUGGEST_INTERVAL), so an instance keeps its copy no longer than d.
func WithSuggestEvery(d time.Duration) Option {
	return func(s *Store) {
		if d > 0 {
			s.suggest.age = min(d, suggestAge)
		}
	}
}

// refreshTimeout bounds the statements of a count of the suggestions.
const refreshTimeout = "SET LOCAL statement_timeout = '5min'"

// SuggestRefreshTimeout is the longest a count of the suggestions may take
// (the job's timeout).
const SuggestRefreshTimeout = 10 * time.Minute

// suggestModels is the most models kept, the commonest.
const suggestModels = 2000

// Suggestion is one thing to offer: its text, its kind (model, brand,
// spec or query) and how many live listings it finds.
type Suggestion struct {
	Text  string `json:"text"`
	Kind  string `json:"kind"`
	Count int64  `json:"count"`
}

// suggestRow is a suggestion as kept in memory, with the keys it is found
// by and, for a spec, its spec words (sorted, space separated).
type suggestRow struct {
	Suggestion
	keys  []string
	words string
	pair  bool // a pair of specs ("Core i5 8GB RAM"), found by its words only
}

// suggestKeyRow is one key of a row, the index's entry.
type suggestKeyRow struct {
	key string
	row int
}

type suggestCache struct {
	mu      sync.Mutex
	age     time.Duration // 0: suggestAge
	at      time.Time
	table   *suggestTable
	reading bool
}

// suggestTable is one read of the table: its rows, the commonest first;
// their keys, sorted, for a prefix's range; the spec rows by their words.
type suggestTable struct {
	rows    []suggestRow
	keys    []suggestKeyRow
	byWords map[string]int
}

// emptySuggestAge is how long an empty table is used: the first count may
// be on its way (it runs when the server starts).
const emptySuggestAge = 5 * time.Second

// starting answers the rows with a key starting with prefix (not the
// pairs), the commonest first, at most limit.
func (t *suggestTable) starting(prefix string, limit int) []int {
	var found []int
	i, _ := slices.BinarySearchFunc(t.keys, prefix, func(k suggestKeyRow, p string) int { return strings.Compare(k.key, p) })
	for ; i < len(t.keys) && strings.HasPrefix(t.keys[i].key, prefix); i++ {
		r := t.keys[i].row
		if t.rows[r].pair || slices.Contains(found, r) {
			continue
		}
		// keep the limit commonest: the lowest row numbers
		at, _ := slices.BinarySearch(found, r)
		if at < limit {
			found = slices.Insert(found, at, r)
			found = found[:min(len(found), limit)]
		}
	}
	return found
}

// RefreshSuggestions makes the table of suggestions again from the live
// listings, in one transaction (readers see the old table until it ends),
// and drops this instance's copy.
func (s *Store) RefreshSuggestions(ctx context.Context) error {
	rows, err := s.countSuggestions(ctx)
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// one refresh at a time; reads go on
		if _, err := tx.Exec(ctx, "LOCK TABLE search_suggestions IN EXCLUSIVE MODE"); err != nil {
			return err
		}
		q := s.q.WithTx(tx)
		if err := q.DeleteSuggestions(ctx); err != nil {
			return err
		}
		var p dbsqlc.InsertSuggestionsParams
		for _, r := range rows {
			p.Kinds, p.Texts, p.Brands = append(p.Kinds, r.Kind), append(p.Texts, r.Text), append(p.Brands, r.Brand)
			p.Words, p.Counts = append(p.Words, r.Words), append(p.Counts, r.Count)
		}
		return q.InsertSuggestions(ctx, p)
	})
	if err != nil {
		return translate(err)
	}
	s.suggest.mu.Lock()
	s.suggest.table = nil
	s.suggest.mu.Unlock()
	return nil
}

// countSuggestions counts the brands, spec words and models of the live
// listings.
func (s *Store) countSuggestions(ctx context.Context) ([]dbsqlc.SearchSuggestion, error) {
	var out []dbsqlc.SearchSuggestion
	brands, err := s.q.CountBrandSuggestions(ctx)
	if err != nil {
		return nil, translate(err)
	}
	for _, b := range brands {
		out = append(out, dbsqlc.SearchSuggestion{Kind: "brand", Text: b.Text, Count: b.Count})
	}
	// every live listing's spec words, in pairs: seconds at a million, over
	// the web's statement timeout
	var specs []dbsqlc.CountSpecWordSuggestionsRow
	err = withSettings(ctx, s.pool, refreshTimeout, func(tx pgx.Tx) error {
		specs, err = s.q.WithTx(tx).CountSpecWordSuggestions(ctx)
		return err
	})
	if err != nil {
		return nil, translate(err)
	}
	for _, sp := range specs {
		text := specPhrase(sp.First)
		if sp.Second != "" {
			if second := specPhrase(sp.Second); text != "" && second != "" {
				text += " " + second
			} else {
				text = ""
			}
		}
		if text != "" && len(text) <= 100 {
			words := strings.TrimSpace(sp.First + " " + sp.Second)
			out = append(out, dbsqlc.SearchSuggestion{Kind: "spec", Text: text, Words: words, Count: sp.Count})
		}
	}
	models, err := s.countModels(ctx)
	if err != nil {
		return nil, err
	}
	queries, err := s.countQueries(ctx)
	return append(append(out, models...), queries...), err
}

// suggestQueries is the most saved searches offered as searches.
const suggestQueries = 50

// countQueries: the searches saved most, each with how many live listings
// it finds now, as the search's own facets count them (a broad one's
// count is a lower bound); one that finds none is left out.
func (s *Store) countQueries(ctx context.Context) ([]dbsqlc.SearchSuggestion, error) {
	popular, err := s.q.ListPopularQueries(ctx, suggestQueries)
	if err != nil {
		return nil, translate(err)
	}
	var out []dbsqlc.SearchSuggestion
	for _, p := range popular {
		f, err := s.ListFacets(ctx, BrowseFilter{Words: p.Text})
		if err != nil {
			return nil, err
		}
		if f.Total > 0 {
			out = append(out, dbsqlc.SearchSuggestion{Kind: "query", Text: p.Text, Count: f.Total})
		}
	}
	return out, nil
}

// countModels reads the live listings' titles, a batch at a time, and
// counts the models they name; the commonest suggestModels are kept.
func (s *Store) countModels(ctx context.Context) ([]dbsqlc.SearchSuggestion, error) {
	type model struct{ brand, text string }
	counts := map[model]int64{}
	var after int64
	for {
		rows, err := s.q.ListLiveTitles(ctx, dbsqlc.ListLiveTitlesParams{After: after, Batch: 10000})
		if err != nil {
			return nil, translate(err)
		}
		for _, r := range rows {
			if text, brand := modelOf(r.ProductName); text != "" {
				counts[model{brand, text}]++
			}
			after = r.ID
		}
		if len(rows) < 10000 {
			break
		}
	}
	out := make([]dbsqlc.SearchSuggestion, 0, len(counts))
	for m, n := range counts {
		out = append(out, dbsqlc.SearchSuggestion{Kind: "model", Text: m.text, Brand: m.brand, Count: n})
	}
	slices.SortFunc(out, func(a, b dbsqlc.SearchSuggestion) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Text, b.Text))
	})
	// a model named under two makers is kept once, the commoner
	seen := map[string]bool{}
	out = slices.DeleteFunc(out, func(p dbsqlc.SearchSuggestion) bool {
		dup := seen[p.Text]
		seen[p.Text] = true
		return dup
	})
	return out[:min(len(out), suggestModels)], nil
}

// suggestions are this instance's copy of the table, read afresh when
// older than suggestAge; meanwhile other callers go on with the old copy.
func (s *Store) suggestions(ctx context.Context) (*suggestTable, error) {
	c := &s.suggest
	c.mu.Lock()
	if c.table != nil && (time.Since(c.at) < cmp.Or(c.age, suggestAge) || c.reading) &&
		(len(c.table.rows) > 0 || time.Since(c.at) < emptySuggestAge || c.reading) {
		defer c.mu.Unlock()
		return c.table, nil
	}
	c.reading = true
	c.mu.Unlock()
	rows, err := s.q.ListSuggestions(ctx)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reading = false
	if err != nil {
		return nil, translate(err)
	}
	c.table, c.at = newSuggestTable(rows), time.Now()
	return c.table, nil
}

// newSuggestTable indexes the rows read.
func newSuggestTable(rows []dbsqlc.SearchSuggestion) *suggestTable {
	t := &suggestTable{rows: make([]suggestRow, 0, len(rows)), byWords: map[string]int{}}
	for _, r := range rows {
		if r.Words != "" {
			t.byWords[r.Words] = len(t.rows)
		}
		row := suggestRow{Suggestion: Suggestion{Text: r.Text, Kind: r.Kind, Count: r.Count},
			keys: suggestKeys(r), words: r.Words, pair: strings.Contains(r.Words, " ")}
		for _, k := range row.keys {
			t.keys = append(t.keys, suggestKeyRow{key: k, row: len(t.rows)})
		}
		t.rows = append(t.rows, row)
	}
	slices.SortFunc(t.keys, func(a, b suggestKeyRow) int { return cmp.Or(strings.Compare(a.key, b.key), cmp.Compare(a.row, b.row)) })
	return t
}

// suggestKeys are the keys a row is found by: its text; a model's with its
// maker's name before it; a processor's without "Core" ("i5").
func suggestKeys(r dbsqlc.SearchSuggestion) []string {
	keys := []string{suggestKey(r.Text)}
	if r.Brand != "" {
		keys = append(keys, suggestKey(r.Brand+" "+r.Text))
	}
	if rest, ok := strings.CutPrefix(r.Text, "Core "); ok && !strings.Contains(r.Words, " ") {
		keys = append(keys, suggestKey(rest))
	}
	return keys
}

// Suggest answers at most SuggestLimit suggestions for q as typed so far:
// first the specs q names when q is nothing but specs ("৮ জিবি" is 8GB
// RAM), then, when q is a spec and the start of another ("i5 8"), the
// pairs it may become, then whatever starts as q does; the commonest
// first within each.
func (s *Store) Suggest(ctx context.Context, q string) ([]Suggestion, error) {
	if strings.TrimSpace(q) == "" {
		return []Suggestion{}, nil
	}
	t, err := s.suggestions(ctx)
	if err != nil {
		return []Suggestion{}, err
	}
	// a phrase of specs is a few words: a longer q is not read as one
	// (reading it costs more than the rest of a suggestion)
	if len(strings.Fields(q)) > maxSpecWords {
		return t.prefixed(q, nil), nil
	}
	var out []Suggestion
	if text, words, _ := laptopwords.Understand(q); text == "" && len(words) > 0 {
		if i, ok := t.byWords[sortedWords(words...)]; ok {
			out = append(out, t.rows[i].Suggestion)
		}
	}
	out = append(out, t.pairs(q)...)
	return t.prefixed(q, out), nil
}

// maxSpecWords is the most words a phrase of specs is read from ("Core
// i5 12th Gen 8GB RAM 512GB SSD" is 8).
const maxSpecWords = 8

// prefixed adds to out the rows whose keys start as q does, the commonest
// first, leaving out the texts out has already (case aside), up to
// SuggestLimit.
func (t *suggestTable) prefixed(q string, out []Suggestion) []Suggestion {
	var kept []Suggestion
	add := func(sg Suggestion) {
		if len(kept) < SuggestLimit && !slices.ContainsFunc(kept, func(o Suggestion) bool { return strings.EqualFold(o.Text, sg.Text) }) {
			kept = append(kept, sg)
		}
	}
	for _, sg := range out {
		add(sg)
	}
	if key := suggestKey(q); key != "" {
		for _, i := range t.starting(key, SuggestLimit+len(kept)) {
			add(t.rows[i].Suggestion)
		}
	}
	if kept == nil {
		return []Suggestion{}
	}
	return kept
}

// pairs: q is one spec and the start of a word ("i5 8"): the pairs of that
// spec and a spec starting so, the commonest first, as typed (the first
// spec's phrase, then the second's).
func (t *suggestTable) pairs(q string) []Suggestion {
	fields := strings.Fields(q)
	if len(fields) < 2 {
		return nil
	}
	text, words, _ := laptopwords.Understand(strings.Join(fields[:len(fields)-1], " "))
	last := suggestKey(fields[len(fields)-1])
	if text != "" || len(words) != 1 || last == "" {
		return nil
	}
	var out []Suggestion
	for _, r := range t.starting(last, 50) {
		row := t.rows[r]
		if row.Kind != "spec" || row.words == "" || row.words == words[0] {
			continue
		}
		if i, ok := t.byWords[sortedWords(words[0], row.words)]; ok {
			out = append(out, Suggestion{Text: specPhrase(words[0]) + " " + row.Text, Kind: "spec", Count: t.rows[i].Count})
		}
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return cmp.Compare(b.Count, a.Count) })
	return out
}

func sortedWords(words ...string) string {
	w := slices.Clone(words)
	slices.Sort(w)
	return strings.Join(w, " ")
}
