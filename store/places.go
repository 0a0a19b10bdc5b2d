package store

import (
	"container/heap"
	"context"
	"math"
	"slices"
	"strings"
	"sync"

	"resale/store/internal/dbsqlc"
)

// Place is a division, a district or an area (an upazila or a
// metropolitan thana) of Bangladesh (#36, migration 00044): its id from
// the dataset ("district-47"), names and point.
type Place struct {
	ID     string
	Name   string
	NameBn string
	Lat    float64
	Lon    float64
}

// District is a district and its areas, by name.
type District struct {
	Place
	DivisionID string
	Areas      []Place
}

// Division is a division and its districts, by name.
type Division struct {
	Place
	Districts []District
}

// PlacedArea is an area with the district and division it lies in.
type PlacedArea struct {
	Area, District, Division Place
}

// Places are every division, district and area, read once: they change
// only with a migration.
type Places struct {
	Divisions []Division
	areas     map[string]PlacedArea
	districts map[string][]string // district id -> its area ids
	divisions map[string][]string // division id -> its area ids
	all       []PlacedArea        // every area, by id
	points    []areaPoint         // every area's point, by id as all
}

// areaPoint is an area's point on the unit sphere, for ordering the areas
// by distance from a point many times a second without a sine each.
type areaPoint struct {
	id      string
	x, y, z float64
}

// onSphere is the point of a latitude and longitude (degrees) on the unit
// sphere.
func onSphere(lat, lon float64) (x, y, z float64) {
	lat, lon = lat*radian, lon*radian
	return math.Cos(lat) * math.Cos(lon), math.Cos(lat) * math.Sin(lon), math.Sin(lat)
}

// Area is the area of id, with its district and division.
func (p *Places) Area(id string) (PlacedArea, bool) {
	a, ok := p.areas[id]
	return a, ok
}

// HasDistrict and HasDivision tell whether id is one.
func (p *Places) HasDistrict(id string) bool { _, ok := p.districts[id]; return ok }

// HasDivision tells whether id is a division's.
func (p *Places) HasDivision(id string) bool { _, ok := p.divisions[id]; return ok }

// placesCache holds the places once read.
type placesCache struct {
	mu     sync.Mutex
	places *Places
}

// areaCounts are the kept counts of available listings by area, brand and
// condition (product_area_counts), and the same by area: the areas with a
// listing are its keys.
type areaCounts struct {
	rows   []dbsqlc.ProductAreaCount
	byArea map[string][]dbsqlc.ProductAreaCount
	live   map[string]bool
}

// keptAreaCounts are the kept counts by area, read once and kept while the
// catalogue's changes are heard, until the next change: a list nearest
// first, a place's facets and the choice of how a place's list is read
// each ask for them, and an answer kept until the catalogue changes must
// not miss a listing in a new area.
func (s *Store) keptAreaCounts(ctx context.Context) (areaCounts, error) {
	if kept, ok := s.areaCounts.get(struct{}{}); ok {
		return kept, nil
	}
	gen := s.areaCounts.generation()
	rows, err := s.q.ListAreaCounts(ctx)
	if err != nil {
		return areaCounts{}, translate(err)
	}
	kept := areaCounts{rows: rows, byArea: map[string][]dbsqlc.ProductAreaCount{}, live: map[string]bool{}}
	for _, r := range rows {
		kept.byArea[r.AreaID] = append(kept.byArea[r.AreaID], r)
		kept.live[r.AreaID] = true
	}
	s.areaCounts.put(gen, struct{}{}, kept)
	return kept, nil
}

// liveAreas are the areas with an available listing, by the kept counts:
// a list nearest first skips the others (most areas have none), so a
// point far from every listing costs little more than one near them.
func (s *Store) liveAreas(ctx context.Context) (map[string]bool, error) {
	kept, err := s.keptAreaCounts(ctx)
	return kept.live, err
}

// among counts the available listings in areas (ids) of a brand (0: any)
// and a condition ("": any).
func (c areaCounts) among(areas []string, category int64, condition string) int64 {
	var n int64
	for _, id := range areas {
		for _, r := range c.byArea[id] {
			if (category == 0 || r.CategoryID == category) && (condition == "" || r.Condition == condition) {
				n += r.Available
			}
		}
	}
	return n
}

// Places answers every division, district and area, read from the
// database the first time and kept.
func (s *Store) Places(ctx context.Context) (*Places, error) {
	s.placeCache.mu.Lock()
	defer s.placeCache.mu.Unlock()
	if s.placeCache.places != nil {
		return s.placeCache.places, nil
	}
	p, err := s.readPlaces(ctx)
	if err != nil {
		return nil, err
	}
	s.placeCache.places = p
	return p, nil
}

func (s *Store) readPlaces(ctx context.Context) (*Places, error) {
	divs, err := s.q.ListDivisions(ctx)
	if err != nil {
		return nil, translate(err)
	}
	dists, err := s.q.ListDistricts(ctx)
	if err != nil {
		return nil, translate(err)
	}
	areas, err := s.q.ListAreas(ctx)
	if err != nil {
		return nil, translate(err)
	}
	return buildPlaces(divs, dists, areas), nil
}

// buildPlaces nests the rows (each sorted by name) and indexes them.
func buildPlaces(divs []dbsqlc.ListDivisionsRow, dists []dbsqlc.ListDistrictsRow, areas []dbsqlc.ListAreasRow) *Places {
	p := &Places{areas: map[string]PlacedArea{}, districts: map[string][]string{}, divisions: map[string][]string{}}
	inDistrict := map[string][]Place{}
	for _, a := range areas {
		inDistrict[a.DistrictID] = append(inDistrict[a.DistrictID], Place{ID: a.ID, Name: a.Name, NameBn: a.NameBn, Lat: a.Lat, Lon: a.Lon})
	}
	inDivision := map[string][]District{}
	for _, d := range dists {
		inDivision[d.DivisionID] = append(inDivision[d.DivisionID], District{Place: Place{ID: d.ID, Name: d.Name, NameBn: d.NameBn, Lat: d.Lat, Lon: d.Lon},
			DivisionID: d.DivisionID, Areas: inDistrict[d.ID]})
	}
	for _, v := range divs {
		div := Division{Place: Place{ID: v.ID, Name: v.Name, NameBn: v.NameBn, Lat: v.Lat, Lon: v.Lon}, Districts: inDivision[v.ID]}
		p.Divisions = append(p.Divisions, div)
		p.divisions[div.ID] = []string{}
		for _, d := range div.Districts {
			p.districts[d.ID] = []string{}
			for _, a := range d.Areas {
				pa := PlacedArea{Area: a, District: d.Place, Division: div.Place}
				p.areas[a.ID] = pa
				p.all = append(p.all, pa)
				p.districts[d.ID] = append(p.districts[d.ID], a.ID)
				p.divisions[div.ID] = append(p.divisions[div.ID], a.ID)
			}
		}
	}
	slices.SortFunc(p.all, func(a, b PlacedArea) int { return strings.Compare(a.Area.ID, b.Area.ID) })
	p.points = make([]areaPoint, len(p.all))
	for i, a := range p.all {
		x, y, z := onSphere(a.Area.Lat, a.Area.Lon)
		p.points[i] = areaPoint{id: a.Area.ID, x: x, y: y, z: z}
	}
	return p
}

// areasOf are the area ids a filter by division, district and area picks
// (each "" for any): nil when none is given, empty when they exclude each
// other or one is unknown (nothing matches).
func (p *Places) areasOf(division, district, area string) []string {
	if division == "" && district == "" && area == "" {
		return nil
	}
	out := []string{}
	for _, a := range p.all {
		if (division == "" || a.Division.ID == division) && (district == "" || a.District.ID == district) && (area == "" || a.Area.ID == area) {
			out = append(out, a.Area.ID)
		}
	}
	return out
}

// LatLon is a point.
type LatLon struct{ Lat, Lon float64 }

// DistanceKm is the great-circle distance between two points.
func DistanceKm(a, b LatLon) float64 {
	const rad = math.Pi / 180
	dLat, dLon := (b.Lat-a.Lat)*rad, (b.Lon-a.Lon)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * 6371 * math.Asin(math.Sqrt(h))
}

const radian = math.Pi / 180

// nearestAreas are the areas among ids (nil: every area) ordered by
// distance from near, nearest first, ties by id, so the order is the same
// for every page.
func (p *Places) nearestAreas(near LatLon, ids []string) *areaOrder {
	var picked map[string]bool
	if ids != nil {
		picked = make(map[string]bool, len(ids))
		for _, id := range ids {
			picked[id] = true
		}
	}
	x, y, z := onSphere(near.Lat, near.Lon)
	o := &areaOrder{points: p.points, left: make(farAreas, 0, len(p.points))}
	for i, a := range p.points {
		if ids == nil || picked[a.id] {
			dx, dy, dz := a.x-x, a.y-y, a.z-z
			o.left = append(o.left, farArea{dx*dx + dy*dy + dz*dz, i})
		}
	}
	o.total = len(o.left)
	heap.Init(&o.left)
	return o
}

// areaOrder is the areas in order of distance, put in order only as far as
// a page reads them: a page nearest first reads the few areas nearest that
// have listings, and sorting all 546 areas for it took a tenth of its CPU.
type areaOrder struct {
	points []areaPoint
	sorted []string // the nearest, in order
	left   farAreas // the rest, a heap
	total  int
}

// Len is how many areas there are in all.
func (o *areaOrder) Len() int { return o.total }

// At is the i-th nearest area (i < Len()).
func (o *areaOrder) At(i int) string {
	for len(o.sorted) <= i {
		o.sorted = append(o.sorted, o.points[heap.Pop(&o.left).(farArea).at].id)
	}
	return o.sorted[i]
}

// farArea is an area (its place in Places.points, which are by id) and
// the square of the chord to it through the sphere, which grows with its
// distance.
type farArea struct {
	chord float64
	at    int
}

// farAreas are areas in a heap by distance, then id (heap.Interface).
type farAreas []farArea

func (f farAreas) Len() int { return len(f) }
func (f farAreas) Less(i, j int) bool {
	return f[i].chord < f[j].chord || f[i].chord == f[j].chord && f[i].at < f[j].at
}
func (f farAreas) Swap(i, j int) { f[i], f[j] = f[j], f[i] }
func (f *farAreas) Push(x any)   { *f = append(*f, x.(farArea)) }
func (f *farAreas) Pop() any {
	old := *f
	last := old[len(old)-1]
	*f = old[:len(old)-1]
	return last
}

// MatchArea is the area a free-text location names when that is clear
// (docs/places.md), else "".
func (s *Store) MatchArea(ctx context.Context, location string) (string, error) {
	id, err := s.q.MatchArea(ctx, location)
	if err != nil {
		return "", translate(err)
	}
	return id, nil
}
