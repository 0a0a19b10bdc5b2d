// Package mail sends the shop's emails: over SMTP when SMTP_URL is set,
// otherwise to the log, one line per email. It knows nothing of
// notifications or HTTP; notify renders the messages and jobs sends them.
package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one email, rendered and addressed.
type Message struct {
	To      string // the recipient's address
	ToName  string // the recipient's name, may be empty
	Subject string
	Text    string // the text/plain part
	HTML    string // the text/html part
	// MessageID is the Message-ID without angle brackets. The caller
	// derives it from what the email is about, so a retry of the same
	// email is the same message to the receiving side.
	MessageID string
	// Link is the page the email is about, written in the log line of the
	// log sender.
	Link string
	// Unsubscribe is the one-click address of the List-Unsubscribe header
	// (RFC 8058); empty sends neither List-Unsubscribe header.
	Unsubscribe string
}

// Sender sends one email. A failure that may pass by itself (a 4xx reply,
// a connection that could not be made) is reported as an error for which
// IsTemporary is true.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// TLS is how an SMTP connection is protected.
type TLS string

// The three ways of SMTP_URL.
const (
	// StartTLS (smtp://, port 587 by default): the session must be
	// upgraded with STARTTLS before anything is sent.
	StartTLS TLS = "starttls"
	// Implicit (smtps://, port 465 by default): TLS from the first byte.
	Implicit TLS = "implicit"
	// None (smtp://...?tls=none): plain text, only to a relay on loopback.
	None TLS = "none"
)

// Config is a parsed SMTP_URL.
type Config struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      TLS
	// TLSConfig overrides the TLS settings (tests trust their own
	// certificate with it); nil verifies the server against the system's
	// roots.
	TLSConfig *tls.Config
	// Timeout bounds connecting and each SMTP exchange; 0 is 30 seconds.
	Timeout time.Duration
}

// ParseURL reads SMTP_URL: smtp://user:pass@host:587 (STARTTLS required),
// smtps://user:pass@host:465 (implicit TLS) or smtp://host:25?tls=none
// (no TLS, only for a host on loopback). Its errors never repeat the
// password.
func ParseURL(raw string) (Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Config{}, errors.New("must be smtp://user:password@host:port or smtps://user:password@host:port")
	}
	c := Config{Host: u.Hostname()}
	switch u.Scheme {
	case "smtp":
		c.TLS, c.Port = StartTLS, 587
	case "smtps":
		c.TLS, c.Port = Implicit, 465
	default:
		return Config{}, fmt.Errorf("must start with smtp:// (STARTTLS) or smtps:// (implicit TLS), not %q", u.Scheme+"://")
	}
	if c.Host == "" {
		return Config{}, errors.New("names no host")
	}
	if (u.Path != "" && u.Path != "/") || u.Fragment != "" {
		return Config{}, errors.New("must have no path")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Config{}, fmt.Errorf("has a bad port %q", p)
		}
		c.Port = n
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	q := u.Query()
	for k := range q {
		if k != "tls" {
			return Config{}, fmt.Errorf("has an unknown parameter %q (only tls=none is known)", k)
		}
	}
	if vs, ok := q["tls"]; ok {
		if len(vs) != 1 || vs[0] != "none" || u.Scheme != "smtp" {
			return Config{}, errors.New("takes only tls=none, and only with smtp://")
		}
		if !isLoopback(c.Host) {
			return Config{}, fmt.Errorf("tls=none is only allowed for a relay on loopback (localhost, 127.0.0.1, ::1), not %q", c.Host)
		}
		c.TLS = None
	}
	return c, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ParseFrom reads MAIL_FROM, e.g. `Resale <shop@example.com>`.
func ParseFrom(raw string) (*mail.Address, error) {
	a, err := mail.ParseAddress(raw)
	if err != nil {
		return nil, fmt.Errorf("must be an address such as \"Resale <shop@example.com>\", not %q", raw)
	}
	return a, nil
}

// SMTP sends through an SMTP server, one connection per email.
type SMTP struct {
	cfg  Config
	from *mail.Address
}

// NewSMTP makes a sender for cfg that writes from from.
func NewSMTP(cfg Config, from *mail.Address) *SMTP {
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &SMTP{cfg: cfg, from: from}
}

// String says where mail goes, without the password, for the startup log.
func (s *SMTP) String() string {
	return fmt.Sprintf("smtp %s:%d (tls %s)", s.cfg.Host, s.cfg.Port, s.cfg.TLS)
}

// Send delivers m, or reports why not (see IsTemporary).
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := s.build(m)
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.cfg.Host, s.options()...)
	if err != nil {
		return &permanentError{err}
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500 {
			return &permanentError{err}
		}
		return err
	}
	return nil
}

// options are go-mail's settings for the configured server.
func (s *SMTP) options() []gomail.Option {
	tlsConfig := s.cfg.TLSConfig
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: s.cfg.Host, MinVersion: tls.VersionTLS12}
	}
	opts := []gomail.Option{
		gomail.WithPort(s.cfg.Port),
		gomail.WithTimeout(s.cfg.Timeout),
		gomail.WithTLSConfig(tlsConfig),
	}
	switch s.cfg.TLS {
	case Implicit:
		opts = append(opts, gomail.WithSSL(), gomail.WithTLSPolicy(gomail.NoTLS))
	case None:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	return opts
}

// Check connects to the server as Send does (TLS as configured, EHLO, and
// AUTH when SMTP_URL has a user) and hangs up without sending anything.
func (s *SMTP) Check(ctx context.Context) error {
	client, err := gomail.NewClient(s.cfg.Host, s.options()...)
	if err != nil {
		return err
	}
	if err := client.DialWithContext(ctx); err != nil {
		return err
	}
	return client.Close()
}

func (s *SMTP) build(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	msg.FromMailAddress(s.from)
	to := &mail.Address{Name: m.ToName, Address: m.To}
	if _, err := mail.ParseAddress(to.String()); err != nil {
		return nil, &permanentError{fmt.Errorf("mail: bad recipient %q", m.To)}
	}
	msg.ToMailAddress(to)
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.MessageID)
	msg.SetDate()
	if m.Unsubscribe != "" {
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.Unsubscribe+">")
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	// notifications, not conversations: no out-of-office replies
	msg.SetGenHeader(gomail.HeaderXAutoResponseSuppress, "All")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	return msg, nil
}

// permanentError is a failure a retry will not fix: a 5xx reply, a bad
// address.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// IsTemporary tells whether err may pass by itself, so that sending again
// later is worth it.
func IsTemporary(err error) bool {
	var p *permanentError
	return err != nil && !errors.As(err, &p)
}

// Log writes each email to the log instead of sending it: the sender when
// SMTP_URL is not set, so a development shop works without a mail server.
type Log struct {
	Logger *slog.Logger
}

// String says where mail goes, for the startup log.
func (l *Log) String() string { return "log (SMTP_URL not set)" }

// Send writes one line naming the recipient, the subject and the link.
func (l *Log) Send(_ context.Context, m Message) error {
	l.Logger.Info("email (not sent: SMTP_URL is not set)", "to", m.To, "subject", m.Subject, "link", m.Link, "message_id", m.MessageID)
	return nil
}
