package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// Nearest first (#36): a listing is as far as its area's point. The areas
// are few (546), so they are ordered by distance here, and the listings
// are read area by area, nearest first, each area's newest first along
// products_area_idx: a page costs a few index probes at any catalogue
// size. The areas are asked for a few at a time (nearAreasFirst, then
// four times as many each round) until the page is full; the listings
// without an area follow them all. The cursor holds the last row's area's
// place in that order (Cursor.Place), its time and id.

// nearAreasFirst is how many areas the first round of a page reads.
const nearAreasFirst = 8

// nearPlans keeps a round's areas each walked along products_area_idx,
// newest first, stopping at a page: an area of many listings was read
// whole and sorted (100,000 listings in 5 areas: p50 377 ms at 16
// connections on a loaded machine). The plan is the same whatever the
// filters (each area's walk is the only way in; the filters are checked
// on the rows it reads), so it is made once per connection and kept: made
// afresh for each request, planning the query cost five times running it
// (1.4 ms against 0.27 ms at 100,000 listings).
const nearPlans = "SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; " +
	"SET LOCAL plan_cache_mode = force_generic_plan"

// ErrNoNear is a list nearest first asked for without a point.
var ErrNoNear = errors.New("store: a list nearest first needs a point")

// withPlaces sets f's areas from its place filters, reading the places
// when f names any or asks for the nearest.
func (s *Store) withPlaces(ctx context.Context, f BrowseFilter) (BrowseFilter, *Places, error) {
	if f.Division == "" && f.District == "" && f.Area == "" && f.Sort != SortDistance {
		return f, nil, nil
	}
	places, err := s.Places(ctx)
	if err != nil {
		return f, nil, err
	}
	f.areaIDs = places.areasOf(f.Division, f.District, f.Area)
	return f, places, nil
}

// nearRun is a page nearest first being read.
type nearRun struct {
	f        BrowseFilter
	category *int64
	order    *areaOrder      // the areas, nearest first
	live     map[string]bool // the areas with listings (liveAreas)
	query    *string         // a broad search's words, checked on each listing
	ids      []int64         // a search's few matches (nil: no such list)
	rows     []dbsqlc.ProductListing
	places   []int // each row's area's place in order
}

// browseNearest serves f's page nearest first.
func (s *Store) browseNearest(ctx context.Context, f BrowseFilter, places *Places) ([]Product, *Cursor, error) {
	if f.Near == nil {
		return nil, nil, ErrNoNear
	}
	live, err := s.liveAreas(ctx)
	if err != nil {
		return nil, nil, err
	}
	r := &nearRun{f: f, order: places.nearestAreas(*f.Near, f.areaIDs), live: live}
	none, err := s.nearMatches(ctx, r)
	if err != nil || none {
		return []Product{}, nil, err
	}
	if err := s.readNearest(ctx, r); err != nil {
		return nil, nil, translate(err)
	}
	var next *Cursor
	rows := r.rows
	if len(rows) > f.Limit {
		rows = rows[:f.Limit]
		last := rows[len(rows)-1]
		next = &Cursor{Sort: SortDistance, Time: last.CreatedAt, ID: last.ID, Place: r.places[f.Limit-1]}
	}
	out := make([]Product, 0, len(rows))
	for _, row := range rows {
		p := productFrom(row)
		if a, ok := places.Area(p.AreaID); ok {
			km := DistanceKm(*f.Near, LatLon{a.Area.Lat, a.Area.Lon})
			p.DistanceKm = &km
		}
		out = append(out, p)
	}
	return out, next, nil
}

// nearMatches finds what the page's brand and search pick: the brand's
// id, and a search's few matches by their ids or, when many, its words to
// check on each listing read. none: nothing can match.
func (s *Store) nearMatches(ctx context.Context, r *nearRun) (none bool, err error) {
	if r.f.Category != "" {
		c, err := s.GetCategoryByName(ctx, r.f.Category)
		if errors.Is(err, ErrNotFound) {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		r.category = &c.ID
	}
	if !r.f.Searching() {
		return false, nil
	}
	found, err := s.searchFacts(ctx, r.f, r.f.walkKey())
	if err != nil {
		return false, err
	}
	if found.broad {
		q := searchQuery(r.f.Words)
		r.query = &q
		return false, nil
	}
	r.ids = found.ids
	return len(found.ids) == 0, nil
}

// readNearest reads the page's rows: the areas from the cursor's on, a
// round at a time, then, with room left and no place filter, the listings
// without an area.
func (s *Store) readNearest(ctx context.Context, r *nearRun) error {
	f := r.f
	start := 0
	if f.After != nil {
		start = f.After.Place
	}
	step := nearAreasFirst
	liveLeft := r.liveFrom(start) // none left, the order is read no further
	for start < r.order.Len() && len(r.rows) <= f.Limit {
		// the next step areas with listings (and the cursor's own, first);
		// places stay those of the whole order, the same on every page
		var areas []string
		var at []int
		end := start
		for ; end < r.order.Len() && len(areas) < step && (liveLeft > 0 || f.After != nil && end <= f.After.Place); end++ {
			id := r.order.At(end)
			if r.live[id] {
				liveLeft--
			}
			if r.live[id] || f.After != nil && end == f.After.Place {
				areas, at = append(areas, id), append(at, end)
			}
		}
		if len(areas) == 0 {
			break
		}
		found, err := s.nearRound(ctx, r.params(areas, f.After != nil && at[0] == f.After.Place))
		if err != nil {
			return err
		}
		for _, row := range found {
			r.rows = append(r.rows, listingOfNearest(row))
			r.places = append(r.places, at[row.Ord-1])
		}
		start, step = end, step*4
	}
	if len(r.rows) > f.Limit || f.areaIDs != nil {
		return nil
	}
	n := r.params(nil, f.After != nil && f.After.Place >= r.order.Len())
	p := dbsqlc.BrowseUnplacedNewestParams{CategoryID: n.CategoryID, Query: n.Query, MatchIds: n.MatchIds, MinPrice: n.MinPrice, MaxPrice: n.MaxPrice,
		Condition: n.Condition, Location: n.Location, VerifiedOnly: n.VerifiedOnly, NegotiableOnly: n.NegotiableOnly, CheckedOnly: n.CheckedOnly, RamMin: n.RamMin, StorageMin: n.StorageMin, StorageType: n.StorageType,
		BatteryMin: n.BatteryMin, ScreenMin: n.ScreenMin, ScreenMax: n.ScreenMax, Processor: n.Processor, SellerID: n.SellerID,
		AfterTime: n.AfterTime, AfterID: n.AfterID, PageSize: n.PageSize}
	found, err := s.custom.BrowseUnplacedNewest(ctx, p)
	for _, row := range found {
		r.rows = append(r.rows, row)
		r.places = append(r.places, r.order.Len())
	}
	return err
}

// nearRound reads a round's rows: on the connections whose sessions walk
// (their settings are nearPlans's), in one round trip; without them, or
// past their walkTime (a loaded machine), in a transaction begun with
// nearPlans, which bounds it by the session's statement_timeout only.
func (s *Store) nearRound(ctx context.Context, p dbsqlc.BrowseNearestParams) ([]dbsqlc.BrowseNearestRow, error) {
	if s.walks != nil {
		found, err := dbsqlc.New(*s.walks).BrowseNearest(ctx, p)
		if err = walkError(ctx, err); !errors.Is(err, errWalkTooLong) {
			return found, err
		}
		s.walksTooLong.Add(1)
	}
	var found []dbsqlc.BrowseNearestRow
	err := withSettings(ctx, s.reads, nearPlans, func(tx pgx.Tx) error {
		var err error
		found, err = dbsqlc.New(tx).BrowseNearest(ctx, p)
		return err
	})
	return found, err
}

// liveFrom is how many of the areas with listings come at place start or
// after in the page's order. A cursor past every area (in the listings
// without one) has none left, and the areas are not put in order for it.
func (r *nearRun) liveFrom(start int) int {
	if start >= r.order.Len() {
		return 0
	}
	n := 0
	if r.f.areaIDs == nil {
		n = len(r.live)
	} else {
		for _, id := range r.f.areaIDs {
			if r.live[id] {
				n++
			}
		}
	}
	for i := range min(start, r.order.Len()) {
		if r.live[r.order.At(i)] {
			n--
		}
	}
	return n
}

// params are the page's filters for a round over areas; after: the first
// of them is the cursor's, the page goes on after its row.
func (r *nearRun) params(areas []string, after bool) dbsqlc.BrowseNearestParams {
	f, sp := r.f, r.f.specArgs()
	p := dbsqlc.BrowseNearestParams{AreaIds: areas, CategoryID: r.category, Query: r.query, MatchIds: r.ids, MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice),
		Condition: str(f.Condition), Location: str(likeEscape(f.Location)), VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, CheckedOnly: f.CheckedOnly,
		RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax,
		Processor: sp.processor, SellerID: sp.sellerID, PageSize: int32(f.Limit + 1 - len(r.rows))}
	if after {
		t, id := f.After.Time, f.After.ID
		p.AfterTime, p.AfterID = &t, &id
	}
	return p
}

func listingOfNearest(r dbsqlc.BrowseNearestRow) dbsqlc.ProductListing {
	return dbsqlc.ProductListing{ID: r.ID, SellerID: r.SellerID, CategoryID: r.CategoryID, Category: r.Category, ProductName: r.ProductName,
		Picture: r.Picture, SellPrice: r.SellPrice, OriginalPrice: r.OriginalPrice, Condition: r.Condition, Location: r.Location, Used: r.Used,
		Phone: r.Phone, Description: r.Description, SellerName: r.SellerName, SellerEmail: r.SellerEmail, SellerVerified: r.SellerVerified,
		AdvertisedAt: r.AdvertisedAt, SoldAt: r.SoldAt, CreatedAt: r.CreatedAt, Reported: r.Reported, Reserved: r.Reserved, Photos: r.Photos,
		Processor: r.Processor, RamGb: r.RamGb, StorageGb: r.StorageGb, StorageType: r.StorageType, ScreenInches: r.ScreenInches, Gpu: r.Gpu,
		BatteryHealth: r.BatteryHealth, Charger: r.Charger, WarrantyMonths: r.WarrantyMonths, PriceDroppedFrom: r.PriceDroppedFrom,
		AdvertisedUntil: r.AdvertisedUntil, ExpiresAt: r.ExpiresAt, ExpiredAt: r.ExpiredAt, SellerReviewCount: r.SellerReviewCount,
		SellerReviewSum: r.SellerReviewSum, HiddenAt: r.HiddenAt, HiddenReason: r.HiddenReason, AreaID: r.AreaID,
		Negotiable: r.Negotiable, PriceVerdict: r.PriceVerdict,
		CheckedAt: r.CheckedAt, StolenAt: r.StolenAt, SellerPhone: r.SellerPhone}
}
