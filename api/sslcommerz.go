package api

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"resale/payments"
)

var (
	errSSLCommerzOff = &Error{Status: http.StatusServiceUnavailable, Code: "payments_off",
		Message: "Paying online with bKash, Nagad or a card is not set up on this shop; pay in cash at the hand-over"}
	errGatewayDown = &Error{Status: http.StatusBadGateway, Code: "payment_service",
		Message: "The payment service did not answer, please try again"}
)

// maxGatewayPost caps the gateway's form posts (an IPN is about 2 KB).
const maxGatewayPost = 32 << 10

type sslcommerzSessionRequest struct {
	BookingID string `json:"bookingId"`
}

type gatewayURLJSON struct {
	GatewayURL string `json:"gatewayUrl"`
}

// startSSLCommerz serves POST /api/payments/sslcommerz/session: the buyer
// starts paying their booking through SSLCommerz (bKash, Nagad, Rocket,
// cards), for the booking's price from the database; the browser goes to
// the answer's gatewayUrl.
func (s *Server) startSSLCommerz(c echo.Context) error {
	if !s.payments.SSLCommerzEnabled() {
		return errSSLCommerzOff
	}
	var req sslcommerzSessionRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	b, err := s.ownBooking(c, req.BookingID)
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	phone := b.Phone
	if phone == "" {
		phone = u.Phone
	}
	gateway, err := s.payments.StartSSLCommerz(c.Request().Context(), b, payments.Buyer{Name: u.Name, Email: u.Email, Phone: phone})
	if errors.Is(err, payments.ErrProvider) {
		return errGatewayDown
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, gatewayURLJSON{GatewayURL: gateway})
}

// gatewayForm reads the gateway's form post, small and URL-encoded.
func gatewayForm(c echo.Context) (url.Values, error) {
	r := c.Request()
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxGatewayPost)
	if err := r.ParseForm(); err != nil {
		return nil, &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: "The form could not be read"}
	}
	return r.PostForm, nil
}

// sslcommerzIPN serves POST /api/payments/sslcommerz/ipn: the gateway's
// notice that a payment finished. Nothing in it is believed: the payment
// is recorded only once the Validation API confirms it. 200 once dealt
// with; 502 when the gateway could not be asked, so that it posts again.
func (s *Server) sslcommerzIPN(c echo.Context) error {
	if !s.payments.SSLCommerzEnabled() {
		return notFound("Payment notice")
	}
	form, err := gatewayForm(c)
	if err != nil {
		return err
	}
	_, outcome, err := s.payments.HandleSSLCommerz(c.Request().Context(), form)
	switch {
	case errors.Is(err, payments.ErrWrongBooking):
		return &Error{Status: http.StatusBadRequest, Code: "payment_mismatch", Message: "This notice is not about a payment of this shop"}
	case errors.Is(err, payments.ErrProvider):
		return errGatewayDown
	case err != nil:
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"outcome": string(outcome)})
}

// sslcommerzReturn serves POST /payments/sslcommerz/{success,fail,cancel}:
// the gateway sends the buyer's browser back with a form post. The
// payment is validated as the IPN's is (whichever comes first records
// it), then the browser goes on to My Booking, which says what happened.
// A cross-site post: no session, no cookie; the Validation API is the
// proof.
func (s *Server) sslcommerzReturn(c echo.Context) error {
	if !s.payments.SSLCommerzEnabled() {
		return notFound("Page")
	}
	form, err := gatewayForm(c)
	if err != nil {
		return err
	}
	booking, outcome, err := s.payments.HandleSSLCommerz(c.Request().Context(), form)
	switch {
	case errors.Is(err, payments.ErrWrongBooking):
		outcome = payments.OutcomeFailed
	case err != nil:
		s.log.Warn("sslcommerz: the buyer came back before the payment could be confirmed", "tran_id", form.Get("tran_id"), "err", err)
		outcome = payments.OutcomePending
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	if payments.IsPromotionTran(form.Get("tran_id")) {
		// a seller paying to advertise: back to My Products
		return c.Redirect(http.StatusSeeOther, "/dashboard/myproducts?"+url.Values{"promotion": {string(outcome)}}.Encode())
	}
	q := url.Values{"payment": {string(outcome)}}
	if booking > 0 {
		q.Set("booking", formatID(booking))
	}
	return c.Redirect(http.StatusSeeOther, "/dashboard/mybooking?"+q.Encode())
}
