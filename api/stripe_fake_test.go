package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"resale/api"
	"resale/payments"
	"resale/payments/sslcommerztest"
	"resale/payments/stripetest"
)

// fakeStripe is the stateful Stripe stand-in the payment tests share with
// the two-instance test of the binary.
type fakeStripe = stripetest.Server

const testWebhookSecret = "whsec_test_secret_0123456789"

func newFakeStripe(t *testing.T) *fakeStripe { return stripetest.New(t) }

// event is a signed webhook delivery of pi as payment_intent.succeeded.
func signedEvent(t *testing.T, eventID string, pi map[string]any, secret string, at time.Time) ([]byte, string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"id": eventID, "object": "event", "api_version": stripe.APIVersion, "type": "payment_intent.succeeded",
		"created": at.Unix(), "livemode": false, "data": map[string]any{"object": pi},
	})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at})
	return signed.Payload, signed.Header
}

// withStripe turns on card payments, through the stand-in f.
func withStripe(f *fakeStripe) func(*api.Options) { return withPayments(f, nil, "") }

// withPayments turns on card payments through the stand-in f and
// SSLCommerz through the stand-in gw (each when not nil), the gateway
// sending the buyer and its notices back to the shop at public.
func withPayments(f *fakeStripe, gw *sslcommerztest.Server, public string) func(*api.Options) {
	return func(o *api.Options) {
		cfg := payments.Config{Currency: o.Currency}
		if f != nil {
			cfg.SecretKey, cfg.PublishableKey, cfg.WebhookSecret, cfg.APIBase = "sk_test_fake", "pk_test_fake", testWebhookSecret, f.URL
		}
		if gw != nil {
			cfg.SSLCommerz = payments.SSLCommerzConfig{StoreID: sslcommerztest.DefaultStoreID, StorePassword: sslcommerztest.DefaultStorePassword,
				APIBase: gw.URL, PublicURL: public, Timeout: 2 * time.Second}
		}
		o.Payments = payments.New(cfg, o.Store, o.Logger)
	}
}
