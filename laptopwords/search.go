package laptopwords

import (
	"strconv"
	"strings"
)

// Version is the version of the spec words a listing is found by: a
// listing whose words an older version made gets them made again
// (store.RefreshSpecWords), so a better parser reaches old listings.
const Version = 1

// Understood is a spec a search understood: the field, its value as shown
// ("8", "Core i5", "512 SSD"), and the words typed for it.
type Understood struct {
	Field string `json:"field"`
	Value string `json:"value"`
	Text  string `json:"text"`
}

// searchFields are the fields a search matches as specs; the others
// (brand, graphics) stay words of text.
var searchFields = map[string]bool{FieldRAM: true, FieldCPUFamily: true, FieldGeneration: true, FieldStorage: true, FieldScreen: true}

// Understand reads a search: the words that name specs become spec words,
// the words listings are found by for their specs ("8gb" is ram8gb, a
// listing's RAM of 8 GB, whether its RAM field or its title says so);
// the rest stays text. It answers the text, the spec words and what was
// understood, in the order typed.
func Understand(q string) (string, []string, []Understood) {
	if len(q) > maxInput {
		q = q[:maxInput]
	}
	r := Parse(q)
	var words []string
	var understood []Understood
	for _, t := range r.Terms {
		if !searchFields[t.Field] {
			continue
		}
		if w := termWord(t.Field, t.Value); w != "" && !contains(words, w) {
			words = append(words, w)
			understood = append(understood, Understood{Field: t.Field, Value: t.Value, Text: q[t.Start:t.End]})
		}
	}
	text := r.Rest(q, func(t Term) bool { return searchFields[t.Field] })
	return text, words, understood
}

func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// termWord is the spec word of a field's value as a Term shows it.
func termWord(field, value string) string {
	switch field {
	case FieldRAM:
		return "ram" + value + "gb"
	case FieldCPUFamily:
		return "cpu" + strings.ToLower(strings.ReplaceAll(value, " ", ""))
	case FieldGeneration:
		return "gen" + value + "th"
	case FieldStorage:
		size, kind, _ := strings.Cut(value, " ")
		if kind == "" {
			return "stor" + size + "gb"
		}
		return strings.ToLower(kind) + size + "gb"
	case FieldScreen:
		return "scr" + strings.ReplaceAll(value, ".", "p") + "in"
	}
	return ""
}

// decimalSize is a size as a search writes it: a form's 1024 GB is 1 TB,
// written 1000.
func decimalSize(gb int) int {
	if gb >= 1024 && gb%1024 == 0 {
		return gb / 1024 * 1000
	}
	return gb
}

// Listing is what a listing says of its specs: its own spec fields (zero:
// not given) and its text.
type Listing struct {
	Processor   string
	RAMGb       int
	StorageGb   int
	StorageType string
	Screen      float64
	Title       string
	Description string
}

// SpecWords are the words a listing is found by for its specs: from its
// own fields where the seller gave them, else from what its title, then
// its description, names. Space separated, at most a few hundred bytes.
func SpecWords(l Listing) string {
	cpu := Parse(l.Processor).Specs
	s := Specs{CPUFamily: cpu.CPUFamily, CPUGeneration: cpu.CPUGeneration, RAMGb: l.RAMGb,
		StorageGb: decimalSize(l.StorageGb), StorageType: l.StorageType, ScreenInches: l.Screen}
	for _, text := range []string{l.Title, l.Description} {
		if s.CPUFamily != "" && s.CPUGeneration != 0 && s.RAMGb != 0 && s.StorageGb != 0 && s.ScreenInches != 0 {
			break
		}
		fillMissing(&s, Parse(text).Specs)
	}
	var words []string
	add := func(field, value string, ok bool) {
		if ok {
			words = append(words, termWord(field, value))
		}
	}
	add(FieldRAM, strconv.Itoa(s.RAMGb), s.RAMGb != 0)
	add(FieldCPUFamily, s.CPUFamily, s.CPUFamily != "")
	add(FieldGeneration, strconv.Itoa(s.CPUGeneration), s.CPUGeneration != 0)
	add(FieldStorage, strconv.Itoa(s.StorageGb), s.StorageGb != 0)
	add(FieldStorage, strconv.Itoa(s.StorageGb)+" "+s.StorageType, s.StorageGb != 0 && s.StorageType != "")
	add(FieldScreen, strconv.FormatFloat(s.ScreenInches, 'f', -1, 64), s.ScreenInches != 0)
	return strings.Join(words, " ")
}

// fillMissing fills s's empty fields from t.
func fillMissing(s *Specs, t Specs) {
	if s.CPUFamily == "" {
		s.CPUFamily = t.CPUFamily
	}
	if s.CPUGeneration == 0 && (t.CPUFamily == "" || t.CPUFamily == s.CPUFamily) {
		s.CPUGeneration = t.CPUGeneration
	}
	if s.RAMGb == 0 {
		s.RAMGb = t.RAMGb
	}
	if s.StorageGb == 0 {
		s.StorageGb, s.StorageType = t.StorageGb, t.StorageType
	}
	if s.ScreenInches == 0 {
		s.ScreenInches = t.ScreenInches
	}
}

// IsSpecWord tells whether w is a spec word (not to be corrected as a
// misspelling).
func IsSpecWord(w string) bool {
	if len(w) > 3 && strings.HasPrefix(w, "cpu") {
		return true
	}
	for _, p := range []string{"ram", "gen", "stor", "ssd", "hdd", "emmc", "scr"} {
		if rest, ok := strings.CutPrefix(w, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}
