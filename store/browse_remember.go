package store

import (
	"sync"
	"time"
)

// What searches remember of the catalogue between requests: the searches
// found broad, whose walk gave way or read its whole index (recentKeys),
// and the few matches of those counted after all and the corrections of
// misspelt ones (rareSearches).

// recentKeys remembers keys for a few minutes: the searches found to have
// many matches (Store.broad), those whose walk gave way (slowWalks) or
// read its whole index for less than a page (walkedToEnd);
// the zero value is empty and ready, and keeps them for broadFor. At most
// maxRemembered are kept: past that, those found over half their time ago
// go, and others if need be.
type recentKeys struct {
	mu    sync.Mutex
	found map[string]time.Time
	// keep: how long a key is kept (0: broadFor)
	keep time.Duration
}

const broadFor = 5 * time.Minute

// slowWalkFor is how long a search whose walk gave way skips its walk. A
// walk may give way for a moment's reason (a cold cache after PostgreSQL
// restarts, a burst of load), and its matches found first may then cost
// far more than the walk will once that is past ('macbook', newest first,
// at a million: 0.6 s against 1 ms): so it is tried again after a minute.
const slowWalkFor = time.Minute

func (b *recentKeys) kept() time.Duration {
	if b.keep > 0 {
		return b.keep
	}
	return broadFor
}

func (b *recentKeys) has(query string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	at, ok := b.found[query]
	return ok && time.Since(at) < b.kept()
}

func (b *recentKeys) add(query string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.found == nil {
		b.found = map[string]time.Time{}
	}
	if len(b.found) >= maxRemembered {
		cut := time.Now().Add(-b.kept() / 2)
		for q, at := range b.found {
			if at.Before(cut) || len(b.found) >= maxRemembered {
				delete(b.found, q)
			}
		}
	}
	b.found[query] = time.Now()
}

// rareSearches remembers the ids of the products matching a search's words
// with other filters seldom together with them, by the filters but prices
// (walkKey), found few by counting after a walk gave way; the zero value
// remembers nothing. They are kept while the catalogue's changes are heard
// (WatchCatalogue), until the next change, and for rareFor at most.
type rareSearches struct {
	mu   sync.Mutex
	live bool
	// gen counts the changes heard or made: what was read before one is
	// not kept after it (a reader takes the generation before it reads
	// and puts with it)
	gen   uint64
	found map[string]rareFound
	// places: how many places the kept searches hold in all
	places int
}

// maxRememberedPlaces is the most places the searches remembered hold in
// all (32 bytes each, 8 of their ids and 4 for each order asked for, up
// to four: 56 MB): past it, all are
// forgotten, as past maxRemembered keys.
const maxRememberedPlaces = 1000000

type rareFound struct {
	ids []int64
	// places: the ids' places in the orders, where their lookup found them
	places *matchPlaces
	// corrected: for a typed search's correction (Store.typos), the words
	// searched for instead ("" none)
	corrected string
	at        time.Time
}

const rareFor = 5 * time.Minute

// getCorrection answers the kept correction of typed, if any.
func (r *rareSearches) getCorrection(typed string) (string, bool) {
	found, ok := r.lookup(typed)
	return found.corrected, ok
}

// lookup answers what is kept for key, if it is not too old.
func (r *rareSearches) lookup(key string) (rareFound, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	found, ok := r.found[key]
	return found, ok && time.Since(found.at) < rareFor
}

// generation is the count of changes so far, taken before a read whose
// findings are put.
func (r *rareSearches) generation() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// put keeps ids, and their places if known, for key while changes are
// heard, read since gen.
func (r *rareSearches) put(gen uint64, key string, ids []int64, places *matchPlaces) {
	r.keep(gen, key, rareFound{ids: ids, places: places})
}

// putCorrection keeps the correction of typed, as put keeps ids.
func (r *rareSearches) putCorrection(gen uint64, typed, corrected string) {
	r.keep(gen, typed, rareFound{corrected: corrected})
}

// keep keeps found for key, read since gen, while changes are heard and
// unless one came since; at most maxRemembered keys and
// maxRememberedPlaces places are kept, and past that all are forgotten.
func (r *rareSearches) keep(gen uint64, key string, found rareFound) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.live || r.gen != gen {
		return
	}
	r.places -= r.found[key].places.size()
	if r.found == nil || len(r.found) >= maxRemembered || r.places+found.places.size() > maxRememberedPlaces {
		r.found, r.places = map[string]rareFound{}, 0
	}
	found.at = time.Now()
	r.found[key] = found
	r.places += found.places.size()
}

// forget drops every kept search; live says whether the catalogue's
// changes are heard from now on.
func (r *rareSearches) forget(live bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.live, r.found, r.places = live, nil, 0
	r.gen++
}

// ForgetSearches drops what searches remembered of the catalogue: a write
// of this instance calls it before its answer leaves, so its caller's next
// search sees the change before the database's notice of it arrives; and
// the read replica answers no public read until it has replayed the change.
func (s *Store) ForgetSearches() {
	s.replica.changed()
	s.areaCounts.drop()
	s.frontiers.drop()
	s.comparables.drop()
	for _, r := range []*rareSearches{&s.rare, &s.typos} {
		r.mu.Lock()
		r.found, r.places = nil, 0
		r.gen++
		r.mu.Unlock()
	}
}
