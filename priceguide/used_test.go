package priceguide

import (
	"math"
	"testing"
)

// comps are n asks of one seller at a price each.
func comps(seller int64, price int, n int, sold bool) []Comparable {
	var cs []Comparable
	for range n {
		cs = append(cs, Comparable{Seller: seller, Price: price, Sold: sold, Condition: "good", Years: 1})
	}
	return cs
}

// TestUsedRangeGaming: outliers out, one seller one voice, sales weigh more.
func TestUsedRangeGaming(t *testing.T) {
	t.Parallel()
	q := UsedQuery{NewPrice: 100000, Condition: "good", Years: 1}
	var cs []Comparable
	cs = append(cs, comps(1, 60000, 1, false)...)
	cs = append(cs, comps(2, 62000, 1, false)...)
	cs = append(cs, comps(3, 64000, 1, false)...)
	honest := UsedRange(q, cs, DefaultCurve)
	if honest.From != "comparables" || honest.Typical != 62000 || honest.Sellers != 3 || honest.Comparables != 3 {
		t.Fatalf("honest: %+v", honest)
	}
	// one seller lists the same laptop twenty times at 90,000: one voice
	flood := UsedRange(q, append(cs, comps(4, 90000, 20, false)...), DefaultCurve)
	if flood.Typical > 64000 || flood.Sellers != 4 || flood.Comparables != 23 {
		t.Errorf("a seller's twenty listings moved the typical price: %+v", flood)
	}
	// 1 Tk and ten times the price are left out
	odd := append(append([]Comparable{}, cs...), Comparable{Seller: 5, Price: 1, Condition: "good"},
		Comparable{Seller: 6, Price: 620000, Condition: "good"}, Comparable{Seller: 7, Price: 600000, Condition: "good"})
	got := UsedRange(q, odd, DefaultCurve)
	if got.Outliers != 3 || got.Typical != 62000 || got.Low < 60000 || got.High > 64000 {
		t.Errorf("outliers: %+v", got)
	}
	// without the new price the anchor is the sellers' median: 1 Tk and 10x still out
	q.NewPrice = 0
	if got := UsedRange(q, odd, DefaultCurve); got.Outliers != 3 || got.Typical != 62000 {
		t.Errorf("outliers without a new price: %+v", got)
	}
	// two sellers are too few: the curve
	q.NewPrice = 100000
	if got := UsedRange(q, cs[:2], DefaultCurve); got.From != "depreciation" || got.Typical != round(100000*DefaultCurve.Value(1)) {
		t.Errorf("too few: %+v", got)
	}
	// nothing known at all
	if got := UsedRange(UsedQuery{Condition: "good"}, nil, DefaultCurve); got.From != "" || got.Typical != 0 {
		t.Errorf("nothing: %+v", got)
	}
}

// TestUsedRangeAdjusts moves comparables to the condition and years asked.
func TestUsedRangeAdjusts(t *testing.T) {
	t.Parallel()
	cs := append(comps(1, 60000, 1, false), append(comps(2, 60000, 1, false), comps(3, 60000, 1, true)...)...)
	good := UsedRange(UsedQuery{NewPrice: 100000, Condition: "good", Years: 1}, cs, DefaultCurve)
	fair := UsedRange(UsedQuery{NewPrice: 100000, Condition: "fair", Years: 1}, cs, DefaultCurve)
	older := UsedRange(UsedQuery{NewPrice: 100000, Condition: "good", Years: 3}, cs, DefaultCurve)
	if good.Typical != 60000 || fair.Typical >= good.Typical || older.Typical >= good.Typical || good.Sold != 1 {
		t.Errorf("good %+v, fair %+v, three years %+v", good, fair, older)
	}
}

// TestLearnCurve learns the shop's own depreciation once it has enough sales.
func TestLearnCurve(t *testing.T) {
	t.Parallel()
	var sales []Sale
	for i := range 40 {
		years := float64(i % 5)
		sales = append(sales, Sale{Price: int(100000 * 0.8 * math.Pow(0.7, years)), NewPrice: 100000, Condition: "good", Years: years})
	}
	if c := LearnCurve(sales[:minCurveSales-1]); c != DefaultCurve {
		t.Errorf("learned from %d sales: %+v", minCurveSales-1, c)
	}
	sales = append(sales, Sale{Price: 1, NewPrice: 100000, Years: 1}, Sale{Price: 500000, NewPrice: 100000, Years: 1})
	c := LearnCurve(sales)
	if math.Abs(c.Start-0.8) > 0.01 || math.Abs(c.PerYear-0.7) > 0.01 || c.Sales != 40 {
		t.Errorf("learned %+v, want start 0.8, 0.7 a year, from 40 sales", c)
	}
}
