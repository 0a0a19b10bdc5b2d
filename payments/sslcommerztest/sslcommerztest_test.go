package sslcommerztest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func sessionForm() url.Values {
	return url.Values{"store_id": {DefaultStoreID}, "store_passwd": {DefaultStorePassword},
		"total_amount": {"1234.00"}, "currency": {"BDT"}, "tran_id": {"B42-1"},
		"success_url": {"http://shop.test/s"}, "fail_url": {"http://shop.test/f"}, "cancel_url": {"http://shop.test/c"},
		"ipn_url": {"http://shop.test/ipn"}, "cus_name": {"Rahim"}, "cus_email": {"r@example.com"},
		"cus_add1": {"Mirpur"}, "cus_city": {"Dhaka"}, "cus_country": {"Bangladesh"}, "cus_phone": {"01712345678"},
		"shipping_method": {"NO"}, "product_name": {"ThinkPad"}, "product_category": {"laptop"},
		"product_profile": {"general"}}
}

func postSession(t *testing.T, s *Server, f url.Values) map[string]any {
	t.Helper()
	resp, err := http.PostForm(s.URL+"/gwprocess/v4/api.php", f)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSessionChecks: the stand-in refuses what SSLCommerz refuses, so a
// client that forgets a field fails here, not in production.
func TestSessionChecks(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	if got := postSession(t, s, sessionForm()); got["status"] != "SUCCESS" {
		t.Fatalf("a complete session: %v", got)
	}
	var cases []url.Values
	for _, k := range requiredFields {
		f := sessionForm()
		f.Del(k)
		cases = append(cases, f)
	}
	for k, v := range map[string]string{"total_amount": "9.99", "currency": "TAKA", "success_url": "javascript:alert(1)",
		"ipn_url": "/relative", "tran_id": strings.Repeat("x", 31), "shipping_method": "YES", "store_passwd": "guess"} {
		f := sessionForm()
		f.Set(k, v)
		cases = append(cases, f)
	}
	for _, amount := range []string{"500000.01", "12.345", "-100", "1e4", "ten"} {
		f := sessionForm()
		f.Set("total_amount", amount)
		cases = append(cases, f)
	}
	for _, f := range cases {
		got := postSession(t, s, f)
		if got["status"] != "FAILED" || got["failedreason"] == "" || got["GatewayPageURL"] != "" {
			t.Errorf("%v: %v", f, got)
		}
	}
	if n := s.Count("session"); n != len(cases)+1 {
		t.Errorf("%d session calls recorded", n)
	}
	for _, c := range s.Calls() {
		if c.Params.Has("store_passwd") {
			t.Fatal("a call is recorded with the store password")
		}
	}
}

// TestAPIsCheckCredentials: every API refuses another store's password.
func TestAPIsCheckCredentials(t *testing.T) {
	t.Parallel()
	s := New(t, Options{StoreID: "shop1", StorePassword: "shop1@ssl"})
	for _, q := range []string{
		"/validator/api/validationserverAPI.php?val_id=X",
		"/validator/api/merchantTransIDvalidationAPI.php?tran_id=X",
		"/validator/api/merchantTransIDvalidationAPI.php?sessionkey=X",
		"/validator/api/merchantTransIDvalidationAPI.php?bank_tran_id=X&refund_amount=1.00&refund_remarks=r",
		"/validator/api/merchantTransIDvalidationAPI.php?refund_ref_id=X",
	} {
		resp, err := http.Get(s.URL + q + "&store_id=shop1&store_passwd=" + DefaultStorePassword + "&format=json")
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if out["APIConnect"] != "FAILED" || out["status"] != nil {
			t.Errorf("%s: %v", q, out)
		}
	}
	apis := map[string]int{}
	for _, c := range s.Calls() {
		apis[c.API]++
	}
	for _, api := range []string{"validate", "query_tran", "query_session", "refund", "refund_query"} {
		if apis[api] != 1 {
			t.Errorf("%s recorded %d times", api, apis[api])
		}
	}
}
