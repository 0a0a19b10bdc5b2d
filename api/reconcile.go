package api

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

// Reconcile makes one pass over money in flight: bookings whose payment
// may have succeeded without being recorded (the tab closed, the webhook
// was lost) are checked with Stripe and recorded; payments kept for refund
// are refunded. It does nothing when card payments are off.
func (s *Server) Reconcile(ctx context.Context) error {
	if s.payments == nil {
		return nil
	}
	_, err := s.store.Exclusive(ctx, reconcileJob, func(ctx context.Context) error {
		return errors.Join(s.settleBookings(ctx), s.refundPayments(ctx))
	})
	return err
}

func (s *Server) settleBookings(ctx context.Context) error {
	bookings, err := s.store.ListUnsettledBookings(ctx, unsettledAge)
	if err != nil {
		return err
	}
	for _, b := range bookings {
		pi, err := s.payments.api.PaymentIntents.Get(b.PaymentIntentID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("reconcile: reading a PaymentIntent", "booking_id", b.ID, "err", err)
			continue
		}
		if pi.Status != stripe.PaymentIntentStatusSucceeded {
			continue
		}
		if err := s.verifyIntent(pi, b); err != nil {
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

func (s *Server) refundPayments(ctx context.Context) error {
	list, err := s.store.ListPaymentsToRefund(ctx)
	if err != nil {
		return err
	}
	for _, p := range list {
		s.refund(ctx, p)
	}
	return nil
}

// refund gives a payment's money back through Stripe and marks it
// refunded; a failure is logged and retried by the next pass.
func (s *Server) refund(ctx context.Context, p store.Payment) {
	params := &stripe.RefundParams{Params: stripe.Params{Context: ctx}, PaymentIntent: stripe.String(p.TransactionID)}
	params.SetIdempotencyKey("refund:" + p.TransactionID)
	if _, err := s.payments.api.Refunds.New(params); err != nil {
		s.log.Warn("refund failed, will retry", "payment_id", p.ID, "err", err)
		return
	}
	if err := s.store.MarkPaymentRefunded(ctx, p.ID); err != nil {
		s.log.Warn("refund made but not marked, will retry", "payment_id", p.ID, "err", err)
		return
	}
	s.log.Info("payment refunded", "payment_id", p.ID, "booking_id", p.BookingID)
}

// reconcileJob names the reconciliation in the advisory lock and in the
// database's record of background jobs.
const reconcileJob = "reconcile-payments"

// RunReconciler reconciles about every interval until ctx ends. Every
// instance runs it, and the database hands each pass to one of them: an
// instance whose tick finds a pass started by another within the interval
// skips its own.
func (s *Server) RunReconciler(ctx context.Context, interval time.Duration) {
	if s.payments == nil {
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

func (s *Server) reconcileIfDue(ctx context.Context, interval time.Duration) {
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
