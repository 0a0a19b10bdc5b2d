package sslcommerz_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"resale/payments/sslcommerz"
	"resale/payments/sslcommerztest"
)

// rig is a stand-in gateway, a client of it, and a shop on loopback
// that records what the gateway and the browser post to it.
type rig struct {
	gw     *sslcommerztest.Server
	client *sslcommerz.Client
	shop   *shop
}

func newRig(t *testing.T) *rig {
	t.Helper()
	gw := sslcommerztest.New(t, sslcommerztest.Options{StoreID: "resal01", StorePassword: "resal01@ssl"})
	c := sslcommerz.New(sslcommerz.Config{StoreID: "resal01", StorePassword: "resal01@ssl", APIBase: gw.URL,
		Timeout: 2 * time.Second})
	return &rig{gw: gw, client: c, shop: newShop(t)}
}

// request is a checkout of booking 42 for Tk 1234.
func (r *rig) request(tranID string) sslcommerz.SessionRequest {
	return sslcommerz.SessionRequest{TranID: tranID, Amount: 1234,
		SuccessURL: r.shop.URL + "/success", FailURL: r.shop.URL + "/fail", CancelURL: r.shop.URL + "/cancel",
		IPNURL: r.shop.URL + "/ipn", CustomerName: "Rahim Uddin", CustomerEmail: "rahim@example.com",
		CustomerPhone: "01712345678", ProductName: "ThinkPad T480", ValueA: "42"}
}

// paid starts a session for tranID and pays it with bKash.
func (r *rig) paid(t *testing.T, tranID string) sslcommerztest.Return {
	t.Helper()
	s, err := r.client.InitSession(context.Background(), r.request(tranID))
	if err != nil {
		t.Fatal(err)
	}
	back, err := r.gw.Finish(context.Background(), s.SessionKey, "pay", "bkash")
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestInitSession(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	s, err := r.client.InitSession(context.Background(), r.request("B42-1"))
	if err != nil {
		t.Fatal(err)
	}
	if s.SessionKey == "" || s.GatewayPageURL != r.gw.URL+"/EasyCheckOut/"+s.SessionKey {
		t.Errorf("session %+v", s)
	}
	calls := r.gw.Calls()
	if len(calls) != 1 || calls[0].API != "session" {
		t.Fatalf("calls %+v", calls)
	}
	p := calls[0].Params
	for k, want := range map[string]string{"total_amount": "1234.00", "currency": "BDT", "tran_id": "B42-1",
		"store_id": "resal01", "shipping_method": "NO", "num_of_item": "1", "product_profile": "general",
		"value_a": "42", "cus_country": "Bangladesh", "ipn_url": r.shop.URL + "/ipn"} {
		if p.Get(k) != want {
			t.Errorf("%s = %q, want %q", k, p.Get(k), want)
		}
	}
	if got := r.gw.Status(s.SessionKey); got != "PENDING" {
		t.Errorf("status %q", got)
	}
}

func TestInitSessionRefused(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	wrong := sslcommerz.New(sslcommerz.Config{StoreID: "resal01", StorePassword: "guess", APIBase: r.gw.URL})
	_, err := wrong.InitSession(context.Background(), r.request("B42-1"))
	if !errors.Is(err, sslcommerz.ErrRefused) || !strings.Contains(err.Error(), "Store Credential Error") {
		t.Errorf("wrong password: %v", err)
	}
	req := r.request("B42-2")
	req.CustomerEmail = ""
	if _, err := r.client.InitSession(context.Background(), req); !errors.Is(err, sslcommerz.ErrRefused) ||
		!strings.Contains(err.Error(), "cus_email") {
		t.Errorf("no email: %v", err)
	}
	req = r.request("B42-3")
	req.Amount = 9 // the gateway takes 10.00 Tk at least
	if _, err := r.client.InitSession(context.Background(), req); !errors.Is(err, sslcommerz.ErrRefused) {
		t.Errorf("Tk 9: %v", err)
	}
	if r.gw.SessionKey("B42-1") != "" || r.gw.SessionKey("B42-2") != "" {
		t.Error("a refused session was made")
	}
	if err := wrong.CheckCredentials(context.Background()); !errors.Is(err, sslcommerz.ErrRefused) {
		t.Errorf("checking a wrong password: %v", err)
	}
	if err := r.client.CheckCredentials(context.Background()); err != nil {
		t.Errorf("checking the right password: %v", err)
	}
}

func TestValidateAndConfirm(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	back := r.paid(t, "B42-1")
	want := sslcommerz.Expected{TranID: "B42-1", Amount: 1234, Currency: "BDT"}
	v, err := r.client.Validate(context.Background(), back.Form.Get("val_id"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != "VALID" || v.TranID != "B42-1" || v.Amount != "1234.00" || v.ValueA != "42" ||
		v.CardType != "BKASH-BKash" || v.BankTranID == "" || v.Risky() {
		t.Errorf("validation %+v", v)
	}
	if err := sslcommerz.Confirm(v, want); err != nil {
		t.Errorf("confirm: %v", err)
	}
	again, err := r.client.Validate(context.Background(), back.Form.Get("val_id"))
	if err != nil || again.Status != "VALIDATED" || sslcommerz.Confirm(again, want) != nil {
		t.Errorf("second validation %+v %v", again, err)
	}
	if n := r.gw.Count("validate"); n != 2 {
		t.Errorf("%d validations", n)
	}
}

func TestConfirmRefuses(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	want := sslcommerz.Expected{TranID: "B42-1", Amount: 1234, Currency: "BDT"}
	tests := []struct {
		name   string
		tamper map[string]string
		want   sslcommerz.Expected
		err    error
	}{
		{"as expected", nil, want, nil},
		{"another amount", map[string]string{"amount": "1.00", "currency_amount": "1.00"}, want, sslcommerz.ErrMismatch},
		{"a fraction of a Taka more", map[string]string{"amount": "1234.50"}, want, sslcommerz.ErrMismatch},
		{"another currency", map[string]string{"currency": "USD"}, want, sslcommerz.ErrMismatch},
		{"another converted amount", map[string]string{"currency_amount": "1000.00"}, want, sslcommerz.ErrMismatch},
		{"another tran_id expected", nil, sslcommerz.Expected{TranID: "B43-1", Amount: 1234, Currency: "BDT"}, sslcommerz.ErrMismatch},
		{"another price expected", nil, sslcommerz.Expected{TranID: "B42-1", Amount: 1235, Currency: "BDT"}, sslcommerz.ErrMismatch},
		{"a status that is not paid", map[string]string{"status": "FAILED"}, want, sslcommerz.ErrInvalid},
	}
	for _, tc := range tests {
		rr := newRig(t) // a gateway of its own: validation changes VALID to VALIDATED
		back := rr.paid(t, "B42-1")
		rr.gw.Tamper("B42-1", tc.tamper)
		v, err := rr.client.Validate(context.Background(), back.Form.Get("val_id"))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := sslcommerz.Confirm(v, tc.want); !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("%s: confirm %v, want %v", tc.name, err, tc.err)
		}
	}
	// a val_id the gateway never issued, signed as well as the gateway would
	forged := r.gw.ForgeIPN("B42-9", "1234.00")
	if !sslcommerz.VerifyIPN(forged, "resal01@ssl") {
		t.Fatal("the forgery is not even signed")
	}
	v, err := r.client.Validate(context.Background(), forged.Get("val_id"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != "INVALID_TRANSACTION" || !errors.Is(sslcommerz.Confirm(v, want), sslcommerz.ErrInvalid) {
		t.Errorf("forged val_id: %+v", v)
	}
	if _, err := r.client.Validate(context.Background(), ""); !errors.Is(err, sslcommerz.ErrInvalid) {
		t.Errorf("no val_id: %v", err)
	}
	wrong := sslcommerz.New(sslcommerz.Config{StoreID: "resal01", StorePassword: "guess", APIBase: r.gw.URL})
	if _, err := wrong.Validate(context.Background(), forged.Get("val_id")); !errors.Is(err, sslcommerz.ErrRefused) {
		t.Errorf("wrong password: %v", err)
	}
}

func TestQueries(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ctx := context.Background()
	first, err := r.client.InitSession(ctx, r.request("B42-1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := r.client.QueryByTranID(ctx, "B42-1"); err != nil || len(got) != 0 {
		t.Errorf("before paying: %+v %v", got, err)
	}
	if v, err := r.client.QueryBySessionKey(ctx, first.SessionKey); err != nil || v.Status != "PENDING" {
		t.Errorf("pending session: %+v %v", v, err)
	}
	if _, err := r.gw.Finish(ctx, first.SessionKey, "cancel", ""); err != nil {
		t.Fatal(err)
	}
	r.paid(t, "B42-1") // the buyer tries again and pays
	got, err := r.client.QueryByTranID(ctx, "B42-1")
	if err != nil || len(got) != 2 {
		t.Fatalf("after paying: %+v %v", got, err)
	}
	if got[0].Status != "CANCELLED" || got[1].Status != "VALID" || got[1].ValID == "" ||
		sslcommerz.Confirm(got[1], sslcommerz.Expected{TranID: "B42-1", Amount: 1234}) != nil {
		t.Errorf("attempts %+v", got)
	}
	if v, err := r.client.QueryBySessionKey(ctx, first.SessionKey); err != nil || v.Status != "CANCELLED" {
		t.Errorf("cancelled session: %+v %v", v, err)
	}
	if n := r.gw.Count("query_tran"); n != 2 {
		t.Errorf("%d queries by tran_id", n)
	}
}

func TestRefund(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ctx := context.Background()
	back := r.paid(t, "B42-1")
	v, err := r.client.Validate(ctx, back.Form.Get("val_id"))
	if err != nil {
		t.Fatal(err)
	}
	req := sslcommerz.RefundRequest{BankTranID: v.BankTranID, Amount: 1234, Remarks: "sold to someone else", RefID: "R42"}
	ref, err := r.client.Refund(ctx, req)
	if err != nil || ref.Status != "success" || ref.RefundRefID == "" || ref.TranID != "B42-1" {
		t.Fatalf("refund %+v %v", ref, err)
	}
	if got := r.gw.Refunded("B42-1"); got != 123400 {
		t.Errorf("refunded %d paisa", got)
	}
	p := r.gw.Calls()[len(r.gw.Calls())-1].Params
	if p.Get("refund_amount") != "1234.00" || p.Get("refe_id") != "R42" || p.Get("bank_tran_id") != v.BankTranID {
		t.Errorf("refund call %v", p)
	}
	st, err := r.client.RefundStatus(ctx, ref.RefundRefID)
	if err != nil || st.Status != "refunded" || st.RefundRefID != ref.RefundRefID {
		t.Errorf("refund status %+v %v", st, err)
	}
	// the money is back already: a second refund is refused, not made
	if _, err := r.client.Refund(ctx, req); !errors.Is(err, sslcommerz.ErrRefused) {
		t.Errorf("second refund: %v", err)
	}
	if got := r.gw.Refunded("B42-1"); got != 123400 {
		t.Errorf("refunded %d paisa after the second refund", got)
	}
	if _, err := r.client.Refund(ctx, sslcommerz.RefundRequest{BankTranID: "NOPE", Amount: 1}); !errors.Is(err, sslcommerz.ErrRefused) {
		t.Errorf("unknown bank_tran_id: %v", err)
	}
	r.gw.SetRefundsPending(true)
	if st, err := r.client.RefundStatus(ctx, ref.RefundRefID); err != nil || st.Status != "processing" {
		t.Errorf("pending refund %+v %v", st, err)
	}
}

func TestGatewayFaults(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ctx := context.Background()
	quick := sslcommerz.New(sslcommerz.Config{StoreID: "resal01", StorePassword: "resal01@ssl", APIBase: r.gw.URL,
		Timeout: 300 * time.Millisecond})

	r.gw.SetHang(true)
	start := time.Now()
	if _, err := quick.Validate(ctx, "X"); !errors.Is(err, sslcommerz.ErrGateway) {
		t.Errorf("hanging gateway: %v", err)
	}
	deadline, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	if _, err := r.client.InitSession(deadline, r.request("B42-1")); !errors.Is(err, sslcommerz.ErrGateway) {
		t.Errorf("hanging gateway, caller's deadline: %v", err)
	}
	cancel()
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("gave up after %v", d)
	}
	r.gw.SetHang(false)

	r.gw.SetGarbage(true)
	if _, err := r.client.Validate(ctx, "X"); !errors.Is(err, sslcommerz.ErrGateway) {
		t.Errorf("garbage: %v", err)
	}
	if _, err := r.client.QueryByTranID(ctx, "B42-1"); !errors.Is(err, sslcommerz.ErrGateway) {
		t.Errorf("garbage query: %v", err)
	}
	r.gw.SetGarbage(false)

	r.gw.FailNext(1)
	if _, err := r.client.RefundStatus(ctx, "X"); !errors.Is(err, sslcommerz.ErrGateway) || strings.Contains(err.Error(), "resal01@ssl") {
		t.Errorf("502: %v", err)
	}
	if _, err := r.client.InitSession(ctx, r.request("B42-1")); err != nil {
		t.Errorf("after the faults: %v", err)
	}

	down := sslcommerz.New(sslcommerz.Config{StoreID: "s", StorePassword: "secret-pass", APIBase: "http://127.0.0.1:1"})
	if _, err := down.Validate(ctx, "X"); !errors.Is(err, sslcommerz.ErrGateway) || strings.Contains(err.Error(), "secret-pass") {
		t.Errorf("nothing listening: %v", err)
	}
}

func TestNotJSONObject(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`[]`, `"VALID"`, `{"status": {"x": 1}}`, `{}`, ``} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(body))
		}))
		c := sslcommerz.New(sslcommerz.Config{StoreID: "s", StorePassword: "p", APIBase: srv.URL})
		if _, err := c.Validate(context.Background(), "X"); !errors.Is(err, sslcommerz.ErrGateway) {
			t.Errorf("%q: %v", body, err)
		}
		srv.Close()
	}
}
