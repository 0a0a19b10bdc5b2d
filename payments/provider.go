package payments

import (
	"context"
	"errors"
	"time"

	"resale/store"
)

// Paid is money a provider confirmed for a booking: what the shop records,
// as the booking's payment or for refund.
type Paid struct {
	// BookingID is the booking the provider says it was for (0: none).
	BookingID int64
	// PromotionID is the promotion (a seller paying to advertise) it was
	// for instead (0: none).
	PromotionID int64
	// TransactionID is the attempt the shop started: a Stripe
	// PaymentIntent, an SSLCommerz tran_id. A booking's current attempt
	// is kept in the booking (store.Booking.PaymentIntentID).
	TransactionID string
	// Amount is in the currency's minor unit (paisa), Currency the ISO
	// code in lower case.
	Amount   int64
	Currency string
	// Method is how it was paid, as the ledger names it.
	Method string
}

// provider is what differs between the online payment providers once an
// attempt exists: asking about it, retiring it, refunding its payment.
// Starting an attempt and hearing back from one are each provider's own
// (a client secret for Stripe's card form, a redirect and a form post for
// SSLCommerz's page), with their routes; recording, refunding and
// reconciling are the Service's, for all of them. A third provider is one
// more file implementing this.
type provider interface {
	// method is the booking's payment method it serves.
	method() string
	// owns says whether an attempt id is this provider's.
	owns(id string) bool
	// lookup asks the provider about an attempt: the payment when it was
	// paid; settled when it can never take money any more.
	lookup(ctx context.Context, id string) (paid *Paid, settled bool, err error)
	// retire stops an attempt the shop no longer wants paid where the
	// provider can, and then answers as lookup does; retiredFor is how
	// long ago the shop gave it up (0: now).
	retire(ctx context.Context, id string, retiredFor time.Duration) (paid *Paid, settled bool, err error)
	// refund sends a recorded payment's money back, once.
	refund(ctx context.Context, p store.Payment) error
}

// providerOf is the provider an attempt id belongs to, among the ones set
// up; nil when none is.
func (s *Service) providerOf(id string) provider {
	for _, p := range s.providers {
		if p.owns(id) {
			return p
		}
	}
	return nil
}

// errAttachedMeanwhile: another request attached this very attempt to
// the booking meanwhile (the same idempotency key): it is the booking's.
var errAttachedMeanwhile = errors.New("payments: the attempt was attached by another request")

// attach makes attempt id (of method) the booking's current one in place
// of the one the caller saw, which is retired; only while the booking
// still has the price the attempt was made for and can be paid. When the
// booking did not take it, the attempt is retired and the answer says why:
// the price changed, the booking can no longer be paid, or another tab
// started its own payment.
func (s *Service) attach(ctx context.Context, b store.Booking, id string, method store.PaymentMethod) error {
	err := s.store.SetBookingPaymentIntent(ctx, b.ID, b.PaymentIntentID, id, b.Price, method)
	if errors.Is(err, store.ErrConflict) {
		return s.notAttached(ctx, b, id)
	}
	if err != nil {
		return err
	}
	if b.PaymentIntentID != "" {
		s.Retire(ctx, b.PaymentIntentID) // the one it replaced, maybe open in an old tab
	}
	return nil
}

func (s *Service) notAttached(ctx context.Context, b store.Booking, id string) error {
	now, err := s.store.GetBookingAnyState(ctx, b.ID)
	if err != nil {
		return err
	}
	if now.PaymentIntentID == id {
		return errAttachedMeanwhile
	}
	s.Retire(ctx, id)
	switch {
	case now.Paid:
		return ErrPaid
	case now.Price != b.Price:
		s.log.Info("payment not started: the booking's price changed meanwhile", "booking_id", b.ID, "was", b.Price, "now", now.Price)
		return ErrPriceChanged
	}
	if err := store.CanPay(now.Status); err != nil {
		return err
	}
	return ErrStartedElsewhere
}

// Retire stops an attempt the shop no longer wants paid (retired by a
// price change, replaced, or never attached), best-effort and outside any
// transaction. One that can no longer take money is settled; one that was
// paid meanwhile is recorded (for refund) at once; any other is left to
// the reconciliation, which tries again.
func (s *Service) Retire(ctx context.Context, id string) {
	ctx = context.WithoutCancel(ctx)
	p := s.providerOf(id)
	if p == nil {
		s.log.Warn("retiring a payment attempt of no provider set up", "attempt", id)
		return
	}
	paid, settled, err := p.retire(ctx, id, 0)
	if err != nil {
		s.log.Warn("retiring a payment attempt, will retry", "attempt", id, "err", err)
		return
	}
	s.settleRetired(ctx, id, paid, settled)
}

// settleRetired deals with an attempt the shop no longer wants paid, as
// its provider has it now: one that can no longer take money is settled;
// a paid one is recorded for refund and refunded (its booking as the
// provider names it); anything else waits for the next reconciliation.
func (s *Service) settleRetired(ctx context.Context, id string, paid *Paid, settled bool) {
	switch {
	case paid != nil:
		b, err := s.store.GetBookingAnyState(ctx, paid.BookingID)
		if errors.Is(err, store.ErrNotFound) {
			s.log.Error("a retired payment attempt names no booking of ours", "attempt", id, "booking_id", paid.BookingID)
			return
		}
		if err == nil {
			_, err = s.recordAndRefund(ctx, *paid, b)
		}
		if err != nil && !errors.Is(err, ErrStalePayment) && !errors.Is(err, ErrRefundRequired) {
			s.log.Warn("a paid retired payment attempt not recorded, will retry", "attempt", id, "err", err)
		}
	case settled:
		if err := s.store.SettleRetiredIntent(ctx, id); err != nil {
			s.log.Warn("a settled payment attempt not noted, will retry", "attempt", id, "err", err)
		}
	}
}
