package api_test

import (
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"resale/api"
)

type sitemapIndexXML struct {
	XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []struct {
		Loc string `xml:"loc"`
	} `xml:"sitemap"`
}

type urlsetXML struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

// getXML reads an XML answer into v, failing unless it is well formed,
// 200 and cacheable.
func getXML(t *testing.T, m *market, path string, v any) {
	t.Helper()
	rec := m.get(path)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "xml") {
		t.Errorf("GET %s: Content-Type %q", path, ct)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=3600" {
		t.Errorf("GET %s: Cache-Control %q", path, cc)
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("GET %s: not well-formed XML: %v\n%s", path, err, rec.Body.String())
	}
}

func newSEOMarket(t *testing.T) *market {
	t.Helper()
	return newMarketWith(t, func(o *api.Options) {
		o.PublicURL = &url.URL{Scheme: "https", Host: "shop.example.com"}
		o.SitemapSize = 3
	})
}

func TestSitemap(t *testing.T) {
	t.Parallel()
	m := newSEOMarket(t)
	var ids []string
	for range 8 {
		ids = append(ids, m.addProduct(m.seller.AccessToken, nil))
	}
	// the second file's three are all gone: sold, expired, deleted
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1::text::bigint", ids[3])
	m.exec("UPDATE products SET expired_at = now() WHERE id = $1::text::bigint", ids[4])
	if rec := m.do(http.MethodDelete, "/api/products/"+ids[5], nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d", rec.Code)
	}
	// a price drop is news for the product's page: lastmod says when
	m.exec("UPDATE products SET price_dropped_at = now() + interval '1 day' WHERE id = $1::text::bigint", ids[7])

	files := checkSitemapIndex(t, m, ids)
	checkSitemapProducts(t, m, files, ids)
	checkSitemapPages(t, m)
	// a file the index does not name, or no file at all
	emptied := "/sitemaps/products-" + itoa((mustInt(t, ids[4])-1)/3+1) + ".xml"
	for _, path := range []string{emptied, "/sitemaps/products-99.xml", "/sitemaps/products-0.xml", "/sitemaps/products-x.xml",
		"/sitemaps/products-1.xml.gz", "/sitemaps/products-9223372036854775807.xml", "/sitemaps/other.xml"} {
		if rec := m.get(path); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, rec.Code)
		}
	}
}

// checkSitemapIndex: the index names the pages' file and each products
// file (three ids a file) that still lists an available laptop.
func checkSitemapIndex(t *testing.T, m *market, ids []string) []string {
	t.Helper()
	var index sitemapIndexXML
	getXML(t, m, "/sitemap.xml", &index)
	var files []string
	for _, s := range index.Sitemaps {
		files = append(files, s.Loc)
	}
	// ids start where the template database left them: find the ranges
	first := mustInt(t, ids[0])
	want := []string{"https://shop.example.com/sitemaps/pages.xml"}
	for _, id := range []string{ids[0], ids[1], ids[2], ids[6], ids[7]} {
		loc := "https://shop.example.com/sitemaps/products-" + itoa((mustInt(t, id)-1)/3+1) + ".xml"
		if !slices.Contains(want, loc) {
			want = append(want, loc)
		}
	}
	if !slices.Equal(files, want) {
		t.Fatalf("index = %v, want %v (first id %d)", files, want, first)
	}

	return files
}

// checkSitemapProducts: the products files list exactly the available
// laptops, each with a lastmod; the price drop's is its date.
func checkSitemapProducts(t *testing.T, m *market, files, ids []string) {
	t.Helper()
	var listed []string
	for _, f := range files[1:] {
		var set urlsetXML
		getXML(t, m, strings.TrimPrefix(f, "https://shop.example.com"), &set)
		if len(set.URLs) == 0 || len(set.URLs) > 3 {
			t.Errorf("%s lists %d products, want 1 to 3", f, len(set.URLs))
		}
		for _, u := range set.URLs {
			listed = append(listed, u.Loc)
			mod, err := time.Parse(time.RFC3339, u.LastMod)
			if err != nil {
				t.Errorf("%s: lastmod %q: %v", u.Loc, u.LastMod, err)
			}
			dropped := u.Loc == "https://shop.example.com/product/"+ids[7]
			if future := mod.After(time.Now().Add(time.Hour)); future != dropped {
				t.Errorf("%s: lastmod %s (price dropped: %v)", u.Loc, u.LastMod, dropped)
			}
		}
	}
	var available []string
	for _, id := range []string{ids[0], ids[1], ids[2], ids[6], ids[7]} {
		available = append(available, "https://shop.example.com/product/"+id)
	}
	if !slices.Equal(listed, available) {
		t.Errorf("products listed %v, want the available ones %v", listed, available)
	}

}

// checkSitemapPages: the pages' file lists home and every category,
// absolute.
func checkSitemapPages(t *testing.T, m *market) {
	t.Helper()
	var pages urlsetXML
	getXML(t, m, "/sitemaps/pages.xml", &pages)
	var cats []struct {
		ID string `json:"_id"`
	}
	decode(t, m.get("/api/categorys"), &cats)
	wantPages := []string{"https://shop.example.com/"}
	for _, c := range cats {
		wantPages = append(wantPages, "https://shop.example.com/categorys/"+c.ID)
	}
	var gotPages []string
	for _, u := range pages.URLs {
		gotPages = append(gotPages, u.Loc)
	}
	if len(cats) < 4 || !slices.Equal(gotPages, wantPages) {
		t.Errorf("pages %v, want %v", gotPages, wantPages)
	}

}

func TestSitemapOfAnEmptyShop(t *testing.T) {
	t.Parallel()
	m := newSEOMarket(t)
	var index sitemapIndexXML
	getXML(t, m, "/sitemap.xml", &index)
	if len(index.Sitemaps) != 1 || index.Sitemaps[0].Loc != "https://shop.example.com/sitemaps/pages.xml" {
		t.Errorf("index = %+v", index)
	}
}

func TestRobots(t *testing.T) {
	t.Parallel()
	m := newSEOMarket(t)
	rec := m.get("/robots.txt")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	lines := strings.Split(rec.Body.String(), "\n")
	for _, want := range []string{"User-agent: *", "Sitemap: https://shop.example.com/sitemap.xml", "Disallow: /dashboard", "Disallow: /api/", "Allow: /api/products"} {
		if !slices.Contains(lines, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, rec.Body.String())
		}
	}
}

var ldScript = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

type ldWire struct {
	Context     string   `json:"@context"`
	Type        string   `json:"@type"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Image       []string `json:"image"`
	SKU         string   `json:"sku"`
	ProductID   string   `json:"productID"`
	URL         string   `json:"url"`
	Brand       struct {
		Type string `json:"@type"`
		Name string `json:"name"`
	} `json:"brand"`
	Offers struct {
		Type          string `json:"@type"`
		URL           string `json:"url"`
		Price         int64  `json:"price"`
		PriceCurrency string `json:"priceCurrency"`
		Availability  string `json:"availability"`
		ItemCondition string `json:"itemCondition"`
		Seller        struct {
			Type string `json:"@type"`
			Name string `json:"name"`
			URL  string `json:"url"` // the seller's page (#20)
		} `json:"seller"`
	} `json:"offers"`
}

// productLD reads the one JSON-LD block of a product's page: everything
// up to the first </script>, which must be the whole JSON.
func productLD(t *testing.T, m *market, id string) ldWire {
	t.Helper()
	rec := m.get("/product/" + id)
	if rec.Code != http.StatusOK {
		t.Fatalf("/product/%s: %d", id, rec.Code)
	}
	blocks := ldScript.FindAllStringSubmatch(rec.Body.String(), -1)
	if len(blocks) != 1 {
		t.Fatalf("/product/%s: %d JSON-LD blocks:\n%s", id, len(blocks), rec.Body.String())
	}
	var ld ldWire
	dec := json.NewDecoder(strings.NewReader(blocks[0][1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ld); err != nil {
		t.Fatalf("/product/%s: JSON-LD is not the JSON expected: %v\n%s", id, err, blocks[0][1])
	}
	return ld
}

func TestProductPageStructuredData(t *testing.T) {
	t.Parallel()
	m := newSEOMarket(t)
	hostile := `</script><script>alert(1)</script><!-- "x" & y`
	id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": hostile, "sellPrice": 45000,
		"description": "</SCRIPT >16 GB <!--RAM-->"})
	page := m.get("/product/" + id).Body.String()
	if strings.Contains(page, "<!--") || strings.Contains(page, "alert(1)</script>") || strings.Contains(strings.ToLower(page), "</script >") {
		t.Fatalf("a hostile name reached the page raw:\n%s", page)
	}
	ld := productLD(t, m, id)
	url := "https://shop.example.com/product/" + id
	if ld.Context != "https://schema.org" || ld.Type != "Product" || ld.Name != hostile || ld.Description != "</SCRIPT >16 GB <!--RAM-->" ||
		ld.SKU != id || ld.ProductID != id || ld.URL != url || ld.Brand.Type != "Brand" || ld.Brand.Name != "HP" ||
		len(ld.Image) != 1 || ld.Image[0] != "https://shop.example.com"+m.photo {
		t.Errorf("product = %+v", ld)
	}
	o := ld.Offers
	if o.Type != "Offer" || o.URL != url || o.Price != 45000 || o.PriceCurrency != "BDT" || o.Availability != "https://schema.org/InStock" ||
		o.ItemCondition != "https://schema.org/UsedCondition" || o.Seller.Type != "Person" || o.Seller.Name != "Sam Seller" ||
		o.Seller.URL != "https://shop.example.com/seller/"+m.seller.User.ID {
		t.Errorf("offer = %+v", o)
	}

	// gone from the shop, the page stays and says how
	sold := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1::text::bigint", sold)
	expired := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET expired_at = now() WHERE id = $1::text::bigint", expired)
	for id, want := range map[string]string{sold: "SoldOut", expired: "Discontinued"} {
		ld := productLD(t, m, id)
		if ld.Offers.Availability != "https://schema.org/"+want || ld.Name != "HP EliteBook 840 G5" || ld.Offers.Price != 38000 ||
			ld.Description != "8 GB RAM, 256 GB SSD" {
			t.Errorf("%s: %+v", want, ld)
		}
	}
}

func TestSimilarProducts(t *testing.T) {
	t.Parallel()
	m := newSEOMarket(t)
	add := func(token string, price int, edit map[string]any) string {
		b := map[string]any{"sellPrice": price, "productName": "P " + itoa(int64(price))}
		for k, v := range edit {
			b[k] = v
		}
		return m.addProduct(token, b)
	}
	self := add(m.seller.AccessToken, 40000, nil)
	low := add(m.seller.AccessToken, 30000, nil)                          // a quarter below: in
	add(m.seller.AccessToken, 29999, nil)                                 // out of the band
	high := add(m.otherSeller.AccessToken, 50000, nil)                    // a quarter above: in
	add(m.otherSeller.AccessToken, 50001, nil)                            // out
	near := add(m.otherSeller.AccessToken, 40500, nil)                    // nearest
	same := add(m.seller.AccessToken, 40000, nil)                         // the same price
	add(m.seller.AccessToken, 40000, map[string]any{"category": "APPLE"}) // another brand
	sold := add(m.seller.AccessToken, 40100, nil)
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1::text::bigint", sold)
	expired := add(m.seller.AccessToken, 40100, nil)
	m.exec("UPDATE products SET expired_at = now() WHERE id = $1::text::bigint", expired)
	deleted := add(m.seller.AccessToken, 40100, nil)
	if rec := m.do(http.MethodDelete, "/api/products/"+deleted, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d", rec.Code)
	}

	ids := func(path string) []string {
		var out []string
		for _, p := range m.products(path, "") {
			out = append(out, p.ID)
		}
		return out
	}
	if got, want := ids("/api/products/"+self+"/similar"), []string{same, near, high, low}; !slices.Equal(got, want) {
		t.Errorf("similar = %v, want %v (nearest price first; of two as near, the newer)", got, want)
	}
	// a sold laptop's page offers the others
	if got := ids("/api/products/" + sold + "/similar"); len(got) == 0 || slices.Contains(got, sold) || !slices.Contains(got, self) {
		t.Errorf("similar to a sold one = %v", got)
	}
	// at most eight
	for range 9 {
		add(m.otherSeller.AccessToken, 41000, nil)
	}
	if got := ids("/api/products/" + self + "/similar"); len(got) != 8 || got[0] != same || got[1] != near {
		t.Errorf("similar = %v, want eight, nearest first", got)
	}
	for _, path := range []string{"/api/products/" + deleted + "/similar", "/api/products/999999999/similar", "/api/products/abc/similar"} {
		wantError(t, m.get(path), http.StatusNotFound, "not_found")
	}
	wantError(t, m.get("/api/products/"+self+"/similar?limit=50"), http.StatusBadRequest, "unknown_parameter")
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
