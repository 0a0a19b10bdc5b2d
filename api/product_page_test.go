package api_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"resale/api"
)

// builtIndex is shaped like Vite's index.html: a description, a title,
// then the hashed scripts.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Buy &amp; sell used laptops." />
    <title>Resale – used laptops</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

var headTag = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)" />|<title>([^<]*)</title>`)

// headTags reads a page's title and meta tags, unescaped, failing on a
// tag given twice (a preview could pick either).
func headTags(t *testing.T, page string) map[string]string {
	t.Helper()
	tags := map[string]string{}
	for _, m := range headTag.FindAllStringSubmatch(page, -1) {
		name, value := m[1], m[2]
		if m[3] != "" {
			name, value = "title", m[3]
		}
		if _, dup := tags[name]; dup {
			t.Errorf("%s is in the page twice", name)
		}
		tags[name] = html.UnescapeString(value)
	}
	return tags
}

func newPageMarket(t *testing.T) *market {
	t.Helper()
	web := fstest.MapFS{"index.html": {Data: []byte(builtIndex)}}
	for k, v := range testWeb {
		if k != "index.html" {
			web[k] = v
		}
	}
	return newMarketWith(t, func(o *api.Options) {
		o.Web = web
		o.PublicURL = &url.URL{Scheme: "https", Host: "shop.example.com"}
	})
}

func TestProductPageLinkPreview(t *testing.T) {
	t.Parallel()
	m := newPageMarket(t)
	hostile := `<script>alert(1)</script>"`
	id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": hostile, "sellPrice": 45000, "condition": "excellent", "location": "Mirpur, Dhaka"})

	rec := m.get("/product/" + id)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status %d, Content-Type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	page := rec.Body.String()
	if strings.Contains(page, "<script>alert(1)") || strings.Contains(page, `alert(1)</script>"`) {
		t.Fatalf("the product name reached the page unescaped:\n%s", page)
	}
	if !strings.Contains(page, `<div id="root">`) || !strings.Contains(page, `src="/assets/index-abc123.js"`) {
		t.Fatalf("not the app shell:\n%s", page)
	}
	photo := "https://shop.example.com" + m.photo
	want := map[string]string{
		"title":                  hostile + " – 45,000 Tk | Resale",
		"description":            "45,000 Tk · Excellent condition · Mirpur, Dhaka",
		"og:type":                "product",
		"og:site_name":           "Resale",
		"og:title":               hostile,
		"og:description":         "45,000 Tk · Excellent condition · Mirpur, Dhaka",
		"og:url":                 "https://shop.example.com/product/" + id,
		"og:image":               photo,
		"og:image:alt":           hostile,
		"twitter:card":           "summary_large_image",
		"twitter:title":          hostile,
		"twitter:description":    "45,000 Tk · Excellent condition · Mirpur, Dhaka",
		"twitter:image":          photo,
		"product:price:amount":   "45000",
		"product:price:currency": "BDT",
	}
	got := headTags(t, page)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("tags %v, want exactly %v", got, want)
	}

	// the ETag is the page's own, and a reload revalidates
	etag := rec.Header().Get("ETag")
	if etag == "" || etag == m.get("/").Header().Get("ETag") {
		t.Fatalf("ETag %q is missing or the shell's", etag)
	}
	if rec := m.do(http.MethodGet, "/product/"+id, nil, http.Header{"If-None-Match": {etag}}); rec.Code != http.StatusNotModified {
		t.Errorf("reload with ETag: %d, want 304", rec.Code)
	}
	if rec := m.do(http.MethodHead, "/product/"+id, nil, nil); rec.Code != http.StatusOK || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag {
		t.Errorf("HEAD: %d, %d bytes, ETag %q", rec.Code, rec.Body.Len(), rec.Header().Get("ETag"))
	}
	// another product is another page
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "MacBook Air M1", "sellPrice": 1500})
	if tags := headTags(t, m.get("/product/"+other).Body.String()); tags["og:title"] != "MacBook Air M1" || tags["description"] != "1,500 Tk · Good condition · Mirpur, Dhaka" {
		t.Errorf("second product: %v", tags)
	}
	if m.get("/product/"+other).Header().Get("ETag") == etag {
		t.Error("two products share an ETag")
	}
}

func TestProductPageOfNoProduct(t *testing.T) {
	t.Parallel()
	m := newPageMarket(t)
	deleted := m.addProduct(m.seller.AccessToken, nil)
	if rec := m.do(http.MethodDelete, "/api/products/"+deleted, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d", rec.Code)
	}
	generic := map[string]string{
		"title":          "Resale – used laptops",
		"description":    "Buy & sell used laptops.",
		"og:description": "Buy & sell used laptops.",
		"og:type":        "website",
		"og:site_name":   "Resale",
		"og:title":       "Resale – used laptops",
		"og:url":         "https://shop.example.com/",
		"twitter:card":   "summary",
	}
	var etag string
	// a sold one keeps its page, saying so (TestProductPageStructuredData)
	for _, path := range []string{"/product/" + deleted, "/product/999999999"} {
		rec := m.get(path)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<div id="root">`) {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body.String())
		}
		got := headTags(t, rec.Body.String())
		if len(got) != len(generic) {
			t.Errorf("%s: tags %v, want %v", path, got, generic)
		}
		for k, v := range generic {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", path, k, got[k], v)
			}
		}
		if etag != "" && rec.Header().Get("ETag") != etag {
			t.Errorf("%s: the generic page's ETag changed", path)
		}
		etag = rec.Header().Get("ETag")
	}
	// not an id: whatever any other path gets
	if rec := m.get("/product/abc"); rec.Code != http.StatusOK || rec.Header().Get("ETag") != m.get("/").Header().Get("ETag") {
		t.Errorf("/product/abc: %d", rec.Code)
	}
	if rec := m.get("/product/1.js"); rec.Code != http.StatusNotFound {
		t.Errorf("/product/1.js: %d, want 404 like any missing file", rec.Code)
	}
	// other pages keep the app's own head, untouched
	if page := m.get("/home").Body.String(); page != builtIndex {
		t.Errorf("/home changed:\n%s", page)
	}
}

func TestGetProduct(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	sold := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1::text::bigint", sold)

	var p productWire
	rec := m.get("/api/products/" + id)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET: %d %s", rec.Code, rec.Body.String())
	}
	decode(t, rec, &p)
	if p.ID != id || p.ProductName != "HP EliteBook 840 G5" || p.SellPrice != 38000 || p.Available != "available" || p.Seller != "Sam Seller" {
		t.Errorf("product = %+v", p)
	}
	// a sold one is not found as a listing, but said to be sold (#32)
	wantError(t, m.get("/api/products/"+sold), http.StatusNotFound, "sold")
	for _, path := range []string{"/api/products/999999999", "/api/products/abc", "/api/products/-1"} {
		wantError(t, m.get(path), http.StatusNotFound, "not_found")
	}
}
