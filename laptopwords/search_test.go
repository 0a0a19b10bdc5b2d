package laptopwords

import (
	"reflect"
	"strings"
	"testing"
)

func TestUnderstand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q, text string
		words   []string
	}{
		{"core i5 8gb", "", []string{"cpucorei5", "ram8gb"}},
		{"8gb", "", []string{"ram8gb"}},
		{"i5 8gb", "", []string{"cpucorei5", "ram8gb"}},
		{"Core i5 8GB", "", []string{"cpucorei5", "ram8gb"}},
		{"i7 16gb", "", []string{"cpucorei7", "ram16gb"}},
		{"corei5", "", []string{"cpucorei5"}},
		{"hp i5-1235U silver", "hp silver", []string{"cpucorei5", "gen12th"}},
		{"12th gen 512ssd 15.6\"", "", []string{"gen12th", "ssd512gb", "scr15p6in"}},
		{"1tb", "", []string{"stor1000gb"}},
		{"৮ জিবি ল্যাপটপ", "ল্যাপটপ", []string{"ram8gb"}},
		{"rtx 3050 4gb", "rtx 3050 4gb", nil},
		{"thinkpad", "thinkpad", nil},
	}
	for _, c := range cases {
		text, words, understood := Understand(c.q)
		if text != c.text || !reflect.DeepEqual(words, c.words) || len(understood) != len(words) {
			t.Errorf("Understand(%q) = %q %v %v, want %q %v", c.q, text, words, understood, c.text, c.words)
		}
	}
	_, _, u := Understand("Core i5 8GB")
	if want := []Understood{{"cpuFamily", "Core i5", "Core i5"}, {"ramGb", "8", "8GB"}}; !reflect.DeepEqual(u, want) {
		t.Errorf("understood %v, want %v", u, want)
	}
}

// A listing is found by its fields' specs, else by what its text names;
// the words it is found by mean nothing more to Understand (a search for
// them, a corrected one, finds them as words).
func TestSpecWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		l    Listing
		want string
	}{
		{Listing{Processor: "Core i5-1135G7", RAMGb: 8, StorageGb: 512, StorageType: "SSD", Screen: 15.6},
			"ram8gb cpucorei5 gen11th stor512gb ssd512gb scr15p6in"},
		{Listing{Title: "HP 15s Core i5 12th Gen 8GB RAM 512GB SSD", Description: "15.6 inch, like new"},
			"ram8gb cpucorei5 gen12th stor512gb ssd512gb scr15p6in"},
		{Listing{RAMGb: 16, Title: "Dell i7 8GB RAM 1TB HDD", StorageGb: 1024},
			"ram16gb cpucorei7 stor1000gb"},
		{Listing{Processor: "Core i5", Title: "Lenovo Core i5 10th gen"}, "cpucorei5 gen10th"},
		{Listing{Processor: "Ryzen 5", Title: "Core i7 12th gen"}, "cpuryzen5"},
		{Listing{Title: "a laptop"}, ""},
	}
	for _, c := range cases {
		got := SpecWords(c.l)
		if got != c.want {
			t.Errorf("SpecWords(%+v) = %q, want %q", c.l, got, c.want)
		}
		for _, w := range strings.Fields(got) {
			if text, words, _ := Understand(w); text != w || words != nil || !IsSpecWord(w) {
				t.Errorf("spec word %q understood again: %q %v", w, text, words)
			}
		}
	}
	for _, w := range []string{"ram", "cpu", "gen", "storage", "ssd", "hp", "8gb", "i5"} {
		if IsSpecWord(w) {
			t.Errorf("%q is no spec word", w)
		}
	}
}
