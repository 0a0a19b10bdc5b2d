// Command mailcatcher runs the in-test SMTP server (package mailtest) as a
// process, for the browser journeys: the binary under test sends to it
// (SMTP_URL=smtp://127.0.0.1:PORT?tls=none), and the journeys read what it
// caught as JSON over HTTP. It prints the SMTP address on its first line of
// output and the HTTP base URL on its second, and serves until it is
// interrupted or terminated.
//
// GET /messages answers every message caught so far, oldest first:
// [{from, to, subject, messageId, text, html, links}], the text and HTML
// parts decoded; ?to=address keeps those sent to that address.
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"resale/mail/mailtest"
)

func main() {
	addr := flag.String("http", "127.0.0.1:0", "address the captured messages are served on")
	flag.Parse()
	if err := run(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "mailcatcher:", err)
		os.Exit(1)
	}
}

// process stands in for a test around mailtest.Start, which wants a
// testing.TB: a failure ends the process, and cleanups run at exit. Only
// the methods Start calls are given; the embedded interface is nil.
type process struct {
	testing.TB
	cleanups []func()
}

func (p *process) Helper()          {}
func (p *process) Cleanup(f func()) { p.cleanups = append(p.cleanups, f) }
func (p *process) Fatal(args ...any) {
	fmt.Fprintln(os.Stderr, append([]any{"mailcatcher:"}, args...)...)
	os.Exit(1)
}
func (p *process) Fatalf(format string, a ...any) { p.Fatal(fmt.Sprintf(format, a...)) }

func (p *process) close() {
	for i := len(p.cleanups) - 1; i >= 0; i-- {
		p.cleanups[i]()
	}
}

func run(httpAddr string) error {
	p := &process{}
	defer p.close()
	smtpServer := mailtest.Start(p, mailtest.Options{Mode: mailtest.Plain})

	ln, err := net.Listen("tcp", httpAddr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		to := strings.ToLower(r.URL.Query().Get("to"))
		out := []message{}
		for _, m := range smtpServer.Messages() {
			if to != "" && !sentTo(m, to) {
				continue
			}
			out = append(out, decode(m))
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Println(smtpServer.Addr)
	fmt.Println("http://" + ln.Addr().String())
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}

// message is one caught email as the journeys read it.
type message struct {
	From      string   `json:"from"`
	To        []string `json:"to"`
	Subject   string   `json:"subject"`
	MessageID string   `json:"messageId"`
	Text      string   `json:"text"`
	HTML      string   `json:"html"`
	// Links are the http(s) addresses in the text part, in order.
	Links []string `json:"links"`
	// ListUnsubscribe is the List-Unsubscribe header (RFC 8058).
	ListUnsubscribe string `json:"listUnsubscribe"`
}

func sentTo(m mailtest.Received, to string) bool {
	for _, rcpt := range m.To {
		if strings.ToLower(rcpt) == to {
			return true
		}
	}
	return false
}

var linkRE = regexp.MustCompile(`https?://[^\s<>"')\]]+`)

func decode(m mailtest.Received) message {
	out := message{From: m.From, To: m.To, MessageID: m.MessageID, Links: []string{}}
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		out.Text = string(m.Raw)
		return out
	}
	dec := new(mime.WordDecoder)
	if s, err := dec.DecodeHeader(msg.Header.Get("Subject")); err == nil {
		out.Subject = s
	}
	out.ListUnsubscribe = msg.Header.Get("List-Unsubscribe")
	walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &out)
	out.Links = append(out.Links, linkRE.FindAllString(out.Text, -1)...)
	return out
}

// walk reads a MIME part into out: text/plain into Text, text/html into
// HTML, multiparts part by part.
func walk(contentType, encoding string, body io.Reader, out *message) {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = "text/plain"
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if err != nil {
				return
			}
			walk(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"), part, out)
		}
	}
	var r io.Reader = body
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, body)
	}
	data, _ := io.ReadAll(r)
	switch mediaType {
	case "text/plain":
		out.Text += string(data)
	case "text/html":
		out.HTML += string(data)
	}
}
