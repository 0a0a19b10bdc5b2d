package api_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"resale/payments/sslcommerztest"
)

// methodWire is what a booking or lead says of how it is paid.
type methodWire struct {
	ID            string `json:"_id"`
	Status        string `json:"status"`
	Paid          bool   `json:"paid"`
	PaymentMethod string `json:"paymentMethod"`
}

// configMethods is GET /api/config's paymentMethods.
func configMethods(t *testing.T, s *testServer) []string {
	t.Helper()
	var c struct {
		PaymentMethods []string `json:"paymentMethods"`
	}
	decode(t, s.get("/api/config"), &c)
	return c.PaymentMethods
}

// GET /api/config offers cash always, first; card with Stripe; SSLCommerz
// with its store account.
func TestConfigPaymentMethods(t *testing.T) {
	t.Parallel()
	plain := newTestServer(t)
	if got := configMethods(t, plain); !slices.Equal(got, []string{"cash"}) {
		t.Errorf("without Stripe: %v, want [cash]", got)
	}
	card := newTestServerWith(t, plain.store, withStripe(newFakeStripe(t)))
	if got := configMethods(t, card); !slices.Equal(got, []string{"cash", "card"}) {
		t.Errorf("with Stripe: %v, want [cash card]", got)
	}
	both := newTestServerWith(t, plain.store, withPayments(newFakeStripe(t), sslcommerztest.New(t, sslcommerztest.Options{}), "http://shop.test"))
	if got := configMethods(t, both); !slices.Equal(got, []string{"cash", "card", "sslcommerz"}) {
		t.Errorf("with Stripe and SSLCommerz: %v", got)
	}
	ssl := newTestServerWith(t, plain.store, withPayments(nil, sslcommerztest.New(t, sslcommerztest.Options{}), "http://shop.test"))
	if got := configMethods(t, ssl); !slices.Equal(got, []string{"cash", "sslcommerz"}) {
		t.Errorf("with SSLCommerz only: %v", got)
	}
}

// A booking is cash unless the buyer chooses an offered method; every
// answer about it says which; an unknown or unoffered one is refused with
// its field named.
func TestBookingPaymentMethod(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, withStripe(newFakeStripe(t)))
	pid := m.addProduct(m.seller.AccessToken, nil)

	for _, tc := range []struct {
		name   string
		method any
		field  string
	}{
		{"unknown", "bitcoin", "must be cash, card or sslcommerz"},
		{"in capitals", "CASH", "must be cash, card or sslcommerz"},
		{"empty", "", "must be cash, card or sslcommerz"},
		{"not offered here", "sslcommerz", "is not offered by this shop: choose cash or card"},
	} {
		_, code := m.book(m.buyer.AccessToken, pid, map[string]any{"paymentMethod": tc.method})
		if code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", tc.name, code)
			continue
		}
		rec := m.postJSON("/api/bookings", m.buyer.AccessToken, map[string]any{"ProductId": pid, "number": "01811223344", "meetLocation": "Mirpur", "paymentMethod": tc.method})
		if e := wantError(t, rec, http.StatusBadRequest, "invalid"); e.Fields["paymentMethod"] != tc.field {
			t.Errorf("%s: fields %v, want paymentMethod %q", tc.name, e.Fields, tc.field)
		}
	}
	rec := m.postJSON("/api/bookings", m.buyer.AccessToken, map[string]any{"ProductId": pid, "number": "01811223344", "meetLocation": "Mirpur", "paymentMethod": 5})
	wantError(t, rec, http.StatusBadRequest, "invalid")

	cash, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	var b methodWire
	decode(t, m.getAs("/api/bookings/"+cash, m.buyer.AccessToken), &b)
	if b.PaymentMethod != "cash" {
		t.Errorf("a booking without a method is %q, want cash", b.PaymentMethod)
	}
	pid2 := m.addProduct(m.seller.AccessToken, nil)
	card, code := m.book(m.otherBuyer.AccessToken, pid2, map[string]any{"paymentMethod": "card"})
	if code != http.StatusCreated {
		t.Fatalf("book by card: %d", code)
	}
	var list []methodWire
	decode(t, m.getAs("/api/bookings", m.otherBuyer.AccessToken), &list)
	if len(list) != 1 || list[0].ID != card || list[0].PaymentMethod != "card" {
		t.Errorf("My Booking: %+v", list)
	}
	var leads []methodWire
	decode(t, m.getAs("/api/leads", m.seller.AccessToken), &leads)
	got := map[string]string{}
	for _, l := range leads {
		got[l.ID] = l.PaymentMethod
	}
	if got[cash] != "cash" || got[card] != "card" {
		t.Errorf("the seller's leads say %v", got)
	}
}

// The buyer changes how an unpaid booking is paid; nobody else can; once
// paid it is refused; paying by card makes it card.
func TestChangePaymentMethod(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	path := "/api/bookings/" + bid + "/payment-method"
	change := func(token string, body any) *httptest.ResponseRecorder {
		return m.send(http.MethodPut, path, token, body)
	}

	rec := change(m.buyer.AccessToken, map[string]any{"paymentMethod": "card"})
	var b methodWire
	if rec.Code != http.StatusOK {
		t.Fatalf("change to card: %d %s", rec.Code, rec.Body.String())
	}
	decode(t, rec, &b)
	if b.ID != bid || b.PaymentMethod != "card" || b.Status != "pending" {
		t.Errorf("answered %+v", b)
	}
	for _, tc := range []struct {
		name  string
		body  any
		field string
	}{
		{"missing", map[string]any{}, "is required"},
		{"unknown", map[string]any{"paymentMethod": "bitcoin"}, "must be cash, card or sslcommerz"},
		{"not offered", map[string]any{"paymentMethod": "sslcommerz"}, "is not offered by this shop: choose cash or card"},
	} {
		if e := wantError(t, change(m.buyer.AccessToken, tc.body), http.StatusBadRequest, "invalid"); e.Fields["paymentMethod"] != tc.field {
			t.Errorf("%s: %v", tc.name, e.Fields)
		}
	}
	wantError(t, change(m.buyer.AccessToken, map[string]any{"paymentMethod": "cash", "paid": true}), http.StatusBadRequest, "invalid")
	// another buyer, the seller and an admin: not theirs to change
	for who, token := range map[string]string{"other buyer": m.otherBuyer.AccessToken, "seller": m.seller.AccessToken, "admin": m.admin.AccessToken} {
		wantError(t, change(token, map[string]any{"paymentMethod": "cash"}), http.StatusNotFound, "not_found")
		if m.bookingMethod(bid) != "card" {
			t.Errorf("%s changed it", who)
		}
	}
	wantError(t, m.send(http.MethodPut, "/api/bookings/999999/payment-method", m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}), http.StatusNotFound, "not_found")

	// back to cash, then Pay: the PaymentIntent makes it card again
	if rec := change(m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}); rec.Code != http.StatusOK {
		t.Fatalf("back to cash: %d", rec.Code)
	}
	pi := m.intentFor(m.buyer.AccessToken, bid)
	if got := m.bookingMethod(bid); got != "card" {
		t.Errorf("after Pay it is %s, want card", got)
	}
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	e := wantError(t, change(m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}), http.StatusConflict, "paid")
	if e.Message != "This booking is already paid, so how it is paid cannot change" {
		t.Errorf("refused with %q", e.Message)
	}
}

// Leaving card cancels the PaymentIntent a tab may still hold.
func TestLeavingCardCancelsThePaymentIntent(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	if rec := m.send(http.MethodPut, "/api/bookings/"+bid+"/payment-method", m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}); rec.Code != http.StatusOK {
		t.Fatalf("to cash: %d %s", rec.Code, rec.Body.String())
	}
	if st := m.stripe.Intent(pi)["status"]; st != "canceled" {
		t.Errorf("the PaymentIntent left behind is %q, want canceled", st)
	}
}

// A cash booking is completed by the hand-over code, nothing paid online.
func TestCashBookingCompletesByHandover(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, withStripe(newFakeStripe(t)))
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, map[string]any{"paymentMethod": "cash"})
	code := m.mustAccept(m.buyer.AccessToken, bid)
	if rec := m.handover(m.seller.AccessToken, bid, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	var b methodWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Status != "completed" || b.Paid || b.PaymentMethod != "cash" {
		t.Errorf("after the hand-over: %+v", b)
	}
	wantError(t, m.send(http.MethodPut, "/api/bookings/"+bid+"/payment-method", m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}), http.StatusConflict, "wrong_state")

	// what they were told says cash in plain words, and no card
	for _, tc := range []struct{ user, kind, want string }{
		{m.seller.User.ID, "booking_received", "They pay in cash at the hand-over."},
		{m.buyer.User.ID, "booking_accepted", "Pay at the hand-over: cash, 38,000 Tk."},
		{m.buyer.User.ID, "handover_completed", "You paid in cash at the hand-over (38,000 Tk)."},
		{m.seller.User.ID, "handover_completed", "They paid in cash at the hand-over (38,000 Tk)."},
	} {
		bodies := m.noticeBodies(tc.user, tc.kind)
		if len(bodies) != 1 || !strings.Contains(bodies[0], tc.want) || strings.Contains(strings.ToLower(bodies[0]), "card") {
			t.Errorf("%s says %q; want %q and no card", tc.kind, bodies, tc.want)
		}
	}
	// a card booking's acceptance says so
	pid2 := m.addProduct(m.seller.AccessToken, nil)
	cb, booked := m.book(m.otherBuyer.AccessToken, pid2, map[string]any{"paymentMethod": "card"})
	if booked != http.StatusCreated {
		t.Fatalf("book by card: %d", booked)
	}
	m.mustAccept(m.otherBuyer.AccessToken, cb)
	bodies := m.noticeBodies(m.otherBuyer.User.ID, "booking_accepted")
	if len(bodies) != 1 || !strings.Contains(bodies[0], "Pay by card from My Booking.") || strings.Contains(bodies[0], "cash") {
		t.Errorf("the acceptances say %q", bodies)
	}
}

// bookingMethod reads a booking's method from the database.
func (m *market) bookingMethod(id string) string {
	m.t.Helper()
	var out string
	if err := m.pool.QueryRow(m.t.Context(), "SELECT payment_method FROM bookings WHERE id = $1", id).Scan(&out); err != nil {
		m.t.Fatal(err)
	}
	return out
}
