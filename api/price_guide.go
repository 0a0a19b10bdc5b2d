package api

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// priceGuideQuery is a price guide request, checked.
type priceGuideQuery struct {
	title, condition string
	used             float64
}

// The defaults of a price guide request without a condition or years of
// use: what a typical listing here says.
const (
	defaultGuideCondition = "good"
	defaultGuideUsed      = store.GuideYears
	maxGuideUsed          = 30.0
)

// parsePriceGuide checks a price guide request's parameters, naming each
// bad one.
func parsePriceGuide(q url.Values) (priceGuideQuery, error) {
	fields := map[string]string{}
	for _, name := range []string{"title", "condition", "used"} {
		if len(q[name]) > 1 {
			fields[name] = "must be given once"
		}
	}
	p := priceGuideQuery{title: strings.TrimSpace(q.Get("title")), condition: q.Get("condition"), used: defaultGuideUsed}
	switch {
	case !utf8.ValidString(p.title):
		fields["title"] = "must be text"
	case p.title == "":
		fields["title"] = "is required"
	case utf8.RuneCountInString(p.title) > maxSpecsTitle:
		fields["title"] = "must be at most 200 characters"
	}
	switch p.condition {
	case "":
		p.condition = defaultGuideCondition
	case "excellent", "good", "fair":
	default:
		fields["condition"] = "must be excellent, good or fair"
	}
	if u := q.Get("used"); u != "" {
		v, err := strconv.ParseFloat(u, 64)
		if err != nil || v < 0 || v > maxGuideUsed || v != v {
			fields["used"] = "must be years of use, a number from 0 to 30"
		}
		p.used = v
	}
	if len(fields) > 0 {
		return p, invalidFields(fields, "title", "condition", "used")
	}
	return p, nil
}

// priceGuideJSON is the answer of GET /api/price-guide; a price the guide
// cannot tell is null.
type priceGuideJSON struct {
	NewPrice *int           `json:"newPrice"`
	Low      *int           `json:"low"`
	Typical  *int           `json:"typical"`
	High     *int           `json:"high"`
	Basis    priceBasisJSON `json:"basis"`
}

// priceBasisJSON says what the guide's answer rests on.
type priceBasisJSON struct {
	Comparables int     `json:"comparables"` // listings and sales of comparable laptops counted
	Sold        int     `json:"sold"`        // of them, sales (paid or handed-over bookings)
	Sellers     int     `json:"sellers"`     // the sellers behind them, each one voice
	Outliers    int     `json:"outliers"`    // listings and sales left out as outliers
	From        string  `json:"from"`        // comparables, depreciation or nothing
	References  int     `json:"references"`  // reference laptops the new price was taken from
	Curve       string  `json:"curve"`       // default, or learned (from the shop's sales)
	CurveSales  int     `json:"curveSales"`
	Condition   string  `json:"condition"` // as asked, or the default
	Used        float64 `json:"used"`
}

// priceGuide serves GET /api/price-guide: store.PriceGuide, the one
// computation a listing's price verdict is also judged from.
func (s *Server) priceGuide(c echo.Context) error {
	q, err := parsePriceGuide(c.QueryParams())
	if err != nil {
		return err
	}
	g, err := s.store.PriceGuide(c.Request().Context(), store.PriceGuideQuery{Title: q.title, Condition: q.condition, Years: q.used})
	if err != nil {
		return err
	}
	out := priceGuideJSON{Basis: priceBasisJSON{Condition: q.condition, Used: q.used, From: "nothing"}}
	if g.NewPrice > 0 {
		out.NewPrice, out.Basis.References = &g.NewPrice, g.References
	}
	r := g.Range
	if r.From != "" {
		out.Low, out.Typical, out.High, out.Basis.From = &r.Low, &r.Typical, &r.High, r.From
	}
	out.Basis.Comparables, out.Basis.Sold, out.Basis.Sellers, out.Basis.Outliers = r.Comparables, r.Sold, r.Sellers, r.Outliers
	out.Basis.Curve, out.Basis.CurveSales = "default", g.Curve.Sales
	if g.Curve.Sales > 0 {
		out.Basis.Curve = "learned"
	}
	return c.JSON(http.StatusOK, out)
}
