package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"resale/api"
	"resale/payments/sslcommerztest"
)

// dbFingerprint is a hash of every row of every table but the log-in
// throttle (which failed requests may rightly touch).
func dbFingerprint(t *testing.T, s *testServer) string {
	t.Helper()
	var out strings.Builder
	for _, table := range []string{"users", "images", "categories", "products", "product_reports", "bookings", "payments", "stripe_events", "login_codes", "notifications", "notification_settings", "account_tokens", "user_events", "event_tickets", "conversations", "messages", "offers", "user_blocks", "admin_audit", "favourites", "reviews", "saved_searches", "saved_search_matches", "mail_folds", "ledger", "promotions", "phone_codes", "sms_requests", "sms_days", "divisions", "districts", "areas", "product_area_counts"} {
		var h string
		q := fmt.Sprintf("SELECT coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM %s t", table)
		if err := s.pool.QueryRow(context.Background(), q).Scan(&h); err != nil {
			t.Fatal(err)
		}
		out.WriteString(table + ":" + h + " ")
	}
	return out.String()
}

var pathParam = regexp.MustCompile(`/:[a-z]+`)

// Every write route, called by a caller who may use it, with hostile
// bodies and path values: a clear 4xx every time, never a 5xx, and not one
// row of the database changes.
func TestHostileInputOnEveryWriteRoute(t *testing.T) {
	t.Parallel()
	f := newFakeStripe(t)
	pay := withPayments(f, sslcommerztest.New(t, sslcommerztest.Options{}), "http://shop.test")
	// #35 with SMS on too: without it the phone routes answer 503 sms_off
	m := newMarketWith(t, func(o *api.Options) { pay(o); o.SMS = true })
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	m.do(http.MethodPut, "/api/products/report/"+pid, nil, bearer(m.buyer.AccessToken))
	cid := m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	oid := m.offer(m.buyer.AccessToken, cid, 30000)

	tokenOf := map[string]string{"buyer": m.buyer.AccessToken, "owner seller": m.seller.AccessToken, "admin": m.admin.AccessToken}
	huge := `{"productName":"` + strings.Repeat("x", 80<<10) + `"}`
	bodies := map[string]string{
		"malformed":      `{"productName": "HP",`,
		"not an object":  `["HP", 1]`,
		"a string":       `"hello"`,
		"two objects":    `{}{}`,
		"unknown fields": `{"role":"Admin","sellerVerify":true,"paid":true,"price":1}`,
		"another role":   `{"role":"Admin"}`,
		"role in case":   `{"role":"seller"}`,
		"role with RTL":  "{\"role\":\"Seller\u202e\"}",
		"wrong types":    `{"productName":5,"sellPrice":"100","ProductId":7,"bookingId":true,"email":[],"code":{}}`,
		"negative":       `{"sellPrice":-100,"orginalPrice":-1,"ProductId":"-1","bookingId":"-5"}`,
		"huge numbers":   `{"sellPrice":1e400,"orginalPrice":99999999999999999999,"bookingId":"99999999999999999999"}`,
		"NUL and RTL":    "{\"productName\":\"HP\\u0000\",\"meetLocation\":\"\u202eevil\",\"number\":\"017\\u0000\"}",
		"SQL":            `{"productName":"'; DROP TABLE users;--","ProductId":"1 OR 1=1","bookingId":"1; DELETE FROM payments","email":"' OR ''='"}`,
		"oversized":      huge,
		// #20 saved searches: a query with a filter the catalogue lacks, SQL and tsquery syntax, a page's cursor
		"saved search":       `{"query":"q=mac&colour=red","frequency":"instant"}`,
		"saved search SQL":   `{"query":"q=x')) OR 1=1;--&category=HP'; DROP TABLE saved_searches;--","frequency":"daily"}`,
		"saved search query": `{"query":"q=a:* | !b <-> c&processor=&|!()","frequency":"weekly"}`,
		"saved search page":  `{"query":"cursor=abc&limit=1","frequency":"daily"}`,
		// #35 phones: other countries, landlines, too many digits, SQL,
		// NUL, and codes that are not 6 digits
		"phone abroad":   `{"phone":"+1 202 555 0100","code":"123456"}`,
		"phone landline": `{"phone":"02-9876543","code":"123456"}`,
		"phone too long": "{\"phone\":\"০১৭১২৩৪৫৬৭৮৯০\",\"code\":\"১২৩৪৫৬৭\"}",
		"phone SQL":      `{"phone":"01712345678' OR 1=1;--","code":"1' OR '1"}`,
		"phone NUL":      `{"phone":"0171234567\u00008","code":"12345\u00006"}`,
		"phone range":    `{"phone":"01212345678","code":"12 34 5"}`,
	}
	badIDs := []string{"abc", "-1", "0", "1.5", "1%27%20OR%201=1", "99999999999999999999", strings.Repeat("9", 300)}

	before := dbFingerprint(t, m.testServer)
	for route, row := range matrix {
		method, path, _ := strings.Cut(route, " ")
		if method == http.MethodGet || route == "POST /api/auth/logout" {
			continue
		}
		who := ""
		for i, status := range row.want {
			if status >= 200 && status < 300 && tokenOf[roles[i]] != "" {
				who = roles[i]
				break
			}
		}
		id := pid
		switch {
		case strings.HasPrefix(path, "/api/bookings/"):
			id = bid
		case strings.HasPrefix(path, "/api/conversations/"):
			id = cid
		case strings.HasPrefix(path, "/api/offers/"):
			id = oid
		case strings.HasSuffix(path, "/block"):
			id = m.otherBuyer.User.ID
		}
		concrete := pathParam.ReplaceAllStringFunc(path, func(p string) string {
			if p == "/:email" {
				return "/sue@example.com"
			}
			return "/" + id
		})
		h := http.Header{"Content-Type": {"application/json"}}
		if who != "" {
			h.Set("Authorization", "Bearer "+tokenOf[who])
		}
		for name, body := range bodies {
			if strings.Contains(path, "/:") && name != "malformed" && name != "oversized" {
				continue // these routes take no body: the path is what is hostile
			}
			rec := m.do(method, concrete, bytes.NewReader([]byte(body)), h)
			if rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s as %s with %s: %d %s", route, who, name, rec.Code, rec.Body.String())
			}
		}
		// the wrong content type
		if !strings.Contains(path, "/:") {
			hh := h.Clone()
			hh.Set("Content-Type", "text/plain")
			if rec := m.do(method, concrete, strings.NewReader(`{}`), hh); rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s as text/plain: %d", route, rec.Code)
			}
		}
		if strings.Contains(path, "/:id") {
			for _, id := range badIDs {
				p := pathParam.ReplaceAllString(path, "/"+id)
				if rec := m.do(method, p, nil, h); rec.Code < 400 || rec.Code >= 500 {
					t.Errorf("%s %s: %d %s", method, p, rec.Code, rec.Body.String())
				}
			}
			// an id followed by more path
			if rec := m.do(method, concrete+"/extra", nil, h); rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s %s/extra: %d", method, concrete, rec.Code)
			}
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile requests changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #31 POST /api/auth/verify-email with a live link of an account whose
// password was chosen before the proof: hostile passwords and bodies, from
// no session and from another account's, are a clear 4xx, change no row
// and leave the link working for its owner.
func TestHostileInputOnAVerificationLink(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner := s.signup("Nadia", "nadia@example.com", "Buyer")
	other := s.signup("Mallory", "mallory@example.com", "Buyer")
	link := verifyLink(t, s, owner.User.ID)
	huge := strings.Repeat("p", 80<<10)
	bodies := map[string]string{
		"both passwords":        `{"token":"` + link + `","password":"correct horse battery","newPassword":"a new long passphrase"}`,
		"a common new password": `{"token":"` + link + `","newPassword":"password"}`,
		"a short new password":  `{"token":"` + link + `","newPassword":"short"}`,
		"NUL in a new password": `{"token":"` + link + `","newPassword":"a new long\u0000passphrase"}`,
		"spaces for a password": `{"token":"` + link + `","newPassword":"            "}`,
		"a huge password":       `{"token":"` + link + `","password":"` + huge + `"}`,
		"a huge new password":   `{"token":"` + link + `","newPassword":"` + huge + `"}`,
		"a number for password": `{"token":"` + link + `","password":5}`,
		"a list for new":        `{"token":"` + link + `","newPassword":["a new long passphrase"]}`,
		"unknown fields":        `{"token":"` + link + `","emailVerified":true,"role":"Admin","userId":"` + other.User.ID + `"}`,
		"the token twice":       `{"token":"` + link + `","token":"` + strings.Repeat("A", 43) + `"}`,
		"a longer token":        `{"token":"` + link + `A","newPassword":"a new long passphrase"}`,
		"SQL for a password":    `{"token":"` + link + `","password":"' OR ''='"}`,
		"a wrong password":      `{"token":"` + link + `","password":"not the password at all"}`,
		"no token":              `{"newPassword":"a new long passphrase"}`,
		"malformed":             `{"token":"` + link + `","newPassword":`,
	}
	before := dbFingerprint(t, s)
	for _, session := range []string{"", other.AccessToken} {
		for name, body := range bodies {
			rec := s.do(http.MethodPost, "/api/auth/verify-email", strings.NewReader(body), bearer(session))
			if rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s (session %v): %d %s", name, session != "", rec.Code, rec.Body.String())
			}
		}
	}
	if after := dbFingerprint(t, s); after != before {
		t.Fatalf("hostile requests changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if rec := s.postJSON("/api/auth/verify-email", owner.AccessToken, map[string]string{"token": link}); rec.Code != http.StatusOK {
		t.Fatalf("the owner's link after them: %d %s", rec.Code, rec.Body)
	}
}

// #32 the admins' moderation actions that must say why: hostile reasons,
// lengths of suspension and bodies, on a real listing and real accounts,
// are a clear 4xx and change not one row; nor does acting on an admin,
// on oneself, or on what is gone.
func TestHostileInputOnModerationActions(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	m.do(http.MethodPut, "/api/products/report/"+pid, nil, bearer(m.buyer.AccessToken))
	sold := m.addProduct(m.seller.AccessToken, nil)
	if rec := m.do(http.MethodPut, "/api/products/"+sold+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("sold: %d", rec.Code)
	}
	reasons := map[string]string{
		"no reason":        `{}`,
		"empty reason":     `{"reason":""}`,
		"spaces":           `{"reason":"   "}`,
		"too long":         `{"reason":"` + strings.Repeat("r", 501) + `"}`,
		"NUL":              `{"reason":"spam\u0000"}`,
		"RTL override":     "{\"reason\":\"spam\u202e\"}",
		"a newline":        `{"reason":"spam\nmore"}`,
		"a number":         `{"reason":5}`,
		"a list":           `{"reason":["spam"]}`,
		"unknown field":    `{"reason":"spam","severity":9}`,
		"two objects":      `{"reason":"spam"}{}`,
		"malformed":        `{"reason":"spam"`,
		"not an object":    `["spam"]`,
		"days in a string": `{"reason":"spam","days":"7"}`,
		"days 0":           `{"reason":"spam","days":0}`,
		"days 2":           `{"reason":"spam","days":2}`,
		"days negative":    `{"reason":"spam","days":-7}`,
		"days fraction":    `{"reason":"spam","days":7.5}`,
		"days huge":        `{"reason":"spam","days":1e400}`,
		"days forever":     `{"reason":"spam","days":36500}`,
	}
	routes := []string{
		"POST /api/products/" + pid + "/hide",
		"POST /api/users/" + m.seller.User.ID + "/warn",
		"POST /api/users/" + m.seller.User.ID + "/suspend",
		"DELETE /api/users/" + m.seller.User.ID,
	}
	h := http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + m.admin.AccessToken}}
	before := dbFingerprint(t, m.testServer)
	for _, route := range routes {
		method, path, _ := strings.Cut(route, " ")
		for name, body := range reasons {
			if method == http.MethodDelete && (name == "no reason" || name == "empty reason") {
				continue // the spec's client deletes without a reason
			}
			if !strings.HasSuffix(path, "/suspend") && strings.HasPrefix(name, "days") {
				continue // a length the route does not take is an unknown field, and refused as such below
			}
			rec := m.do(method, path, strings.NewReader(body), h)
			if rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s with %s: %d %s", route, name, rec.Code, rec.Body.String())
			}
		}
		// the wrong content type
		hh := h.Clone()
		hh.Set("Content-Type", "text/plain")
		if rec := m.do(method, path, strings.NewReader(`{"reason":"spam","days":7}`), hh); rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s as text/plain: %d", route, rec.Code)
		}
	}
	// valid bodies on what may not be acted on
	for name, c := range map[string]struct{ method, path, body string }{
		"hide a sold listing":       {"POST", "/api/products/" + sold + "/hide", `{"reason":"spam"}`},
		"hide an unknown listing":   {"POST", "/api/products/999999/hide", `{"reason":"spam"}`},
		"warn an admin":             {"POST", "/api/users/" + m.admin.User.ID + "/warn", `{"reason":"spam"}`},
		"suspend oneself":           {"POST", "/api/users/" + m.admin.User.ID + "/suspend", `{"reason":"spam","days":1}`},
		"suspend an unknown user":   {"POST", "/api/users/999999/suspend", `{"reason":"spam","days":1}`},
		"warn by email":             {"POST", "/api/users/" + m.seller.User.Email + "/warn", `{"reason":"spam"}`},
		"delete oneself, with why":  {"DELETE", "/api/users/" + m.admin.User.ID, `{"reason":"spam"}`},
		"suspend with days as list": {"POST", "/api/users/" + m.buyer.User.ID + "/suspend", `{"reason":"spam","days":[7]}`},
	} {
		rec := m.do(c.method, c.path, strings.NewReader(c.body), h)
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile moderation requests changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #32 GET /api/products/:id/sale, the one new read: hostile ids, a body, a
// query and another path after the id are a clear 4xx for everyone, say
// nothing of the buyer, and change no row.
func TestHostileInputOnTheSalePage(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	code := m.mustAccept(m.buyer.AccessToken, bid)
	if rec := m.handover(m.seller.AccessToken, bid, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	before := dbFingerprint(t, m.testServer)
	ids := []string{"abc", "-1", "0", "1.5", "1%27%20OR%201=1", "99999999999999999999", strings.Repeat("9", 300), pid + "%00", "%2e%2e"}
	for _, token := range []string{m.otherBuyer.AccessToken, m.otherSeller.AccessToken, m.seller.AccessToken} {
		for _, id := range ids {
			rec := m.getAs("/api/products/"+id+"/sale", token)
			if rec.Code < 400 || rec.Code >= 500 || strings.Contains(rec.Body.String(), "Bea") {
				t.Errorf("sale of %q: %d %s", id, rec.Code, rec.Body.String())
			}
		}
		if rec := m.getAs("/api/products/"+pid+"/sale/extra", token); rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("sale/extra: %d", rec.Code)
		}
	}
	// a stranger's tries with a body or a query reach nothing
	h := bearer(m.otherBuyer.AccessToken)
	h.Set("Content-Type", "application/json")
	for _, path := range []string{"/api/products/" + pid + "/sale?buyer=1&role=seller", "/api/products/" + pid + "/sale"} {
		rec := m.do(http.MethodGet, path, strings.NewReader(`{"role":"seller","sellerId":"1"}`), h)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "Bea") {
			t.Errorf("%s as a stranger: %d %s", path, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile reads changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #34 PUT /api/bookings/:id/payment-method and POST /api/bookings'
// paymentMethod, from the booking's own buyer, with hostile methods: a
// clear 400 naming the field every time, and not one row changes.
func TestHostilePaymentMethods(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, withStripe(newFakeStripe(t)))
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	other := m.addProduct(m.seller.AccessToken, nil)
	methods := []string{
		`"bitcoin"`, `"CASH"`, `" cash"`, `"cash\u0000"`, "\"cash\u202e\"", `"card; DROP TABLE bookings;--"`, `"sslcommerz"`,
		`""`, `null`, `5`, `true`, `["cash"]`, `{"method":"cash"}`, `"` + strings.Repeat("c", 10000) + `"`,
	}
	before := dbFingerprint(t, m.testServer)
	h := http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + m.buyer.AccessToken}}
	for _, v := range methods {
		rec := m.do(http.MethodPut, "/api/bookings/"+bid+"/payment-method", strings.NewReader(`{"paymentMethod":`+v+`}`), h)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"paymentMethod"`) {
			t.Errorf("change to %.40s: %d %s", v, rec.Code, rec.Body.String())
		}
		if v == `null` {
			continue // POST /api/bookings takes null as no method: cash
		}
		rec = m.do(http.MethodPost, "/api/bookings", strings.NewReader(`{"ProductId":"`+other+`","number":"01811223344","meetLocation":"Mirpur","paymentMethod":`+v+`}`), h)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"paymentMethod"`) {
			t.Errorf("book with %.40s: %d %s", v, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile payment methods changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #34 paid promotion: hostile methods, bodies and ids for the seller's
// own laptop on a shop that charges to advertise are a clear 4xx and
// change no row (no promotion started, nothing advertised).
func TestHostilePromotion(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	pid := m.addProduct(m.seller.AccessToken, nil)
	before := dbFingerprint(t, m.testServer)
	h := http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + m.seller.AccessToken}}
	bodies := []string{
		`{"method":"bitcoin"}`, `{"method":"SSLCOMMERZ"}`, `{"method":" card"}`, `{"method":"card\u0000"}`, "{\"method\":\"card\u202e\"}",
		`{"method":"card"}`, `{"method":"cash"}`, `{"method":""}`, `{"method":null}`, `{"method":5}`, `{"method":["card"]}`, `{}`,
		`{"method":"sslcommerz","amount":1}`, `{"method":"sslcommerz"`, `[]`, `"sslcommerz"`, `{"method":"` + strings.Repeat("s", 70000) + `"}`,
	}
	for _, b := range bodies {
		rec := m.do(http.MethodPost, "/api/products/"+pid+"/promotion", strings.NewReader(b), h)
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("body %.60s: %d %s", b, rec.Code, rec.Body.String())
		}
	}
	for _, id := range []string{"abc", "-1", "0", "1.5", "1%27%20OR%201=1", "99999999999999999999", strings.Repeat("9", 300)} {
		for _, method := range []string{http.MethodPost, http.MethodGet} {
			rec := m.do(method, "/api/products/"+id+"/promotion", strings.NewReader(`{"method":"sslcommerz"}`), h)
			if rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s id %.40s: %d %s", method, id, rec.Code, rec.Body.String())
			}
		}
	}
	hh := h.Clone()
	hh.Set("Content-Type", "text/plain")
	if rec := m.do(http.MethodPost, "/api/products/"+pid+"/promotion", strings.NewReader(`{"method":"sslcommerz"}`), hh); rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", rec.Code)
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile promotions changed the database:\nbefore %s\nafter  %s", before, after)
	}
}
