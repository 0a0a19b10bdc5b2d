package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/auth"
	"resale/checkreport"
	"resale/checkreport/hwread"
	"resale/store"
	"resale/store/storetest"
)

// realShop is the shop itself (api.New on a fresh PostgreSQL database)
// behind a real HTTP listener, for resale-check to send to.
type realShop struct {
	t     *testing.T
	url   string
	store *store.Store
	srv   *httptest.Server
}

func newRealShop(t *testing.T) *realShop {
	t.Helper()
	st := storetest.Store(t)
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	public, _ := url.Parse(srv.URL)
	s, err := api.New(api.Options{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), PublicURL: public,
		TokenKey: []byte("resale-check's test shop secret, 32+ bytes"), Currency: "bdt", RequestTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	h = s
	return &realShop{t: t, url: srv.URL, store: st, srv: srv}
}

// call sends JSON (or nothing) with a token and decodes the answer.
func (s *realShop) call(method, path, token string, body, out any) int {
	s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.url+path, r)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil && res.StatusCode/100 == 2 {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			s.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return res.StatusCode
}

// account makes a user with a password and signs it in.
func (s *realShop) account(name, role string) (store.User, string) {
	s.t.Helper()
	ctx := context.Background()
	hash, err := auth.HashPassword(ctx, "correct horse battery")
	if err != nil {
		s.t.Fatal(err)
	}
	u, err := s.store.CreateUser(ctx, store.NewUser{Name: name, Email: strings.ToLower(name) + "@example.com", Role: role, PasswordHash: hash})
	if err != nil {
		s.t.Fatal(err)
	}
	var sess struct {
		AccessToken string `json:"accessToken"`
	}
	if code := s.call(http.MethodPost, "/api/auth/login", "", map[string]string{"email": u.Email, "password": "correct horse battery"}, &sess); code != http.StatusOK {
		s.t.Fatalf("log-in of %s: %d", name, code)
	}
	return u, sess.AccessToken
}

// runTool runs resale-check's run, as main does but reading the recorded
// ThinkPad, against the shop; edit changes what it read.
func (s *realShop) runTool(edit func(*checkreport.Report), args ...string) (int, string, string) {
	s.t.Helper()
	var out, errOut bytes.Buffer
	e := env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, client: s.srv.Client(),
		read: func(ctx context.Context) checkreport.Report {
			r := hwread.Read(ctx, hwread.Options{Root: "../../checkreport/hwread/testdata/laptop", Version: "v1.2.3", Now: time.Now(),
				NVMeHealth: func(string) (*checkreport.DiskHealth, string) { return nil, "needs administrator rights" }})
			if edit != nil {
				edit(&r)
			}
			return r
		}}
	code := run(context.Background(), append([]string{"--shop", s.url, "--yes"}, args...), e)
	return code, out.String(), errOut.String()
}

// TestAgainstTheShop: the seller's code, resale-check run with it against
// the real shop, the listing checked; the code spent; at the meeting the
// buyer's hand-over code, the same laptop, then another one.
func TestAgainstTheShop(t *testing.T) {
	t.Parallel()
	s := newRealShop(t)
	seller, sellerToken := s.account("Sam", store.RoleSeller)
	buyer, buyerToken := s.account("Bea", store.RoleBuyer)
	ram := int32(16)
	id, err := s.store.InsertSeedProduct(context.Background(), store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller.ID, CategoryID: 3,
		Name: "Lenovo ThinkPad X1 Carbon Gen 9", Picture: "/uploads/x.jpg", SellPrice: 60000, OriginalPrice: 150000, Condition: "good",
		Location: "Dhaka", Used: "2", Phone: "01700000000", Specs: store.Specs{RAMGB: &ram}}, CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	pid := strconv.FormatInt(id, 10)
	var c struct{ Code, Command string }
	if code := s.call(http.MethodPost, "/api/products/"+pid+"/check-code", sellerToken, nil, &c); code != http.StatusCreated {
		t.Fatalf("check code: %d", code)
	}
	if c.Command != "resale-check --shop "+s.url+" "+c.Code {
		t.Errorf("command %q", c.Command)
	}
	code, out, errOut := s.runTool(nil, c.Code)
	if code != exitOK || !strings.Contains(out, "Sent. The shop says: The listing shows this laptop as checked.") {
		t.Fatalf("resale-check: exit %d\n%s\n%s", code, out, errOut)
	}
	var check struct {
		SerialLast4 string `json:"serialLast4"`
		Specs       []struct{ Spec, Status string }
	}
	if code := s.call(http.MethodGet, "/api/products/"+pid+"/check", "", nil, &check); code != http.StatusOK || check.SerialLast4 != "K9QZ" ||
		len(check.Specs) != 1 || check.Specs[0].Status != "confirms" {
		t.Fatalf("the check: %d %+v", code, check)
	}
	if code, _, errOut := s.runTool(nil, c.Code); code != exitNotSent || !strings.Contains(errOut, "(404)") {
		t.Errorf("the code again: exit %d %s", code, errOut)
	}

	b, err := s.store.CreateBooking(context.Background(), store.NewBooking{ProductID: id, Buyer: buyer, Phone: "01811223344", MeetLocation: "Mirpur"})
	if err != nil {
		t.Fatal(err)
	}
	bid := strconv.FormatInt(b.ID, 10)
	if code := s.call(http.MethodPut, "/api/bookings/"+bid+"/accept", sellerToken, nil, nil); code != http.StatusOK {
		t.Fatalf("accept: %d", code)
	}
	var booking struct {
		HandoverCode string `json:"handoverCode"`
	}
	s.call(http.MethodGet, "/api/bookings/"+bid, buyerToken, nil, &booking)
	code, out, errOut = s.runTool(nil, "--handover", booking.HandoverCode)
	if code != exitOK || !strings.Contains(out, "This is the laptop that was checked; its battery is as it was.") {
		t.Fatalf("the hand-over: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = s.runTool(func(r *checkreport.Report) { other := "XYZ98765"; r.Serial = &other }, "--handover", booking.HandoverCode)
	if code != exitOK || !strings.Contains(out, "This is NOT the laptop that was checked") {
		t.Fatalf("another laptop at the hand-over: exit %d\n%s", code, out)
	}
	var lead struct {
		HandoverCheck struct {
			Match       *bool  `json:"match"`
			SerialLast4 string `json:"serialLast4"`
		} `json:"handoverCheck"`
	}
	s.call(http.MethodGet, "/api/bookings/"+bid, buyerToken, nil, &lead)
	if lead.HandoverCheck.Match == nil || *lead.HandoverCheck.Match || lead.HandoverCheck.SerialLast4 != "8765" {
		t.Errorf("the buyer's booking shows %+v", lead.HandoverCheck)
	}
}
