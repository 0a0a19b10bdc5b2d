package push

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"resale/push/pushtest"
)

// mutate is a transport that changes each request before it goes.
type mutate func(*http.Request)

func (m mutate) RoundTrip(r *http.Request) (*http.Response, error) {
	m(r)
	return http.DefaultTransport.RoundTrip(r)
}

func testSender(t *testing.T) (*Sender, *pushtest.Server) {
	t.Helper()
	pub, priv, err := GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{PublicKey: pub, PrivateKey: priv, Subject: "mailto:ops@example.com", AllowLocal: true})
	if err != nil {
		t.Fatal(err)
	}
	var stand *pushtest.Server
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { stand.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	stand = pushtest.New(srv.URL)
	return s, stand
}

func sub(p pushtest.Subscription) Subscription {
	return Subscription{Endpoint: p.Endpoint, P256dh: p.Keys.P256dh, Auth: p.Keys.Auth}
}

// TestPushDecrypts: what Send posts is taken by the stand-in, which
// decrypts it to the payload, with the VAPID subject and the topic.
func TestPushDecrypts(t *testing.T) {
	s, stand := testSender(t)
	to := stand.Subscribe(s.PublicKey())
	if err := s.Send(context.Background(), sub(to), []byte(`{"title":"New offer"}`), "n1-s2"); err != nil {
		t.Fatalf("send: %v (refused: %v)", err, stand.Refused())
	}
	got := stand.Messages()
	if len(got) != 1 || string(got[0].Payload) != `{"title":"New offer"}` || got[0].Topic != "n1-s2" || got[0].Subject != "mailto:ops@example.com" || got[0].TTL != TTL {
		t.Fatalf("messages %+v", got)
	}
}

// TestPushStandInRefuses: the stand-in refuses a message signed by
// another key, one whose body or headers were changed, and answers 410
// for a gone subscription: Send reports each, never as success.
func TestPushStandInRefuses(t *testing.T) {
	cases := []struct {
		name   string
		change func(*http.Request)
		want   string
	}{
		{"no TTL", func(r *http.Request) { r.Header.Del("TTL") }, "TTL"},
		{"other encoding", func(r *http.Request) { r.Header.Set("Content-Encoding", "aesgcm") }, "Content-Encoding"},
		{"no VAPID", func(r *http.Request) { r.Header.Del("Authorization") }, "VAPID"},
		{"forged signature", func(r *http.Request) {
			a := r.Header.Get("Authorization")
			i := strings.Index(a, ", k=") - 3
			r.Header.Set("Authorization", a[:i]+flip(a[i])+a[i+1:])
		}, "signature"},
		{"changed body", func(r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			b[len(b)-20] ^= 1
			r.Body = io.NopCloser(bytes.NewReader(b))
		}, "decrypt"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, stand := testSender(t)
			s.client.Transport = mutate(c.change)
			err := s.Send(context.Background(), sub(stand.Subscribe(s.PublicKey())), []byte(`{}`), "")
			refused := stand.Refused()
			if err == nil || len(refused) != 1 || !strings.Contains(refused[0], c.want) || len(stand.Messages()) != 0 {
				t.Fatalf("err %v, refused %q", err, refused)
			}
		})
	}
	t.Run("another shop's key", func(t *testing.T) {
		s, stand := testSender(t)
		other, _, _ := GenerateKeys()
		err := s.Send(context.Background(), sub(stand.Subscribe(other)), []byte(`{}`), "")
		if err == nil || len(stand.Messages()) != 0 {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("gone", func(t *testing.T) {
		s, stand := testSender(t)
		to := stand.Subscribe(s.PublicKey())
		stand.Gone(to.Endpoint)
		err := s.Send(context.Background(), sub(to), []byte(`{}`), "")
		if !IsGone(err) || strings.Contains(err.Error(), to.Endpoint) {
			t.Fatalf("err %v", err)
		}
	})
}

func flip(b byte) string {
	if b == 'A' {
		return "B"
	}
	return "A"
}

// TestPushConfigAndSubscriptionChecks: keys that are no pair, a subject
// that is no address, and subscriptions a browser would not send.
func TestPushConfigAndSubscriptionChecks(t *testing.T) {
	pub, priv, _ := GenerateKeys()
	pub2, _, _ := GenerateKeys()
	for name, c := range map[string]Config{
		"not a pair": {PublicKey: pub2, PrivateKey: priv, Subject: "mailto:ops@example.com"},
		"no subject": {PublicKey: pub, PrivateKey: priv, Subject: "ops@example.com"},
		"short key":  {PublicKey: pub[:20], PrivateKey: priv, Subject: "mailto:ops@example.com"},
	} {
		if c.Check() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	good := Subscription{Endpoint: "https://fcm.googleapis.com/fcm/send/abc", P256dh: pub, Auth: "AAAAAAAAAAAAAAAAAAAAAA"}
	if f := CheckSubscription(good, false); f != nil {
		t.Fatalf("good refused: %v", f)
	}
	bad := map[string]Subscription{
		"endpoint": {Endpoint: "http://push.example.com/x", P256dh: pub, Auth: good.Auth},
		"p256dh":   {Endpoint: good.Endpoint, P256dh: pub[:40], Auth: good.Auth},
		"auth":     {Endpoint: good.Endpoint, P256dh: pub, Auth: "AAAA"},
	}
	bad["endpoint "] = Subscription{Endpoint: "https://127.0.0.1/x", P256dh: pub, Auth: good.Auth}
	for field, s := range bad {
		f := CheckSubscription(s, false)
		if _, ok := f[strings.TrimSpace(field)]; !ok || len(f) != 1 {
			t.Errorf("%q: %v", field, f)
		}
	}
	if f := CheckSubscription(bad["endpoint"], true); f != nil {
		t.Errorf("http with AllowLocal: %v", f)
	}
}

// TestPushRefusesLocalAddresses: without AllowLocal the sender never
// connects to this machine or a private network, whatever the endpoint's
// name, so a subscription cannot aim the shop at its own services.
func TestPushRefusesLocalAddresses(t *testing.T) {
	pub, priv, _ := GenerateKeys()
	s, err := New(Config{PublicKey: pub, PrivateKey: priv, Subject: "https://shop.example.com/contact"})
	if err != nil {
		t.Fatal(err)
	}
	var stand *pushtest.Server
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { stand.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	stand = pushtest.New(srv.URL)
	to := sub(stand.Subscribe(pub))
	to.Endpoint = strings.Replace(to.Endpoint, "127.0.0.1", "localhost", 1)
	err = s.Send(context.Background(), to, []byte(`{}`), "")
	if err == nil || !strings.Contains(err.Error(), "not a public address") || len(stand.Messages())+len(stand.Refused()) != 0 {
		t.Fatalf("err %v", err)
	}
}
