package sslcommerz_test

import (
	"net/url"
	"regexp"
	"testing"

	"resale/payments/sslcommerz"
)

func TestParseAmount(t *testing.T) {
	t.Parallel()
	good := map[string]int64{"1234.00": 1234, "1234": 1234, "1234.0": 1234, "0.00": 0, "10.00": 10,
		"500000.00": 500000, "01234.00": 1234, "1234.000": 1234}
	for s, want := range good {
		if got, err := sslcommerz.ParseAmount(s); err != nil || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", ".", "1234.", ".50", "1234.50", "1234.01", "1234.001", "-1234.00", "+1234.00",
		"1e3", "1,234.00", " 1234.00", "1234.00 ", "1234.00\n", "0x10", "১২৩৪.০০", "500001.00", "99999999999999999999",
		"NaN", "Inf", "12.34.00", "1234,00"} {
		if got, err := sslcommerz.ParseAmount(s); err == nil {
			t.Errorf("ParseAmount(%q) = %d, want an error", s, got)
		}
	}
	for _, n := range []int64{0, 1, 10, 1234, 500000} {
		if got, err := sslcommerz.ParseAmount(sslcommerz.FormatAmount(n)); err != nil || got != n {
			t.Errorf("round trip of %d: %d, %v", n, got, err)
		}
	}
	if got := sslcommerz.FormatAmount(1234); got != "1234.00" {
		t.Errorf("FormatAmount(1234) = %q", got)
	}
}

var wholeTaka = regexp.MustCompile(`^[0-9]{1,7}(\.0+)?$`)

// FuzzParseAmount: whatever the gateway writes, an amount is accepted
// only when it is a whole number of Taka in range, and then it is that
// number.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"1234.00", "1234.50", "-1", "1e3", "500000.00", "500001", "0.0", " 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := sslcommerz.ParseAmount(s)
		if err != nil {
			return
		}
		if !wholeTaka.MatchString(s) || n < 0 || n > 500000 {
			t.Fatalf("ParseAmount(%q) accepted %d", s, n)
		}
		if back, err := sslcommerz.ParseAmount(sslcommerz.FormatAmount(n)); err != nil || back != n {
			t.Fatalf("%q: %d does not round trip", s, n)
		}
	})
}

func TestVerifyIPN(t *testing.T) {
	t.Parallel()
	form := url.Values{"tran_id": {"B42-1"}, "val_id": {"V1"}, "amount": {"1234.00"}, "status": {"VALID"}, "currency": {"BDT"}}
	keys := []string{"tran_id", "val_id", "amount", "status", "currency"}
	signed := func() url.Values {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		f.Set("verify_key", "tran_id,val_id,amount,status,currency")
		f.Set("verify_sign", sslcommerz.SignIPN(form, keys, "resal01@ssl"))
		return f
	}
	if !sslcommerz.VerifyIPN(signed(), "resal01@ssl") {
		t.Fatal("a signed IPN does not verify")
	}
	if sslcommerz.VerifyIPN(signed(), "another") {
		t.Error("verified with another store password")
	}
	f := signed()
	f.Set("amount", "1.00")
	if sslcommerz.VerifyIPN(f, "resal01@ssl") {
		t.Error("verified a changed amount")
	}
	f = signed()
	f.Set("verify_key", "tran_id,val_id,status,currency") // the amount left out of the signature
	if sslcommerz.VerifyIPN(f, "resal01@ssl") {
		t.Error("verified a signature over other fields")
	}
	f = signed()
	f.Del("verify_sign")
	if sslcommerz.VerifyIPN(f, "resal01@ssl") {
		t.Error("verified an unsigned IPN")
	}
	// the md5 SSLCommerz's own libraries compute, computed apart (Python's hashlib) of
	// "amount=1234.00&currency=BDT&status=VALID&store_passwd=" + md5("resal01@ssl") + "&tran_id=B42-1&val_id=V1"
	if got := sslcommerz.SignIPN(form, keys, "resal01@ssl"); got != "82092e0679d3d481eef27a472a2ec1ca" {
		t.Errorf("verify_sign %q", got)
	}
}
