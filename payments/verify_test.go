package payments_test

import (
	"errors"
	"testing"

	"github.com/stripe/stripe-go/v76"

	"resale/payments"
	"resale/store"
)

// A PaymentIntent pays a booking only when it succeeded, for exactly the
// booking's price in the shop's currency, and names that booking.
func TestVerify(t *testing.T) {
	t.Parallel()
	bdt := payments.New(payments.Config{Currency: "bdt"}, nil, nil)
	jpy := payments.New(payments.Config{Currency: "jpy"}, nil, nil)
	booking := store.Booking{ID: 42, Price: 38000}
	intent := func(edit func(*stripe.PaymentIntent)) *stripe.PaymentIntent {
		pi := &stripe.PaymentIntent{ID: "pi_1", Amount: 3800000, Currency: "bdt", Status: stripe.PaymentIntentStatusSucceeded,
			Metadata: map[string]string{"booking_id": "42"}}
		if edit != nil {
			edit(pi)
		}
		return pi
	}
	for _, c := range []struct {
		name string
		s    *payments.Service
		pi   *stripe.PaymentIntent
		want error
	}{
		{"paid in full", bdt, intent(nil), nil},
		{"another booking", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Metadata["booking_id"] = "43" }), payments.ErrWrongBooking},
		{"no booking", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Metadata = nil }), payments.ErrWrongBooking},
		{"whole Tk, not paisa", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Amount = 38000 }), payments.ErrWrongAmount},
		{"another currency", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Currency = "usd" }), payments.ErrWrongAmount},
		{"not through yet", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Status = stripe.PaymentIntentStatusRequiresPaymentMethod }), payments.ErrNotSucceeded},
		{"canceled", bdt, intent(func(pi *stripe.PaymentIntent) { pi.Status = stripe.PaymentIntentStatusCanceled }), payments.ErrNotSucceeded},
		{"a currency without minor units", jpy, intent(func(pi *stripe.PaymentIntent) { pi.Amount, pi.Currency = 38000, "jpy" }), nil},
		{"minor units where there are none", jpy, intent(func(pi *stripe.PaymentIntent) { pi.Currency = "jpy" }), payments.ErrWrongAmount},
	} {
		if got := c.s.Verify(c.pi, booking); !errors.Is(got, c.want) || (c.want == nil && got != nil) {
			t.Errorf("%s: Verify = %v, want %v", c.name, got, c.want)
		}
	}
}
