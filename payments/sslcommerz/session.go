package sslcommerz

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// SessionRequest is a checkout to start. Amount is whole Taka: the shop's
// prices are whole Taka, and the gateway is told "1234.00".
type SessionRequest struct {
	TranID   string // ours, unique per attempt, up to 30 characters
	Amount   int64  // whole Taka
	Currency string // "BDT" when empty

	SuccessURL, FailURL, CancelURL, IPNURL string

	CustomerName, CustomerEmail, CustomerPhone string
	CustomerAddress, CustomerCity              string // "Dhaka" when empty
	CustomerPostcode, CustomerCountry          string // "1000", "Bangladesh" when empty

	ProductName     string
	ProductCategory string // "laptop" when empty
	// ValueA to ValueD come back in the IPN, the redirects and the
	// validation (the booking's id, for example).
	ValueA, ValueB, ValueC, ValueD string
}

// Session is a started checkout.
type Session struct {
	SessionKey string
	// GatewayPageURL is where the buyer's browser goes to pay.
	GatewayPageURL string
}

type sessionAnswer struct {
	Status         flex `json:"status"`
	FailedReason   flex `json:"failedreason"`
	SessionKey     flex `json:"sessionkey"`
	GatewayPageURL flex `json:"GatewayPageURL"`
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// form is the session call's fields, as the API names them.
func (r SessionRequest) form() url.Values {
	f := url.Values{}
	set := func(k, v string) {
		if v != "" {
			f.Set(k, v)
		}
	}
	set("total_amount", FormatAmount(r.Amount))
	set("currency", or(r.Currency, "BDT"))
	set("tran_id", r.TranID)
	set("success_url", r.SuccessURL)
	set("fail_url", r.FailURL)
	set("cancel_url", r.CancelURL)
	set("ipn_url", r.IPNURL)
	set("cus_name", r.CustomerName)
	set("cus_email", r.CustomerEmail)
	set("cus_phone", r.CustomerPhone)
	set("cus_add1", or(r.CustomerAddress, or(r.CustomerCity, "Dhaka")))
	set("cus_city", or(r.CustomerCity, "Dhaka"))
	set("cus_postcode", or(r.CustomerPostcode, "1000"))
	set("cus_country", or(r.CustomerCountry, "Bangladesh"))
	// a laptop handed over in person: nothing is shipped
	set("shipping_method", "NO")
	set("num_of_item", "1")
	set("product_name", r.ProductName)
	set("product_category", or(r.ProductCategory, "laptop"))
	set("product_profile", "general")
	set("value_a", r.ValueA)
	set("value_b", r.ValueB)
	set("value_c", r.ValueC)
	set("value_d", r.ValueD)
	return f
}

// InitSession starts a checkout. A FAILED answer (wrong credentials, a
// missing field, an amount out of range) is ErrRefused with the gateway's
// reason.
func (c *Client) InitSession(ctx context.Context, r SessionRequest) (Session, error) {
	if r.Amount <= 0 {
		return Session{}, fmt.Errorf("sslcommerz: amount %d Tk is not positive", r.Amount)
	}
	var a sessionAnswer
	if err := c.call(ctx, http.MethodPost, SessionPath, r.form(), &a); err != nil {
		return Session{}, err
	}
	if a.Status != "SUCCESS" {
		if a.Status == "" && a.FailedReason == "" {
			return Session{}, fmt.Errorf("%w: the session answer has no status", ErrGateway)
		}
		return Session{}, fmt.Errorf("%w: %s: %s", ErrRefused, or(string(a.Status), "no status"), a.FailedReason)
	}
	if a.GatewayPageURL == "" || a.SessionKey == "" {
		return Session{}, fmt.Errorf("%w: the session answer has no GatewayPageURL or sessionkey", ErrGateway)
	}
	return Session{SessionKey: string(a.SessionKey), GatewayPageURL: string(a.GatewayPageURL)}, nil
}

// Validation is the gateway's word on a payment (the Validation API, the
// transaction query, or, not to be believed, an IPN).
type Validation struct {
	Status         string // VALID, VALIDATED, INVALID_TRANSACTION, PENDING, FAILED, CANCELLED, ...
	TranID         string
	ValID          string
	Amount         string // "1234.00"
	StoreAmount    string // what the shop receives after the gateway's fee
	Currency       string
	CurrencyType   string
	CurrencyAmount string
	BankTranID     string // what a refund names
	CardType       string // "BKASH-BKash", "VISA-Dutch Bangla", ...
	CardNo         string
	CardBrand      string
	TranDate       string
	ValidatedOn    string
	SessionKey     string
	ValueA         string
	ValueB         string
	ValueC         string
	ValueD         string
	RiskLevel      string // "0" safe, "1" risky
	RiskTitle      string
	APIConnect     string // DONE, or INVALID_REQUEST, FAILED, INACTIVE
	Error          string
}

// Risky says the gateway asks the shop to check the buyer before giving
// the goods (risk_level 1).
func (v Validation) Risky() bool { return v.RiskLevel == "1" }

type validationJSON struct {
	Status         flex `json:"status"`
	TranID         flex `json:"tran_id"`
	ValID          flex `json:"val_id"`
	Amount         flex `json:"amount"`
	StoreAmount    flex `json:"store_amount"`
	Currency       flex `json:"currency"`
	CurrencyType   flex `json:"currency_type"`
	CurrencyAmount flex `json:"currency_amount"`
	BankTranID     flex `json:"bank_tran_id"`
	CardType       flex `json:"card_type"`
	CardNo         flex `json:"card_no"`
	CardBrand      flex `json:"card_brand"`
	TranDate       flex `json:"tran_date"`
	ValidatedOn    flex `json:"validated_on"`
	SessionKey     flex `json:"sessionkey"`
	ValueA         flex `json:"value_a"`
	ValueB         flex `json:"value_b"`
	ValueC         flex `json:"value_c"`
	ValueD         flex `json:"value_d"`
	RiskLevel      flex `json:"risk_level"`
	RiskTitle      flex `json:"risk_title"`
	APIConnect     flex `json:"APIConnect"`
	Error          flex `json:"error"`
}

func (j validationJSON) validation() Validation {
	return Validation{Status: string(j.Status), TranID: string(j.TranID), ValID: string(j.ValID),
		Amount: string(j.Amount), StoreAmount: string(j.StoreAmount), Currency: string(j.Currency),
		CurrencyType: string(j.CurrencyType), CurrencyAmount: string(j.CurrencyAmount),
		BankTranID: string(j.BankTranID), CardType: string(j.CardType), CardNo: string(j.CardNo),
		CardBrand: string(j.CardBrand), TranDate: string(j.TranDate), ValidatedOn: string(j.ValidatedOn),
		SessionKey: string(j.SessionKey), ValueA: string(j.ValueA), ValueB: string(j.ValueB),
		ValueC: string(j.ValueC), ValueD: string(j.ValueD), RiskLevel: string(j.RiskLevel),
		RiskTitle: string(j.RiskTitle), APIConnect: string(j.APIConnect), Error: string(j.Error)}
}

// refused tells an answer without a status: the gateway refusing our
// call (APIConnect FAILED: credentials; INACTIVE; INVALID_REQUEST), or
// garbage.
func refused(status, apiConnect string) error {
	if status != "" {
		return nil
	}
	switch apiConnect {
	case "INVALID_REQUEST", "FAILED", "INACTIVE":
		return fmt.Errorf("%w: APIConnect %s", ErrRefused, apiConnect)
	}
	return fmt.Errorf("%w: the answer has no status", ErrGateway)
}

// Validate asks the Validation API about val_id. Its answer is returned
// as it is (an unknown val_id is Status INVALID_TRANSACTION, not an
// error); Confirm decides whether it is the payment expected.
func (c *Client) Validate(ctx context.Context, valID string) (Validation, error) {
	if valID == "" {
		return Validation{}, fmt.Errorf("%w: no val_id", ErrInvalid)
	}
	var j validationJSON
	if err := c.call(ctx, http.MethodGet, ValidationPath, url.Values{"val_id": {valID}}, &j); err != nil {
		return Validation{}, err
	}
	v := j.validation()
	if err := refused(v.Status, v.APIConnect); err != nil {
		return Validation{}, err
	}
	return v, nil
}

type tranQueryJSON struct {
	APIConnect flex             `json:"APIConnect"`
	Found      flex             `json:"no_of_trans_found"`
	Element    []validationJSON `json:"element"`
}

// QueryByTranID lists the gateway's attempts at our tran_id (none when
// the buyer never paid), newest as the gateway orders them.
func (c *Client) QueryByTranID(ctx context.Context, tranID string) ([]Validation, error) {
	var j tranQueryJSON
	if err := c.call(ctx, http.MethodGet, QueryPath, url.Values{"tran_id": {tranID}}, &j); err != nil {
		return nil, err
	}
	if j.APIConnect != "DONE" {
		if j.APIConnect == "" {
			return nil, fmt.Errorf("%w: the answer has no APIConnect", ErrGateway)
		}
		return nil, fmt.Errorf("%w: APIConnect %s", ErrRefused, j.APIConnect)
	}
	if n, err := strconv.Atoi(or(string(j.Found), "0")); err != nil || n != len(j.Element) {
		return nil, fmt.Errorf("%w: no_of_trans_found %q for %d elements", ErrGateway, j.Found, len(j.Element))
	}
	out := make([]Validation, 0, len(j.Element))
	for _, e := range j.Element {
		out = append(out, e.validation())
	}
	return out, nil
}

// QueryBySessionKey is the gateway's word on a session (Status PENDING
// while nothing is paid).
func (c *Client) QueryBySessionKey(ctx context.Context, sessionKey string) (Validation, error) {
	var j validationJSON
	if err := c.call(ctx, http.MethodGet, QueryPath, url.Values{"sessionkey": {sessionKey}}, &j); err != nil {
		return Validation{}, err
	}
	v := j.validation()
	if err := refused(v.Status, v.APIConnect); err != nil {
		return Validation{}, err
	}
	return v, nil
}

// CheckCredentials asks the transaction query about a tran_id no shop
// uses: the gateway answers it (with nothing found) only for a store id
// and password it knows, and refuses others (ErrRefused). For `resale
// doctor`.
func (c *Client) CheckCredentials(ctx context.Context) error {
	_, err := c.QueryByTranID(ctx, "resale-credentials-check")
	return err
}
