package api

import (
	"testing"
	"time"

	"resale/store"
)

// Time and date texts are the spec's, in the shop's time zone.
func TestProductTimeAndDate(t *testing.T) {
	dhaka, err := time.LoadLocation("Asia/Dhaka")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{loc: dhaka}
	cases := []struct {
		at         time.Time
		time, date string
	}{
		{time.Date(2026, 11, 21, 9, 7, 0, 0, time.UTC), "3:07 PM", "11-21-2026"},
		{time.Date(2026, 11, 21, 18, 30, 0, 0, time.UTC), "12:30 AM", "11-22-2026"}, // past midnight in Dhaka
		{time.Date(2026, 1, 5, 3, 0, 0, 0, time.UTC), "9:00 AM", "01-05-2026"},
	}
	for _, c := range cases {
		p := s.toProductJSON(store.Product{CreatedAt: c.at, Sold: true, Reported: true})
		if p.Time != c.time || p.Date != c.date || p.Available != "soled" || p.Report != "reported" {
			t.Errorf("%v: %q %q %q %q", c.at, p.Time, p.Date, p.Available, p.Report)
		}
	}
}
