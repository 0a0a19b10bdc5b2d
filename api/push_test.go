package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/jobs"
	"resale/mail"
	"resale/notify"
	"resale/push"
	"resale/push/pushtest"
	"resale/store"
)

// the test shop's VAPID pair (#37)
var testVAPIDPublic, testVAPIDPrivate = func() (string, string) {
	pub, priv, err := push.GenerateKeys()
	if err != nil {
		panic(err)
	}
	return pub, priv
}()

// testPushSubscription is a browser's subscription body with valid keys.
func testPushSubscription(endpoint string) map[string]any {
	return map[string]any{"endpoint": endpoint, "expirationTime": nil,
		"keys": map[string]string{"p256dh": testVAPIDPublic, "auth": "c2VjcmV0LXNlY3JldC0xMg"}}
}

func pushSub(s pushtest.Subscription) map[string]any {
	return map[string]any{"endpoint": s.Endpoint, "keys": map[string]string{"p256dh": s.Keys.P256dh, "auth": s.Keys.Auth}}
}

// TestPushSubscriptionRoutes: off without keys; bad subscriptions are
// refused by field and change nothing; a browser is its last user's; a
// user deletes only their own; the push settings read and write.
func TestPushSubscriptionRoutes(t *testing.T) {
	off := newMarket(t)
	if rec := off.postJSON("/api/me/push-subscriptions", off.seller.AccessToken, testPushSubscription("https://push.example.net/a")); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("push off: %d %s", rec.Code, rec.Body.String())
	}
	m := newMarketWith(t, func(o *api.Options) { o.PushPublicKey = testVAPIDPublic })
	var cfg struct {
		Push          bool    `json:"push"`
		PushPublicKey *string `json:"pushPublicKey"`
	}
	decode(t, m.get("/api/config"), &cfg)
	if !cfg.Push || cfg.PushPublicKey == nil || *cfg.PushPublicKey != testVAPIDPublic {
		t.Fatalf("config %+v", cfg)
	}
	good := testPushSubscription("https://push.example.net/seller-phone")
	bad := map[string]map[string]any{
		"endpoint": testPushSubscription("http://push.example.net/x"),
		"p256dh":   {"endpoint": "https://push.example.net/y", "keys": map[string]string{"p256dh": "BBBB", "auth": "c2VjcmV0LXNlY3JldC0xMg"}},
		"auth":     {"endpoint": "https://push.example.net/z", "keys": map[string]string{"p256dh": testVAPIDPublic, "auth": "short"}},
	}
	bad["endpoint "] = testPushSubscription("https://127.0.0.1:9/push")
	for field, body := range bad {
		rec := m.postJSON("/api/me/push-subscriptions", m.seller.AccessToken, body)
		var e struct {
			Fields map[string]string `json:"fields"`
		}
		decode(t, rec, &e)
		if rec.Code != http.StatusBadRequest || e.Fields[strings.TrimSpace(field)] == "" {
			t.Errorf("%q: %d %s", field, rec.Code, rec.Body.String())
		}
	}
	count := func() (n int) { m.scalar(&n, `SELECT count(*) FROM push_subscriptions`); return n }
	if count() != 0 {
		t.Fatal("a refused subscription was kept")
	}
	if rec := m.postJSON("/api/me/push-subscriptions", m.seller.AccessToken, good); rec.Code != http.StatusCreated {
		t.Fatalf("add: %d %s", rec.Code, rec.Body.String())
	}
	// the same browser, signed in as the buyer next: the buyer's now
	if rec := m.postJSON("/api/me/push-subscriptions", m.buyer.AccessToken, good); rec.Code != http.StatusCreated {
		t.Fatalf("again: %d", rec.Code)
	}
	var owner int64
	m.scalar(&owner, `SELECT user_id FROM push_subscriptions`)
	if count() != 1 || owner != mustID(t, m.buyer.User.ID) {
		t.Fatalf("%d subscriptions, owner %d", count(), owner)
	}
	del := "/api/me/push-subscriptions?endpoint=" + url.QueryEscape("https://push.example.net/seller-phone")
	if rec := m.send(http.MethodDelete, del, m.seller.AccessToken, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("another's: %d", rec.Code)
	}
	if rec := m.send(http.MethodDelete, del, m.buyer.AccessToken, nil); rec.Code != http.StatusNoContent || count() != 0 {
		t.Fatalf("own: %d, %d left", rec.Code, count())
	}
	for i := range store.MaxPushSubscriptions + 2 {
		m.postJSON("/api/me/push-subscriptions", m.seller.AccessToken, testPushSubscription(fmt.Sprintf("https://push.example.net/d%d", i)))
	}
	if n := count(); n != store.MaxPushSubscriptions {
		t.Fatalf("%d browsers kept, want the newest %d", n, store.MaxPushSubscriptions)
	}
	testPushSettings(t, m)
}

func testPushSettings(t *testing.T, m *market) {
	t.Helper()
	rec := m.send(http.MethodPut, "/api/me/notification-settings", m.seller.AccessToken, map[string]any{"push": map[string]bool{"message_received": false}})
	var got struct {
		Push map[string]bool `json:"push"`
	}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || got.Push["message_received"] || !got.Push["offer_received"] || len(got.Push) != len(notify.PushKinds) {
		t.Fatalf("settings: %d %s", rec.Code, rec.Body.String())
	}
	rec = m.send(http.MethodPut, "/api/me/notification-settings", m.seller.AccessToken, map[string]any{"push": map[string]bool{"price_drop": true}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"push"`) {
		t.Fatalf("a kind not pushed: %d %s", rec.Code, rec.Body.String())
	}
}

// pushShop is a market whose jobs push to the stand-in.
type pushShop struct {
	*market
	stand *pushtest.Server
}

func newPushShop(t *testing.T) *pushShop {
	t.Helper()
	var stand *pushtest.Server
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { stand.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	stand = pushtest.New(srv.URL)
	m := newMarketWith(t, func(o *api.Options) { o.PushPublicKey = testVAPIDPublic; o.PushAllowLocal = true })
	sender, err := push.New(push.Config{PublicKey: testVAPIDPublic, PrivateKey: testVAPIDPrivate, Subject: "mailto:ops@example.com", AllowLocal: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := jobs.New(m.pool, jobs.Options{
		Store: store.New(m.pool), Logger: slog.New(slog.DiscardHandler), Mail: &mail.Log{Logger: slog.New(slog.DiscardHandler)},
		Unsubscribe: notify.NewUnsubscriber(testKey), PublicURL: &url.URL{Scheme: "https", Host: "shop.example.com"},
		Secret: testKey, TestOnly: true, Push: sender, RetryBase: 10 * time.Millisecond,
	})
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
	return &pushShop{market: m, stand: stand}
}

// settle waits until no push job is left to run, and answers the
// messages the stand-in took.
func (p *pushShop) settle() []pushtest.Message {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var left int
		p.scalar(&left, `SELECT count(*) FROM river_job WHERE kind = 'send_push' AND finalized_at IS NULL`)
		if left == 0 {
			return p.stand.Messages()
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%d push jobs still waiting; refused: %v", left, p.stand.Refused())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// TestPushDeliveredOnce: two notifications to a seller with two browsers
// are four pushes, each once, decrypted by the stand-in to the
// notification's words and link, though one browser's service failed
// once (retried); a browser whose service says 410 is deleted and the
// other still gets the next; a kind turned off is not pushed.
func TestPushDeliveredOnce(t *testing.T) {
	p := newPushShop(t)
	phone, laptop := p.stand.Subscribe(testVAPIDPublic), p.stand.Subscribe(testVAPIDPublic)
	for _, s := range []pushtest.Subscription{phone, laptop} {
		if rec := p.postJSON("/api/me/push-subscriptions", p.seller.AccessToken, pushSub(s)); rec.Code != http.StatusCreated {
			t.Fatalf("subscribe: %d %s", rec.Code, rec.Body.String())
		}
	}
	p.stand.FailNext(laptop.Endpoint, 1)
	pid := p.addProduct(p.seller.AccessToken, nil)
	conv := p.openThread(p.buyer.AccessToken, pid, "Is it still available?")
	p.offer(p.buyer.AccessToken, conv, 30000)
	got := p.settle()
	type shown struct{ Title, Link, Kind, Tag string }
	seen := map[string]int{}
	for _, msg := range got {
		var s shown
		if err := json.Unmarshal(msg.Payload, &s); err != nil {
			t.Fatal(err)
		}
		if s.Title == "" || !strings.HasPrefix(s.Link, "/") || msg.Topic != s.Tag {
			t.Errorf("push %s", msg.Payload)
		}
		seen[msg.Endpoint+" "+s.Kind]++
	}
	for _, e := range []string{phone.Endpoint, laptop.Endpoint} {
		for _, k := range []string{"message_received", "offer_received"} {
			if seen[e+" "+k] != 1 {
				t.Errorf("%s to %s: %d pushes, want 1 (all: %v)", k, e, seen[e+" "+k], seen)
			}
		}
	}
	if len(got) != 4 || len(p.stand.Refused()) != 1 {
		t.Fatalf("%d pushes, refused %v", len(got), p.stand.Refused())
	}
	// the phone unsubscribed at its push service; messages are not pushed now
	p.stand.Gone(phone.Endpoint)
	p.send(http.MethodPut, "/api/me/notification-settings", p.seller.AccessToken, map[string]any{"push": map[string]bool{"message_received": false}})
	p.say(p.buyer.AccessToken, conv, map[string]any{"text": "Can we meet today?"})
	p.offer(p.buyer.AccessToken, conv, 32000)
	got = p.settle()
	var left []string
	p.scalar(&left, `SELECT coalesce(array_agg(endpoint), '{}') FROM push_subscriptions`)
	if len(got) != 5 || got[4].Endpoint != laptop.Endpoint || len(left) != 1 || left[0] != laptop.Endpoint {
		t.Fatalf("after 410: %d pushes (last to %s), subscriptions %v", len(got), got[len(got)-1].Endpoint, left)
	}
}
