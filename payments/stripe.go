package payments

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/balance"
	"github.com/stripe/stripe-go/v76/paymentintent"
	"github.com/stripe/stripe-go/v76/refund"

	"resale/store"
)

// stripeAPI is the part of Stripe's API the shop calls: its own clients,
// not stripe-go's client.API, which links every service Stripe has into
// the binary (about 2 MB of the image).
type stripeAPI struct {
	PaymentIntents *paymentintent.Client
	Refunds        *refund.Client
	Balance        *balance.Client
}

// stripeProvider is card payments through Stripe: a PaymentIntent per
// booking, confirmed by the browser's Stripe.js, reported by the browser
// and by Stripe's webhook.
type stripeProvider struct {
	api           stripeAPI
	s             *Service
	key           string
	publishable   string
	webhookSecret string
}

func newStripeProvider(cfg Config, s *Service) *stripeProvider {
	bc := &stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(2),
		// failures are logged here, with the booking they concern
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.APIBase != "" {
		bc.URL = stripe.String(cfg.APIBase)
	}
	if cfg.HTTPClient != nil {
		bc.HTTPClient = cfg.HTTPClient
	}
	backend := stripe.GetBackendWithConfig(stripe.APIBackend, bc)
	return &stripeProvider{
		api: stripeAPI{
			PaymentIntents: &paymentintent.Client{B: backend, Key: cfg.SecretKey},
			Refunds:        &refund.Client{B: backend, Key: cfg.SecretKey},
			Balance:        &balance.Client{B: backend, Key: cfg.SecretKey},
		},
		s: s, key: cfg.SecretKey, publishable: cfg.PublishableKey, webhookSecret: cfg.WebhookSecret,
	}
}

func (p *stripeProvider) method() string { return string(store.PayCard) }

// owns: Stripe's PaymentIntent ids start pi_.
func (p *stripeProvider) owns(id string) bool { return strings.HasPrefix(id, "pi_") }

// paid is a succeeded PaymentIntent as a payment to record, with the
// booking its metadata names (0 when it names none).
func paidIntent(pi *stripe.PaymentIntent) Paid {
	booking, _ := strconv.ParseInt(pi.Metadata["booking_id"], 10, 64)
	promotion, _ := strconv.ParseInt(pi.Metadata["promotion_id"], 10, 64)
	return Paid{BookingID: booking, PromotionID: promotion, TransactionID: pi.ID, Amount: pi.Amount, Currency: string(pi.Currency), Method: string(store.PayCard)}
}

// lookup reads the PaymentIntent: paid when it succeeded, settled when it
// was cancelled.
func (p *stripeProvider) lookup(ctx context.Context, id string) (*Paid, bool, error) {
	pi, err := p.api.PaymentIntents.Get(id, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
	if err != nil {
		return nil, false, err
	}
	return intentState(pi)
}

func intentState(pi *stripe.PaymentIntent) (*Paid, bool, error) {
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		paid := paidIntent(pi)
		return &paid, false, nil
	case stripe.PaymentIntentStatusCanceled:
		return nil, true, nil
	}
	return nil, false, nil
}

// retire cancels the PaymentIntent, so that no open tab can pay it; one
// that was paid (or is being charged) meanwhile is answered as it is.
func (p *stripeProvider) retire(ctx context.Context, id string, _ time.Duration) (*Paid, bool, error) {
	pi, err := p.api.PaymentIntents.Cancel(id, &stripe.PaymentIntentCancelParams{Params: stripe.Params{Context: ctx}})
	if err == nil && pi.Status == stripe.PaymentIntentStatusCanceled {
		return nil, true, nil
	}
	// already paid (or cancelled) at Stripe: see what it is now
	return p.lookup(ctx, id)
}

// refund gives the PaymentIntent's money back, once (Stripe's idempotency
// key is the PaymentIntent's).
func (p *stripeProvider) refund(ctx context.Context, pay store.Payment) error {
	params := &stripe.RefundParams{Params: stripe.Params{Context: ctx}, PaymentIntent: stripe.String(pay.TransactionID)}
	params.SetIdempotencyKey("refund:" + pay.TransactionID)
	_, err := p.api.Refunds.New(params)
	return err
}

// CreatePaymentIntent answers the client secret of the booking's PaymentIntent:
// one per booking, for the booking's price, reused on retries. The caller
// has checked the booking is the buyer's.
func (s *Service) CreatePaymentIntent(ctx context.Context, b store.Booking) (string, error) {
	if !s.CardEnabled() {
		return "", ErrMethodOff
	}
	if err := s.payable(ctx, b); err != nil {
		return "", err
	}
	api := s.stripe.api
	amount := s.minorUnits(b.Price)
	if b.PaymentIntentID != "" && s.stripe.owns(b.PaymentIntentID) {
		pi, err := api.PaymentIntents.Get(b.PaymentIntentID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("stripe: reading a PaymentIntent", "booking_id", b.ID, "err", err)
			return "", ErrProvider
		}
		if pi.Status == stripe.PaymentIntentStatusSucceeded {
			// recorded now rather than left to the webhook: it paid the
			// booking, or (made for an earlier price) it is refunded and
			// a PaymentIntent for the price replaces it
			_, err := s.recordAndRefund(ctx, paidIntent(pi), b)
			if !errors.Is(err, ErrStalePayment) {
				return "", cmp.Or(err, ErrPaid)
			}
		}
		if pi.Status != stripe.PaymentIntentStatusCanceled && pi.Amount == amount && string(pi.Currency) == s.currency {
			return pi.ClientSecret, nil
		}
	}
	params := &stripe.PaymentIntentParams{
		Params:             stripe.Params{Context: ctx},
		Amount:             stripe.Int64(amount),
		Currency:           stripe.String(s.currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Description:        stripe.String(b.ProductName),
	}
	params.AddMetadata("booking_id", formatID(b.ID))
	params.AddMetadata("product_id", formatID(b.ProductID))
	params.AddMetadata("buyer_id", formatID(b.BuyerID))
	// a retry after a lost answer gets the same PaymentIntent back
	params.SetIdempotencyKey(fmt.Sprintf("pi-create:%d:%d:%s:%s", b.ID, amount, s.currency, b.PaymentIntentID))
	pi, err := api.PaymentIntents.New(params)
	if err != nil {
		s.log.Warn("stripe: creating a PaymentIntent", "booking_id", b.ID, "err", err)
		return "", ErrProvider
	}
	if err := s.attach(ctx, b, pi.ID, store.PayCard); err != nil {
		if errors.Is(err, errAttachedMeanwhile) {
			return pi.ClientSecret, nil
		}
		return "", err
	}
	return pi.ClientSecret, nil
}

// payable refuses a booking that cannot be paid now: paid already,
// declined or completed, or its laptop sold or gone. Asked before any
// provider is.
func (s *Service) payable(ctx context.Context, b store.Booking) error {
	if b.Paid {
		return ErrPaid
	}
	if err := store.CanPay(b.Status); err != nil {
		return err
	}
	p, err := s.store.GetProduct(ctx, b.ProductID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.Sold) {
		return ErrSold
	}
	return err
}

// Retrieve reads a PaymentIntent from Stripe; one Stripe does not know
// is ErrWrongBooking.
func (s *Service) Retrieve(ctx context.Context, id string) (*stripe.PaymentIntent, error) {
	pi, err := s.stripe.api.PaymentIntents.Get(id, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
		return nil, ErrWrongBooking
	}
	if err != nil {
		s.log.Warn("stripe: reading a PaymentIntent", "payment_intent", id, "err", err)
		return nil, ErrProvider
	}
	return pi, nil
}

// Verify checks a PaymentIntent from Stripe against a booking. It returns
// nil only for a succeeded payment of exactly the booking's amount in the
// shop's currency, made for that booking.
func (s *Service) Verify(pi *stripe.PaymentIntent, b store.Booking) error {
	if pi.Metadata["booking_id"] != formatID(b.ID) {
		return ErrWrongBooking
	}
	if pi.Amount != s.minorUnits(b.Price) || string(pi.Currency) != s.currency {
		return ErrWrongAmount
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return ErrNotSucceeded
	}
	return nil
}

// ours checks that a PaymentIntent from Stripe names booking b and
// succeeded: then its money is ours to record, as the booking's payment
// or for refund.
func ours(pi *stripe.PaymentIntent, b store.Booking) error {
	if pi.Metadata["booking_id"] != formatID(b.ID) {
		return ErrWrongBooking
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return ErrNotSucceeded
	}
	return nil
}

// RecordPayment records the buyer's report that the PaymentIntent
// transactionID paid booking b, once Stripe confirms it succeeded for that
// booking. Reporting the same payment again answers the same record. A
// payment that can no longer pay the booking is recorded and refunded:
// ErrRefundRequired when the laptop was sold to someone else meanwhile,
// ErrStalePayment when it was made for the booking as it was before (an
// earlier price, or the booking already paid).
func (s *Service) RecordPayment(ctx context.Context, b store.Booking, transactionID string) (store.Payment, error) {
	if !s.CardEnabled() {
		return store.Payment{}, ErrMethodOff
	}
	pi, err := s.Retrieve(ctx, transactionID)
	if err != nil {
		return store.Payment{}, err
	}
	if err := ours(pi, b); err != nil {
		return store.Payment{}, err
	}
	p, err := s.recordAndRefund(ctx, paidIntent(pi), b)
	if errors.Is(err, store.ErrConflict) {
		return store.Payment{}, ErrWrongBooking
	}
	return p, err
}

// CheckKey asks Stripe for the account's balance: the cheapest call that
// proves the secret key is accepted (and, with APIBase, that the stand-in
// answers). It changes nothing at Stripe.
func CheckKey(ctx context.Context, cfg Config) error {
	s := New(cfg, nil, nil)
	_, err := s.stripe.api.Balance.Get(&stripe.BalanceParams{Params: stripe.Params{Context: ctx}})
	return err
}
