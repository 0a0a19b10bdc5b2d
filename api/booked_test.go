package api_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"resale/store"
)

// GET /api/bookings/booked names every product the caller has an open
// booking of, however many pages of bookings they have: the Booked marker
// of a booking past the first page is right too. Cancelled and declined
// bookings do not count, nor other buyers'.
func TestBookedProductsPastTheFirstPage(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ctx := context.Background()
	var items []store.SeedProduct
	for i := range 105 {
		items = append(items, store.SeedProduct{NewProduct: store.NewProduct{Name: fmt.Sprintf("Laptop %03d", i), SellPrice: 10000 + int64(i)}, CreatedAt: time.Now().Add(-time.Duration(i) * time.Minute)})
	}
	ids := shelf(t, m, items)
	buyer, err := m.store.GetUserByEmail(ctx, m.buyer.User.Email)
	if err != nil {
		t.Fatal(err)
	}
	// one booking through the store, the rest copied from it in SQL: the
	// per-buyer booking budget would stop the store long before 105
	first, err := m.store.CreateBooking(ctx, store.NewBooking{ProductID: ids["Laptop 000"], Buyer: buyer, Phone: "01712345678", MeetLocation: "Mirpur 10"})
	if err != nil {
		t.Fatal(err)
	}
	var cols string
	if err := m.pool.QueryRow(ctx, `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) FROM information_schema.columns
		WHERE table_schema = 'public' AND table_name = 'bookings' AND column_name NOT IN ('id', 'product_id', 'status')`).Scan(&cols); err != nil {
		t.Fatal(err)
	}
	want := []string{fmt.Sprint(ids["Laptop 000"])}
	for i := 1; i < 105; i++ {
		id := ids[fmt.Sprintf("Laptop %03d", i)]
		var bid int64
		if err := m.pool.QueryRow(ctx, "INSERT INTO bookings (product_id, status, "+cols+") SELECT $1, 'pending', "+cols+" FROM bookings WHERE id = $2 RETURNING id", id, first.ID).Scan(&bid); err != nil {
			t.Fatal(err)
		}
		switch i {
		case 50:
			err = m.store.CancelBooking(ctx, bid, buyer.ID)
		case 51:
			_, err = m.store.DeclineBooking(ctx, bid, first.SellerID, "")
		default:
			want = append(want, fmt.Sprint(id))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		ProductIDs []string `json:"productIds"`
	}
	rec := m.getAs("/api/bookings/booked", m.buyer.AccessToken)
	decode(t, rec, &got)
	slices.Sort(want)
	gotSorted := slices.Clone(got.ProductIDs)
	slices.Sort(gotSorted)
	if rec.Code != http.StatusOK || !slices.Equal(gotSorted, want) {
		t.Fatalf("%d: %d ids %v, want %d", rec.Code, len(got.ProductIDs), got.ProductIDs, len(want))
	}
	// the first page of the bookings holds 100 of them: the marker could
	// not have read the oldest from it
	var page []struct {
		ProductID string `json:"ProductId"`
	}
	decode(t, m.getAs("/api/bookings?email="+m.buyer.User.Email, m.buyer.AccessToken), &page)
	if oldest := fmt.Sprint(ids["Laptop 000"]); len(page) != 100 || slices.ContainsFunc(page, func(p struct {
		ProductID string `json:"ProductId"`
	}) bool {
		return p.ProductID == oldest
	}) || !slices.Contains(got.ProductIDs, oldest) {
		t.Errorf("first page %d bookings; booked %v should hold the oldest %s, which is not on it", len(page), got.ProductIDs, oldest)
	}
	// another buyer has none; no one signed in gets nothing
	rec = m.getAs("/api/bookings/booked", m.otherBuyer.AccessToken)
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || len(got.ProductIDs) != 0 || rec.Body.String() != "{\"productIds\":[]}\n" {
		t.Errorf("other buyer: %d %s", rec.Code, rec.Body.String())
	}
	if rec := m.get("/api/bookings/booked"); rec.Code != http.StatusUnauthorized {
		t.Errorf("anonymous: %d", rec.Code)
	}
}
