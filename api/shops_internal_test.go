package api

import (
	"fmt"
	"testing"
	"time"

	"resale/store"
)

// A shop is open from its opening minute up to (not at) its closing one,
// on the day of the week in the shop's time zone; Saturday is the first
// day of the week and "24:00" closes at midnight.
func TestShopOpenAt(t *testing.T) {
	t.Parallel()
	dhaka, err := time.LoadLocation("Asia/Dhaka")
	if err != nil {
		t.Fatal(err)
	}
	hours := []store.ShopHours{{Day: "sat", Open: "10:00", Close: "20:00"}, {Day: "fri", Open: "15:00", Close: "24:00"}}
	at := func(day, clock string) time.Time {
		// 2026-11-28 is a Saturday
		d := map[string]int{"sat": 28, "sun": 29, "fri": 27}[day]
		tm, err := time.ParseInLocation("2006-01-02 15:04", fmt.Sprintf("2026-11-%02d %s", d, clock), dhaka)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, c := range []struct {
		day, clock string
		open       bool
	}{
		{"sat", "09:59", false}, {"sat", "10:00", true}, {"sat", "19:59", true}, {"sat", "20:00", false},
		{"sun", "12:00", false}, {"fri", "14:59", false}, {"fri", "15:00", true}, {"fri", "23:59", true},
	} {
		if got := openAt(hours, at(c.day, c.clock)); got != c.open {
			t.Errorf("%s %s: open = %v, want %v", c.day, c.clock, got, c.open)
		}
	}
	// the same instant is another day in another zone: the shop's counts
	utc := time.Date(2026, 11, 28, 4, 30, 0, 0, time.UTC) // Saturday 10:30 in Dhaka
	if !openAt(hours, utc.In(dhaka)) {
		t.Error("Saturday 10:30 in Dhaka is open")
	}
	if openAt(hours, utc) {
		t.Error("Saturday 04:30 (UTC) is closed")
	}
}
