package api_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"
)

// verdictWire is what a product's JSON says of its price (#39).
type verdictWire struct {
	ID           string  `json:"_id"`
	SellPrice    int     `json:"sellPrice"`
	Negotiable   *bool   `json:"negotiable"`
	PriceVerdict *string `json:"priceVerdict"`
}

// fieldsWire is a 4xx answer's field messages.
type fieldsWire struct {
	Fields map[string]string `json:"fields"`
}

// verdictOf reads a product as the product page, the catalogue and its
// seller's dashboard show it, and checks that all three agree.
func (m *market) verdictOf(id, sellerToken, sellerEmail string) verdictWire {
	m.t.Helper()
	var page verdictWire
	rec := m.get("/api/products/" + id)
	if decode(m.t, rec, &page); rec.Code != http.StatusOK || page.Negotiable == nil {
		m.t.Fatalf("product %s: %d %s", id, rec.Code, rec.Body.String())
	}
	for _, path := range []string{"/api/products?limit=100", "/api/userProducts?limit=100&email=" + url.QueryEscape(sellerEmail)} {
		var list []verdictWire
		rec := m.do(http.MethodGet, path, nil, bearer(sellerToken))
		decode(m.t, rec, &list)
		i := slices.IndexFunc(list, func(p verdictWire) bool { return p.ID == id })
		if rec.Code != http.StatusOK || i < 0 || *list[i].Negotiable != *page.Negotiable || str(list[i].PriceVerdict) != str(page.PriceVerdict) {
			m.t.Fatalf("%s disagrees with the product page %+v: %d %s", path, page, rec.Code, rec.Body.String())
		}
	}
	return page
}

func str(p *string) string {
	if p == nil {
		return "null"
	}
	return *p
}

// #39 a listing's price is judged against the used range of the other
// sellers' comparable listings when it is listed and when its price
// changes: good at or below low, fair up to high, high above; null when
// fewer than three other sellers stand behind the range (a range from the
// depreciation curve alone, or the seller's own listings, judge nothing).
func TestPriceVerdictOnListings(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	sue := m.otherSeller
	base := m.addProduct(m.seller.AccessToken, map[string]any{"productName": guideTitle, "sellPrice": 60000, "used": "1"})
	ids := m.sellers(3)
	m.listAs(base, ids[0], 62000, "good", "1")
	m.listAs(base, ids[1], 64000, "good", "1 year")
	// the guide counts three sellers, the listing's own among them: too few for its verdict
	if g := m.priceGuide(""); g.Basis.From != "comparables" || g.Basis.Sellers != 3 {
		t.Fatalf("guide: %+v", g)
	}
	if rec := m.patch(m.seller.AccessToken, base, map[string]any{"sellPrice": 90000}); rec.Code != http.StatusOK {
		t.Fatalf("patch: %d %s", rec.Code, rec.Body.String())
	}
	if v := m.verdictOf(base, m.seller.AccessToken, "sam@example.com"); v.PriceVerdict != nil {
		t.Errorf("judged against its own price: %s", *v.PriceVerdict)
	}
	m.listAs(base, ids[2], 66000, "good", "1")
	g := m.priceGuide("") // what Sue's listings are judged against: she has none of these
	for _, c := range []struct {
		price int
		want  string
	}{{*g.Low, "good"}, {*g.Low - 5000, "good"}, {*g.Low + 500, "fair"}, {*g.High, "fair"}, {*g.High + 1, "high"}} {
		id := m.addProduct(sue.AccessToken, map[string]any{"productName": guideTitle, "sellPrice": c.price, "used": "1"})
		if v := m.verdictOf(id, sue.AccessToken, "sue@example.com"); str(v.PriceVerdict) != c.want {
			t.Errorf("%d against %d–%d: %s, want %s", c.price, *g.Low, *g.High, str(v.PriceVerdict), c.want)
		}
	}
	// an edit of the price judges again
	if rec := m.patch(m.seller.AccessToken, base, map[string]any{"sellPrice": *g.Low}); rec.Code != http.StatusOK {
		t.Fatalf("patch: %d %s", rec.Code, rec.Body.String())
	}
	if v := m.verdictOf(base, m.seller.AccessToken, "sam@example.com"); str(v.PriceVerdict) == "null" || str(v.PriceVerdict) == "high" {
		t.Errorf("at the low end after an edit: %s", str(v.PriceVerdict))
	}
	// a laptop nobody else lists: the guide has only its curve, no verdict
	lone := "Lenovo ThinkPad T14 Gen 2 Core i7 11th Gen 16GB RAM 512GB SSD"
	id := m.addProduct(sue.AccessToken, map[string]any{"productName": lone, "sellPrice": 90000, "used": "1"})
	if v := m.verdictOf(id, sue.AccessToken, "sue@example.com"); v.PriceVerdict != nil {
		t.Errorf("judged from the curve alone: %s", *v.PriceVerdict)
	}
}

// #39 negotiable is the seller's: false unless said, set and unset by
// POST and PATCH, kept by edits that leave it out; anything but true or
// false is refused with a field message and changes nothing.
func TestNegotiableSetBySeller(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	tok := m.seller.AccessToken
	negotiable := func(id string) bool {
		return *m.verdictOf(id, tok, "sam@example.com").Negotiable
	}
	plain := m.addProduct(tok, nil)
	id := m.addProduct(tok, map[string]any{"negotiable": true})
	if negotiable(plain) || !negotiable(id) {
		t.Fatalf("after POST: %v %v", negotiable(plain), negotiable(id))
	}
	for _, c := range []struct {
		body map[string]any
		want bool
	}{{map[string]any{"negotiable": false}, false}, {map[string]any{"sellPrice": 37000}, false}, {map[string]any{"negotiable": true}, true}} {
		if rec := m.patch(tok, id, c.body); rec.Code != http.StatusOK || negotiable(id) != c.want {
			t.Errorf("PATCH %v: %d %s, negotiable %v", c.body, rec.Code, rec.Body.String(), negotiable(id))
		}
	}
	for _, bad := range []string{`"yes"`, `1`, `null`, `"true"`, `[]`} {
		body := `{"negotiable": ` + bad + `, "sellPrice": 1000}`
		var f fieldsWire
		rec := m.patch(tok, id, body)
		if decode(t, rec, &f); rec.Code != http.StatusBadRequest || f.Fields["negotiable"] == "" {
			t.Errorf("PATCH negotiable %s: %d %s", bad, rec.Code, rec.Body.String())
		}
		post := m.productBody(nil)
		post["negotiable"] = rawJSON(bad)
		rec = m.postJSON("/api/products", tok, post)
		if decode(t, rec, &f); rec.Code != http.StatusBadRequest || f.Fields["negotiable"] == "" {
			t.Errorf("POST negotiable %s: %d %s", bad, rec.Code, rec.Body.String())
		}
	}
	if v := m.verdictOf(id, tok, "sam@example.com"); !*v.Negotiable || v.SellPrice != 37000 {
		t.Errorf("a refused edit changed the listing: %+v", v)
	}
	if n := len(m.products("/api/userProducts?limit=100&email=sam%40example.com", tok)); n != 2 {
		t.Errorf("a refused POST listed something: %d listings", n)
	}
}

// rawJSON is JSON written by hand, sent as it is.
type rawJSON string

// MarshalJSON sends the text as it is.
func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// #39 GET /api/products?negotiable=true lists exactly the negotiable
// listings in every sort, searched or not, and facets count them; any
// other value is refused, naming the field; a saved search keeps it.
func TestNegotiableFilter(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	var want []string
	for i := range 9 {
		body := map[string]any{"sellPrice": 30000 + i*1000, "productName": "HP EliteBook 840 G" + string(rune('1'+i))}
		if i%3 != 1 {
			body["negotiable"] = true
		}
		id := m.addProduct(m.seller.AccessToken, body)
		if i%3 != 1 {
			want = append(want, id)
		}
	}
	slices.Sort(want)
	for _, q := range []string{"sort=newest", "sort=price_asc", "sort=price_desc", "q=elitebook&sort=relevance", "q=elitebook", "category=HP&condition=good"} {
		var got []string
		var prices []int64
		path := "/api/products?negotiable=true&limit=2&" + q
		for path != "" {
			rec := m.get(path)
			var page []verdictWire
			if decode(t, rec, &page); rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body.String())
			}
			for _, p := range page {
				got, prices = append(got, p.ID), append(prices, int64(p.SellPrice))
			}
			path = ""
			if mm := nextLink.FindStringSubmatch(rec.Header().Get("Link")); mm != nil {
				path = mm[1]
			}
		}
		sorted := slices.Clone(got)
		slices.Sort(sorted)
		if !slices.Equal(sorted, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
		if q == "sort=price_asc" && !slices.IsSorted(prices) {
			t.Errorf("price_asc out of order: %v", prices)
		}
	}
	var facets struct {
		Total struct {
			Count int `json:"count"`
		} `json:"total"`
	}
	if rec := m.get("/api/products/facets?negotiable=true"); rec.Code != http.StatusOK {
		t.Errorf("facets: %d %s", rec.Code, rec.Body.String())
	} else if decode(t, rec, &facets); facets.Total.Count != len(want) {
		t.Errorf("facets: %d, want %d", facets.Total.Count, len(want))
	}
	for _, bad := range []string{"false", "yes", "1", "", "TRUE", "true&negotiable=true"} {
		var f fieldsWire
		rec := m.get("/api/products?negotiable=" + bad)
		if decode(t, rec, &f); rec.Code != http.StatusBadRequest || f.Fields["negotiable"] == "" {
			t.Errorf("negotiable=%s: %d %s", bad, rec.Code, rec.Body.String())
		}
	}
	rec := m.postJSON("/api/saved-searches", m.buyer.AccessToken, map[string]any{"query": "q=elitebook&negotiable=true", "frequency": "instant"})
	var saved struct {
		Query string `json:"query"`
	}
	if decode(t, rec, &saved); rec.Code/100 != 2 || saved.Query != "negotiable=true&q=elitebook" {
		t.Errorf("saved search: %d %s", rec.Code, rec.Body.String())
	}
}
