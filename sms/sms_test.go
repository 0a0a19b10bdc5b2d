package sms_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"resale/sms"
	"resale/sms/smstest"
)

// request is what a gateway got.
type request struct {
	method, path, query, contentType, auth, body string
}

// recorder is a provider that answers status and body, and keeps what it got.
func recorder(t *testing.T, status int, body string) (*httptest.Server, *[]request) {
	t.Helper()
	var got []request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, request{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("Content-Type"), r.Header.Get("Authorization"), string(b)})
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

const text = "Laptop Haat code: 123456. Valid 5 minutes & don't share it"

// BulkSMSBD's published API: a GET with the number without its plus and
// the text URL-encoded; it answers 200 with response_code 202 when taken.
func TestGatewayGETAsABangladeshiBulkProvider(t *testing.T) {
	t.Parallel()
	srv, got := recorder(t, 200, `{"response_code":202,"message_id":1,"success_message":"SMS Submitted Successfully","error_message":""}`)
	g, err := sms.New(sms.Config{URL: srv.URL + "/api/smsapi?api_key=KEY&type=text&number={msisdn}&senderid=8809617&message={text}"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Send(context.Background(), "+8801712345678", text); err != nil {
		t.Fatal(err)
	}
	r := (*got)[0]
	q, _ := url.ParseQuery(r.query)
	if r.method != "GET" || r.path != "/api/smsapi" || q.Get("number") != "8801712345678" || q.Get("message") != text || q.Get("api_key") != "KEY" {
		t.Fatalf("the gateway got %+v", r)
	}
}

// Twilio's Messages API: a form POST with To in E.164 and Body, behind
// HTTP Basic authentication; it answers 201 with the message resource.
func TestGatewayPOSTFormAsTwilio(t *testing.T) {
	t.Parallel()
	srv, got := recorder(t, 201, `{"sid":"SM1","status":"queued","to":"+8801712345678","error_code":null}`)
	g, err := sms.New(sms.Config{URL: srv.URL + "/2010-04-01/Accounts/AC1/Messages.json", Method: "post",
		Body: "To={to}&From=%2B15005550006&Body={text}", Auth: "Authorization: Basic QUMxOnRva2Vu"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Send(context.Background(), "+8801712345678", text); err != nil {
		t.Fatal(err)
	}
	r := (*got)[0]
	form, _ := url.ParseQuery(r.body)
	if r.method != "POST" || r.contentType != "application/x-www-form-urlencoded" || r.auth != "Basic QUMxOnRva2Vu" ||
		form.Get("To") != "+8801712345678" || form.Get("Body") != text || form.Get("From") != "+15005550006" {
		t.Fatalf("the gateway got %+v", r)
	}
}

// A JSON body (SSL Wireless's SMS API): the placeholders are JSON-escaped,
// and its documented failure (status FAILED) is an error despite the 200.
func TestGatewayPOSTJSONAndAFailureInABody(t *testing.T) {
	t.Parallel()
	srv, got := recorder(t, 200, `{"status":"FAILED","status_code":4001,"error_message":"Unauthorized"}`)
	g, err := sms.New(sms.Config{URL: srv.URL + "/api/v3/send-sms", Method: "POST",
		Body: `{"api_token":"T","sid":"SHOP","msisdn":"{msisdn}","sms":"{text}","csms_id":"1"}`})
	if err != nil {
		t.Fatal(err)
	}
	quoted := `He said "hi"` + "\n" + `\ ৳`
	err = g.Send(context.Background(), "+8801712345678", quoted)
	if err == nil || sms.IsTemporary(err) {
		t.Fatalf("a FAILED body = %v, want a permanent error", err)
	}
	var body map[string]string
	if r := (*got)[0]; r.contentType != "application/json" || json.Unmarshal([]byte(r.body), &body) != nil || body["sms"] != quoted || body["msisdn"] != "8801712345678" {
		t.Fatalf("the gateway got %+v", r)
	}
}

func TestGatewayErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status    int
		body      string
		temporary bool
	}{
		{503, "down", true}, {500, "", true}, {429, "slow down", true},
		{400, "bad number", false}, {401, "bad key", false},
		{200, `{"response_code":1007,"error_message":"Balance Insufficient"}`, false},
		{200, `{"error":"invalid sender"}`, false},
	} {
		srv, _ := recorder(t, c.status, c.body)
		g, err := sms.New(sms.Config{URL: srv.URL + "/?to={to}&text={text}"})
		if err != nil {
			t.Fatal(err)
		}
		err = g.Send(context.Background(), "+8801712345678", "hi")
		if err == nil || sms.IsTemporary(err) != c.temporary {
			t.Errorf("%d %q: err = %v, want temporary %v", c.status, c.body, err, c.temporary)
		}
		if err != nil && strings.Contains(err.Error(), srv.URL) {
			t.Errorf("the error names the URL (it may hold a key): %v", err)
		}
	}
	g, _ := sms.New(sms.Config{URL: "http://127.0.0.1:1/?to={to}&text={text}"})
	if err := g.Send(context.Background(), "+8801712345678", "hi"); !sms.IsTemporary(err) {
		t.Errorf("an unreachable gateway: %v, want temporary", err)
	}
}

func TestGatewayConfigIsChecked(t *testing.T) {
	t.Parallel()
	for _, c := range []sms.Config{
		{URL: ""}, {URL: "ftp://x/?to={to}&text={text}"}, {URL: "https://x/?to={to}"}, {URL: "https://x/?text={text}"},
		{URL: "https://x/", Method: "POST", Body: "to={to}"}, {URL: "https://x/?to={to}&text={text}", Method: "PUT"},
		{URL: "https://x/?to={to}&text={text}", Auth: "no colon"}, {URL: "https://x/?to={to}&text={text}", Auth: "X: a\r\nY: b"},
	} {
		if _, err := sms.New(c); err == nil {
			t.Errorf("%+v taken", c)
		}
	}
}

// The stand-in takes a message in each way the providers are asked, and
// reads them back by number.
func TestStandInRecordsEveryWay(t *testing.T) {
	t.Parallel()
	gw, srv := smstest.Start(t)
	for _, cfg := range []sms.Config{
		{URL: smstest.Template(srv.URL)},
		{URL: srv.URL + "/api/smsapi?api_key=K&number={msisdn}&message={text}"},
		{URL: srv.URL + "/Messages.json", Method: "POST", Body: "To={to}&Body={text}"},
		{URL: srv.URL + "/send-sms", Method: "POST", Body: `{"msisdn":"{msisdn}","sms":"{text}"}`},
	} {
		g, err := sms.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Send(context.Background(), "+8801712345678", "code 123456 ১২৩"); err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
	}
	if got := gw.To("01712-345678"); len(got) != 4 || got[3].Text != "code 123456 ১২৩" || got[0].To != "+8801712345678" {
		t.Fatalf("the stand-in has %+v", got)
	}
	res, err := http.Get(srv.URL + "/messages?to=" + url.QueryEscape("+8801712345678"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var msgs []smstest.Message
	if err := json.NewDecoder(res.Body).Decode(&msgs); err != nil || len(msgs) != 4 {
		t.Fatalf("GET /messages: %v %+v", err, msgs)
	}
	gw.FailNext(1)
	g, _ := sms.New(sms.Config{URL: smstest.Template(srv.URL)})
	if err := g.Send(context.Background(), "+8801812345678", "x"); !sms.IsTemporary(err) {
		t.Fatalf("a failing stand-in: %v", err)
	}
	if len(gw.Messages()) != 4 {
		t.Fatal("a failed send was recorded")
	}
}
