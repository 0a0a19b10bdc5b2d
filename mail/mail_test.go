package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	stdmail "net/mail"
	"strings"
	"testing"
	"time"

	"resale/mail"
	"resale/mail/mailtest"
)

func TestParseURL(t *testing.T) {
	t.Parallel()
	good := map[string]mail.Config{
		"smtp://shop%40example.com:s3cret@smtp.example.com": {Host: "smtp.example.com", Port: 587, Username: "shop@example.com", Password: "s3cret", TLS: mail.StartTLS},
		"smtp://u:p@smtp.example.com:2525":                  {Host: "smtp.example.com", Port: 2525, Username: "u", Password: "p", TLS: mail.StartTLS},
		"smtps://u:p@smtp.example.com":                      {Host: "smtp.example.com", Port: 465, Username: "u", Password: "p", TLS: mail.Implicit},
		"smtp://127.0.0.1:25?tls=none":                      {Host: "127.0.0.1", Port: 25, TLS: mail.None},
		"smtp://localhost:1025?tls=none":                    {Host: "localhost", Port: 1025, TLS: mail.None},
		"smtp://[::1]:25?tls=none":                          {Host: "::1", Port: 25, TLS: mail.None},
	}
	for raw, want := range good {
		got, err := mail.ParseURL(raw)
		if err != nil || got != want {
			t.Errorf("ParseURL(%q) = %+v, %v; want %+v", raw, got, err, want)
		}
	}
	bad := []string{
		"",
		"http://smtp.example.com",
		"smtp://",
		"smtp://u:p@smtp.example.com:0",
		"smtp://u:p@smtp.example.com:99999",
		"smtp://u:p@smtp.example.com/path",
		"smtp://u:p@smtp.example.com?tls=none",       // not loopback: the password would cross the network in clear
		"smtp://u:p@10.0.0.5:25?tls=none",            // a private network is not loopback either
		"smtps://127.0.0.1:465?tls=none",             // none only with smtp://
		"smtp://127.0.0.1:25?tls=off",                // only none is known
		"smtp://127.0.0.1:25?tls=none&tls=none",      // once
		"smtp://u:p@smtp.example.com?insecure=true",  // unknown parameter
		"smtp://u:s3cret@smtp.example.com:25?tls=no", // an error must not repeat the password
	}
	for _, raw := range bad {
		_, err := mail.ParseURL(raw)
		if err == nil {
			t.Errorf("ParseURL(%q) accepted it", raw)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseURL(%q): %q repeats the password or spans lines", raw, err)
		}
	}
}

func message(id string) mail.Message {
	return mail.Message{
		To: "rahim@example.com", ToName: "Rahim Uddin", Subject: "নতুন বুকিং: HP EliteBook",
		Text: "Somebody booked your laptop.\nOpen http://localhost:8080/dashboard", HTML: "<p>Somebody booked <b>your laptop</b>.</p>",
		MessageID: id, Link: "http://localhost:8080/dashboard", Unsubscribe: "http://localhost:8080/api/unsubscribe?token=abc",
	}
}

func from(t *testing.T) *stdmail.Address {
	a, err := mail.ParseFrom("Resale <shop@example.com>")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func sender(t *testing.T, srv *mailtest.Server, rawURL string) *mail.SMTP {
	t.Helper()
	cfg, err := mail.ParseURL(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLSConfig = srv.ClientTLS
	cfg.Timeout = 5 * time.Second
	return mail.NewSMTP(cfg, from(t))
}

// checkMessage reads back what the server got: headers, both parts.
func checkMessage(t *testing.T, got mailtest.Received, id string) {
	t.Helper()
	if got.MessageID != id || got.From != "shop@example.com" || len(got.To) != 1 || got.To[0] != "rahim@example.com" {
		t.Fatalf("envelope %q -> %v, Message-ID %q", got.From, got.To, got.MessageID)
	}
	h := got.Header
	if h.Get("List-Unsubscribe") != "<http://localhost:8080/api/unsubscribe?token=abc>" || h.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("unsubscribe headers %q %q", h.Get("List-Unsubscribe"), h.Get("List-Unsubscribe-Post"))
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	if err != nil || subject != "নতুন বুকিং: HP EliteBook" {
		t.Errorf("subject %q, %v", subject, err)
	}
	if to, err := stdmail.ParseAddress(h.Get("To")); err != nil || to.Name != "Rahim Uddin" {
		t.Errorf("To %q, %v", h.Get("To"), err)
	}
	msg, err := stdmail.ReadMessage(bytes.NewReader(got.Raw))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("content type %q, %v", h.Get("Content-Type"), err)
	}
	parts := map[string]string{}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p) // quoted-printable is decoded by NextPart
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		parts[ct] = string(b)
	}
	if !strings.Contains(parts["text/plain"], "Somebody booked your laptop.") || !strings.Contains(parts["text/html"], "<b>your laptop</b>") {
		t.Errorf("parts %q", parts)
	}
}

func TestSendPlainToLoopback(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.Plain})
	s := sender(t, srv, fmt.Sprintf("smtp://%s?tls=none", srv.Addr))
	if err := s.Send(context.Background(), message("n1.1@localhost")); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, srv.Wait(t, 1, 5*time.Second)[0], "n1.1@localhost")
}

func TestSendStartTLSWithAuth(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS, Username: "shop", Password: "pa55"})
	s := sender(t, srv, fmt.Sprintf("smtp://shop:pa55@%s", srv.Addr))
	if err := s.Send(context.Background(), message("n2.1@localhost")); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, srv.Wait(t, 1, 5*time.Second)[0], "n2.1@localhost")

	// a wrong password is refused by the server, and nothing is accepted
	bad := sender(t, srv, fmt.Sprintf("smtp://shop:wrong@%s", srv.Addr))
	if err := bad.Send(context.Background(), message("n2.2@localhost")); err == nil {
		t.Fatal("sent with a wrong password")
	}
	if srv.Count("n2.2@localhost") != 0 {
		t.Error("the server accepted a message after a failed login")
	}
}

// smtp:// requires STARTTLS: a server that does not offer it gets nothing,
// not even the password.
func TestSendRefusesServerWithoutStartTLS(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.Plain, Username: "shop", Password: "pa55"})
	s := sender(t, srv, fmt.Sprintf("smtp://shop:pa55@%s", srv.Addr))
	err := s.Send(context.Background(), message("n3.1@localhost"))
	if err == nil {
		t.Fatal("sent over a connection without TLS")
	}
	if len(srv.Messages()) != 0 {
		t.Error("the server got a message")
	}
}

func TestSendImplicitTLS(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.Implicit, Username: "shop", Password: "pa55"})
	s := sender(t, srv, fmt.Sprintf("smtps://shop:pa55@%s", srv.Addr))
	if err := s.Send(context.Background(), message("n4.1@localhost")); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, srv.Wait(t, 1, 5*time.Second)[0], "n4.1@localhost")

	// an untrusted certificate is refused
	cfg, _ := mail.ParseURL(fmt.Sprintf("smtps://shop:pa55@%s", srv.Addr))
	cfg.Timeout = 5 * time.Second
	if err := mail.NewSMTP(cfg, from(t)).Send(context.Background(), message("n4.2@localhost")); err == nil {
		t.Error("sent to a server whose certificate nobody vouches for")
	}
}

// A 4xx answer is a temporary error: the job that sends retries, and the
// next attempt goes through.
func TestSendTemporaryFailureThenAccepted(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS, FailFirst: 1})
	s := sender(t, srv, fmt.Sprintf("smtp://%s", srv.Addr))
	err := s.Send(context.Background(), message("n5.1@localhost"))
	if err == nil || !mail.IsTemporary(err) {
		t.Fatalf("first send: %v, want a temporary error", err)
	}
	if err := s.Send(context.Background(), message("n5.1@localhost")); err != nil {
		t.Fatalf("second send: %v", err)
	}
	if srv.Refused() != 1 || srv.Count("n5.1@localhost") != 1 {
		t.Errorf("refused %d, accepted %d; want 1 and 1", srv.Refused(), srv.Count("n5.1@localhost"))
	}
}

func TestUnreachableServerIsTemporary(t *testing.T) {
	t.Parallel()
	cfg, _ := mail.ParseURL("smtp://127.0.0.1:1?tls=none")
	cfg.Timeout = 2 * time.Second
	err := mail.NewSMTP(cfg, from(t)).Send(context.Background(), message("n6.1@localhost"))
	if err == nil || !mail.IsTemporary(err) {
		t.Fatalf("err = %v, want a temporary error", err)
	}
}

func TestBadRecipientIsPermanent(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.Plain})
	m := message("n7.1@localhost")
	m.To = "not an address"
	err := sender(t, srv, fmt.Sprintf("smtp://%s?tls=none", srv.Addr)).Send(context.Background(), m)
	if err == nil || mail.IsTemporary(err) {
		t.Fatalf("err = %v, want a permanent error", err)
	}
}

func TestLogSenderWritesOneLine(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l := &mail.Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := l.Send(context.Background(), message("n8.1@localhost")); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, "link=http://localhost:8080/dashboard") || !strings.Contains(out, "to=rahim@example.com") {
		t.Errorf("log %q", out)
	}
}
