package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"resale/store/internal/dbsqlc"
)

// The orders a browse can come in.
const (
	SortNewest    = "newest"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
	SortRelevance = "relevance" // needs a search (see Searching)
	SortDistance  = "distance"  // needs Near (browse_near.go)
)

// manyMatches is the most matches a lookup through the index gathers: a
// search's or a processor's matches are fetched in full and sorted below
// it, and the sort's index is walked with each product checked above it.
// A search's own bound is lower in a smaller catalogue (searchBound).
const manyMatches = 2000

// Cursor is where a page ended: the last row's sort key and id.
type Cursor struct {
	Sort  string
	Time  time.Time
	Price int64
	Rank  float32
	ID    int64
	// ByTime marks a relevance page listed newest first (a broad search)
	ByTime bool
	// Place is, nearest first, the position of the last row's area in the
	// areas ordered by distance (their count: listings without an area)
	Place int
}

// BrowseFilter picks available products. Empty fields match anything.
type BrowseFilter struct {
	Category     string
	Words        string // what the person typed into the search box
	MinPrice     int64  // 0: no minimum
	MaxPrice     int64  // 0: no maximum
	Condition    string
	Location     string // a part of the location, matched literally
	VerifiedOnly bool
	// NegotiableOnly: only listings whose seller says the price can move (#39)
	NegotiableOnly bool
	// CheckedOnly: listings resale-check checked (#40, products.checked_at).
	CheckedOnly bool
	// the laptop's specs (0 or "": any); a product without the spec given
	// matches no filter of it
	RAMMin      int32   // GB
	StorageMin  int32   // GB
	StorageType string  // SSD, HDD or eMMC
	BatteryMin  int32   // percent
	ScreenMin   float32 // inches
	ScreenMax   float32
	Processor   string // words, each matching the start of a word of the processor
	SellerID    int64
	// places (#36): ids of a division, a district and an area ("": any)
	Division, District, Area string
	// Near is the point a list nearest first (SortDistance) is measured from
	Near  *LatLon
	Sort  string
	After *Cursor
	Limit int
	// ManyMatchesAt overrides searchBound (tests check both search forms)
	ManyMatchesAt int64
	// countMatches: count the search's matches through the index even if
	// its words' shares say it is broad (its walk found too few in time)
	countMatches bool
	// areaIDs are the areas Division, District and Area pick (nil: any;
	// empty: none), set by withPlaces
	areaIDs []string
}

// Searching tells whether f's Words hold anything to search for: typed
// punctuation alone is no search.
func (f BrowseFilter) Searching() bool {
	return searchQuery(f.Words) != ""
}

// specArgs are a filter's specs as the queries take them (nil: any).
type specArgs struct {
	ramMin, storageMin, batteryMin *int32
	storageType                    *string
	screenMin, screenMax           *float32
	processor                      *string // a prefix tsquery
	sellerID                       *int64
}

func (f BrowseFilter) specArgs() specArgs {
	whole := func(v int32) *int32 {
		if v == 0 {
			return nil
		}
		return &v
	}
	inches := func(v float32) *float32 {
		if v == 0 {
			return nil
		}
		return &v
	}
	a := specArgs{ramMin: whole(f.RAMMin), storageMin: whole(f.StorageMin), batteryMin: whole(f.BatteryMin),
		screenMin: inches(f.ScreenMin), screenMax: inches(f.ScreenMax)}
	if q := processorQuery(f.Processor); q != "" {
		a.processor = &q
	}
	if f.StorageType != "" {
		a.storageType = &f.StorageType
	}
	if f.SellerID != 0 {
		a.sellerID = &f.SellerID
	}
	return a
}

// ListProducts returns one page of available products as f filters and
// sorts them and, when there are more, the cursor of the next page.
func (s *Store) ListProducts(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, error) {
	products, next, _, err := s.ListProductsSorted(ctx, f)
	return products, next, err
}

// ListProductsSorted is ListProducts, and whether a page asked for by
// relevance is listed newest first instead: a broad search's is, its
// matches too many to rank (the pages after it follow its cursor's order).
func (s *Store) ListProductsSorted(ctx context.Context, f BrowseFilter) ([]Product, *Cursor, bool, error) {
	f, places, err := s.withPlaces(ctx, f)
	if err != nil {
		return nil, nil, false, err
	}
	if f.Sort == SortDistance {
		products, next, err := s.browseNearest(ctx, f, places)
		return products, next, false, err
	}
	b, err := s.browse(ctx, f)
	return b.products, b.next, b.byTime, err
}

// browsed is a page served, and the plan that served it.
type browsed struct {
	products []Product
	next     *Cursor
	byTime   bool
	plan     browsePlan
}

// browse serves f's page: the facts known of it, the plan they choose
// (logged at debug level), and the strategy the plan names.
func (s *Store) browse(ctx context.Context, f BrowseFilter) (browsed, error) {
	fs, err := s.browseFacts(ctx, f)
	if err != nil {
		return browsed{}, err
	}
	p := planBrowse(f, fs)
	logPlan(ctx, "browse plan", p)
	switch p.strategy {
	case serveNothing:
		return browsed{products: []Product{}, plan: p}, nil
	case countMatches:
		return s.browseCounted(ctx, f)
	}
	r := newPageRun(f, fs.category, p.matchSet, fs.lessonKey)
	served, err := s.serve(ctx, r, p)
	if err != nil {
		return browsed{plan: served}, translate(err)
	}
	if served.strategy == countMatches {
		logPlan(ctx, "browse plan gave way", served)
		return s.browseCounted(ctx, f)
	}
	products, next := page(r.rows, r.ranks, f, r.byTime)
	return browsed{products: products, next: next, byTime: r.byTime, plan: served}, nil
}

// logPlan logs p at debug level, naming it only when that level is on.
func logPlan(ctx context.Context, msg string, p browsePlan) {
	if l := slog.Default(); l.Enabled(ctx, slog.LevelDebug) {
		l.DebugContext(ctx, msg, "plan", p.String(), "why", p.why)
	}
}

// browseCounted serves f's page with its search's matches counted through
// the index, whatever its words' shares say (its walk gave way, or read
// its whole index lately).
func (s *Store) browseCounted(ctx context.Context, f BrowseFilter) (browsed, error) {
	f.countMatches = true
	return s.browse(ctx, f)
}

// serve runs the strategy p names for r's page, and answers the plan that
// served it: p, or what p gave way to.
func (s *Store) serve(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	switch p.strategy {
	case walkCategory:
		return p, s.serveCategoryWalk(ctx, r)
	case pricePostings:
		return s.servePostings(ctx, r, p)
	case walkList:
		return s.serveListWalk(ctx, r, p)
	case walkSearch:
		return s.serveSearchWalk(ctx, r, p)
	case walkSearchAgain:
		return p, s.serveSearchWalkAgain(ctx, r)
	case walkLoose:
		return s.serveLooseWalk(ctx, r, p)
	case matchesFirst:
		return s.serveMatchesFirst(ctx, r, p)
	case filteredMatchesFirst:
		return s.serveFilteredMatches(ctx, r, p)
	case walkCells:
		return p, r.readCells(ctx, s.q)
	case cellPostings:
		return s.serveCellPostings(ctx, r, p)
	case countMatches:
		return p, nil
	}
	return p, r.read(ctx, s, s.custom, false)
}

// walkPlans turns off, for a transaction, every plan but a walk along an
// index in order, by one process: a walk split among parallel workers
// (which the planner chose at a million products) took 480 ms to stop
// after a page, alone 0.5 ms.
const walkPlans = "SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; " +
	"SET LOCAL max_parallel_workers_per_gather = 0"

// walkSettings are walkPlans as the sessions of OpenWalks's connections
// start with them.
var walkSettings = map[string]string{"enable_seqscan": "off", "enable_bitmapscan": "off", "enable_sort": "off",
	"max_parallel_workers_per_gather": "0"}

// wordsOnly tells whether f filters by its search's words alone.
func (f BrowseFilter) wordsOnly() bool {
	return f.Category == "" && f.MinPrice == 0 && f.MaxPrice == 0 && f.Condition == "" && f.Location == "" &&
		!f.VerifiedOnly && !f.NegotiableOnly && !f.CheckedOnly && !f.specFiltered() && f.areaIDs == nil
}

// walkKey names what a walk of f looks for, whatever its page or prices
// (the bench and a shopper's price slider make each request anew).
func (f BrowseFilter) walkKey() string {
	f.After, f.Limit, f.MinPrice, f.MaxPrice, f.Sort, f.countMatches, f.Near = nil, 0, 0, 0, "", false, nil
	return fmt.Sprintf("%+v", f)
}

// plain tells whether f asks for nothing but a brand's newest products.
func (f BrowseFilter) plain() bool {
	return !f.Searching() && f.MinPrice == 0 && f.MaxPrice == 0 && f.Condition == "" && f.Location == "" &&
		!f.VerifiedOnly && !f.NegotiableOnly && !f.CheckedOnly && !f.specFiltered() && f.Sort == SortNewest && f.areaIDs == nil
}

// specFiltered tells whether f filters by a spec or a seller.
func (f BrowseFilter) specFiltered() bool {
	return f.RAMMin != 0 || f.StorageMin != 0 || f.StorageType != "" || f.BatteryMin != 0 || f.ScreenMin != 0 ||
		f.ScreenMax != 0 || processorQuery(f.Processor) != "" || f.SellerID != 0
}

// page cuts the extra row off rows and makes the next page's cursor from
// the last row kept; ranks are the rows' search ranks when sorted by them,
// byTime whether they are listed newest first where relevance was asked
// for (a broad search).
func page(rows []dbsqlc.ProductListing, ranks []float32, f BrowseFilter, byTime bool) ([]Product, *Cursor) {
	var next *Cursor
	if len(rows) > f.Limit {
		rows = rows[:f.Limit]
		last := rows[len(rows)-1]
		next = &Cursor{Sort: f.Sort, Time: last.CreatedAt, Price: last.SellPrice, ID: last.ID, ByTime: byTime}
		if ranks != nil {
			next.Rank = ranks[f.Limit-1]
		}
	}
	out := make([]Product, 0, len(rows))
	for _, r := range rows {
		out = append(out, productFrom(r))
	}
	return out, next
}

// GetCategoryCount is how many available products a category has, kept by
// triggers so it costs one row read at any size.
func (s *Store) GetCategoryCount(ctx context.Context, categoryID int64) (int64, error) {
	n, err := s.q.GetCategoryCount(ctx, categoryID)
	if err != nil {
		return 0, translate(err)
	}
	return n, nil
}
