// Package sms sends text messages through an HTTP SMS gateway described by
// a URL template (SMS_URL): one template covers the Bangladeshi bulk-SMS
// providers, which take the number and text in a GET's query, and those
// that want a POST with a form or JSON body (SMS_METHOD, SMS_BODY,
// SMS_AUTH), Twilio among them. It knows no HTTP of the shop's own; the
// stand-in the tests and journeys use is smstest.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Config is a gateway's settings.
type Config struct {
	// URL is an http(s) address in which {to} (E.164, +8801XXXXXXXXX),
	// {msisdn} (the same without the plus) and {text} are replaced,
	// URL-encoded.
	URL string
	// Method is GET (the default) or POST.
	Method string
	// Body is POST's body: a form (a=b&c={text}) or JSON ({"to":"{to}"})
	// template with the same placeholders, URL-encoded in a form and
	// JSON-escaped in JSON.
	Body string
	// Auth is one header line sent with each request, "Name: value"
	// (e.g. "Authorization: Basic ...").
	Auth string
	// Timeout bounds one request; 0 is 15 seconds.
	Timeout time.Duration
}

// Gateway sends messages as its Config says.
type Gateway struct {
	cfg        Config
	authName   string
	authValue  string
	jsonBody   bool
	client     *http.Client
	hostForLog string
}

// New checks cfg and makes its gateway.
func New(cfg Config) (*Gateway, error) {
	u, err := url.Parse(strings.NewReplacer("{to}", "x", "{msisdn}", "x", "{text}", "x").Replace(cfg.URL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("must be an http(s) address with {to} or {msisdn} and {text}")
	}
	cfg.Method = strings.ToUpper(cfg.Method)
	if cfg.Method == "" {
		cfg.Method = http.MethodGet
	}
	if cfg.Method != http.MethodGet && cfg.Method != http.MethodPost {
		return nil, fmt.Errorf("SMS_METHOD must be GET or POST, not %q", cfg.Method)
	}
	where := cfg.URL
	if cfg.Method == http.MethodPost {
		where += cfg.Body
	}
	if !strings.Contains(where, "{text}") || !strings.Contains(where, "{to}") && !strings.Contains(where, "{msisdn}") {
		return nil, errors.New("the URL (or SMS_BODY with POST) must hold {to} or {msisdn}, and {text}")
	}
	g := &Gateway{cfg: cfg, client: &http.Client{Timeout: cfg.Timeout}, hostForLog: u.Host}
	if g.client.Timeout == 0 {
		g.client.Timeout = 15 * time.Second
	}
	if cfg.Auth != "" {
		name, value, ok := strings.Cut(cfg.Auth, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || value == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return nil, errors.New(`SMS_AUTH must be one header line, "Name: value"`)
		}
		g.authName, g.authValue = name, value
	}
	g.jsonBody = strings.HasPrefix(strings.TrimSpace(cfg.Body), "{")
	return g, nil
}

// Host is the gateway's host, for logs (never the URL: it may hold a key).
func (g *Gateway) Host() string { return g.hostForLog }

// Error is a send the gateway refused or failed; Temporary ones (a
// network error, a 5xx, a 429) are worth trying again.
type Error struct {
	Temporary bool
	Err       error
}

func (e *Error) Error() string { return "sms: " + e.Err.Error() }

// IsTemporary is Temporary, for callers that know no sms.Error.
func (e *Error) IsTemporary() bool { return e.Temporary }
func (e *Error) Unwrap() error     { return e.Err }

// IsTemporary tells whether a Send error is worth a retry.
func IsTemporary(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Temporary
}

// Send sends text to the E.164 number to. A 2xx answer is sent, unless
// its body says failure in a way a known provider documents.
func (g *Gateway) Send(ctx context.Context, to, text string) error {
	req, err := g.request(ctx, to, text)
	if err != nil {
		return &Error{Err: err}
	}
	res, err := g.client.Do(req)
	if err != nil {
		return &Error{Temporary: true, Err: fmt.Errorf("asking %s: %w", g.hostForLog, errors.Unwrap(err))}
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		temp := res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests || res.StatusCode == http.StatusRequestTimeout
		return &Error{Temporary: temp, Err: fmt.Errorf("%s answered %d: %s", g.hostForLog, res.StatusCode, snippet(body))}
	}
	if why := refusal(body); why != "" {
		return &Error{Err: fmt.Errorf("%s refused the message: %s", g.hostForLog, why)}
	}
	return nil
}

// request fills the template for one message.
func (g *Gateway) request(ctx context.Context, to, text string) (*http.Request, error) {
	msisdn := strings.TrimPrefix(to, "+")
	target := strings.NewReplacer("{to}", url.QueryEscape(to), "{msisdn}", url.QueryEscape(msisdn), "{text}", url.QueryEscape(text)).Replace(g.cfg.URL)
	var body io.Reader
	contentType := ""
	if g.cfg.Method == http.MethodPost {
		esc := url.QueryEscape
		contentType = "application/x-www-form-urlencoded"
		if g.jsonBody {
			esc = jsonEscape
			contentType = "application/json"
		}
		body = strings.NewReader(strings.NewReplacer("{to}", esc(to), "{msisdn}", esc(msisdn), "{text}", esc(text)).Replace(g.cfg.Body))
	}
	req, err := http.NewRequestWithContext(ctx, g.cfg.Method, target, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	if g.authName != "" {
		req.Header.Set(g.authName, g.authValue)
	}
	return req, nil
}

// jsonEscape is s as the inside of a JSON string.
func jsonEscape(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	out := strings.TrimSpace(b.String())
	return out[1 : len(out)-1]
}

// refusal is why a 2xx body says the message was not taken, as the
// providers document it: BulkSMSBD's response_code other than 202, SSL
// Wireless's status "FAILED", an "error" of a generic gateway; "" when it
// says nothing of the kind (plain text, Twilio's message resource).
func refusal(body []byte) string {
	var v struct {
		ResponseCode json.RawMessage `json:"response_code"`
		ErrorMessage string          `json:"error_message"`
		Status       any             `json:"status"`
		StatusCode   json.RawMessage `json:"status_code"`
		Error        any             `json:"error"`
	}
	if json.Unmarshal(bytes.TrimSpace(body), &v) != nil {
		return ""
	}
	if c := strings.Trim(string(v.ResponseCode), `"`); c != "" && c != "202" && c != "200" {
		return fmt.Sprintf("response_code %s %s", c, v.ErrorMessage)
	}
	if s, ok := v.Status.(string); ok && (strings.EqualFold(s, "failed") || strings.EqualFold(s, "error")) {
		return fmt.Sprintf("status %s %s %s", s, strings.Trim(string(v.StatusCode), `"`), v.ErrorMessage)
	}
	switch e := v.Error.(type) {
	case string:
		if e != "" {
			return e
		}
	case bool:
		if e {
			return "error: true"
		}
	case map[string]any:
		return "error " + snippet(body)
	}
	return ""
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
