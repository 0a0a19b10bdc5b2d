package store

import (
	"context"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// DayCounts is one day of the admin overview, as the shop's clock counts
// days.
type DayCounts struct {
	// Day is the day's local midnight.
	Day      time.Time
	Listings int64
	Bookings int64
	Payments int64
	// Revenue is the succeeded payments' sum, in whole Tk.
	Revenue int64
	Reports int64
}

// ShopTotals is the shop as it stands.
type ShopTotals struct {
	AvailableListings int64
	Sellers           int64
	Buyers            int64
	UnverifiedSellers int64
	// OpenReports counts the reported products waiting for an admin.
	OpenReports int64
}

// AdminStats is the admin overview: the days oldest first (the last is
// today) and the totals.
type AdminStats struct {
	Days   []DayCounts
	Totals ShopTotals
}

// AdminStats counts the activity of each of the given days and the shop's
// totals. days are the local midnights of the days asked for, oldest
// first, each the day before the next (the caller works them out in the
// shop's time zone, so a day of a daylight-saving change is 23 or 25
// hours); the last day ends at end.
func (s *Store) AdminStats(ctx context.Context, days []time.Time, end time.Time) (AdminStats, error) {
	if len(days) == 0 || !end.After(days[len(days)-1]) {
		return AdminStats{}, errors.New("store: AdminStats needs days before their end")
	}
	bounds := append(append(make([]time.Time, 0, len(days)+1), days...), end)
	rows, err := s.custom.ListAdminDailyCounts(ctx, dbsqlc.ListAdminDailyCountsParams{Bounds: bounds, FromAt: days[0], ToAt: end})
	if err != nil {
		return AdminStats{}, translate(err)
	}
	out := AdminStats{Days: make([]DayCounts, len(days))}
	for i, d := range days {
		out.Days[i].Day = d
	}
	for _, r := range rows {
		i := int(r.Day) - 1 // width_bucket counts from 1
		if i < 0 || i >= len(days) {
			continue
		}
		d := &out.Days[i]
		switch r.Kind {
		case "listings":
			d.Listings = r.N
		case "bookings":
			d.Bookings = r.N
		case "payments":
			d.Payments, d.Revenue = r.N, r.Total
		case "reports":
			d.Reports = r.N
		}
	}
	t, err := s.custom.GetAdminTotals(ctx)
	if err != nil {
		return AdminStats{}, translate(err)
	}
	out.Totals = ShopTotals{AvailableListings: t.AvailableListings, Sellers: t.Sellers, Buyers: t.Buyers,
		UnverifiedSellers: t.UnverifiedSellers, OpenReports: t.OpenReports}
	return out, nil
}
