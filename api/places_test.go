package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

type areaWire struct {
	ID       string `json:"_id"`
	Name     string `json:"name"`
	NameBn   string `json:"nameBn"`
	District struct {
		ID   string `json:"_id"`
		Name string `json:"name"`
	} `json:"district"`
	Division struct {
		ID   string `json:"_id"`
		Name string `json:"name"`
	} `json:"division"`
}

type placedWire struct {
	ID          string    `json:"_id"`
	ProductName string    `json:"productName"`
	Area        *areaWire `json:"area"`
	DistanceKm  *float64  `json:"distanceKm"`
}

// GET /api/locations: every division › district › area, with names in
// both languages and points, kept by browsers and answered 304 by ETag.
func TestLocations(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	rec := s.get("/api/locations")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Cache-Control"), "max-age=86400") {
		t.Fatalf("GET /api/locations: %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	type place struct {
		ID           string `json:"_id"`
		Name, NameBn string
		Lat, Lon     float64
	}
	var body struct {
		Divisions []struct {
			place
			Districts []struct {
				place
				Areas []place `json:"areas"`
			} `json:"districts"`
		} `json:"divisions"`
	}
	decode(t, rec, &body)
	districts, areas, dhaka := 0, 0, false
	for _, v := range body.Divisions {
		for _, d := range v.Districts {
			districts++
			for _, a := range d.Areas {
				areas++
				if a.ID == "thana-4676" && a.Name == "Mirpur" && a.NameBn == "মিরপুর" && d.ID == "district-47" && v.ID == "division-6" {
					dhaka = true
				}
			}
		}
	}
	if len(body.Divisions) != 8 || districts != 64 || areas != 546 || !dhaka {
		t.Errorf("%d divisions, %d districts, %d areas, Mirpur in Dhaka %v", len(body.Divisions), districts, areas, dhaka)
	}
	etag := rec.Header().Get("ETag")
	if again := s.do(http.MethodGet, "/api/locations", nil, http.Header{"If-None-Match": {etag}}); etag == "" || again.Code != http.StatusNotModified {
		t.Errorf("with If-None-Match %q: %d, want 304", etag, again.Code)
	}
}

// A listing's area: chosen (areaId), matched from its location when not
// chosen, changed, kept and cleared by an edit; an unknown area is a 400
// that changes nothing.
func TestProductArea(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	area := func(id string) *areaWire {
		t.Helper()
		var p placedWire
		decode(t, m.get("/api/products/"+id), &p)
		return p.Area
	}
	matched := m.addProduct(m.seller.AccessToken, nil) // "Mirpur, Dhaka"
	if a := area(matched); a == nil || a.ID != "thana-4676" || a.NameBn != "মিরপুর" || a.District.ID != "district-47" || a.Division.Name != "Dhaka" {
		t.Fatalf("matched area = %+v", a)
	}
	chosen := m.addProduct(m.seller.AccessToken, map[string]any{"areaId": "upazila-365", "location": "near the bus stand"})
	if a := area(chosen); a == nil || a.ID != "upazila-365" || a.Name != "Savar" {
		t.Fatalf("chosen area = %+v", a)
	}
	none := m.addProduct(m.seller.AccessToken, map[string]any{"location": "Chittagong"})
	if a := area(none); a != nil {
		t.Fatalf("a district alone gave area %+v", a)
	}
	for _, c := range []struct {
		body map[string]any
		want string // the area after the edit
	}{
		{map[string]any{"location": "Dhanmondi 27"}, "thana-4654"},                   // rematched
		{map[string]any{"location": "the same shop"}, "thana-4654"},                  // no match: kept
		{map[string]any{"areaId": "upazila-369"}, "upazila-369"},                     // chosen
		{map[string]any{"areaId": ""}, "upazila-369"},                                // "" keeps
		{map[string]any{"description": "Fine"}, "upazila-369"},                       // absent keeps
		{map[string]any{"areaId": nil, "location": "Savar"}, ""},                     // null clears, whatever the text
		{map[string]any{"areaId": "thana-4711", "location": "Mirpur"}, "thana-4711"}, // chosen over the text
	} {
		body := "{"
		first := true
		for k, v := range c.body {
			if !first {
				body += ","
			}
			first = false
			if v == nil {
				body += fmt.Sprintf("%q:null", k)
			} else {
				body += fmt.Sprintf("%q:%q", k, v)
			}
		}
		body += "}"
		if rec := m.patch(m.seller.AccessToken, matched, body); rec.Code != http.StatusOK {
			t.Fatalf("PATCH %s: %d %s", body, rec.Code, rec.Body)
		}
		got := ""
		if a := area(matched); a != nil {
			got = a.ID
		}
		if got != c.want {
			t.Errorf("after PATCH %s: area %q, want %q", body, got, c.want)
		}
	}
	// the kept counts by area followed every edit
	var facets struct {
		Area map[string]int64 `json:"area"`
	}
	decode(t, m.get("/api/products/facets"), &facets)
	if fmt.Sprint(facets.Area) != "map[thana-4711:1 upazila-365:1]" {
		t.Errorf("facets by area after the edits: %v", facets.Area)
	}
}

// Bad areas, places and points: a 400 naming the field, nothing changed.
func TestHostilePlaces(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	before := dbFingerprint(t, m.testServer)
	for _, bad := range []string{`"district-47"`, `"thana-1"`, `"thana-4676' OR 1=1;--"`, `5`, `["thana-4676"]`, `"` + strings.Repeat("a", 5000) + `"`} {
		raw := `{"productName":"HP","picture":"` + m.photo + `","sellPrice":100,"orginalPrice":200,"category":"HP","condition":"good",` +
			`"location":"Mirpur","used":"1","number":"01711-000000","description":"x","areaId":` + bad + `}`
		if rec := m.send(http.MethodPost, "/api/products", m.seller.AccessToken, raw); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "areaId") {
			t.Errorf("POST areaId %s: %d %s", bad, rec.Code, rec.Body)
		}
		if rec := m.patch(m.seller.AccessToken, id, `{"areaId":`+bad+`}`); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "areaId") {
			t.Errorf("PATCH areaId %s: %d %s", bad, rec.Code, rec.Body)
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("bad areas changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// The list's place filters and near: bad values are a 400 naming the
// field.
func TestBadPlaceFilters(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, c := range []struct{ query, field string }{
		{"division=division-99", "division"}, {"district=district-0", "district"}, {"area=district-47", "area"},
		{"area=thana-4676%27%20OR%201=1", "area"}, {"district=" + strings.Repeat("9", 300), "district"},
		{"near=23.8", "near"}, {"near=abc,def", "near"}, {"near=51.5,-0.12&sort=distance", "near"}, {"near=23.8,NaN", "near"},
		{"near=1e400,90", "near"}, {"near=23.8,90.4&sort=price_asc", "near"}, {"sort=distance", "near"},
		{"near=23.8,90.4&near=23.9,90.4", "near"},
	} {
		for _, path := range []string{"/api/products?", "/api/products/facets?"} {
			if path == "/api/products/facets?" && (strings.Contains(c.query, "near") || strings.Contains(c.query, "sort")) {
				continue // the facets take no order
			}
			rec := s.get(path + c.query)
			var body struct {
				Fields map[string]string `json:"fields"`
			}
			decode(t, rec, &body)
			if rec.Code != http.StatusBadRequest || body.Fields[c.field] == "" {
				t.Errorf("%s%s: %d %s, want 400 with fields.%s", path, c.query, rec.Code, rec.Body, c.field)
			}
		}
	}
}

// Nearest first through the API: pages by Link without gaps or repeats,
// each listing with its area's distance to one decimal, nearer first, the
// listings without an area last; the place filters and facets agree.
func TestNearestAndPlaceFacets(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	want := map[string]string{}
	for i, loc := range []string{"Mirpur 10, Dhaka", "Dhanmondi", "Savar", "Chittagong", "Patiya", "Mirpur, Kushtia", "Dhanmondi 32"} {
		id := m.addProduct(m.seller.AccessToken, map[string]any{"location": loc, "productName": fmt.Sprintf("HP %d", i)})
		want[id] = loc
	}
	seen, last, unplaced := map[string]bool{}, -1.0, false
	path := "/api/products?near=23.75,90.37&limit=2"
	for pages := 0; path != "" && pages < 10; pages++ {
		rec := m.get(path)
		var page []placedWire
		decode(t, rec, &page)
		for _, p := range page {
			switch {
			case seen[p.ID]:
				t.Errorf("%s listed twice", p.ID)
			case p.DistanceKm == nil:
				unplaced = true
			case unplaced || *p.DistanceKm < last || *p.DistanceKm != float64(int(*p.DistanceKm*10+0.5))/10:
				t.Errorf("%s (%s) at %v km after %v (unplaced seen %v)", p.ID, want[p.ID], *p.DistanceKm, last, unplaced)
			default:
				last = *p.DistanceKm
			}
			seen[p.ID] = true
		}
		path = ""
		if mm := nextLink.FindStringSubmatch(rec.Header().Get("Link")); mm != nil {
			path = mm[1]
		}
	}
	if len(seen) != len(want) || !unplaced {
		t.Errorf("listed %d of %d, one without an area %v", len(seen), len(want), unplaced)
	}
	var dhaka []placedWire
	decode(t, m.get("/api/products?district=district-47"), &dhaka)
	var facets struct {
		Total    struct{ Count int64 }
		Division map[string]int64 `json:"division"`
		District map[string]int64 `json:"district"`
		Area     map[string]int64 `json:"area"`
	}
	decode(t, m.get("/api/products/facets?district=district-47"), &facets)
	if len(dhaka) != 4 || facets.Total.Count != 4 || facets.District["district-47"] != 4 || facets.District["district-8"] != 1 ||
		facets.Area["thana-4654"] != 2 || facets.Division["division-6"] != 4 || facets.District["district-25"] != 1 {
		t.Errorf("Dhaka: %d listed, facets %+v", len(dhaka), facets)
	}
}

// The areas with listings are kept while the catalogue's changes are heard
// (#36), never past a change: a listing in a new area shows in a list
// nearest first at once when this instance made it, and once the
// database's notice arrives when another did; each list asked afresh (a
// new price ceiling), so that no kept answer serves it.
func TestNearestSeesNewAreas(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t)
	m.addProduct(m.seller.AccessToken, map[string]any{"location": "Mirpur 10, Dhaka", "productName": "HP Mirpur"})
	asked := 0
	nearest := func() []string {
		asked++
		var page []placedWire
		decode(t, m.get(fmt.Sprintf("/api/products?near=23.75,90.37&sort=distance&maxPrice=%d", 9000000+asked)), &page)
		var names []string
		for _, p := range page {
			names = append(names, p.ProductName)
		}
		return names
	}
	// the notices are heard (an answer is kept past a quiet change), and
	// the live areas read since then are kept
	eventually(t, "the notices heard", func() bool {
		before := m.firstName("/api/products?category=HP")
		m.quietly("UPDATE products SET description = description || ' '")
		return m.firstName("/api/products?category=HP") == before
	})
	if got := nearest(); !slices.Equal(got, []string{"HP Mirpur"}) {
		t.Fatalf("nearest first: %q", got)
	}

	// this instance's own listing in a new area: at once, its notice
	// unsent
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_inserted")
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	m.addProduct(m.seller.AccessToken, map[string]any{"location": "Patiya", "productName": "HP Patiya"})
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_inserted")
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	if got := nearest(); !slices.Equal(got, []string{"HP Mirpur", "HP Patiya"}) {
		t.Errorf("after this instance's listing in a new area: %q", got)
	}
	// another instance's: once its notice is heard
	m.exec("UPDATE products SET area_id = 'thana-4654' WHERE product_name = 'HP Patiya'")
	eventually(t, "another instance's move to a new area", func() bool {
		return slices.Equal(nearest(), []string{"HP Patiya", "HP Mirpur"})
	})
}
