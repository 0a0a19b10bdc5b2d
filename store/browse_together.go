package store

import (
	"context"
	"slices"
	"strings"

	"resale/store/internal/dbsqlc"
)

// Spec words common apart, fewer together (#36): 'i7 16gb 512ssd' at a
// million products, each word had by 140,000 to 300,000 listings, all
// three by 10,027. By its rarest word such a search is broad, and a broad
// search's page walks its order's index checking each listing: cheapest
// first, the walk passed most of the catalogue (such laptops are dear),
// gave way, and its matches were found first for each page (1.1 s). But
// its spec words are asked of the index whole (termOf), each one entry,
// and the index intersects them for about as much as a page's walk costs
// once: so when the words are estimated few enough together, their
// matches' places are looked up once, remembered by the words alone
// (whatever the brand, condition, prices, page or order asked with them)
// until the catalogue changes, and every page is picked from them
// (browse_places.go).

// placesMost is the most matches of a search whose places are looked up
// and remembered: at 32 bytes a place, 640 KB.
const placesMost = 20000

// wordsKey is what a search's matches by its words alone are remembered
// by in Store.rare, beside the walk keys of its searches with filters.
func wordsKey(tsquery string) string { return "words " + tsquery }

// placesTogether looks up and remembers the places of the matches of the
// search typed, of query tsquery, asking the index indexQuery, when its
// words are estimated together at most placesMost: ok says it did. Its
// concurrent requests share one lookup, which none of them cancels alone;
// found more than placesMost after all, the search is remembered broad.
func (s *Store) placesTogether(ctx context.Context, typed, tsquery, indexQuery string) (found searchFound, ok bool, err error) {
	together, err := s.togetherEstimate(ctx, typed)
	if err != nil || together < 0 || together > placesMost {
		return searchFound{}, false, err
	}
	key := wordsKey(tsquery)
	looked, err := s.placesByWords(ctx, key, key, func(ctx context.Context) ([]dbsqlc.ListSearchMatchPlacesRow, bool, error) {
		s.lookups.Add(1)
		rows, _, err := s.searchMatchPlaces(ctx, dbsqlc.ListSearchMatchPlacesParams{IndexQuery: indexQuery, Query: tsquery, UpTo: placesMost}, false)
		return rows, len(rows) < placesMost, err
	})
	if err != nil {
		return searchFound{}, false, err
	}
	if looked.ids != nil {
		return searchFound{remembered: true, ids: looked.ids, places: looked.places}, true, nil
	}
	s.broad.add(tsquery)
	return searchFound{broad: true}, true, nil
}

// placesByWords answers the places of the matches of a search remembered
// by key (its words; with its filters, its walk key: findInCells), or
// looks them up by look, which answers them and
// whether they are all there are; all, they are remembered. Concurrent
// requests share one lookup (flight), which none of them cancels alone.
// Not all: nothing.
func (s *Store) placesByWords(ctx context.Context, flight, key string,
	look func(context.Context) ([]dbsqlc.ListSearchMatchPlacesRow, bool, error)) (rareFound, error) {
	looked, err, _ := s.finding.Do(flight, func() (any, error) {
		if found, ok := s.rare.lookup(key); ok { // put as this request came
			return found, nil
		}
		gen := s.rare.generation()
		rows, all, err := look(context.WithoutCancel(ctx))
		if err != nil || !all {
			return rareFound{}, err
		}
		places, ids := placesOf(rows)
		s.rare.put(gen, key, ids, places)
		return rareFound{ids: ids, places: places}, nil
	})
	if err != nil {
		return rareFound{}, translate(err)
	}
	return looked.(rareFound), nil
}

// togetherEstimate is how many products a search typed's rarest word and
// spec words (of the words the index is asked for: searchIndexQuery) are
// estimated to match together, their sampled shares taken as
// independent; -1 with no sample, with no spec word beside the rarest word
// (it alone was estimated), or when the rarest word is a word of text.
func (s *Store) togetherEstimate(ctx context.Context, typed string) (float64, error) {
	terms, err := s.searchTerms(ctx)
	if err != nil || terms == nil {
		return -1, err
	}
	words, specs := typedWords(typed)
	rarest, _ := terms.rarest(words)
	if i := slices.Index(words, rarest); i < specs {
		// the index would be asked for a word of text as a prefix ('16' of
		// 'core i7 16': every word starting with it), whose rows it gathers
		// whole: seconds at a million, where a walk finds a page at once
		return -1, nil
	}
	share, others := 1.0, 0
	for i, w := range words {
		if w == rarest || i >= specs {
			share *= terms.prefixShare(w)
			others++
		}
	}
	if others < 2 {
		return -1, nil
	}
	return share * terms.rows, nil
}

// Words of text common apart and seldom together ('walton macbook': 270,000
// Waltons and 90,000 MacBooks at a million products, none both) are
// estimated many together by their shares taken as independent, so the
// search was guessed broad and walked newest first, which finds nothing
// to stop at: the walk gave way after walkTime (200 ms), and only then were
// its matches looked up. When the index can be asked for every word by
// name (expandPrefixes), it intersects them for about a tenth of that
// ('walton macbook': 14 ms), so such a search is probed first: its first
// probedMost matches looked up; fewer are all there are, remembered by
// its words as placesTogether's are; as many, it is broad as guessed.

// probedMost is how many matches a probe looks up at most: fewer than it
// are a search's every match, whose places are remembered.
const probedMost = 200

// probedRarest is the most products a probed search's rarest word may be
// estimated to match: the index walks that word's postings, skipping
// through the others' (14 ms for the MacBooks' 90,000, estimated 110,000
// as the words starting with 'macbook').
const probedRarest = 150000

// fewTogether probes a search of several words that is common by its
// rarest word (estimated to match estimate products), asking the index
// indexQuery; ok says the probe found its every match. Concurrent
// requests share one probe; a search found many, or whose words could not
// all be named, is remembered broad.
func (s *Store) fewTogether(ctx context.Context, tsquery, indexQuery string, estimate float64) (found searchFound, ok bool, err error) {
	if s.noProbes || !strings.Contains(indexQuery, " & ") || estimate > probedRarest {
		return searchFound{}, false, nil
	}
	key := wordsKey(tsquery)
	probed, err := s.placesByWords(ctx, "probe "+key, key, func(ctx context.Context) ([]dbsqlc.ListSearchMatchPlacesRow, bool, error) {
		// looked up only when every word is named: the index intersects
		// them cheaply then
		rows, named, err := s.searchMatchPlaces(ctx, dbsqlc.ListSearchMatchPlacesParams{IndexQuery: indexQuery, Query: tsquery, UpTo: probedMost}, true)
		if named {
			s.lookups.Add(1)
		}
		return rows, named && len(rows) < probedMost, err
	})
	if err != nil {
		return searchFound{}, false, err
	}
	if probed.ids != nil {
		return searchFound{remembered: true, ids: probed.ids, places: probed.places}, true, nil
	}
	s.broad.add(tsquery)
	return searchFound{}, false, nil
}
