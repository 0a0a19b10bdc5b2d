// Package payments is Resale's online payments: cards through Stripe
// (stripe.go) and bKash, Nagad, Rocket and cards through SSLCommerz's
// hosted checkout (sslcommerz.go), behind one service that records what
// they confirm, refunds what can no longer be kept and reconciles what
// went quiet (provider.go, reconcile.go). It knows no HTTP: its errors are
// the sentinels below, which the api package translates. Amounts always
// come from the booking in the database; a payment is recorded only once
// its provider confirms it, exactly once however it arrives.
package payments

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"resale/store"
)

// The payment rules' outcomes. Callers compare with errors.Is.
var (
	// ErrPaid: the booking is already paid.
	ErrPaid = errors.New("payments: the booking is already paid")
	// ErrSold: the booking's product is sold (or gone), so it cannot be paid.
	ErrSold = errors.New("payments: the product is no longer for sale")
	// ErrStartedElsewhere: another request attached another payment
	// attempt to the booking meanwhile.
	ErrStartedElsewhere = errors.New("payments: the payment was started elsewhere")
	// ErrWrongBooking: the payment is unknown to its provider or was made
	// for another booking, or its booking was paid by another payment.
	ErrWrongBooking = errors.New("payments: the payment does not belong to the booking")
	// ErrWrongAmount: the payment's amount or currency is not the
	// booking's.
	ErrWrongAmount = errors.New("payments: the amount paid does not match the booking")
	// ErrNotSucceeded: the payment has not gone through (yet).
	ErrNotSucceeded = errors.New("payments: the payment has not succeeded")
	// ErrRefundRequired: the payment is recorded, but the laptop was sold
	// to someone else first; its money goes back.
	ErrRefundRequired = errors.New("payments: the product was sold to someone else; the payment is refunded")
	// ErrPriceChanged: the booking's price changed (an offer was accepted)
	// while its payment was being started; that attempt is cancelled, and
	// the buyer should look at the new price and pay again.
	ErrPriceChanged = errors.New("payments: the booking's price changed while the payment was started")
	// ErrStalePayment: the payment is recorded, but it does not pay the
	// booking as it is now (it was made for an earlier price, or the
	// booking was paid already); its money goes back.
	ErrStalePayment = errors.New("payments: the payment was for the booking as it was before; it is refunded")
	// ErrProvider: the provider did not answer (or refused a call of ours).
	ErrProvider = errors.New("payments: the payment service did not answer")
	// ErrMethodOff: the payment method is not set up on this shop.
	ErrMethodOff = errors.New("payments: this payment method is not set up")
	// ErrBadSignature: a webhook delivery is not signed by Stripe with our
	// secret, or is too old.
	ErrBadSignature = errors.New("payments: the event signature is not valid")
	// ErrBadEvent: a signed event whose content is not what its type says.
	ErrBadEvent = errors.New("payments: the event does not hold a PaymentIntent")
)

// Config is what the online payments need: Stripe's keys for cards, an
// SSLCommerz store for the rest; either may be left out.
type Config struct {
	// SecretKey turns card payments on.
	SecretKey      string
	PublishableKey string
	WebhookSecret  string // empty: webhook deliveries are refused
	// APIBase points stripe-go at another address (a local stand-in in
	// tests); empty is Stripe itself.
	APIBase    string
	HTTPClient *http.Client
	// Currency is the ISO code payments are made in, lower case.
	Currency string
	// SSLCommerz turns its hosted checkout on when StoreID is set.
	SSLCommerz SSLCommerzConfig
}

// Service makes and records online payments.
type Service struct {
	stripe    *stripeProvider // nil: no card payments
	sslc      *sslcProvider   // nil: no SSLCommerz
	providers []provider
	store     *store.Store
	log       *slog.Logger
	currency  string
	recorded  *prometheus.CounterVec
	// unsettledAfter is where the next reconciliation pass goes on
	// through the bookings whose attempt went quiet (settleBookings).
	unsettledAfter atomic.Int64
}

// New is the payments service over st; log may be nil.
func New(cfg Config, st *store.Store, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	recorded := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "resale_payments_recorded_total",
		Help: "Online payments recorded for the first time, by status (succeeded, or refund_required when the laptop was already sold to someone else).",
	}, []string{"status"})
	// both statuses from the start, at 0, so rates and alerts see them
	// before the first payment
	recorded.WithLabelValues(store.PaymentSucceeded)
	recorded.WithLabelValues(store.PaymentRefundRequired)
	s := &Service{store: st, log: log, currency: cfg.Currency, recorded: recorded}
	// the Stripe client is made even without a key: Verify and the
	// amounts need the currency only
	s.stripe = newStripeProvider(cfg, s)
	if cfg.SecretKey != "" {
		s.providers = append(s.providers, s.stripe)
	}
	if cfg.SSLCommerz.StoreID != "" {
		s.sslc = newSSLCommerzProvider(cfg.SSLCommerz, s)
		s.providers = append(s.providers, s.sslc)
	}
	return s
}

// CardEnabled says whether card payments through Stripe are set up.
func (s *Service) CardEnabled() bool { return s != nil && s.stripe.key != "" }

// SSLCommerzEnabled says whether SSLCommerz's checkout is set up.
func (s *Service) SSLCommerzEnabled() bool { return s != nil && s.sslc != nil }

// PublishableKey is the key the browser's Stripe.js uses.
func (s *Service) PublishableKey() string { return s.stripe.publishable }

// WebhookEnabled says whether Stripe's webhook deliveries are accepted.
func (s *Service) WebhookEnabled() bool { return s.CardEnabled() && s.stripe.webhookSecret != "" }

// Collector is the service's Prometheus series
// (resale_payments_recorded_total), for the owner of the registry.
func (s *Service) Collector() prometheus.Collector { return s.recorded }

// zeroDecimal are the currencies without a minor unit.
var zeroDecimal = map[string]bool{"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true, "krw": true,
	"mga": true, "pyg": true, "rwf": true, "ugx": true, "vnd": true, "vuv": true, "xaf": true, "xof": true, "xpf": true}

// minorUnits turns whole Tk (or another currency) into the amount in the
// currency's minor unit, as payments are stored.
func (s *Service) minorUnits(price int64) int64 {
	if zeroDecimal[s.currency] {
		return price
	}
	return price * 100
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }

// forPrice is the booking price in whole Tk that a payment pays, or 0
// when it pays none (another currency, a fraction of a Tk).
func (s *Service) forPrice(p Paid) int64 {
	if p.Currency != s.currency || p.Amount <= 0 || p.Amount != s.minorUnits(p.Amount/s.minorUnits(1)) {
		return 0
	}
	return p.Amount / s.minorUnits(1)
}

// record stores a confirmed payment of booking b: as the booking's
// payment when it pays the booking as it is now, else for refund (the
// store decides, under the booking's lock).
func (s *Service) record(ctx context.Context, paid Paid, b store.Booking) (store.Payment, error) {
	p, created, err := s.store.RecordPayment(ctx, store.PaymentRecord{
		BookingID: b.ID, TransactionID: paid.TransactionID, Amount: paid.Amount, Currency: paid.Currency, ForPrice: s.forPrice(paid),
		Method: paid.Method,
	})
	if err != nil {
		return p, err
	}
	if created {
		s.recorded.WithLabelValues(p.Status).Inc()
		s.log.Info("payment recorded", "payment_id", p.ID, "booking_id", b.ID, "amount", paid.Amount, "currency", paid.Currency,
			"status", p.Status, "stale", p.Stale, "transaction_id", paid.TransactionID, "method", paid.Method)
	}
	return p, nil
}

// recordAndRefund records a confirmed payment of booking b and, when it
// was kept for refund, refunds it: ErrRefundRequired (the laptop went to
// someone else, or the booking ended) or ErrStalePayment (it does not pay
// the booking as it is now). Exactly once, however often and from
// however many paths it comes.
func (s *Service) recordAndRefund(ctx context.Context, paid Paid, b store.Booking) (store.Payment, error) {
	p, err := s.record(ctx, paid, b)
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

// Refund gives a payment's money back through its provider and marks it
// refunded; a failure is logged and retried by the next reconciliation.
func (s *Service) Refund(ctx context.Context, p store.Payment) {
	pr := s.providerOf(p.TransactionID)
	if pr == nil {
		s.log.Error("refund: no provider set up for the payment", "payment_id", p.ID, "transaction_id", p.TransactionID)
		return
	}
	if err := pr.refund(ctx, p); err != nil {
		s.log.Warn("refund failed, will retry", "payment_id", p.ID, "err", err)
		return
	}
	if err := s.store.MarkPaymentRefunded(ctx, p.ID); err != nil {
		s.log.Warn("refund made but not marked, will retry", "payment_id", p.ID, "err", err)
		return
	}
	s.log.Info("payment refunded", "payment_id", p.ID, "booking_id", p.BookingID)
}
