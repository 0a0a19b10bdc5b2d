package store

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"resale/store/internal/dbsqlc"
)

// inOrder answers the places in each order, as sorting them does, sorting
// them once: the same order is answered the next time.
func TestPlacesInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 5, 24, 1000} {
		m := &matchPlaces{all: make([]matchPlace, n)}
		for i := range m.all {
			m.all[i] = matchPlace{id: int64(i), price: rng.Int64N(50), at: rng.Int64N(50), rank: float32(rng.IntN(5))}
		}
		for _, sort := range []string{SortPriceAsc, SortPriceDesc, SortNewest, SortRelevance} {
			want := slices.Clone(m.all)
			slices.SortFunc(want, func(a, b matchPlace) int { return a.compare(b, sort) })
			order := m.inOrder(sort)
			got := make([]matchPlace, len(order))
			for i, at := range order {
				got[i] = m.all[at]
			}
			if !slices.Equal(got, want) {
				t.Fatalf("n %d %s: %v, want %v", n, sort, got, want)
			}
			if again := m.inOrder(sort); n > 0 && &again[0] != &order[0] {
				t.Fatalf("n %d %s: sorted again", n, sort)
			}
		}
	}
}

// testPlaces are n areas scattered over Bangladesh in 8 divisions of 8
// districts, some at one district's point (as areas whose own point the
// dataset lacks are), so ties in distance occur.
func testPlaces(n int) *Places {
	rng := rand.New(rand.NewPCG(3, 4))
	var divs []dbsqlc.ListDivisionsRow
	var dists []dbsqlc.ListDistrictsRow
	var areas []dbsqlc.ListAreasRow
	for v := range 8 {
		divs = append(divs, dbsqlc.ListDivisionsRow{ID: fmt.Sprintf("division-%d", v), Name: fmt.Sprint(v)})
		for d := range 8 {
			dists = append(dists, dbsqlc.ListDistrictsRow{ID: fmt.Sprintf("district-%d", v*8+d), DivisionID: divs[v].ID, Name: fmt.Sprint(d),
				Lat: 20.7 + rng.Float64()*5.9, Lon: 88 + rng.Float64()*4.7})
		}
	}
	for i := range n {
		d := dists[rng.IntN(len(dists))]
		lat, lon := d.Lat, d.Lon
		if i%5 != 0 {
			lat, lon = 20.7+rng.Float64()*5.9, 88+rng.Float64()*4.7
		}
		areas = append(areas, dbsqlc.ListAreasRow{ID: fmt.Sprintf("area-%d", i), DistrictID: d.ID, Name: fmt.Sprint(i), Lat: lat, Lon: lon})
	}
	return buildPlaces(divs, dists, areas)
}

// nearestAreas orders the areas as their distances do, ties by id, for
// every area or a few.
func TestNearestAreasByDistance(t *testing.T) {
	p := testPlaces(546)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		near := LatLon{Lat: 20.5 + rng.Float64()*6.2, Lon: 87.8 + rng.Float64()*5}
		var ids []string
		if rng.IntN(2) == 0 {
			for _, a := range p.all {
				if rng.IntN(10) == 0 {
					ids = append(ids, a.Area.ID)
				}
			}
		}
		want := []PlacedArea{}
		for _, a := range p.all {
			if ids == nil || slices.Contains(ids, a.Area.ID) {
				want = append(want, a)
			}
		}
		km := func(a PlacedArea) float64 { return DistanceKm(near, LatLon{a.Area.Lat, a.Area.Lon}) }
		slices.SortStableFunc(want, func(a, b PlacedArea) int { return cmp.Compare(km(a), km(b)) })
		got := p.nearestAreas(near, ids)
		if got.Len() != len(want) {
			t.Fatalf("from %v: %d areas, want %d", near, got.Len(), len(want))
		}
		// read from the start, or first far in as a later page's cursor asks
		if skip := rng.IntN(len(want) + 1); skip > 0 {
			got.At(skip - 1)
		}
		for i := range want {
			if id := got.At(i); id != want[i].Area.ID {
				t.Fatalf("from %v: area %d is %s (%.6f km), want %s (%.6f km)", near, i, id, km(p.areas[id]), want[i].Area.ID, km(want[i]))
			}
		}
	}
}

func BenchmarkNearestAreas(b *testing.B) {
	p := testPlaces(546)
	near := LatLon{Lat: 23.78, Lon: 90.40}
	for b.Loop() {
		o := p.nearestAreas(near, nil)
		for i := range 40 {
			o.At(i)
		}
	}
}

// liveFrom counts the areas with listings from a place on, putting no
// area in order for a cursor past them all (in the listings without one).
func TestLiveFrom(t *testing.T) {
	p := testPlaces(546)
	near := LatLon{Lat: 23.78, Lon: 90.40}
	live := map[string]bool{}
	for i, a := range p.all {
		if i%3 == 0 {
			live[a.Area.ID] = true
		}
	}
	for _, start := range []int{0, 1, 100, 545, 546, 600} {
		r := &nearRun{order: p.nearestAreas(near, nil), live: live}
		got := r.liveFrom(start)
		want := 0
		for i := start; i < r.order.Len(); i++ {
			if live[r.order.At(i)] {
				want++
			}
		}
		if got != want {
			t.Errorf("from %d: %d areas with listings, want %d", start, got, want)
		}
		if r := (&nearRun{order: p.nearestAreas(near, nil), live: live}); start >= r.order.Len() {
			r.liveFrom(start)
			if len(r.order.sorted) != 0 {
				t.Errorf("from %d, past every area: %d areas put in order, want none", start, len(r.order.sorted))
			}
		}
	}
}
