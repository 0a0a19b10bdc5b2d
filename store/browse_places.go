package store

import (
	"cmp"
	"context"
	"slices"

	"resale/store/internal/dbsqlc"
)

// A search's matches found through the index come with their places in
// the orders a page is read in (ListSearchMatchPlaces): a page in any
// order is picked from them here, and only its own listings are read, each
// checked for the search's words and filters by its id.
// Read by the database instead, by their ids, such a page walked the
// order's index checking each product's id, as the planner takes the
// matches for spread evenly along it; several spec words' matches are
// not ('i7 16gb 512ssd', 993 matches among 100,000 products, are dear:
// cheapest first the walk passed 82,000 products, 530 ms), and fetching
// and sorting or ranking them all for each page cost more than the rest of
// it (#36).

// matchPlace is a match's place in the orders: its price, when it was
// listed (in microseconds, as PostgreSQL keeps it: 8 bytes, where a
// time.Time takes 24, for up to manyMatches places of each search
// remembered) and its rank, as its lookup found them.
type matchPlace struct {
	id, price, at int64
	rank          float32
}

// placesOf are the places a lookup found, and their ids.
func placesOf(rows []dbsqlc.ListSearchMatchPlacesRow) ([]matchPlace, []int64) {
	places, ids := make([]matchPlace, len(rows)), make([]int64, len(rows))
	for i, r := range rows {
		places[i], ids[i] = matchPlace{r.ID, r.SellPrice, r.CreatedAt.UnixMicro(), r.Rank}, r.ID
	}
	return places, ids
}

// compare orders a before b (-1) or after it (1) in the order sort names,
// as the pages' queries and sortedPage order them.
func (a matchPlace) compare(b matchPlace, sort string) int {
	switch sort {
	case SortPriceAsc, SortPriceDesc:
		return posting{a.price, a.id}.compare(posting{b.price, b.id}, sort == SortPriceAsc)
	case SortRelevance:
		return -cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.id, b.id)) // best first
	}
	return -cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.id, b.id))
}

// picksPlaces tells whether m's page is picked from its matches' places:
// a search's looked up or remembered with them, however few (sorting them
// here whole read up to fewListings listings for each page).
func (m matchSet) picksPlaces() bool {
	return m.places != nil
}

// readPicked reads r's page from its matches' places: those within its
// prices, after its cursor, put in its order, are read a few at a time (a
// page, then four times as many) and checked for the search's words and
// filters by their ids, until the page is full or none are left.
func (r *pageRun) readPicked(ctx context.Context, s *Store) error {
	f := r.f
	var after *matchPlace
	if f.After != nil {
		after = &matchPlace{f.After.ID, f.After.Price, f.After.Time.UnixMicro(), f.After.Rank}
	}
	places := make([]matchPlace, 0, len(r.places))
	for _, p := range r.places {
		if (f.MinPrice == 0 || p.price >= f.MinPrice) && (f.MaxPrice == 0 || p.price <= f.MaxPrice) &&
			(after == nil || p.compare(*after, r.sort) > 0) {
			places = append(places, p)
		}
	}
	slices.SortFunc(places, func(a, b matchPlace) int { return a.compare(b, r.sort) })
	need := int(r.size)
	for per := need; len(places) > 0 && need > 0; per = 4 * per {
		next := places[:min(per, len(places))]
		places = places[len(next):]
		ids := make([]int64, len(next))
		for i, p := range next {
			ids[i] = p.id
		}
		found, err := r.among(ctx, s, ids)
		if err != nil {
			return err
		}
		rows, ranks := sortedPage(found, r.sort, nil, need)
		r.rows = append(r.rows, rows...)
		if r.sort == SortRelevance {
			r.ranks = append(r.ranks, ranks...)
		}
		need -= len(rows)
	}
	return nil
}
