package sslcommerz_test

import (
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/payments/sslcommerz"
	"resale/payments/sslcommerztest"
)

// shop is a merchant's server on loopback: it records every post of the
// gateway (/ipn) and of the buyer's browser (/success, /fail, /cancel).
type shop struct {
	URL    string
	mu     sync.Mutex
	posts  []post
	arrive chan struct{}
}

type post struct {
	Path string
	Form url.Values
}

func newShop(t *testing.T) *shop {
	s := &shop{arrive: make(chan struct{}, 100)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.ParseForm() != nil {
			http.Error(w, "a form post, please", http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.posts = append(s.posts, post{Path: r.URL.Path, Form: r.PostForm})
		s.mu.Unlock()
		s.arrive <- struct{}{}
		io.WriteString(w, "OK")
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// waitPosts waits until the shop has received n posts, and lists them.
func (s *shop) waitPosts(t *testing.T, n int) []post {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		s.mu.Lock()
		got := append([]post(nil), s.posts...)
		s.mu.Unlock()
		if len(got) >= n {
			return got
		}
		select {
		case <-s.arrive:
		case <-timeout:
			t.Fatalf("the shop received %d posts, not %d: %+v", len(got), n, got)
		}
	}
}

var (
	formAction  = regexp.MustCompile(`<form[^>]*method="post" action="([^"]+)"`)
	hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// browse is a buyer's browser on the gateway's page: it opens the page,
// presses a button with a method chosen, and follows the page that sends
// it back to the shop, as a browser without script would (its button).
func browse(t *testing.T, pageURL, action, method string) {
	t.Helper()
	resp, err := http.Get(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	page := readAll(t, resp)
	for _, want := range []string{"Tk 1234.00", "bKash", "Nagad", "Rocket", "Card", `value="pay"`, `value="fail"`, `value="cancel"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the payment page lacks %q:\n%s", want, page)
		}
	}
	m := formAction.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no form on the payment page:\n%s", page)
	}
	target, _ := url.Parse(pageURL)
	target, _ = target.Parse(html.UnescapeString(m[1]))
	resp, err = http.PostForm(target.String(), url.Values{"action": {action}, "method": {method}})
	if err != nil {
		t.Fatal(err)
	}
	back := readAll(t, resp)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("pressing %s: %d %s", action, resp.StatusCode, back)
	}
	m = formAction.FindStringSubmatch(back)
	if m == nil {
		t.Fatalf("no way back to the shop:\n%s", back)
	}
	form := url.Values{}
	for _, in := range hiddenInput.FindAllStringSubmatch(back, -1) {
		form.Set(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
	}
	resp, err = http.PostForm(html.UnescapeString(m[1]), form)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp)
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHostedPage pays, fails and cancels through the gateway's page with
// a real HTTP client following its forms, and checks what reaches the
// shop, and in which order, for each way the IPN may travel.
func TestHostedPage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, action string
		mode         sslcommerztest.IPNMode
		order        []string // the shop's posts
		status       string
	}{
		{"pay, IPN first", "pay", sslcommerztest.IPNBeforeBrowser, []string{"/ipn", "/success"}, "VALID"},
		{"pay, browser first", "pay", sslcommerztest.IPNHeld, []string{"/success", "/ipn"}, "VALID"},
		{"pay, both at once", "pay", sslcommerztest.IPNConcurrent, nil, "VALID"},
		{"pay, IPN lost", "pay", sslcommerztest.IPNNever, []string{"/success"}, "VALID"},
		{"fail", "fail", sslcommerztest.IPNBeforeBrowser, []string{"/ipn", "/fail"}, "FAILED"},
		{"cancel", "cancel", sslcommerztest.IPNBeforeBrowser, []string{"/ipn", "/cancel"}, "CANCELLED"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newRig(t)
			r.gw.SetIPNMode(tc.mode)
			s, err := r.client.InitSession(context.Background(), r.request("B42-1"))
			if err != nil {
				t.Fatal(err)
			}
			browse(t, s.GatewayPageURL, tc.action, "bkash")
			if tc.mode == sslcommerztest.IPNHeld {
				r.gw.DeliverHeldIPNs(context.Background())
			}
			n := 2
			if tc.mode == sslcommerztest.IPNNever {
				n = 1
			}
			posts := r.shop.waitPosts(t, n)
			checkPosts(t, r, posts, tc.order, tc.status)
		})
	}
}

// checkPosts checks the shop's posts: their order, their status, their
// signature, and, for a payment, that the Validation API confirms it.
func checkPosts(t *testing.T, r *rig, posts []post, order []string, status string) {
	t.Helper()
	var paths []string
	for _, p := range posts {
		paths = append(paths, p.Path)
		if p.Form.Get("status") != status || p.Form.Get("tran_id") != "B42-1" || p.Form.Get("value_a") != "42" {
			t.Errorf("%s: %v", p.Path, p.Form)
		}
		if !sslcommerz.VerifyIPN(p.Form, "resal01@ssl") {
			t.Errorf("%s: the signature does not verify", p.Path)
		}
	}
	if order != nil && strings.Join(paths, " ") != strings.Join(order, " ") {
		t.Errorf("the shop received %v, want %v", paths, order)
	}
	if status != "VALID" {
		if posts[0].Form.Get("val_id") != "" {
			t.Errorf("an unpaid session has a val_id: %v", posts[0].Form)
		}
		return
	}
	if posts[0].Form.Get("card_type") != "BKASH-BKash" {
		t.Errorf("card_type %q", posts[0].Form.Get("card_type"))
	}
	v, err := r.client.Validate(context.Background(), posts[0].Form.Get("val_id"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sslcommerz.Confirm(v, sslcommerz.Expected{TranID: "B42-1", Amount: 1234, Currency: "BDT"}); err != nil {
		t.Errorf("confirm: %v", err)
	}
}

// TestIPNReplayAndForgery: a replayed IPN is the same words again (the
// shop must record a payment once); a forged one names a val_id the
// Validation API does not know.
func TestIPNReplayAndForgery(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ctx := context.Background()
	r.paid(t, "B42-1")
	first := r.shop.waitPosts(t, 1)[0]
	d, err := r.gw.ReplayIPN(ctx, "B42-1")
	if err != nil || d.Status != http.StatusOK {
		t.Fatalf("replay %+v %v", d, err)
	}
	again := r.shop.waitPosts(t, 2)[1]
	if again.Path != "/ipn" || again.Form.Encode() != first.Form.Encode() {
		t.Errorf("the replay differs: %v\n%v", again.Form, first.Form)
	}
	if _, err := r.gw.ReplayIPN(ctx, "B99-1"); err == nil {
		t.Error("replayed an IPN never sent")
	}
	forged := r.gw.ForgeIPN("B42-1", "")
	if d := r.gw.PostIPN(ctx, r.shop.URL+"/ipn", forged); d.Status != http.StatusOK {
		t.Fatalf("forged IPN %+v", d)
	}
	got := r.shop.waitPosts(t, 3)[2].Form
	if got.Get("amount") != "1234.00" || got.Get("value_a") != "42" || !sslcommerz.VerifyIPN(got, "resal01@ssl") {
		t.Errorf("the forgery is not a convincing one: %v", got)
	}
	v, err := r.client.Validate(ctx, got.Get("val_id"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sslcommerz.Confirm(v, sslcommerz.Expected{TranID: "B42-1", Amount: 1234}); !errors.Is(err, sslcommerz.ErrInvalid) {
		t.Errorf("forged IPN confirmed: %v", err)
	}
	if n := len(r.gw.IPNs()); n != 3 {
		t.Errorf("%d IPNs recorded", n)
	}
}

// TestPageRefusesTwice: a finished session cannot be paid again.
func TestPageRefusesTwice(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	s, err := r.client.InitSession(context.Background(), r.request("B42-1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.gw.Finish(context.Background(), s.SessionKey, "pay", "nagad"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.PostForm(s.GatewayPageURL, url.Values{"action": {"pay"}, "method": {"bkash"}})
	if err != nil {
		t.Fatal(err)
	}
	if body := readAll(t, resp); resp.StatusCode != http.StatusConflict {
		t.Errorf("paying twice: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Get(s.GatewayPageURL)
	if err != nil {
		t.Fatal(err)
	}
	if body := readAll(t, resp); !strings.Contains(body, "This payment is finished: valid") || strings.Contains(body, `value="pay"`) {
		t.Errorf("the page of a paid session:\n%s", body)
	}
}
