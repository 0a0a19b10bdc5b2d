// Package smstest is an SMS gateway stand-in for the tests and the browser
// journeys: it takes messages the way the bulk-SMS providers do (the
// number and text in a GET's query, or a POST's form or JSON body, under
// the names BulkSMSBD, SSL Wireless and Twilio use), records them, and
// lets a test read what it got: GET /messages?to=+8801... answers the
// messages to a number, oldest first, as JSON.
package smstest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/sms"
)

// Message is one message the stand-in took.
type Message struct {
	// To is the number as sent, in E.164 when it was a Bangladeshi mobile
	// number in any writing.
	To   string    `json:"to"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Gateway records what it is sent.
type Gateway struct {
	mu      sync.Mutex
	msgs    []Message
	failing int
	changed chan struct{}
}

// New makes an empty stand-in.
func New() *Gateway {
	return &Gateway{changed: make(chan struct{})}
}

// Start serves a new stand-in on loopback until the test ends; its URL
// with Template is an SMS_URL.
func Start(t testing.TB) (*Gateway, *httptest.Server) {
	g := New()
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return g, srv
}

// Template is the SMS_URL (GET) of a stand-in served at base.
func Template(base string) string {
	return strings.TrimRight(base, "/") + "/send?to={to}&text={text}"
}

// FailNext makes the next n sends answer 503 (a gateway down), taking
// nothing.
func (g *Gateway) FailNext(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.failing = n
}

// ServeHTTP takes a message on any path but /messages, which reads them.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/messages" && r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(g.To(r.URL.Query().Get("to")))
		return
	}
	to, text := read(r)
	if to == "" || text == "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":"to and text are required"}`)
		return
	}
	g.mu.Lock()
	if g.failing > 0 {
		g.failing--
		g.mu.Unlock()
		http.Error(w, "gateway down", http.StatusServiceUnavailable)
		return
	}
	if n, ok := sms.Normalize(to); ok {
		to = n
	}
	g.msgs = append(g.msgs, Message{To: to, Text: text, At: time.Now()})
	close(g.changed)
	g.changed = make(chan struct{})
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"response_code":202,"success_message":"SMS Submitted Successfully","error_message":""}`)
}

// read finds the number and text in the query, a form or a JSON body.
func read(r *http.Request) (to, text string) {
	fields := map[string]string{}
	for k, v := range r.URL.Query() {
		fields[strings.ToLower(k)] = v[0]
	}
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<10))
		var js map[string]any
		if json.Unmarshal(body, &js) == nil {
			for k, v := range js {
				if s, ok := v.(string); ok {
					fields[strings.ToLower(k)] = s
				}
			}
		} else if form, err := urlValues(string(body)); err == nil {
			for k, v := range form {
				fields[strings.ToLower(k)] = v
			}
		}
	}
	return first(fields, "to", "msisdn", "number"), first(fields, "text", "body", "message", "sms")
}

func first(m map[string]string, names ...string) string {
	for _, n := range names {
		if v := m[n]; v != "" {
			return v
		}
	}
	return ""
}

// Messages is every message taken, oldest first.
func (g *Gateway) Messages() []Message {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Message(nil), g.msgs...)
}

// To is the messages to one number (any writing), oldest first.
func (g *Gateway) To(number string) []Message {
	if n, ok := sms.Normalize(number); ok {
		number = n
	}
	out := []Message{}
	for _, m := range g.Messages() {
		if m.To == number {
			out = append(out, m)
		}
	}
	return out
}

// Wait waits until at least n messages were taken in all, and answers them.
func (g *Gateway) Wait(t testing.TB, n int, within time.Duration) []Message {
	t.Helper()
	deadline := time.After(within)
	for {
		g.mu.Lock()
		got, changed := len(g.msgs), g.changed
		g.mu.Unlock()
		if got >= n {
			return g.Messages()
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("the SMS stand-in got %d messages in %s, want %d", got, within, n)
		}
	}
}
