package api_test

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/payments"
)

// startStripeMock runs Stripe's official stripe-mock (STRIPE_MOCK_BIN,
// installed by `make test`) on a free loopback port.
func startStripeMock(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("STRIPE_MOCK_BIN")
	if bin == "" {
		t.Skip("STRIPE_MOCK_BIN is not set (make test sets it)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "-http-addr", addr)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting stripe-mock: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// stripe-mock loads Stripe's whole OpenAPI document first: seconds on
	// a busy machine
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("stripe-mock did not start")
	return ""
}

// The real stripe-go calls we make are accepted by Stripe's own API
// description, as stripe-mock checks every parameter against it.
func TestCreatePaymentIntentAgainstStripeMock(t *testing.T) {
	t.Parallel()
	base := startStripeMock(t)
	m := newMarketWith(t, func(o *api.Options) {
		o.Payments = payments.New(payments.Config{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", APIBase: base, Currency: o.Currency}, o.Store, o.Logger)
	})
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)

	rec := m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": bid})
	var cs struct {
		ClientSecret string `json:"clientSecret"`
	}
	decode(t, rec, &cs)
	if rec.Code != http.StatusOK || !strings.Contains(cs.ClientSecret, "_secret_") {
		t.Fatalf("create-payment-intent = %d %s", rec.Code, rec.Body.String())
	}
	// stripe-mock's intents never succeed: reporting one records nothing
	id, _, _ := strings.Cut(cs.ClientSecret, "_secret_")
	rec = m.postJSON("/api/payments", m.buyer.AccessToken, map[string]any{"bookingId": bid, "transactionId": id})
	if rec.Code != http.StatusConflict {
		t.Fatalf("payments = %d %s", rec.Code, rec.Body.String())
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Paid {
		t.Fatal("booking paid from a mock intent")
	}
}
