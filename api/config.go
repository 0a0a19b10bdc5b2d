package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/store"
)

type configJSON struct {
	StripePublishableKey *string `json:"stripePublishableKey"`
	Currency             string  `json:"currency"`
	GoogleEnabled        bool    `json:"googleEnabled"`
	// MailEnabled: the shop sends real email (SMTP_URL), so accounts are
	// asked to verify theirs
	MailEnabled bool `json:"mailEnabled"`
	// PaymentMethods are the ways a buyer may choose to pay a booking:
	// cash always, first, then the online ones configured
	PaymentMethods []store.PaymentMethod `json:"paymentMethods"`
	// AdvertisePrice is what a seller pays to advertise a laptop, in
	// whole Tk; 0 is free (ADVERTISE_PRICE)
	AdvertisePrice int64 `json:"advertisePrice"`
	// SMS: the shop sends SMS codes (SMS_URL, #35), so phone numbers can
	// be verified and signed in with
	SMS bool `json:"sms"`
	// Push: notifications can be pushed to this browser (VAPID keys set,
	// #37); PushPublicKey is the applicationServerKey to subscribe with
	Push          bool    `json:"push"`
	PushPublicKey *string `json:"pushPublicKey"`
}

// config serves GET /api/config: what the app needs to know at start.
func (s *Server) config(c echo.Context) error {
	out := configJSON{Currency: s.currency, GoogleEnabled: s.google != nil, MailEnabled: s.mailConfigured, PaymentMethods: s.paymentMethods(),
		AdvertisePrice: s.advertisePrice, SMS: s.smsOn, Push: s.pushKey != ""}
	if s.pushKey != "" {
		out.PushPublicKey = &s.pushKey
	}
	if s.stripePublishableKey != "" {
		out.StripePublishableKey = &s.stripePublishableKey
	}
	return c.JSON(http.StatusOK, out)
}

// paymentMethods are the payment methods this shop offers: cash at the
// hand-over always, card when Stripe is set up, SSLCommerz when its store
// account is.
func (s *Server) paymentMethods() []store.PaymentMethod {
	out := []store.PaymentMethod{store.PayCash}
	if s.payments.CardEnabled() {
		out = append(out, store.PayCard)
	}
	if s.payments.SSLCommerzEnabled() {
		out = append(out, store.PaySSLCommerz)
	}
	return out
}

// offersPaymentMethod tells whether m is one of paymentMethods.
func (s *Server) offersPaymentMethod(m store.PaymentMethod) bool {
	for _, k := range s.paymentMethods() {
		if k == m {
			return true
		}
	}
	return false
}
