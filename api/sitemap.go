package api

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// sitemapSize is how many URLs one sitemap file may hold: the protocol's
// own limit (sitemaps.org).
const sitemapSize = 50_000

// sitemapCache lets crawlers and proxies keep a sitemap for an hour: a
// crawler reads it far less often, and a listing an hour late in it is
// found by the next read.
const sitemapCache = "public, max-age=3600"

// /sitemap.xml is always a sitemap index, whatever the shop's size: a
// crawler sees the same shape at 10 products and at a million, the
// product files' addresses never change when the shop crosses 50,000
// URLs, and one path through the code is the one the tests run. It names
// /sitemaps/pages.xml (the home page and the categories) and one
// /sitemaps/products-N.xml for each range of ids holding any available
// product (store.ListSitemapRanges): range N is the ids in
// ((N-1)*size, N*size], so no file is over the limit, and a product stays
// in the same file as long as it is listed.

// sitemapIndex serves GET /sitemap.xml.
func (s *Server) sitemapIndex(c echo.Context) error {
	ranges, err := s.store.ListSitemapRanges(c.Request().Context(), s.sitemapSize)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(xml.Header + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	entry := func(file string) {
		b.WriteString("<sitemap><loc>")
		writeXMLText(&b, s.publicURL.JoinPath("sitemaps", file).String())
		b.WriteString("</loc></sitemap>\n")
	}
	entry("pages.xml")
	for _, n := range ranges {
		entry("products-" + strconv.FormatInt(n+1, 10) + ".xml")
	}
	b.WriteString("</sitemapindex>\n")
	return sendFile(c, newStaticFile("sitemap.xml", b.Bytes()), sitemapCache)
}

// sitemapFile serves GET /sitemaps/:file: pages.xml, or products-N.xml
// (N from 1). A file with no products, or any other name, is not found.
func (s *Server) sitemapFile(c echo.Context) error {
	ctx := c.Request().Context()
	file := c.Param("file")
	var b bytes.Buffer
	b.WriteString(xml.Header + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	url := func(loc string, modified time.Time) {
		b.WriteString("<url><loc>")
		writeXMLText(&b, loc)
		b.WriteString("</loc>")
		if !modified.IsZero() {
			b.WriteString("<lastmod>" + modified.UTC().Format(time.RFC3339) + "</lastmod>")
		}
		b.WriteString("</url>\n")
	}
	if file == "pages.xml" {
		categories, err := s.store.ListCategories(ctx)
		if err != nil {
			return err
		}
		url(s.publicURL.JoinPath("/").String(), time.Time{})
		for _, cat := range categories {
			url(s.publicURL.JoinPath("categorys", formatID(cat.ID)).String(), time.Time{})
		}
	} else {
		raw, ok := strings.CutPrefix(file, "products-")
		raw, ok2 := strings.CutSuffix(raw, ".xml")
		n, err := parseID(raw)
		if !ok || !ok2 || err != nil || n > math.MaxInt64/s.sitemapSize {
			return echo.ErrNotFound
		}
		products, err := s.store.ListSitemapProducts(ctx, n-1, s.sitemapSize)
		if err != nil {
			return err
		}
		if len(products) == 0 {
			return echo.ErrNotFound // every one of them sold: the index no longer names it
		}
		for _, p := range products {
			url(s.publicURL.JoinPath("product", formatID(p.ID)).String(), p.Modified)
		}
	}
	b.WriteString("</urlset>\n")
	return sendFile(c, newStaticFile(file, b.Bytes()), sitemapCache)
}

func writeXMLText(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s)) // a bytes.Buffer does not fail
}

// robotsFile is robots.txt: shoppers' pages are open to search engines;
// the API, sign-in hand-offs and everyone's dashboard are not, except the
// public catalogue reads the product and category pages are drawn from
// (a crawler that renders the app fetches them, and without them it would
// index empty pages). It names the sitemap at the shop's public address,
// which only the server knows, so it is made here rather than kept in the
// app's static files.
func robotsFile(sitemap string) *staticFile {
	return newStaticFile("robots.txt", []byte(`User-agent: *
Allow: /
Disallow: /api/
Allow: /api/config
Allow: /api/categorys
Allow: /api/products
Allow: /api/advertised
Disallow: /dashboard
Disallow: /auth/

Sitemap: `+sitemap+"\n"))
}

// robots serves GET /robots.txt.
func (s *Server) robots(c echo.Context) error {
	return sendFile(c, s.robotsTxt, "public, max-age=3600")
}
