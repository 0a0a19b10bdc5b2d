package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"resale/store"
)

// listingWire is what a listing's new fields look like on the wire.
type listingWire struct {
	ID               string         `json:"_id"`
	ProductName      string         `json:"productName"`
	Picture          string         `json:"picture"`
	Photos           []string       `json:"photos"`
	Specs            map[string]any `json:"specs"`
	PriceDroppedFrom *int64         `json:"priceDroppedFrom"`
	SellerID         string         `json:"sellerId"`
	SellPrice        int64          `json:"sellPrice"`
	Category         string         `json:"category"`
}

var uploadCounter atomic.Int64

// uploads makes n photos of this shop (as if uploaded) and answers their URLs.
func (m *market) uploads(n int) []string {
	m.t.Helper()
	var out []string
	for range n {
		key := fmt.Sprintf("%032x.jpg", uploadCounter.Add(1))
		if _, err := m.store.CreateImage(context.Background(), store.NewImage{Key: key, ContentType: "image/jpeg", Width: 640, Height: 480, SizeBytes: 1000}); err != nil {
			m.t.Fatal(err)
		}
		out = append(out, "/uploads/"+key)
	}
	return out
}

func (m *market) listing(id string) listingWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/products/"+id, nil, nil)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET product %s: %d %s", id, rec.Code, rec.Body.String())
	}
	var l listingWire
	decode(m.t, rec, &l)
	return l
}

func (m *market) patch(token, id string, body any) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodPatch, "/api/products/"+id, token, body)
}

var fullSpecs = map[string]any{
	"processor": "Core i5-1135G7", "ramGb": 8, "storageGb": 512, "storageType": "ssd", "screenInches": 15.6,
	"gpu": "Intel Iris Xe", "batteryHealth": 88, "charger": true, "warrantyMonths": 0,
}

func TestListingWithPhotosAndSpecs(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	photos := m.uploads(3)
	id := m.addProduct(m.seller.AccessToken, map[string]any{"picture": nil, "photos": photos, "specs": fullSpecs})
	l := m.listing(id)
	if !slices.Equal(l.Photos, photos) || l.Picture != photos[0] || l.SellerID != m.seller.User.ID {
		t.Errorf("photos %v picture %q seller %q", l.Photos, l.Picture, l.SellerID)
	}
	want := map[string]any{"processor": "Core i5-1135G7", "ramGb": 8.0, "storageGb": 512.0, "storageType": "SSD", "screenInches": 15.6,
		"gpu": "Intel Iris Xe", "batteryHealth": 88.0, "charger": true, "warrantyMonths": 0.0}
	if fmt.Sprint(l.Specs) != fmt.Sprint(want) {
		t.Errorf("specs = %v, want %v", l.Specs, want)
	}
	if l.PriceDroppedFrom != nil {
		t.Errorf("a new listing shows a price drop: %d", *l.PriceDroppedFrom)
	}
	// the spec's picture alone is one photo; no specs are {}
	one := m.listing(m.addProduct(m.seller.AccessToken, nil))
	if !slices.Equal(one.Photos, []string{m.photo}) || len(one.Specs) != 0 {
		t.Errorf("picture only: photos %v specs %v", one.Photos, one.Specs)
	}
	// every list carries them: a brand's page, a search by relevance, one newest first
	for _, path := range []string{"/api/products?category=HP", "/api/products?q=elitebook&sort=relevance", "/api/products?q=elitebook&sort=newest"} {
		rec := m.do(http.MethodGet, path, nil, nil)
		var list []listingWire
		decode(t, rec, &list)
		i := slices.IndexFunc(list, func(p listingWire) bool { return p.ID == id })
		if i < 0 || !slices.Equal(list[i].Photos, photos) || len(list[i].Specs) != 9 || list[i].SellerID == "" {
			t.Errorf("%s: %+v", path, list)
		}
	}
}

func TestBadPhotosAndSpecsAreRefused(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	nine := m.uploads(9)
	cases := []struct {
		name, field string
		edit        map[string]any
	}{
		{"nine photos", "photos", map[string]any{"photos": nine}},
		{"no photos", "photos", map[string]any{"photos": []string{}}},
		{"a photo twice", "photos", map[string]any{"photos": []string{nine[0], nine[0]}}},
		{"not an upload", "photos", map[string]any{"photos": []string{"https://evil.example.com/x.jpg"}}},
		{"an upload that is not here", "photos", map[string]any{"photos": []string{nine[0], "/uploads/" + strings.Repeat("0", 32) + ".jpg"}}},
		{"a path trick", "photos", map[string]any{"photos": []string{"/uploads/../../etc/passwd"}}},
		{"half a gigabyte of RAM", "specs.ramGb", map[string]any{"specs": map[string]any{"ramGb": 8.5}}},
		{"no RAM", "specs.ramGb", map[string]any{"specs": map[string]any{"ramGb": 0}}},
		{"a server's RAM", "specs.ramGb", map[string]any{"specs": map[string]any{"ramGb": 512}}},
		{"tiny storage", "specs.storageGb", map[string]any{"specs": map[string]any{"storageGb": 4}}},
		{"unknown storage", "specs.storageType", map[string]any{"specs": map[string]any{"storageType": "floppy"}}},
		{"a TV", "specs.screenInches", map[string]any{"specs": map[string]any{"screenInches": 55}}},
		{"battery over 100%", "specs.batteryHealth", map[string]any{"specs": map[string]any{"batteryHealth": 101}}},
		{"negative warranty", "specs.warrantyMonths", map[string]any{"specs": map[string]any{"warrantyMonths": -1}}},
		{"processor with NUL", "specs.processor", map[string]any{"specs": map[string]any{"processor": "Core\u0000i5"}}},
		{"long GPU", "specs.gpu", map[string]any{"specs": map[string]any{"gpu": strings.Repeat("x", 101)}}},
		{"RAM as text", "specs.ramGb", map[string]any{"specs": map[string]any{"ramGb": "8"}}},
		{"unknown spec", "colour", map[string]any{"specs": map[string]any{"colour": "red"}}},
		{"sell above original", "sellPrice", map[string]any{"sellPrice": 60000, "orginalPrice": 50000}},
	}
	before := dbFingerprint(t, m.testServer)
	for _, c := range cases {
		rec := m.postJSON("/api/products", m.seller.AccessToken, m.productBody(c.edit))
		var body struct {
			Fields map[string]string `json:"fields"`
		}
		decode(t, rec, &body)
		if rec.Code != http.StatusBadRequest || body.Fields[c.field] == "" {
			t.Errorf("%s: %d %s, want 400 naming %s", c.name, rec.Code, rec.Body.String(), c.field)
		}
	}
	if dbFingerprint(t, m.testServer) != before {
		t.Error("refused listings changed the database")
	}
}

func TestSellerEditsTheirListing(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	photos := m.uploads(2)
	id := m.addProduct(m.seller.AccessToken, map[string]any{"picture": nil, "photos": photos, "specs": fullSpecs})
	more := m.uploads(1)
	rec := m.patch(m.seller.AccessToken, id, map[string]any{
		"productName": "HP EliteBook 840 G6", "photos": []string{photos[1], more[0], photos[0]}, "category": "ASUS",
		"description": "New battery", "specs": map[string]any{"ramGb": 16},
	})
	wantModified(t, "edit", rec)
	l := m.listing(id)
	if l.ProductName != "HP EliteBook 840 G6" || !slices.Equal(l.Photos, []string{photos[1], more[0], photos[0]}) || l.Picture != photos[1] || l.Category != "ASUS" {
		t.Errorf("after the edit: %+v", l)
	}
	// specs replace the whole set
	if fmt.Sprint(l.Specs) != fmt.Sprint(map[string]any{"ramGb": 16.0}) {
		t.Errorf("specs = %v", l.Specs)
	}
	// an edit keeps what it does not name
	wantModified(t, "price only", m.patch(m.seller.AccessToken, id, map[string]any{"sellPrice": 30000}))
	if l := m.listing(id); l.ProductName != "HP EliteBook 840 G6" || l.SellPrice != 30000 || len(l.Specs) != 1 {
		t.Errorf("after a price edit: %+v", l)
	}
}

func TestEditsThatAreRefused(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	before := dbFingerprint(t, m.testServer)
	cases := []struct {
		name, token string
		body        any
		status      int
		field       string
	}{
		{"another seller's", m.otherSeller.AccessToken, map[string]any{"productName": "Mine now"}, http.StatusNotFound, ""},
		{"a buyer", m.buyer.AccessToken, map[string]any{"productName": "x"}, http.StatusForbidden, ""},
		{"the seller field", m.seller.AccessToken, map[string]any{"seller": "Eve"}, http.StatusBadRequest, "seller"},
		{"availability", m.seller.AccessToken, map[string]any{"available": "available"}, http.StatusBadRequest, "available"},
		{"verification", m.seller.AccessToken, map[string]any{"sellerVerify": true}, http.StatusBadRequest, "sellerVerify"},
		{"the picture", m.seller.AccessToken, map[string]any{"picture": m.photo}, http.StatusBadRequest, "picture"},
		{"advertising", m.seller.AccessToken, map[string]any{"advertise": true}, http.StatusBadRequest, "advertise"},
		{"an unknown field", m.seller.AccessToken, map[string]any{"colour": "red"}, http.StatusBadRequest, "colour"},
		{"sell above the stored original", m.seller.AccessToken, map[string]any{"sellPrice": 96000}, http.StatusBadRequest, "sellPrice"},
		{"original below the stored sell", m.seller.AccessToken, map[string]any{"orginalPrice": 1000}, http.StatusBadRequest, "sellPrice"},
		{"no photos", m.seller.AccessToken, map[string]any{"photos": []string{}}, http.StatusBadRequest, "photos"},
		{"an empty name", m.seller.AccessToken, map[string]any{"productName": "  "}, http.StatusBadRequest, "productName"},
		{"an unknown category", m.seller.AccessToken, map[string]any{"category": "Nokia"}, http.StatusBadRequest, "category"},
		{"a bad condition", m.seller.AccessToken, map[string]any{"condition": "new"}, http.StatusBadRequest, "condition"},
		{"bad specs", m.seller.AccessToken, map[string]any{"specs": map[string]any{"batteryHealth": 150}}, http.StatusBadRequest, "specs.batteryHealth"},
		{"not JSON", m.seller.AccessToken, `{"productName":`, http.StatusBadRequest, ""},
	}
	for _, c := range cases {
		rec := m.patch(c.token, id, c.body)
		var body struct {
			Fields map[string]string `json:"fields"`
		}
		decode(t, rec, &body)
		if rec.Code != c.status || (c.field != "" && body.Fields[c.field] == "") {
			t.Errorf("%s: %d %s, want %d naming %q", c.name, rec.Code, rec.Body.String(), c.status, c.field)
		}
	}
	if dbFingerprint(t, m.testServer) != before {
		t.Error("refused edits changed the database")
	}
	// sold: no more edits
	wantModified(t, "sold", m.markSold(m.seller.AccessToken, id))
	wantError(t, m.patch(m.seller.AccessToken, id, map[string]any{"productName": "x"}), http.StatusConflict, "sold")
	// deleted: not found
	gone := m.addProduct(m.seller.AccessToken, nil)
	m.do(http.MethodDelete, "/api/products/"+gone, nil, bearer(m.seller.AccessToken))
	wantError(t, m.patch(m.seller.AccessToken, gone, map[string]any{"productName": "x"}), http.StatusNotFound, "not_found")
}

// A lower price shows the one before it for 30 days, and those who saved
// the listing as a favourite hear of it; the seller does not.
func TestPriceDropShowsWasAndTellsFavourites(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 50000, "orginalPrice": 90000})
	m.exec("INSERT INTO favourites (user_id, product_id) VALUES ($1, $2), ($3, $2), ($4, $2)", m.buyer.User.ID, id, m.otherBuyer.User.ID, m.seller.User.ID)

	wantModified(t, "drop", m.patch(m.seller.AccessToken, id, map[string]any{"sellPrice": 45000}))
	if l := m.listing(id); l.PriceDroppedFrom == nil || *l.PriceDroppedFrom != 50000 {
		t.Fatalf("after a drop: was %v", l.PriceDroppedFrom)
	}
	for _, who := range []sessionWire{m.buyer, m.otherBuyer} {
		if got := m.noticeBodies(who.User.ID, "price_drop"); len(got) != 1 || !strings.Contains(got[0], "45,000 Tk") {
			t.Errorf("%s's price-drop notices: %v", who.User.Email, got)
		}
	}
	if got := m.noticeBodies(m.seller.User.ID, "price_drop"); len(got) != 0 {
		t.Errorf("the seller was told of their own drop: %v", got)
	}
	// a second drop: "was" stays the highest of the last 30 days
	wantModified(t, "second drop", m.patch(m.seller.AccessToken, id, map[string]any{"sellPrice": 40000}))
	if l := m.listing(id); l.PriceDroppedFrom == nil || *l.PriceDroppedFrom != 50000 {
		t.Errorf("after a second drop: was %v", l.PriceDroppedFrom)
	}
	// other edits tell nobody
	wantModified(t, "name", m.patch(m.seller.AccessToken, id, map[string]any{"productName": "Renamed"}))
	if got := m.noticeBodies(m.buyer.User.ID, "price_drop"); len(got) != 2 {
		t.Errorf("notices after a rename: %d, want 2", len(got))
	}
	// after 30 days the card no longer says "was"
	m.exec("UPDATE products SET price_dropped_at = now() - interval '31 days' WHERE id = $1", id)
	m.do(http.MethodPut, "/api/products/report/"+id, nil, bearer(m.buyer.AccessToken)) // any catalogue change drops kept answers
	if l := m.listing(id); l.PriceDroppedFrom != nil {
		t.Errorf("31 days on: was %d", *l.PriceDroppedFrom)
	}
	// back up to the old price or above: no drop to show
	m.exec("UPDATE products SET price_dropped_at = now() WHERE id = $1", id)
	wantModified(t, "raise", m.patch(m.seller.AccessToken, id, map[string]any{"sellPrice": 52000}))
	if l := m.listing(id); l.PriceDroppedFrom != nil {
		t.Errorf("after raising the price: was %d", *l.PriceDroppedFrom)
	}
}
