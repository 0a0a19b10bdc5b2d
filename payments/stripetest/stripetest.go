// Package stripetest is a stateful stand-in for Stripe's PaymentIntents
// and Refunds API, for tests of the server's payments (plugged in through
// payments.Config.APIBase or STRIPE_API_BASE). stripe-mock answers request
// shapes but keeps no state, so it cannot say a payment succeeded; this
// can. It is the one fake Stripe: Go tests start it with New, the browser
// journeys run it as a process (cmd/fakestripe) and send the page's card
// confirmations to it.
package stripetest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Stripe's test cards the stand-in knows when a card is confirmed; any
// other number is refused as incorrect.
const (
	CardOK       = "4242424242424242"
	CardDeclined = "4000000000000002"
)

// Server is the stand-in, listening on loopback until the test ends.
type Server struct {
	// URL is its address, for the API base setting.
	URL string

	mux     *http.ServeMux
	mu      sync.Mutex
	intents map[string]map[string]any
	byKey   map[string]string // idempotency key -> intent id
	creates int
	gets    map[string]int
	// refunds made, by PaymentIntent; failRefunds makes that many fail first
	refunds     map[string]int
	failRefunds int
	// failCancels makes that many cancellations fail first
	failCancels int
	// refund answers by idempotency key: a retry gets the first answer
	refundByKey map[string]map[string]any
	// delay is how long each call of our server waits before its answer
	delay time.Duration
	// hold, when set, is run by the next PaymentIntent creation on arrival
	hold func()
}

// New starts a stand-in with no PaymentIntents, listening on loopback
// until the test ends.
func New(t testing.TB) *Server {
	f := NewUnstarted()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

// NewUnstarted is a stand-in with no PaymentIntents and no address yet,
// for a caller serving it itself (set URL then).
func NewUnstarted() *Server {
	f := &Server{intents: map[string]map[string]any{}, byKey: map[string]string{}, gets: map[string]int{}, refunds: map[string]int{},
		refundByKey: map[string]map[string]any{}}
	f.mux = http.NewServeMux()
	f.mux.HandleFunc("POST /v1/payment_intents", f.secret(f.create))
	f.mux.HandleFunc("GET /v1/payment_intents/{id}", f.secret(f.get))
	f.mux.HandleFunc("POST /v1/payment_intents/{id}/cancel", f.secret(f.cancel))
	f.mux.HandleFunc("POST /v1/refunds", f.secret(f.refund))
	f.mux.HandleFunc("POST /v1/payment_intents/{id}/confirm", f.confirm)
	return f
}

// ServeHTTP answers Stripe's API: our server's calls with a secret key,
// and the browser's card confirmation with a publishable key, as
// Stripe.js sends it.
func (f *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { f.mux.ServeHTTP(w, r) }

// secret refuses a call without a secret key, as Stripe does, and answers
// the others after the delay (SetDelay).
func (f *Server) secret(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer sk_") {
			stripeError(w, http.StatusUnauthorized, map[string]any{"type": "invalid_request_error", "message": "Invalid API Key provided"})
			return
		}
		f.mu.Lock()
		d := f.delay
		f.mu.Unlock()
		time.Sleep(d)
		h(w, r)
	}
}

// SetDelay makes every call of our server (one with a secret key) wait d
// before it is answered: Stripe's real round trip, for races.
func (f *Server) SetDelay(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delay = d
}

// HoldCreate makes the next PaymentIntent creation stop once it has
// arrived (arrived is closed then) until release is called: a request of
// our server held in the middle of its Stripe call, while the test does
// something else. Release may be called more than once.
func (f *Server) HoldCreate() (arrived <-chan struct{}, release func()) {
	a, r := make(chan struct{}), make(chan struct{})
	var once sync.Once
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hold = func() {
		close(a)
		<-r
	}
	return a, func() { once.Do(func() { close(r) }) }
}

func stripeError(w http.ResponseWriter, status int, e map[string]any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": e})
}

func newID(prefix string) string {
	b := make([]byte, 12)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

func (f *Server) create(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	hold := f.hold
	f.hold = nil
	f.mu.Unlock()
	if hold != nil {
		hold()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if id, ok := f.byKey[r.Header.Get("Idempotency-Key")]; ok && id != "" {
		json.NewEncoder(w).Encode(f.intents[id])
		return
	}
	amount, err := strconv.ParseInt(r.Form.Get("amount"), 10, 64)
	if err != nil || amount <= 0 || r.Form.Get("currency") == "" {
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "param": "amount", "message": "Invalid amount or currency"})
		return
	}
	meta := map[string]string{}
	for k, v := range r.Form {
		if strings.HasPrefix(k, "metadata[") {
			meta[strings.TrimSuffix(strings.TrimPrefix(k, "metadata["), "]")] = v[0]
		}
	}
	f.creates++
	id := newID("pi_")
	pi := map[string]any{"id": id, "object": "payment_intent", "amount": amount, "currency": r.Form.Get("currency"),
		"status": "requires_payment_method", "client_secret": id + "_secret_abc", "metadata": meta,
		"description": r.Form.Get("description"), "livemode": false}
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
		stripeError(w, http.StatusNotFound, map[string]any{"type": "invalid_request_error", "code": "resource_missing", "message": "No such payment_intent: '" + id + "'"})
		return
	}
	json.NewEncoder(w).Encode(pi)
}

// confirm is the buyer's card going through Stripe.js: the test card
// CardOK succeeds, CardDeclined is declined, any other number is wrong.
func (f *Server) confirm(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	if !strings.HasPrefix(r.Form.Get("key"), "pk_") {
		stripeError(w, http.StatusUnauthorized, map[string]any{"type": "invalid_request_error", "message": "Invalid API Key provided"})
		return
	}
	id := r.PathValue("id")
	pi, ok := f.intents[id]
	if !ok || r.Form.Get("client_secret") != pi["client_secret"] {
		stripeError(w, http.StatusNotFound, map[string]any{"type": "invalid_request_error", "code": "resource_missing", "message": "No such payment_intent: '" + id + "'"})
		return
	}
	if pi["status"] == "succeeded" || pi["status"] == "canceled" {
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "code": "payment_intent_unexpected_state",
			"message": "You cannot confirm this PaymentIntent because it has a status of " + pi["status"].(string) + "."})
		return
	}
	switch strings.Join(strings.Fields(r.Form.Get("payment_method_data[card][number]")), "") {
	case CardOK:
		pi["status"] = "succeeded"
		json.NewEncoder(w).Encode(pi)
	case CardDeclined:
		stripeError(w, http.StatusPaymentRequired, map[string]any{"type": "card_error", "code": "card_declined", "decline_code": "generic_decline",
			"message": "Your card was declined."})
	default:
		stripeError(w, http.StatusPaymentRequired, map[string]any{"type": "card_error", "code": "incorrect_number", "message": "Your card number is incorrect."})
	}
}

// cancel is Stripe's POST /v1/payment_intents/{id}/cancel: a PaymentIntent
// not yet paid can no longer be paid; a succeeded or cancelled one cannot
// be cancelled (payment_intent_unexpected_state).
func (f *Server) cancel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failCancels > 0 {
		f.failCancels--
		stripeError(w, http.StatusInternalServerError, map[string]any{"type": "api_error", "message": "cancellations are down"})
		return
	}
	id := r.PathValue("id")
	pi, ok := f.intents[id]
	if !ok {
		stripeError(w, http.StatusNotFound, map[string]any{"type": "invalid_request_error", "code": "resource_missing", "message": "No such payment_intent: '" + id + "'"})
		return
	}
	if st := pi["status"]; st == "succeeded" || st == "canceled" {
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "code": "payment_intent_unexpected_state",
			"message": "You cannot cancel this PaymentIntent because it has a status of " + st.(string) + "."})
		return
	}
	pi["status"] = "canceled"
	pi["cancellation_reason"] = "requested_by_customer"
	json.NewEncoder(w).Encode(pi)
}

func (f *Server) refund(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	key := r.Header.Get("Idempotency-Key")
	if answer, ok := f.refundByKey[key]; ok && key != "" {
		json.NewEncoder(w).Encode(answer) // Stripe answers a retry as the first time
		return
	}
	if f.failRefunds > 0 {
		f.failRefunds--
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "message": "refunds are down"})
		return
	}
	pi := r.Form.Get("payment_intent")
	if f.intents[pi]["status"] != "succeeded" {
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "message": "nothing to refund"})
		return
	}
	if r.Header.Get("Idempotency-Key") == "" || f.refunds[pi] > 0 {
		// a second refund of one payment would be a bug of ours
		stripeError(w, http.StatusBadRequest, map[string]any{"type": "invalid_request_error", "message": "already refunded"})
		return
	}
	f.refunds[pi]++
	answer := map[string]any{"id": "re_" + pi, "object": "refund", "payment_intent": pi, "status": "succeeded"}
	f.refundByKey[key] = answer
	json.NewEncoder(w).Encode(answer)
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

// SetFailCancels makes the next n cancellations fail (as Stripe being
// down does; stripe-go retries a 500 twice itself).
func (f *Server) SetFailCancels(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failCancels = n
}

// IntentIDs lists the PaymentIntents the stand-in holds.
func (f *Server) IntentIDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, 0, len(f.intents))
	for id := range f.intents {
		out = append(out, id)
	}
	return out
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
