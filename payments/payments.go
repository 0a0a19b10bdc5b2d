// Package payments is Resale's card payments through Stripe: starting a
// PaymentIntent for a booking, checking one against its booking, recording
// it, refunding, Stripe's signed webhook and the reconciliation job. It
// knows no HTTP: its errors are the sentinels below, which the api package
// translates. Amounts always come from the booking in the database; a
// payment is recorded only once Stripe says it succeeded.
package payments

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/balance"
	"github.com/stripe/stripe-go/v76/paymentintent"
	"github.com/stripe/stripe-go/v76/refund"

	"resale/store"
)

// The payment rules' outcomes. Callers compare with errors.Is.
var (
	// ErrPaid: the booking is already paid.
	ErrPaid = errors.New("payments: the booking is already paid")
	// ErrSold: the booking's product is sold (or gone), so it cannot be paid.
	ErrSold = errors.New("payments: the product is no longer for sale")
	// ErrStartedElsewhere: another request attached another PaymentIntent
	// to the booking meanwhile.
	ErrStartedElsewhere = errors.New("payments: the payment was started elsewhere")
	// ErrWrongBooking: the PaymentIntent is unknown to Stripe or was made
	// for another booking, or its booking was paid by another payment.
	ErrWrongBooking = errors.New("payments: the payment does not belong to the booking")
	// ErrWrongAmount: the PaymentIntent's amount or currency is not the
	// booking's.
	ErrWrongAmount = errors.New("payments: the amount paid does not match the booking")
	// ErrNotSucceeded: the card payment has not gone through (yet).
	ErrNotSucceeded = errors.New("payments: the payment has not succeeded")
	// ErrRefundRequired: the payment is recorded, but the laptop was sold
	// to someone else first; its money goes back.
	ErrRefundRequired = errors.New("payments: the product was sold to someone else; the payment is refunded")
	// ErrPriceChanged: the booking's price changed (an offer was accepted)
	// while its PaymentIntent was being made; that one is cancelled, and
	// the buyer should look at the new price and pay again.
	ErrPriceChanged = errors.New("payments: the booking's price changed while the payment was started")
	// ErrStalePayment: the payment is recorded, but it does not pay the
	// booking as it is now (it was made for an earlier price, or the
	// booking was paid already); its money goes back.
	ErrStalePayment = errors.New("payments: the payment was for the booking as it was before; it is refunded")
	// ErrProvider: Stripe did not answer (or refused a call of ours).
	ErrProvider = errors.New("payments: the card payment service did not answer")
	// ErrBadSignature: a webhook delivery is not signed by Stripe with our
	// secret, or is too old.
	ErrBadSignature = errors.New("payments: the event signature is not valid")
	// ErrBadEvent: a signed event whose content is not what its type says.
	ErrBadEvent = errors.New("payments: the event does not hold a PaymentIntent")
)

// Config is what card payments need.
type Config struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string // empty: webhook deliveries are refused
	// APIBase points stripe-go at another address (a local stand-in in
	// tests); empty is Stripe itself.
	APIBase    string
	HTTPClient *http.Client
	// Currency is the ISO code payments are made in, lower case.
	Currency string
}

// Service makes and records card payments.
type Service struct {
	api           stripeAPI
	store         *store.Store
	log           *slog.Logger
	publishable   string
	webhookSecret string
	currency      string
	recorded      *prometheus.CounterVec
}

// stripeAPI is the part of Stripe's API the shop calls: its own clients,
// not stripe-go's client.API, which links every service Stripe has into
// the binary (about 2 MB of the image).
type stripeAPI struct {
	PaymentIntents *paymentintent.Client
	Refunds        *refund.Client
	Balance        *balance.Client
}

// New is the payments service over st; log may be nil.
func New(cfg Config, st *store.Store, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
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
	sc := stripeAPI{
		PaymentIntents: &paymentintent.Client{B: backend, Key: cfg.SecretKey},
		Refunds:        &refund.Client{B: backend, Key: cfg.SecretKey},
		Balance:        &balance.Client{B: backend, Key: cfg.SecretKey},
	}
	recorded := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "resale_payments_recorded_total",
		Help: "Card payments recorded for the first time, by status (succeeded, or refund_required when the laptop was already sold to someone else).",
	}, []string{"status"})
	// both statuses from the start, at 0, so rates and alerts see them
	// before the first payment
	recorded.WithLabelValues(store.PaymentSucceeded)
	recorded.WithLabelValues(store.PaymentRefundRequired)
	return &Service{
		api: sc, store: st, log: log,
		publishable: cfg.PublishableKey, webhookSecret: cfg.WebhookSecret, currency: cfg.Currency,
		recorded: recorded,
	}
}

// PublishableKey is the key the browser's Stripe.js uses.
func (s *Service) PublishableKey() string { return s.publishable }

// WebhookEnabled says whether Stripe's webhook deliveries are accepted.
func (s *Service) WebhookEnabled() bool { return s.webhookSecret != "" }

// Collector is the service's Prometheus series
// (resale_payments_recorded_total), for the owner of the registry.
func (s *Service) Collector() prometheus.Collector { return s.recorded }

// zeroDecimal are Stripe's currencies without a minor unit.
var zeroDecimal = map[string]bool{"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true, "krw": true,
	"mga": true, "pyg": true, "rwf": true, "ugx": true, "vnd": true, "vuv": true, "xaf": true, "xof": true, "xpf": true}

// minorUnits turns whole Tk (or another currency) into Stripe's amount.
func (s *Service) minorUnits(price int64) int64 {
	if zeroDecimal[s.currency] {
		return price
	}
	return price * 100
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }

// CreatePaymentIntent answers the client secret of the booking's PaymentIntent:
// one per booking, for the booking's price, reused on retries. The caller
// has checked the booking is the buyer's.
func (s *Service) CreatePaymentIntent(ctx context.Context, b store.Booking) (string, error) {
	if b.Paid {
		return "", ErrPaid
	}
	// a declined or completed booking is refused before Stripe is asked
	if err := store.CanPay(b.Status); err != nil {
		return "", err
	}
	p, err := s.store.GetProduct(ctx, b.ProductID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.Sold) {
		return "", ErrSold
	}
	if err != nil {
		return "", err
	}
	amount := s.minorUnits(b.Price)
	if b.PaymentIntentID != "" {
		pi, err := s.api.PaymentIntents.Get(b.PaymentIntentID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("stripe: reading a PaymentIntent", "booking_id", b.ID, "err", err)
			return "", ErrProvider
		}
		if pi.Status == stripe.PaymentIntentStatusSucceeded {
			// recorded now rather than left to the webhook: it paid the
			// booking, or (made for an earlier price) it is refunded and
			// a PaymentIntent for the price replaces it
			_, err := s.recordAndRefund(ctx, pi, b)
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
	pi, err := s.api.PaymentIntents.New(params)
	if err != nil {
		s.log.Warn("stripe: creating a PaymentIntent", "booking_id", b.ID, "err", err)
		return "", ErrProvider
	}
	// attached only while the booking still has the price it was made
	// for (and the PaymentIntent the caller saw), in one statement that
	// also retires the one it replaces
	err = s.store.SetBookingPaymentIntent(ctx, b.ID, b.PaymentIntentID, pi.ID, b.Price)
	if errors.Is(err, store.ErrConflict) {
		return s.notAttached(ctx, b, pi)
	}
	if err != nil {
		return "", err
	}
	if b.PaymentIntentID != "" {
		s.CancelIntent(ctx, b.PaymentIntentID) // the one it replaced, maybe open in an old tab
	}
	return pi.ClientSecret, nil
}

// notAttached answers a PaymentIntent made for b that the booking did not
// take: fine if another request attached this very one meanwhile (the
// same idempotency key); otherwise it is cancelled, so no tab can pay it,
// and the answer says why: the price changed, the booking can no longer
// be paid, or another tab started its own payment.
func (s *Service) notAttached(ctx context.Context, b store.Booking, pi *stripe.PaymentIntent) (string, error) {
	now, err := s.store.GetBookingAnyState(ctx, b.ID)
	if err != nil {
		return "", err
	}
	if now.PaymentIntentID == pi.ID {
		return pi.ClientSecret, nil
	}
	s.CancelIntent(ctx, pi.ID)
	switch {
	case now.Paid:
		return "", ErrPaid
	case now.Price != b.Price:
		s.log.Info("payment not started: the booking's price changed meanwhile", "booking_id", b.ID, "was", b.Price, "now", now.Price)
		return "", ErrPriceChanged
	}
	if err := store.CanPay(now.Status); err != nil {
		return "", err
	}
	return "", ErrStartedElsewhere
}

// CancelIntent cancels a PaymentIntent the shop no longer wants paid
// (retired by a price change, replaced, or never attached), best-effort
// and outside any transaction: once Stripe says it is cancelled, it is
// settled. One that was paid meanwhile is recorded (for refund) at once;
// any other failure is left to the reconciliation, which tries again.
func (s *Service) CancelIntent(ctx context.Context, id string) {
	ctx = context.WithoutCancel(ctx)
	pi, err := s.api.PaymentIntents.Cancel(id, &stripe.PaymentIntentCancelParams{Params: stripe.Params{Context: ctx}})
	if err == nil && pi.Status == stripe.PaymentIntentStatusCanceled {
		if err := s.store.SettleRetiredIntent(ctx, id); err != nil {
			s.log.Warn("cancelled PaymentIntent not noted, will retry", "payment_intent", id, "err", err)
		}
		return
	}
	// already paid (or cancelled) at Stripe: see what it is now
	pi, gerr := s.Retrieve(ctx, id)
	if gerr != nil {
		s.log.Warn("stripe: cancelling a PaymentIntent, will retry", "payment_intent", id, "err", err)
		return
	}
	s.settleRetired(ctx, pi)
}

// settleRetired deals with a PaymentIntent the shop no longer wants paid,
// as Stripe has it now: cancelled is settled; succeeded is recorded for
// refund and refunded (its booking from its metadata); anything else
// waits for the next reconciliation.
func (s *Service) settleRetired(ctx context.Context, pi *stripe.PaymentIntent) {
	switch pi.Status {
	case stripe.PaymentIntentStatusCanceled:
		if err := s.store.SettleRetiredIntent(ctx, pi.ID); err != nil {
			s.log.Warn("cancelled PaymentIntent not noted, will retry", "payment_intent", pi.ID, "err", err)
		}
	case stripe.PaymentIntentStatusSucceeded:
		bookingID, err := strconv.ParseInt(pi.Metadata["booking_id"], 10, 64)
		if err != nil {
			s.log.Error("a retired PaymentIntent names no booking", "payment_intent", pi.ID)
			return
		}
		b, err := s.store.GetBookingAnyState(ctx, bookingID)
		if err == nil {
			_, err = s.recordAndRefund(ctx, pi, b)
		}
		if err != nil && !errors.Is(err, ErrStalePayment) && !errors.Is(err, ErrRefundRequired) {
			s.log.Warn("a paid retired PaymentIntent not recorded, will retry", "payment_intent", pi.ID, "err", err)
		}
	}
}

// Retrieve reads a PaymentIntent from Stripe; one Stripe does not know
// is ErrWrongBooking.
func (s *Service) Retrieve(ctx context.Context, id string) (*stripe.PaymentIntent, error) {
	pi, err := s.api.PaymentIntents.Get(id, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
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

// forPrice is the booking price in whole Tk that a PaymentIntent's amount
// pays, or 0 when it pays none (another currency, a fraction of a Tk).
func (s *Service) forPrice(pi *stripe.PaymentIntent) int64 {
	if string(pi.Currency) != s.currency || pi.Amount <= 0 || pi.Amount != s.minorUnits(pi.Amount/s.minorUnits(1)) {
		return 0
	}
	return pi.Amount / s.minorUnits(1)
}

// record stores a succeeded PaymentIntent that names booking b: as the
// booking's payment when it pays the booking as it is now, else for
// refund (the store decides, under the booking's lock). created is false
// when it was stored before.
func (s *Service) record(ctx context.Context, pi *stripe.PaymentIntent, b store.Booking) (store.Payment, error) {
	p, created, err := s.store.RecordPayment(ctx, store.PaymentRecord{
		BookingID: b.ID, TransactionID: pi.ID, Amount: pi.Amount, Currency: string(pi.Currency), ForPrice: s.forPrice(pi),
	})
	if err != nil {
		return p, err
	}
	if created {
		s.recorded.WithLabelValues(p.Status).Inc()
		s.log.Info("payment recorded", "payment_id", p.ID, "booking_id", b.ID, "amount", pi.Amount, "currency", string(pi.Currency),
			"status", p.Status, "stale", p.Stale, "transaction_id", pi.ID)
	}
	return p, nil
}

// recordAndRefund records a succeeded PaymentIntent naming booking b and,
// when it was kept for refund, refunds it: ErrRefundRequired (the laptop
// went to someone else, or the booking ended) or ErrStalePayment (it
// does not pay the booking as it is now). Exactly once, however often and
// from however many paths it comes.
func (s *Service) recordAndRefund(ctx context.Context, pi *stripe.PaymentIntent, b store.Booking) (store.Payment, error) {
	p, err := s.record(ctx, pi, b)
	if err != nil {
		return p, err
	}
	switch p.Status {
	case store.PaymentSucceeded:
		return p, nil
	case store.PaymentRefundRequired:
		s.Refund(ctx, p)
	}
	if p.Stale {
		return p, ErrStalePayment
	}
	return p, ErrRefundRequired
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
	pi, err := s.Retrieve(ctx, transactionID)
	if err != nil {
		return store.Payment{}, err
	}
	if err := ours(pi, b); err != nil {
		return store.Payment{}, err
	}
	p, err := s.recordAndRefund(ctx, pi, b)
	if errors.Is(err, store.ErrConflict) {
		return store.Payment{}, ErrWrongBooking
	}
	return p, err
}

// Refund gives a payment's money back through Stripe and marks it
// refunded; a failure is logged and retried by the next reconciliation.
func (s *Service) Refund(ctx context.Context, p store.Payment) {
	params := &stripe.RefundParams{Params: stripe.Params{Context: ctx}, PaymentIntent: stripe.String(p.TransactionID)}
	params.SetIdempotencyKey("refund:" + p.TransactionID)
	if _, err := s.api.Refunds.New(params); err != nil {
		s.log.Warn("refund failed, will retry", "payment_id", p.ID, "err", err)
		return
	}
	if err := s.store.MarkPaymentRefunded(ctx, p.ID); err != nil {
		s.log.Warn("refund made but not marked, will retry", "payment_id", p.ID, "err", err)
		return
	}
	s.log.Info("payment refunded", "payment_id", p.ID, "booking_id", p.BookingID)
}

// CheckKey asks Stripe for the account's balance: the cheapest call that
// proves the secret key is accepted (and, with APIBase, that the stand-in
// answers). It changes nothing at Stripe.
func CheckKey(ctx context.Context, cfg Config) error {
	s := New(cfg, nil, nil)
	_, err := s.api.Balance.Get(&stripe.BalanceParams{Params: stripe.Params{Context: ctx}})
	return err
}
