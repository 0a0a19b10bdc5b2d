package api

import (
	"encoding/json"
	"errors"
	"html"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// productPage serves GET and HEAD /product/:id: the app, as for any other
// page, but with the product's title and Open Graph and Twitter tags
// filled in from the database, so a link shared in a chat shows the
// laptop, its price and its photo, and with its schema.org Product and
// Offer for search engines. A sold or expired product keeps its page, its
// offer saying it is gone (SoldOut, Discontinued), so a search engine
// drops it rather than guessing; an unknown or deleted product gets the
// app's own tags (the app itself then says it was not found).
func (s *Server) productPage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return s.spa.serve(c) // not a product id: whatever any other path gets
	}
	p, err := s.store.GetProduct(c.Request().Context(), id)
	switch {
	case err == nil:
		return sendFile(c, newStaticFile("index.html", s.spa.shell.page(s.productHead(p))), "no-cache")
	case errors.Is(err, store.ErrNotFound):
		return sendFile(c, s.spa.generic, "no-cache")
	default:
		return err
	}
}

// productHead is the head tags of a product's page, every value escaped.
func (s *Server) productHead(p store.Product) string {
	pageURL := s.publicURL.JoinPath("product", formatID(p.ID)).String()
	price := groupThousands(p.SellPrice) + " Tk" // as the interface writes it (#32)
	desc := price
	if p.Condition != "" {
		desc += " · " + strings.ToUpper(p.Condition[:1]) + p.Condition[1:] + " condition"
	}
	if p.Location != "" {
		desc += " · " + p.Location
	}
	var b strings.Builder
	tag := func(attr, name, content string) {
		b.WriteString(`<meta ` + attr + `="` + name + `" content="` + html.EscapeString(content) + "\" />\n    ")
	}
	b.WriteString("<title>" + html.EscapeString(p.Name+" – "+price+" | Resale") + "</title>\n    ")
	tag("name", "description", desc)
	tag("property", "og:type", "product")
	tag("property", "og:site_name", "Resale")
	tag("property", "og:title", p.Name)
	tag("property", "og:description", desc)
	tag("property", "og:url", pageURL)
	if p.Picture != "" {
		img := absoluteURL(s.publicURL, p.Picture)
		tag("property", "og:image", img)
		tag("property", "og:image:alt", p.Name)
		tag("name", "twitter:card", "summary_large_image")
		tag("name", "twitter:image", img)
	} else {
		tag("name", "twitter:card", "summary")
	}
	tag("name", "twitter:title", p.Name)
	tag("name", "twitter:description", desc)
	tag("property", "product:price:amount", strconv.FormatInt(p.SellPrice, 10))
	tag("property", "product:price:currency", strings.ToUpper(s.currency))
	b.WriteString(`<link rel="canonical" href="` + html.EscapeString(pageURL) + "\" />\n    ")
	b.WriteString(`<script type="application/ld+json">` + s.productLD(p, pageURL, desc) + `</script>`)
	return b.String()
}

// The schema.org vocabulary of a product's page
// (https://schema.org/Product, https://schema.org/Offer), as search
// engines read it for a listing's price and availability.
type (
	ldProduct struct {
		Context     string   `json:"@context"`
		Type        string   `json:"@type"`
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Image       []string `json:"image,omitempty"`
		SKU         string   `json:"sku"`
		ProductID   string   `json:"productID"`
		Brand       ldThing  `json:"brand"`
		URL         string   `json:"url"`
		Offers      ldOffer  `json:"offers"`
	}
	ldOffer struct {
		Type          string  `json:"@type"`
		URL           string  `json:"url"`
		Price         int64   `json:"price"`
		PriceCurrency string  `json:"priceCurrency"`
		Availability  string  `json:"availability"`
		ItemCondition string  `json:"itemCondition"`
		Seller        ldThing `json:"seller"`
	}
	ldThing struct {
		Type string `json:"@type"`
		Name string `json:"name"`
		// URL is the seller's page (#20); brands have none.
		URL string `json:"url,omitempty"`
	}
)

// productLD is the product's JSON-LD, safe inside a <script> element:
// json.Marshal writes <, > and & as \u003c, \u003e and \u0026 (and the
// line separators U+2028 and U+2029 escaped), so no value can close the
// element ("</script>") or open a comment ("<!--") whatever a seller
// names a laptop. A browser does not run a JSON-LD block, so the Content
// Security Policy's script-src needs nothing for it.
func (s *Server) productLD(p store.Product, pageURL, summary string) string {
	var images []string
	for _, ph := range p.Photos {
		images = append(images, absoluteURL(s.publicURL, ph))
	}
	if len(images) == 0 && p.Picture != "" {
		images = []string{absoluteURL(s.publicURL, p.Picture)}
	}
	desc := p.Description
	if desc == "" {
		desc = summary
	}
	id := formatID(p.ID)
	out, err := json.Marshal(ldProduct{
		Context: "https://schema.org", Type: "Product",
		Name: p.Name, Description: desc, Image: images, SKU: id, ProductID: id,
		Brand: ldThing{Type: "Brand", Name: p.Category}, URL: pageURL,
		Offers: ldOffer{
			Type: "Offer", URL: pageURL, Price: p.SellPrice, PriceCurrency: strings.ToUpper(s.currency),
			Availability:  "https://schema.org/" + availability(p),
			ItemCondition: "https://schema.org/UsedCondition",
			// the seller's page (#20). Their rating stays off: schema.org's
			// aggregateRating belongs to the Product (this laptop, which
			// nobody rated) or an Organization, not to a Person, and search
			// engines treat a seller's rating on a product as misleading.
			Seller: ldThing{Type: "Person", Name: p.SellerName, URL: s.publicURL.JoinPath("seller", formatID(p.SellerID)).String()},
		},
	})
	if err != nil { // strings and numbers only: cannot fail
		return "{}"
	}
	return string(out)
}

// availability is the schema.org ItemAvailability of a listing: sold, out
// of the catalogue until its seller renews it, promised to a buyer whose
// booking the seller accepted, or for sale.
func availability(p store.Product) string {
	switch {
	case p.Sold:
		return "SoldOut"
	case p.Expired:
		return "Discontinued"
	case p.Reserved:
		return "Reserved"
	default:
		return "InStock"
	}
}

// genericHead is the app's own title and description repeated as
// link-preview tags, for a product page with no product to show.
func (sh shell) genericHead(public *url.URL) string {
	title, desc := sh.title, sh.description // as written in index.html: already escaped
	if title == "" {
		title = "Resale"
	}
	head := "<title>" + title + "</title>\n    "
	if desc != "" {
		head += `<meta name="description" content="` + desc + "\" />\n    " +
			`<meta property="og:description" content="` + desc + "\" />\n    "
	}
	return head + `<meta property="og:type" content="website" />` + "\n    " +
		`<meta property="og:site_name" content="Resale" />` + "\n    " +
		`<meta property="og:title" content="` + title + "\" />\n    " +
		`<meta property="og:url" content="` + html.EscapeString(public.String()+"/") + "\" />\n    " +
		`<meta name="twitter:card" content="summary" />`
}

// absoluteURL makes a photo's address absolute against the shop's public
// address; one that already is (object storage) is kept as it is.
func absoluteURL(base *url.URL, ref string) string {
	u, err := url.Parse(ref)
	if err != nil {
		return base.String()
	}
	return base.ResolveReference(u).String()
}

// groupThousands writes 45000 as 45,000.
func groupThousands(n int64) string {
	digits := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}
