package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"resale/store"
)

type facetsWire struct {
	Category    map[string]int64 `json:"category"`
	Condition   map[string]int64 `json:"condition"`
	RAMGB       map[string]int64 `json:"ramGb"`
	StorageType map[string]int64 `json:"storageType"`
}

func specsOf(ram, storage int32, kind string, battery int32, screen float32, processor string) store.Specs {
	return store.Specs{RAMGB: &ram, StorageGB: &storage, StorageType: kind, BatteryHealth: &battery, ScreenInches: &screen, Processor: processor}
}

// specMarket is a shop of laptops with known specs: A to F for sale (A
// reserved for a buyer, so still listed), G sold and H deleted.
func specMarket(t *testing.T) (*market, map[string]int64) {
	t.Helper()
	m := newMarket(t)
	sue, err := m.store.GetUserByEmail(context.Background(), "sue@example.com")
	if err != nil {
		t.Fatal(err)
	}
	sold := time.Now().Add(-time.Hour)
	laptop := func(name string, price int64, category int64, condition string, specs store.Specs) store.SeedProduct {
		return store.SeedProduct{NewProduct: store.NewProduct{Name: name, SellPrice: price, CategoryID: category, Condition: condition, Specs: specs}}
	}
	e := laptop("E", 50000, 4, "good", specsOf(32, 1024, "SSD", 100, 17.3, "Core i7-12700H"))
	e.SellerID = sue.ID
	g := laptop("G", 70000, 3, "good", specsOf(8, 512, "SSD", 90, 14, "Core i5-1135G7"))
	g.SoldAt = &sold
	ids := shelf(t, m, []store.SeedProduct{
		laptop("A", 10000, 3, "good", specsOf(8, 512, "SSD", 90, 14, "Core i5-1135G7")),
		laptop("B", 20000, 3, "excellent", specsOf(16, 1024, "SSD", 70, 15.6, "Ryzen 7 5700U")),
		laptop("C", 30000, 3, "fair", specsOf(4, 500, "HDD", 50, 15.6, "Celeron N4000")),
		laptop("D", 40000, 2, "excellent", specsOf(8, 256, "SSD", 95, 13.3, "Apple M2")),
		e,
		laptop("F", 60000, 3, "good", store.Specs{}),
		g,
		laptop("H", 80000, 3, "good", specsOf(8, 512, "SSD", 90, 14, "Core i5-1135G7")),
	})
	m.exec("UPDATE products SET deleted_at = now() WHERE id = $1", ids["H"])
	booking, code := m.book(m.buyer.AccessToken, fmt.Sprint(ids["A"]), nil)
	if code != 0 && code != http.StatusCreated {
		t.Fatalf("booking: %d", code)
	}
	if rec := m.do(http.MethodPut, "/api/bookings/"+booking+"/accept", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body.String())
	}
	return m, ids
}

func (m *market) facets(query string) facetsWire {
	m.t.Helper()
	rec := m.get("/api/products/facets" + query)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET facets%s: %d %s", query, rec.Code, rec.Body.String())
	}
	var f facetsWire
	decode(m.t, rec, &f)
	return f
}

// Every new filter, alone and combined, in every sort, and over pages.
func TestSpecFilters(t *testing.T) {
	t.Parallel()
	m, _ := specMarket(t)
	var listed []struct {
		Name     string `json:"productName"`
		Reserved bool   `json:"reserved"`
	}
	decode(t, m.get("/api/products?category=HP&sort=price_asc&ramMin=8"), &listed)
	if len(listed) == 0 || listed[0].Name != "A" || !listed[0].Reserved {
		t.Fatalf("the reserved laptop is not listed as reserved: %+v", listed)
	}
	cases := map[string]string{
		"":                                     "A|B|C|D|E|F",
		"ramMin=8":                             "A|B|D|E",
		"ramMin=16":                            "B|E",
		"ramMin=128":                           "",
		"storageMin=1000":                      "B|E",
		"storageType=SSD":                      "A|B|D|E",
		"storageType=HDD":                      "C",
		"storageType=eMMC":                     "",
		"batteryMin=90":                        "A|D|E",
		"screenMin=15.6":                       "B|C|E",
		"screenMax=14":                         "A|D",
		"screenMin=14&screenMax=15.6":          "A|B|C",
		"processor=i5":                         "A",
		"processor=RYZEN+7":                    "B",
		"processor=m2":                         "D",
		"processor=core":                       "A|E",
		"processor=7":                          "B", // "Ryzen 7", not "Core i7"
		"processor=i9":                         "",
		"seller=" + fmt.Sprint(sellerOf(m)):    "E",
		"category=HP&ramMin=8&storageType=SSD": "A|B",
		"category=HP&ramMin=8&storageType=SSD&condition=excellent": "B",
		"q=laptop&ramMin=8&batteryMin=90":                          "",
		"ramMin=8&storageMin=256&storageType=SSD&batteryMin=70&screenMin=13.3&screenMax=15.6&processor=core&minPrice=5000": "A",
	}
	for q, want := range cases {
		for _, sort := range []string{"price_asc", "price_desc", "newest"} {
			var got []string
			next := "/api/products?limit=2&sort=" + sort + "&" + q
			for pages := 0; next != ""; pages++ {
				if pages > 5 {
					t.Fatal("pages never end")
				}
				var page []string
				page, next = m.names(next)
				got = append(got, page...)
			}
			if sort == "price_desc" {
				for i, j := 0, len(got)-1; i < j; i, j = i+1, j-1 {
					got[i], got[j] = got[j], got[i]
				}
			}
			if sort == "newest" {
				got = sortedCopy(got)
			}
			if strings.Join(got, "|") != want {
				t.Errorf("%s (%s): %v, want %s", q, sort, got, want)
			}
		}
	}
	// a search sorted by relevance takes them too
	shelf(t, m, []store.SeedProduct{{NewProduct: store.NewProduct{Name: "Gaming beast", SellPrice: 90000, Specs: specsOf(32, 2048, "SSD", 99, 16, "Ryzen 9")}}})
	if got, _ := m.names("/api/products?q=gaming&ramMin=16&processor=ryzen"); strings.Join(got, "|") != "Gaming beast" {
		t.Errorf("relevance with filters: %v", got)
	}
	if got, _ := m.names("/api/products?q=gaming&ramMin=64"); len(got) != 0 {
		t.Errorf("relevance with a filter nothing meets: %v", got)
	}
}

func sellerOf(m *market) int64 {
	u, err := m.store.GetUserByEmail(context.Background(), "sue@example.com")
	if err != nil {
		m.t.Fatal(err)
	}
	return u.ID
}

func sortedCopy(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// The facets count what the list lists (reserved laptops too, not sold or
// deleted ones), each facet leaving out its own filter.
func TestFacets(t *testing.T) {
	t.Parallel()
	m, _ := specMarket(t)
	cases := map[string]string{
		// from the kept counts
		"":                                      `{"category":{"APPLE":1,"ASUS":1,"HP":4},"condition":{"excellent":2,"fair":1,"good":3},"ramGb":{"16":1,"32":1,"4":1,"8":2},"storageType":{"HDD":1,"SSD":4}}`,
		"?category=HP":                          `{"category":{"APPLE":1,"ASUS":1,"HP":4},"condition":{"excellent":1,"fair":1,"good":2},"ramGb":{"16":1,"4":1,"8":1},"storageType":{"HDD":1,"SSD":2}}`,
		"?category=HP&ramMin=8&storageType=SSD": `{"category":{"APPLE":1,"ASUS":1,"HP":2},"condition":{"excellent":1,"good":1},"ramGb":{"16":1,"8":1},"storageType":{"SSD":2}}`,
		"?condition=excellent":                  `{"category":{"APPLE":1,"HP":1},"condition":{"excellent":2,"fair":1,"good":3},"ramGb":{"16":1,"8":1},"storageType":{"SSD":2}}`,
		"?category=NOPE":                        `{"category":{"APPLE":1,"ASUS":1,"HP":4},"condition":{},"ramGb":{},"storageType":{}}`,
		// counted afresh
		"?batteryMin=90":                     `{"category":{"APPLE":1,"ASUS":1,"HP":1},"condition":{"excellent":1,"good":2},"ramGb":{"32":1,"8":2},"storageType":{"SSD":3}}`,
		"?category=HP&processor=i5":          `{"category":{"HP":1},"condition":{"good":1},"ramGb":{"8":1},"storageType":{"SSD":1}}`,
		"?seller=" + fmt.Sprint(sellerOf(m)): `{"category":{"ASUS":1},"condition":{"good":1},"ramGb":{"32":1},"storageType":{"SSD":1}}`,
		"?screenMin=15.6&ramMin=8":           `{"category":{"ASUS":1,"HP":1},"condition":{"excellent":1,"good":1},"ramGb":{"16":1,"32":1,"4":1},"storageType":{"SSD":2}}`,
		"?minPrice=25000&maxPrice=45000&location=dhaka&verified=false&storageMin=100&screenMax=18.4": `{"category":{"APPLE":1,"HP":1},"condition":{"excellent":1,"fair":1},"ramGb":{"4":1,"8":1},"storageType":{"HDD":1,"SSD":1}}`,
		"?q=zzqx": `{"category":{},"condition":{},"ramGb":{},"storageType":{}}`,
	}
	for q, want := range cases {
		got, _ := json.Marshal(m.facets(q))
		if string(got) != want {
			t.Errorf("facets%s:\n got  %s\n want %s", q, got, want)
		}
	}
	// a seller's edit moves the counts at once
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"category": "ASUS", "specs": map[string]any{"ramGb": 8, "storageType": "eMMC"}})
	if got := m.facets("?category=ASUS"); got.StorageType["eMMC"] != 1 || got.RAMGB["8"] != 1 || got.Category["ASUS"] != 2 {
		t.Errorf("after a new listing: %+v", got)
	}
	rec := m.do(http.MethodPatch, "/api/products/"+pid, strings.NewReader(`{"category":"APPLE","specs":{"ramGb":16,"storageType":"SSD"}}`),
		http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + m.seller.AccessToken}})
	if rec.Code != http.StatusOK {
		t.Fatalf("PATCH: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.facets("?category=APPLE"); got.Category["ASUS"] != 1 || got.Category["APPLE"] != 2 || got.RAMGB["16"] != 1 || got.StorageType["SSD"] != 2 {
		t.Errorf("after an edit: %+v", got)
	}
	m.do(http.MethodDelete, "/api/products/"+pid, nil, bearer(m.seller.AccessToken))
	if got := m.facets("?category=APPLE"); got.Category["APPLE"] != 1 || got.RAMGB["16"] != 0 {
		t.Errorf("after a deletion: %+v", got)
	}
}

// Bad filter values are 400 naming the parameter, on the list and the
// facets alike; the facets take no order or page.
func TestSpecFilterBadValues(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for _, bad := range []struct{ query, field string }{
		{"ramMin=abc", "ramMin"}, {"ramMin=0", "ramMin"}, {"ramMin=129", "ramMin"}, {"ramMin=8.5", "ramMin"},
		{"ramMin=8&ramMin=16", "ramMin"},
		{"storageMin=-1", "storageMin"}, {"storageMin=99999", "storageMin"},
		{"storageType=ssd", "storageType"}, {"storageType=NVMe", "storageType"},
		{"batteryMin=101", "batteryMin"}, {"batteryMin=x", "batteryMin"},
		{"screenMin=9", "screenMin"}, {"screenMin=15.65", "screenMin"}, {"screenMax=1e1", "screenMax"}, {"screenMax=NaN", "screenMax"},
		{"screenMin=16&screenMax=14", "screenMax"},
		{"processor=" + url.QueryEscape("i5\x00"), "processor"}, {"processor=" + strings.Repeat("x", 101), "processor"},
		{"seller=abc", "seller"}, {"seller=0", "seller"}, {"seller=-3", "seller"},
	} {
		for _, path := range []string{"/api/products?", "/api/products/facets?"} {
			e := wantError(t, m.get(path+bad.query), http.StatusBadRequest, "invalid")
			if _, ok := e.Fields[bad.field]; !ok {
				t.Errorf("%s%s: fields %v, want %s", path, bad.query, e.Fields, bad.field)
			}
		}
	}
	for _, name := range []string{"sort", "limit", "cursor"} {
		e := wantError(t, m.get("/api/products/facets?"+name+"=1"), http.StatusBadRequest, "unknown_parameter")
		if _, ok := e.Fields[name]; !ok {
			t.Errorf("facets with %s: fields %v", name, e.Fields)
		}
	}
}

// A search that finds nothing because of a misspelt word is answered for
// the nearest words listings have and says which (X-Search-Corrected, kept
// with the answer); its facets count the same, with their total, and say
// so too. A search nothing is near stays empty and says nothing.
func TestMisspeltSearch(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ids := shelf(t, m, []store.SeedProduct{
		{NewProduct: store.NewProduct{Name: "Apple MacBook Air M1", SellPrice: 90000, CategoryID: 2}},
		{NewProduct: store.NewProduct{Name: "Lenovo ThinkPad T480", SellPrice: 30000}},
	})
	for round := range 2 { // made, then kept
		rec := m.get("/api/products?q=macbok%20air")
		var got []struct {
			ID string `json:"_id"`
		}
		decode(t, rec, &got)
		if rec.Code != http.StatusOK || len(got) != 1 || got[0].ID != fmt.Sprint(ids["Apple MacBook Air M1"]) {
			t.Fatalf("round %d: macbok air: %d %s", round, rec.Code, rec.Body.String())
		}
		if h := rec.Header().Get("X-Search-Corrected"); h != "macbook%20air" {
			t.Errorf("round %d: X-Search-Corrected %q, want macbook%%20air", round, h)
		}
	}
	for _, q := range []string{"qzxwvk", "thinkpad", "macbok%20thinkpad"} {
		rec := m.get("/api/products?q=" + q)
		if h := rec.Header().Get("X-Search-Corrected"); rec.Code != http.StatusOK || h != "" {
			t.Errorf("%s: %d, X-Search-Corrected %q; want 200 and none", q, rec.Code, h)
		}
	}
	type counted struct {
		facetsWire
		Total struct {
			Count int64 `json:"count"`
			Exact bool  `json:"exact"`
		} `json:"total"`
		Corrected string `json:"corrected"`
	}
	for q, want := range map[string]string{
		"q=macbok":              `1 true "macbook" map[APPLE:1]`,
		"q=thinkpad":            `1 true "" map[HP:1]`,
		"q=qzxwvk":              `0 true "" map[]`,
		"":                      `2 true "" map[APPLE:1 HP:1]`,
		"q=thinkpad&minPrice=1": `1 true "" map[HP:1]`,
		"category=APPLE":        `1 true "" map[APPLE:1 HP:1]`,
	} {
		rec := m.get("/api/products/facets?" + q)
		var f counted
		decode(t, rec, &f)
		if got := fmt.Sprintf("%d %v %q %v", f.Total.Count, f.Total.Exact, f.Corrected, f.Category); rec.Code != http.StatusOK || got != want {
			t.Errorf("facets?%s: %d %s; want %s", q, rec.Code, got, want)
		}
	}
}

// A misspelt search corrected lately, while the catalogue's changes are
// heard, is answered for the corrected words at once, at any price: the
// same products, the same X-Search-Corrected and facets, and nothing, with
// nothing said, under a price nothing meets.
func TestMisspeltSearchKept(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t)
	ids := shelf(t, m, []store.SeedProduct{{NewProduct: store.NewProduct{Name: "Apple MacBook Air M1", SellPrice: 90000, CategoryID: 2}}})
	price := int64(200000)
	list := func(max int64) (string, string) {
		rec := m.get(fmt.Sprintf("/api/products?q=macbok%%20air&maxPrice=%d", max))
		var got []struct {
			ID string `json:"_id"`
		}
		decode(t, rec, &got)
		ids := make([]string, 0, len(got))
		for _, p := range got {
			ids = append(ids, p.ID)
		}
		return strings.Join(ids, ","), rec.Header().Get("X-Search-Corrected")
	}
	want := fmt.Sprint(ids["Apple MacBook Air M1"])
	for round := range 4 { // each at a new price: no kept answer serves it
		price++
		if got, h := list(price); got != want || h != "macbook%20air" {
			t.Errorf("round %d: %q, X-Search-Corrected %q; want %s and macbook%%20air", round, got, h, want)
		}
	}
	if got, h := list(1000); got != "" || h != "" {
		t.Errorf("under 1,000 Tk: %q, X-Search-Corrected %q; want nothing", got, h)
	}
	for q, wantFacets := range map[string]string{"maxPrice=300000": `1 "macbook air"`, "maxPrice=1000": `0 ""`} {
		var f struct {
			Total struct {
				Count int64 `json:"count"`
			} `json:"total"`
			Corrected string `json:"corrected"`
		}
		decode(t, m.get("/api/products/facets?q=macbok%20air&"+q), &f)
		if got := fmt.Sprintf("%d %q", f.Total.Count, f.Corrected); got != wantFacets {
			t.Errorf("facets %s: %s, want %s", q, got, wantFacets)
		}
	}
}
