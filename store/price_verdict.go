package store

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"resale/priceguide"
	"resale/store/internal/dbsqlc"
)

// PriceGuideQuery is a laptop the price guide is asked about (#39).
type PriceGuideQuery struct {
	Title     string
	Condition string  // excellent, good or fair
	Years     float64 // years of use
	// ExceptSeller's listings and sales are left out of the comparables
	// (0: none is): a listing is never judged against its own price, nor
	// against its seller's other listings of the same laptop.
	ExceptSeller int64
}

// PriceGuide is the guide's answer: the new price (0 when the title says
// too little; References the reference laptops it was taken from), the
// used range and the depreciation curve it was drawn with.
type PriceGuide struct {
	NewPrice   int
	References int
	Range      priceguide.Range
	Curve      priceguide.Curve
}

// GuideYears is the years of use the guide assumes when none are given,
// or when a listing's text for them holds no number: what a typical
// listing here says.
const GuideYears = 1.0

// PriceGuide answers the price guide for q: what GET /api/price-guide
// shows and what a listing's price verdict is judged from.
func (s *Store) PriceGuide(ctx context.Context, q PriceGuideQuery) (PriceGuide, error) {
	comps, err := s.PriceComparables(ctx, PriceGuideKey(q.Title))
	if err != nil {
		return PriceGuide{}, err
	}
	return s.priceGuideAmong(ctx, q, comps)
}

// priceGuideAmong is PriceGuide over comparables already read (a batch of
// the periodic pass reads each key's once).
func (s *Store) priceGuideAmong(ctx context.Context, q PriceGuideQuery, comps []priceguide.Comparable) (PriceGuide, error) {
	var out PriceGuide
	est, err := s.priceGuideInUse().Estimate(q.Title)
	switch {
	case err == nil:
		out.NewPrice, out.References = est.Price, est.Comparables
	case !errors.Is(err, priceguide.ErrTooLittle):
		return PriceGuide{}, err
	}
	if q.ExceptSeller != 0 {
		comps = slices.DeleteFunc(slices.Clone(comps), func(c priceguide.Comparable) bool { return c.Seller == q.ExceptSeller })
	}
	if out.Curve, err = s.curve.get(ctx, s); err != nil {
		return PriceGuide{}, err
	}
	out.Range = priceguide.UsedRange(priceguide.UsedQuery{NewPrice: out.NewPrice, Condition: q.Condition, Years: q.Years}, comps, out.Curve)
	return out, nil
}

// listingGuideQuery is the guide's question about a listing: its title,
// condition and years of use, its seller's listings left out.
func listingGuideQuery(sellerID int64, title, condition, used string) PriceGuideQuery {
	years := yearsOfUse(used)
	if years < 0 {
		years = GuideYears
	}
	return PriceGuideQuery{Title: title, Condition: condition, Years: years, ExceptSeller: sellerID}
}

// judgePrice is a listing's price verdict (priceguide.Verdict), nil when
// the guide knows too little or fails: a verdict never fails a listing's
// write, so a failure is logged and judged again by the periodic pass.
func (s *Store) judgePrice(ctx context.Context, q PriceGuideQuery, price int64) *string {
	g, err := s.PriceGuide(ctx, q)
	if err != nil {
		slog.WarnContext(ctx, "price verdict not judged", "err", err)
		return nil
	}
	return optionalText(priceguide.Verdict(int(price), g.Range))
}

// rejudgePrice judges a listing's price again after its seller's edit and
// stores the verdict; a failure is logged, never returned.
func (s *Store) rejudgePrice(ctx context.Context, id int64) {
	p, err := s.q.GetProduct(ctx, id)
	if err != nil {
		slog.WarnContext(ctx, "price verdict not judged", "product", id, "err", translate(err))
		return
	}
	v := s.judgePrice(ctx, listingGuideQuery(p.SellerID, p.ProductName, p.Condition, p.Used), p.SellPrice)
	if _, err := s.q.SetPriceVerdicts(ctx, dbsqlc.SetPriceVerdictsParams{Ids: []int64{id}, Verdicts: []string{textOf(v)}}); err != nil {
		slog.WarnContext(ctx, "price verdict not stored", "product", id, "err", err)
	}
}

// JudgePrices judges the prices of the live listings after afterID again,
// batch of them in id order, and stores the verdicts that changed: the
// comparables change as listings come and go, so the periodic pass
// (jobs.JudgePricesArgs) walks the catalogue a batch at a time, each batch
// a read and one short write, never one long transaction. It answers the
// last id judged (0 when the walk reached the end) and how many verdicts
// changed.
func (s *Store) JudgePrices(ctx context.Context, afterID int64, batch int) (next int64, changed int64, err error) {
	rows, err := s.q.ListListingsToJudge(ctx, dbsqlc.ListListingsToJudgeParams{AfterID: afterID, MaxRows: int32(batch)})
	if err != nil {
		return 0, 0, translate(err)
	}
	comps := map[string][]priceguide.Comparable{}
	ids, verdicts := make([]int64, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		key := PriceGuideKey(r.ProductName)
		c, ok := comps[key]
		if !ok {
			if c, err = s.PriceComparables(ctx, key); err != nil {
				return 0, 0, err
			}
			comps[key] = c
		}
		g, err := s.priceGuideAmong(ctx, listingGuideQuery(r.SellerID, r.ProductName, r.Condition, r.Used), c)
		if err != nil {
			return 0, 0, err
		}
		ids[i], verdicts[i] = r.ID, priceguide.Verdict(int(r.SellPrice), g.Range)
	}
	if len(rows) > 0 {
		if changed, err = s.q.SetPriceVerdicts(ctx, dbsqlc.SetPriceVerdictsParams{Ids: ids, Verdicts: verdicts}); err != nil {
			return 0, 0, translate(err)
		}
	}
	if len(rows) < batch {
		return 0, changed, nil
	}
	return ids[len(ids)-1], changed, nil
}

// curveCache keeps the depreciation curve learned from the shop's sales
// for an hour: sales come slowly, and the guide is read often.
type curveCache struct {
	mu    sync.Mutex
	curve priceguide.Curve
	at    time.Time
}

// curveAge is how long a learned curve is kept.
const curveAge = time.Hour

// get answers the kept curve, learning it again when it is older than curveAge.
func (k *curveCache) get(ctx context.Context, st *Store) (priceguide.Curve, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := time.Now()
	if !k.at.IsZero() && now.Sub(k.at) < curveAge {
		return k.curve, nil
	}
	sales, err := st.RecentSales(ctx)
	if err != nil {
		return priceguide.Curve{}, err
	}
	k.curve, k.at = priceguide.LearnCurve(sales), now
	return k.curve, nil
}

// SetPriceGuide puts g in use for the new prices the price guide and the
// verdicts are judged from: the reference catalogue an admin uploaded
// (api/price_reference.go). Until it is called, the shipped catalogue's.
func (s *Store) SetPriceGuide(g *priceguide.Guide) { s.guide.Store(g) }

// priceGuideInUse is the guide SetPriceGuide put in use, or the shipped
// catalogue's.
func (s *Store) priceGuideInUse() *priceguide.Guide {
	if g := s.guide.Load(); g != nil {
		return g
	}
	return priceguide.Default()
}
