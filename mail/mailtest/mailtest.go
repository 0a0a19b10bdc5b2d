// Package mailtest runs a real SMTP server on loopback inside a test, so
// tests of sending mail talk SMTP (STARTTLS, implicit TLS, AUTH, 4xx
// replies) rather than calling a stand-in.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mode is how the server protects its sessions.
type Mode int

// The server's modes.
const (
	Plain    Mode = iota // no TLS offered
	StartTLS             // STARTTLS offered, and required before MAIL FROM
	Implicit             // TLS from the first byte
)

// Options shape a server.
type Options struct {
	Mode Mode
	// Username and Password, when set, are required (AUTH PLAIN).
	Username, Password string
	// FailFirst answers this many DATA commands with 451 before accepting.
	FailFirst int
}

// Received is one accepted message.
type Received struct {
	From      string
	To        []string
	Raw       []byte
	Header    mail.Header
	MessageID string
}

// Server is a running SMTP server that keeps what it accepts.
type Server struct {
	Addr string
	Host string
	Port int
	// ClientTLS trusts the server's self-signed certificate.
	ClientTLS *tls.Config

	opts     Options
	srv      *smtp.Server
	mu       sync.Mutex
	received []Received
	failed   int
	ch       chan struct{}
}

// Start runs a server on 127.0.0.1 until the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := Listen(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Listen runs a server on 127.0.0.1 until Close, outside a test (the
// mail benchmark).
func Listen(opts Options) (*Server, error) {
	cert, pool, err := selfSigned()
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, ClientTLS: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}, ch: make(chan struct{}, 1024)}
	srv := smtp.NewServer(&backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.MaxMessageBytes = 1 << 20
	srv.AllowInsecureAuth = opts.Mode == Plain
	serverTLS := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	var ln net.Listener
	switch opts.Mode {
	case Implicit:
		ln, err = tls.Listen("tcp", "127.0.0.1:0", serverTLS)
	case StartTLS:
		srv.TLSConfig = serverTLS
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	default:
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		return nil, err
	}
	s.Addr = ln.Addr().String()
	s.Host = "127.0.0.1"
	s.Port = ln.Addr().(*net.TCPAddr).Port
	s.srv = srv
	go srv.Serve(ln) //nolint:errcheck // ends at Close
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Messages is every message accepted so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Count is how many accepted messages carry the Message-ID id (without
// angle brackets).
func (s *Server) Count(id string) int {
	n := 0
	for _, m := range s.Messages() {
		if m.MessageID == id {
			n++
		}
	}
	return n
}

// Refused is how many DATA commands were answered 451.
func (s *Server) Refused() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// Wait waits until at least n messages have been accepted, or fails the
// test after timeout.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if got := s.Messages(); len(got) >= n {
			return got
		}
		select {
		case <-s.ch:
		case <-deadline:
			t.Fatalf("mailtest: %d messages after %s, want %d", len(s.Messages()), timeout, n)
		}
	}
}

type backend struct{ s *Server }

func (b *backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s, conn: c}, nil
}

type session struct {
	s      *Server
	conn   *smtp.Conn
	authed bool
	from   string
	to     []string
}

func (se *session) AuthMechanisms() []string {
	if se.s.opts.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (se *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != se.s.opts.Username || password != se.s.opts.Password {
			return errors.New("invalid credentials")
		}
		se.authed = true
		return nil
	}), nil
}

func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	if se.s.opts.Mode == StartTLS {
		if _, ok := se.conn.TLSConnectionState(); !ok {
			return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Must issue a STARTTLS command first"}
		}
	}
	if se.s.opts.Username != "" && !se.authed {
		return smtp.ErrAuthRequired
	}
	se.from = from
	return nil
}

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	se.to = append(se.to, to)
	return nil
}

func (se *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	se.s.mu.Lock()
	defer se.s.mu.Unlock()
	if se.s.failed < se.s.opts.FailFirst {
		se.s.failed++
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	rec := Received{From: se.from, To: se.to, Raw: raw}
	if m, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		rec.Header = m.Header
		rec.MessageID = strings.Trim(m.Header.Get("Message-Id"), "<>")
	}
	se.s.received = append(se.s.received, rec)
	select {
	case se.s.ch <- struct{}{}:
	default:
	}
	return nil
}

func (se *session) Reset() { se.from, se.to = "", nil }

func (se *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and localhost, and a pool
// that trusts it.
func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}
