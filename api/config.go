package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type configJSON struct {
	StripePublishableKey *string `json:"stripePublishableKey"`
	Currency             string  `json:"currency"`
	GoogleEnabled        bool    `json:"googleEnabled"`
	// MailEnabled: the shop sends real email (SMTP_URL), so accounts are
	// asked to verify theirs
	MailEnabled bool `json:"mailEnabled"`
}

// config serves GET /api/config: what the app needs to know at start.
func (s *Server) config(c echo.Context) error {
	out := configJSON{Currency: s.currency, GoogleEnabled: s.google != nil, MailEnabled: s.mailConfigured}
	if s.stripePublishableKey != "" {
		out.StripePublishableKey = &s.stripePublishableKey
	}
	return c.JSON(http.StatusOK, out)
}
