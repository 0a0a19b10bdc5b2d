// Package push sends Web Push messages (#37): a notification reaches a
// user's browser with the app closed. The encryption (RFC 8291) and the
// VAPID signature (RFC 8292) are github.com/SherClockHolmes/webpush-go's;
// this package checks the keys and subscriptions that reach it, keeps the
// push service's answers apart (gone, or worth a retry), and never puts a
// payload or a key in an error. It knows no HTTP of ours and no database;
// jobs sends and store keeps the subscriptions. pushtest is a push service
// stand-in built from the RFCs, which refuses what a real one would.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// Config is the shop's VAPID identity (VAPID_PUBLIC_KEY,
// VAPID_PRIVATE_KEY, VAPID_SUBJECT).
type Config struct {
	// PublicKey is the uncompressed P-256 point (65 bytes), base64url: the
	// applicationServerKey browsers subscribe with.
	PublicKey string
	// PrivateKey is its 32-byte scalar, base64url.
	PrivateKey string
	// Subject is how a push service reaches the shop's operator: a
	// mailto: or https: address.
	Subject string
	// AllowLocal lets subscriptions name http:// endpoints and loopback or
	// private addresses: only for the stand-in in tests and journeys
	// (PUSH_ALLOW_LOCAL). Without it the shop posts to public https push
	// services only, never to a machine inside its own network.
	AllowLocal bool
}

// Check tells whether the keys are a P-256 pair and the subject an
// address, naming the setting that is wrong.
func (c Config) Check() error {
	pub, err := decodeKey(c.PublicKey)
	if err != nil || len(pub) != 65 {
		return errors.New("VAPID_PUBLIC_KEY: must be a P-256 public key, 65 bytes in base64url (resale vapid-keys makes a pair)")
	}
	priv, err := decodeKey(c.PrivateKey)
	if err != nil || len(priv) != 32 {
		return errors.New("VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in base64url (resale vapid-keys makes a pair)")
	}
	k, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil || string(k.PublicKey().Bytes()) != string(pub) {
		return errors.New("VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY")
	}
	if !strings.HasPrefix(c.Subject, "mailto:") && !strings.HasPrefix(c.Subject, "https://") || len(c.Subject) < 10 {
		return errors.New("VAPID_SUBJECT: must be a mailto: or https: address where push services can reach the shop, e.g. mailto:ops@example.com")
	}
	return nil
}

// GenerateKeys makes a new VAPID pair, base64url.
func GenerateKeys() (public, private string, err error) {
	private, public, err = webpush.GenerateVAPIDKeys()
	return public, private, err
}

// decodeKey reads base64url with or without padding.
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// Subscription is one browser's PushSubscription: where to post, and the
// keys its messages are encrypted for (base64url, as the browser gives).
type Subscription struct {
	Endpoint string
	P256dh   string
	Auth     string
}

// CheckSubscription tells what is wrong with a subscription a browser
// sent, as field messages (endpoint, p256dh, auth); nil when none is.
func CheckSubscription(s Subscription, allowLocal bool) map[string]string {
	fields := map[string]string{}
	u, err := url.Parse(s.Endpoint)
	switch {
	case err != nil || len(s.Endpoint) > 1000 || u.Host == "" || u.User != nil || u.Fragment != "":
		fields["endpoint"] = "must be the push service's https address"
	case u.Scheme != "https" && !(allowLocal && u.Scheme == "http"):
		fields["endpoint"] = "must be an https address"
	case !allowLocal && localHost(u.Hostname()):
		fields["endpoint"] = "must be a push service's public address"
	}
	if k, err := decodeKey(s.P256dh); err != nil || len(k) != 65 {
		fields["p256dh"] = "must be the browser's P-256 public key, 65 bytes in base64url"
	} else if _, err := ecdh.P256().NewPublicKey(k); err != nil {
		fields["p256dh"] = "is not a point on P-256"
	}
	if k, err := decodeKey(s.Auth); err != nil || len(k) != 16 {
		fields["auth"] = "must be the browser's 16-byte secret in base64url"
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

// localHost tells whether host names this machine or a private network:
// an IP literal of such an address, or localhost.
func localHost(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && !publicIP(ip)
}

func publicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsUnspecified() || ip.IsMulticast())
}

// Error is a push service's refusal: Status is its HTTP status. It names
// the service's host only: the endpoint's path is the browser's secret.
type Error struct {
	Status int
	Host   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("push: %s answered %d", e.Host, e.Status)
}

// Gone tells whether the subscription is no more (404, 410: RFC 8030
// section 7.3): it must be deleted, never tried again.
func (e *Error) Gone() bool { return e.Status == http.StatusNotFound || e.Status == http.StatusGone }

// IsGone tells whether err says the subscription is no more.
func IsGone(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Gone()
}

// Sender posts encrypted messages to push services.
type Sender struct {
	cfg    Config
	client *http.Client
}

// New makes a Sender of a checked Config.
func New(cfg Config) (*Sender, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if !cfg.AllowLocal {
		// a host that resolves to this network is refused when dialled,
		// whatever its name said when the subscription was checked
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, _ := net.SplitHostPort(address)
			if ip := net.ParseIP(host); ip == nil || !publicIP(ip) {
				return fmt.Errorf("push: %s is not a public address", host)
			}
			return nil
		}
	}
	// no proxy from the environment: the dialer's check would see the
	// proxy's address, not the push service's
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: 20 * time.Second, ForceAttemptHTTP2: true}
	return &Sender{cfg: cfg, client: &http.Client{Transport: transport, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}, nil
}

// PublicKey is the applicationServerKey browsers subscribe with.
func (s *Sender) PublicKey() string { return s.cfg.PublicKey }

// TTL is how long a push service keeps a message for a browser that is
// offline: a day, as long as an email's retries.
const TTL = 24 * 60 * 60

// Send encrypts payload for the subscription and posts it. topic names
// the message (RFC 8030 section 5.4: a message sent again with the same
// topic replaces one still waiting, so a retry after a lost answer is not
// shown twice). A refusal is an *Error; a network failure is returned as
// it is, without the endpoint's path.
func (s *Sender) Send(ctx context.Context, sub Subscription, payload []byte, topic string) error {
	u, err := url.Parse(sub.Endpoint)
	if err != nil {
		return errors.New("push: the endpoint is not an address")
	}
	resp, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: sub.Endpoint, Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh},
	}, &webpush.Options{
		HTTPClient: s.client,
		// the library writes "mailto:" before a subject that is not https
		Subscriber:      strings.TrimPrefix(s.cfg.Subject, "mailto:"),
		Topic:           topic,
		TTL:             TTL,
		Urgency:         webpush.UrgencyHigh,
		VAPIDPublicKey:  s.cfg.PublicKey,
		VAPIDPrivateKey: s.cfg.PrivateKey,
	})
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			return fmt.Errorf("push: posting to %s: %w", u.Host, uerr.Err)
		}
		return fmt.Errorf("push: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	return &Error{Status: resp.StatusCode, Host: u.Host}
}
