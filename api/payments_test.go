package api_test

import (
	"bytes"
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"resale/api"
	"resale/payments"
)

type payMarket struct {
	*market
	stripe   *fakeStripe
	payments *payments.Service
}

func newPayMarket(t *testing.T) *payMarket {
	t.Helper()
	f := newFakeStripe(t)
	var svc *payments.Service
	m := newMarketWith(t, func(o *api.Options) { withStripe(f)(o); svc = o.Payments })
	return &payMarket{market: m, stripe: f, payments: svc}
}

// intentFor starts paying a booking and returns the PaymentIntent id.
func (m *payMarket) intentFor(token, bookingID string) string {
	m.t.Helper()
	rec := m.postJSON("/api/create-payment-intent", token, map[string]any{"bookingId": bookingID, "price": 1})
	if rec.Code != http.StatusOK {
		m.t.Fatalf("create-payment-intent: %d %s", rec.Code, rec.Body.String())
	}
	var cs struct {
		ClientSecret string `json:"clientSecret"`
	}
	decode(m.t, rec, &cs)
	id, _, _ := bytes.Cut([]byte(cs.ClientSecret), []byte("_secret_"))
	return string(id)
}

func (m *payMarket) pay(token, bookingID, pi string) *httpResult {
	m.t.Helper()
	rec := m.postJSON("/api/payments", token, map[string]any{
		"bookingId": bookingID, "transactionId": pi, "ProductId": "1", "price": 1, "buyerEmail": "x@example.com",
	})
	return &httpResult{code: rec.Code, body: rec.Body.String()}
}

type httpResult struct {
	code int
	body string
}

func (m *payMarket) webhook(body []byte, sig string) int {
	m.t.Helper()
	h := http.Header{"Content-Type": {"application/json"}}
	if sig != "" {
		h.Set("Stripe-Signature", sig)
	}
	return m.do(http.MethodPost, "/api/stripe/webhook", bytes.NewReader(body), h).Code
}

func (m *payMarket) paymentCount() int {
	m.t.Helper()
	var n int
	if err := m.pool.QueryRow(context.Background(), "SELECT count(*) FROM payments").Scan(&n); err != nil {
		m.t.Fatal(err)
	}
	return n
}

func TestPayingABooking(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)

	pi := m.intentFor(m.buyer.AccessToken, bid)
	got := m.stripe.Intent(pi)
	meta := got["metadata"].(map[string]string)
	if got["amount"] != int64(3800000) || got["currency"] != "bdt" || meta["booking_id"] != bid || meta["product_id"] != pid {
		t.Fatalf("PaymentIntent = %+v (the amount must come from the booking, not the client's price)", got)
	}
	// asking again reuses it
	if again := m.intentFor(m.buyer.AccessToken, bid); again != pi || m.stripe.CreateCount() != 1 {
		t.Fatalf("second intent %s, %d created", again, m.stripe.CreateCount())
	}
	// not paid yet: refused, nothing recorded
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusConflict {
		t.Fatalf("paying before the card went through: %d %s", r.code, r.body)
	}
	m.stripe.Succeed(pi)
	r := m.pay(m.buyer.AccessToken, bid, pi)
	if r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	if again := m.pay(m.buyer.AccessToken, bid, pi); again.code != http.StatusOK || again.body != r.body {
		t.Fatalf("paying twice: %d %s, want the same answer %s", again.code, again.body, r.body)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if !b.Paid {
		t.Error("booking not paid")
	}
	if list := m.products("/api/products?category=HP", ""); len(list) != 0 {
		t.Errorf("sold product still listed: %+v", list)
	}
	mine := m.products("/api/userProducts", m.seller.AccessToken)
	if len(mine) != 1 || mine[0].Available != "soled" {
		t.Errorf("seller sees %+v", mine)
	}
	wantError(t, m.do(http.MethodDelete, "/api/bookings/"+bid, nil, bearer(m.buyer.AccessToken)), http.StatusConflict, "paid")
	wantError(t, m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": bid}), http.StatusConflict, "paid")
	// the webhook for the same payment changes nothing
	body, sig := signedEvent(t, "evt_1", m.stripe.Intent(pi), testWebhookSecret, time.Now())
	if code := m.webhook(body, sig); code != http.StatusOK {
		t.Fatalf("webhook: %d", code)
	}
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments recorded, want 1", n)
	}
}

func TestPaymentTampering(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Cheaper laptop", "sellPrice": 5000})
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	cheapBooking, _ := m.book(m.buyer.AccessToken, other, nil)
	theirs, _ := m.book(m.otherBuyer.AccessToken, pid, nil)

	// someone else's booking is not found, whether starting or recording
	wantError(t, m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": theirs}), 404, "not_found")
	theirPI := m.intentFor(m.otherBuyer.AccessToken, theirs)
	m.stripe.Succeed(theirPI)
	if r := m.pay(m.buyer.AccessToken, theirs, theirPI); r.code != http.StatusNotFound {
		t.Errorf("paying someone else's booking: %d", r.code)
	}
	// a succeeded PaymentIntent of another (cheaper) booking does not pay this one
	cheapPI := m.intentFor(m.buyer.AccessToken, cheapBooking)
	m.stripe.Succeed(cheapPI)
	if r := m.pay(m.buyer.AccessToken, bid, cheapPI); r.code != http.StatusConflict {
		t.Errorf("another booking's payment: %d %s", r.code, r.body)
	}
	// a PaymentIntent made outside, naming this booking but for less
	// money, and the right amount in another currency: they do not pay
	// the booking, but money that came for it is recorded and refunded,
	// never dropped (#31)
	m.stripe.Put(map[string]any{"id": "pi_forged", "object": "payment_intent", "amount": 100, "currency": "bdt", "status": "succeeded",
		"metadata": map[string]string{"booking_id": bid}})
	wantError(t, m.postJSON("/api/payments", m.buyer.AccessToken, map[string]any{"bookingId": bid, "transactionId": "pi_forged"}), http.StatusConflict, "payment_refunded")
	m.stripe.Put(map[string]any{"id": "pi_usd", "object": "payment_intent", "amount": 3800000, "currency": "usd", "status": "succeeded",
		"metadata": map[string]string{"booking_id": bid}})
	wantError(t, m.postJSON("/api/payments", m.buyer.AccessToken, map[string]any{"bookingId": bid, "transactionId": "pi_usd"}), http.StatusConflict, "payment_refunded")
	for _, pi := range []string{"pi_forged", "pi_usd"} {
		if n := m.stripe.RefundCount(pi); n != 1 {
			t.Errorf("%s refunded %d times", pi, n)
		}
	}
	if r := m.pay(m.buyer.AccessToken, bid, "pi_does_not_exist"); r.code != http.StatusConflict {
		t.Errorf("unknown PaymentIntent: %d %s", r.code, r.body)
	}
	for name, body := range map[string]map[string]any{
		"no transaction":  {"bookingId": bid},
		"junk booking id": {"bookingId": "1; DROP TABLE payments", "transactionId": "pi_x"},
		"unknown field":   {"bookingId": bid, "transactionId": "pi_x", "paid": true},
	} {
		if rec := m.postJSON("/api/payments", m.buyer.AccessToken, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", name, rec.Code)
		}
	}
	wantError(t, m.postJSON("/api/payments", "", map[string]any{"bookingId": bid, "transactionId": "pi_x"}), 401, "unauthorized")
	var standing int
	m.scalar(&standing, "SELECT count(*) FROM payments WHERE status <> 'refunded'")
	if n := m.paymentCount(); n != 2 || standing != 0 {
		t.Fatalf("%d payments recorded from tampering (%d not refunded), want the 2 wrong ones, refunded", n, standing)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Paid {
		t.Error("booking marked paid")
	}
}

func TestWebhook(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	intent := m.stripe.Intent(pi)
	now := time.Now()

	body, sig := signedEvent(t, "evt_a", intent, testWebhookSecret, now)
	_, otherSig := signedEvent(t, "evt_a", intent, "whsec_someone_else", now)
	oldBody, oldSig := signedEvent(t, "evt_a", intent, testWebhookSecret, now.Add(-time.Hour))
	tampered := bytes.Replace(body, []byte(`"amount":3800000`), []byte(`"amount":100`), 1)
	for name, c := range map[string]struct {
		body []byte
		sig  string
	}{
		"unsigned":             {body, ""},
		"garbage signature":    {body, "t=1,v1=abc"},
		"another secret":       {body, otherSig},
		"replayed an hour on":  {oldBody, oldSig},
		"edited after signing": {tampered, sig},
	} {
		if code := m.webhook(c.body, c.sig); code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, code)
		}
	}
	if n := m.paymentCount(); n != 0 {
		t.Fatalf("forged events recorded %d payments", n)
	}
	// the real event records the payment; its redelivery changes nothing
	for i := 0; i < 2; i++ {
		if code := m.webhook(body, sig); code != http.StatusOK {
			t.Fatalf("delivery %d: %d", i, code)
		}
	}
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments, want 1", n)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if !b.Paid {
		t.Fatal("webhook did not mark the booking paid")
	}
	// the buyer's own report afterwards gets the same record
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
		t.Errorf("pay after webhook: %d %s", r.code, r.body)
	}
	// an event for a payment that is none of ours is acknowledged and ignored
	stray, straySig := signedEvent(t, "evt_stray", map[string]any{"id": "pi_stray", "object": "payment_intent", "amount": 500, "currency": "bdt", "status": "succeeded", "metadata": map[string]string{}}, testWebhookSecret, now)
	if code := m.webhook(stray, straySig); code != http.StatusOK {
		t.Errorf("stray event: %d", code)
	}
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments after the stray event", n)
	}
}

// The buyer's report, the webhook and retries arriving together record
// one payment.
func TestPaymentRecordedExactlyOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	body, sig := signedEvent(t, "evt_c", m.stripe.Intent(pi), testWebhookSecret, time.Now())

	var wg sync.WaitGroup
	codes := make(chan int, 12)
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				codes <- m.pay(m.buyer.AccessToken, bid, pi).code
			} else {
				codes <- m.webhook(body, sig)
			}
		}()
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusOK {
			t.Errorf("a concurrent call answered %d", code)
		}
	}
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments recorded, want exactly 1", n)
	}
}

// Two buyers pay for the same laptop: the first sale stands, the second
// payment is kept and marked for refund, nothing is lost.
func TestSecondBuyerOfASoldProductIsMarkedForRefund(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	first, _ := m.book(m.buyer.AccessToken, pid, nil)
	second, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	pi1 := m.intentFor(m.buyer.AccessToken, first)
	pi2 := m.intentFor(m.otherBuyer.AccessToken, second)
	m.stripe.Succeed(pi1)
	m.stripe.Succeed(pi2)
	if r := m.pay(m.buyer.AccessToken, first, pi1); r.code != 200 {
		t.Fatalf("first: %d %s", r.code, r.body)
	}
	r := m.pay(m.otherBuyer.AccessToken, second, pi2)
	if r.code != http.StatusConflict {
		t.Fatalf("second: %d %s", r.code, r.body)
	}
	var status string
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+second, m.otherBuyer.AccessToken), &b)
	if b.Paid {
		t.Error("the second booking shows paid")
	}
	// the money went back through Stripe at once, exactly once
	if n := m.stripe.RefundCount(pi2); n != 1 {
		t.Fatalf("refunds of the second payment: %d", n)
	}
	if err := m.pool.QueryRow(context.Background(), "SELECT status FROM payments WHERE transaction_id = $1", pi2).Scan(&status); err != nil || status != "refunded" {
		t.Fatalf("second payment after refund: %q %v", status, err)
	}
	if m.stripe.RefundCount(pi1) != 0 {
		t.Error("the first buyer was refunded")
	}
	// a new intent for the losing booking is refused before Stripe is
	// asked: the sale declined it
	wantError(t, m.postJSON("/api/create-payment-intent", m.otherBuyer.AccessToken, map[string]any{"bookingId": second}), http.StatusConflict, "wrong_state")
}

func TestPaymentsOff(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	wantError(t, m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": bid}), http.StatusServiceUnavailable, "payments_off")
	wantError(t, m.postJSON("/api/payments", m.buyer.AccessToken, map[string]any{"bookingId": bid, "transactionId": "pi_1"}), http.StatusServiceUnavailable, "payments_off")
	wantError(t, m.postJSON("/api/stripe/webhook", "", map[string]any{}), http.StatusNotFound, "not_found")
}
