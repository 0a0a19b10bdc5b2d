package api_test

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

type suggestionWire struct {
	Text  string `json:"text"`
	Kind  string `json:"kind"`
	Count int64  `json:"count"`
}

// suggest asks GET /api/search/suggest for q.
func (m *market) suggest(q string) []suggestionWire {
	m.t.Helper()
	rec := m.get("/api/search/suggest?q=" + url.QueryEscape(q))
	if rec.Code != http.StatusOK {
		m.t.Fatalf("suggest %q: %d %s", q, rec.Code, rec.Body.String())
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=60" {
		m.t.Errorf("suggest %q: Cache-Control %q", q, cc)
	}
	var out []suggestionWire
	decode(m.t, rec, &out)
	if out == nil || len(out) > 8 {
		m.t.Fatalf("suggest %q: %s", q, rec.Body.String())
	}
	return out
}

// suggestMarket lists a few laptops, one sold, and counts the suggestions.
func suggestMarket(t *testing.T) *market {
	m := newMarket(t)
	for _, p := range []map[string]any{
		{"productName": "HP EliteBook 840 G5 Core i5 8GB RAM 256GB SSD", "category": "HP"},
		{"productName": "HP EliteBook 840 G6 Core i5 8GB 512GB SSD", "category": "HP", "description": "clean"},
		{"productName": "HP EliteBook 850 G3 Core i7 16GB", "category": "HP", "description": "fast"},
		{"productName": "Lenovo ThinkPad T480 Core i5 8th Gen 16GB", "category": "ASUS", "description": "ok"},
		{"productName": "Apple MacBook Air M1 8GB 256GB SSD", "category": "APPLE", "description": "mint"},
	} {
		m.addProduct(m.seller.AccessToken, p)
	}
	sold := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "HP EliteBook 840 G1 Core i5 8GB", "category": "HP", "description": "old"})
	m.quietly("UPDATE products SET sold_at = now() WHERE id = $1", sold)
	// a search people saved is suggested as a search, with what it finds now
	for _, token := range []string{m.buyer.AccessToken, m.otherBuyer.AccessToken} {
		if _, code := m.saveSearch(token, "q=EliteBook clean", "daily"); code != http.StatusOK && code != http.StatusCreated {
			t.Fatalf("save search: %d", code)
		}
	}
	if err := m.store.RefreshSuggestions(context.Background()); err != nil {
		t.Fatal(err)
	}
	return m
}

// #36 suggestions: brands, models, spec phrases and the searches people
// saved, for what is typed, each with how many live listings it finds (a
// sold one counts for none), the commonest first; "৮ জিবি" is 8GB RAM;
// "i5 8" offers i5's pairs.
func TestSearchSuggest(t *testing.T) {
	t.Parallel()
	m := suggestMarket(t)
	cases := []struct {
		q    string
		want []suggestionWire
	}{
		{"", []suggestionWire{}},
		{"   ", []suggestionWire{}},
		{"elite", []suggestionWire{{"EliteBook 840", "model", 2}, {"EliteBook 850", "model", 1}, {"elitebook clean", "query", 1}}},
		{"elitebook c", []suggestionWire{{"elitebook clean", "query", 1}}},
		{"hp el", []suggestionWire{{"EliteBook 840", "model", 2}, {"EliteBook 850", "model", 1}}},
		{"thinkpad", []suggestionWire{{"ThinkPad T480", "model", 1}}},
		{"macbook", []suggestionWire{{"MacBook Air M1", "model", 1}}},
		{"asu", []suggestionWire{{"ASUS", "brand", 1}}},
		{"8g", []suggestionWire{{"8GB RAM", "spec", 3}}},
		{"৮ জিবি", []suggestionWire{{"8GB RAM", "spec", 3}}},
		{"৮", []suggestionWire{{"8GB RAM", "spec", 3}, {"8th Gen", "spec", 1}}},
		{"i5", []suggestionWire{{"Core i5", "spec", 3}}},
		{"i5 8", []suggestionWire{{"Core i5 8GB RAM", "spec", 2}, {"Core i5 8th Gen", "spec", 1}}},
		{"i5 8gb", []suggestionWire{{"Core i5 8GB RAM", "spec", 2}}},
		{"512", []suggestionWire{{"512GB SSD", "spec", 1}}},
		{"zzz", []suggestionWire{}},
	}
	for _, c := range cases {
		if got := m.suggest(c.q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.q, got, c.want)
		}
	}
	// the commonest first: "h" is HP (3 live) before anything rarer
	if got := m.suggest("h"); len(got) == 0 || got[0] != (suggestionWire{"HP", "brand", 3}) {
		t.Errorf("h: got %v", got)
	}
}

// At most 8, however many start so.
func TestSearchSuggestLimit(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for i := range 10 {
		m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Dell Latitude " + string(rune('1'+i%9)) + string(rune('0'+i)) + "20 laptop", "category": "HP"})
	}
	if err := m.store.RefreshSuggestions(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := m.suggest("latitude"); len(got) != 8 {
		t.Errorf("latitude: %d suggestions %v, want 8", len(got), got)
	}
}

// Bad q: a clear 400 naming q, never a 5xx.
func TestSearchSuggestBadInput(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, query := range []string{"?q=" + strings.Repeat("a", 101), "?q=" + strings.Repeat("%E0%A7%AE", 101),
		"?q=%ff%fe", "?q=i5&q=8gb", "?q=i5%00", "?q=i5%0a8gb", "?q=%1b[31m", "?q=i5&limit=3", "?title=i5"} {
		rec := s.do(http.MethodGet, "/api/search/suggest"+query, nil, nil)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"q"`) {
			t.Errorf("%.60q: %d %s", query, rec.Code, rec.Body.String())
		}
	}
	for _, query := range []string{"", "?q=", "?q=" + strings.Repeat("%E0%A7%AE", 100)} {
		if rec := s.do(http.MethodGet, "/api/search/suggest"+query, nil, nil); rec.Code != http.StatusOK {
			t.Errorf("%.60q: %d %s", query, rec.Code, rec.Body.String())
		}
	}
}
