// Package pushtest is a push service stand-in (RFC 8030) for tests and the
// browser journeys, built from the RFCs rather than from our sender: it
// hands out subscriptions whose keys it keeps (the browser's part), and
// for each message posted it checks what a real push service and browser
// would: the VAPID Authorization header (RFC 8292: an ES256 JWT that
// verifies with k, for this service's origin, expiring within 24 hours,
// with a contact), the TTL header, Content-Encoding aes128gcm, and that the
// body decrypts (RFC 8291 and RFC 8188) with the subscription's keys. What
// fails any of these is refused, so a test of our sending fails with it.
package pushtest

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Subscription is what the stand-in hands out: what a browser's
// PushSubscription.toJSON() gives (base64url keys).
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// Message is one message the stand-in took, decrypted.
type Message struct {
	Endpoint string          `json:"endpoint"`
	TTL      int             `json:"ttl"`
	Topic    string          `json:"topic,omitempty"`
	Urgency  string          `json:"urgency,omitempty"`
	Payload  json.RawMessage `json:"payload"`
	// Subject is the VAPID JWT's sub.
	Subject string `json:"subject"`
}

// subscription is the browser's side: the keys it made.
type subscription struct {
	key  *ecdh.PrivateKey
	auth []byte
	// appKey is the applicationServerKey it was made for; empty: any
	appKey string
	gone   bool
	fail   int // answer 500 to this many more messages
}

// Server is the stand-in's state; it is an http.Handler.
type Server struct {
	base string
	now  func() time.Time

	mu       sync.Mutex
	subs     map[string]*subscription // by path
	messages []Message
	refused  []string
}

// New makes a stand-in whose endpoints start with base (its own address,
// e.g. an httptest server's URL).
func New(base string) *Server {
	return &Server{base: strings.TrimRight(base, "/"), now: time.Now, subs: map[string]*subscription{}}
}

// Subscribe makes a subscription as a browser would for appKey (the
// shop's VAPID public key, base64url; empty accepts any signer).
func (s *Server) Subscribe(appKey string) Subscription {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	auth, id := make([]byte, 16), make([]byte, 18)
	_, _ = rand.Read(auth)
	_, _ = rand.Read(id)
	path := "/push/" + base64.RawURLEncoding.EncodeToString(id)
	s.mu.Lock()
	s.subs[path] = &subscription{key: key, auth: auth, appKey: strings.TrimRight(appKey, "=")}
	s.mu.Unlock()
	var out Subscription
	out.Endpoint = s.base + path
	out.Keys.P256dh = base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())
	out.Keys.Auth = base64.RawURLEncoding.EncodeToString(auth)
	return out
}

// Gone makes the service answer 410 Gone to the subscription from now on,
// as for a browser that unsubscribed.
func (s *Server) Gone(endpoint string) { s.with(endpoint, func(sub *subscription) { sub.gone = true }) }

// FailNext makes the service answer 500 to the subscription's next n
// messages, as a service in trouble does.
func (s *Server) FailNext(endpoint string, n int) {
	s.with(endpoint, func(sub *subscription) { sub.fail = n })
}

func (s *Server) with(endpoint string, f func(*subscription)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sub, ok := s.subs[strings.TrimPrefix(endpoint, s.base)]; ok {
		f(sub)
	}
}

// Messages are the messages taken so far, oldest first.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Refused are the reasons of the messages refused so far.
func (s *Server) Refused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.refused...)
}

// ServeHTTP takes pushes at POST /push/{id}; for the journeys it also
// hands out subscriptions at POST /subscriptions?key= and lists the
// messages at GET /messages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/push/"):
		s.push(w, r)
	case r.Method == http.MethodPost && r.URL.Path == "/subscriptions":
		writeJSON(w, s.Subscribe(r.URL.Query().Get("key")))
	case r.Method == http.MethodGet && r.URL.Path == "/messages":
		writeJSON(w, s.Messages())
	case r.Method == http.MethodGet && r.URL.Path == "/refused":
		writeJSON(w, s.Refused())
	default:
		http.NotFound(w, r)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// push checks one message and keeps it, or refuses it with the status a
// push service would answer.
func (s *Server) push(w http.ResponseWriter, r *http.Request) {
	refuse := func(status int, format string, args ...any) {
		reason := fmt.Sprintf(format, args...)
		s.mu.Lock()
		s.refused = append(s.refused, reason)
		s.mu.Unlock()
		http.Error(w, reason, status)
	}
	s.mu.Lock()
	sub, ok := s.subs[r.URL.Path]
	var gone, fail bool
	if ok {
		gone, fail = sub.gone, sub.fail > 0
		if fail && !gone {
			sub.fail--
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		refuse(http.StatusNotFound, "no such subscription")
		return
	case gone:
		refuse(http.StatusGone, "the subscription is gone")
		return
	case fail:
		refuse(http.StatusInternalServerError, "a failure asked for by the test")
		return
	}
	claims, err := s.checkVAPID(r.Header.Get("Authorization"), sub.appKey)
	if err != nil {
		refuse(http.StatusUnauthorized, "VAPID: %v", err)
		return
	}
	ttl, err := strconv.Atoi(r.Header.Get("TTL"))
	if err != nil || ttl < 0 {
		refuse(http.StatusBadRequest, "TTL: a header of whole seconds is required (RFC 8030 section 5.2)")
		return
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "aes128gcm" {
		refuse(http.StatusUnsupportedMediaType, "Content-Encoding: must be aes128gcm (RFC 8291), not %q", ce)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 4097))
	if err != nil || len(body) > 4096 {
		refuse(http.StatusRequestEntityTooLarge, "the body is over 4096 bytes")
		return
	}
	plain, err := decrypt(body, sub.key, sub.auth)
	if err != nil {
		refuse(http.StatusBadRequest, "encryption: %v", err)
		return
	}
	if !json.Valid(plain) {
		refuse(http.StatusBadRequest, "the payload is not JSON")
		return
	}
	s.mu.Lock()
	s.messages = append(s.messages, Message{Endpoint: s.base + r.URL.Path, TTL: ttl, Topic: r.Header.Get("Topic"),
		Urgency: r.Header.Get("Urgency"), Payload: plain, Subject: claims.Sub})
	n := len(s.messages)
	s.mu.Unlock()
	w.Header().Set("Location", s.base+"/message/"+strconv.Itoa(n))
	w.WriteHeader(http.StatusCreated)
}
