package priceguide

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// score is how close estimates came to the real prices.
type score struct {
	n          int
	medianErr  float64 // median absolute percentage error
	within15   float64 // share within 15% of the real price
	unanswered int     // titles the guide would not price (counted as misses)
}

// folds splits the priced laptops of the catalogue into k folds, shuffled
// with a fixed seed so each run tests the same split.
func folds(t *testing.T, k int) [][]Laptop {
	all, err := ReadCSV(strings.NewReader(referenceCSV))
	if err != nil {
		t.Fatal(err)
	}
	var priced []Laptop
	for _, l := range all {
		if l.Price > 0 {
			priced = append(priced, l)
		}
	}
	rand.New(rand.NewPCG(39, 2026)).Shuffle(len(priced), func(i, j int) { priced[i], priced[j] = priced[j], priced[i] })
	out := make([][]Laptop, k)
	for i, l := range priced {
		out[i%k] = append(out[i%k], l)
	}
	return out
}

// crossValidate trains on all folds but one and estimates the one left
// out, each in turn, with the estimator fit makes from a training set.
func crossValidate(fs [][]Laptop, fit func([]Laptop) func(string) (int, bool)) score {
	var errs []float64
	s := score{}
	for i := range fs {
		var train []Laptop
		for j := range fs {
			if j != i {
				train = append(train, fs[j]...)
			}
		}
		estimate := fit(train)
		for _, l := range fs[i] {
			p, ok := estimate(l.Title)
			e := 1.0
			if ok {
				e = math.Abs(float64(p)-float64(l.Price)) / float64(l.Price)
			} else {
				s.unanswered++
			}
			errs = append(errs, e)
		}
	}
	sort.Float64s(errs)
	s.n = len(errs)
	s.medianErr = errs[len(errs)/2]
	if len(errs)%2 == 0 {
		s.medianErr = (errs[len(errs)/2-1] + errs[len(errs)/2]) / 2
	}
	for _, e := range errs {
		if e <= 0.15 {
			s.within15++
		}
	}
	s.within15 /= float64(len(errs))
	return s
}

// fitGuide is the price guide as an estimator for crossValidate.
func fitGuide(train []Laptop) func(string) (int, bool) {
	g := New(train)
	return func(title string) (int, bool) {
		e, err := g.Estimate(title)
		return e.Price, err == nil
	}
}

// fitBaseline is the naive baseline of issue #39: the median price of the
// 5 nearest laptops by RAM, SSD, CPU tier, generation and graphics, each
// spec scaled by its spread, a spec a title does not name set to the mean.
func fitBaseline(train []Laptop) func(string) (int, bool) {
	fs := make([]features, len(train))
	for i, l := range train {
		fs[i] = describe(l.Title)
	}
	var means, sd [5]float64
	var named [5]float64
	for _, f := range fs {
		for j, v := range baselineSpecs(f, means) {
			if v != 0 || j == 4 {
				means[j] += v
				named[j]++
			}
		}
	}
	for j := range means {
		means[j] /= max(named[j], 1)
	}
	for _, f := range fs {
		for j, v := range baselineSpecs(f, means) {
			sd[j] += (v - means[j]) * (v - means[j])
		}
	}
	for j := range sd {
		sd[j] = math.Sqrt(sd[j]/float64(len(fs))) + 1e-9
	}
	return func(title string) (int, bool) {
		q := baselineSpecs(describe(title), means)
		type near struct{ d, p float64 }
		all := make([]near, len(fs))
		for i, f := range fs {
			for j, v := range baselineSpecs(f, means) {
				all[i].d += (v - q[j]) * (v - q[j]) / (sd[j] * sd[j])
			}
			all[i].p = float64(train[i].Price)
		}
		sort.Slice(all, func(a, b int) bool { return all[a].d < all[b].d })
		ps := []float64{all[0].p, all[1].p, all[2].p, all[3].p, all[4].p}
		sort.Float64s(ps)
		return int(ps[2]), true
	}
}

// baselineSpecs are a laptop's numeric specs, the missing ones at the mean.
func baselineSpecs(f features, means [5]float64) [5]float64 {
	v := [5]float64{f.ramLog, f.storLog, f.cpuTier, f.year, f.gpuTier}
	for j := range 4 {
		if v[j] == 0 {
			v[j] = means[j]
		}
	}
	return v
}

// fillers are the words a retailer's titles carry and a person typing a
// title leaves out ("14 inch Full HD Display ... Laptop").
var fillers = map[string]bool{"laptop": true, "display": true, "inch": true, "full": true, "hd": true, "fhd": true, "led": true,
	"backlit": true, "with": true, "and": true, "&": true, "notebook": true, "intel": true, "ips": true, "anti-glare": true, "screen": true}

// asTyped is a catalogue title as a seller types it: without the
// retailer's words for the screen and the kind of thing, and without
// its bracketed part numbers and colours.
func asTyped(title string) string {
	var out []string
	for _, w := range strings.Fields(bracketed.ReplaceAllString(title, " ")) {
		if !fillers[strings.ToLower(strings.Trim(w, ",-"))] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

var bracketed = regexp.MustCompile(`\([^)]*\)`)

// fitTyped is the guide asked with the titles as typed (asTyped).
func fitTyped(train []Laptop) func(string) (int, bool) {
	estimate := fitGuide(train)
	return func(title string) (int, bool) { return estimate(asTyped(title)) }
}

// TestCrossValidation holds the guide to the target of issue #39 on rows
// it was not fit on: a median error of at most 8% and at least 80% of
// laptops within 15% of their real price, clearly beating the baseline,
// for the catalogue's titles and for the same titles as people type them
// (9.0% and 72% before the guide stopped adjusting for words the title
// asked about does not have). With BENCH_PRICE set to a file (make
// bench-price) it writes the result there as a section of
// bench/results.md.
func TestCrossValidation(t *testing.T) {
	t.Parallel()
	fs := folds(t, 5)
	guide, typed, base := crossValidate(fs, fitGuide), crossValidate(fs, fitTyped), crossValidate(fs, fitBaseline)
	report := priceReport(guide, typed, base)
	t.Log("\n" + report)
	for _, g := range []struct {
		titles string
		score
	}{{"the catalogue's titles", guide}, {"the titles as typed", typed}} {
		if g.medianErr > 0.08 || g.within15 < 0.80 {
			t.Errorf("the guide misses the target with %s: median error %.1f%% (at most 8%%), within 15%% %.1f%% (at least 80%%)",
				g.titles, 100*g.medianErr, 100*g.within15)
		}
		if g.medianErr >= base.medianErr || g.within15 <= base.within15 {
			t.Errorf("the guide does not beat the baseline with %s", g.titles)
		}
	}
	if path := os.Getenv("BENCH_PRICE"); path != "" {
		if err := writeSection(path, "## #39: the new price", report); err != nil {
			t.Fatal(err)
		}
	}
}

// priceReport is the markdown table of the guide beside the baseline.
func priceReport(guide, typed, base score) string {
	var b strings.Builder
	fmt.Fprintf(&b, "5-fold cross-validation over the %d priced laptops of `bd-laptops.csv` (`priceguide/reference.csv`):\n", guide.n)
	b.WriteString("each fold fit on the other 80%, shuffled with a fixed seed; `make bench-price`.\n\n")
	b.WriteString("| estimator | median abs. error | within 15% | not priced |\n|---|---|---|---|\n")
	row := func(name string, s score) {
		fmt.Fprintf(&b, "| %s | %.1f%% | %.1f%% | %d |\n", name, 100*s.medianErr, 100*s.within15, s.unanswered)
	}
	row("price guide (nearest comparables, adjusted)", guide)
	row("price guide, the titles as a seller types them (without \"14 inch Full HD Display\", \"Laptop\", part numbers)", typed)
	row("baseline (median of 5 nearest by RAM, SSD, CPU tier, generation, GPU)", base)
	b.WriteString("\nTarget (#39): at most 8% median error and at least 80% within 15%. The guide: the 8 reference laptops\n" +
		"closest in words (rarity-weighted), brand, processor class and year, graphics, RAM, storage and screen, each one's\n" +
		"log price moved by a ridge regression's difference between it and the laptop asked about (specs, brand, series, and\n" +
		"the words of the title asked about that it lacks; fit on the training folds only), weighed by closeness.\n")
	return b.String()
}

// writeSection puts body under heading in the markdown file at path,
// replacing the section if it is there and appending it if not.
func writeSection(path, heading, body string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(old)
	section := heading + "\n\n" + body
	if i := strings.Index(text, heading+"\n"); i >= 0 {
		end := len(text)
		if j := strings.Index(text[i+len(heading):], "\n## "); j >= 0 {
			end = i + len(heading) + j + 1
		}
		text = text[:i] + section + "\n" + text[end:]
	} else {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
