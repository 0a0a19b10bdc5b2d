package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"resale/store/internal/dbsqlc"
)

// a store whose copy of the suggestions is n made-up rows, fresh
func suggestStore(n int) *Store {
	var rows []dbsqlc.SearchSuggestion
	for i := range n {
		r := dbsqlc.SearchSuggestion{Kind: "model", Text: fmt.Sprintf("EliteBook %d", i), Brand: "HP", Count: int64(n - i)}
		if i%3 == 0 {
			r = dbsqlc.SearchSuggestion{Kind: "spec", Text: fmt.Sprintf("%dGB RAM Core i5", i), Words: fmt.Sprintf("cpucorei5 ram%dgb", i), Count: int64(n - i)}
		}
		rows = append(rows, r)
	}
	s := &Store{}
	s.suggest.at, s.suggest.table = time.Now(), newSuggestTable(rows)
	return s
}

func BenchmarkSuggest(b *testing.B) {
	s := suggestStore(6000)
	for _, q := range []string{"e", "eliteb", "i5 8", "৮ জিবি", strings.Repeat("ab ", 33) + "a"} {
		b.Run(q[:min(len(q), 10)], func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Suggest(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The models titles name, as people look for them.
func TestModelOf(t *testing.T) {
	for title, want := range map[string][2]string{
		"HP EliteBook 840 G5 Core i5 8th Gen":           {"EliteBook 840", "HP"},
		"Lenovo ThinkPad T480, i5, 8GB":                 {"ThinkPad T480", "Lenovo"},
		"Apple MacBook Air M1 2020 8/256":               {"MacBook Air M1", "Apple"},
		"MacBook Pro 13 inch":                           {"MacBook Pro", "Apple"},
		"HP PAVILION 15-EG2117TU 15.6 INCH":             {"Pavilion 15", "HP"},
		"Dell Latitude 5420 i5 11th":                    {"Latitude 5420", "Dell"},
		"Samsung Galaxy Book 2 Pro":                     {"Galaxy Book 2", "Samsung"},
		"Asus VivoBook i5 8GB":                          {"", ""},
		"ThinkPad 16GB":                                 {"", ""},
		"a laptop in good shape":                        {"", ""},
		"Acer Aspire 7 A715 Ryzen 5 5500U GTX 1650 8GB": {"Aspire 7", "Acer"},
	} {
		if m, b := modelOf(title); m != want[0] || b != want[1] {
			t.Errorf("%q: %q %q, want %q", title, m, b, want)
		}
	}
}

// Spec words read as phrases the search understands again.
func TestSpecPhrase(t *testing.T) {
	for w, want := range map[string]string{
		"ram8gb": "8GB RAM", "cpucorei5": "Core i5", "cpucoreultra7": "Core Ultra 7", "cpuryzen5": "Ryzen 5",
		"cpuapplem1": "Apple M1", "cpuceleron": "Celeron", "gen12th": "12th Gen", "gen1th": "1st Gen", "gen2th": "2nd Gen",
		"gen11th": "11th Gen", "ssd512gb": "512GB SSD", "hdd1000gb": "1TB HDD", "emmc64gb": "64GB eMMC",
		"scr15p6in": `15.6"`, "scr14in": `14"`, "stor512gb": "", "ramxgb": "",
	} {
		if got := specPhrase(w); got != want {
			t.Errorf("%s: %q, want %q", w, got, want)
		}
	}
	if got := suggestKey("৮ জিবি Core-i5"); got != "8জিবিcorei5" {
		t.Errorf("key %q", got)
	}
}
