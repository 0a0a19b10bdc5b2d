package jobs

import (
	"testing"
	"time"
)

// The digest runs once a day at DigestHour in the shop's time zone.
func TestDigestScheduleIsDailyInTheShopsZone(t *testing.T) {
	dhaka := time.FixedZone("Asia/Dhaka", 6*3600)
	s := dailyAt{hour: DigestHour, loc: dhaka}
	for _, c := range []struct{ now, want string }{
		{"2026-11-23T01:00:00Z", "2026-11-23T02:00:00Z"}, // 07:00 in Dhaka: today at 08:00
		{"2026-11-23T02:00:00Z", "2026-11-24T02:00:00Z"}, // 08:00 exactly: tomorrow
		{"2026-11-23T20:00:00Z", "2026-11-24T02:00:00Z"}, // 02:00 the next day in Dhaka
	} {
		now, _ := time.Parse(time.RFC3339, c.now)
		want, _ := time.Parse(time.RFC3339, c.want)
		if got := s.Next(now); !got.Equal(want) {
			t.Errorf("Next(%s) = %s, want %s", c.now, got.UTC(), c.want)
		}
	}
}
