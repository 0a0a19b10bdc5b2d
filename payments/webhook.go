package payments

import (
	"context"
	"errors"
	"strconv"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"resale/store"
)

// HandleWebhook takes one of Stripe's signed event deliveries: a
// payment_intent.succeeded is recorded exactly like the buyer's report
// (refunded when it no longer pays its booking as the booking is now),
// other events are acknowledged and ignored. It returns nil only once the
// event is dealt with, so that Stripe redelivers anything lost; a
// delivery not signed with our secret is ErrBadSignature.
func (s *Service) HandleWebhook(ctx context.Context, body []byte, signature string) error {
	if !s.WebhookEnabled() {
		return ErrBadSignature
	}
	event, err := webhook.ConstructEvent(body, signature, s.stripe.webhookSecret)
	if err != nil {
		s.log.Warn("stripe webhook refused", "err", err)
		return ErrBadSignature
	}
	if event.Type != stripe.EventTypePaymentIntentSucceeded {
		return nil
	}
	var pi stripe.PaymentIntent
	if err := pi.UnmarshalJSON(event.Data.Raw); err != nil {
		return ErrBadEvent
	}
	if paid := paidIntent(&pi); paid.PromotionID != 0 && pi.Status == stripe.PaymentIntentStatusSucceeded {
		// a seller paying to advertise
		if _, err := s.recordPromotion(ctx, paid); err != nil && !errors.Is(err, ErrWrongBooking) {
			return err
		}
		_, err = s.store.RecordStripeEvent(ctx, event.ID, string(event.Type))
		return err
	}
	bookingID, err := strconv.ParseInt(pi.Metadata["booking_id"], 10, 64)
	if err != nil {
		s.log.Info("stripe webhook: payment for no booking of ours", "event_id", event.ID, "payment_intent", pi.ID)
		return nil
	}
	b, err := s.store.GetBookingAnyState(ctx, bookingID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.Warn("stripe webhook: unknown booking", "event_id", event.ID, "booking_id", bookingID)
		return nil
	}
	if err != nil {
		return err
	}
	if err := ours(&pi, b); err != nil {
		s.log.Error("stripe webhook: payment does not match its booking", "event_id", event.ID, "booking_id", b.ID, "err", err)
		return nil
	}
	// recorded as the booking's payment, or for refund when it no longer
	// pays the booking as it is now (refunded here, once)
	_, err = s.recordAndRefund(ctx, paidIntent(&pi), b)
	if err != nil && !errors.Is(err, ErrRefundRequired) && !errors.Is(err, ErrStalePayment) && !errors.Is(err, store.ErrConflict) {
		return err
	}
	_, err = s.store.RecordStripeEvent(ctx, event.ID, string(event.Type))
	return err
}
