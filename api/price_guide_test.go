package api_test

import (
	"net/http"
	"net/url"
	"testing"
)

// priceGuideWire is the answer of GET /api/price-guide as the browser reads it.
type priceGuideWire struct {
	NewPrice *int `json:"newPrice"`
	Low      *int `json:"low"`
	Typical  *int `json:"typical"`
	High     *int `json:"high"`
	Basis    struct {
		Comparables int    `json:"comparables"`
		Sold        int    `json:"sold"`
		Sellers     int    `json:"sellers"`
		Outliers    int    `json:"outliers"`
		From        string `json:"from"`
		References  int    `json:"references"`
		Curve       string `json:"curve"`
	} `json:"basis"`
}

// guideTitle is the laptop the guide is asked about in these tests.
const guideTitle = "HP ProBook 450 G9 Core i5 12th Gen 8GB RAM 512GB SSD 15.6 inch FHD"

// priceGuide asks the guide about guideTitle in good condition, a year used.
func (m *market) priceGuide(extra string) priceGuideWire {
	m.t.Helper()
	rec := m.get("/api/price-guide?title=" + url.QueryEscape(guideTitle) + "&condition=good&used=1" + extra)
	var g priceGuideWire
	decode(m.t, rec, &g)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("price guide: %d %s", rec.Code, rec.Body.String())
	}
	return g
}

// listAs copies the listing pid as seller's at a price, condition and years of use.
func (m *market) listAs(pid string, seller int64, price int, condition, used string) string {
	m.t.Helper()
	var id string
	m.scalar(&id, `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price,
	                   condition, location, used, phone, description, spec_words, spec_words_version)
	               SELECT $2, category_id, product_name, picture, photos, $3, original_price, $4, location, $5, phone,
	                   description, spec_words, spec_words_version
	               FROM products WHERE id = $1 RETURNING id::text`, pid, seller, price, condition, used)
	return id
}

// sellers makes n more sellers and answers their ids.
func (m *market) sellers(n int) []int64 {
	m.t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		m.scalar(&ids[i], `INSERT INTO users (user_name, email, role) VALUES ('Guide seller', 'guide' || $1::int || '@example.com', 'Seller')
		                   RETURNING id`, i)
	}
	return ids
}

// #39 the used range from the shop's own listings and sales, on a real
// database, against gaming: outliers out, one seller one voice, only paid
// or handed-over bookings counted as sales.
func TestPriceGuideUsedRange(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	g := m.priceGuide("")
	if g.NewPrice == nil || *g.NewPrice < 50000 || *g.NewPrice > 150000 || g.Basis.References == 0 {
		t.Fatalf("new price: %+v", g)
	}
	if g.Basis.From != "depreciation" || g.Basis.Comparables != 0 || *g.Low >= *g.Typical || *g.Typical >= *g.High ||
		*g.Typical >= *g.NewPrice || g.Basis.Curve != "default" {
		t.Fatalf("no comparables: want the curve, got %+v", g)
	}
	base := m.addProduct(m.seller.AccessToken, map[string]any{"productName": guideTitle, "sellPrice": 60000, "used": "1"})
	ids := m.sellers(8)
	m.listAs(base, ids[0], 62000, "good", "1")
	m.listAs(base, ids[1], 64000, "good", "1 year")
	g = m.priceGuide("")
	if g.Basis.From != "comparables" || *g.Typical != 62000 || g.Basis.Sellers != 3 || g.Basis.Comparables != 3 {
		t.Fatalf("three sellers: %+v (typical %d)", g, *g.Typical)
	}
	// one seller's twenty listings at 95,000 are one voice
	for range 20 {
		m.listAs(base, ids[2], 95000, "good", "1")
	}
	g = m.priceGuide("")
	if *g.Typical > 64000 || g.Basis.Sellers != 4 || g.Basis.Comparables != 23 {
		t.Errorf("a flood moved the range: %+v (typical %d)", g, *g.Typical)
	}
	// 1 Tk and ten times the price are left out
	m.listAs(base, ids[3], 1, "good", "1")
	m.listAs(base, ids[4], 620000, "good", "1")
	g = m.priceGuide("")
	if g.Basis.Outliers != 2 || *g.Typical > 64000 || *g.Low < 55000 || *g.High > 100000 {
		t.Errorf("outliers: %+v (%d, %d, %d)", g, *g.Low, *g.Typical, *g.High)
	}
	m.exec("DELETE FROM products WHERE seller_id = ANY($1)", []int64{ids[2], ids[3], ids[4]})
	m.guideSales(base, ids)
}

// guideSales: an unsold listing (even one booked, not paid) is an ask; a
// handed-over booking is a sale and weighs more; removed and expired
// listings are not counted.
func (m *market) guideSales(base string, ids []int64) {
	m.t.Helper()
	t := m.t
	booked := m.listAs(base, ids[5], 70000, "good", "1")
	m.exec(`INSERT INTO bookings (product_id, buyer_id, seller_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
	        VALUES ($1, $2, $3, 'Bea', 'bea@example.com', 'x', 70000, '01711000000', 'Mirpur')`, booked, m.buyer.User.ID, ids[5])
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", m.listAs(base, ids[6], 70000, "good", "1"))
	g := m.priceGuide("")
	if g.Basis.Sold != 0 || g.Basis.Sellers != 5 || *g.Typical != 64000 {
		t.Errorf("asks only: %+v (typical %d)", g, *g.Typical)
	}
	m.exec("UPDATE bookings SET status = 'completed', completed_at = now() WHERE product_id = $1", booked)
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", booked)
	g = m.priceGuide("")
	if g.Basis.Sold != 1 || g.Basis.Comparables != 5 || *g.Typical <= 64000 {
		t.Errorf("a hand-over: %+v (typical %d)", g, *g.Typical)
	}
	m.exec("UPDATE products SET deleted_at = now() WHERE id = $1", booked)
	m.exec("UPDATE products SET expires_at = now() - interval '1 day', expired_at = now() WHERE seller_id = $1", ids[0])
	if g = m.priceGuide(""); g.Basis.Comparables != 3 || g.Basis.Sold != 0 {
		t.Errorf("removed and expired counted: %+v", g)
	}
}

// #39 a title that names only RAM has no new price and, with nothing
// comparable, no range: nulls, and basis says so; a maker the catalogue
// does not know is priced by its specs.
func TestPriceGuideSaysWhatItKnows(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	var g priceGuideWire
	rec := s.get("/api/price-guide?title=8GB+RAM")
	decode(t, rec, &g)
	if rec.Code != http.StatusOK || g.NewPrice != nil || g.Low != nil || g.Typical != nil || g.High != nil ||
		g.Basis.From != "nothing" || g.Basis.References != 0 {
		t.Errorf("only RAM: %d %s", rec.Code, rec.Body.String())
	}
	g = priceGuideWire{}
	rec = s.get("/api/price-guide?title=" + url.QueryEscape("Zorvex Aero 14 Core i5 12th Gen 8GB RAM 512GB SSD") + "&condition=fair&used=2.5")
	decode(t, rec, &g)
	if rec.Code != http.StatusOK || g.NewPrice == nil || g.Typical == nil || g.Basis.From != "depreciation" ||
		*g.Typical >= *g.NewPrice || *g.Low >= *g.High {
		t.Errorf("an unknown maker: %d %s", rec.Code, rec.Body.String())
	}
}
