package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
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
		{"লেনোভো ল্যাপটপ ৮ জিবি র‍্যাম ৫১২ জিবি এসএসডি ১৪ ইঞ্চি", map[string]any{"ramGb": 8.0, "storageGb": 512.0,
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
