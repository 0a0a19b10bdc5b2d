package payments

import (
	"context"
	"errors"

	"github.com/stripe/stripe-go/v76"

	"resale/payments/sslcommerz"
	"resale/store"
)

// Paid promotion (ADVERTISE_PRICE): a seller pays the shop to advertise a
// laptop, by card or through SSLCommerz. A promotion is a second thing a
// provider's attempt can pay, beside a booking: a PaymentIntent whose
// metadata names promotion_id, an SSLCommerz tran_id sslp_<promotion>_...
// Its payment is validated as a booking's is, and recorded exactly once
// (store.RecordPromotionPayment): the laptop advertised and the ledger's
// promotion row written, or, when the laptop can no longer be advertised
// (or the amount is not the price), kept for refund and refunded.

// PromotionCheckout is how the seller's browser pays a promotion: a
// client secret for Stripe's card form, or the gateway's page.
type PromotionCheckout struct {
	ClientSecret string
	GatewayURL   string
}

// StartPromotion makes the provider's attempt for promotion p (its
// method, its amount from the database) and notes it in the promotion.
// The caller has checked the product is the seller's and can be
// advertised.
func (s *Service) StartPromotion(ctx context.Context, p store.Promotion, productName string, seller Buyer) (PromotionCheckout, error) {
	switch {
	case p.Method == string(store.PayCard) && s.CardEnabled():
		return s.startPromotionCard(ctx, p, productName)
	case p.Method == string(store.PaySSLCommerz) && s.SSLCommerzEnabled():
		return s.startPromotionSSLCommerz(ctx, p, productName, seller)
	}
	return PromotionCheckout{}, ErrMethodOff
}

func (s *Service) startPromotionCard(ctx context.Context, p store.Promotion, productName string) (PromotionCheckout, error) {
	params := &stripe.PaymentIntentParams{
		Params:             stripe.Params{Context: ctx},
		Amount:             stripe.Int64(s.minorUnits(p.Amount)),
		Currency:           stripe.String(s.currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Description:        stripe.String("Advertise: " + productName),
	}
	params.AddMetadata("promotion_id", formatID(p.ID))
	params.AddMetadata("product_id", formatID(p.ProductID))
	params.AddMetadata("seller_id", formatID(p.SellerID))
	params.SetIdempotencyKey("promotion-create:" + formatID(p.ID))
	pi, err := s.stripe.api.PaymentIntents.New(params)
	if err != nil {
		s.log.Warn("stripe: creating a promotion's PaymentIntent", "promotion_id", p.ID, "err", err)
		return PromotionCheckout{}, ErrProvider
	}
	if err := s.store.SetPromotionTransaction(ctx, p.ID, pi.ID); err != nil {
		return PromotionCheckout{}, err
	}
	return PromotionCheckout{ClientSecret: pi.ClientSecret}, nil
}

func (s *Service) startPromotionSSLCommerz(ctx context.Context, p store.Promotion, productName string, seller Buyer) (PromotionCheckout, error) {
	tranID := newTranIDWith(sslpPrefix, p.ID)
	if err := s.store.SetPromotionTransaction(ctx, p.ID, tranID); err != nil {
		return PromotionCheckout{}, err
	}
	back := s.sslc.public + "/payments/sslcommerz/"
	sess, err := s.sslc.client.InitSession(ctx, sslcommerz.SessionRequest{
		TranID: tranID, Amount: p.Amount, Currency: "BDT",
		SuccessURL: back + "success", FailURL: back + "fail", CancelURL: back + "cancel",
		IPNURL:       s.sslc.public + "/api/payments/sslcommerz/ipn",
		CustomerName: seller.Name, CustomerEmail: seller.Email, CustomerPhone: seller.Phone,
		ProductName: "Advertise: " + productName, ValueA: "promotion-" + formatID(p.ID),
	})
	if err != nil {
		s.log.Warn("sslcommerz: starting a promotion's session", "promotion_id", p.ID, "tran_id", tranID, "err", err)
		return PromotionCheckout{}, ErrProvider
	}
	return PromotionCheckout{GatewayURL: sess.GatewayPageURL}, nil
}

// recordPromotion records a payment a provider confirmed for a promotion,
// and refunds it when it was kept for refund: OutcomePaid or
// OutcomeRefunded; OutcomePending (with the error) when the database
// failed, for the next notice or the reconciliation.
func (s *Service) recordPromotion(ctx context.Context, paid Paid) (SSLCommerzOutcome, error) {
	p, created, err := s.store.RecordPromotionPayment(ctx, store.PromotionPayment{
		PromotionID: paid.PromotionID, TransactionID: paid.TransactionID, Amount: paid.Amount, Currency: paid.Currency,
		ForPrice: s.forPrice(paid), Method: paid.Method,
	})
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
		s.log.Error("a confirmed payment names no promotion of ours", "promotion_id", paid.PromotionID, "transaction_id", paid.TransactionID)
		return OutcomeFailed, ErrWrongBooking
	}
	if err != nil {
		s.log.Warn("a confirmed promotion payment not recorded yet", "promotion_id", paid.PromotionID, "err", err)
		return OutcomePending, err
	}
	if created {
		s.log.Info("promotion payment recorded", "promotion_id", p.ID, "product_id", p.ProductID, "status", p.Status,
			"amount", paid.Amount, "transaction_id", paid.TransactionID, "method", paid.Method)
	}
	switch p.Status {
	case store.PromotionPaid:
		return OutcomePaid, nil
	case store.PromotionRefundRequired:
		s.RefundPromotion(ctx, p)
	}
	return OutcomeRefunded, nil
}

// RefundPromotion gives a promotion's money back through its provider and
// marks it refunded (the ledger's refund row); a failure is logged and
// retried by the next reconciliation.
func (s *Service) RefundPromotion(ctx context.Context, p store.Promotion) {
	pr := s.providerOf(p.TransactionID)
	if pr == nil {
		s.log.Error("refund: no provider set up for the promotion", "promotion_id", p.ID, "transaction_id", p.TransactionID)
		return
	}
	err := pr.refund(ctx, store.Payment{ID: p.ID, TransactionID: p.TransactionID, Amount: p.PaidAmount, Currency: p.Currency})
	if err != nil {
		s.log.Warn("promotion refund failed, will retry", "promotion_id", p.ID, "err", err)
		return
	}
	if err := s.store.MarkPromotionRefunded(ctx, p.ID); err != nil {
		s.log.Warn("promotion refund made but not marked, will retry", "promotion_id", p.ID, "err", err)
		return
	}
	s.log.Info("promotion refunded", "promotion_id", p.ID, "product_id", p.ProductID)
}

// PromotionOutcome is what became of a promotion as its provider has it
// now: one still pending is asked about (the card form's browser reports
// this way), and recorded when it was paid.
func (s *Service) PromotionOutcome(ctx context.Context, p store.Promotion) (store.Promotion, error) {
	if p.Status != store.PromotionPending || p.TransactionID == "" {
		return p, nil
	}
	if err := s.settlePromotion(ctx, p); err != nil {
		return p, err
	}
	return s.store.GetPromotion(ctx, p.ID)
}

// settlePromotion asks a pending promotion's provider about it: a paid one
// is recorded (and refunded when it must be), one that can never take
// money fails.
func (s *Service) settlePromotion(ctx context.Context, p store.Promotion) error {
	pr := s.providerOf(p.TransactionID)
	if pr == nil {
		return nil // its provider is no longer set up
	}
	paid, settled, err := pr.lookup(ctx, p.TransactionID)
	switch {
	case err != nil:
		s.log.Warn("asking about a promotion's payment", "promotion_id", p.ID, "attempt", p.TransactionID, "err", err)
		return ErrProvider
	case paid != nil && paid.PromotionID == p.ID:
		_, err := s.recordPromotion(ctx, *paid)
		return err
	case paid != nil:
		s.log.Error("a promotion's payment does not name it", "promotion_id", p.ID, "attempt", p.TransactionID, "names", paid.PromotionID)
	case settled:
		return s.store.FailPromotion(ctx, p.ID)
	}
	return nil
}

// settlePromotions is the reconciliation's pass over promotion attempts
// that went quiet (the tab closed, the IPN or the webhook was lost).
func (s *Service) settlePromotions(ctx context.Context) error {
	list, err := s.store.ListQuietPromotions(ctx, unsettledAge)
	if err != nil {
		return err
	}
	for _, p := range list {
		if err := s.settlePromotion(ctx, p); err != nil && !errors.Is(err, ErrProvider) && !errors.Is(err, ErrWrongBooking) {
			return err
		}
	}
	return nil
}

// refundPromotions retries the refunds of promotions kept for refund.
func (s *Service) refundPromotions(ctx context.Context) error {
	list, err := s.store.ListPromotionsToRefund(ctx)
	if err != nil {
		return err
	}
	for _, p := range list {
		s.RefundPromotion(ctx, p)
	}
	return nil
}
