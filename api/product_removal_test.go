package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// #31, F6: a laptop its buyer paid for (or the seller reserved for them)
// cannot vanish under the booking. The seller is refused; an admin's
// removal refunds the buyer, ends the booking and tells both sides.

// paidBooking books pid as the buyer and pays it by card; it answers the
// booking and its PaymentIntent.
func (m *payMarket) paidBooking(pid string) (string, string) {
	m.t.Helper()
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
		m.t.Fatalf("pay: %d %s", r.code, r.body)
	}
	return bid, pi
}

func (m *payMarket) productDeleted(pid string) bool {
	m.t.Helper()
	var gone bool
	m.scalar(&gone, "SELECT deleted_at IS NOT NULL FROM products WHERE id = $1", pid)
	return gone
}

func TestSellerCannotRemoveAHeldLaptop(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)

	// accepted: refused until the seller declines the booking
	reserved := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, reserved, nil)
	m.mustAccept(m.buyer.AccessToken, bid)
	e := wantError(t, m.do(http.MethodDelete, "/api/products/"+reserved, nil, bearer(m.seller.AccessToken)), http.StatusConflict, "held")
	if !strings.Contains(e.Message, "decline that booking") {
		t.Errorf("message %q", e.Message)
	}
	wantError(t, m.do(http.MethodPut, "/api/products/"+reserved+"/sold", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "held")
	if m.productDeleted(reserved) || m.bookingAs(m.buyer.AccessToken, bid).Status != "accepted" {
		t.Fatal("a refused deletion changed something")
	}
	if rec := m.send(http.MethodPut, "/api/bookings/"+bid+"/decline", m.seller.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body.String())
	}
	if rec := m.do(http.MethodDelete, "/api/products/"+reserved, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete after declining: %d %s", rec.Code, rec.Body.String())
	}

	// paid: refused; the hand-over still completes the sale
	paid := m.addProduct(m.seller.AccessToken, nil)
	pbid, pi := m.paidBooking(paid)
	before := m.notices()
	e = wantError(t, m.do(http.MethodDelete, "/api/products/"+paid, nil, bearer(m.seller.AccessToken)), http.StatusConflict, "held")
	if !strings.Contains(e.Message, "paid for this laptop") {
		t.Errorf("message %q", e.Message)
	}
	wantError(t, m.do(http.MethodPut, "/api/products/"+paid+"/sold", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "held")
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
	b := m.bookingAs(m.buyer.AccessToken, pbid)
	if m.productDeleted(paid) || status != "succeeded" || !b.Paid || b.Status != "paid" || m.stripe.RefundCount(pi) != 0 {
		t.Fatalf("a refused deletion changed something: deleted %v, payment %q, booking %+v", m.productDeleted(paid), status, b)
	}
	if got := m.notices(); len(got) != len(before) {
		t.Errorf("a refused deletion told someone: %v, before %v", got, before)
	}
	if rec := m.send(http.MethodPost, "/api/bookings/"+pbid+"/handover", m.seller.AccessToken, map[string]any{"code": b.HandoverCode}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
}

// An admin removes a paid listing (a report's removal with a reason, and
// the plain admin deletion): the payment is refunded, the booking declined
// (removed, with the reason), and the buyer and the seller are told.
func TestAdminRemovalRefundsThePaidBuyer(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	buyer, seller := m.buyer.User.ID, m.seller.User.ID

	reported := m.addProduct(m.seller.AccessToken, nil)
	bid, pi := m.paidBooking(reported)
	m.do(http.MethodPut, "/api/products/report/"+reported, nil, bearer(m.otherBuyer.AccessToken))
	before := m.notices()
	if rec := m.send(http.MethodDelete, "/api/products/report/"+reported, m.admin.AccessToken, map[string]any{"reason": "Reported as stolen"}); rec.Code != http.StatusOK {
		t.Fatalf("admin removal: %d %s", rec.Code, rec.Body.String())
	}
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
	if status != "refunded" || m.stripe.RefundCount(pi) != 1 {
		t.Fatalf("payment %q, %d refunds", status, m.stripe.RefundCount(pi))
	}
	b := m.bookingAs(m.buyer.AccessToken, bid)
	if b.Paid || b.Status != "declined" || b.DeclineCode != "removed" || b.DeclineReason != "Reported as stolen" {
		t.Fatalf("booking after removal: %+v", b)
	}
	got := m.notices()
	if got[buyer+" listing_withdrawn"] != before[buyer+" listing_withdrawn"]+1 || got[seller+" product_removed"] != before[seller+" product_removed"]+1 {
		t.Fatalf("both sides told: %v (before %v)", got, before)
	}
	var words string
	m.scalar(&words, "SELECT body FROM notifications WHERE kind = 'listing_withdrawn' AND user_id = $1", buyer)
	if !strings.Contains(words, "38,000 Tk goes back to your card") {
		t.Errorf("the buyer's notice: %q", words)
	}
	m.scalar(&words, "SELECT body FROM notifications WHERE kind = 'product_removed' AND user_id = $1", seller)
	if !strings.Contains(words, "Reported as stolen") || !strings.Contains(words, "38,000 Tk is refunded") {
		t.Errorf("the seller's notice: %q", words)
	}
	// the hand-over of the ended booking is refused
	if rec := m.send(http.MethodPost, "/api/bookings/"+bid+"/handover", m.seller.AccessToken, map[string]any{"code": "123456"}); rec.Code == http.StatusOK {
		t.Fatal("handed over a removed listing")
	}

	// the plain admin deletion, no reason: the same
	other := m.addProduct(m.seller.AccessToken, nil)
	obid, opi := m.paidBooking(other)
	if rec := m.do(http.MethodDelete, "/api/products/"+other, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("admin deletion: %d %s", rec.Code, rec.Body.String())
	}
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", opi)
	if ob := m.bookingAs(m.buyer.AccessToken, obid); status != "refunded" || ob.Status != "declined" || ob.DeclineCode != "removed" {
		t.Fatalf("payment %q, booking %+v", status, ob)
	}
	// the refund retried by the reconciliation when Stripe failed it: not here
	if m.stripe.RefundCount(opi) != 1 {
		t.Fatalf("%d refunds", m.stripe.RefundCount(opi))
	}
}

// The buyer's payment lands (Stripe's webhook) while the seller deletes
// the listing. Either the payment comes first and the deletion is refused,
// or the deletion comes first and the payment is kept and refunded: never
// a deleted listing with a standing payment.
func TestPaymentRacesSellerDelete(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	first := map[string]int{}
	for i := range 6 {
		pid := m.addProduct(m.seller.AccessToken, nil)
		bid, _ := m.book(m.buyer.AccessToken, pid, nil)
		pi := m.intentFor(m.buyer.AccessToken, bid)
		m.stripe.Succeed(pi)
		body, sig := signedEvent(t, "evt_race_"+pid, m.stripe.Intent(pi), testWebhookSecret, time.Now())
		var hook, del int
		inTurn(i,
			func() { hook = m.webhook(body, sig) },
			func() { del = m.do(http.MethodDelete, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)).Code })
		var status string
		m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
		deleted := m.productDeleted(pid)
		switch {
		case hook != http.StatusOK:
			t.Fatalf("webhook %d", hook)
		case del == http.StatusConflict && !deleted && status == "succeeded" && m.bookingAs(m.buyer.AccessToken, bid).Paid:
			first["payment"]++
		case del == http.StatusOK && deleted && status == "refunded" && m.stripe.RefundCount(pi) == 1:
			first["deletion"]++
		default:
			t.Fatalf("round %d: deletion %d (deleted %v), payment %q, %d refunds", i, del, deleted, status, m.stripe.RefundCount(pi))
		}
	}
	t.Logf("which came first: %v", first)
}
