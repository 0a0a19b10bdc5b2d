package store

import (
	"math/rand/v2"
	"slices"
	"testing"
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
