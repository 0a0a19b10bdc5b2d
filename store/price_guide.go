package store

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"

	"resale/laptopwords"
	"resale/priceguide"
	"resale/store/internal/dbsqlc"
)

// The bounds of the price guide's reads: a key's newest listings of the
// last two years, and the newest sales for the curve.
const (
	priceComparablesMax = 300
	priceComparablesAge = 2 * 365 * 24 * time.Hour
	recentSalesMax      = 2000
)

// PriceGuideKey is the comparable key of a title (#39): its processor
// family, generation and RAM as spec words ("cpucorei5 gen12th ram8gb"),
// the same key as SQL's price_guide_key over a listing's spec words
// (migration 00049); "" when the title names no processor family.
func PriceGuideKey(title string) string {
	return priceGuideKey(laptopwords.SpecWords(laptopwords.Listing{Title: title}))
}

// priceGuideKey picks the key's words out of spec words.
func priceGuideKey(specWords string) string {
	var cpu, gen, ram string
	for _, w := range strings.Fields(specWords) {
		switch {
		case cpu == "" && strings.HasPrefix(w, "cpu"):
			cpu = w
		case gen == "" && strings.HasPrefix(w, "gen"):
			gen = w
		case ram == "" && strings.HasPrefix(w, "ram"):
			ram = w
		}
	}
	if cpu == "" {
		return ""
	}
	return cpu + " " + gen + " " + ram
}

// PriceComparables are the newest live or sold listings of a comparable
// key, each as an ask or, when a booking of it was paid or handed over,
// as a sale at the booking's price.
func (s *Store) PriceComparables(ctx context.Context, key string) ([]priceguide.Comparable, error) {
	if key == "" {
		return nil, nil
	}
	if kept, ok := s.comparables.get(key); ok && time.Since(kept.at) < comparablesKeptFor {
		return kept.comps, nil
	}
	gen := s.comparables.generation()
	comps, err := s.readPriceComparables(ctx, key)
	if err == nil {
		s.comparables.put(gen, key, keptComparables{comps: comps, at: time.Now()})
	}
	return comps, err
}

// keptComparables are a key's comparables as read at: kept until the
// catalogue changes (Store.comparables), for comparablesKeptFor at most,
// as the newest of them move out of priceComparablesAge. Shared by every
// caller: none may change them. GET /api/price-guide read them each time,
// 1.6 ms of 3 to 5 at a million listings (#39's budget: 20 ms p99).
type keptComparables struct {
	comps []priceguide.Comparable
	at    time.Time
}

const comparablesKeptFor = 10 * time.Minute

func (s *Store) readPriceComparables(ctx context.Context, key string) ([]priceguide.Comparable, error) {
	rows, err := s.q.ListPriceComparables(ctx, dbsqlc.ListPriceComparablesParams{
		Key: key, Since: time.Now().Add(-priceComparablesAge), MaxRows: priceComparablesMax})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]priceguide.Comparable, 0, len(rows))
	for _, r := range rows {
		c := priceguide.Comparable{Seller: r.SellerID, Price: int(r.SellPrice), Condition: r.Condition, Years: yearsOfUse(r.Used)}
		if r.SalePrice != nil {
			c.Price, c.Sold = int(*r.SalePrice), true
		}
		out = append(out, c)
	}
	return out, nil
}

// RecentSales are the shop's newest sales with what their listings said
// the laptops cost new: what the depreciation curve is learned from.
func (s *Store) RecentSales(ctx context.Context) ([]priceguide.Sale, error) {
	rows, err := s.q.ListRecentSales(ctx, recentSalesMax)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]priceguide.Sale, 0, len(rows))
	for _, r := range rows {
		out = append(out, priceguide.Sale{Price: int(r.Price), NewPrice: int(r.OriginalPrice),
			Condition: r.Condition, Years: yearsOfUse(r.Used)})
	}
	return out, nil
}

// yearsOfUse reads the number a seller wrote as years of use ("2", "1.5",
// "2 years", "২ বছর"), or as months ("6 months", "৬ মাস"); -1 when it
// starts with no number.
func yearsOfUse(used string) float64 {
	used = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r >= '০' && r <= '৯' { // Bangla digits
			return '0' + r - '০'
		}
		return r
	}, used))
	end := strings.IndexFunc(used, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' })
	if end < 0 {
		end = len(used)
	}
	v, err := strconv.ParseFloat(used[:end], 64)
	if err != nil || v < 0 || v > 50 {
		return -1
	}
	unit := strings.ToLower(strings.TrimSpace(used[end:]))
	if strings.HasPrefix(unit, "mo") || strings.HasPrefix(unit, "মাস") {
		return v / 12
	}
	return v
}
