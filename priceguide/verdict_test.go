package priceguide

import "testing"

// #39 the verdict's edges: low is good, a Tk above it fair, high fair, a
// Tk above it high; a range from the curve alone, or none, judges nothing.
func TestVerdict(t *testing.T) {
	comps := Range{Low: 60000, Typical: 63000, High: 66000, From: "comparables"}
	curve := Range{Low: 51000, Typical: 60000, High: 69000, From: "depreciation"}
	for _, c := range []struct {
		price int
		r     Range
		want  string
	}{
		{1000, comps, "good"}, {60000, comps, "good"}, {60001, comps, "fair"}, {63000, comps, "fair"},
		{66000, comps, "fair"}, {66001, comps, "high"}, {500000, comps, "high"},
		{0, comps, ""}, {40000, curve, ""}, {90000, curve, ""}, {60000, Range{}, ""},
	} {
		if got := Verdict(c.price, c.r); got != c.want {
			t.Errorf("Verdict(%d, %+v) = %q, want %q", c.price, c.r, got, c.want)
		}
	}
}
