package store

import (
	"cmp"
	"context"
	"slices"
	"sort"
	"sync"

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
	cell          placeCell
}

// placeCell is a match's brand, condition, RAM and storage type (0 and ""
// for none), which a page filtering by them picks it by.
type placeCell struct {
	category    int64
	ramGB       int32
	condition   string
	storageType string
}

// fits tells whether a match in cell c can pass f's filters by brand
// (category: its id, nil for any), condition, RAM and storage type.
func (c placeCell) fits(f BrowseFilter, category *int64) bool {
	return (category == nil || c.category == *category) && (f.Condition == "" || c.condition == f.Condition) &&
		(f.RAMMin == 0 || c.ramGB != 0 && c.ramGB >= f.RAMMin) && (f.StorageType == "" || c.storageType == f.StorageType)
}

// matchPlaces are a search's matches' places, and the orders of them
// asked for so far: each is sorted once, when first asked for, and kept
// with them (a remembered search's places serve every page, price and
// order until the catalogue changes: picking a page afresh from 20,000
// each time cost 2 ms of CPU, more than the rest of the request).
type matchPlaces struct {
	all []matchPlace
	mu  sync.Mutex
	// ordered: by sort, indexes of all in that order (4 bytes a place)
	ordered map[string][]int32
}

// placesOf are the places a lookup found, and their ids.
func placesOf(rows []dbsqlc.ListSearchMatchPlacesRow) (*matchPlaces, []int64) {
	places, ids := &matchPlaces{all: make([]matchPlace, len(rows))}, make([]int64, len(rows))
	// a few conditions and storage types: each kept once, not once a match
	words := map[string]string{}
	once := func(s string) string {
		if w, ok := words[s]; ok {
			return w
		}
		words[s] = s
		return s
	}
	for i, r := range rows {
		cell := placeCell{category: r.CategoryID, ramGB: r.RamGb, condition: once(r.Condition), storageType: once(r.StorageType)}
		places.all[i], ids[i] = matchPlace{r.ID, r.SellPrice, r.CreatedAt.UnixMicro(), r.Rank, cell}, r.ID
	}
	return places, ids
}

// size is how many places there are (none for nil).
func (m *matchPlaces) size() int {
	if m == nil {
		return 0
	}
	return len(m.all)
}

// inOrder answers the places' indexes in sort's order, sorting them the
// first time.
func (m *matchPlaces) inOrder(sort string) []int32 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if order, ok := m.ordered[sort]; ok {
		return order
	}
	order := make([]int32, len(m.all))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return m.all[a].compare(m.all[b], sort) })
	if m.ordered == nil {
		m.ordered = map[string][]int32{}
	}
	m.ordered[sort] = order
	return order
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

// readPicked reads r's page from its matches' places in its order: from
// its cursor on, those within its prices are read a few at a time (a
// page, then four times as many) and checked for the search's words and
// filters by their ids, until the page is full or none are left.
func (r *pageRun) readPicked(ctx context.Context, s *Store) error {
	f, all := r.f, r.places.all
	order := r.places.inOrder(r.sort)
	next := 0
	if f.After != nil {
		after := matchPlace{id: f.After.ID, price: f.After.Price, at: f.After.Time.UnixMicro(), rank: f.After.Rank}
		next = sort.Search(len(order), func(i int) bool { return all[order[i]].compare(after, r.sort) > 0 })
	}
	need := int(r.size)
	for per := need; next < len(order) && need > 0; per = 4 * per {
		ids := make([]int64, 0, per)
		for ; next < len(order) && len(ids) < per; next++ {
			if p := all[order[next]]; (f.MinPrice == 0 || p.price >= f.MinPrice) && (f.MaxPrice == 0 || p.price <= f.MaxPrice) &&
				p.cell.fits(f, r.category) {
				ids = append(ids, p.id)
			}
		}
		if len(ids) == 0 {
			return nil
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
