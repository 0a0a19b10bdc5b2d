package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"resale/store"
)

// shelf fills a market with products of known names, prices and times.
func shelf(t *testing.T, m *market, items []store.SeedProduct) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	seller, err := m.store.GetUserByEmail(ctx, "sam@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, it := range items {
		if it.SellerID == 0 {
			it.SellerID = seller.ID
		}
		if it.CategoryID == 0 {
			it.CategoryID = 3 // HP
		}
		it.Picture, it.OriginalPrice, it.Used, it.Phone = m.photo, max(it.SellPrice, 1000), "1", "01700000000"
		if it.Condition == "" {
			it.Condition = "good"
		}
		if it.Location == "" {
			it.Location = "Dhaka"
		}
		if it.CreatedAt.IsZero() {
			it.CreatedAt = time.Now()
		}
		id, err := m.store.InsertSeedProduct(ctx, it)
		if err != nil {
			t.Fatal(err)
		}
		ids[it.Name] = id
	}
	return ids
}

func item(name string, price int64) store.SeedProduct {
	return store.SeedProduct{NewProduct: store.NewProduct{Name: name, SellPrice: price}}
}

var nextLink = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// names fetches a list and returns the product names and the next page.
func (m *market) names(path string) ([]string, string) {
	m.t.Helper()
	rec := m.get(path)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
	}
	var ps []productWire
	decode(m.t, rec, &ps)
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.ProductName)
	}
	next := ""
	if l := rec.Header().Get("Link"); l != "" {
		mm := nextLink.FindStringSubmatch(l)
		if mm == nil {
			m.t.Fatalf("Link header %q", l)
		}
		next = mm[1]
	}
	return out, next
}

func TestSearch(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	shelf(t, m, []store.SeedProduct{
		item("Apple MacBook Air M1", 80000), item("MacBook Pro 14", 150000), item("HP EliteBook 840", 30000),
		item("ওয়ালটন ল্যাপটপ বিক্রি", 25000), item("Asus VivoBook 15", 40000),
	})
	cases := map[string][]string{
		"mac":               {"MacBook Pro 14", "Apple MacBook Air M1"},
		"MACBOOK air":       {"Apple MacBook Air M1"},
		"ল্যাপ":             {"ওয়ালটন ল্যাপটপ বিক্রি"},
		"elite 840":         {"HP EliteBook 840"},
		"nokia":             {},
		"a & b | !c :* ()'": {},
	}
	for q, want := range cases {
		got, _ := m.names("/api/products?q=" + url.QueryEscape(q) + "&sort=newest")
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("q=%q: %v, want %v", q, got, want)
		}
	}
	// relevance (the default with q) puts the closer match first
	got, _ := m.names("/api/products?q=macbook+air")
	if len(got) != 1 || got[0] != "Apple MacBook Air M1" {
		t.Errorf("relevance: %v", got)
	}
	// the description is searched too
	shelf(t, m, []store.SeedProduct{{NewProduct: store.NewProduct{Name: "Plain laptop", SellPrice: 1000, Description: "comes with a Thunderbolt dock"}}})
	if got, _ := m.names("/api/products?q=thunder"); len(got) != 1 || got[0] != "Plain laptop" {
		t.Errorf("description search: %v", got)
	}
}

func TestFiltersAndSorts(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	sue, _ := m.store.GetUserByEmail(context.Background(), "sue@example.com")
	m.exec("UPDATE users SET verified = true WHERE email = 'sue@example.com'")
	shelf(t, m, []store.SeedProduct{
		{NewProduct: store.NewProduct{Name: "A", SellPrice: 10000, Condition: "fair", Location: "Mirpur, Dhaka"}},
		{NewProduct: store.NewProduct{Name: "B", SellPrice: 20000, Condition: "good", Location: "100% genuine shop, Sylhet"}},
		{NewProduct: store.NewProduct{Name: "C", SellPrice: 30000, Condition: "excellent", Location: "Agrabad, Chattogram", SellerID: sue.ID}},
		{NewProduct: store.NewProduct{Name: "D", SellPrice: 40000, Condition: "good", Location: "Uttara, Dhaka", CategoryID: 2}},
		{NewProduct: store.NewProduct{Name: "E", SellPrice: 50000, Condition: "excellent", Location: `O'Reilly Rd\ 5, Khulna`, CategoryID: 4}},
	})
	cases := map[string]string{
		"?sort=price_asc":  "A|B|C|D|E",
		"?sort=price_desc": "E|D|C|B|A",
		"?minPrice=15000&maxPrice=35000&sort=price_asc": "B|C",
		"?condition=good&sort=price_asc":                "B|D",
		"?location=dhaka&sort=price_asc":                "A|D",
		"?location=100%25&sort=price_asc":               "B",
		"?location=%25&sort=price_asc":                  "B", // a literal %, not a wildcard
		"?location=_&sort=price_asc":                    "",
		// filtered lists reach SQL with their values quoted into the text:
		// quotes and backslashes stay themselves
		"?location=" + url.QueryEscape(`'Reilly Rd\`):   "E",
		"?location=" + url.QueryEscape(`' OR '1'='1`):   "",
		"?location=" + url.QueryEscape(`\' OR true --`): "",
		"?verified=true":                       "C",
		"?category=APPLE":                      "D",
		"?category=HP&sort=price_desc&limit=2": "C|B",
	}
	for q, want := range cases {
		got, _ := m.names("/api/products" + q)
		if strings.Join(got, "|") != want {
			t.Errorf("%s: %v, want %s", q, got, want)
		}
	}
	for _, bad := range []string{
		"?limit=0", "?limit=101", "?limit=abc", "?minPrice=-1", "?minPrice=5&maxPrice=4", "?maxPrice=1e9",
		"?condition=new", "?sort=random", "?sort=relevance", "?verified=maybe", "?category=HP&category=ASUS",
		"?cursor=garbage", "?q=" + strings.Repeat("x", 101), "?q=a%00b",
		"?q=%21%21%21&sort=relevance", // punctuation alone is no search
	} {
		wantError(t, m.get("/api/products"+bad), http.StatusBadRequest, "invalid")
	}
}

// Pages walk the whole list once, even when many products share a time,
// and a product deleted between pages does not shift the next page.
func TestPagination(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	same := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	var items []store.SeedProduct
	for i := 0; i < 7; i++ {
		it := item(string(rune('A'+i)), int64(1000*(i%3+1)))
		it.CreatedAt = same
		items = append(items, it)
	}
	ids := shelf(t, m, items)
	for _, sort := range []string{"newest", "price_asc", "price_desc"} {
		seen := map[string]bool{}
		next := "/api/products?limit=3&sort=" + sort
		pages := 0
		for next != "" {
			var got []string
			got, next = m.names(next)
			pages++
			for _, n := range got {
				if seen[n] {
					t.Errorf("%s: %s twice", sort, n)
				}
				seen[n] = true
			}
			if pages == 1 && sort == "newest" {
				// the last product of the first page is deleted meanwhile
				m.exec("UPDATE products SET deleted_at = now() WHERE id = $1", ids[got[len(got)-1]])
			}
			if pages > 5 {
				t.Fatal("pages never end")
			}
		}
		if len(seen) != 7 && !(sort != "newest" && len(seen) == 6) {
			t.Errorf("%s: saw %d products over %d pages", sort, len(seen), pages)
		}
	}
	// a cursor of one sort does not continue another
	_, next := m.names("/api/products?limit=2&sort=price_asc")
	u, _ := url.Parse(next)
	wantError(t, m.get("/api/products?sort=newest&cursor="+u.Query().Get("cursor")), http.StatusBadRequest, "invalid")
}

func TestCategoryCount(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	count := func() int64 {
		var c struct {
			ProductCount int64 `json:"productCount"`
		}
		decode(t, m.get("/api/categorys/3"), &c)
		return c.ProductCount
	}
	if n := count(); n != 0 {
		t.Fatalf("fresh count %d", n)
	}
	a := m.addProduct(m.seller.AccessToken, nil)
	b := m.addProduct(m.seller.AccessToken, nil)
	m.addProduct(m.seller.AccessToken, map[string]any{"category": "ASUS"})
	if n := count(); n != 2 {
		t.Fatalf("count after adding %d", n)
	}
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", a)
	m.do(http.MethodDelete, "/api/products/"+b, nil, bearer(m.seller.AccessToken))
	if n := count(); n != 0 {
		t.Fatalf("count after a sale and a deletion %d", n)
	}
}

// Every other list is bounded too and walks its pages through Link.
func TestIDListsArePaged(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for i := 0; i < 3; i++ {
		pid := m.addProduct(m.seller.AccessToken, nil)
		m.book(m.buyer.AccessToken, pid, nil)
		m.do(http.MethodPut, "/api/products/report/"+pid, nil, bearer(m.buyer.AccessToken))
	}
	walk := func(path, token string) int {
		t.Helper()
		total := 0
		for pages := 0; path != ""; pages++ {
			if pages > 10 {
				t.Fatalf("%s: pages never end", path)
			}
			rec := m.do(http.MethodGet, path, nil, bearer(token))
			if rec.Code != 200 {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body.String())
			}
			var items []map[string]any
			decode(t, rec, &items)
			if len(items) > 2 {
				t.Fatalf("%s: %d items on a page of 2", path, len(items))
			}
			total += len(items)
			path = ""
			if l := rec.Header().Get("Link"); l != "" {
				path = nextLink.FindStringSubmatch(l)[1]
			}
		}
		return total
	}
	for path, want := range map[string]int{
		"/api/users?limit=2":                              5,
		"/api/users?role=Buyer&limit=2":                   2,
		"/api/products/report?report=reported&limit=2":    3,
		"/api/userProducts?email=sam@example.com&limit=2": 3,
		"/api/payments?limit=2":                           0,
	} {
		if got := walk(path, m.admin.AccessToken); got != want {
			t.Errorf("%s: %d items, want %d", path, got, want)
		}
	}
	if got := walk("/api/bookings?limit=2", m.buyer.AccessToken); got != 3 {
		t.Errorf("bookings: %d", got)
	}
	for _, bad := range []string{"?limit=0", "?limit=500", "?cursor=nope", "?cursor=aWQ6LTE"} {
		wantError(t, m.getAs("/api/users"+bad, m.admin.AccessToken), http.StatusBadRequest, "invalid")
	}
}

func TestAdvertisedIsPaged(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for i := 0; i < 5; i++ {
		id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": fmt.Sprintf("Ad %d", i)})
		m.do(http.MethodPut, "/api/products/"+id, nil, bearer(m.seller.AccessToken))
	}
	seen := map[string]bool{}
	next := "/api/advertised?limit=2"
	for pages := 0; next != ""; pages++ {
		if pages > 5 {
			t.Fatal("pages never end")
		}
		var got []string
		got, next = m.names(next)
		for _, n := range got {
			if seen[n] {
				t.Errorf("%s twice", n)
			}
			seen[n] = true
		}
	}
	if len(seen) != 5 {
		t.Errorf("saw %d advertised products, want 5", len(seen))
	}
	wantError(t, m.get("/api/advertised?cursor=abc"), http.StatusBadRequest, "invalid")
	wantError(t, m.get("/api/advertised?limit=1000"), http.StatusBadRequest, "invalid")
}
