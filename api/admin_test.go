package api_test

import (
	"net/http"
	"testing"
	"time"

	"resale/api"
)

// adminStatsWire is GET /api/admin/stats as the browser reads it.
type adminStatsWire struct {
	TimeZone string         `json:"timeZone"`
	Currency string         `json:"currency"`
	Today    dayStatsWire   `json:"today"`
	Days     []dayStatsWire `json:"days"`
	Totals   struct {
		AvailableListings int64 `json:"availableListings"`
		Sellers           int64 `json:"sellers"`
		Buyers            int64 `json:"buyers"`
		UnverifiedSellers int64 `json:"unverifiedSellers"`
		OpenReports       int64 `json:"openReports"`
	} `json:"totals"`
}

type dayStatsWire struct {
	Date     string `json:"date"`
	Listings int64  `json:"listings"`
	Bookings int64  `json:"bookings"`
	Payments int64  `json:"payments"`
	Revenue  int64  `json:"revenue"`
	Reports  int64  `json:"reports"`
}

func (m *market) adminStats() adminStatsWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/admin/stats", nil, bearer(m.admin.AccessToken))
	if rec.Code != http.StatusOK {
		m.t.Fatalf("stats: %d %s", rec.Code, rec.Body.String())
	}
	var out adminStatsWire
	decode(m.t, rec, &out)
	return out
}

// The overview counts a known fill by the shop's days (Dhaka, UTC+6): a
// listing ten minutes after the shop's midnight is today's although it is
// still yesterday in UTC, one ten minutes before is yesterday's, the
// window's first midnight is in and the minute before it is out; revenue
// is the succeeded payments' prices in Tk, a refunded payment counts for
// nothing.
func TestAdminStatsCountsTheShopsDays(t *testing.T) {
	t.Parallel()
	dhaka, err := time.LoadLocation("Asia/Dhaka")
	if err != nil {
		t.Fatal(err)
	}
	// the shop's clock: half past midnight on 10 March in Dhaka, far from
	// the real date, so only the rows moved into the window count
	now := time.Date(2026, 3, 10, 0, 30, 0, 0, dhaka)
	m := newMarketWith(t, func(o *api.Options) {
		o.Location = dhaka
		o.Now = func() time.Time { return now }
	})
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 3, day, hour, minute, 0, 0, dhaka) }
	first := time.Date(2026, 2, 9, 0, 0, 0, 0, dhaka) // 30 days ending 10 March

	today, yesterday, firstDay := statsListings(m, at, first)
	statsBookingsAndPayments(t, m, at, today, yesterday)
	statsReports(t, m, at, first, today, firstDay)

	st := m.adminStats()
	checkStatsDays(t, st)
	checkStatsSums(t, st)
	// a dismissal clears the product's reports: they leave the counts
	if rec := m.do(http.MethodPost, "/api/products/report/"+today+"/dismiss", nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("dismiss: %d %s", rec.Code, rec.Body.String())
	}
	if st := m.adminStats(); st.Today.Reports != 0 || st.Totals.OpenReports != 1 {
		t.Errorf("after the dismissal: today %d reports, %d reported products; want 0, 1", st.Today.Reports, st.Totals.OpenReports)
	}
}

// statsListings lists four laptops: today, yesterday, on the window's
// first day and a minute before it.
func statsListings(m *market, at func(day, hour, minute int) time.Time, first time.Time) (today, yesterday, firstDay string) {
	today = m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Today's laptop"})
	yesterday = m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Yesterday's laptop"})
	firstDay = m.addProduct(m.otherSeller.AccessToken, map[string]any{"productName": "First day's laptop"})
	tooOld := m.addProduct(m.otherSeller.AccessToken, map[string]any{"productName": "Too old laptop"})
	m.exec("UPDATE products SET created_at = $2 WHERE id = $1::text::bigint", today, at(10, 0, 10))
	m.exec("UPDATE products SET created_at = $2 WHERE id = $1::text::bigint", yesterday, at(9, 23, 50))
	m.exec("UPDATE products SET created_at = $2 WHERE id = $1::text::bigint", firstDay, first)
	m.exec("UPDATE products SET created_at = $2 WHERE id = $1::text::bigint", tooOld, first.Add(-time.Minute))

	return today, yesterday, firstDay
}

// statsBookingsAndPayments: two bookings of today's laptop (one paid, one
// refunded) and one of yesterday's, paid just before midnight.
func statsBookingsAndPayments(t *testing.T, m *market, at func(day, hour, minute int) time.Time, today, yesterday string) {
	t.Helper()
	b1, code := m.book(m.buyer.AccessToken, today, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	b2, code := m.book(m.otherBuyer.AccessToken, today, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	b3, code := m.book(m.buyer.AccessToken, yesterday, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	m.exec("UPDATE bookings SET created_at = $2 WHERE id = $1::text::bigint", b1, at(10, 0, 5))
	m.exec("UPDATE bookings SET created_at = $2 WHERE id = $1::text::bigint", b2, at(10, 0, 20))
	m.exec("UPDATE bookings SET created_at = $2 WHERE id = $1::text::bigint", b3, at(9, 12, 0))
	pay := func(booking string, price int64, status string, when time.Time) {
		m.exec(`INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id, status, created_at)
			SELECT id, product_id, buyer_id, buyer_email, $2::bigint, $2::bigint * 100, 'bdt', 'pi_' || id, $3::text, $4::timestamptz FROM bookings WHERE id = $1::text::bigint`,
			booking, price, status, when)
	}
	pay(b1, 38000, "succeeded", at(10, 0, 15))
	pay(b2, 50000, "refunded", at(10, 0, 25)) // no revenue
	pay(b3, 42000, "succeeded", at(9, 23, 59))

}

// statsReports: two reports of today's laptop, one of the first day's,
// and one of the two sellers verified.
func statsReports(t *testing.T, m *market, at func(day, hour, minute int) time.Time, first time.Time, today, firstDay string) {
	t.Helper()
	for _, r := range []struct {
		who     sessionWire
		product string
		when    time.Time
	}{{m.buyer, today, at(10, 0, 1)}, {m.otherBuyer, today, at(10, 0, 2)}, {m.buyer, firstDay, first.Add(time.Hour)}} {
		if rec := m.report(r.who.AccessToken, r.product, map[string]any{"reason": "spam"}); rec.Code != http.StatusOK {
			t.Fatalf("report: %d %s", rec.Code, rec.Body.String())
		}
		m.exec("UPDATE product_reports SET created_at = $3 WHERE product_id = $1::text::bigint AND reporter_id = (SELECT id FROM users WHERE email = $2)",
			r.product, r.who.User.Email, r.when)
	}
	if rec := m.do(http.MethodPut, "/api/users/"+m.seller.User.Email, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("verify: %d %s", rec.Code, rec.Body.String())
	}

}

// checkStatsDays: 30 days in the shop's zone, each counting what happened
// in it.
func checkStatsDays(t *testing.T, st adminStatsWire) {
	t.Helper()
	if st.TimeZone != "Asia/Dhaka" || st.Currency != "bdt" {
		t.Errorf("zone, currency = %q, %q", st.TimeZone, st.Currency)
	}
	if len(st.Days) != 30 || st.Days[0].Date != "2026-02-09" || st.Days[29].Date != "2026-03-10" {
		t.Fatalf("days: %d, %+v ... %+v", len(st.Days), st.Days[0], st.Days[len(st.Days)-1])
	}
	wantToday := dayStatsWire{Date: "2026-03-10", Listings: 1, Bookings: 2, Payments: 1, Revenue: 38000, Reports: 2}
	if st.Today != wantToday || st.Days[29] != wantToday {
		t.Errorf("today = %+v, last day = %+v, want %+v", st.Today, st.Days[29], wantToday)
	}
	if want := (dayStatsWire{Date: "2026-03-09", Listings: 1, Bookings: 1, Payments: 1, Revenue: 42000}); st.Days[28] != want {
		t.Errorf("yesterday = %+v, want %+v", st.Days[28], want)
	}
	if want := (dayStatsWire{Date: "2026-02-09", Listings: 1, Reports: 1}); st.Days[0] != want {
		t.Errorf("first day = %+v, want %+v", st.Days[0], want)
	}
}

// checkStatsSums: the 30 days add up, and the totals count the shop now.
func checkStatsSums(t *testing.T, st adminStatsWire) {
	t.Helper()
	var listings, bookings, payments, revenue, reports int64
	for _, d := range st.Days {
		listings, bookings, payments, revenue, reports = listings+d.Listings, bookings+d.Bookings, payments+d.Payments, revenue+d.Revenue, reports+d.Reports
	}
	if listings != 3 || bookings != 3 || payments != 2 || revenue != 80000 || reports != 3 {
		t.Errorf("30 days: %d listings, %d bookings, %d payments, %d Tk, %d reports; want 3, 3, 2, 80000, 3",
			listings, bookings, payments, revenue, reports)
	}
	tot := st.Totals
	if tot.AvailableListings != 4 || tot.Sellers != 2 || tot.Buyers != 2 || tot.UnverifiedSellers != 1 || tot.OpenReports != 2 {
		t.Errorf("totals = %+v, want 4 available, 2 sellers, 2 buyers, 1 unverified, 2 reported", tot)
	}

}

// An empty shop answers 30 days of zeros ending today, in the shop's zone.
func TestAdminStatsOfAnEmptyShop(t *testing.T) {
	t.Parallel()
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	// 8 March 2026 is the day the clocks go forward there: 23 hours
	now := time.Date(2026, 3, 8, 23, 30, 0, 0, la)
	m := newMarketWith(t, func(o *api.Options) {
		o.Location = la
		o.Now = func() time.Time { return now }
	})
	st := m.adminStats()
	if len(st.Days) != 30 || st.Today.Date != "2026-03-08" || st.Days[0].Date != "2026-02-07" {
		t.Fatalf("days: %d, today %q, first %q", len(st.Days), st.Today.Date, st.Days[0].Date)
	}
	for _, d := range st.Days {
		if d.Listings+d.Bookings+d.Payments+d.Revenue+d.Reports != 0 {
			t.Errorf("day %+v is not empty", d)
		}
	}
}
