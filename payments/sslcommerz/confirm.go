package sslcommerz

import (
	"crypto/md5"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// Expected is the payment the shop asked for, from its database.
type Expected struct {
	TranID   string
	Amount   int64 // whole Taka
	Currency string
}

// Confirm accepts v only when the gateway says VALID or VALIDATED for
// exactly the expected tran_id, amount and currency: anything else is
// ErrInvalid (not paid, or a val_id the gateway never issued) or
// ErrMismatch (paid, but not this payment). v must come from Validate or
// a query, never from an IPN or a browser's post.
func Confirm(v Validation, want Expected) error {
	if v.Status != "VALID" && v.Status != "VALIDATED" {
		return fmt.Errorf("%w: status %q", ErrInvalid, v.Status)
	}
	if want.TranID == "" || v.TranID != want.TranID {
		return fmt.Errorf("%w: tran_id %q, expected %q", ErrMismatch, v.TranID, want.TranID)
	}
	cur := or(want.Currency, "BDT")
	if v.Currency != cur || (v.CurrencyType != "" && v.CurrencyType != cur) {
		return fmt.Errorf("%w: currency %q (%q), expected %q", ErrMismatch, v.Currency, v.CurrencyType, cur)
	}
	amounts := []string{v.Amount}
	if v.CurrencyAmount != "" {
		amounts = append(amounts, v.CurrencyAmount)
	}
	for _, a := range amounts {
		n, err := ParseAmount(a)
		if err != nil || n != want.Amount {
			return fmt.Errorf("%w: amount %q, expected %d", ErrMismatch, a, want.Amount)
		}
	}
	return nil
}

// VerifyIPN checks an IPN's verify_sign as SSLCommerz's own libraries do:
// the md5 of "key=value&..." over the fields verify_key names plus
// store_passwd=md5(the store password), sorted by key. It tells a post
// that did not come from the gateway early; it never makes one
// believable: only Validate does.
func VerifyIPN(form url.Values, storePassword string) bool {
	sign, keys := form.Get("verify_sign"), form.Get("verify_key")
	if sign == "" || keys == "" {
		return false
	}
	want := SignIPN(form, strings.Split(keys, ","), storePassword)
	return subtle.ConstantTimeCompare([]byte(want), []byte(strings.ToLower(sign))) == 1
}

// SignIPN is verify_sign over the named fields of form (the stand-in
// signs its IPNs with it).
func SignIPN(form url.Values, keys []string, storePassword string) string {
	fields := map[string]string{}
	for _, k := range keys {
		// a named field that is absent is left out, as SSLCommerz's PHP library does
		if _, ok := form[k]; ok {
			fields[k] = form.Get(k)
		}
	}
	sum := md5.Sum([]byte(storePassword))
	fields["store_passwd"] = hex.EncodeToString(sum[:])
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + fields[k]
	}
	sum = md5.Sum([]byte(strings.Join(parts, "&")))
	return hex.EncodeToString(sum[:])
}
