package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// #36 GET /api/specs/parse reads a title as the add-product form needs it,
// the names exactly as API.md gives them, for anyone, and may be kept.
func TestParseSpecs(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	cases := []struct {
		title string
		want  map[string]any
	}{
		{"HP PAVILION 15-EG2117TU 15.6 INCH FULL HD IPS DISPLAY INTEL I7 12TH GEN 8GB RAM 512GB SSD LAPTOP", map[string]any{
			"brand": "HP", "processor": "Intel Core i7 12th Gen", "cpuFamily": "Core i7", "cpuGeneration": 12.0,
			"ramGb": 8.0, "storageGb": 512.0, "storageType": "SSD", "screenInches": 15.6}},
		{"Asus TUF i5-1235U 16GB DDR5 1TB HDD RTX 3050 4GB", map[string]any{"brand": "Asus",
			"processor": "Intel Core i5-1235U", "cpuFamily": "Core i5", "cpuGeneration": 12.0, "ramGb": 16.0,
			"storageGb": 1000.0, "storageType": "HDD", "gpu": "RTX 3050"}},
		{"লেনোভো ল্যাপটপ ৮ জিবি র‍্যাম ৫১২ জিবি এসএসডি ১৪ ইঞ্চি", map[string]any{"brand": "Lenovo", "ramGb": 8.0, "storageGb": 512.0,
			"storageType": "SSD", "screenInches": 14.0}},
		{"a laptop in good shape", map[string]any{}},
	}
	for _, c := range cases {
		rec := s.do(http.MethodGet, "/api/specs/parse?title="+url.QueryEscape(c.title), nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%q: %d %s", c.title, rec.Code, rec.Body.String())
		}
		var got map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.title, got, c.want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=86400" {
			t.Errorf("%q: Cache-Control %q", c.title, cc)
		}
	}
}

// Bad titles are a clear 400 naming title, never a 5xx or a partial read.
func TestParseSpecsBadInput(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, query := range []string{"", "?title=", "?title=%20%20", "?title=" + strings.Repeat("a", 201),
		"?title=" + strings.Repeat("%E0%A7%AE", 201), "?title=%ff%fe", "?title=8gb&title=i5", "?title=8gb&ram=8",
		"?q=8gb", "?title=" + strings.Repeat("8gb+", 5000)} {
		rec := s.do(http.MethodGet, "/api/specs/parse"+query, nil, nil)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%.60q: %d %s", query, rec.Code, rec.Body.String())
			continue
		}
		var body struct {
			Fields map[string]string `json:"fields"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Fields["title"] == "" {
			t.Errorf("%.60q: %s names no title", query, rec.Body.String())
		}
	}
	if rec := s.do(http.MethodGet, "/api/specs/parse?title="+strings.Repeat("%E0%A7%AE", 200), nil, nil); rec.Code != http.StatusOK {
		t.Errorf("200 Bangla characters: %d %s", rec.Code, rec.Body.String())
	}
}

// #36 the walkthrough's searches, through GET /api/products: typed specs
// find the listings whose specs say so, from their spec fields or their
// titles; the facets say what was understood, and a misspelt word is
// shown corrected with the specs as typed.
func TestSpecSearch(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for _, p := range []map[string]any{
		{"productName": "HP EliteBook Core i5 8GB RAM", "description": "like new"},
		{"productName": "Dell Latitude 5420", "description": "office laptop", "specs": map[string]any{"processor": "Core i5-1135G7", "ramGb": 8}},
		{"productName": "Lenovo ThinkPad Core i7 16GB", "description": "fast"},
		{"productName": "Asus VivoBook Core i3 8GB", "description": "clean"},
		{"productName": "Acer Aspire i7 8gb", "description": "gaming"},
	} {
		m.addProduct(m.seller.AccessToken, p)
	}
	cases := map[string][]string{
		"core i5 8gb": {"Dell Latitude 5420", "HP EliteBook Core i5 8GB RAM"},
		"8gb":         {"Acer Aspire i7 8gb", "Asus VivoBook Core i3 8GB", "Dell Latitude 5420", "HP EliteBook Core i5 8GB RAM"},
		"i5 8gb":      {"Dell Latitude 5420", "HP EliteBook Core i5 8GB RAM"},
		"Core i5 8GB": {"Dell Latitude 5420", "HP EliteBook Core i5 8GB RAM"},
		"i7 16gb":     {"Lenovo ThinkPad Core i7 16GB"},
		"corei5":      {"Dell Latitude 5420", "HP EliteBook Core i5 8GB RAM"},
		"hp 8gb":      {"HP EliteBook Core i5 8GB RAM"},
	}
	for q, want := range cases {
		got, _ := m.names("/api/products?limit=20&q=" + url.QueryEscape(q))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q found %v, want %v", q, got, want)
		}
	}
	rec := m.get("/api/products/facets?q=" + url.QueryEscape("Core i5 8GB"))
	var f struct {
		Understood []map[string]string `json:"understood"`
	}
	decode(t, rec, &f)
	want := []map[string]string{{"field": "cpuFamily", "value": "Core i5", "text": "Core i5"}, {"field": "ramGb", "value": "8", "text": "8GB"}}
	if !reflect.DeepEqual(f.Understood, want) {
		t.Errorf("understood %v, want %v", f.Understood, want)
	}
	// a misspelt brand beside a spec: corrected, the spec shown as typed
	rec = m.get("/api/products?q=" + url.QueryEscape("thinkpadd 16gb"))
	if got, _ := url.PathUnescape(rec.Header().Get("X-Search-Corrected")); got != "thinkpad 16gb" {
		t.Errorf("corrected %q, want %q", got, "thinkpad 16gb")
	}
}
