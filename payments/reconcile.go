package payments

import (
	"context"
	"errors"
	"time"

	"resale/store"
)

// unsettledAge is how old a payment attempt must be before reconciliation
// looks at it, leaving the buyer's browser (and the provider's own
// notice) time to report it first.
const unsettledAge = 2 * time.Minute

// reconcileJob names the reconciliation in the advisory lock.
const reconcileJob = "reconcile-payments"

// Reconcile makes one pass over money in flight, with every provider set
// up: bookings whose payment may have succeeded without being recorded
// (the tab closed, the webhook or the IPN was lost) are asked about and
// recorded; retired attempts (a price change, a replacement) are stopped
// where the provider can, or recorded for refund when they were paid;
// payments kept for refund are refunded. One instance at a time makes a
// pass: the periodic job (jobs.ReconcileArgs) queues no pass while one is
// in flight, and an advisory lock keeps any other caller from overlapping
// it.
func (s *Service) Reconcile(ctx context.Context) error {
	_, err := s.store.Exclusive(ctx, reconcileJob, func(ctx context.Context) error {
		return errors.Join(s.settleBookings(ctx), s.settleRetiredAttempts(ctx), s.refundPayments(ctx),
			s.settlePromotions(ctx), s.refundPromotions(ctx))
	})
	return err
}

// unsettledPage is how many bookings a reconciliation pass asks about.
const unsettledPage = 100

// settleBookings asks the providers about a page of bookings whose
// attempt went quiet, after the last booking the previous pass reached
// (from the first again once it reached the end): however many attempts
// buyers abandon, every booking's turn comes.
func (s *Service) settleBookings(ctx context.Context) error {
	after := s.unsettledAfter.Load()
	bookings, err := s.store.ListUnsettledBookings(ctx, unsettledAge, after, unsettledPage)
	if err != nil {
		return err
	}
	if len(bookings) < unsettledPage {
		s.unsettledAfter.Store(0)
	} else {
		s.unsettledAfter.Store(bookings[len(bookings)-1].ID)
	}
	for _, b := range bookings {
		p := s.providerOf(b.PaymentIntentID)
		if p == nil {
			continue // its provider is no longer set up
		}
		paid, _, err := p.lookup(ctx, b.PaymentIntentID)
		if err != nil {
			s.log.Warn("reconcile: asking about a payment attempt", "booking_id", b.ID, "attempt", b.PaymentIntentID, "err", err)
			continue
		}
		if paid == nil {
			continue
		}
		if paid.BookingID != b.ID {
			s.log.Error("reconcile: payment does not name its booking", "booking_id", b.ID, "attempt", b.PaymentIntentID, "names", paid.BookingID)
			continue
		}
		// recorded as the booking's payment, or for refund (and refunded)
		// when it does not pay the booking as it is now
		rec, err := s.recordAndRefund(ctx, *paid, b)
		switch {
		case err == nil:
			s.log.Info("reconcile: recorded a payment the browser never reported", "booking_id", b.ID, "payment_id", rec.ID)
		case errors.Is(err, ErrRefundRequired), errors.Is(err, ErrStalePayment):
			s.log.Warn("reconcile: recorded a payment to refund", "booking_id", b.ID, "payment_id", rec.ID, "err", err)
		case !errors.Is(err, store.ErrConflict):
			return err
		}
	}
	return nil
}

// settleRetiredAttempts asks about each retired attempt not yet settled:
// a paid one is recorded for refund and refunded, one that can no longer
// take money is settled, and any other is retired again (cancelled at
// Stripe; an SSLCommerz session runs out by itself).
func (s *Service) settleRetiredAttempts(ctx context.Context) error {
	list, err := s.store.ListUnsettledRetiredIntents(ctx)
	if err != nil {
		return err
	}
	for _, r := range list {
		p := s.providerOf(r.ID)
		if p == nil {
			continue
		}
		paid, settled, err := p.lookup(ctx, r.ID)
		if err != nil {
			s.log.Warn("reconcile: asking about a retired payment attempt", "booking_id", r.Booking.ID, "attempt", r.ID, "err", err)
			continue
		}
		if paid == nil && !settled {
			paid, settled, err = p.retire(ctx, r.ID, time.Since(r.RetiredAt))
			if err != nil {
				s.log.Warn("reconcile: retiring a payment attempt", "booking_id", r.Booking.ID, "attempt", r.ID, "err", err)
				continue
			}
		}
		s.settleRetired(ctx, r.ID, paid, settled)
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
