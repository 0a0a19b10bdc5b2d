package store

import (
	"fmt"
	"strings"
)

// A list request is served in two steps, as PostgreSQL serves a query:
// browseFacts gathers what is known of it (its brand, its search's
// matches, the kept counts, what was learnt of the same search lately),
// and planBrowse, which asks nothing of the database, decides from those
// facts how its page is read. The decision is a value: a debug log and the
// tests can say "walk products_category_available_idx" without EXPLAIN.
// Each way of serving lives in its own file (browse_walk.go,
// browse_postings.go, browse_matches.go), the queries a page is read by
// in browse_read.go.

// strategy is a way a page can be served.
type strategy int

const (
	// serveNothing: nothing can match (an unknown brand, a search with no
	// matches); no page is read
	serveNothing strategy = iota
	// walkCategory: a brand's newest, nothing else asked: its index walked
	walkCategory
	// pricePostings: a broad search in price order, through its rarest
	// word's postings (postings.go)
	pricePostings
	// walkList: a list common enough to be walked along the newest index,
	// its plan kept, for walkTime at most
	walkList
	// walkSearch: a broad search walks its sort's index, each product
	// checked for its words, for walkTime at most
	walkSearch
	// walkLoose: a list whose kept counts are an upper bound (a battery
	// between tens), planned for its values, for walkTime at most
	walkLoose
	// matchesFirst: the matching products found first through the
	// filters' indexes, then sorted
	matchesFirst
	// filteredMatchesFirst: a broad search's matches with its other
	// filters at any price found first, and remembered
	filteredMatchesFirst
	// countMatches: the search's matches counted through the index after
	// all (served by a second plan)
	countMatches
	// plannedForValues: the page's query planned by PostgreSQL for its
	// values
	plannedForValues
	// walkCells: a list by RAM or storage type in price order, no search:
	// the cheapest (or dearest) of each combination of brand, condition,
	// RAM and storage type merged (browse_cells.go)
	walkCells
	// cellPostings: a broad search in price order with a brand, a
	// condition, a RAM or a storage type: its word's postings of each cell
	// merged (browse_cells.go), for walkTime at most
	cellPostings
	// walkSearchAgain: a broad search newest first whose walk gave way
	// though a tenth of the catalogue or more has its rarest word
	// (searchFound.widespread) walks its index again, for as long as its
	// request may take
	walkSearchAgain
)

// String names the strategy as a log or a test says it.
func (s strategy) String() string {
	switch s {
	case serveNothing:
		return "nothing"
	case walkCategory:
		return "walk products_category_available_idx"
	case pricePostings:
		return "price postings"
	case walkList:
		return "walk, plan kept"
	case walkSearch:
		return "walk checking words"
	case walkLoose:
		return "walk in time"
	case matchesFirst:
		return "matches first"
	case filteredMatchesFirst:
		return "filtered matches first"
	case countMatches:
		return "count matches"
	case plannedForValues:
		return "planned for its values"
	case walkCells:
		return "walk cells"
	case cellPostings:
		return "cell postings"
	case walkSearchAgain:
		return "walk checking words again"
	}
	return fmt.Sprintf("strategy(%d)", int(s))
}

// matchSource is where a page's list of match ids comes from.
type matchSource int

const (
	noIDs         matchSource = iota // no list of ids: the filters alone pick
	rememberedIDs                    // a remembered search's (Store.rare)
	lookedUpIDs                      // the search's, looked up through the GIN index
	processorIDs                     // a processor's, looked up through its index
)

func (m matchSource) String() string {
	return [...]string{"", "remembered matches", "looked-up matches", "processor matches"}[m]
}

// matchSet is how a page's matches are picked once its search is known.
type matchSet struct {
	// sort is the order the page is read in: a broad search asked for by
	// relevance is read newest first (byTime)
	sort   string
	byTime bool
	// words: the search's words are checked on each product read (a broad
	// search); ids: the matches' ids when known (nil: not known)
	words  bool
	ids    []int64
	source matchSource
	// places: the ids' places in the orders, when their lookup found them
	// (browse_places.go)
	places *matchPlaces
	// none: nothing can match
	none bool
}

// searchFound is what a search's matches were found to be before a page
// is read: remembered, looked up through the index, or broad (more than
// its bound, by its words' shares or a count).
type searchFound struct {
	remembered bool
	broad      bool
	// widespread: its rarest word a tenth of the catalogue has or more,
	// by the words' sampled shares (Store.widespread)
	widespread bool
	ids        []int64
	places     *matchPlaces
}

// browseFacts is what planBrowse decides by, gathered by Store.browseFacts.
type browseFacts struct {
	unknownCategory bool
	category        *int64
	search          searchFound
	// processorLooked: a processor's matches were looked up (processorIDs)
	processorLooked bool
	processorIDs    []int64
	// matching: how many products the kept counts say can match the spec
	// filters, an upper bound (-1: no spec filter, or ids narrow it);
	// loose: counted from the battery's ten below
	matching int64
	loose    bool
	// walkedOver: the products of its brand (or of the catalogue) on
	// sale by the kept counts, which a walk of its index passes (0: not
	// counted)
	walkedOver int64
	// learnt of this search lately: its walk gave way (slowWalk), its
	// matches with its filters were found first (foundFirst), its walk
	// read its whole index for less than a page (walkedToEnd)
	slowWalk, foundFirst, walkedToEnd bool
	// walksWell: a plain list common enough to be walked (walksWell)
	walksWell bool
	// cellsGaveWay: its read by cell postings gave way lately
	cellsGaveWay bool
	// lessonKey: what slowWalks and walkedToEnd know its walks by
	// (Store.lessonKey)
	lessonKey string
}

// browsePlan is how a page is served: the strategy, the query its page is
// read by and the matches it reads, why, and what serves it instead if the
// strategy gives way at run time.
type browsePlan struct {
	strategy strategy
	matchSet
	// read: the query the page is read by (readOf), "" for none
	read      string
	why       string
	otherwise *browsePlan
	// slowNow: the search's walk gave way just now; remembered (slowWalks)
	slowNow bool
}

// String is the plan as a debug log says it: "walk checking words:
// BrowseSearchNewest (products_available_idx); else count matches".
func (p browsePlan) String() string {
	var b strings.Builder
	b.WriteString(p.strategy.String())
	switch p.strategy {
	case serveNothing, walkCategory, countMatches: // the name says it all
	default:
		b.WriteString(": " + p.read)
		if p.source != noIDs {
			fmt.Fprintf(&b, " by %d %s", len(p.ids), p.source)
		}
	}
	if p.otherwise != nil {
		b.WriteString("; else " + p.otherwise.String())
	}
	return b.String()
}

// manyAt is manyMatches, or the tests' override.
func (f BrowseFilter) manyAt() int64 {
	if f.ManyMatchesAt > 0 {
		return f.ManyMatchesAt
	}
	return manyMatches
}

// matches derives from the facts the order a page is read in and the
// matches it reads.
func (fs browseFacts) matches(f BrowseFilter) matchSet {
	m := matchSet{sort: f.Sort, words: f.Searching()}
	switch s := fs.search; {
	case s.remembered:
		// its words with its other filters were counted few lately
		m.words, m.ids, m.places, m.source, m.none = false, s.ids, s.places, rememberedIDs, len(s.ids) == 0
		if f.After != nil && f.After.ByTime {
			m.sort, m.byTime = SortNewest, true
		}
	case m.words:
		// Relevance ranks few matches; a broad search (or a page
		// continuing one) lists newest first instead.
		continuing := f.After != nil && f.Sort == SortRelevance
		if continuing && f.After.ByTime || !continuing && f.Sort == SortRelevance && s.broad {
			m.sort, m.byTime = SortNewest, true
		}
		if !s.broad || m.sort == SortRelevance {
			m.words, m.ids, m.places, m.source = false, s.ids, s.places, lookedUpIDs
		}
		m.none = !s.broad && len(s.ids) == 0
	}
	if fs.processorLooked && m.ids == nil {
		// a processor few laptops have goes by their ids too
		m.none = len(fs.processorIDs) == 0
		if int64(len(fs.processorIDs)) < f.manyAt() {
			m.ids, m.source = fs.processorIDs, processorIDs
		}
	}
	return m
}

// fetchesIDs tells whether m's page, read by its matches' ids in price
// order where their places are not known (a processor's; a broad search's
// with its filters, found first), finds them by id first and sorts them.
// Planned for its values, the page walked the price index instead,
// checking each product's id, as the planner takes the matches for spread
// evenly along the prices, which laptops alike in their specs are far
// from: 'i7 16gb 512ssd' cheapest first at 100,000 products, 993 matches
// none of which are among the 82,000 cheapest, took 530 ms so, 35 ms
// found first (#36). Found first, a page costs a read of each match at
// most (manyMatches); walked, even matches spread evenly cost as much once
// they are fewer than searchBound (its reasoning), and the walk has no
// bound.
func (m matchSet) fetchesIDs(f BrowseFilter) bool {
	return m.ids != nil && (m.sort == SortPriceAsc || m.sort == SortPriceDesc) && !m.readHere(f)
}

// readHere tells whether m's page is read by its search's matches' ids,
// sorted here (few) or picked from their places.
func (m matchSet) readHere(f BrowseFilter) bool {
	return m.ids != nil && f.Searching() && (len(m.ids) <= fewListings || m.picksPlaces())
}

// walksWords tells whether m's page is read by walking its sort's index,
// each product checked for the search's words (a broad search).
func (m matchSet) walksWords() bool { return m.words && m.ids == nil }

// planBrowse decides how the page f asks for is served, by the facts
// gathered of it; it asks nothing of the database.
func planBrowse(f BrowseFilter, fs browseFacts) browsePlan {
	if fs.unknownCategory {
		return browsePlan{strategy: serveNothing, why: "no such brand"}
	}
	if fs.category != nil && f.plain() {
		return browsePlan{strategy: walkCategory, matchSet: matchSet{sort: SortNewest}, read: "BrowseCategoryNewest",
			why: "a brand's newest, nothing else asked"}
	}
	m := fs.matches(f)
	if m.none {
		return browsePlan{strategy: serveNothing, matchSet: m, why: "no product matches its words or processor"}
	}
	p := chooseStrategy(f, fs, m)
	if mayUsePostings(f, fs, m) {
		// a broad search in price order: through its rarest word's
		// listings in that order; else as it would go without them
		without := p
		p = browsePlan{strategy: pricePostings, matchSet: m, read: "ListListingsMatching",
			why: "a broad search in price order", otherwise: &without}
	}
	if byCellPostings(f, m) && !fs.cellsGaveWay {
		// with a brand, condition, RAM or storage type: through its
		// word's listings of each, in that order
		without := p
		p = browsePlan{strategy: cellPostings, matchSet: m, read: cellPostingsRead(m.sort),
			why: "a broad search in price order with a brand, condition, RAM or storage type", otherwise: &without}
	}
	return p
}

// mayUsePostings tells whether a broad search's page in price order is
// looked for through its rarest word's postings first. One whose walk
// gave way lately has found its postings of no use as well (its filters
// are seldom with them).
func mayUsePostings(f BrowseFilter, fs browseFacts, m matchSet) bool {
	return m.walksWords() && !f.countMatches && (m.sort == SortPriceAsc || m.sort == SortPriceDesc) &&
		(fs.matching < 0 || fs.matching >= f.manyAt()) && !fs.slowWalk
}

// mayWalkList tells whether f is a list by price, condition, brand or
// place alone, newest first, which is walked, its plan kept, if its products are
// common enough (browseFacts asks walksWell only then).
func mayWalkList(f BrowseFilter, fs browseFacts, m matchSet) bool {
	return !f.Searching() && fs.matching < 0 && m.sort == SortNewest && f.Location == "" && !f.VerifiedOnly && !f.NegotiableOnly && !f.CheckedOnly &&
		!f.specFiltered() && !fs.slowWalk
}

// fewBySpecs tells whether the kept counts say few products meet f's spec
// filters, so that its matches are found first and sorted: fewer than
// manyAt and, for a list without a search, too few for a walk of its
// brand's (or the catalogue's) index to read less. A walk passes some
// walkPage×walkedOver/matching products for a page, finding them first
// reads matching: the walk reads less above boundFor(walkedOver), the
// same bound as a search's. At 10,000 products the 1,472 Walton laptops
// with an SSD and 8 GB of RAM, of 2,675, were each read and sorted for
// every page (p50 38 ms at 16 connections) where a walk passes some 45.
func (fs browseFacts) fewBySpecs(f BrowseFilter) bool {
	if fs.matching < 0 || fs.matching >= f.manyAt() {
		return false
	}
	if f.Searching() || f.ManyMatchesAt > 0 || fs.walkedOver == 0 {
		return true
	}
	return fs.matching < boundFor(float64(fs.walkedOver))
}

// chooseStrategy is planBrowse's choice for a page not served by nothing,
// its brand's walk or the postings.
func chooseStrategy(f BrowseFilter, fs browseFacts, m matchSet) browsePlan {
	p := browsePlan{matchSet: m, read: readOf(f, fs.category, m)}
	walksWords, counted := m.walksWords(), f.countMatches
	fewBySpecs := fs.fewBySpecs(f)
	planned := browsePlan{strategy: plannedForValues, matchSet: m, read: p.read}
	switch {
	case byCells(f, m):
		p.strategy, p.read, p.why = walkCells, cellsRead(m.sort), "by RAM or storage type in price order: its products may all be dear or cheap"
	case fs.walksWell:
		p.strategy, p.why = walkList, "newest first, common enough to walk"
		planned.why, p.otherwise = "its walk gave way: its prices are seldom with its brand or condition", &planned
	case m.fetchesIDs(f):
		p.strategy, p.why = matchesFirst, "its matches known, in price order: found first by id, not walked for (they may all be dear or cheap)"
	case fewBySpecs && walksWords && !counted:
		p.strategy, p.why = filteredMatchesFirst, "a broad search with specs few laptops have"
	case fewBySpecs:
		p.strategy, p.why = matchesFirst, "specs few laptops have, by the kept counts"
	case walksWords && !counted && fs.foundFirst:
		p.strategy, p.why = filteredMatchesFirst, "found first lately, the catalogue changed since"
	case walksWords && !counted && fs.slowWalk:
		p.strategy, p.why = matchesFirst, "its walk gave way lately"
	case walksWords && !counted && !f.wordsOnly() && fs.walkedToEnd:
		p.strategy, p.why = countMatches, "its walk read its whole index lately"
	case walksWords && !counted:
		p.strategy, p.why = walkSearch, "a broad search"
		p.otherwise = &browsePlan{strategy: countMatches, why: "its walk gave way"}
	case walksWords && f.wordsOnly() && fs.search.widespread && m.sort == SortNewest:
		// 'core i5' newest first, a third of the catalogue: its walk
		// passes a few products a match, unless they all are old, and
		// gave way to a busy or cold machine (a fresh server's first
		// such searches, many at once); found first, its matches would
		// be read to the last (over a second at a million products)
		p.strategy, p.why = walkSearchAgain, "counted many, a tenth of the catalogue or more: its walk gave way to a busy machine, not to matches seldom early"
	case walksWords && f.wordsOnly():
		p.strategy, p.slowNow = matchesFirst, true
		p.why = "counted many, but its walk gave way: its matches are seldom early in its order"
	case walksWords:
		p.strategy, p.why = filteredMatchesFirst, "counted many, but its walk gave way: its filters are seldom with its words"
	case fs.loose:
		p.strategy, p.why = walkLoose, "the kept counts are an upper bound (a battery between tens)"
		p.otherwise = &browsePlan{strategy: matchesFirst, matchSet: m, read: p.read, why: "its walk gave way"}
	default:
		planned.why = "no spec filter, or the kept counts say many match, or enough of what its walk passes"
		return planned
	}
	if p.strategy == filteredMatchesFirst {
		// many: this page is found first as it is
		p.otherwise = &browsePlan{strategy: matchesFirst, matchSet: m, read: p.read, why: "its matches with its filters are many",
			slowNow: true}
	}
	return p
}
