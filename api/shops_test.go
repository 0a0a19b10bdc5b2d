package api_test

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

// shopWire is a shop page as GET /api/me/shop and GET /api/sellers/:id
// answer it (#37).
type shopWire struct {
	Logo    string `json:"logo"`
	Banner  string `json:"banner"`
	Address string `json:"address"`
	About   string `json:"about"`
	Hours   []struct {
		Day   string `json:"day"`
		Open  string `json:"open"`
		Close string `json:"close"`
	} `json:"hours"`
	Lat     *float64 `json:"lat"`
	Lon     *float64 `json:"lon"`
	OpenNow *bool    `json:"openNow"`
}

func (m *market) myShop(token string) shopWire {
	m.t.Helper()
	rec := m.send(http.MethodGet, "/api/me/shop", token, nil)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET /api/me/shop: %d %s", rec.Code, rec.Body.String())
	}
	var s shopWire
	decode(m.t, rec, &s)
	return s
}

func (m *market) publicShop(sellerID string) shopWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/sellers/"+sellerID, nil, nil)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET seller %s: %d %s", sellerID, rec.Code, rec.Body.String())
	}
	var s struct {
		Shop shopWire `json:"shop"`
	}
	decode(m.t, rec, &s)
	return s.Shop
}

// A seller fills in their shop page; anyone sees it on the seller's page,
// hours in the week's order; a buyer has no shop page to save; another
// seller's page is untouched.
func TestShopPage(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	photos := m.uploads(2)
	empty := m.publicShop(m.seller.User.ID)
	if empty.Logo != "" || empty.Address != "" || len(empty.Hours) != 0 || empty.Lat != nil || empty.OpenNow != nil {
		t.Fatalf("a shop never filled in: %+v", empty)
	}
	body := map[string]any{
		"logo": photos[0], "banner": photos[1], "address": "  House 12, Road 5, Mirpur 10, Dhaka  ",
		"about": "Used laptops, checked.\nWarranty on every one.",
		"hours": []map[string]string{{"day": "fri", "open": "15:00", "close": "21:00"}, {"day": "sat", "open": "10:00", "close": "24:00"}},
		"lat":   23.8069123456, "lon": 90.3687,
	}
	if rec := m.send(http.MethodPut, "/api/me/shop", m.seller.AccessToken, body); rec.Code != http.StatusOK {
		t.Fatalf("save: %d %s", rec.Code, rec.Body.String())
	}
	got := m.publicShop(m.seller.User.ID)
	if got.Logo != photos[0] || got.Banner != photos[1] || got.Address != "House 12, Road 5, Mirpur 10, Dhaka" || got.About != "Used laptops, checked.\nWarranty on every one." {
		t.Errorf("public shop = %+v", got)
	}
	if len(got.Hours) != 2 || got.Hours[0].Day != "sat" || got.Hours[0].Close != "24:00" || got.Hours[1].Day != "fri" {
		t.Errorf("hours = %+v, want Saturday then Friday", got.Hours)
	}
	if got.Lat == nil || *got.Lat != 23.806912 || got.Lon == nil || *got.Lon != 90.3687 || got.OpenNow == nil {
		t.Errorf("lat, lon, openNow = %v, %v, %v", got.Lat, got.Lon, got.OpenNow)
	}
	if mine := m.myShop(m.seller.AccessToken); !reflect.DeepEqual(mine, got) {
		t.Errorf("GET /api/me/shop = %+v, the public page %+v", mine, got)
	}
	if other := m.myShop(m.otherSeller.AccessToken); other.Address != "" || other.Logo != "" {
		t.Errorf("the other seller's shop changed: %+v", other)
	}
	wantError(t, m.send(http.MethodPut, "/api/me/shop", m.buyer.AccessToken, body), http.StatusForbidden, "forbidden")
	wantError(t, m.send(http.MethodPut, "/api/me/shop", m.admin.AccessToken, body), http.StatusForbidden, "forbidden")
	wantError(t, m.send(http.MethodPut, "/api/me/shop", "", body), http.StatusUnauthorized, "unauthorized")

	// saving again replaces the whole page: what is left out is cleared
	if rec := m.send(http.MethodPut, "/api/me/shop", m.seller.AccessToken, map[string]any{"about": "Closed for Eid"}); rec.Code != http.StatusOK {
		t.Fatalf("save again: %d %s", rec.Code, rec.Body.String())
	}
	if again := m.publicShop(m.seller.User.ID); again.About != "Closed for Eid" || again.Logo != "" || len(again.Hours) != 0 || again.Lat != nil || again.OpenNow != nil {
		t.Errorf("after the second save: %+v", again)
	}
}

// Every field of the shop page is checked on the server: a bad one is a
// 400 naming it, and nothing of the page changes.
func TestShopPageRefusesBadFields(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	photo := m.uploads(1)[0]
	good := map[string]any{"logo": photo, "address": "Mirpur 10, Dhaka", "about": "Laptops", "hours": []map[string]string{{"day": "sat", "open": "10:00", "close": "20:00"}}}
	if rec := m.send(http.MethodPut, "/api/me/shop", m.seller.AccessToken, good); rec.Code != http.StatusOK {
		t.Fatalf("save: %d %s", rec.Code, rec.Body.String())
	}
	before := m.myShop(m.seller.AccessToken)
	day := func(d, open, close string) map[string]string {
		return map[string]string{"day": d, "open": open, "close": close}
	}
	cases := []struct {
		name, field string
		body        map[string]any
	}{
		{"a logo elsewhere", "logo", map[string]any{"logo": "https://evil.example/logo.jpg"}},
		{"a script as logo", "logo", map[string]any{"logo": "javascript:alert(1)"}},
		{"a path out of uploads", "banner", map[string]any{"banner": "/uploads/../../etc/passwd"}},
		{"a photo never uploaded", "banner", map[string]any{"banner": "/uploads/" + strings.Repeat("ab", 16) + ".jpg"}},
		{"a long address", "address", map[string]any{"address": strings.Repeat("a", 201)}},
		{"an address on two lines", "address", map[string]any{"address": "Mirpur\nDhaka"}},
		{"an address turned right to left", "address", map[string]any{"address": "Mirpur \u202eakahD"}},
		{"a NUL in about", "about", map[string]any{"about": "Laptops\u0000"}},
		{"a long about", "about", map[string]any{"about": strings.Repeat("ল", 2001)}},
		{"a day by its full name", "hours", map[string]any{"hours": []any{day("friday", "10:00", "20:00")}}},
		{"a day twice", "hours.sat", map[string]any{"hours": []any{day("sat", "10:00", "13:00"), day("sat", "14:00", "20:00")}}},
		{"a time without its zero", "hours.sun", map[string]any{"hours": []any{day("sun", "9:00", "20:00")}}},
		{"a time past midnight", "hours.mon", map[string]any{"hours": []any{day("mon", "10:00", "25:00")}}},
		{"closing before opening", "hours.tue", map[string]any{"hours": []any{day("tue", "20:00", "10:00")}}},
		{"open and shut at once", "hours.wed", map[string]any{"hours": []any{day("wed", "10:00", "10:00")}}},
		{"opening at midnight's end", "hours.thu", map[string]any{"hours": []any{day("thu", "24:00", "24:00")}}},
		{"eight days", "hours", map[string]any{"hours": []any{day("sat", "1:00", "2:00"), day("sun", "1:00", "2:00"), day("mon", "1:00", "2:00"),
			day("tue", "1:00", "2:00"), day("wed", "1:00", "2:00"), day("thu", "1:00", "2:00"), day("fri", "1:00", "2:00"), day("sat", "1:00", "2:00")}}},
		{"a latitude alone", "lon", map[string]any{"lat": 23.8}},
		{"a longitude alone", "lat", map[string]any{"lon": 90.4}},
		{"off the globe", "lat", map[string]any{"lat": 91, "lon": 90}},
		{"round the globe", "lon", map[string]any{"lat": 23.8, "lon": -180.5}},
		{"a latitude in words", "lat", map[string]any{"lat": "23.8", "lon": 90.4}},
		{"a field of the server's", "verified", map[string]any{"verified": true}},
	}
	for _, c := range cases {
		rec := m.send(http.MethodPut, "/api/me/shop", m.seller.AccessToken, c.body)
		e := wantError(t, rec, http.StatusBadRequest, "invalid")
		if e.Fields[c.field] == "" {
			t.Errorf("%s: fields = %v, want %s named", c.name, e.Fields, c.field)
		}
	}
	if after := m.myShop(m.seller.AccessToken); !reflect.DeepEqual(after, before) {
		t.Errorf("refused saves changed the page:\nbefore %+v\nafter  %+v", before, after)
	}
}

// A new listing starts with the profile's phone and the shop's address,
// else with the latest listing's number and location.
func TestListingDefaults(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	type defaults struct {
		Number   string `json:"number"`
		Location string `json:"location"`
	}
	get := func() defaults {
		t.Helper()
		rec := m.send(http.MethodGet, "/api/me/listing-defaults", m.seller.AccessToken, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET defaults: %d %s", rec.Code, rec.Body.String())
		}
		var d defaults
		decode(t, rec, &d)
		return d
	}
	if d := get(); d != (defaults{}) {
		t.Errorf("a seller with nothing yet: %+v", d)
	}
	m.addProduct(m.seller.AccessToken, map[string]any{"number": "01711-111111", "location": "Uttara, Dhaka"})
	m.addProduct(m.seller.AccessToken, map[string]any{"number": "01722-222222", "location": "Agrabad, Chattogram"})
	m.addProduct(m.otherSeller.AccessToken, map[string]any{"number": "01733-333333", "location": "Sylhet"})
	if d := get(); d != (defaults{"01722222222", "Agrabad, Chattogram"}) {
		t.Errorf("from the latest listing: %+v", d)
	}
	if rec := m.send(http.MethodPatch, "/api/me", m.seller.AccessToken, map[string]any{"phone": "01812345678"}); rec.Code != http.StatusOK {
		t.Fatalf("PATCH /api/me: %d %s", rec.Code, rec.Body.String())
	}
	if rec := m.send(http.MethodPut, "/api/me/shop", m.seller.AccessToken, map[string]any{"address": "Shop 4, Multiplan Center, Dhaka"}); rec.Code != http.StatusOK {
		t.Fatalf("save shop: %d %s", rec.Code, rec.Body.String())
	}
	if d := get(); d != (defaults{"01812345678", "Shop 4, Multiplan Center, Dhaka"}) {
		t.Errorf("from the profile and the shop: %+v", d)
	}
	wantError(t, m.send(http.MethodGet, "/api/me/listing-defaults", m.buyer.AccessToken, nil), http.StatusForbidden, "forbidden")
}

// bulkWire is the answer of POST /api/products/bulk.
type bulkWire struct {
	Done    int `json:"done"`
	Results []struct {
		ID        string     `json:"_id"`
		OK        bool       `json:"ok"`
		ExpiresAt *time.Time `json:"expiresAt"`
		Status    int        `json:"status"`
		Code      string     `json:"code"`
		Message   string     `json:"message"`
	} `json:"results"`
}

func (m *market) bulk(token, action string, ids ...string) bulkWire {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/products/bulk", token, map[string]any{"action": action, "ids": ids})
	if rec.Code != http.StatusOK {
		m.t.Fatalf("bulk %s: %d %s", action, rec.Code, rec.Body.String())
	}
	var b bulkWire
	decode(m.t, rec, &b)
	if len(b.Results) != len(ids) {
		m.t.Fatalf("bulk %s of %d: %d results", action, len(ids), len(b.Results))
	}
	return b
}

// Bulk renew: each of the caller's listings is renewed on its own; a sold
// one, another seller's and an unknown one are refused, each with its
// reason, and the other seller's listing is untouched.
func TestBulkRenew(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	expired := m.addProduct(m.seller.AccessToken, nil)
	live := m.addProduct(m.seller.AccessToken, nil)
	sold := m.addProduct(m.seller.AccessToken, nil)
	theirs := m.addProduct(m.otherSeller.AccessToken, nil)
	m.exec(`UPDATE products SET expires_at = now() - interval '1 day', expired_at = now() WHERE id = $1`, expired)
	m.exec(`UPDATE products SET expires_at = now() + interval '1 day' WHERE id = $1`, theirs)
	if rec := m.markSold(m.seller.AccessToken, sold); rec.Code != http.StatusOK {
		t.Fatalf("mark sold: %d", rec.Code)
	}
	b := m.bulk(m.seller.AccessToken, "renew", expired, live, sold, theirs, "999999")
	if b.Done != 2 {
		t.Errorf("done = %d, want 2", b.Done)
	}
	for i, want := range []struct {
		ok     bool
		status int
		code   string
	}{{true, 0, ""}, {true, 0, ""}, {false, 409, "sold"}, {false, 404, "not_found"}, {false, 404, "not_found"}} {
		r := b.Results[i]
		if r.OK != want.ok || r.Status != want.status || r.Code != want.code || (!r.OK && r.Message == "") {
			t.Errorf("result %d = %+v, want %+v", i, r, want)
		}
		if r.OK && (r.ExpiresAt == nil || time.Until(*r.ExpiresAt) < 29*24*time.Hour) {
			t.Errorf("result %d: expiresAt = %v", i, r.ExpiresAt)
		}
	}
	if b.Results[3].Message != "Product not found" {
		t.Errorf("another seller's listing: %q", b.Results[3].Message)
	}
	m.listing(expired) // back in the catalogue
	var left time.Duration
	if err := m.pool.QueryRow(t.Context(), `SELECT expires_at - now() FROM products WHERE id = $1`, theirs).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left > 2*24*time.Hour {
		t.Errorf("the other seller's listing was renewed: %v left", left)
	}
}

// Bulk mark-sold: the caller's listings are sold one by one; one a booking
// holds, one already sold and another seller's are refused with their
// reason and stay as they were.
func TestBulkMarkSold(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	a := m.addProduct(m.seller.AccessToken, nil)
	held := m.addProduct(m.seller.AccessToken, nil)
	theirs := m.addProduct(m.otherSeller.AccessToken, nil)
	booking, _ := m.book(m.buyer.AccessToken, held, nil)
	if _, rec := m.accept(m.seller.AccessToken, booking); rec.Code != http.StatusOK {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body.String())
	}
	b := m.bulk(m.seller.AccessToken, "sold", a, held, theirs)
	if b.Done != 1 || !b.Results[0].OK {
		t.Fatalf("bulk sold = %+v", b)
	}
	if r := b.Results[1]; r.OK || r.Status != 409 || r.Code != "held" || !strings.Contains(r.Message, "accepted") {
		t.Errorf("a held listing: %+v", r)
	}
	if r := b.Results[2]; r.OK || r.Status != 404 {
		t.Errorf("another seller's listing: %+v", r)
	}
	m.listing(held)
	m.listing(theirs)
	if rec := m.do(http.MethodGet, "/api/products/"+a, nil, nil); rec.Code != http.StatusNotFound {
		t.Errorf("the sold listing is still for sale: %d", rec.Code)
	}
	again := m.bulk(m.seller.AccessToken, "sold", a)
	if r := again.Results[0]; r.OK || r.Status != 409 || r.Code != "sold" {
		t.Errorf("sold twice: %+v", r)
	}
}

// A bulk action's body is checked before anything is done.
func TestBulkRefusesBadBodies(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	for name, c := range map[string]struct {
		body  any
		field string
	}{
		"another action":   {map[string]any{"action": "delete", "ids": []string{pid}}, "action"},
		"no action":        {map[string]any{"ids": []string{pid}}, "action"},
		"no ids":           {map[string]any{"action": "renew", "ids": []string{}}, "ids"},
		"too many":         {map[string]any{"action": "renew", "ids": many}, "ids"},
		"the same twice":   {map[string]any{"action": "sold", "ids": []string{pid, pid}}, "ids"},
		"not an id":        {map[string]any{"action": "sold", "ids": []string{pid, "1 OR 1=1"}}, "ids"},
		"a negative id":    {map[string]any{"action": "renew", "ids": []string{"-1"}}, "ids"},
		"ids as numbers":   {map[string]any{"action": "renew", "ids": []int{1}}, "ids"},
		"an unknown field": {map[string]any{"action": "renew", "ids": []string{pid}, "sellerId": "1"}, "sellerId"},
	} {
		e := wantError(t, m.send(http.MethodPost, "/api/products/bulk", m.seller.AccessToken, c.body), http.StatusBadRequest, "invalid")
		if e.Fields[c.field] == "" {
			t.Errorf("%s: fields = %v, want %s", name, e.Fields, c.field)
		}
	}
	m.listing(pid) // still for sale
}
