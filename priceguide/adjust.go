package priceguide

import (
	"math"
	"sort"
)

// nSpecs is the number of numeric specs; the first nMissable are 0 when
// the title does not name them.
const (
	nSpecs    = 12
	nMissable = 5
)

// numeric are the specs a neighbour's price is adjusted for when it
// differs from the laptop asked about.
func numeric(f features) [nSpecs]float64 {
	return [nSpecs]float64{f.ramLog, f.storLog, f.cpuTier, f.year, f.screen, f.gpuTier, f.perf,
		f.flags[0], f.flags[1], f.flags[2], f.flags[3], f.flags[4]}
}

// linear is a ridge regression of log price on the numeric specs (one
// not named set to the mean of those named, with a flag), the brand and
// the series: what a step of each spec is worth, learned from the
// reference laptops with the maker and range held apart, so that a
// brand's dearness is not put on its specs.
type linear struct {
	means  [nSpecs]float64
	coef   []float64 // intercept, specs, flags, then the categories
	column map[string]int
}

// ridge is the shrinkage of the regression: small, so the coefficients
// are the data's, but a spec or a series few laptops name cannot run wild.
const ridge = 2.0

// minWord is how many reference laptops must share a word for the
// regression to give it a weight of its own.
const minWord = 3

// row is the regression's row for f; a category the fit never saw has none.
func (m *linear) row(f features, x []float64) {
	clear(x)
	x[0] = 1
	n := len(m.means)
	for j, v := range numeric(f) {
		if v == 0 && j < nMissable {
			x[1+n+j], v = 1, m.means[j]
		}
		x[1+j] = v - m.means[j]
	}
	for _, c := range categories(f) {
		if i, ok := m.column[c]; ok {
			x[i] = 1
		}
	}
}

// categories are the brand, the series and the words of f.
func categories(f features) []string {
	cs := []string{"b:" + f.brand, "s:" + f.brand + "/" + f.series}
	for _, w := range f.words {
		cs = append(cs, "w:"+w)
	}
	return cs
}

// maxCategories caps the regression's category columns. Solving it costs
// the cube of its width: a catalogue an admin uploads (20,000 laptops
// with many words of their own) would otherwise take minutes to learn;
// past the cap only the categories most laptops share are kept.
const maxCategories = 1000

// learnLinear fits the regression to the laptops fs and their log prices.
func learnLinear(fs []features, ys []float64) *linear {
	m := &linear{means: specMeans(fs), column: map[string]int{}}
	width := 1 + 2*len(m.means)
	keep := keptCategories(fs)
	seen := map[string]int{}
	for _, f := range fs {
		for _, c := range categories(f) {
			seen[c]++
			if _, ok := m.column[c]; !ok && (c[0] != 'w' || seen[c] == minWord) && keep(c) {
				m.column[c] = width
				width++
			}
		}
	}
	xtx := make([][]float64, width)
	for i := range xtx {
		xtx[i] = make([]float64, width)
	}
	xty, x := make([]float64, width), make([]float64, width)
	for r, f := range fs {
		m.row(f, x)
		for i := range x {
			if x[i] == 0 {
				continue
			}
			xty[i] += x[i] * ys[r]
			for k := range x {
				xtx[i][k] += x[i] * x[k]
			}
		}
	}
	for i := 1; i < width; i++ {
		xtx[i][i] += ridge
	}
	m.coef = solve(xtx, xty)
	return m
}

// keptCategories says which categories may have a column: all of them
// when there are at most maxCategories (brands, series, and words shared
// by minWord laptops), else the maxCategories most laptops name, the
// earlier seen first among equals.
func keptCategories(fs []features) func(string) bool {
	count, order := map[string]int{}, []string{}
	for _, f := range fs {
		for _, c := range categories(f) {
			if count[c] == 0 {
				order = append(order, c)
			}
			count[c]++
		}
	}
	var cands []string
	for _, c := range order {
		if c[0] != 'w' || count[c] >= minWord {
			cands = append(cands, c)
		}
	}
	if len(cands) <= maxCategories {
		return func(string) bool { return true }
	}
	sort.SliceStable(cands, func(i, j int) bool { return count[cands[i]] > count[cands[j]] })
	kept := make(map[string]bool, maxCategories)
	for _, c := range cands[:maxCategories] {
		kept[c] = true
	}
	return func(c string) bool { return kept[c] }
}

// predict is the regression's log price for f.
func (m *linear) predict(f features) float64 {
	x := make([]float64, len(m.coef))
	m.row(f, x)
	s := 0.0
	for i, v := range x {
		s += v * m.coef[i]
	}
	return s
}

// predictSpecs is the regression's log price for f without its words:
// the intercept, the specs, the brand and the series.
func (m *linear) predictSpecs(f features) float64 {
	s := m.predict(f)
	for _, w := range f.words {
		s -= m.word(w)
	}
	return s
}

// word is what the regression adds for a title naming w; nothing for a
// word without a column of its own.
func (m *linear) word(w string) float64 {
	if i, ok := m.column["w:"+w]; ok {
		return m.coef[i]
	}
	return 0
}

// specMeans are the means of each numeric spec over the laptops that name it.
func specMeans(fs []features) [nSpecs]float64 {
	var sum, n [nSpecs]float64
	for _, f := range fs {
		for j, v := range numeric(f) {
			if v != 0 || j >= nMissable {
				sum[j] += v
				n[j]++
			}
		}
	}
	for j := range sum {
		if n[j] > 0 {
			sum[j] /= n[j]
		}
	}
	return sum
}

// solve answers A x = b by Gaussian elimination with partial pivoting;
// A is symmetric positive definite here (ridge), so it does not fail.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
		for r := c + 1; r < n; r++ {
			m := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= m * a[c][k]
			}
			b[r] -= m * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}
