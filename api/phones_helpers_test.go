package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/api"
	"resale/jobs"
	"resale/mail"
	"resale/notify"
	"resale/sms"
	"resale/sms/smstest"
	"resale/store"
	"resale/store/storetest"
)

// smsShop is a shop that sends SMS (#35) to the SMS stand-in on loopback,
// through the real job queue; it believes X-Forwarded-For from
// 192.0.2.0/24 (httptest's address), so a test can speak from many
// addresses.
type smsShop struct {
	*testServer
	gw *smstest.Gateway
}

// newSMSShop builds one on a new database; edit adjusts the server's
// options, jobsEdit the job runner's.
func newSMSShop(t *testing.T, edit func(*api.Options), jobsEdit func(*jobs.Options)) *smsShop {
	t.Helper()
	pool := storetest.Pool(t)
	gw, srv := smstest.Start(t)
	s := newSMSServer(t, pool, edit)
	startSMSJobs(t, pool, srv.URL, jobsEdit)
	return &smsShop{testServer: s, gw: gw}
}

// newSMSServer is an HTTP server with SMS on over pool's database.
func newSMSServer(t *testing.T, pool *pgxpool.Pool, edit func(*api.Options)) *testServer {
	t.Helper()
	_, proxy, _ := net.ParseCIDR("192.0.2.0/24")
	s := newTestServerWith(t, store.New(pool), func(o *api.Options) {
		o.SMS = true
		o.TrustedProxies = []*net.IPNet{proxy}
		if edit != nil {
			edit(o)
		}
	})
	s.pool = pool
	return s
}

// startSMSJobs works the queue of pool's database, sending SMS to the
// stand-in at base.
func startSMSJobs(t *testing.T, pool *pgxpool.Pool, base string, edit func(*jobs.Options)) {
	t.Helper()
	gateway, err := sms.New(sms.Config{URL: smstest.Template(base)})
	if err != nil {
		t.Fatal(err)
	}
	opts := jobs.Options{
		Store: store.New(pool), Logger: slog.New(slog.DiscardHandler), Mail: &mail.Log{Logger: slog.New(slog.DiscardHandler)},
		Unsubscribe: notify.NewUnsubscriber(testKey), PublicURL: &url.URL{Scheme: "https", Host: "shop.example.com"},
		Secret: testKey, TestOnly: true, SMS: gateway, Shop: "Laptop Haat",
	}
	if edit != nil {
		edit(&opts)
	}
	r, err := jobs.New(pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = r.Stop(ctx)
	})
}

var smsCode = regexp.MustCompile(`\b([0-9]{6})\b`)

// code waits for the n-th message to the number (1-based) and answers
// the code in it.
func (m *smsShop) code(to string, n int) string {
	m.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		msgs := m.gw.To(to)
		if len(msgs) >= n {
			c := smsCode.FindStringSubmatch(msgs[n-1].Text)
			if c == nil {
				m.t.Fatalf("SMS %q holds no code", msgs[n-1].Text)
			}
			return c[1]
		}
		if time.Now().After(deadline) {
			m.t.Fatalf("SMS %d to %s did not come (got %d)", n, to, len(msgs))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// post sends JSON from an address, with a token when given.
func (m *smsShop) post(ip, path, token string, body any) *httptest.ResponseRecorder {
	m.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		m.t.Fatal(err)
	}
	h := http.Header{"X-Forwarded-For": {ip}, "Content-Type": {"application/json"}}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return m.do(http.MethodPost, path, bytes.NewReader(b), h)
}
