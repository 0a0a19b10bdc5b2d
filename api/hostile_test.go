package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/checkreport"
	"resale/payments/sslcommerztest"
	"resale/priceguide"
)

// dbFingerprint is a hash of every row of every table but the log-in
// throttle (which failed requests may rightly touch).
func dbFingerprint(t *testing.T, s *testServer) string {
	t.Helper()
	var out strings.Builder
	for _, table := range []string{"users", "images", "categories", "products", "product_reports", "bookings", "payments", "stripe_events", "login_codes", "notifications", "notification_settings", "account_tokens", "user_events", "event_tickets", "conversations", "messages", "offers", "user_blocks", "admin_audit", "favourites", "reviews", "saved_searches", "saved_search_matches", "mail_folds", "ledger", "promotions", "phone_codes", "sms_requests", "sms_days", "shops", "image_uploaders", "push_subscriptions", "push_sends", "listing_days", "listing_seen", "divisions", "districts", "areas", "product_area_counts", "price_references", "price_reference_rows", "check_codes", "check_reports", "handover_checks", "stolen_serials"} {
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
	m := newMarketWith(t, func(o *api.Options) { pay(o); o.SMS = true; o.PushPublicKey = testVAPIDPublic })
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

// #39 GET /api/price-guide with hostile queries: each a clear 400 naming
// the field, and not one row changed.
func TestHostileInputOnThePriceGuide(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	cases := map[string]string{
		"":                                   "title",
		"title=":                             "title",
		"title=%20%20":                       "title",
		"title=" + strings.Repeat("i5", 101): "title",
		"title=%ff%fe":                       "title",
		"title=a&title=b":                    "title",
		"title=i5&condition=new":             "condition",
		"title=i5&condition=GOOD":            "condition",
		"title=i5&condition='+OR+1=1--":      "condition",
		"title=i5&used=-1":                   "used",
		"title=i5&used=31":                   "used",
		"title=i5&used=two":                  "used",
		"title=i5&used=NaN":                  "used",
		"title=i5&used=1e400":                "used",
		"title=i5&used=1&used=2":             "used",
		"title=i5&seller=1":                  "seller",
		"title=i5&newPrice=1":                "newPrice",
	}
	before := dbFingerprint(t, s)
	for query, field := range cases {
		rec := s.get("/api/price-guide?" + query)
		code := "invalid"
		if field == "seller" || field == "newPrice" {
			code = "unknown_parameter"
		}
		e := wantError(t, rec, http.StatusBadRequest, code)
		if _, ok := e.Fields[field]; !ok {
			t.Errorf("%q: fields %v, want %s named", query, e.Fields, field)
		}
	}
	if after := dbFingerprint(t, s); after != before {
		t.Fatalf("hostile price guide queries changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #39 negotiable, hostile: in POST and PATCH /api/products anything but
// true or false, and in GET /api/products anything but negotiable=true,
// is a clear 400 naming the field, and not one row changes.
func TestHostileNegotiable(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	tok := m.seller.AccessToken
	pid := m.addProduct(tok, nil)
	before := dbFingerprint(t, m.testServer)
	for _, bad := range []string{`"yes"`, `"true"`, `1`, `0`, `null`, `{}`, `[true]`, `"' OR 1=1--"`} {
		e := wantError(t, m.patch(tok, pid, `{"sellPrice": 1000, "negotiable": `+bad+`}`), http.StatusBadRequest, "invalid")
		if _, ok := e.Fields["negotiable"]; !ok {
			t.Errorf("PATCH negotiable %s: fields %v", bad, e.Fields)
		}
		body := m.productBody(nil)
		body["negotiable"] = rawJSON(bad)
		e = wantError(t, m.postJSON("/api/products", tok, body), http.StatusBadRequest, "invalid")
		if _, ok := e.Fields["negotiable"]; !ok {
			t.Errorf("POST negotiable %s: fields %v", bad, e.Fields)
		}
	}
	for _, bad := range []string{"false", "yes", "1", "", "True", "true%00", "true&negotiable=false", "%27+OR+1%3D1--"} {
		for _, path := range []string{"/api/products?negotiable=", "/api/products/facets?negotiable="} {
			e := wantError(t, m.get(path+bad), http.StatusBadRequest, "invalid")
			if _, ok := e.Fields["negotiable"]; !ok {
				t.Errorf("%s%s: fields %v", path, bad, e.Fields)
			}
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile negotiable values changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// #39 hostile catalogues uploaded by an admin (POST
// /api/admin/price-reference): too big, binary, not UTF-8, a header only,
// formulas, quotes gone wrong, prices negative, zero only, tiny or in
// words, a mode missing or twice, the wrong types: a clear 4xx every time,
// not one row changed, and the guide answers as before.
func TestHostilePriceReferenceUploads(t *testing.T) {
	t.Parallel()
	r := newReferenceShop(t)
	if rec := r.upload(r.admin, "replace", zorvexes(25)); rec.Code != http.StatusOK {
		t.Fatalf("replace: %d %s", rec.Code, rec.Body.String())
	}
	price := newPrice(t, r.a, zorvexTitle)
	line := "Zorvex Aero 99 Core i5 12th Gen 8GB RAM 512GB SSD,Zorvex,Core i5,"
	huge := zorvexes(25) + strings.Repeat(line+"300000\n", (8<<20)/len(line))
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i * 7919 % 256)
	}
	bodies := map[string]string{
		"over 8 MB":           huge,
		"binary":              string(garbage),
		"Latin-1":             zorvexes(24) + "Zorvex Caf\xe9,Zorvex,Core i5,300000\n",
		"BOM only":            "\uFEFF",
		"CRLF header only":    "title,brand,processor,price_tk\r\n\r\n",
		"no header":           "Zorvex Aero 10 Core i5,Zorvex,Core i5,300000\n",
		"bare quote":          zorvexes(24) + "Zorvex 15\" FHD,Zorvex,Core i5,300000\n",
		"quote never closed":  zorvexes(24) + "\"Zorvex 15,Zorvex,Core i5,300000\n",
		"negative":            zorvexes(24) + "Zorvex Neg,Zorvex,Core i5,-300000\n",
		"zero prices only":    strings.ReplaceAll(zorvexes(25), ",3", ",0*"),
		"all unpriced":        "title,price_tk\nHP 250,0\nDell 3520,\n",
		"tiny":                zorvexes(24) + "Zorvex Tiny,Zorvex,Core i5,45\n",
		"price in words":      zorvexes(24) + "Zorvex Words,Zorvex,Core i5,three lakh\n",
		"Bangla digits wrong": zorvexes(24) + "Zorvex Bn,Zorvex,Core i5,৩০০০০০.৫০\n",
		"formula":             zorvexes(24) + "@SUM(A1:A9),Zorvex,Core i5,300000\n",
		"NUL":                 zorvexes(24) + "Zorvex\x00,Zorvex,Core i5,300000\n",
		"RTL control":         zorvexes(24) + "Zorvex \u202eevil,Zorvex,Core i5,300000\n",
		"SQL":                 zorvexes(24) + "'); DROP TABLE price_references;--,Zorvex,Core i5,abc\n",
		"too many laptops":    "title,price_tk\n" + strings.Repeat("HP,50000\n", priceguide.MaxRows+1),
	}
	before := dbFingerprint(t, r.a)
	admin := func(ctype string) http.Header {
		return http.Header{"Authorization": {"Bearer " + r.admin}, "Content-Type": {ctype}}
	}
	for name, body := range bodies {
		for _, mode := range []string{"replace", "extend"} {
			rec := r.a.do(http.MethodPost, "/api/admin/price-reference?mode="+mode, strings.NewReader(body), admin("text/csv"))
			if rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("%s (%s): %d %.300s", name, mode, rec.Code, rec.Body.String())
			}
		}
	}
	good := zorvexes(25)
	for name, c := range map[string]struct{ target, ctype, body string }{
		"no mode":           {"", "text/csv", good},
		"mode twice":        {"?mode=replace&mode=extend", "text/csv", good},
		"mode in case":      {"?mode=Replace", "text/csv", good},
		"JSON":              {"?mode=replace", "application/json", `{"title":"HP","price_tk":1}`},
		"an image":          {"?mode=replace", "image/png", good},
		"no content type":   {"?mode=replace", "", good},
		"form without file": {"?mode=replace", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nhi\r\n--x--\r\n"},
		"broken form":       {"?mode=replace", "multipart/form-data; boundary=x", "not a form"},
		"empty body":        {"?mode=replace", "text/csv", ""},
	} {
		rec := r.a.do(http.MethodPost, "/api/admin/price-reference"+c.target, strings.NewReader(c.body), admin(c.ctype))
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s: %d %.300s", name, rec.Code, rec.Body.String())
		}
	}
	form, ctype := multipartBody(t, nil, filePart{"file", "big.csv", []byte(huge)})
	if rec := r.a.do(http.MethodPost, "/api/admin/price-reference?mode=replace", form, admin(ctype)); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a form with a file over 8 MB: %d %.300s", rec.Code, rec.Body.String())
	}
	if after := dbFingerprint(t, r.a); after != before {
		t.Fatalf("hostile uploads changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if p := newPrice(t, r.a, zorvexTitle); p != price {
		t.Fatalf("hostile uploads changed the guide: %d, was %d", p, price)
	}
}

// #40 POST /api/checks with a live code and hostile reports, and GET
// /api/stolen/{serial} with hostile serials: a clear 4xx naming the field,
// not one row changed, and the code still works after them.
func TestHostileCheckReports(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	c, _ := m.checkCode(m.seller.AccessToken, id)
	good, err := json.Marshal(checkreport.Submission{Code: c.Code, Report: laptopReport(t)})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string { return strings.Replace(string(good), old, new, 1) }
	bodies := map[string]string{
		"memory negative":    edit(`"totalBytes":17179869184`, `"totalBytes":-1`),
		"memory huge":        edit(`"totalBytes":17179869184`, `"totalBytes":1e300`),
		"NUL in the model":   edit(`"ThinkPad`, `"Think\u0000Pad`),
		"RTL in the serial":  edit(`"PF2XK9QZ"`, "\"PF2X\u202eK9QZ\""),
		"serial too long":    edit(`"PF2XK9QZ"`, `"`+strings.Repeat("S", 65)+`"`),
		"a nested field":     edit(`"cores":4`, `"cores":4,"owner":"me"`),
		"an unknown part":    edit(`"notReadable":{`, `"notReadable":{"wifi":"x",`),
		"schema 2":           edit(`"schema":1`, `"schema":2`),
		"tool plan9":         edit(`"os":"linux"`, `"os":"plan9"`),
		"code SQL":           edit(c.Code, `' OR 1=1;--`),
		"code short":         edit(c.Code, `ABC`),
		"handover not six":   edit(`"code":"`+c.Code+`"`, `"code":"`+c.Code+`","handover":true`),
		"handover guessed":   edit(`"code":"`+c.Code+`"`, `"code":"123456","handover":true`),
		"a used code's form": edit(c.Code, strings.ToLower(c.Code)+"X"),
		"disks many":         edit(`"disks":[`, `"disks":[`+strings.Repeat(`{"model":"x","sizeBytes":1073741824,"type":"SSD","health":null,"healthNote":"n"},`, 17)),
	}
	future := checkreport.Submission{Code: c.Code, Report: laptopReport(t)}
	future.CheckedAt = time.Now().Add(72 * time.Hour)
	if b, err := json.Marshal(future); err == nil {
		bodies["from the future"] = string(b)
	}
	before := dbFingerprint(t, m.testServer)
	for name, body := range bodies {
		rec := m.do(http.MethodPost, "/api/checks", strings.NewReader(body), nil)
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	for _, serial := range []string{"ab", strings.Repeat("9", 65), "%00abc", "a%E2%80%AEbcd", "%27%20OR%201=1--"} {
		if rec := m.get("/api/stolen/" + serial); rec.Code != http.StatusBadRequest && rec.Code != http.StatusOK {
			t.Errorf("GET /api/stolen/%s: %d %s", serial, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile reports changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if rec := m.do(http.MethodPost, "/api/checks", bytes.NewReader(good), nil); rec.Code != http.StatusCreated {
		t.Fatalf("the code after the hostile reports: %d %s", rec.Code, rec.Body.String())
	}
}
