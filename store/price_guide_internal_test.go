package store

import "testing"

// Years of use as sellers write them: years by default, months when they
// say so, in English or Bangla digits and words.
func TestYearsOfUse(t *testing.T) {
	for used, want := range map[string]float64{
		"2": 2, "1.5": 1.5, "2 years": 2, " 3 yrs": 3, "6 months": 0.5, "6 mo": 0.5, "18month": 1.5,
		"২": 2, "২ বছর": 2, "৬ মাস": 0.5, "": -1, "new": -1, "about 2": -1, "99": -1,
	} {
		if got := yearsOfUse(used); got != want {
			t.Errorf("yearsOfUse(%q) = %v, want %v", used, got, want)
		}
	}
}
