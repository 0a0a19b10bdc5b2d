package store

import (
	"context"
	"errors"

	"resale/store/internal/dbsqlc"
)

// PaymentMethod is how a booking will be paid (#34).
type PaymentMethod string

// The payment methods a booking can have.
const (
	// PayCash: paid at the hand-over; the hand-over code completes it and
	// nothing is paid online.
	PayCash PaymentMethod = "cash"
	// PayCard: paid by card through Stripe.
	PayCard PaymentMethod = "card"
	// PaySSLCommerz: paid through SSLCommerz's hosted checkout (bKash,
	// Nagad, Rocket, cards, internet banking).
	PaySSLCommerz PaymentMethod = "sslcommerz"
)

// PaymentMethods is every method, cash first.
var PaymentMethods = []PaymentMethod{PayCash, PayCard, PaySSLCommerz}

// Valid tells whether m is one of PaymentMethods.
func (m PaymentMethod) Valid() bool {
	for _, k := range PaymentMethods {
		if m == k {
			return true
		}
	}
	return false
}

// ChangePaymentMethod is the buyer choosing another way to pay their own
// booking while nothing is paid, in one statement, so a payment recorded
// at the same moment and this change never both win. Another method
// retires the booking's current payment attempt (choosing the method it
// has again keeps it); the retired id ("" for none) is for the caller to
// stop at its provider. ErrNotFound when the booking is not the buyer's,
// ErrAlreadyPaid when it is paid, a TransitionError when its status
// (completed, declined, cancelled) allows no change.
func (s *Store) ChangePaymentMethod(ctx context.Context, id, buyerID int64, m PaymentMethod) (string, error) {
	retired, err := s.q.SetBookingPaymentMethod(ctx, dbsqlc.SetBookingPaymentMethodParams{ID: id, BuyerID: buyerID, PaymentMethod: string(m)})
	if err == nil {
		return retired, nil
	}
	if err = translate(err); !errors.Is(err, ErrNotFound) {
		return "", err
	}
	// refused: say why, from the booking as it is now
	b, err := s.q.GetBookingAnyState(ctx, id)
	switch {
	case err != nil:
		return "", translate(err)
	case b.BuyerID != buyerID:
		return "", ErrNotFound
	case b.PaidAt != nil:
		return "", ErrAlreadyPaid
	}
	return "", &TransitionError{From: BookingStatus(b.Status), Event: EventChangeMethod}
}
