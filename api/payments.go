package api

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/store"
)

var errPaymentsOff = &Error{Status: http.StatusServiceUnavailable, Code: "payments_off", Message: "Card payments are not set up on this shop yet"}

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
	if !s.payments.CardEnabled() {
		return errPaymentsOff
	}
	var req paymentIntentRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	b, err := s.ownBooking(c, req.BookingID)
	if err != nil {
		return err
	}
	secret, err := s.payments.CreatePaymentIntent(c.Request().Context(), b)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clientSecretJSON{ClientSecret: secret})
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

// recordPayment serves POST /api/payments: the buyer's browser reports a
// card payment; it counts only once Stripe confirms it.
func (s *Server) recordPayment(c echo.Context) error {
	if !s.payments.CardEnabled() {
		return errPaymentsOff
	}
	var req paymentRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.TransactionID == "" || len(req.TransactionID) > 255 || !cleanText(req.TransactionID, false) {
		return invalidFields(map[string]string{"transactionId": "is required"}, "transactionId")
	}
	b, err := s.ownBooking(c, req.BookingID)
	if err != nil {
		return err
	}
	p, err := s.payments.RecordPayment(c.Request().Context(), b, req.TransactionID)
	if err != nil {
		return err
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
	if s.payments == nil || !s.payments.WebhookEnabled() {
		return notFound("Webhook")
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, maxWebhookBody))
	if err != nil {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: "The event is too large"}
	}
	if err := s.payments.HandleWebhook(c.Request().Context(), body, c.Request().Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// paymentJSON is a payment record on the wire, with the spec's names.
type paymentJSON struct {
	ID            string `json:"_id"`
	BookingID     string `json:"bookingId"`
	ProductID     string `json:"ProductId"`
	ProductName   string `json:"productName"`
	Price         int64  `json:"price"`
	BuyerName     string `json:"buyerName"`
	BuyerEmail    string `json:"buyerEmail"`
	TransactionID string `json:"transactionId"`
	Status        string `json:"status"`
	Date          string `json:"date"`
}

// listPayments serves GET /api/payments: every payment, for the admin.
func (s *Server) listPayments(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListPayments(c.Request().Context(), page)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	out := make([]paymentJSON, 0, len(list))
	for _, p := range list {
		out = append(out, paymentJSON{
			ID: formatID(p.ID), BookingID: formatID(p.BookingID), ProductID: formatID(p.ProductID), ProductName: p.ProductName,
			Price: p.Price, BuyerName: p.BuyerName, BuyerEmail: p.BuyerEmail, TransactionID: p.TransactionID, Status: p.Status,
			Date: p.CreatedAt.In(s.loc).Format("01-02-2006"),
		})
	}
	return c.JSON(http.StatusOK, out)
}
