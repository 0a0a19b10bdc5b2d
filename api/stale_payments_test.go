package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/payments/stripetest"
)

// #31, F5: paying races a price change (the seller accepting the buyer's
// offer). Whatever the order, the booking ends at the new price with no
// live PaymentIntent for the old one, or the payment is refused with 409;
// money that still arrives for the old price is recorded and refunded,
// exactly once, and the booking is never paid by it.

// offerMarket is a payMarket with a booking at 38,000 Tk and the buyer's
// pending offer of 35,000 on it.
type offerMarket struct {
	*payMarket
	booking, offerID string
}

func newOfferMarket(t *testing.T) *offerMarket {
	t.Helper()
	m := &offerMarket{payMarket: newPayMarket(t)}
	m.booking, m.offerID = m.bookWithOffer()
	return m
}

// bookWithOffer lists a laptop at 38,000 Tk that the buyer books and
// offers 35,000 for; it answers the booking and the offer.
func (m *payMarket) bookWithOffer() (string, string) {
	m.t.Helper()
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	conv := m.openThread(m.buyer.AccessToken, pid, "Would you take 35000?")
	return bid, m.offer(m.buyer.AccessToken, conv, 35000)
}

func (m *offerMarket) acceptOffer() {
	m.t.Helper()
	if rec := m.do(http.MethodPut, "/api/offers/"+m.offerID+"/accept", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		m.t.Fatalf("accept offer: %d %s", rec.Code, rec.Body.String())
	}
}

// booked is the booking's price and PaymentIntent as stored.
func (m *offerMarket) booked() (int64, string) {
	m.t.Helper()
	var price int64
	var pi *string
	m.scalar(&price, "SELECT price FROM bookings WHERE id = $1", m.booking)
	m.scalar(&pi, "SELECT payment_intent_id FROM bookings WHERE id = $1", m.booking)
	if pi == nil {
		return price, ""
	}
	return price, *pi
}

// noLiveIntentFor fails unless every PaymentIntent the stand-in holds for
// amount (in paisa) is cancelled, or succeeded and refunded.
func (m *offerMarket) noLiveIntentFor(amount int64) {
	m.t.Helper()
	for _, id := range m.stripe.IntentIDs() {
		pi := m.stripe.Intent(id)
		if pi["amount"] != amount {
			continue
		}
		switch pi["status"] {
		case "canceled":
		case "succeeded":
			if m.stripe.RefundCount(id) != 1 {
				m.t.Errorf("%s for the old price was paid and not refunded", id)
			}
		default:
			m.t.Errorf("%s for the old price is still payable (%v)", id, pi["status"])
		}
	}
}

// payInTab is the buyer's open tab confirming a card payment of pi with
// Stripe.js (the publishable key and the client secret), as the payment
// page does; it answers Stripe's status code.
func (m *offerMarket) payInTab(pi string) int {
	m.t.Helper()
	form := url.Values{"key": {"pk_test_fake"}, "client_secret": {pi + "_secret_abc"}, "payment_method_data[card][number]": {stripetest.CardOK}}
	res, err := http.Post(m.stripe.URL+"/v1/payment_intents/"+pi+"/confirm", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		m.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// The seller accepts the offer while the buyer's "Pay" waits for Stripe
// to make the PaymentIntent: the PaymentIntent made for 38,000 is not
// attached to the booking now at 35,000, it is cancelled, and the buyer
// gets 409 price_changed; paying again charges the new price.
func TestAcceptWhilePaying(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	arrived, release := m.stripe.HoldCreate()
	defer release()
	done := make(chan *httpResult, 1)
	go func() {
		rec := m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": m.booking})
		done <- &httpResult{code: rec.Code, body: rec.Body.String()}
	}()
	<-arrived // the buyer's request is at Stripe
	m.acceptOffer()
	release()
	r := <-done
	if r.code != http.StatusConflict || !strings.Contains(r.body, `"code":"price_changed"`) {
		t.Fatalf("pay while the offer was accepted: %d %s, want 409 price_changed", r.code, r.body)
	}
	price, pi := m.booked()
	if price != 35000 || pi != "" {
		t.Fatalf("booking at %d with PaymentIntent %q, want 35000 and none", price, pi)
	}
	if ids := m.stripe.IntentIDs(); len(ids) != 1 || m.stripe.Intent(ids[0])["status"] != "canceled" {
		t.Fatalf("the PaymentIntent made for the old price: %v", ids)
	}
	// the page reads the booking again and pays the new price
	fresh := m.intentFor(m.buyer.AccessToken, m.booking)
	if got := m.stripe.Intent(fresh)["amount"]; got != int64(3500000) {
		t.Fatalf("new PaymentIntent for %v, want 3500000", got)
	}
	m.stripe.Succeed(fresh)
	if r := m.pay(m.buyer.AccessToken, m.booking, fresh); r.code != http.StatusOK {
		t.Fatalf("paying the new price: %d %s", r.code, r.body)
	}
	m.noLiveIntentFor(3800000)
}

// The buyer's PaymentIntent is attached (the card form is open in their
// tab) when the seller accepts the offer: the booking takes the new price,
// the old PaymentIntent is retired in the same transaction and cancelled
// at Stripe, so the open tab cannot pay it; a new one is for the new price.
func TestPayThenAccept(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	old := m.intentFor(m.buyer.AccessToken, m.booking)
	m.acceptOffer()
	price, pi := m.booked()
	if price != 35000 || pi != "" {
		t.Fatalf("booking at %d with PaymentIntent %q, want 35000 and none", price, pi)
	}
	if st := m.stripe.Intent(old)["status"]; st != "canceled" {
		t.Fatalf("the old PaymentIntent is %v, want canceled", st)
	}
	var settled bool
	m.scalar(&settled, "SELECT settled_at IS NOT NULL FROM retired_payment_intents WHERE payment_intent_id = $1", old)
	if !settled {
		t.Error("the cancelled PaymentIntent is not settled")
	}
	if code := m.payInTab(old); code != http.StatusBadRequest {
		t.Fatalf("the open tab paid the old PaymentIntent: Stripe answered %d", code)
	}
	fresh := m.intentFor(m.buyer.AccessToken, m.booking)
	if fresh == old || m.stripe.Intent(fresh)["amount"] != int64(3500000) {
		t.Fatalf("new PaymentIntent %s: %v", fresh, m.stripe.Intent(fresh))
	}
	if code := m.payInTab(fresh); code != http.StatusOK {
		t.Fatalf("paying the new price: %d", code)
	}
	if r := m.pay(m.buyer.AccessToken, m.booking, fresh); r.code != http.StatusOK {
		t.Fatalf("recording it: %d %s", r.code, r.body)
	}
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments", n)
	}
}

// Several "Pay" presses race the accept against a slow Stripe (each press
// waits 0.3 s for its PaymentIntent, the accept comes in the middle): each
// answers 200 or 409, and afterwards the booking is at the new price, nothing for
// the old price can still be paid, and what the booking holds (if
// anything) is for the new price.
func TestPayRacesAcceptAgainstSlowStripe(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	m.stripe.SetDelay(300 * time.Millisecond)
	var wg sync.WaitGroup
	codes := make(chan int, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 20 * time.Millisecond)
			codes <- m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": m.booking}).Code
		}()
	}
	// the presses are at Stripe (the slow part) when the seller accepts
	time.Sleep(120 * time.Millisecond)
	m.acceptOffer()
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusOK && code != http.StatusConflict {
			t.Errorf("a pay answered %d", code)
		}
	}
	m.stripe.SetDelay(0)
	price, pi := m.booked()
	if price != 35000 {
		t.Fatalf("booking at %d, want 35000", price)
	}
	if pi != "" && m.stripe.Intent(pi)["amount"] != int64(3500000) {
		t.Fatalf("the booking holds %s for %v", pi, m.stripe.Intent(pi)["amount"])
	}
	m.noLiveIntentFor(3800000)
}

// The buyer's card paid the old PaymentIntent at Stripe just before the
// cancellation got there (the two crossed): the payment arrives by the
// webhook and the buyer's report at once, several times. It is recorded
// once, refunded once, and does not pay the booking; both sides are told;
// the booking is then paid at its new price, once.
func TestStalePaymentByWebhookAndReportIsRefundedOnce(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	old := m.intentFor(m.buyer.AccessToken, m.booking)
	m.acceptOffer()
	m.stripe.Succeed(old) // Stripe had taken the card before the cancel
	body, sig := signedEvent(t, "evt_stale", m.stripe.Intent(old), testWebhookSecret, time.Now())
	var wg sync.WaitGroup
	results := make(chan *httpResult, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				results <- &httpResult{code: m.webhook(body, sig)}
				return
			}
			rec := m.postJSON("/api/payments", m.buyer.AccessToken, map[string]any{"bookingId": m.booking, "transactionId": old})
			results <- &httpResult{code: rec.Code, body: rec.Body.String()}
		}()
	}
	wg.Wait()
	close(results)
	for r := range results {
		if r.code != http.StatusOK && (r.code != http.StatusConflict || !strings.Contains(r.body, `"code":"payment_refunded"`)) {
			t.Errorf("a delivery answered %d %s", r.code, r.body)
		}
	}
	var rows, refunded int
	m.scalar(&rows, "SELECT count(*) FROM payments WHERE transaction_id = $1", old)
	m.scalar(&refunded, "SELECT count(*) FROM payments WHERE transaction_id = $1 AND status = 'refunded'", old)
	if rows != 1 || refunded != 1 || m.stripe.RefundCount(old) != 1 {
		t.Fatalf("stale payment: %d rows, %d refunded, %d refunds at Stripe; want 1, 1, 1", rows, refunded, m.stripe.RefundCount(old))
	}
	b := m.bookingAs(m.buyer.AccessToken, m.booking)
	if b.Paid || b.Status != "pending" {
		t.Fatalf("the stale payment paid the booking: %+v", b)
	}
	got := m.notices()
	if got[m.buyer.User.ID+" payment_receipt"] != 1 || got[m.seller.User.ID+" payment_received"] != 1 {
		t.Errorf("both sides told once of the refund: %v", got)
	}
	var words string
	m.scalar(&words, "SELECT body FROM notifications WHERE kind = 'payment_receipt'")
	if !strings.Contains(words, "38,000 Tk") || !strings.Contains(words, "goes back to your card") {
		t.Errorf("the buyer's notice: %q", words)
	}
	// the new price is paid once; the old payment stays refunded
	fresh := m.intentFor(m.buyer.AccessToken, m.booking)
	m.stripe.Succeed(fresh)
	if r := m.pay(m.buyer.AccessToken, m.booking, fresh); r.code != http.StatusOK {
		t.Fatalf("paying the new price: %d %s", r.code, r.body)
	}
	var standing int
	m.scalar(&standing, "SELECT count(*) FROM payments WHERE booking_id = $1 AND status = 'succeeded'", m.booking)
	if standing != 1 || m.stripe.RefundCount(fresh) != 0 {
		t.Fatalf("%d standing payments, %d refunds of the new one", standing, m.stripe.RefundCount(fresh))
	}
}

// The old PaymentIntent was paid as the accept cancelled it: the cancel's
// own follow-up finds it paid and records it for refund at once.
func TestAcceptAfterTheOldPriceWasPaid(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	old := m.intentFor(m.buyer.AccessToken, m.booking)
	m.stripe.Succeed(old)
	m.acceptOffer()
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", old)
	if status != "refunded" || m.stripe.RefundCount(old) != 1 {
		t.Fatalf("the old price's payment: %q, %d refunds", status, m.stripe.RefundCount(old))
	}
	if price, _ := m.booked(); price != 35000 || m.bookingAs(m.buyer.AccessToken, m.booking).Paid {
		t.Fatalf("booking at %d, paid by the stale payment?", price)
	}
}

// Nobody reports the stale payment and Stripe's cancellation failed: the
// reconciliation finds the retired PaymentIntent paid, records it for
// refund and refunds it, once however often it runs; an unpaid retired
// one is cancelled by it.
func TestReconcileRefundsAPaidRetiredIntent(t *testing.T) {
	t.Parallel()
	m := newOfferMarket(t)
	old := m.intentFor(m.buyer.AccessToken, m.booking)
	m.stripe.SetFailCancels(100) // Stripe down for cancellations, stripe-go's retries included
	m.acceptOffer()
	if st := m.stripe.Intent(old)["status"]; st == "canceled" {
		t.Fatal("the cancellation was meant to fail")
	}
	m.stripe.SetFailCancels(0)
	m.stripe.Succeed(old) // the tab paid it meanwhile; the webhook was lost
	m.reconcile()
	m.reconcile()
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", old)
	if status != "refunded" || m.stripe.RefundCount(old) != 1 || m.paymentCount() != 1 {
		t.Fatalf("after reconciling: %q, %d refunds, %d payments", status, m.stripe.RefundCount(old), m.paymentCount())
	}
	if m.bookingAs(m.buyer.AccessToken, m.booking).Paid {
		t.Fatal("the stale payment paid the booking")
	}

	// a second booking's retired PaymentIntent, never paid: cancelled
	other := newOfferMarket(t)
	pi := other.intentFor(other.buyer.AccessToken, other.booking)
	other.stripe.SetFailCancels(100)
	other.acceptOffer()
	other.stripe.SetFailCancels(0)
	other.reconcile()
	if st := other.stripe.Intent(pi)["status"]; st != "canceled" {
		t.Fatalf("reconciliation left the retired PaymentIntent %v", st)
	}
	var unsettled int
	other.scalar(&unsettled, "SELECT count(*) FROM retired_payment_intents WHERE settled_at IS NULL")
	if unsettled != 0 {
		t.Fatalf("%d retired PaymentIntents unsettled", unsettled)
	}
}

// The payment of the booking's own PaymentIntent lands (Stripe's webhook)
// while the seller accepts the offer: the booking's lock orders them.
// Either the payment comes first (the booking is paid at 38,000, the
// laptop sold, and the accept refused) or the accept does (the booking is at 35,000 and
// the payment is kept and refunded): never a booking paid by an amount
// that is not its price.
func TestPaymentRacesAccept(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	first := map[string]int{}
	for i := range 6 {
		bid, oid := m.bookWithOffer()
		pi := m.intentFor(m.buyer.AccessToken, bid)
		m.stripe.Succeed(pi)
		body, sig := signedEvent(t, "evt_accept_"+bid, m.stripe.Intent(pi), testWebhookSecret, time.Now())
		var hook, accept int
		inTurn(i,
			func() { hook = m.webhook(body, sig) },
			func() {
				accept = m.do(http.MethodPut, "/api/offers/"+oid+"/accept", nil, bearer(m.seller.AccessToken)).Code
			})
		var price int64
		var status string
		m.scalar(&price, "SELECT price FROM bookings WHERE id = $1", bid)
		m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
		paid := m.bookingAs(m.buyer.AccessToken, bid).Paid
		switch {
		case hook != http.StatusOK:
			t.Fatalf("webhook %d", hook)
		case paid && price == 38000 && status == "succeeded" && m.stripe.RefundCount(pi) == 0:
			first["payment"]++ // the accept after it: 409, the laptop is sold
		case accept == http.StatusOK && !paid && price == 35000 && status == "refunded" && m.stripe.RefundCount(pi) == 1:
			first["accept"]++
		default:
			t.Fatalf("round %d: paid %v at %d, payment %q, %d refunds", i, paid, price, status, m.stripe.RefundCount(pi))
		}
	}
	t.Logf("which came first: %v", first)
}

// A booking the race left before this fix: repriced under its attached
// PaymentIntent for the old amount, which was then paid and never
// reported. The reconciliation records that payment for refund, refunds
// it and leaves the booking unpaid at its price.
func TestReconcileRefundsAPaymentForAnOldPrice(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.exec("UPDATE bookings SET price = 30000, created_at = now() - interval '10 minutes' WHERE id = $1", bid)
	m.stripe.Succeed(pi)
	m.reconcile()
	m.reconcile()
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
	if status != "refunded" || m.stripe.RefundCount(pi) != 1 || m.paymentCount() != 1 {
		t.Fatalf("after reconciling: %q, %d refunds, %d payments", status, m.stripe.RefundCount(pi), m.paymentCount())
	}
	if m.bookingAs(m.buyer.AccessToken, bid).Paid {
		t.Fatal("a payment of the old price paid the booking")
	}
	// the buyer can pay the price: a new PaymentIntent replaces the old
	fresh := m.intentFor(m.buyer.AccessToken, bid)
	if fresh == pi || m.stripe.Intent(fresh)["amount"] != int64(3000000) {
		t.Fatalf("new PaymentIntent %s: %v", fresh, m.stripe.Intent(fresh))
	}
	m.stripe.Succeed(fresh)
	if r := m.pay(m.buyer.AccessToken, bid, fresh); r.code != http.StatusOK {
		t.Fatalf("paying the price: %d %s", r.code, r.body)
	}
	var unsettled int
	m.scalar(&unsettled, "SELECT count(*) FROM retired_payment_intents WHERE settled_at IS NULL")
	if unsettled != 0 || m.stripe.RefundCount(pi) != 1 {
		t.Fatalf("%d retired PaymentIntents unsettled, %d refunds of the old", unsettled, m.stripe.RefundCount(pi))
	}
}

// inTurn runs a and b at once, b given a millisecond's head start in even
// rounds and a in odd ones, so that a race's rounds see both orders.
func inTurn(round int, a, b func()) {
	var wg sync.WaitGroup
	wg.Go(func() {
		if round%2 == 0 {
			time.Sleep(time.Millisecond)
		}
		a()
	})
	wg.Go(func() {
		if round%2 == 1 {
			time.Sleep(time.Millisecond)
		}
		b()
	})
	wg.Wait()
}
