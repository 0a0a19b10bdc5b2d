// Package sslcommerz is a small client of SSLCommerz, the Bangladeshi
// payment gateway whose one hosted checkout takes bKash, Nagad, Rocket,
// Upay, cards and internet banking. It is hand-written over net/http (the
// Go SDKs that exist are small and unmaintained) and knows nothing of
// bookings: a caller starts a session, sends the buyer's browser to the
// gateway, and believes a payment only once Validate says so and Confirm
// finds it is exactly the one expected. An IPN or a browser's return is
// only a hint of which val_id to validate.
//
// The API, as SSLCommerz publishes it (developer.sslcommerz.com/doc/v4,
// "Documentation Version 4.00", and sslcommerz.com/integration-document;
// read together with SSLCommerz's own libraries github.com/sslcommerz/
// SSLCommerz-PHP (lib/SslCommerzNotification.php, AbstractSslCommerz.php)
// and SSLCommerz-NodeJS (ranasl62/npm-sslcommerz api/payment-controller.js),
// and the response shapes in sagar290/ssl-wireless-pgw-golang-sdk
// structs/ResponseStructs.go and monim67/sslcommerz-sdk testing.py). Hosts:
// https://sandbox.sslcommerz.com and https://securepay.sslcommerz.com.
// Every call carries store_id and store_passwd.
//
//   - Session: POST /gwprocess/v4/api.php, a form with total_amount
//     (decimal 10,2; 10.00 to 500000.00 BDT), currency, tran_id (ours,
//     unique, up to 30 characters), success_url, fail_url, cancel_url,
//     ipn_url, cus_name, cus_email, cus_add1, cus_city, cus_postcode,
//     cus_country, cus_phone, shipping_method (YES, NO, Courier),
//     num_of_item, product_name, product_category, product_profile
//     (general, physical-goods, non-physical-goods, ...), and value_a to
//     value_d (ours, given back in every answer). JSON answer: status
//     (SUCCESS or FAILED), failedreason, sessionkey, GatewayPageURL (where
//     the buyer's browser goes), storeLogo and others we do not use.
//   - IPN: the gateway form-posts to ipn_url: tran_id, val_id, amount,
//     store_amount, currency, bank_tran_id, card_type (as "BKASH-BKash"),
//     card_no, status (VALID, FAILED, CANCELLED, UNATTEMPTED, EXPIRED),
//     tran_date, currency_type, currency_amount, value_a..value_d,
//     risk_level (0 safe, 1 risky: hold and check the buyer), risk_title,
//     verify_sign and verify_key (see VerifyIPN). The same fields are
//     form-posted by the buyer's browser to success_url (status VALID),
//     fail_url (FAILED) or cancel_url (CANCELLED).
//   - Validation: GET /validator/api/validationserverAPI.php with val_id,
//     format=json (and v=1). Answer: status (VALID; VALIDATED once it was
//     validated before; INVALID_TRANSACTION), tran_date, tran_id, val_id,
//     amount, store_amount, currency, bank_tran_id, card_type, card_no,
//     card_issuer, card_brand, currency_type, currency_amount,
//     currency_rate, value_a..value_d, risk_level, risk_title, APIConnect
//     (DONE; INVALID_REQUEST, FAILED (credentials) or INACTIVE),
//     validated_on.
//   - Transaction query: GET /validator/api/merchantTransIDvalidationAPI.php
//     with tran_id: {APIConnect, no_of_trans_found, element: [ the
//     validation fields, one per attempt ]}; with sessionkey: one object
//     of the validation fields plus sessionkey, status PENDING while
//     nothing is paid.
//   - Refund: the same path with bank_tran_id, refund_amount,
//     refund_remarks, refe_id (ours; newer integrations also send
//     refund_trans_id): {APIConnect, bank_tran_id, trans_id, refund_ref_id,
//     status (success, failed, processing), errorReason}. Refund query:
//     refund_ref_id: {APIConnect, bank_tran_id, tran_id, refund_ref_id,
//     initiated_on, refunded_on, status (refunded, processing, cancelled),
//     errorReason}.
package sslcommerz

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The gateway's hosts.
const (
	SandboxBase = "https://sandbox.sslcommerz.com"
	LiveBase    = "https://securepay.sslcommerz.com"
)

// The gateway's paths.
const (
	SessionPath    = "/gwprocess/v4/api.php"
	ValidationPath = "/validator/api/validationserverAPI.php"
	QueryPath      = "/validator/api/merchantTransIDvalidationAPI.php"
)

// The client's outcomes. Callers compare with errors.Is.
var (
	// ErrInvalid: the gateway does not say the payment is VALID or
	// VALIDATED (a forged val_id, a failed or cancelled payment).
	ErrInvalid = errors.New("sslcommerz: the payment is not valid")
	// ErrMismatch: a valid payment, but not of the expected tran_id,
	// amount or currency.
	ErrMismatch = errors.New("sslcommerz: the payment does not match what was expected")
	// ErrGateway: the gateway did not answer in time, answered with a
	// server error, or answered something that is not its API's JSON.
	ErrGateway = errors.New("sslcommerz: the gateway did not answer")
	// ErrRefused: the gateway answered and refused the call (wrong store
	// credentials, a missing field, a refund it will not make).
	ErrRefused = errors.New("sslcommerz: the gateway refused the call")
)

// DefaultTimeout bounds a call whose context has no earlier deadline.
const DefaultTimeout = 20 * time.Second

// Config is what the client needs.
type Config struct {
	StoreID       string
	StorePassword string
	// Live selects securepay.sslcommerz.com; otherwise the sandbox.
	Live bool
	// APIBase overrides the host (a stand-in in tests), as
	// "http://127.0.0.1:1234".
	APIBase    string
	HTTPClient *http.Client
	// Timeout bounds each call (DefaultTimeout when zero).
	Timeout time.Duration
}

// Client calls the gateway.
type Client struct {
	storeID, storePassword string
	base                   string
	hc                     *http.Client
	timeout                time.Duration
}

// New is a client for cfg.
func New(cfg Config) *Client {
	c := &Client{storeID: cfg.StoreID, storePassword: cfg.StorePassword, base: SandboxBase,
		hc: cfg.HTTPClient, timeout: cfg.Timeout}
	if cfg.Live {
		c.base = LiveBase
	}
	if cfg.APIBase != "" {
		c.base = strings.TrimRight(cfg.APIBase, "/")
	}
	if c.hc == nil {
		c.hc = &http.Client{}
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	return c
}

// Base is the gateway address the client calls.
func (c *Client) Base() string { return c.base }

// StorePassword is the store password, for VerifyIPN.
func (c *Client) StorePassword() string { return c.storePassword }

// call sends one request and decodes the JSON answer into out. Timeouts,
// network failures, 5xx and anything but a JSON object are ErrGateway.
func (c *Client) call(ctx context.Context, method, path string, params url.Values, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	params.Set("store_id", c.storeID)
	params.Set("store_passwd", c.storePassword)
	var req *http.Request
	var err error
	if method == http.MethodPost {
		req, err = http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(params.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
	} else {
		params.Set("format", "json")
		params.Set("v", "1")
		req, err = http.NewRequestWithContext(ctx, method, c.base+path+"?"+params.Encode(), nil)
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrGateway, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		// the error names the URL, which holds the store password
		return fmt.Errorf("%w: %s %s: %v", ErrGateway, method, path, unwrapURLError(err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%w: %s %s: reading the answer: %v", ErrGateway, method, path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %s %s answered %d", ErrGateway, method, path, resp.StatusCode)
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("%w: %s %s answered what is not its JSON: %v", ErrGateway, method, path, err)
	}
	return nil
}

// unwrapURLError drops the URL (with its query, which holds the store
// password) from an error of the HTTP client.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// flex is a JSON string the gateway sometimes writes as a number.
type flex string

// UnmarshalJSON takes a string, a number or null.
func (f *flex) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flex(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flex(n.String())
	return nil
}
