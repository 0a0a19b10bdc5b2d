// Package stripetest is a stateful stand-in for Stripe's PaymentIntents
// and Refunds API, for tests of the server's payments (plugged in through
// StripeOptions.APIBase or STRIPE_API_BASE). stripe-mock answers request
// shapes but keeps no state, so it cannot say a payment succeeded; this
// can.
package stripetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Server is the stand-in, listening on loopback until the test ends.
type Server struct {
	// URL is its address, for the API base setting.
	URL string

	mu      sync.Mutex
	intents map[string]map[string]any
	byKey   map[string]string // idempotency key -> intent id
	creates int
	gets    map[string]int
	// refunds made, by PaymentIntent; failRefunds makes that many fail first
	refunds     map[string]int
	failRefunds int
}

// New starts a stand-in with no PaymentIntents.
func New(t testing.TB) *Server {
	f := &Server{intents: map[string]map[string]any{}, byKey: map[string]string{}, gets: map[string]int{}, refunds: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/payment_intents", f.create)
	mux.HandleFunc("GET /v1/payment_intents/{id}", f.get)
	mux.HandleFunc("POST /v1/refunds", f.refund)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

func (f *Server) create(w http.ResponseWriter, r *http.Request) {
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

func (f *Server) get(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	f.gets[id]++
	pi, ok := f.intents[id]
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent"}}`)
		return
	}
	json.NewEncoder(w).Encode(pi)
}

func (f *Server) refund(w http.ResponseWriter, r *http.Request) {
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

// RefundCount is how many refunds of the PaymentIntent were made.
func (f *Server) RefundCount(pi string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refunds[pi]
}

// GetCount is how many times the PaymentIntent was read.
func (f *Server) GetCount(pi string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gets[pi]
}

// SetFailRefunds makes the next n refunds fail.
func (f *Server) SetFailRefunds(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failRefunds = n
}

// Put stores an intent as given (one made outside our server).
func (f *Server) Put(pi map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents[pi["id"].(string)] = pi
}

// Succeed is the buyer's card going through in the browser.
func (f *Server) Succeed(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents[id]["status"] = "succeeded"
}

// Intent is a copy of the PaymentIntent as Stripe would answer it.
func (f *Server) Intent(id string) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]any{}
	for k, v := range f.intents[id] {
		out[k] = v
	}
	return out
}

// CreateCount is how many PaymentIntents were made.
func (f *Server) CreateCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.creates
}
