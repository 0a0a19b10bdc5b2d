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

// reconcileJob names the reconciliation in the advisory lock and in the
// database's record of background jobs.
const reconcileJob = "reconcile-payments"

// Reconcile makes one pass over money in flight: bookings whose payment
// may have succeeded without being recorded (the tab closed, the webhook
// was lost) are checked with Stripe and recorded; payments kept for refund
// are refunded. One instance at a time makes a pass.
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

// RunReconciler is the reconciliation job: a pass about every interval
// until ctx ends. Every instance runs it, and the database hands each pass
// to one of them: an instance whose tick finds a pass started by another
// within the interval skips its own. A nil service (card payments off)
// returns at once.
func (s *Service) RunReconciler(ctx context.Context, interval time.Duration) {
	if s == nil {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		s.reconcileIfDue(ctx, interval)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Service) reconcileIfDue(ctx context.Context, interval time.Duration) {
	// Nine tenths of the interval: two instances' ticks drift apart a
	// little, and a pass should not be missed because one came early.
	due, err := s.store.ClaimJob(ctx, reconcileJob, interval*9/10)
	if err == nil && due {
		err = s.Reconcile(ctx)
	}
	if err != nil && ctx.Err() == nil {
		s.log.Warn("reconcile pass failed", "err", err)
	}
}
