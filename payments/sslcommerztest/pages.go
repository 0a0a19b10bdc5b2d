package sslcommerztest

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"resale/payments/sslcommerz"
)

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Store}}: pay Tk {{.Amount}}</title></head>
<body>
<h1>{{.Store}}</h1>
{{if .Done}}<p role="status">This payment is finished: {{.Status}}.</p>{{else}}
<p>{{.Product}}</p>
<p>Amount: <strong id="amount">Tk {{.Amount}}</strong> ({{.Currency}})</p>
<form method="post" action="/EasyCheckOut/{{.Key}}">
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="bkash" checked> bKash</label>
<label><input type="radio" name="method" value="nagad"> Nagad</label>
<label><input type="radio" name="method" value="rocket"> Rocket</label>
<label><input type="radio" name="method" value="card"> Card</label>
</fieldset>
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="fail">Fail</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>{{end}}
</body></html>
`))

// returnTmpl sends the browser back to the shop with a form post, as the
// gateway does; the button works without script, the script saves a click.
var returnTmpl = template.Must(template.New("return").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head>
<body>
<form id="back" method="post" action="{{.URL}}">
{{range $k, $v := .Form}}<input type="hidden" name="{{$k}}" value="{{index $v 0}}">
{{end}}<button type="submit">Return to the shop</button>
</form>
<script>document.getElementById("back").submit()</script>
</body></html>
`))

// page is the hosted payment page.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	s.record("page", url.Values{"sessionkey": {key}})
	s.mu.Lock()
	sess, ok := s.sessions[key]
	var data map[string]any
	if ok {
		data = map[string]any{"Store": s.opts.StoreName, "Key": key, "Amount": sess.form.Get("total_amount"),
			"Currency": sess.form.Get("currency"), "Product": sess.form.Get("product_name"),
			"Done": sess.status != "PENDING", "Status": strings.ToLower(sess.status)}
	}
	s.mu.Unlock()
	if !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pageTmpl.Execute(w, data)
}

// pay is the page's Pay, Fail or Cancel.
func (s *Server) pay(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	s.record("pay", r.PostForm)
	back, err := s.Finish(r.Context(), r.PathValue("key"), r.PostForm.Get("action"), r.PostForm.Get("method"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	returnTmpl.Execute(w, back)
}

// Return is where the gateway sends the buyer's browser: a form post of
// Form to URL.
type Return struct {
	URL  string
	Form url.Values
}

// Finish is the buyer pressing Pay (action "pay", method bkash, nagad,
// rocket or card), Fail or Cancel on the page of the session key: the
// session is settled, its IPN sent as SetIPNMode says, and the browser's
// way back returned. A session is finished once.
func (s *Server) Finish(ctx context.Context, key, action, method string) (Return, error) {
	s.mu.Lock()
	sess, ok := s.sessions[key]
	if !ok || sess.status != "PENDING" {
		s.mu.Unlock()
		return Return{}, fmt.Errorf("sslcommerztest: session %q is unknown or finished", key)
	}
	var target string
	switch action {
	case "pay":
		if cardTypes[method] == "" {
			s.mu.Unlock()
			return Return{}, fmt.Errorf("sslcommerztest: unknown method %q", method)
		}
		sess.status, sess.method = "VALID", method
		sess.valID = time.Now().Format("060102150405") + newID(8)
		sess.bankTranID = time.Now().Format("060102150405") + newID(6)
		s.byVal[sess.valID], s.byBank[sess.bankTranID] = sess, sess
		target = sess.form.Get("success_url")
	case "fail":
		sess.status, target = "FAILED", sess.form.Get("fail_url")
	case "cancel":
		sess.status, target = "CANCELLED", sess.form.Get("cancel_url")
	default:
		s.mu.Unlock()
		return Return{}, fmt.Errorf("sslcommerztest: unknown action %q", action)
	}
	sess.tranDate = stamp(time.Now())
	form := s.signed(s.fields(sess))
	ipn := IPNDelivery{URL: sess.form.Get("ipn_url"), Form: form}
	mode := s.ipnMode
	if mode == IPNHeld && ipn.URL != "" {
		s.held = append(s.held, ipn)
	}
	s.mu.Unlock()
	if ipn.URL != "" {
		switch mode {
		case IPNBeforeBrowser:
			s.PostIPN(ctx, ipn.URL, form)
		case IPNConcurrent:
			go s.PostIPN(context.WithoutCancel(ctx), ipn.URL, form)
		}
	}
	return Return{URL: target, Form: form}, nil
}

// signed adds verify_sign and verify_key to an IPN's fields, as the
// gateway signs them.
func (s *Server) signed(f url.Values) url.Values {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sortStrings(keys)
	f.Set("verify_key", strings.Join(keys, ","))
	f.Set("verify_sign", sslcommerz.SignIPN(f, keys, s.opts.StorePassword))
	return f
}

// PostIPN form-posts an IPN to a shop as the gateway does, and records
// it with the shop's answer.
func (s *Server) PostIPN(ctx context.Context, ipnURL string, form url.Values) IPNDelivery {
	d := IPNDelivery{URL: ipnURL, Form: form}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ipnURL, strings.NewReader(form.Encode()))
	if err == nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		var resp *http.Response
		if resp, err = s.client.Do(req); err == nil {
			resp.Body.Close()
			d.Status = resp.StatusCode
		}
	}
	d.Err = err
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ipns = append(s.ipns, d)
	for _, sess := range s.sessionsOf(form.Get("tran_id")) {
		if sess.tranDate != "" && form.Get("val_id") == sess.valID {
			sess.lastIPN = &d
		}
	}
	return d
}
