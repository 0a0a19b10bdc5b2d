package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// statsDays is how many days the admin overview shows, today the last.
const statsDays = 30

// dayStatsJSON is one day of the admin overview.
type dayStatsJSON struct {
	// Date is the day in the shop's time zone, YYYY-MM-DD.
	Date     string `json:"date"`
	Listings int64  `json:"listings"`
	Bookings int64  `json:"bookings"`
	Payments int64  `json:"payments"`
	// Revenue is the day's succeeded payments, in whole Tk.
	Revenue int64 `json:"revenue"`
	Reports int64 `json:"reports"`
}

type totalsJSON struct {
	AvailableListings int64 `json:"availableListings"`
	Sellers           int64 `json:"sellers"`
	Buyers            int64 `json:"buyers"`
	UnverifiedSellers int64 `json:"unverifiedSellers"`
	OpenReports       int64 `json:"openReports"`
}

// adminStatsJSON is the admin overview: today, the last 30 days oldest
// first (today last), and the shop's totals.
type adminStatsJSON struct {
	TimeZone string         `json:"timeZone"`
	Currency string         `json:"currency"`
	Today    dayStatsJSON   `json:"today"`
	Days     []dayStatsJSON `json:"days"`
	Totals   totalsJSON     `json:"totals"`
}

// statsDaysEndingToday are the local midnights of the last n days (today
// the last) in loc, and the coming midnight. Days are counted on the
// calendar, not as 24 hours, so a day of a daylight-saving change is as
// long as it was.
func statsDaysEndingToday(now time.Time, loc *time.Location, n int) ([]time.Time, time.Time) {
	y, m, d := now.In(loc).Date()
	days := make([]time.Time, n)
	for i := range n {
		days[i] = time.Date(y, m, d-(n-1-i), 0, 0, 0, 0, loc)
	}
	return days, time.Date(y, m, d+1, 0, 0, 0, 0, loc)
}

// adminStats serves GET /api/admin/stats: counts per day of the last 30
// days in the shop's time zone (new listings, bookings, succeeded
// payments and their revenue in Tk, reports), today's, and the shop's
// totals. Reports an admin dismissed are gone from the counts (a
// dismissal clears them).
func (s *Server) adminStats(c echo.Context) error {
	days, end := statsDaysEndingToday(s.now(), s.loc, statsDays)
	st, err := s.store.AdminStats(c.Request().Context(), days, end)
	if err != nil {
		return err
	}
	out := adminStatsJSON{TimeZone: s.loc.String(), Currency: s.currency, Days: make([]dayStatsJSON, 0, len(st.Days)),
		Totals: totalsJSON(st.Totals)}
	for _, d := range st.Days {
		out.Days = append(out.Days, toDayStatsJSON(d))
	}
	out.Today = out.Days[len(out.Days)-1]
	return c.JSON(http.StatusOK, out)
}

func toDayStatsJSON(d store.DayCounts) dayStatsJSON {
	return dayStatsJSON{Date: d.Day.Format(time.DateOnly), Listings: d.Listings, Bookings: d.Bookings, Payments: d.Payments,
		Revenue: d.Revenue, Reports: d.Reports}
}
