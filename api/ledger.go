package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// The ledger (#34, docs/payments.md "The ledger"): every payment, refund,
// commission and payout is a row; the admin reads it and records payouts,
// a seller reads their balance.

// maxPayout bounds a payout's amount (whole Tk): far above any sale, far
// below what overflows a sum.
const maxPayout = 1_000_000_000

// maxPayoutReference bounds a payout's reference (a bKash number, a bank
// transfer's reference).
const maxPayoutReference = 100

var wholeTk = regexp.MustCompile(`^[0-9]{1,10}$`)

// ledgerJSON is a ledger row on the wire. amount is whole Tk, signed by
// what the row does to the seller's money: payment +, refund -,
// commission - (+ when a refund gives it back), payout -, promotion +.
type ledgerJSON struct {
	ID         string    `json:"_id"`
	Kind       string    `json:"kind"`
	Amount     int64     `json:"amount"`
	Method     string    `json:"method"`
	Reversal   bool      `json:"reversal"`
	BookingID  *string   `json:"bookingId"`
	SellerID   *string   `json:"sellerId"`
	SellerName string    `json:"sellerName"`
	Reference  string    `json:"reference"`
	CreatedAt  time.Time `json:"createdAt"`
}

func optionalID(id int64) *string {
	if id == 0 {
		return nil
	}
	s := formatID(id)
	return &s
}

func ledgerFrom(e store.LedgerEntry) ledgerJSON {
	return ledgerJSON{ID: formatID(e.ID), Kind: e.Kind, Amount: e.Amount, Method: e.Method, Reversal: e.Reversal,
		BookingID: optionalID(e.BookingID), SellerID: optionalID(e.SellerID), SellerName: e.SellerName,
		Reference: e.Reference, CreatedAt: e.CreatedAt.UTC()}
}

// listLedger serves GET /api/admin/ledger: the ledger newest first, paged
// like the other admin lists, of one seller with ?sellerId=.
func (s *Server) listLedger(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	raw, err := singleQuery(c, "sellerId")
	if err != nil {
		return err
	}
	var seller int64
	if raw != "" {
		if seller, err = parseID(raw); err != nil {
			return invalidFields(map[string]string{"sellerId": "is not a user id"}, "sellerId")
		}
	}
	list, next, err := s.store.ListLedger(c.Request().Context(), seller, page)
	if err != nil {
		return err
	}
	return pageJSON(c, list, next, ledgerFrom)
}

type payoutRequest struct {
	SellerID  string          `json:"sellerId"`
	Amount    json.RawMessage `json:"amount"`
	Method    string          `json:"method"`
	Reference string          `json:"reference"`
}

// recordPayout serves POST /api/admin/payouts: an admin records money paid
// out to a seller, JSON {sellerId, amount (whole Tk), method, reference}.
// It is refused (409) when it is more than the shop owes the seller.
func (s *Server) recordPayout(c echo.Context) error {
	var req payoutRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	seller, err := parseID(req.SellerID)
	if err != nil {
		f.add("sellerId", "is not a user id")
	}
	amount, err := strconv.ParseInt(string(req.Amount), 10, 64)
	if !wholeTk.Match(req.Amount) || err != nil || amount < 1 || amount > maxPayout {
		f.add("amount", fmt.Sprintf("must be a whole number of Tk from 1 to %d", maxPayout))
	}
	if !slices.Contains(store.PayoutMethods, req.Method) {
		f.add("method", "must be one of bkash, nagad, rocket, bank, cash")
	}
	reference := f.text("reference", req.Reference, maxPayoutReference)
	if err := f.err(); err != nil {
		return err
	}
	me, _ := currentUser(c)
	e, err := s.store.RecordPayout(c.Request().Context(), store.Payout{
		SellerID: seller, Amount: amount, Method: req.Method, Reference: reference, AdminID: me.ID})
	var over *store.OverOwedError
	switch {
	case errors.As(err, &over):
		return &Error{Status: http.StatusConflict, Code: "more_than_owed",
			Message: fmt.Sprintf("The shop owes this seller Tk %d: a payout of Tk %d is more than that", max(over.Owed, 0), amount)}
	case errors.Is(err, store.ErrNotFound):
		return notFound("Seller")
	case err != nil:
		return err
	}
	s.log.Info("payout recorded", "seller_id", seller, "amount", amount, "method", req.Method, "by", me.ID)
	return c.JSON(http.StatusCreated, ledgerFrom(e))
}

type balanceJSON struct {
	Earned  int64 `json:"earned"`
	PaidOut int64 `json:"paidOut"`
	Owed    int64 `json:"owed"`
}

// sellerBalance serves GET /api/admin/sellers/:id/balance: one seller's
// balance as myBalance gives it, for the admin who records their payout.
func (s *Server) sellerBalance(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Seller")
	}
	b, err := s.store.SellerBalanceAsAdmin(c.Request().Context(), id)
	if err != nil {
		return notFoundAs(err, "Seller")
	}
	return c.JSON(http.StatusOK, balanceJSON{Earned: b.Earned, PaidOut: b.PaidOut, Owed: b.Owed})
}

// myBalance serves GET /api/me/balance: the seller's earned, paid out and
// owed, in whole Tk (owed is negative when the seller owes the shop the
// commission on cash sales).
func (s *Server) myBalance(c echo.Context) error {
	me, _ := currentUser(c)
	b, err := s.store.SellerBalance(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, balanceJSON{Earned: b.Earned, PaidOut: b.PaidOut, Owed: b.Owed})
}
