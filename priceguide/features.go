package priceguide

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"resale/laptopwords"
)

// features are what a title tells about a laptop's price: its specs as
// numbers on one scale each (0 where the title does not say), and its
// words for telling a model and series apart.
type features struct {
	brand     string
	series    string // the first word after the maker's name: "ideapad", "tuf", "pavilion"
	cpuFamily string
	cpuTier   float64 // 1 a Celeron, 3 a Core i3 or Ryzen 3 ... 9; more for Apple's Pro and Max
	year      float64 // the year the processor came out, from its generation
	gpuTier   float64 // 0 none named, 0.5 an MX, 1 to 8 a GeForce by class and series, 2 others
	ramLog    float64 // log2 of RAM in GB
	storLog   float64 // log2 of the SSD (or drive) in GB
	screen    float64
	perf      float64    // 1 a performance processor (H, HS, HX), else 0
	flags     [5]float64 // 1 where the title says: a hard disk drive, gaming, OLED, touch, 120 Hz or more
	words     []string   // distinct lower-case words and model-code stems
}

// describe reads a title's features.
func describe(title string) features {
	s := laptopwords.Parse(title).Specs
	f := features{brand: s.Brand, cpuFamily: s.CPUFamily, screen: s.ScreenInches, words: words(title)}
	f.series = series(f.words, s.Brand)
	f.cpuTier = cpuTier(s.CPUFamily, f.words)
	f.year = cpuYear(s.CPUFamily, s.CPUGeneration)
	f.gpuTier = gpuTier(s.GPU)
	if s.RAMGb > 0 {
		f.ramLog = math.Log2(float64(s.RAMGb))
	}
	if s.StorageGb > 0 {
		f.storLog = math.Log2(float64(s.StorageGb))
	}
	f.perf = perfSuffix(s.Processor)
	f.flags = [5]float64{b2f(s.StorageType == "HDD"), b2f(has(f.words, "gaming")), b2f(has(f.words, "oled")),
		b2f(has(f.words, "touch", "x360", "flip", "detachable")), b2f(highRefresh(f.words))}
	return f
}

// known tells whether a title says enough to be priced: a brand, a
// processor or a graphics card. RAM alone fits every laptop.
func (f features) known() bool {
	return f.brand != "" || f.cpuFamily != "" || f.gpuTier > 0
}

// cpuTier places a processor family on one scale: the vendors' own
// 3-5-7-9 classes, budget chips below, Apple's by chip and variant.
func cpuTier(family string, words []string) float64 {
	switch {
	case family == "":
		return 0
	case strings.HasPrefix(family, "Apple M"):
		n, _ := strconv.Atoi(strings.TrimPrefix(family, "Apple M"))
		t := 5.5 + 0.5*float64(n)
		switch {
		case has(words, "max"):
			t += 3
		case has(words, "pro") && has(words, "chip", "core", "cpu") && !has(words, "air"):
			t += 1.5
		}
		return t
	case strings.HasPrefix(family, "Core Ultra "):
		n, _ := strconv.Atoi(strings.TrimPrefix(family, "Core Ultra "))
		return float64(n) + 0.5
	}
	if i := strings.LastIndexAny(family, "i "); i >= 0 {
		if n, err := strconv.Atoi(family[i+1:]); err == nil {
			return float64(n)
		}
	}
	return 1 // Celeron, Pentium, Athlon
}

// cpuYear is about when a processor came out: Intel's generation g in
// 2010+g, a Ryzen's series s in 2016+s, Apple's M chips from 2020.
func cpuYear(family string, gen int) float64 {
	switch {
	case strings.HasPrefix(family, "Apple M"):
		n, _ := strconv.Atoi(strings.TrimPrefix(family, "Apple M"))
		return float64(2019 + n)
	case strings.HasPrefix(family, "Core Ultra"):
		return 2024
	case gen == 0:
		return 0
	case strings.HasPrefix(family, "Ryzen"):
		return float64(2016 + gen)
	}
	return float64(2010 + gen)
}

// gpuTier places a graphics card on one scale: a GeForce's class (50, 60
// ... 90) and its series, an MX below them, other makers' cards in the
// middle.
func gpuTier(gpu string) float64 {
	switch {
	case gpu == "":
		return 0
	case strings.HasPrefix(gpu, "MX"):
		return 0.5
	}
	fields := strings.Fields(gpu)
	if len(fields) >= 2 && (fields[0] == "RTX" || fields[0] == "GTX") && len(fields[1]) == 4 {
		if n, err := strconv.Atoi(fields[1]); err == nil {
			class, series := float64(n%1000/10), float64(n/1000)
			return math.Max(0.5, 1+(class-40)/10+0.5*(series-3))
		}
	}
	return 2
}

// words are a title's distinct lower-case words, and for a model code
// ("g513ie", "15irh8") its stem without the last two characters, so that
// codes of one model family meet.
func words(title string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		add(w)
		if len(w) >= 5 && strings.ContainsAny(w, "0123456789") && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			add("~" + w[:len(w)-2])
		}
	}
	return out
}

// has tells whether any of ws is among words.
func has(words []string, ws ...string) bool {
	for _, w := range words {
		for _, x := range ws {
			if w == x {
				return true
			}
		}
	}
	return false
}

// series is the word after the maker's name ("asus rog strix" is "rog"),
// or the first word when the maker's name is not written ("macbook").
func series(ws []string, brand string) string {
	for i, w := range ws {
		if w == strings.ToLower(brand) && i+1 < len(ws) {
			return ws[i+1]
		}
	}
	if len(ws) > 0 && brand != "" {
		return ws[0]
	}
	return ""
}

// perfSuffix tells a performance processor by its model's suffix:
// "i5-12450H", "Ryzen 7 7840HS", "i9-13980HX".
func perfSuffix(processor string) float64 {
	model := processor[strings.LastIndexAny(processor, " -")+1:]
	model = strings.TrimRightFunc(model, unicode.IsDigit) // "1165G7"
	return b2f(strings.HasSuffix(model, "H") || strings.HasSuffix(model, "HS") || strings.HasSuffix(model, "HX"))
}

// highRefresh tells whether a title names a screen of 120 Hz or more.
func highRefresh(ws []string) bool {
	for _, w := range ws {
		if n, ok := strings.CutSuffix(w, "hz"); ok {
			if v, err := strconv.Atoi(n); err == nil && v >= 120 && v <= 500 {
				return true
			}
		}
	}
	return false
}

// b2f is 1 for true.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
