package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
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

// account makes an account without a password's cost, with a token.
func (m *smsShop) account(name, role string) (store.User, string) {
	m.t.Helper()
	accountCalls.Add(1)
	u, err := m.store.CreateUser(context.Background(), store.NewUser{Name: name, Email: fmt.Sprintf("%s-%d@example.com", strings.ToLower(name), accountCalls.Load()), Role: role})
	if err != nil {
		m.t.Fatal(err)
	}
	return u, tokenFor(m.t, u)
}

var accountCalls atomic.Int64

// verify gives the account a proved number, as a code would have.
func (m *smsShop) verify(u store.User, phone string) {
	m.t.Helper()
	m.exec(`UPDATE users SET phone = $1, phone_verified = true WHERE id = $2`, phone, u.ID)
}

// settle waits until no job of these kinds is left to work, so a test can
// count what was sent without guessing how long sending takes.
func (m *smsShop) settle(kinds ...string) {
	m.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var left int
		err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = ANY($1) AND finalized_at IS NULL`, kinds).Scan(&left)
		if err != nil {
			m.t.Fatal(err)
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			m.t.Fatalf("%d jobs of %v still to work", left, kinds)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// earlier moves every code request back past the minute between codes
// to a number, as if the caller had waited.
func (m *smsShop) earlier() {
	m.t.Helper()
	m.exec(`UPDATE sms_requests SET at = at - interval '61 seconds'`)
}

// postAt is post without the test's helpers, safe from goroutines.
func postAt(h http.Handler, ip, path, token string, body any) int {
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code
}

// jsonReader is v as a JSON body.
func jsonReader(t *testing.T, v any) *bytes.Reader {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}
