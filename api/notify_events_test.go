package api_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"resale/store"
)

// notices counts the notifications of each user and kind.
func (m *market) notices() map[string]int {
	m.t.Helper()
	rows, err := m.pool.Query(context.Background(), `SELECT user_id, kind, count(*) FROM notifications GROUP BY 1, 2`)
	if err != nil {
		m.t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id int64
		var kind string
		var n int
		if err := rows.Scan(&id, &kind, &n); err != nil {
			m.t.Fatal(err)
		}
		out[strconv.FormatInt(id, 10)+" "+kind] = n
	}
	return out
}

func (m *market) wantNotices(step string, want map[string]int) {
	m.t.Helper()
	got := m.notices()
	for k, n := range want {
		if got[k] != n {
			m.t.Errorf("%s: %s: %d notifications, want %d (all: %v)", step, k, got[k], n, got)
		}
	}
	total, wantTotal := 0, 0
	for _, n := range got {
		total += n
	}
	for _, n := range want {
		wantTotal += n
	}
	if total != wantTotal {
		m.t.Errorf("%s: %d notifications in all, want %d: %v", step, total, wantTotal, got)
	}
}

// Each event writes exactly its notifications, in its transaction; a
// refused event writes none.
func TestEventsNotify(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	want := map[string]int{}
	m.wantNotices("listed", want)

	bid := notifyBookings(t, m, pid, want)
	notifyPayment(t, m, pid, bid, want)
	notifyRemovals(t, m, want)
	// verification, once
	for range 2 {
		m.do(http.MethodPut, "/api/users/"+m.seller.User.Email, nil, bearer(m.admin.AccessToken))
	}
	want[m.seller.User.ID+" seller_verified"] = 1
	m.wantNotices("verified", want)
}

// notifyBookings: a booking tells the seller who and where; refused ones
// tell nobody; a cancellation tells the seller. It returns the first
// buyer's booking.
func notifyBookings(t *testing.T, m *market, pid string, want map[string]int) string {
	t.Helper()
	seller := m.seller.User.ID
	// refused: the seller's own product
	if _, code := m.book(m.seller.AccessToken, pid, nil); code != http.StatusConflict {
		t.Fatalf("own booking: %d", code)
	}
	m.wantNotices("refused booking", want)

	bid, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("booking: %d", code)
	}
	want[seller+" booking_received"] = 1
	m.wantNotices("booked", want)
	var body string
	if err := m.pool.QueryRow(context.Background(), `SELECT body FROM notifications WHERE kind = 'booking_received'`).Scan(&body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, "01811223344") || !strings.Contains(body, "Mirpur 10") || !strings.Contains(body, m.buyer.User.UserName) {
		t.Errorf("the seller is not told who and where: %q", body)
	}
	// twice refused: already booked
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusConflict {
		t.Fatalf("second booking: %d", code)
	}
	m.wantNotices("refused second booking", want)

	// the other buyer books and cancels
	obid, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	want[seller+" booking_received"] = 2
	if rec := m.do(http.MethodDelete, "/api/bookings/"+obid, nil, bearer(m.otherBuyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	want[seller+" booking_cancelled"] = 1
	m.wantNotices("cancelled", want)
	return bid
}

// notifyPayment: another booking, then the first buyer's payment, which
// tells both buyers and the seller once, however often it arrives.
func notifyPayment(t *testing.T, m *market, pid, bid string, want map[string]int) {
	t.Helper()
	seller, buyer, other := m.seller.User.ID, m.buyer.User.ID, m.otherBuyer.User.ID
	m.book(m.otherBuyer.AccessToken, pid, nil)
	want[seller+" booking_received"] = 3
	id, _ := strconv.ParseInt(bid, 10, 64)
	// the booking's own PaymentIntent, for its price (#31)
	m.exec("UPDATE bookings SET payment_intent_id = 'pi_1', price = 25000 WHERE id = $1", id)
	for range 2 { // recorded once, however often it arrives
		if _, _, err := m.store.RecordPayment(context.Background(), store.PaymentRecord{BookingID: id, TransactionID: "pi_1", Amount: 2500000, Currency: "bdt", ForPrice: 25000}); err != nil {
			t.Fatal(err)
		}
	}
	want[seller+" payment_received"] = 1
	want[buyer+" payment_receipt"] = 1
	want[other+" sold_elsewhere"] = 1
	want[buyer+" review_request"] = 1 // #20: the buyer is asked to review the seller
	m.wantNotices("paid", want)
	var receipt string
	if err := m.pool.QueryRow(context.Background(), `SELECT body FROM notifications WHERE kind = 'payment_receipt'`).Scan(&receipt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(receipt, "25,000 Tk") {
		t.Errorf("receipt %q", receipt)
	}

}

// notifyRemovals: an admin's removal of a reported product tells its
// seller why; the seller's own deletion tells nobody.
func notifyRemovals(t *testing.T, m *market, want map[string]int) {
	t.Helper()
	seller := m.seller.User.ID
	var body string
	pid2 := m.addProduct(m.seller.AccessToken, nil)
	m.do(http.MethodPut, "/api/products/report/"+pid2, nil, bearer(m.buyer.AccessToken))
	rec := m.do(http.MethodDelete, "/api/products/report/"+pid2, strings.NewReader(`{"reason":"duplicate listing"}`), bearer(m.admin.AccessToken))
	if rec.Code != http.StatusOK {
		t.Fatalf("remove: %d %s", rec.Code, rec.Body)
	}
	want[seller+" product_removed"] = 1
	m.wantNotices("removed", want)
	if err := m.pool.QueryRow(context.Background(), `SELECT body FROM notifications WHERE kind = 'product_removed'`).Scan(&body); err != nil || !strings.Contains(body, "duplicate listing") {
		t.Errorf("removal: %q %v", body, err)
	}
	// a seller deleting their own product is told nothing
	pid3 := m.addProduct(m.seller.AccessToken, nil)
	m.do(http.MethodDelete, "/api/products/"+pid3, nil, bearer(m.seller.AccessToken))
	m.wantNotices("own deletion", want)

}

// A laptop taken off the shop takes its open bookings with it, and the
// other side of each is told: its buyers when the seller or an admin
// deletes it or the seller's account, its seller when the buyer's account
// goes. Nobody is told of a booking already closed.
func TestWithdrawnBookingsAreTold(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	seller, otherSeller, buyer, other := m.seller.User.ID, m.otherSeller.User.ID, m.buyer.User.ID, m.otherBuyer.User.ID
	want := map[string]int{}
	bookBy := func(token, pid string) string {
		t.Helper()
		id, code := m.book(token, pid, nil)
		if code != http.StatusCreated {
			t.Fatalf("booking: %d", code)
		}
		return id
	}

	// the seller deletes a laptop two buyers booked, one of them accepted
	deleted := m.addProduct(m.seller.AccessToken, nil)
	first := bookBy(m.buyer.AccessToken, deleted)
	bookBy(m.otherBuyer.AccessToken, deleted)
	want[seller+" booking_received"] = 2
	m.mustAccept(m.buyer.AccessToken, first) // the other booking is declined: reserved for another
	want[buyer+" booking_accepted"] = 1
	want[other+" booking_declined"] = 1
	m.wantNotices("accepted", want)
	// the seller may not while a booking is accepted (#31, F6); an admin may
	wantError(t, m.do(http.MethodDelete, "/api/products/"+deleted, nil, bearer(m.seller.AccessToken)), http.StatusConflict, "held")
	m.wantNotices("the seller could not delete it", want)
	if rec := m.do(http.MethodDelete, "/api/products/"+deleted, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body.String())
	}
	want[buyer+" listing_withdrawn"] = 1
	want[seller+" product_removed"] = 1
	m.wantNotices("an admin deleted it", want)
	var status string
	m.scalar(&status, "SELECT status FROM bookings WHERE id = $1", first)
	if status != "cancelled" {
		t.Errorf("the accepted booking is %q, want cancelled", status)
	}

	// an admin deletes a reported laptop a buyer booked
	reported := m.addProduct(m.seller.AccessToken, nil)
	bookBy(m.otherBuyer.AccessToken, reported)
	want[seller+" booking_received"]++
	m.do(http.MethodPut, "/api/products/report/"+reported, nil, bearer(m.buyer.AccessToken))
	if rec := m.send(http.MethodDelete, "/api/products/report/"+reported, m.admin.AccessToken, map[string]any{"reason": "Fake"}); rec.Code != http.StatusOK {
		t.Fatalf("admin delete: %d %s", rec.Code, rec.Body.String())
	}
	want[other+" listing_withdrawn"] = 1
	want[seller+" product_removed"]++
	m.wantNotices("an admin deleted a reported one", want)

	// the other seller's account goes: the buyer of their laptop is told;
	// the buyer's account goes: the seller of the laptop they booked is
	theirs := m.addProduct(m.otherSeller.AccessToken, nil)
	bookBy(m.buyer.AccessToken, theirs)
	want[otherSeller+" booking_received"] = 1
	mine := m.addProduct(m.seller.AccessToken, nil)
	bookBy(m.buyer.AccessToken, mine)
	want[seller+" booking_received"]++
	m.wantNotices("booked again", want)
	if rec := m.do(http.MethodDelete, "/api/users/"+otherSeller, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete seller: %d %s", rec.Code, rec.Body.String())
	}
	want[buyer+" listing_withdrawn"]++
	want[otherSeller+" account_deleted"] = 1 // #32: the one whose account went is told, by mail
	m.wantNotices("a seller deleted", want)
	if rec := m.do(http.MethodDelete, "/api/users/"+buyer, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete buyer: %d %s", rec.Code, rec.Body.String())
	}
	want[seller+" booking_cancelled"] = 1
	want[buyer+" account_deleted"] = 1
	m.wantNotices("a buyer deleted", want)
}
