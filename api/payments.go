package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
	"github.com/stripe/stripe-go/v76/webhook"

	"resale/store"
)

// StripeOptions turns on card payments.
type StripeOptions struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string // empty: the webhook endpoint is off
	// APIBase points stripe-go at another address (a local stand-in in
	// tests); empty is Stripe itself.
	APIBase    string
	HTTPClient *http.Client
}

// payments talks to Stripe. Amounts always come from the booking in the
// database; a payment is recorded only after Stripe says it succeeded.
type payments struct {
	api           *client.API
	webhookSecret string
	currency      string
}

func newPayments(o *StripeOptions, currency string) *payments {
	cfg := &stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(2),
		// failures are logged by the handlers, with the booking they concern
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if o.APIBase != "" {
		cfg.URL = stripe.String(o.APIBase)
	}
	if o.HTTPClient != nil {
		cfg.HTTPClient = o.HTTPClient
	}
	sc := &client.API{}
	sc.Init(o.SecretKey, &stripe.Backends{
		API:     stripe.GetBackendWithConfig(stripe.APIBackend, cfg),
		Connect: stripe.GetBackendWithConfig(stripe.ConnectBackend, cfg),
		Uploads: stripe.GetBackendWithConfig(stripe.UploadsBackend, cfg),
	})
	return &payments{api: sc, webhookSecret: o.WebhookSecret, currency: currency}
}

// zeroDecimal are Stripe's currencies without a minor unit.
var zeroDecimal = map[string]bool{"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true, "krw": true,
	"mga": true, "pyg": true, "rwf": true, "ugx": true, "vnd": true, "vuv": true, "xaf": true, "xof": true, "xpf": true}

// minorUnits turns whole Tk (or another currency) into Stripe's amount.
func (p *payments) minorUnits(price int64) int64 {
	if zeroDecimal[p.currency] {
		return price
	}
	return price * 100
}

var (
	errPaymentsOff = &Error{Status: http.StatusServiceUnavailable, Code: "payments_off", Message: "Card payments are not set up on this shop yet"}
	errPaidAlready = &Error{Status: http.StatusConflict, Code: "paid", Message: "This booking is already paid"}
	errCardService = &Error{Status: http.StatusBadGateway, Code: "card_service", Message: "The card payment service did not answer, please try again"}
)

// ownBooking is the caller's own open booking named by a body's
// bookingId; anyone else's is "not found".
func (s *Server) ownBooking(c echo.Context, rawID string) (store.Booking, error) {
	id, err := parseID(rawID)
	if err != nil {
		return store.Booking{}, invalidFields(map[string]string{"bookingId": "is not a booking id"}, "bookingId")
	}
	b, err := s.store.GetBooking(c.Request().Context(), id)
	u, _ := currentUser(c)
	if errors.Is(err, store.ErrNotFound) || (err == nil && b.BuyerID != u.ID) {
		return store.Booking{}, notFound("Booking")
	}
	return b, err
}

// payableBooking is the caller's own unpaid booking.
func (s *Server) payableBooking(c echo.Context, rawID string) (store.Booking, error) {
	b, err := s.ownBooking(c, rawID)
	if err != nil {
		return store.Booking{}, err
	}
	if b.Paid {
		return store.Booking{}, errPaidAlready
	}
	return b, nil
}

type paymentIntentRequest struct {
	BookingID string `json:"bookingId"`
	Price     any    `json:"price"` // the spec's client sends it; the amount comes from the booking
}

type clientSecretJSON struct {
	ClientSecret string `json:"clientSecret"`
}

// createPaymentIntent serves POST /api/create-payment-intent: one
// PaymentIntent per booking, for the booking's price, reused on retries.
func (s *Server) createPaymentIntent(c echo.Context) error {
	if s.payments == nil {
		return errPaymentsOff
	}
	var req paymentIntentRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	b, err := s.payableBooking(c, req.BookingID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p, err := s.store.GetProduct(ctx, b.ProductID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.Sold) {
		return &Error{Status: http.StatusConflict, Code: "sold", Message: "This product is no longer for sale"}
	}
	if err != nil {
		return err
	}
	amount := s.payments.minorUnits(b.Price)
	if b.PaymentIntentID != "" {
		pi, err := s.payments.api.PaymentIntents.Get(b.PaymentIntentID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
		if err != nil {
			s.log.Warn("stripe: reading a PaymentIntent", "booking_id", b.ID, "err", err)
			return errCardService
		}
		if pi.Status == stripe.PaymentIntentStatusSucceeded {
			return errPaidAlready // the webhook or the buyer's return will record it
		}
		if pi.Status != stripe.PaymentIntentStatusCanceled && pi.Amount == amount && string(pi.Currency) == s.payments.currency {
			return c.JSON(http.StatusOK, clientSecretJSON{ClientSecret: pi.ClientSecret})
		}
	}
	params := &stripe.PaymentIntentParams{
		Params:             stripe.Params{Context: ctx},
		Amount:             stripe.Int64(amount),
		Currency:           stripe.String(s.payments.currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Description:        stripe.String(b.ProductName),
	}
	params.AddMetadata("booking_id", formatID(b.ID))
	params.AddMetadata("product_id", formatID(b.ProductID))
	params.AddMetadata("buyer_id", formatID(b.BuyerID))
	// a retry after a lost answer gets the same PaymentIntent back
	params.SetIdempotencyKey(fmt.Sprintf("pi-create:%d:%d:%s:%s", b.ID, amount, s.payments.currency, b.PaymentIntentID))
	pi, err := s.payments.api.PaymentIntents.New(params)
	if err != nil {
		s.log.Warn("stripe: creating a PaymentIntent", "booking_id", b.ID, "err", err)
		return errCardService
	}
	err = s.store.SetBookingPaymentIntent(ctx, b.ID, b.PaymentIntentID, pi.ID)
	if errors.Is(err, store.ErrConflict) {
		// another request attached one meanwhile: fine if it is this one
		now, gerr := s.store.GetBooking(ctx, b.ID)
		if gerr != nil {
			return gerr
		}
		if now.PaymentIntentID != pi.ID {
			return &Error{Status: http.StatusConflict, Code: "conflict", Message: "The payment was started in another window; reload the page"}
		}
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clientSecretJSON{ClientSecret: pi.ClientSecret})
}

// paymentRequest is the spec's payment record. Only bookingId and
// transactionId matter: the rest is taken from the booking and from Stripe.
type paymentRequest struct {
	BookingID     string `json:"bookingId"`
	TransactionID string `json:"transactionId"`
	ProductID     any    `json:"ProductId"`
	Price         any    `json:"price"`
	BuyerEmail    any    `json:"buyerEmail"`
}

var errPaymentMismatch = &Error{Status: http.StatusConflict, Code: "payment_mismatch", Message: "This payment does not belong to this booking"}

// verifyIntent checks a PaymentIntent from Stripe against a booking. It
// returns nil only for a succeeded payment of exactly the booking's amount
// in the shop's currency, made for that booking.
func (s *Server) verifyIntent(pi *stripe.PaymentIntent, b store.Booking) error {
	if pi.Metadata["booking_id"] != formatID(b.ID) {
		return errPaymentMismatch
	}
	if pi.Amount != s.payments.minorUnits(b.Price) || string(pi.Currency) != s.payments.currency {
		return &Error{Status: http.StatusConflict, Code: "payment_mismatch", Message: "The amount paid does not match the booking"}
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return &Error{Status: http.StatusConflict, Code: "not_paid", Message: "The card payment has not gone through"}
	}
	return nil
}

// record stores a verified payment and answers the spec's shape.
func (s *Server) record(ctx context.Context, pi *stripe.PaymentIntent, b store.Booking) (store.Payment, error) {
	p, created, err := s.store.RecordPayment(ctx, store.PaymentRecord{BookingID: b.ID, TransactionID: pi.ID, Amount: pi.Amount, Currency: string(pi.Currency)})
	if err != nil {
		return p, err
	}
	if created {
		s.metrics.paymentRecorded(p.Status)
		s.log.Info("payment recorded", "payment_id", p.ID, "booking_id", b.ID, "amount", b.Price, "currency", string(pi.Currency), "status", p.Status, "transaction_id", pi.ID)
	}
	return p, nil
}

// recordPayment serves POST /api/payments: the buyer's browser reports a
// card payment; it counts only once Stripe confirms it.
func (s *Server) recordPayment(c echo.Context) error {
	if s.payments == nil {
		return errPaymentsOff
	}
	var req paymentRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.TransactionID == "" || len(req.TransactionID) > 255 || !cleanText(req.TransactionID, false) {
		return invalidFields(map[string]string{"transactionId": "is required"}, "transactionId")
	}
	ctx := c.Request().Context()
	b, err := s.ownBooking(c, req.BookingID)
	if err != nil {
		return err
	}
	pi, err := s.payments.api.PaymentIntents.Get(req.TransactionID, &stripe.PaymentIntentParams{Params: stripe.Params{Context: ctx}})
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
		return errPaymentMismatch
	}
	if err != nil {
		s.log.Warn("stripe: reading a PaymentIntent", "booking_id", b.ID, "err", err)
		return errCardService
	}
	if err := s.verifyIntent(pi, b); err != nil {
		return err
	}
	p, err := s.record(ctx, pi, b)
	switch {
	case errors.Is(err, store.ErrAlreadyPaid), errors.Is(err, store.ErrConflict):
		return errPaymentMismatch
	case err != nil:
		return err
	case p.Status == store.PaymentRefundRequired:
		s.refund(ctx, p)
		return &Error{Status: http.StatusConflict, Code: "refund_required",
			Message: "This laptop was sold to someone else moments before your payment. Your payment is recorded and will be refunded."}
	}
	return c.JSON(http.StatusOK, insertedJSON{Acknowledged: true, InsertedID: formatID(p.ID)})
}

// maxWebhookBody is Stripe's own suggestion for event payloads.
const maxWebhookBody = 64 << 10

// stripeWebhook serves POST /api/stripe/webhook: Stripe's signed report
// that a payment succeeded, recorded exactly like the browser's report.
// It answers 2xx only once the payment is stored, so Stripe retries
// anything lost.
func (s *Server) stripeWebhook(c echo.Context) error {
	if s.payments == nil || s.payments.webhookSecret == "" {
		return notFound("Webhook")
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, maxWebhookBody))
	if err != nil {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: "The event is too large"}
	}
	event, err := webhook.ConstructEvent(body, c.Request().Header.Get("Stripe-Signature"), s.payments.webhookSecret)
	if err != nil {
		s.log.Warn("stripe webhook refused", "err", err)
		return badRequest("The event signature is not valid")
	}
	ctx := c.Request().Context()
	if event.Type != stripe.EventTypePaymentIntentSucceeded {
		return c.NoContent(http.StatusOK)
	}
	var pi stripe.PaymentIntent
	if err := pi.UnmarshalJSON(event.Data.Raw); err != nil {
		return badRequest("The event does not hold a PaymentIntent")
	}
	bookingID, err := strconv.ParseInt(pi.Metadata["booking_id"], 10, 64)
	if err != nil {
		s.log.Info("stripe webhook: payment for no booking of ours", "event_id", event.ID, "payment_intent", pi.ID)
		return c.NoContent(http.StatusOK)
	}
	b, err := s.store.GetBookingAnyState(ctx, bookingID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.Warn("stripe webhook: unknown booking", "event_id", event.ID, "booking_id", bookingID)
		return c.NoContent(http.StatusOK)
	}
	if err != nil {
		return err
	}
	if err := s.verifyIntent(&pi, b); err != nil {
		s.log.Error("stripe webhook: payment does not match its booking", "event_id", event.ID, "booking_id", b.ID, "err", err)
		return c.NoContent(http.StatusOK)
	}
	p, err := s.record(ctx, &pi, b)
	if err != nil && !errors.Is(err, store.ErrAlreadyPaid) && !errors.Is(err, store.ErrConflict) {
		return err
	}
	if err == nil && p.Status == store.PaymentRefundRequired {
		s.refund(ctx, p)
	}
	if _, err := s.store.RecordStripeEvent(ctx, event.ID, string(event.Type)); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
