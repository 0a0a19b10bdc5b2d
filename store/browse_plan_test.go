package store

import (
	"testing"
	"time"
)

// The planner chooses from the facts alone: each row is a request, what is
// known of it, and the plan a debug log says for it.
func TestPlanBrowse(t *testing.T) {
	var tests []planCase
	tests = append(tests, filterPlanCases()...)
	tests = append(tests, lookedUpPlanCases()...)
	tests = append(tests, broadPlanCases()...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planBrowse(tt.f, tt.fs)
			if got := p.String(); got != tt.want {
				t.Errorf("plan %q, want %q", got, tt.want)
			}
			if p.strategy != serveNothing && (p.sort != tt.sort || p.byTime != tt.byTime) {
				t.Errorf("sorted %s (by time %v), want %s (%v)", p.sort, p.byTime, tt.sort, tt.byTime)
			}
			if p.why == "" {
				t.Error("no reason given")
			}
		})
	}
}

// planCase is one row of TestPlanBrowse: a request, what is known of it,
// the plan it gets and how that plan sorts.
type planCase struct {
	name   string
	f      BrowseFilter
	fs     browseFacts
	want   string
	sort   string
	byTime bool
}

// firstIDs is 1..n, product ids standing for n matches.
func firstIDs(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

// filterPlanCases are requests without words: a brand, a price, specs, a
// processor.
func filterPlanCases() []planCase {
	hp := int64(3)
	ids := firstIDs
	return []planCase{
		{name: "unknown brand", f: BrowseFilter{Category: "Nokia", Sort: SortNewest}, fs: browseFacts{unknownCategory: true}, want: "nothing"},
		{name: "a brand's newest", f: BrowseFilter{Category: "HP", Sort: SortNewest}, fs: browseFacts{category: &hp, matching: -1},
			want: "walk products_category_available_idx", sort: SortNewest},
		{name: "a brand by price", f: BrowseFilter{Category: "HP", Sort: SortPriceAsc}, fs: browseFacts{category: &hp, matching: -1},
			want: "planned for its values: BrowsePriceAsc", sort: SortPriceAsc},
		{name: "everything under a price, common", f: BrowseFilter{MaxPrice: 90000, Sort: SortNewest}, fs: browseFacts{matching: -1, walksWell: true},
			want: "walk, plan kept: BrowseNewest; else planned for its values: BrowseNewest", sort: SortNewest},
		{name: "specs few have", f: BrowseFilter{RAMMin: 8, StorageType: "HDD", Sort: SortNewest}, fs: browseFacts{matching: 2},
			want: "matches first: BrowseNewest", sort: SortNewest},
		{name: "specs many have", f: BrowseFilter{RAMMin: 8, Sort: SortNewest}, fs: browseFacts{matching: 50000},
			want: "planned for its values: BrowseNewest", sort: SortNewest},
		// fewer than manyMatches, but over half the brand's: a walk of
		// the brand's index passes some 45 for a page
		{name: "specs under the bound, most of a small brand have", f: BrowseFilter{Category: "WALTON", RAMMin: 8, StorageType: "SSD", Sort: SortNewest},
			fs: browseFacts{category: &hp, matching: 1472, walkedOver: 2675}, want: "planned for its values: BrowseNewest", sort: SortNewest},
		{name: "specs under the bound, few of a big brand have", f: BrowseFilter{Category: "WALTON", RAMMin: 8, StorageType: "SSD", Sort: SortNewest},
			fs: browseFacts{category: &hp, matching: 1472, walkedOver: 267000}, want: "matches first: BrowseNewest", sort: SortNewest},
		{name: "specs few have, in a small catalogue", f: BrowseFilter{RAMMin: 8, StorageType: "HDD", Sort: SortNewest}, fs: browseFacts{matching: 150, walkedOver: 10000},
			want: "matches first: BrowseNewest", sort: SortNewest},
		{name: "by RAM, cheapest first", f: BrowseFilter{RAMMin: 16, Sort: SortPriceAsc}, fs: browseFacts{matching: 50000},
			want: "walk cells: BrowseCellsPriceAsc (products_cell_price_idx)", sort: SortPriceAsc},
		{name: "specs few have, dearest first", f: BrowseFilter{RAMMin: 8, StorageType: "HDD", Sort: SortPriceDesc}, fs: browseFacts{matching: 2},
			want: "walk cells: BrowseCellsPriceDesc (products_cell_price_idx)", sort: SortPriceDesc},
		{name: "a battery between tens", f: BrowseFilter{BatteryMin: 95, Sort: SortNewest}, fs: browseFacts{matching: 50000, loose: true},
			want: "walk in time: BrowseNewest; else matches first: BrowseNewest", sort: SortNewest},
		{name: "a rare processor", f: BrowseFilter{Processor: "m3", Sort: SortNewest}, fs: browseFacts{matching: -1, processorLooked: true, processorIDs: ids(120)},
			want: "planned for its values: BrowseNewest by 120 processor matches", sort: SortNewest},
		{name: "a rare processor, cheapest first", f: BrowseFilter{Processor: "i9", Sort: SortPriceAsc},
			fs: browseFacts{matching: -1, processorLooked: true, processorIDs: ids(120)}, want: "matches first: BrowsePriceAsc by 120 processor matches", sort: SortPriceAsc},
		{name: "a common processor", f: BrowseFilter{Processor: "i5", Sort: SortNewest, ManyMatchesAt: 100},
			fs: browseFacts{matching: -1, processorLooked: true, processorIDs: ids(100)}, want: "planned for its values: BrowseNewest", sort: SortNewest},
		{name: "no such processor", f: BrowseFilter{Processor: "m9", Sort: SortNewest}, fs: browseFacts{matching: -1, processorLooked: true, processorIDs: []int64{}},
			want: "nothing"},
	}
}

// lookedUpPlanCases are searches whose matches were looked up (or
// remembered): few, more, none, and the pages continuing them.
func lookedUpPlanCases() []planCase {
	ids := firstIDs
	byTime := &Cursor{Sort: SortRelevance, Time: time.Now(), ID: 9, ByTime: true}
	ranked := &Cursor{Sort: SortRelevance, Rank: 0.5, ID: 9}
	return []planCase{
		{name: "few matches", f: BrowseFilter{Words: "asus tuf", Sort: SortNewest}, fs: browseFacts{search: searchFound{ids: ids(2)}, matching: -1},
			want: "planned for its values: ListListingsMatching, sorted here by 2 looked-up matches", sort: SortNewest},
		{name: "more matches, dearest first", f: BrowseFilter{Words: "i7 16gb 512ssd", Sort: SortPriceDesc},
			fs:   browseFacts{search: searchFound{ids: ids(993), places: &matchPlaces{all: make([]matchPlace, 993)}}, matching: -1},
			want: "planned for its values: ListListingsMatching, picked here in order by 993 looked-up matches", sort: SortPriceDesc},
		{name: "remembered, newest first", f: BrowseFilter{Words: "i7 16gb 512ssd", Sort: SortNewest},
			fs:   browseFacts{search: searchFound{remembered: true, ids: ids(993), places: &matchPlaces{all: make([]matchPlace, 993)}}, matching: -1},
			want: "planned for its values: ListListingsMatching, picked here in order by 993 remembered matches", sort: SortNewest},
		{name: "remembered with its filters, cheapest first", f: BrowseFilter{Words: "laptop", RAMMin: 32, Sort: SortPriceAsc},
			fs:   browseFacts{search: searchFound{remembered: true, ids: ids(900)}, matching: -1},
			want: "matches first: BrowsePriceAsc by 900 remembered matches", sort: SortPriceAsc},
		{name: "more matches, by relevance", f: BrowseFilter{Words: "asus", Sort: SortRelevance}, fs: browseFacts{search: searchFound{ids: ids(150)}, matching: -1},
			want: "planned for its values: BrowseRelevance by 150 looked-up matches", sort: SortRelevance},
		{name: "no matches", f: BrowseFilter{Words: "zzzz", Sort: SortNewest}, fs: browseFacts{search: searchFound{ids: []int64{}}}, want: "nothing"},
		{name: "broad, a page continuing newest first", f: BrowseFilter{Words: "laptop", Sort: SortRelevance, After: byTime},
			fs:   browseFacts{search: searchFound{ids: ids(5)}, matching: -1},
			want: "planned for its values: ListListingsMatching, sorted here by 5 looked-up matches", sort: SortNewest, byTime: true},
		{name: "a ranked walk goes on ranking", f: BrowseFilter{Words: "laptop", Sort: SortRelevance, After: ranked},
			fs:   browseFacts{search: searchFound{ids: ids(3000), broad: true}, matching: -1},
			want: "planned for its values: BrowseRelevance by 3000 looked-up matches", sort: SortRelevance},
		{name: "remembered, none", f: BrowseFilter{Words: "walton macbook", Sort: SortNewest}, fs: browseFacts{search: searchFound{remembered: true}}, want: "nothing"},
		{name: "remembered, a page continuing newest first", f: BrowseFilter{Words: "walton macbook", Sort: SortRelevance, After: byTime},
			fs:   browseFacts{search: searchFound{remembered: true, ids: ids(4)}, matching: -1},
			want: "planned for its values: ListListingsMatching, sorted here by 4 remembered matches", sort: SortNewest, byTime: true},
	}
}

// broadPlanCases are searches too broad to look up: walked, counted, or
// served matches first, as what was learnt of them lately says.
func broadPlanCases() []planCase {
	hp := int64(3)
	broad := searchFound{broad: true}
	counted := BrowseFilter{Words: "laptop", Sort: SortNewest, countMatches: true}
	walked := "walk checking words: BrowseSearchNewest (products_available_idx); else count matches"
	return []planCase{
		{name: "broad, newest", f: BrowseFilter{Words: "laptop", Sort: SortNewest}, fs: browseFacts{search: broad, matching: -1},
			want: walked, sort: SortNewest},
		{name: "broad, by relevance: newest first", f: BrowseFilter{Words: "laptop", Sort: SortRelevance}, fs: browseFacts{search: broad, matching: -1},
			want: walked, sort: SortNewest, byTime: true},
		{name: "broad in a brand and condition", f: BrowseFilter{Words: "core i7", Category: "HP", Condition: "excellent", Sort: SortNewest},
			fs:   browseFacts{category: &hp, search: broad, matching: -1},
			want: "walk checking words: BrowseSearchNewestInCategoryCondition (products_category_condition_idx); else count matches", sort: SortNewest},
		{name: "broad, cheapest first", f: BrowseFilter{Words: "laptop", Sort: SortPriceAsc}, fs: browseFacts{search: broad, matching: -1},
			want: "price postings: ListListingsMatching; else walk checking words: BrowseSearchPriceAsc (products_price_idx); else count matches",
			sort: SortPriceAsc},
		{name: "broad, dearest first, in a brand", f: BrowseFilter{Words: "core i5", Category: "WALTON", Sort: SortPriceDesc},
			fs: browseFacts{category: &hp, search: broad, matching: -1},
			want: "cell postings: BrowseCellPostingsDesc (search_postings_cell_idx); else price postings: ListListingsMatching; " +
				"else walk checking words: BrowseSearchPriceDesc (products_price_idx); else count matches", sort: SortPriceDesc},
		{name: "broad, cheapest first, with RAM, its cells gave way lately", f: BrowseFilter{Words: "core i5", RAMMin: 16, Sort: SortPriceAsc},
			fs:   browseFacts{search: broad, matching: 50000, cellsGaveWay: true},
			want: "price postings: ListListingsMatching; else walk checking words: BrowseSearchPriceAsc (products_price_idx); else count matches",
			sort: SortPriceAsc},
		{name: "broad, cheapest first, its walk gave way lately", f: BrowseFilter{Words: "laptop", Sort: SortPriceAsc},
			fs: browseFacts{search: broad, matching: -1, slowWalk: true}, want: "matches first: BrowseSearchPriceAsc (products_price_idx)", sort: SortPriceAsc},
		{name: "found first lately", f: BrowseFilter{Words: "laptop", RAMMin: 16, Sort: SortNewest}, fs: browseFacts{search: broad, matching: 5000, foundFirst: true},
			want: "filtered matches first: BrowseSearchNewest (products_available_idx); else matches first: BrowseSearchNewest (products_available_idx)",
			sort: SortNewest},
		{name: "walked to its end lately", f: BrowseFilter{Words: "walton", RAMMin: 32, Sort: SortNewest}, fs: browseFacts{search: broad, matching: 5000, walkedToEnd: true},
			want: "count matches", sort: SortNewest},
		{name: "words only walked to its end: walked", f: BrowseFilter{Words: "walton", Sort: SortNewest}, fs: browseFacts{search: broad, matching: -1, walkedToEnd: true},
			want: walked, sort: SortNewest},
		{name: "counted many, words only", f: counted, fs: browseFacts{search: broad, matching: -1},
			want: "matches first: BrowseSearchNewest (products_available_idx)", sort: SortNewest},
		{name: "counted many, words only, widespread", f: counted, fs: browseFacts{search: searchFound{broad: true, widespread: true}, matching: -1},
			want: "walk checking words again: BrowseSearchNewest (products_available_idx)", sort: SortNewest},
		{name: "counted many, words only, widespread, cheapest first", f: BrowseFilter{Words: "laptop", Sort: SortPriceAsc, countMatches: true},
			fs: browseFacts{search: searchFound{broad: true, widespread: true}, matching: -1}, want: "matches first: BrowseSearchPriceAsc (products_price_idx)",
			sort: SortPriceAsc},
		{name: "counted many, widespread words with filters", f: BrowseFilter{Words: "laptop", RAMMin: 16, Sort: SortNewest, countMatches: true},
			fs:   browseFacts{search: searchFound{broad: true, widespread: true}, matching: 5000},
			want: "filtered matches first: BrowseSearchNewest (products_available_idx); else matches first: BrowseSearchNewest (products_available_idx)",
			sort: SortNewest},
		{name: "counted many, with filters", f: BrowseFilter{Words: "laptop", RAMMin: 16, Sort: SortNewest, countMatches: true},
			fs:   browseFacts{search: broad, matching: 5000},
			want: "filtered matches first: BrowseSearchNewest (products_available_idx); else matches first: BrowseSearchNewest (products_available_idx)",
			sort: SortNewest},
		{name: "a broad search with specs few have", f: BrowseFilter{Words: "laptop", RAMMin: 16, Sort: SortNewest}, fs: browseFacts{search: broad, matching: 40},
			want: "filtered matches first: BrowseSearchNewest (products_available_idx); else matches first: BrowseSearchNewest (products_available_idx)",
			sort: SortNewest},
	}
}

// Every strategy has a name of its own.
func TestStrategyNames(t *testing.T) {
	seen := map[string]strategy{}
	for s := serveNothing; s <= walkSearchAgain; s++ {
		name := s.String()
		if other, ok := seen[name]; ok {
			t.Errorf("%d and %d are both %q", other, s, name)
		}
		seen[name] = s
	}
	if got := strategy(99).String(); got != "strategy(99)" {
		t.Errorf("an unknown strategy is %q", got)
	}
}
