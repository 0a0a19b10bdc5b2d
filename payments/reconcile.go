package payments

import (
	"context"
	"errors"
	"time"

	"github.com/stripe/stripe-go/v76"

	"resale/store"
)

// unsettledAge is how old a PaymentIntent must be before reconciliation
// looks at it, leaving the buyer's browser time to report it first.
const unsettledAge = 2 * time.Minute

// reconcileJob names the reconciliation in the advisory lock.
const reconcileJob = "reconcile-payments"

// Reconcile makes one pass over money in flight: bookings whose payment
// may have succeeded without being recorded (the tab closed, the webhook
// was lost) are checked with Stripe and recorded; retired PaymentIntents
// (a price change, a replacement) are cancelled at Stripe, or recorded
// for refund when they were paid; payments kept for refund are refunded. One instance at a time makes a pass: the periodic job
// (jobs.ReconcileArgs) queues no pass while one is in flight, and an
// advisory lock keeps any other caller from overlapping it.
func (s *Service) Reconcile(ctx context.Context) error {
	_, err := s.store.Exclusive(ctx, reconcileJob, func(ctx context.Context) error {
		return errors.Join(s.settleBookings(ctx), s.settleRetiredIntents(ctx), s.refundPayments(ctx))
	})
	return err
}

func (s *Service) settleBookings(ctx context.Context) error {
	bookings, err := s.store.ListUnsettledBookings(ctx, unsettledAge)
	if err != nil {
		return err
	}
	for _, b := range bookings {
		pi, err := s.api.PaymentIntents.Get(b.PaymentIntentID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("reconcile: reading a PaymentIntent", "booking_id", b.ID, "err", err)
			continue
		}
		if pi.Status != stripe.PaymentIntentStatusSucceeded {
			continue
		}
		if err := ours(pi, b); err != nil {
			s.log.Error("reconcile: payment does not name its booking", "booking_id", b.ID, "payment_intent", pi.ID, "err", err)
			continue
		}
		// recorded as the booking's payment, or for refund (and refunded)
		// when it does not pay the booking as it is now
		p, err := s.recordAndRefund(ctx, pi, b)
		switch {
		case err == nil:
			s.log.Info("reconcile: recorded a payment the browser never reported", "booking_id", b.ID, "payment_id", p.ID)
		case errors.Is(err, ErrRefundRequired), errors.Is(err, ErrStalePayment):
			s.log.Warn("reconcile: recorded a payment to refund", "booking_id", b.ID, "payment_id", p.ID, "err", err)
		case !errors.Is(err, store.ErrConflict):
			return err
		}
	}
	return nil
}

// settleRetiredIntents asks Stripe about each retired PaymentIntent not yet
// settled: one still payable is cancelled, a cancelled one settled, a paid
// one recorded for refund and refunded.
func (s *Service) settleRetiredIntents(ctx context.Context) error {
	list, err := s.store.ListUnsettledRetiredIntents(ctx)
	if err != nil {
		return err
	}
	for _, r := range list {
		pi, err := s.api.PaymentIntents.Get(r.ID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("reconcile: reading a retired PaymentIntent", "booking_id", r.Booking.ID, "payment_intent", r.ID, "err", err)
			continue
		}
		switch pi.Status {
		case stripe.PaymentIntentStatusCanceled, stripe.PaymentIntentStatusSucceeded:
			s.settleRetired(ctx, pi)
		case stripe.PaymentIntentStatusProcessing:
			// the card is being charged: settled by a later pass
		default:
			s.CancelIntent(ctx, r.ID)
		}
	}
	return nil
}

func (s *Service) refundPayments(ctx context.Context) error {
	list, err := s.store.ListPaymentsToRefund(ctx)
	if err != nil {
		return err
	}
	for _, p := range list {
		s.Refund(ctx, p)
	}
	return nil
}
