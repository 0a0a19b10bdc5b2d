// Package sslcommerztest is a stateful stand-in for SSLCommerz, built
// from the same published v4 API as the client (see package sslcommerz):
// session init, a hosted payment page (plain HTML, no script needed: the
// amount, a choice of bKash, Nagad, Rocket or card, and Pay, Fail and
// Cancel), the IPN to the shop and the browser's form post back to it,
// the Validation API, the transaction queries, refunds and refund
// queries. Test hooks make the cases a shop must survive: the IPN before
// or after the browser's return or both at once, a replayed or forged
// IPN, a gateway reporting another amount, a gateway that hangs, answers
// garbage or fails. Every call is recorded for tests to count. Go tests
// start it with New; the browser journeys run it as a process
// (cmd/fakesslcommerz).
package sslcommerztest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// The store credentials the stand-in knows when Options leaves them
// empty (SSLCommerz's own examples use these for the sandbox).
const (
	DefaultStoreID       = "testbox"
	DefaultStorePassword = "qwerty"
)

// Options configure the stand-in.
type Options struct {
	StoreID       string // DefaultStoreID when empty
	StorePassword string // DefaultStorePassword when empty
	StoreName     string // shown on the payment page; "Resale (test)" when empty
}

// IPNMode says when the gateway's IPN reaches the shop, relative to the
// buyer's browser being sent back.
type IPNMode int

const (
	// IPNBeforeBrowser: the IPN is delivered and answered before the
	// browser is sent back (the usual order).
	IPNBeforeBrowser IPNMode = iota
	// IPNHeld: the browser is sent back first; the IPN waits until
	// DeliverHeldIPNs.
	IPNHeld
	// IPNConcurrent: the IPN is sent while the browser is sent back.
	IPNConcurrent
	// IPNNever: the IPN is lost (only a query can tell the payment).
	IPNNever
)

// Call is one request the stand-in received.
type Call struct {
	// API is session, page, pay, validate, query_tran, query_session,
	// refund or refund_query.
	API    string
	Params url.Values // without store_passwd
	At     time.Time
}

// IPNDelivery is one IPN the stand-in posted to a shop.
type IPNDelivery struct {
	URL    string
	Form   url.Values
	Status int // the shop's answer; 0 when it did not answer
	Err    error
}

// Server is the stand-in.
type Server struct {
	// URL is its address, for the client's APIBase.
	URL string

	opts   Options
	mux    *http.ServeMux
	client *http.Client // posts the IPNs

	mu       sync.Mutex
	sessions map[string]*session // by session key
	byVal    map[string]*session
	byBank   map[string]*session
	refunds  map[string]*refund // by refund_ref_id
	tamper   map[string]map[string]string
	ipnMode  IPNMode
	held     []IPNDelivery
	ipns     []IPNDelivery
	calls    []Call
	hang     bool
	garbage  bool
	failNext int
	pending  bool // refunds stay processing
	seq      int
}

type session struct {
	key                                      string
	seq                                      int        // the order sessions were made in
	form                                     url.Values // the session call's fields
	status                                   string     // PENDING, VALID, VALIDATED, FAILED, CANCELLED
	method                                   string     // bkash, nagad, rocket, card
	valID, bankTranID, tranDate, validatedOn string
	refunded                                 int64 // paisa
	lastIPN                                  *IPNDelivery
}

type refund struct {
	ref, bankTranID, tranID, refeID string
	amount                          int64 // paisa
	initiated                       time.Time
}

// New starts a stand-in listening on loopback until the test ends.
func New(t testing.TB, opts Options) *Server {
	s := NewUnstarted(opts)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// NewUnstarted is a stand-in with no address yet, for a caller serving it
// itself (set URL then).
func NewUnstarted(opts Options) *Server {
	if opts.StoreID == "" {
		opts.StoreID = DefaultStoreID
	}
	if opts.StorePassword == "" {
		opts.StorePassword = DefaultStorePassword
	}
	if opts.StoreName == "" {
		opts.StoreName = "Resale (test)"
	}
	s := &Server{opts: opts, client: &http.Client{Timeout: 10 * time.Second},
		sessions: map[string]*session{}, byVal: map[string]*session{}, byBank: map[string]*session{},
		refunds: map[string]*refund{}, tamper: map[string]map[string]string{}}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST /gwprocess/v4/api.php", s.api("session", s.initSession))
	s.mux.HandleFunc("GET /validator/api/validationserverAPI.php", s.api("validate", s.validate))
	s.mux.HandleFunc("GET /validator/api/merchantTransIDvalidationAPI.php", s.merchantAPI)
	s.mux.HandleFunc("GET /EasyCheckOut/{key}", s.page)
	s.mux.HandleFunc("POST /EasyCheckOut/{key}", s.pay)
	return s
}

// ServeHTTP answers the gateway's API and its payment pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// merchantAPI is the one path of the transaction queries and refunds,
// told apart by their parameters.
func (s *Server) merchantAPI(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch {
	case q.Get("refund_ref_id") != "":
		s.api("refund_query", s.refundQuery)(w, r)
	case q.Get("bank_tran_id") != "" || q.Get("refund_amount") != "":
		s.api("refund", s.refund)(w, r)
	case q.Get("sessionkey") != "":
		s.api("query_session", s.querySession)(w, r)
	default:
		s.api("query_tran", s.queryTran)(w, r)
	}
}

// api records a call of the shop's server and applies the faults
// (SetHang, SetGarbage, FailNext) before h answers it.
func (s *Server) api(name string, h func(url.Values) any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		s.record(name, r.Form)
		s.mu.Lock()
		hang, garbage, fail := s.hang, s.garbage, s.failNext > 0
		if fail {
			s.failNext--
		}
		s.mu.Unlock()
		if hang {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return
		}
		if fail {
			http.Error(w, "502 Bad Gateway", http.StatusBadGateway)
			return
		}
		if garbage {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body>Service Temporarily Unavailable</body></html>")
			return
		}
		var answer any
		if r.Form.Get("store_id") != s.opts.StoreID || r.Form.Get("store_passwd") != s.opts.StorePassword {
			answer = credentialsRefused(name)
		} else {
			answer = h(r.Form)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(answer)
	}
}

// credentialsRefused is the gateway's answer to wrong store credentials.
func credentialsRefused(api string) any {
	if api == "session" {
		return map[string]string{"status": "FAILED", "failedreason": "Store Credential Error Or Store is De-active",
			"sessionkey": "", "GatewayPageURL": ""}
	}
	return map[string]string{"APIConnect": "FAILED"}
}

func (s *Server) record(api string, form url.Values) {
	params := url.Values{}
	for k, v := range form {
		if k != "store_passwd" {
			params[k] = append([]string(nil), v...)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, Call{API: api, Params: params, At: time.Now()})
}

func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return strings.ToUpper(hex.EncodeToString(b))
}

// stamp is the gateway's way of writing a time.
func stamp(t time.Time) string { return t.Format("2006-01-02 15:04:05") }
