package api_test

import (
	"context"
	"net/http"
	"testing"
)

func (m *payMarket) reconcile() {
	m.t.Helper()
	if err := m.payments.Reconcile(context.Background()); err != nil {
		m.t.Fatalf("reconcile: %v", err)
	}
}

// The buyer's card went through but the tab closed before reporting it,
// and the webhook never came: reconciliation asks Stripe and records it.
func TestReconcileRecordsAPaymentNobodyReported(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	unpaid, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	m.intentFor(m.otherBuyer.AccessToken, unpaid) // started, never paid
	m.stripe.Succeed(pi)

	m.reconcile() // too recent: the browser may still report it
	if n := m.paymentCount(); n != 0 {
		t.Fatalf("recorded %d payments of fresh intents", n)
	}
	m.exec("UPDATE bookings SET created_at = now() - interval '10 minutes'")
	m.reconcile()
	m.reconcile()
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments after reconciling, want 1", n)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if !b.Paid {
		t.Fatal("booking not paid after reconciling")
	}
	decode(t, m.getAs("/api/bookings/"+unpaid, m.otherBuyer.AccessToken), &b)
	if b.Paid {
		t.Fatal("an unpaid intent was recorded")
	}
	// the browser's late report agrees
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
		t.Errorf("late report: %d %s", r.code, r.body)
	}
}

// A refund that fails is retried by the next pass, and made once.
func TestReconcileRetriesRefunds(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	first, _ := m.book(m.buyer.AccessToken, pid, nil)
	second, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	pi1, pi2 := m.intentFor(m.buyer.AccessToken, first), m.intentFor(m.otherBuyer.AccessToken, second)
	m.stripe.Succeed(pi1)
	m.stripe.Succeed(pi2)
	m.pay(m.buyer.AccessToken, first, pi1)
	m.stripe.SetFailRefunds(1)
	if r := m.pay(m.otherBuyer.AccessToken, second, pi2); r.code != http.StatusConflict {
		t.Fatalf("second: %d", r.code)
	}
	status := func() string {
		var s string
		if err := m.pool.QueryRow(context.Background(), "SELECT status FROM payments WHERE transaction_id = $1", pi2).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got := status(); got != "refund_required" || m.stripe.RefundCount(pi2) != 0 {
		t.Fatalf("after a failed refund: %q, %d refunds", got, m.stripe.RefundCount(pi2))
	}
	m.reconcile()
	m.reconcile()
	if got := status(); got != "refunded" || m.stripe.RefundCount(pi2) != 1 {
		t.Fatalf("after reconciling: %q, %d refunds", got, m.stripe.RefundCount(pi2))
	}
}

// Buyers who start paying and walk away leave attempts that never settle;
// however many there are, reconciliation pages past them to a newer one
// that was paid.
func TestReconcileReachesPastAbandonedAttempts(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	abandoned, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	m.intentFor(m.otherBuyer.AccessToken, abandoned) // started, never paid
	// 150 more like it, each with its own attempt that Stripe never saw
	m.exec(`INSERT INTO bookings OVERRIDING SYSTEM VALUE SELECT r.* FROM bookings b, generate_series(1, 150) g,
		jsonb_populate_record(NULL::bookings, to_jsonb(b) || jsonb_build_object('id', nextval(pg_get_serial_sequence('bookings', 'id')),
			'payment_intent_id', 'pi_abandoned_' || g, 'status', 'cancelled', 'cancelled_at', now())) r
		WHERE b.id = ` + abandoned)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	m.exec("UPDATE bookings SET created_at = now() - interval '10 minutes'")

	m.reconcile() // the oldest page: all abandoned
	if n := m.paymentCount(); n != 0 {
		t.Fatalf("%d payments after the first page, want 0", n)
	}
	m.reconcile()
	if n := m.paymentCount(); n != 1 {
		t.Fatalf("%d payments after the second pass, want 1: the paid attempt was never reached", n)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if !b.Paid {
		t.Fatal("booking not paid after reconciling")
	}
}
