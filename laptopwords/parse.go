// Package laptopwords reads the specs a laptop's free text names, as
// people and shops in Bangladesh write them: "8gb", "৮ জিবি", "corei5",
// "i5-1235U", "512ssd", "RTX 3050 4GB", "15.6\"". It is pure and reads its
// input once, piece by piece, with no regular expressions.
package laptopwords

import (
	"sort"
	"strings"
)

// Specs are what a text names; a zero field names nothing.
type Specs struct {
	Brand         string  `json:"brand,omitempty"`
	Processor     string  `json:"processor,omitempty"`
	CPUFamily     string  `json:"cpuFamily,omitempty"`     // "Core i5", "Ryzen 7", "Apple M2", "Celeron"
	CPUGeneration int     `json:"cpuGeneration,omitempty"` // Intel's generation; a Ryzen's series (6 for 6800H)
	RAMGb         int     `json:"ramGb,omitempty"`
	StorageGb     int     `json:"storageGb,omitempty"`   // the first drive named (a TB is 1000 GB)
	StorageType   string  `json:"storageType,omitempty"` // SSD, HDD or eMMC
	GPU           string  `json:"gpu,omitempty"`         // a graphics card: "RTX 3060", "MX350"
	ScreenInches  float64 `json:"screenInches,omitempty"`
}

// The fields a Term can name.
const (
	FieldCPUFamily  = "cpuFamily"
	FieldGeneration = "cpuGeneration"
	FieldRAM        = "ramGb"
	FieldStorage    = "storage"
	FieldGPU        = "gpu"
	FieldScreen     = "screenInches"
)

// Term is one thing understood, and the bytes of the input that said it.
type Term struct {
	Field      string
	Value      string // as shown: "8", "Core i5", "512 SSD"
	Start, End int
}

// Result is a text's specs and the terms that named them, in the order of
// the text.
type Result struct {
	Specs
	Terms []Term
}

// maxInput is the most of a text read: a title or a search, not a book.
const maxInput = 4000

// Parse reads the specs s names.
func Parse(s string) Result {
	if len(s) > maxInput {
		s = s[:maxInput]
	}
	p := &parser{pieces: tokenize(s)}
	for p.i < len(p.pieces) {
		if !p.step() {
			p.i++
		}
	}
	p.finish()
	sort.SliceStable(p.res.Terms, func(a, b int) bool { return p.res.Terms[a].Start < p.res.Terms[b].Start })
	return p.res
}

// Rest is s without the words of the terms drop picks (all when nil),
// spaces squeezed.
func (r Result) Rest(s string, drop func(Term) bool) string {
	var b strings.Builder
	at := 0
	for _, t := range r.Terms {
		if (drop != nil && !drop(t)) || t.Start < at || t.End > len(s) {
			continue
		}
		b.WriteString(s[at:t.Start])
		b.WriteByte(' ')
		at = t.End
	}
	if at < len(s) {
		b.WriteString(s[at:])
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// parser walks the pieces; each matcher either takes some from p.i on
// (and moves p.i past them) or leaves p untouched.
type parser struct {
	pieces []piece
	i      int
	res    Result
	// lastGPU is the index just after the last graphics card read: a size
	// right after it is the card's memory
	lastGPU int
	// brandSure: the brand read is the maker's own name, not a range's
	brandSure bool
	// screenSure: the screen read was written with its inches
	screenSure bool
}

// step tries each matcher at p.i.
func (p *parser) step() bool {
	return p.matchCPU() || p.matchGeneration() || p.matchGPU() || p.matchSize() ||
		p.matchScreen() || p.matchBrand()
}

// at is the piece at i, or an empty one past the end.
func (p *parser) at(i int) piece {
	if i < 0 || i >= len(p.pieces) {
		return piece{kind: -1}
	}
	return p.pieces[i]
}

// alpha tells whether the piece at i is the word w.
func (p *parser) alpha(i int, words ...string) bool {
	q := p.at(i)
	if q.kind != kindAlpha {
		return false
	}
	for _, w := range words {
		if q.text == w {
			return true
		}
	}
	return false
}

// wordStart tells whether the piece at i begins a word of its own.
func (p *parser) wordStart(i int) bool {
	return !p.at(i).glued
}

// wordEnd tells whether the piece at i ends a word: the next is not glued.
func (p *parser) wordEnd(i int) bool {
	return !p.at(i + 1).glued
}

// take records a term over pieces [from, to) and moves past them.
func (p *parser) take(field, value string, from, to int) {
	p.res.Terms = append(p.res.Terms, Term{Field: field, Value: value,
		Start: p.pieces[from].start, End: p.pieces[to-1].end})
	p.i = to
}
