package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"resale/api"
)

type productWire struct {
	ID           string `json:"_id"`
	ProductName  string `json:"productName"`
	Picture      string `json:"picture"`
	SellPrice    int64  `json:"sellPrice"`
	OrginalPrice int64  `json:"orginalPrice"`
	Category     string `json:"category"`
	Condition    string `json:"condition"`
	Location     string `json:"location"`
	Used         string `json:"used"`
	Number       string `json:"number"`
	Description  string `json:"description"`
	Seller       string `json:"seller"`
	SellerEmail  string `json:"sellerEmail"`
	SellerVerify bool   `json:"sellerVerify"`
	Time         string `json:"time"`
	Date         string `json:"date"`
	Available    string `json:"available"`
	Advertise    bool   `json:"advertise"`
	Report       string `json:"report"`
}

// market is a shop with one of each kind of caller.
type market struct {
	*testServer
	buyer, otherBuyer, seller, otherSeller, admin sessionWire
	photo                                         string
}

func newMarket(t *testing.T) *market {
	t.Helper()
	return newMarketWith(t, nil)
}

// newMarketWith builds the market on a server with edited options.
func newMarketWith(t *testing.T, edit func(*api.Options)) *market {
	t.Helper()
	base := newTestServer(t)
	s := base
	if edit != nil {
		s = newTestServerWith(t, base.store, edit)
		s.pool = base.pool
	}
	m := &market{testServer: s}
	m.buyer = s.signup("Bea Buyer", "bea@example.com", "Buyer")
	m.otherBuyer = s.signup("Bob Buyer", "bob@example.com", "Buyer")
	m.seller = s.signup("Sam Seller", "sam@example.com", "Seller")
	m.otherSeller = s.signup("Sue Seller", "sue@example.com", "Seller")
	m.admin = s.signup("Ada Admin", "ada@example.com", "Buyer")
	if _, err := s.store.GrantAdmin(context.Background(), "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	m.photo = m.seller.User.UserPhoto // an image uploaded here
	return m
}

func (m *market) productBody(edit map[string]any) map[string]any {
	b := map[string]any{
		"productName": "HP EliteBook 840 G5", "picture": m.photo, "sellPrice": 38000, "orginalPrice": 95000,
		"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
		"description": "8 GB RAM, 256 GB SSD",
	}
	for k, v := range edit {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

// addProduct lists a product as the seller with that token; returns its id.
func (m *market) addProduct(token string, edit map[string]any) string {
	m.t.Helper()
	rec := m.postJSON("/api/products", token, m.productBody(edit))
	var ins struct {
		Acknowledged bool   `json:"acknowledged"`
		InsertedID   string `json:"insertedId"`
	}
	decode(m.t, rec, &ins)
	if rec.Code != http.StatusCreated || !ins.Acknowledged || ins.InsertedID == "" {
		m.t.Fatalf("add product: %d %s", rec.Code, rec.Body.String())
	}
	return ins.InsertedID
}

func (m *market) products(path, token string) []productWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, path, nil, bearer(token))
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
	}
	var ps []productWire
	decode(m.t, rec, &ps)
	return ps
}

func bearer(token string) http.Header {
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return h
}

func TestAddProductFillsServerFields(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	before := time.Now()
	id := m.addProduct(m.seller.AccessToken, map[string]any{"description": "  Battery holds 4 hours\nCharger included  "})

	list := m.products("/api/products?category=HP", "")
	if len(list) != 1 {
		t.Fatalf("HP list = %+v", list)
	}
	p := list[0]
	want := productWire{
		ID: id, ProductName: "HP EliteBook 840 G5", Picture: m.photo, SellPrice: 38000, OrginalPrice: 95000, Category: "HP",
		Condition: "good", Location: "Mirpur, Dhaka", Used: "3", Number: "01711000000", Description: "Battery holds 4 hours\nCharger included",
		Seller: "Sam Seller", SellerEmail: "sam@example.com", SellerVerify: false, Time: p.Time, Date: p.Date,
		Available: "available", Advertise: false, Report: "",
	}
	if p != want {
		t.Errorf("product =\n%+v\nwant\n%+v", p, want)
	}
	if p.Date != before.UTC().Format("01-02-2006") && p.Date != time.Now().UTC().Format("01-02-2006") {
		t.Errorf("date = %q", p.Date)
	}
	if !strings.HasSuffix(p.Time, " AM") && !strings.HasSuffix(p.Time, " PM") {
		t.Errorf("time = %q", p.Time)
	}
	if got := m.products("/api/products?category=APPLE", ""); len(got) != 0 {
		t.Errorf("APPLE list = %+v", got)
	}
	if got := m.products("/api/products?category=NOKIA", ""); len(got) != 0 {
		t.Errorf("unknown brand list = %+v", got)
	}
}

func TestAddProductValidation(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	cases := []struct {
		name  string
		edit  map[string]any
		field string
	}{
		{"no name", map[string]any{"productName": nil}, "productName"},
		{"blank name", map[string]any{"productName": "  "}, "productName"},
		{"no photo", map[string]any{"picture": nil}, "picture"},
		{"outside photo", map[string]any{"picture": "https://evil.example/x.jpg"}, "picture"},
		{"javascript photo", map[string]any{"picture": "javascript:alert(1)"}, "picture"},
		{"photo never uploaded", map[string]any{"picture": "/uploads/0123456789abcdef0123456789abcdef.jpg"}, "picture"},
		{"no sell price", map[string]any{"sellPrice": nil}, "sellPrice"},
		{"zero price", map[string]any{"sellPrice": 0}, "sellPrice"},
		{"negative price", map[string]any{"sellPrice": -5}, "sellPrice"},
		{"fractional price", map[string]any{"sellPrice": 100.5}, "sellPrice"},
		{"price as text", map[string]any{"sellPrice": "100"}, "sellPrice"},
		{"price over the card limit", map[string]any{"sellPrice": 1000000}, "sellPrice"},
		{"huge price", map[string]any{"sellPrice": 1e30}, "sellPrice"},
		{"no original price", map[string]any{"orginalPrice": nil}, "orginalPrice"},
		{"sell price above the original", map[string]any{"sellPrice": 45000, "orginalPrice": 30000}, "sellPrice"},
		{"override in name", map[string]any{"productName": "HP \u202eKOOBETON"}, "productName"},
		{"zero-width space in name", map[string]any{"productName": "Mac\u200bBook"}, "productName"},
		{"byte order mark in description", map[string]any{"description": "fast\ufeff"}, "description"},
		{"isolate in location", map[string]any{"location": "\u2067Mirpur"}, "location"},
		{"line separator in description", map[string]any{"description": "one\u2028two"}, "description"},
		{"joiner in phone", map[string]any{"number": "0171\u200d1000000"}, "number"},
		{"no category", map[string]any{"category": nil}, "category"},
		{"unknown category", map[string]any{"category": "NOKIA"}, "category"},
		{"category in other case", map[string]any{"category": "hp"}, "category"},
		{"bad condition", map[string]any{"condition": "new"}, "condition"},
		{"no phone", map[string]any{"number": nil}, "number"},
		{"letters in phone", map[string]any{"number": "call me"}, "number"},
		{"phone as number", map[string]any{"number": 1711000000}, "number"},
		{"no years of use", map[string]any{"used": nil}, "used"},
		{"no location", map[string]any{"location": nil}, "location"},
		{"NUL in location", map[string]any{"location": "Dha\u0000ka"}, "location"},
		{"seller chosen by client", map[string]any{"sellerEmail": "sue@example.com"}, "sellerEmail"},
		{"verification chosen by client", map[string]any{"sellerVerify": true}, "sellerVerify"},
		{"advertised by client", map[string]any{"advertise": true}, "advertise"},
		{"sold by client", map[string]any{"available": "soled"}, "available"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := m.postJSON("/api/products", m.seller.AccessToken, m.productBody(c.edit))
			e := wantError(t, rec, http.StatusBadRequest, "invalid")
			if e.Fields[c.field] == "" {
				t.Errorf("fields = %v, want %s named", e.Fields, c.field)
			}
		})
	}
	if got := m.products("/api/userProducts", m.seller.AccessToken); len(got) != 0 {
		t.Errorf("refused products were stored: %+v", got)
	}
	// a sell price equal to the original, and Bangla and emoji text with
	// their joiners, are fine
	m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 95000, "productName": "র\u200d্যাম ১৬ জিবি",
		"description": "ক্\u200cষ ঠিক আছে 👩\u200d💻 ❤\ufe0f"})
	if got := m.products("/api/userProducts", m.seller.AccessToken); len(got) != 1 {
		t.Fatalf("the right product was not stored: %+v", got)
	}
	m.exec("DELETE FROM products")
	// SQL metacharacters and markup are stored as text, not interpreted
	id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": `'; DROP TABLE products;-- <img src=x onerror=alert(1)>`})
	list := m.products("/api/userProducts", m.seller.AccessToken)
	if len(list) != 1 || list[0].ID != id || !strings.Contains(list[0].ProductName, "DROP TABLE") {
		t.Errorf("list = %+v", list)
	}
}

func TestAdvertise(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	if got := m.products("/api/advertised", ""); len(got) != 0 {
		t.Fatalf("advertised before: %+v", got)
	}
	var res struct {
		Acknowledged  bool `json:"acknowledged"`
		ModifiedCount int  `json:"modifiedCount"`
	}
	rec := m.do(http.MethodPut, "/api/products/"+id, nil, bearer(m.seller.AccessToken))
	decode(t, rec, &res)
	if rec.Code != 200 || !res.Acknowledged || res.ModifiedCount != 1 {
		t.Fatalf("advertise = %d %+v", rec.Code, res)
	}
	rec = m.do(http.MethodPut, "/api/products/"+id, nil, bearer(m.seller.AccessToken))
	decode(t, rec, &res)
	if rec.Code != 200 || res.ModifiedCount != 0 {
		t.Fatalf("advertise again = %d %+v", rec.Code, res)
	}
	ads := m.products("/api/advertised", "")
	if len(ads) != 1 || ads[0].ID != id || !ads[0].Advertise {
		t.Fatalf("advertised = %+v", ads)
	}
	// a sold product cannot be advertised and leaves every public list
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Sold one"})
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", other)
	wantError(t, m.do(http.MethodPut, "/api/products/"+other, nil, bearer(m.seller.AccessToken)), http.StatusConflict, "sold")
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", id)
	if got := m.products("/api/advertised", ""); len(got) != 0 {
		t.Errorf("sold product still advertised: %+v", got)
	}
	if got := m.products("/api/products?category=HP", ""); len(got) != 0 {
		t.Errorf("sold product still listed: %+v", got)
	}
	mine := m.products("/api/userProducts?email=sam@example.com", m.seller.AccessToken)
	if len(mine) != 2 || mine[0].Available != "soled" || mine[1].Available != "soled" {
		t.Errorf("seller's list = %+v", mine)
	}
	for _, bad := range []string{"abc", "0", "-1", "1.5", "99999999999999999999"} {
		wantError(t, m.do(http.MethodPut, "/api/products/"+bad, nil, bearer(m.seller.AccessToken)), http.StatusNotFound, "not_found")
	}
}

func TestVerificationShowsOnEveryProduct(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.addProduct(m.seller.AccessToken, nil)
	m.addProduct(m.seller.AccessToken, map[string]any{"category": "ASUS"})
	m.exec("UPDATE users SET verified = true WHERE email = 'sam@example.com'")
	for _, path := range []string{"/api/products?category=HP", "/api/products?category=ASUS"} {
		for _, p := range m.products(path, "") {
			if !p.SellerVerify {
				t.Errorf("%s: %s not verified", path, p.ID)
			}
		}
	}
}

func TestReportsAndAdminDeletion(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Fine product"})
	var res struct {
		ModifiedCount int `json:"modifiedCount"`
	}
	for i, want := range []int{1, 0} { // reporting twice counts once
		rec := m.do(http.MethodPut, "/api/products/report/"+id, nil, bearer(m.buyer.AccessToken))
		decode(t, rec, &res)
		if rec.Code != 200 || res.ModifiedCount != want {
			t.Fatalf("report %d = %d %+v", i, rec.Code, res)
		}
	}
	wantError(t, m.do(http.MethodPut, "/api/products/report/999999", nil, bearer(m.buyer.AccessToken)), 404, "not_found")
	wantError(t, m.get("/api/products/report?report=all"), 401, "unauthorized")
	wantError(t, m.do(http.MethodGet, "/api/products/report?report=all", nil, bearer(m.admin.AccessToken)), 400, "invalid")
	wantError(t, m.do(http.MethodGet, "/api/products/report", nil, bearer(m.admin.AccessToken)), 400, "invalid")

	reported := m.products("/api/products/report?report=reported", m.admin.AccessToken)
	if len(reported) != 1 || reported[0].ID != id || reported[0].Report != "reported" {
		t.Fatalf("reported = %+v", reported)
	}
	// the fine product was never reported: the reported-delete refuses it
	fine := m.products("/api/products?category=HP", "")[0].ID
	wantError(t, m.do(http.MethodDelete, "/api/products/report/"+fine, nil, bearer(m.admin.AccessToken)), http.StatusConflict, "not_reported")

	var del struct {
		DeletedCount int `json:"deletedCount"`
	}
	rec := m.do(http.MethodDelete, "/api/products/report/"+id, nil, bearer(m.admin.AccessToken))
	decode(t, rec, &del)
	if rec.Code != 200 || del.DeletedCount != 1 {
		t.Fatalf("delete reported = %d %+v", rec.Code, del)
	}
	if got := m.products("/api/products/report?report=reported", m.admin.AccessToken); len(got) != 0 {
		t.Errorf("still reported: %+v", got)
	}
	if got := m.products("/api/products?category=HP", ""); len(got) != 1 || got[0].ID != fine {
		t.Errorf("catalogue = %+v", got)
	}
	wantError(t, m.do(http.MethodDelete, "/api/products/report/"+id, nil, bearer(m.admin.AccessToken)), 404, "not_found")
}

func TestSellerDeletesOwnProduct(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	wantError(t, m.do(http.MethodDelete, "/api/products/"+id, nil, bearer(m.otherSeller.AccessToken)), 404, "not_found")
	var del struct {
		DeletedCount int `json:"deletedCount"`
	}
	rec := m.do(http.MethodDelete, "/api/products/"+id, nil, bearer(m.seller.AccessToken))
	decode(t, rec, &del)
	if rec.Code != 200 || del.DeletedCount != 1 {
		t.Fatalf("delete = %d %+v", rec.Code, del)
	}
	if got := m.products("/api/userProducts", m.seller.AccessToken); len(got) != 0 {
		t.Errorf("still listed: %+v", got)
	}
	wantError(t, m.do(http.MethodDelete, "/api/products/"+id, nil, bearer(m.seller.AccessToken)), 404, "not_found")
	// an admin may delete any product, but not one that is not there
	other := m.addProduct(m.otherSeller.AccessToken, nil)
	if rec := m.do(http.MethodDelete, "/api/products/"+other, nil, bearer(m.admin.AccessToken)); rec.Code != 200 {
		t.Errorf("admin delete = %d", rec.Code)
	}
	if got := m.products("/api/userProducts?email=sue@example.com", m.admin.AccessToken); len(got) != 0 {
		t.Errorf("still listed after the admin's delete: %+v", got)
	}
	wantError(t, m.do(http.MethodDelete, "/api/products/999999", nil, bearer(m.admin.AccessToken)), 404, "not_found")
	wantError(t, m.do(http.MethodDelete, "/api/products/report/999999", nil, bearer(m.admin.AccessToken)), 404, "not_found")
}
