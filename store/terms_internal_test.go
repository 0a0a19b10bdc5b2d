package store

import (
	"math"
	"testing"
	"time"
)

// The sampled words' shares, as pg_stats gives them: the frequencies end
// with the minimum, the maximum and the share of rows without words.
func TestTermShares(t *testing.T) {
	if newTermShares(nil, nil, 1000) != nil || newTermShares([]string{"hp"}, []float32{0.5}, 1000) != nil {
		t.Fatal("no sample (or a short one) must give nil: the whole search goes to the index")
	}
	ts := newTermShares([]string{"hp", "core", "i7", "i5", "elitebook"}, []float32{0.6, 0.5, 0.2, 0.3, 0.1, 0.1, 0.6, 0}, 1e6)
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
	for p, want := range map[string]float64{
		"hp":      0.6 + 0.1, // the word, and the floor for rarer words with the prefix
		"i":       0.2 + 0.3 + 0.1,
		"i7":      0.2 + 0.1,
		"e":       0.1 + 0.1,
		"zenbook": 0.1, // not sampled: rarer than the rarest sampled
		"":        1,   // everything, capped
	} {
		if got := ts.prefixShare(p); !near(got, want) {
			t.Errorf("prefixShare(%q) = %v, want %v", p, got, want)
		}
	}
	if w, n := ts.rarest([]string{"core", "i7", "16gb"}); w != "16gb" || math.Abs(n-1e5) > 1 {
		t.Errorf("rarest of core i7 16gb = %q (%v), want 16gb (100000)", w, n)
	}
	if w, _ := ts.rarest([]string{"hp", "core", "i7"}); w != "i7" {
		t.Errorf("rarest of hp core i7 = %q, want i7", w)
	}
}

// A search's bound grows as the root of the catalogue, within its floor
// and manyMatches.
func TestSearchBound(t *testing.T) {
	for _, c := range []struct {
		rows float64
		want int64
	}{{0, narrowFloor}, {100, narrowFloor}, {1600, narrowFloor}, {10_000, 500}, {100_000, 1581}, {160_000, manyMatches}, {1_000_000, manyMatches}} {
		if got := boundFor(c.rows); got != c.want {
			t.Errorf("boundFor(%v) = %d, want %d", c.rows, got, c.want)
		}
	}
}

// Recent keys are kept for their time: a walk that gave way is tried
// again after slowWalkFor, a broad search counted again after broadFor.
func TestRecentKeysKept(t *testing.T) {
	r := recentKeys{keep: 20 * time.Millisecond}
	r.add("laptop")
	if !r.has("laptop") || r.has("walton") {
		t.Fatal("a key just added is not kept, or one never added is")
	}
	time.Sleep(30 * time.Millisecond)
	if r.has("laptop") {
		t.Error("kept past its time")
	}
	if s := New(nil); s.slowWalks.kept() != slowWalkFor || s.broad.kept() != broadFor {
		t.Errorf("slow walks kept %v, broad searches %v", s.slowWalks.kept(), s.broad.kept())
	}
}

// The prices' sample, as pg_stats gives it: common prices with their
// shares, and bounds of equal shares of the rest.
func TestPriceShares(t *testing.T) {
	if (priceSample{}).share(0, 1000) != -1 {
		t.Error("no sample must give -1: planned for its values")
	}
	// a tenth at 50,000 and a tenth at 90,000; the rest (0.8, less a tenth
	// without a price) in four buckets from 10,000 to 90,000
	p := priceSample{common: []int64{50000, 90000}, commonShares: []float32{0.1, 0.1}, bounds: []int64{10000, 20000, 40000, 60000, 90000}, nulls: 0.1}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
	rest := 0.7 / 4 // each bucket's share
	for _, c := range []struct {
		lo, hi int64
		want   float64
	}{
		{0, 0, 0.9},              // everything priced
		{0, 5000, 0},             // below every price
		{0, 15000, rest / 2},     // half the first bucket
		{50000, 50000, 0.1 + 0},  // a common price, a point in a bucket
		{40000, 0, 0.2 + 2*rest}, // from 40,000 up: both common prices, two buckets
		{30000, 70000, 0.1 + rest/2 + rest + rest/3},
	} {
		if got := p.share(c.lo, c.hi); !near(got, c.want) {
			t.Errorf("share(%d, %d) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}
