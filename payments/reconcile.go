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
// was lost) are checked with Stripe and recorded; payments kept for refund
// are refunded. One instance at a time makes a pass: the periodic job
// (jobs.ReconcileArgs) queues no pass while one is in flight, and an
// advisory lock keeps any other caller from overlapping it.
func (s *Service) Reconcile(ctx context.Context) error {
	_, err := s.store.Exclusive(ctx, reconcileJob, func(ctx context.Context) error {
		return errors.Join(s.settleBookings(ctx), s.refundPayments(ctx))
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
		if err := s.Verify(pi, b); err != nil {
			s.log.Error("reconcile: payment does not match its booking", "booking_id", b.ID, "payment_intent", pi.ID, "err", err)
			continue
		}
		p, err := s.record(ctx, pi, b)
		if err != nil && !errors.Is(err, store.ErrAlreadyPaid) {
			return err
		}
		if err == nil {
			s.log.Info("reconcile: recorded a payment the browser never reported", "booking_id", b.ID, "payment_id", p.ID)
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
