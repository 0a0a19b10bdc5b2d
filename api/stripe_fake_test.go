package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"resale/api"
)

// fakeStripe is a stateful stand-in for Stripe's PaymentIntents API,
// plugged into stripe-go through its backend URL. stripe-mock answers
// request shapes but keeps no state, so it cannot say a payment
// succeeded; this can.
type fakeStripe struct {
	srv *httptest.Server

	mu      sync.Mutex
	intents map[string]map[string]any
	byKey   map[string]string // idempotency key -> intent id
	creates int
	// refunds made, by PaymentIntent; failRefunds makes that many fail first
	refunds     map[string]int
	failRefunds int
}

const testWebhookSecret = "whsec_test_secret_0123456789"

func newFakeStripe(t *testing.T) *fakeStripe {
	f := &fakeStripe{intents: map[string]map[string]any{}, byKey: map[string]string{}, refunds: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/payment_intents", f.create)
	mux.HandleFunc("GET /v1/payment_intents/{id}", f.get)
	mux.HandleFunc("POST /v1/refunds", f.refund)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeStripe) create(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	if id, ok := f.byKey[r.Header.Get("Idempotency-Key")]; ok && id != "" {
		json.NewEncoder(w).Encode(f.intents[id])
		return
	}
	amount, _ := strconv.ParseInt(r.Form.Get("amount"), 10, 64)
	meta := map[string]string{}
	for k, v := range r.Form {
		if strings.HasPrefix(k, "metadata[") {
			meta[strings.TrimSuffix(strings.TrimPrefix(k, "metadata["), "]")] = v[0]
		}
	}
	f.creates++
	id := fmt.Sprintf("pi_fake_%d", f.creates)
	pi := map[string]any{"id": id, "object": "payment_intent", "amount": amount, "currency": r.Form.Get("currency"),
		"status": "requires_payment_method", "client_secret": id + "_secret_abc", "metadata": meta, "livemode": false}
	f.intents[id] = pi
	f.byKey[r.Header.Get("Idempotency-Key")] = id
	json.NewEncoder(w).Encode(pi)
}

func (f *fakeStripe) get(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	pi, ok := f.intents[r.PathValue("id")]
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent"}}`)
		return
	}
	json.NewEncoder(w).Encode(pi)
}

func (f *fakeStripe) refund(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failRefunds > 0 {
		f.failRefunds--
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"refunds are down"}}`)
		return
	}
	pi := r.Form.Get("payment_intent")
	if f.intents[pi]["status"] != "succeeded" {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"nothing to refund"}}`)
		return
	}
	if r.Header.Get("Idempotency-Key") == "" || f.refunds[pi] > 0 {
		// a second refund of one payment would be a bug of ours
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"already refunded"}}`)
		return
	}
	f.refunds[pi]++
	json.NewEncoder(w).Encode(map[string]any{"id": "re_" + pi, "object": "refund", "payment_intent": pi, "status": "succeeded"})
}

func (f *fakeStripe) refundCount(pi string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refunds[pi]
}

func (f *fakeStripe) setFailRefunds(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failRefunds = n
}

// put stores an intent as given (one made outside our server).
func (f *fakeStripe) put(pi map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents[pi["id"].(string)] = pi
}

// succeed is the buyer's card going through in the browser.
func (f *fakeStripe) succeed(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents[id]["status"] = "succeeded"
}

func (f *fakeStripe) intent(id string) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]any{}
	for k, v := range f.intents[id] {
		out[k] = v
	}
	return out
}

func (f *fakeStripe) createCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.creates
}

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

func withStripe(f *fakeStripe) func(*api.Options) {
	return func(o *api.Options) {
		o.Stripe = &api.StripeOptions{SecretKey: "sk_test_fake", PublishableKey: "pk_test_fake", WebhookSecret: testWebhookSecret, APIBase: f.srv.URL}
	}
}
