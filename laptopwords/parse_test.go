package laptopwords

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want Specs
	}{
		{"8gb", Specs{RAMGb: 8}},
		{"8 GB RAM", Specs{RAMGb: 8}},
		{"৮ জিবি", Specs{RAMGb: 8}},
		{"৮ জিবি র‍্যাম ১২তম জেনারেশন", Specs{RAMGb: 8, CPUGeneration: 12}},
		{"আট জিবি র্যাম", Specs{RAMGb: 8}},
		{"এইচপি কোর আই৫ ৮ জিবি", Specs{Brand: "HP", CPUFamily: "Core i5", Processor: "Intel Core i5", RAMGb: 8}},
		{"রাইজেন ৫ ৫৫০০ইউ", Specs{CPUFamily: "Ryzen 5", Processor: "AMD Ryzen 5", CPUGeneration: 0}},
		{"16GB DDR5", Specs{RAMGb: 16}},
		{"corei5", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5"}},
		{"core-i5", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5"}},
		{"i5", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5"}},
		{"core i5 8gb", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5", RAMGb: 8}},
		{"i7 16gb", Specs{CPUFamily: "Core i7", Processor: "Intel Core i7", RAMGb: 16}},
		{"Ryzen 5", Specs{CPUFamily: "Ryzen 5", Processor: "AMD Ryzen 5"}},
		{"R5", Specs{CPUFamily: "Ryzen 5", Processor: "AMD Ryzen 5"}},
		{"M1", Specs{CPUFamily: "Apple M1", Processor: "Apple M1"}},
		{"M2 Pro", Specs{CPUFamily: "Apple M2", Processor: "Apple M2 Pro"}},
		{"Celeron N4020", Specs{CPUFamily: "Celeron", Processor: "Intel Celeron N4020"}},
		{"12th gen", Specs{CPUGeneration: 12}},
		{"i5-1235U", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5-1235U", CPUGeneration: 12}},
		{"i7 1165G7", Specs{CPUFamily: "Core i7", Processor: "Intel Core i7-1165G7", CPUGeneration: 11}},
		{"Core i5 12th Gen", Specs{CPUFamily: "Core i5", Processor: "Intel Core i5 12th Gen", CPUGeneration: 12}},
		{"Ryzen 7 6800H", Specs{CPUFamily: "Ryzen 7", Processor: "AMD Ryzen 7 6800H", CPUGeneration: 6}},
		{"512ssd", Specs{StorageGb: 512, StorageType: "SSD"}},
		{"ssd 512", Specs{StorageGb: 512, StorageType: "SSD"}},
		{"512GB SSD", Specs{StorageGb: 512, StorageType: "SSD"}},
		{"1TB HDD", Specs{StorageGb: 1000, StorageType: "HDD"}},
		{"256GB SSD & 1TB HDD", Specs{StorageGb: 256, StorageType: "SSD"}},
		{"1TB HDD 256GB SSD", Specs{StorageGb: 256, StorageType: "SSD"}},
		{"RTX 3060 6GB", Specs{GPU: "RTX 3060"}},
		{"RTX 3050 4GB 8GB RAM", Specs{GPU: "RTX 3050", RAMGb: 8}},
		{"with 6GB RTX 3060 graphics", Specs{GPU: "RTX 3060"}},
		{"MX350", Specs{GPU: "MX350"}},
		{"rtx3050ti", Specs{GPU: "RTX 3050 Ti"}},
		{`15.6"`, Specs{ScreenInches: 15.6}},
		{"15.6 inch", Specs{ScreenInches: 15.6}},
		{"14 Inch FHD", Specs{ScreenInches: 14}},
		{"১৫.৬ ইঞ্চি", Specs{ScreenInches: 15.6}},
		{"HP 15-EG2117TU", Specs{Brand: "HP"}},
		{"HP 250 G8", Specs{Brand: "HP"}},
		{"Acer Aspire 5 A515-57G", Specs{Brand: "Acer"}},
		{"MacBook Air M.2 ssd", Specs{Brand: "Apple"}},
		{"Walton Tamarind MX311G", Specs{Brand: "Walton"}},
		{"ThinkPad E14 Gen 2", Specs{Brand: "Lenovo"}},
		{"laptop", Specs{}},
		{"", Specs{}},
	}
	for _, c := range cases {
		if got := Parse(c.in).Specs; !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

func TestRest(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, rest string }{
		{"core i5 8gb", ""},
		{"hp core i5 8gb silver", "hp silver"},
		{"corei5 thinkpad", "thinkpad"},
		{"HP 15-EG2117TU i5-1235U", "HP 15-EG2117TU"},
		{"৮ জিবি ল্যাপটপ", "ল্যাপটপ"},
	}
	for _, c := range cases {
		if got := Parse(c.in).Rest(c.in, nil); got != c.rest {
			t.Errorf("Rest(%q) = %q, want %q", c.in, got, c.rest)
		}
	}
}

// FuzzParse checks that any text parses without panicking, its terms lie
// inside it in order (one span may name two fields) and on rune boundaries, and parsing is the same twice.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"core i5 8gb", "৮ জিবি র‍্যাম", `15.6" 512ssd`, "RTX 3050 Ti 4GB GDDR6",
		"i5-1235U 12th gen", "M2 Pro 1TB", "HP 15-EG2117TU", "Ryzen 9-5980HS/HS", "8GB / 512GB", "''1.", "9999999999999999999 tb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Parse(s)
		if len(s) > maxInput {
			s = s[:maxInput]
		}
		at, last := 0, Term{}
		for _, term := range r.Terms {
			same := term.Start == last.Start && term.End == last.End // a model's family and generation
			if (term.Start < at && !same) || term.End > len(s) || term.Start >= term.End {
				t.Fatalf("term %+v out of place in %q", term, s)
			}
			if utf8.ValidString(s) && !utf8.RuneStart(s[term.Start]) || (utf8.ValidString(s) && term.End < len(s) && !utf8.RuneStart(s[term.End])) {
				t.Fatalf("term %+v cuts a rune in %q", term, s)
			}
			at, last = term.End, term
		}
		if !reflect.DeepEqual(Parse(s), r) {
			t.Fatalf("Parse(%q) differs run to run", s)
		}
		if rest := r.Rest(s, nil); utf8.ValidString(s) && !utf8.ValidString(rest) || len(strings.Fields(rest)) > len(strings.Fields(s))+len(r.Terms) {
			t.Fatalf("Rest(%q) = %q", s, rest)
		}
	})
}
