// Package priceguide estimates what a laptop costs new in Bangladesh from
// a reference catalogue of a retailer's laptops and prices: the most
// comparable laptops (brand and series, processor and its generation,
// RAM, storage, graphics, screen), each one's price adjusted for the
// specs in which it differs and for the words of the title asked about
// that it lacks, by steps learned from the catalogue itself (a ridge
// regression of log price on the specs, brand, series and words), and
// the adjusted prices weighed by closeness.
//
// Words a neighbour has and the title asked about does not are not
// adjusted for: people type "HP EliteBook 840 G8 i5 16GB 512GB", a
// retailer "... 14 inch Full HD Display ... Laptop", and the regression's
// steps for such words say how a catalogue's titles are written, not
// what a laptop is worth. Adjusting for them put typed titles' estimates
// a median 9% off (against 6% for the catalogue's own), and an upload of
// three laptops without "Laptop" in their titles moved every typed
// title's estimate by a fifth.
package priceguide

import (
	"errors"
	"math"
	"sort"
)

// Laptop is one reference laptop: its title as the shop wrote it and its
// price new in whole Tk.
type Laptop struct {
	Title string
	Price int
}

// ErrTooLittle is answered for a title that names neither a brand, a
// processor nor a graphics card: nothing to compare it by.
var ErrTooLittle = errors.New("the title says too little to price")

// Guide prices laptops against a reference catalogue. It is read-only
// after New and safe for use by many goroutines.
type Guide struct {
	refs   []reference
	idf    map[string]float64
	vocab  map[string]int32 // each word of the catalogue's number
	linear *linear
	steps  []float64 // the regression's step for each word, by its number
}

// reference is a laptop of the catalogue, read once.
type reference struct {
	f        features
	logPrice float64
	fitted   float64 // the regression's log price for it, without its words
	norm     float64 // the length of its weighted words
	ids      []int32 // its words' numbers in vocab
}

// Estimate is a new price and what it rests on.
type Estimate struct {
	Price       int // whole Tk, rounded to 100
	Comparables int // the reference laptops it was taken from
}

// neighbours is how many of the closest reference laptops are weighed;
// softness is how fast a neighbour's weight falls with its distance
// beyond the closest one's (a neighbour softness farther weighs 1/e).
const (
	neighbours = 8
	softness   = 0.5
)

// New reads the catalogue; laptops without a price are left out.
func New(laptops []Laptop) *Guide {
	g := &Guide{idf: map[string]float64{}, vocab: map[string]int32{}}
	var fs []features
	var ys []float64
	for _, l := range laptops {
		if l.Price <= 0 {
			continue
		}
		f := describe(l.Title)
		fs = append(fs, f)
		ys = append(ys, math.Log(float64(l.Price)))
		for _, w := range f.words {
			g.idf[w]++
			if _, ok := g.vocab[w]; !ok {
				g.vocab[w] = int32(len(g.vocab))
			}
		}
	}
	for w, n := range g.idf {
		g.idf[w] = math.Log(float64(len(fs)) / n)
	}
	g.linear = learnLinear(fs, ys)
	g.steps = make([]float64, len(g.vocab))
	for w, id := range g.vocab {
		g.steps[id] = g.linear.word(w)
	}
	for i, f := range fs {
		r := reference{f: f, logPrice: ys[i], fitted: g.linear.predictSpecs(f), norm: g.norm(f.words)}
		for _, w := range f.words {
			r.ids = append(r.ids, g.vocab[w])
		}
		g.refs = append(g.refs, r)
	}
	return g
}

// Len is the number of priced laptops in the catalogue.
func (g *Guide) Len() int { return len(g.refs) }

// Estimate prices the laptop a title describes.
func (g *Guide) Estimate(title string) (Estimate, error) {
	q := describe(title)
	if !q.known() || len(g.refs) == 0 {
		return Estimate{}, ErrTooLittle
	}
	type near struct{ d, logPrice float64 }
	qn, qfit := g.norm(q.words), g.linear.predictSpecs(q)
	weights := make([]float64, len(g.vocab)) // each word's weight in q, by its number
	steps := make([]float64, len(g.vocab))   // each word's step in q, by its number
	qsteps := 0.0
	for _, w := range q.words {
		if id, ok := g.vocab[w]; ok {
			weights[id], steps[id] = g.idf[w]*g.idf[w], g.steps[id]
			qsteps += g.steps[id]
		}
	}
	all := make([]near, len(g.refs))
	for i, r := range g.refs {
		// the specs' difference, and the steps of q's words r lacks
		lacks := qsteps
		for _, id := range r.ids {
			lacks -= steps[id]
		}
		all[i] = near{g.distance(q, similarity(weights, qn, r), r), r.logPrice + qfit - r.fitted + lacks}
	}
	sort.Slice(all, func(a, b int) bool { return all[a].d < all[b].d })
	// a weighted mean of the neighbours' adjusted log prices: a geometric
	// mean, so one dear neighbour pulls less than in Tk
	k := min(neighbours, len(all))
	sw, sv := 0.0, 0.0
	for _, n := range all[:k] {
		w := math.Exp(-(n.d - all[0].d) / softness)
		sw += w
		sv += w * n.logPrice
	}
	p := math.Exp(sv / sw)
	return Estimate{Price: int(math.Round(p/100) * 100), Comparables: k}, nil
}

// norm is the length of a word list weighted by rarity.
func (g *Guide) norm(ws []string) float64 {
	s := 0.0
	for _, w := range ws {
		s += g.idf[w] * g.idf[w]
	}
	return math.Sqrt(s)
}

// Feature weights of the distance: how much unlike two laptops are for a
// difference in each. Words (model and series) weigh most; specs that
// the price adjustment already accounts for weigh little.
const (
	wWords  = 3.0
	wBrand  = 1.0
	wCPU    = 0.5 // per two classes (i5 to i7)
	wYear   = 0.3 // per year
	wGPU    = 0.5 // per class
	wMemory = 0.2 // per doubling of RAM or storage
	wScreen = 0.2 // per two inches
	wAbsent = 0.3 // a spec one names and the other does not
)

// distance is how unlike reference r is to the laptop q, whose words'
// similarity to r's is sim.
func (g *Guide) distance(q features, sim float64, r reference) float64 {
	d := wWords * (1 - sim)
	if q.brand != "" && r.f.brand != q.brand {
		d += wBrand
	}
	d += spec(q.cpuTier, r.f.cpuTier, wCPU/2) + spec(q.year, r.f.year, wYear) +
		spec(q.ramLog, r.f.ramLog, wMemory) + spec(q.storLog, r.f.storLog, wMemory) +
		spec(q.screen, r.f.screen, wScreen/2)
	return d + wGPU*math.Abs(q.gpuTier-r.f.gpuTier)
}

// spec is the distance for one numeric spec: w per unit, or wAbsent when
// only one names it.
func spec(a, b, w float64) float64 {
	switch {
	case a == 0 && b == 0:
		return 0
	case a == 0 || b == 0:
		return wAbsent
	}
	return w * math.Abs(a-b)
}

// similarity is the cosine of the words of the laptop asked about (their
// weights by number, their length qn) and r's, weighted by rarity.
func similarity(weights []float64, qn float64, r reference) float64 {
	if qn == 0 || r.norm == 0 {
		return 0
	}
	s := 0.0
	for _, id := range r.ids {
		s += weights[id]
	}
	return s / (qn * r.norm)
}
