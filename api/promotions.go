package api

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/payments"
	"resale/store"
)

// Paid promotion (#34, docs/payments.md "Paid promotion"): with
// ADVERTISE_PRICE set, Advertise is a purchase the seller pays the shop
// by card or through SSLCommerz; the spec's PUT /api/products/:id then
// answers 402.

// errAdvertisingPaid refuses the spec's free Advertise on a shop that
// charges for it.
func errAdvertisingPaid(price int64) *Error {
	return &Error{Status: http.StatusPaymentRequired, Code: "payment_required",
		Message: fmt.Sprintf("Advertising costs Tk %d: pay to advertise", price)}
}

var (
	errAdvertisingFree = &Error{Status: http.StatusConflict, Code: "advertising_free",
		Message: "Advertising is free on this shop: advertise without paying"}
	errAdvertisingOff = &Error{Status: http.StatusConflict, Code: "payments_off",
		Message: "Advertising is not available: this shop takes no online payments"}
	errAdvertised = &Error{Status: http.StatusConflict, Code: "advertised",
		Message: "This product is advertised already"}
)

type promotionRequest struct {
	Method string `json:"method"`
}

// promotionStartJSON answers a started promotion: the card form's client
// secret, or the gateway's page to send the browser to.
type promotionStartJSON struct {
	ID           string `json:"_id"`
	Amount       int64  `json:"amount"`
	ClientSecret string `json:"clientSecret,omitempty"`
	GatewayURL   string `json:"gatewayUrl,omitempty"`
}

// startPromotion serves POST /api/products/:id/promotion: the product's
// seller starts paying to advertise it, {method: card|sslcommerz}, at
// ADVERTISE_PRICE as it is now.
func (s *Server) startPromotion(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	var req promotionRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	u, _ := currentUser(c)
	ctx := c.Request().Context()
	if err := s.store.OwnsProduct(ctx, id, u.ID); err != nil {
		return notFoundAs(err, "Product")
	}
	switch {
	case s.advertisePrice == 0:
		return errAdvertisingFree
	case !s.payments.CardEnabled() && !s.payments.SSLCommerzEnabled():
		return errAdvertisingOff
	case req.Method != string(store.PayCard) && req.Method != string(store.PaySSLCommerz):
		return invalidFields(map[string]string{"method": "must be card or sslcommerz"}, "method")
	case !s.offersPaymentMethod(store.PaymentMethod(req.Method)):
		return invalidFields(map[string]string{"method": "is not set up on this shop"}, "method")
	}
	p, err := s.store.StartPromotion(ctx, store.PromotionStart{ProductID: id, SellerID: u.ID, Amount: s.advertisePrice,
		Days: s.advertiseDays, Limit: s.advertiseLimit, Method: req.Method})
	if errors.Is(err, store.ErrAdvertised) {
		return errAdvertised
	}
	if err != nil {
		err = reword(notFoundAs(err, "Product"), store.ErrAdvertiseLimit,
			fmt.Sprintf("You can advertise at most %d laptops at once: stop one first", s.advertiseLimit))
		return reword(err, store.ErrExpired, "This listing has expired: renew it before advertising it")
	}
	name, phone := "a laptop", u.Phone
	if product, err := s.store.GetProduct(ctx, id); err == nil {
		name = product.Name
		if phone == "" {
			phone = product.Phone // the gateway asks for one
		}
	}
	checkout, err := s.payments.StartPromotion(ctx, p, name, payments.Buyer{Name: u.Name, Email: u.Email, Phone: phone})
	if errors.Is(err, payments.ErrProvider) {
		return errGatewayDown
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, promotionStartJSON{ID: formatID(p.ID), Amount: p.Amount,
		ClientSecret: checkout.ClientSecret, GatewayURL: checkout.GatewayURL})
}

// promotionJSON is a promotion on the wire.
type promotionJSON struct {
	ID        string     `json:"_id"`
	ProductID string     `json:"productId"`
	Amount    int64      `json:"amount"`
	Days      int        `json:"days"`
	Method    string     `json:"method"`
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"createdAt"`
	PaidAt    *time.Time `json:"paidAt"`
}

// getPromotion serves GET /api/products/:id/promotion: the newest
// promotion of the seller's own product, asking its provider when it is
// still pending (how the card form's browser learns it was recorded).
func (s *Server) getPromotion(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Promotion")
	}
	u, _ := currentUser(c)
	ctx := c.Request().Context()
	p, err := s.store.LatestPromotion(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.SellerID != u.ID) {
		return notFound("Promotion")
	}
	if err != nil {
		return err
	}
	if p, err = s.payments.PromotionOutcome(ctx, p); errors.Is(err, payments.ErrProvider) {
		return errGatewayDown
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, promotionJSON{ID: formatID(p.ID), ProductID: formatID(p.ProductID), Amount: p.Amount, Days: p.Days,
		Method: p.Method, Status: p.Status, CreatedAt: p.CreatedAt.UTC(), PaidAt: p.PaidAt})
}
