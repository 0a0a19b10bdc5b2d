package priceguide

import (
	"math"
	"sort"
)

// Comparable is a used laptop like the one asked about, as the shop knows
// it: a listing's asking price, or the price of its sale.
type Comparable struct {
	Seller    int64
	Price     int // whole Tk: the sale's price when Sold, else the listing's
	Sold      bool
	Condition string  // excellent, good or fair
	Years     float64 // years of use; negative when the seller's text is no number
}

// UsedQuery is the laptop a used range is asked for.
type UsedQuery struct {
	NewPrice  int // 0 when the guide could not tell it
	Condition string
	Years     float64
}

// Range is what a used laptop like the one asked about goes for, and what
// that rests on.
type Range struct {
	Low, Typical, High int    // whole Tk; 0 when nothing is known
	Comparables        int    // listings and sales counted, outliers left out
	Sold               int    // of them, sales
	Sellers            int    // the distinct sellers behind them: each one voice
	Outliers           int    // listings and sales left out as outliers
	From               string // "comparables", "depreciation" or "" (nothing known)
}

// Curve is what share of its new price a laptop in good condition keeps
// after some years of use: Start once used, then PerYear each year.
type Curve struct {
	Start, PerYear float64
	Sales          int // the sales it was learned from; 0 for the default
}

// DefaultCurve is the curve until the shop has sold enough laptops: three
// quarters of the new price once used, 15% less each year.
var DefaultCurve = Curve{Start: 0.75, PerYear: 0.85}

// Value is the share of the new price kept after years of use.
func (c Curve) Value(years float64) float64 {
	return c.Start * math.Pow(c.PerYear, math.Max(0, years))
}

// conditionShare is what each condition is worth against good.
var conditionShare = map[string]float64{"excellent": 1.08, "good": 1, "fair": 0.88}

// The rules of the used range.
const (
	minSellers = 3   // fewer sellers than this and the range comes from the curve
	saleWeight = 2.0 // a seller's sales weigh as much as two sellers' asks
	outlierLow = 1 / 3.0
	outlierTop = 2.5  // prices this far below or above the anchor are left out
	overNew    = 1.25 // a used laptop asked above this share of its new price is left out
	spread     = 0.15 // low and high beside typical when from the curve
)

// UsedRange is the used range of the laptop q from comparables cs, or from
// its new price and the curve when fewer than minSellers stand behind them.
func UsedRange(q UsedQuery, cs []Comparable, curve Curve) Range {
	var r Range
	anchor := float64(q.NewPrice) * curve.Value(q.Years) * share(q.Condition)
	if q.NewPrice == 0 {
		anchor = voicesMedian(cs, q, curve)
	}
	var kept []Comparable
	for _, c := range cs {
		p := float64(c.Price)
		if anchor <= 0 || p < anchor*outlierLow || p > anchor*outlierTop ||
			(q.NewPrice > 0 && p > float64(q.NewPrice)*overNew) {
			r.Outliers++
			continue
		}
		kept = append(kept, c)
	}
	vs, ws, sellers := voices(kept, q, curve)
	if len(sellers) >= minSellers {
		r.Low, r.Typical, r.High = round(quantile(vs, ws, 0.25)), round(quantile(vs, ws, 0.5)), round(quantile(vs, ws, 0.75))
		r.Comparables, r.Sellers, r.From = len(kept), len(sellers), "comparables"
		for _, c := range kept {
			if c.Sold {
				r.Sold++
			}
		}
		return r
	}
	if q.NewPrice > 0 {
		r.Low, r.Typical, r.High = round(anchor*(1-spread)), round(anchor), round(anchor*(1+spread))
		r.From = "depreciation"
	}
	return r
}

// voices are the comparables' prices moved to q's condition and years,
// one value a seller for their asks and one for their sales (the median
// of each), with their weights, and the distinct sellers.
func voices(cs []Comparable, q UsedQuery, curve Curve) ([]float64, []float64, map[int64]bool) {
	type voice struct {
		seller int64
		sold   bool
	}
	group := map[voice][]float64{}
	sellers := map[int64]bool{}
	for _, c := range cs {
		p := float64(c.Price) * share(q.Condition) / share(c.Condition)
		if c.Years >= 0 {
			p *= curve.Value(q.Years) / curve.Value(c.Years)
		}
		k := voice{c.Seller, c.Sold}
		group[k] = append(group[k], p)
		sellers[c.Seller] = true
	}
	keys := make([]voice, 0, len(group))
	for k := range group {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		return keys[a].seller < keys[b].seller || (keys[a].seller == keys[b].seller && keys[b].sold)
	})
	vs, ws := make([]float64, len(keys)), make([]float64, len(keys))
	for i, k := range keys {
		vs[i], ws[i] = median(group[k]), 1
		if k.sold {
			ws[i] = saleWeight
		}
	}
	return vs, ws, sellers
}

// voicesMedian is the weighted median of all voices: the anchor outliers
// are told by when the new price is not known.
func voicesMedian(cs []Comparable, q UsedQuery, curve Curve) float64 {
	vs, ws, _ := voices(cs, q, curve)
	if len(vs) == 0 {
		return 0
	}
	return quantile(vs, ws, 0.5)
}

// share is a condition's worth against good; an unknown one is good.
func share(condition string) float64 {
	if s, ok := conditionShare[condition]; ok {
		return s
	}
	return 1
}

// median is the middle of vs (the mean of the two middle ones).
func median(vs []float64) float64 {
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// quantile is the weighted q-quantile of vs, read between the values'
// midpoints of weight so that two equal voices give their own value.
func quantile(vs, ws []float64, q float64) float64 {
	idx := make([]int, len(vs))
	total := 0.0
	for i := range idx {
		idx[i] = i
		total += ws[i]
	}
	sort.Slice(idx, func(a, b int) bool { return vs[idx[a]] < vs[idx[b]] })
	at, acc := q*total, 0.0
	prevMid, prevV := 0.0, vs[idx[0]]
	for n, i := range idx {
		mid := acc + ws[i]/2
		if at <= mid {
			if n == 0 {
				return vs[i]
			}
			return prevV + (vs[i]-prevV)*(at-prevMid)/(mid-prevMid)
		}
		acc += ws[i]
		prevMid, prevV = mid, vs[i]
	}
	return prevV
}

// round is whole Tk to the nearest 500.
func round(v float64) int {
	return int(math.Round(v/500) * 500)
}

// Sale is a sale the curve is learned from: its price, what the listing
// said the laptop cost new, its condition and years of use.
type Sale struct {
	Price, NewPrice int
	Condition       string
	Years           float64
}

// minCurveSales is how many usable sales the curve needs before it is
// learned rather than the default.
const minCurveSales = 30

// LearnCurve fits the curve to the shop's sales (log of the share of the
// new price kept, moved to good condition, against years of use, by least
// squares), or answers DefaultCurve when there are too few. Sales whose
// share is not believable (under 5% or above 150%, an original price
// typed wrong) are left out; the fit is held to sensible bounds.
func LearnCurve(sales []Sale) Curve {
	var n, sx, sy, sxx, sxy float64
	for _, s := range sales {
		if s.NewPrice <= 0 || s.Years < 0 || s.Years > 15 {
			continue
		}
		kept := float64(s.Price) / float64(s.NewPrice) / share(s.Condition)
		if kept < 0.05 || kept > 1.5 {
			continue
		}
		y := math.Log(kept)
		n, sx, sy, sxx, sxy = n+1, sx+s.Years, sy+y, sxx+s.Years*s.Years, sxy+s.Years*y
	}
	if n < minCurveSales {
		return DefaultCurve
	}
	slope := 0.0
	if d := n*sxx - sx*sx; d > 1e-9 {
		slope = (n*sxy - sx*sy) / d
	}
	start := (sy - slope*sx) / n
	return Curve{Start: clamp(math.Exp(start), 0.4, 1), PerYear: clamp(math.Exp(slope), 0.6, 0.98), Sales: int(n)}
}

// clamp is v held to [lo, hi].
func clamp(v, lo, hi float64) float64 {
	return math.Min(hi, math.Max(lo, v))
}
