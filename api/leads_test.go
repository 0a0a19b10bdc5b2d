package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/store"
)

// The seller's side of a booking (#17, /work/contract-17.md): leads,
// accept, decline, hand-over, cancel, sold and relist, through HTTP.

type leadWire struct {
	ID             string     `json:"_id"`
	Status         string     `json:"status"`
	BuyerName      string     `json:"buyerName"`
	BuyerEmail     string     `json:"buyerEmail"`
	Number         string     `json:"number"`
	MeetLocation   string     `json:"meetLocation"`
	Price          int64      `json:"price"`
	Paid           bool       `json:"paid"`
	CreatedAt      time.Time  `json:"createdAt"`
	ReservedUntil  *time.Time `json:"reservedUntil"`
	DeclineCode    string     `json:"declineCode"`
	DeclineReason  string     `json:"declineReason"`
	HandoverLocked bool       `json:"handoverLocked"`
	Product        struct {
		ID          string `json:"_id"`
		ProductName string `json:"productName"`
		Picture     string `json:"picture"`
	} `json:"product"`
}

// bookingStateWire is the buyer's booking with its place in its life.
type bookingStateWire struct {
	ID            string     `json:"_id"`
	Status        string     `json:"status"`
	Paid          bool       `json:"paid"`
	ReservedUntil *time.Time `json:"reservedUntil"`
	DeclineCode   string     `json:"declineCode"`
	DeclineReason string     `json:"declineReason"`
	HandoverCode  string     `json:"handoverCode"`
	HandoverURL   string     `json:"handoverUrl"`
	Product       struct {
		ID        string `json:"_id"`
		Available string `json:"available"`
		Reserved  bool   `json:"reserved"`
		Deleted   bool   `json:"deleted"`
	} `json:"product"`
}

// reservedWire is what a product's JSON says of its reservation.
type reservedWire struct {
	ID        string `json:"_id"`
	Available string `json:"available"`
	Reserved  *bool  `json:"reserved"`
}

var (
	nextLinkRE = regexp.MustCompile(`<([^>]+)>;\s*rel="next"`)
	sixDigits  = regexp.MustCompile(`^[0-9]{6}$`)
)

// send makes a request with an optional JSON body as the caller with token.
func (m *market) send(method, path, token string, body any) *httptest.ResponseRecorder {
	m.t.Helper()
	h := bearer(token)
	if body == nil {
		return m.do(method, path, nil, h)
	}
	raw, ok := body.(string) // a body written by hand, as sent
	if !ok {
		b, err := json.Marshal(body)
		if err != nil {
			m.t.Fatal(err)
		}
		raw = string(b)
	}
	h.Set("Content-Type", "application/json")
	return m.do(method, path, strings.NewReader(raw), h)
}

// leads is one page of GET /api/leads (query may hold limit and cursor)
// and the address of the next page ("" for none).
func (m *market) leads(token, query string) ([]leadWire, string) {
	m.t.Helper()
	path := "/api/leads"
	if query != "" {
		path += "?" + query
	}
	rec := m.getAs(path, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
	}
	var list []leadWire
	decode(m.t, rec, &list)
	next := ""
	if sm := nextLinkRE.FindStringSubmatch(rec.Header().Get("Link")); sm != nil {
		next = sm[1]
	}
	return list, next
}

// lead is the seller's lead of one booking, from the first page of leads.
func (m *market) lead(token, id string) leadWire {
	m.t.Helper()
	list, _ := m.leads(token, "limit=100")
	for _, l := range list {
		if l.ID == id {
			return l
		}
	}
	m.t.Fatalf("booking %s not among the leads %+v", id, list)
	return leadWire{}
}

func (m *market) newLeads(token string) int64 {
	m.t.Helper()
	rec := m.getAs("/api/leads/new", token)
	var n struct {
		Count *int64 `json:"count"`
	}
	decode(m.t, rec, &n)
	if rec.Code != http.StatusOK || n.Count == nil {
		m.t.Fatalf("GET /api/leads/new: %d %s", rec.Code, rec.Body.String())
	}
	return *n.Count
}

// accept is the seller accepting a booking; the lead it answered when 200.
func (m *market) accept(token, id string) (leadWire, *httptest.ResponseRecorder) {
	m.t.Helper()
	rec := m.send(http.MethodPut, "/api/bookings/"+id+"/accept", token, nil)
	var l leadWire
	if rec.Code == http.StatusOK {
		decode(m.t, rec, &l)
	}
	return l, rec
}

// mustAccept accepts a booking as its seller and answers the buyer's
// hand-over code.
func (m *market) mustAccept(buyerToken, id string) string {
	m.t.Helper()
	if _, rec := m.accept(m.seller.AccessToken, id); rec.Code != http.StatusOK {
		m.t.Fatalf("accept %s: %d %s", id, rec.Code, rec.Body.String())
	}
	b := m.bookingAs(buyerToken, id)
	if !sixDigits.MatchString(b.HandoverCode) {
		m.t.Fatalf("hand-over code of accepted booking %s = %q", id, b.HandoverCode)
	}
	return b.HandoverCode
}

func (m *market) bookingAs(token, id string) bookingStateWire {
	m.t.Helper()
	rec := m.getAs("/api/bookings/"+id, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET booking %s: %d %s", id, rec.Code, rec.Body.String())
	}
	var b bookingStateWire
	decode(m.t, rec, &b)
	return b
}

func (m *market) handover(token, id string, body any) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodPost, "/api/bookings/"+id+"/handover", token, body)
}

// productState is GET /api/products/{id}; ok is false when it is not found.
func (m *market) productState(id string) (reservedWire, bool) {
	m.t.Helper()
	rec := m.get("/api/products/" + id)
	if rec.Code == http.StatusNotFound {
		return reservedWire{}, false
	}
	var p reservedWire
	decode(m.t, rec, &p)
	if rec.Code != http.StatusOK || p.Reserved == nil {
		m.t.Fatalf("GET product %s: %d %s", id, rec.Code, rec.Body.String())
	}
	return p, true
}

// inCategory is the product as the HP list shows it; ok false if absent.
func (m *market) inCategory(id string) (reservedWire, bool) {
	m.t.Helper()
	rec := m.get("/api/products?category=HP")
	var list []reservedWire
	decode(m.t, rec, &list)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("HP list: %d %s", rec.Code, rec.Body.String())
	}
	for _, p := range list {
		if p.ID == id {
			if p.Reserved == nil {
				m.t.Fatalf("product %s in the list has no reserved field", id)
			}
			return p, true
		}
	}
	return reservedWire{}, false
}

// wantReserved checks the product page and the category list agree that
// the product is (or is not) reserved.
func (m *market) wantReserved(step, id string, want bool) {
	m.t.Helper()
	p, ok := m.productState(id)
	if !ok || *p.Reserved != want {
		m.t.Errorf("%s: product page = %v %+v, want reserved %v", step, ok, p, want)
	}
	c, ok := m.inCategory(id)
	if !ok || *c.Reserved != want {
		m.t.Errorf("%s: category list = %v %+v, want reserved %v", step, ok, c, want)
	}
}

// noticeBodies are the bodies of a user's notifications of kind.
func (m *market) noticeBodies(userID, kind string) []string {
	m.t.Helper()
	rows, err := m.pool.Query(context.Background(), `SELECT body FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id`, userID, kind)
	if err != nil {
		m.t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			m.t.Fatal(err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		m.t.Fatal(err)
	}
	return out
}

func (m *market) wantNoticeCount(step, userID, kind string, want int) {
	m.t.Helper()
	if got := m.noticeBodies(userID, kind); len(got) != want {
		m.t.Errorf("%s: user %s has %d %s notifications, want %d: %q", step, userID, len(got), kind, want, got)
	}
}

// scalar reads one value from the test's database.
func (m *market) scalar(dst any, sql string, args ...any) {
	m.t.Helper()
	if err := m.pool.QueryRow(context.Background(), sql, args...).Scan(dst); err != nil {
		m.t.Fatalf("%s: %v", sql, err)
	}
}

// jsonKeys are the top-level keys of a JSON object.
func jsonKeys(t *testing.T, raw []byte) map[string]json.RawMessage {
	t.Helper()
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatalf("decoding %s: %v", raw, err)
	}
	return obj
}

// notCode is a 6-digit code other than code, the i-th of them.
func notCode(code string, i int) string {
	n, _ := strconv.Atoi(code)
	return fmt.Sprintf("%06d", (n+i)%1000000)
}

func TestLeadsListTheSellersBookingsNewestFirst(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	before := time.Now().Add(-time.Second)
	a, _ := m.book(m.buyer.AccessToken, pid, map[string]any{"number": "01712345678", "meetLocation": "Farmgate"})
	b, code := m.book(m.otherBuyer.AccessToken, pid, nil)
	if a == "" || code != http.StatusCreated {
		t.Fatalf("bookings: %q %q %d", a, b, code)
	}
	after := time.Now().Add(time.Second)

	checkLeadFields(t, m.getAs("/api/leads", m.seller.AccessToken))
	list, next := m.leads(m.seller.AccessToken, "")
	if len(list) != 2 || list[0].ID != b || list[1].ID != a || next != "" {
		t.Fatalf("leads = %+v (next %q), want %s then %s", list, next, b, a)
	}
	la := list[1]
	if la.Status != "pending" || la.BuyerName != "Bea Buyer" || la.BuyerEmail != "bea@example.com" || la.Number != "01712345678" ||
		la.MeetLocation != "Farmgate" || la.Price != 38000 || la.Paid || la.ReservedUntil != nil || la.DeclineCode != "" || la.HandoverLocked ||
		la.Product.ID != pid || la.Product.ProductName != "HP EliteBook 840 G5" || la.Product.Picture != m.photo {
		t.Errorf("lead of A = %+v", la)
	}
	if la.CreatedAt.Before(before) || la.CreatedAt.After(after) || !list[0].CreatedAt.After(la.CreatedAt.Add(-time.Nanosecond)) {
		t.Errorf("createdAt: A %v, B %v, want between %v and %v, B not before A", la.CreatedAt, list[0].CreatedAt, before, after)
	}
	if lb := list[0]; lb.Status != "pending" || lb.BuyerName != "Bob Buyer" || lb.BuyerEmail != "bob@example.com" || lb.Number != "01811223344" {
		t.Errorf("lead of B = %+v", lb)
	}

	checkLeadsSeenByWhom(t, m, b, a)
	checkLeadsPaged(t, m, b, a)
	checkNewLeadsCount(t, m, b, a)
}

// checkLeadFields checks each lead of a GET /api/leads answer carries
// every field of the contract, and its product the ones a card shows.
func checkLeadFields(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("leads: %d %s", rec.Code, rec.Body.String())
	}
	var raw []json.RawMessage
	decode(t, rec, &raw)
	if len(raw) != 2 {
		t.Fatalf("leads = %s", rec.Body.String())
	}
	for _, item := range raw {
		keys := jsonKeys(t, item)
		for _, k := range []string{"_id", "status", "buyerName", "buyerEmail", "number", "meetLocation", "price", "paid", "createdAt", "handoverLocked", "product"} {
			if _, ok := keys[k]; !ok {
				t.Errorf("lead %s has no %q", item, k)
			}
		}
		product := jsonKeys(t, keys["product"])
		for _, k := range []string{"_id", "productName", "picture"} {
			if _, ok := product[k]; !ok {
				t.Errorf("lead's product %s has no %q", keys["product"], k)
			}
		}
	}
}

// checkLeadsSeenByWhom: another seller sees none of the seller's leads,
// the admin sees all of them (newest first), a buyer may not ask.
func checkLeadsSeenByWhom(t *testing.T, m *market, newer, older string) {
	t.Helper()
	if others, _ := m.leads(m.otherSeller.AccessToken, ""); len(others) != 0 {
		t.Errorf("another seller sees %+v", others)
	}
	if n := m.newLeads(m.otherSeller.AccessToken); n != 0 {
		t.Errorf("another seller's new leads: %d", n)
	}
	var ids []string
	all, _ := m.leads(m.admin.AccessToken, "")
	for _, l := range all {
		ids = append(ids, l.ID)
	}
	if !slices.Equal(ids, []string{newer, older}) {
		t.Errorf("admin's leads = %v, want [%s %s]", ids, newer, older)
	}
	wantError(t, m.getAs("/api/leads", m.buyer.AccessToken), http.StatusForbidden, "forbidden")
}

// checkLeadsPaged: one at a time, the next link leads to the older one.
func checkLeadsPaged(t *testing.T, m *market, newer, older string) {
	t.Helper()
	first, next := m.leads(m.seller.AccessToken, "limit=1")
	if len(first) != 1 || first[0].ID != newer || next == "" {
		t.Fatalf("first page = %+v, next %q", first, next)
	}
	u, err := url.Parse(next)
	if err != nil {
		t.Fatal(err)
	}
	second, last := m.leads(m.seller.AccessToken, u.RawQuery)
	if u.Path != "/api/leads" || len(second) != 1 || second[0].ID != older || last != "" {
		t.Fatalf("second page (%s) = %+v, next %q", next, second, last)
	}
}

// checkNewLeadsCount: both leads are new until the seller answers them,
// declining one and accepting the other.
func checkNewLeadsCount(t *testing.T, m *market, newer, older string) {
	t.Helper()
	if n := m.newLeads(m.seller.AccessToken); n != 2 {
		t.Errorf("new leads = %d, want 2", n)
	}
	if n := m.newLeads(m.admin.AccessToken); n != 2 {
		t.Errorf("admin's new leads = %d, want 2", n)
	}
	if rec := m.send(http.MethodPut, "/api/bookings/"+newer+"/decline", m.seller.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("decline B: %d %s", rec.Code, rec.Body.String())
	}
	if n := m.newLeads(m.seller.AccessToken); n != 1 {
		t.Errorf("new leads after declining one = %d, want 1", n)
	}
	m.mustAccept(m.buyer.AccessToken, older)
	if n := m.newLeads(m.seller.AccessToken); n != 0 {
		t.Errorf("new leads after answering both = %d, want 0", n)
	}
}

func TestAcceptReservesTheLaptopAndDeclinesTheOthers(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	third := m.signup("Cy Buyer", "cy@example.com", "Buyer")
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	b, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	m.wantReserved("pending", pid, false)

	at := time.Now()
	l, rec := m.accept(m.seller.AccessToken, a)
	if rec.Code != http.StatusOK {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body.String())
	}
	if l.ID != a || l.Status != "accepted" || l.ReservedUntil == nil {
		t.Fatalf("accepted lead = %+v", l)
	}
	if d := l.ReservedUntil.Sub(at.Add(72 * time.Hour)); d < -time.Minute || d > time.Minute {
		t.Errorf("reservedUntil = %v, want about 72 h after %v", l.ReservedUntil, at)
	}
	m.wantReserved("accepted", pid, true)

	bb := m.bookingAs(m.otherBuyer.AccessToken, b)
	if bb.Status != "declined" || bb.DeclineCode != "reserved" || bb.HandoverCode != "" || bb.ReservedUntil != nil {
		t.Errorf("the other booking = %+v, want declined (reserved)", bb)
	}
	m.wantNoticeCount("accepted", m.buyer.User.ID, "booking_accepted", 1)
	m.wantNoticeCount("accepted", m.otherBuyer.User.ID, "booking_declined", 1)
	m.wantNoticeCount("accepted", m.buyer.User.ID, "booking_declined", 0)
	m.wantNoticeCount("accepted", m.otherBuyer.User.ID, "booking_accepted", 0)

	checkReservedRefusesMore(t, m, third, pid, a, b)
	ab := checkCodeGoesToTheBuyer(t, m, a)
	checkNoOneElseSeesTheCode(t, m, a, ab.HandoverCode)
}

// checkReservedRefusesMore: while A is reserved, a third buyer cannot
// book, and neither A again nor B can be accepted.
func checkReservedRefusesMore(t *testing.T, m *market, third sessionWire, pid, a, b string) {
	t.Helper()
	if e := wantError(t, m.postJSON("/api/bookings", third.AccessToken, map[string]any{"ProductId": pid, "number": "01911000000", "meetLocation": "Uttara"}),
		http.StatusConflict, "reserved"); e.Message != "This laptop is booked by another buyer" {
		t.Errorf("third buyer's booking: %+v", e)
	}
	for name, id := range map[string]string{"A again": a, "B": b} {
		if _, rec := m.accept(m.seller.AccessToken, id); rec.Code != http.StatusConflict {
			t.Errorf("accept %s: %d %s", name, rec.Code, rec.Body.String())
		} else {
			wantError(t, rec, http.StatusConflict, "wrong_state")
		}
	}
	if got := m.lead(m.seller.AccessToken, a); got.Status != "accepted" {
		t.Errorf("A after the refused accepts: %+v", got)
	}

}

// checkCodeGoesToTheBuyer: the accepted booking's buyer reads its
// hand-over code and QR link, the same on every read.
func checkCodeGoesToTheBuyer(t *testing.T, m *market, a string) bookingStateWire {
	t.Helper()
	ab := m.bookingAs(m.buyer.AccessToken, a)
	if ab.Status != "accepted" || !sixDigits.MatchString(ab.HandoverCode) || ab.ReservedUntil == nil || !ab.Product.Reserved {
		t.Fatalf("A's booking = %+v", ab)
	}
	u, err := url.Parse(ab.HandoverURL)
	if err != nil || u.Query().Get("code") != ab.HandoverCode || u.Query().Get("handover") != a || u.Path != "/dashboard/leads" {
		t.Errorf("handoverUrl = %q (%v), want the code %s and booking %s", ab.HandoverURL, err, ab.HandoverCode, a)
	}
	if again := m.bookingAs(m.buyer.AccessToken, a); again.HandoverCode != ab.HandoverCode {
		t.Errorf("the code changed between reads: %s, %s", ab.HandoverCode, again.HandoverCode)
	}
	return ab
}

// checkNoOneElseSeesTheCode: the admin reads the booking without its
// code or link, the seller and another seller not at all; the buyer's
// own list shows the code.
func checkNoOneElseSeesTheCode(t *testing.T, m *market, a, code string) {
	t.Helper()
	adminView := m.getAs("/api/bookings/"+a, m.admin.AccessToken)
	if adminView.Code != http.StatusOK {
		t.Fatalf("admin's GET: %d", adminView.Code)
	}
	keys := jsonKeys(t, adminView.Body.Bytes())
	if _, ok := keys["handoverCode"]; ok {
		t.Errorf("admin sees the hand-over code: %s", adminView.Body.String())
	}
	if _, ok := keys["handoverUrl"]; ok {
		t.Errorf("admin sees the hand-over link: %s", adminView.Body.String())
	}
	if string(keys["status"]) != `"accepted"` {
		t.Errorf("admin's view: %s", adminView.Body.String())
	}
	listRec := m.getAs("/api/bookings?email=bea@example.com", m.admin.AccessToken)
	var list []json.RawMessage
	decode(t, listRec, &list)
	if listRec.Code != http.StatusOK || len(list) != 1 {
		t.Fatalf("admin's view of A's list: %d %s", listRec.Code, listRec.Body.String())
	}
	item := jsonKeys(t, list[0])
	_, hasCode := item["handoverCode"]
	_, hasURL := item["handoverUrl"]
	if hasCode || hasURL || string(item["status"]) != `"accepted"` {
		t.Errorf("admin's view of A's list: %s", list[0])
	}
	// the buyer's own list does show it
	var own []bookingStateWire
	decode(t, m.getAs("/api/bookings", m.buyer.AccessToken), &own)
	if len(own) != 1 || own[0].HandoverCode != code {
		t.Errorf("A's own list = %+v", own)
	}
	wantError(t, m.getAs("/api/bookings/"+a, m.seller.AccessToken), http.StatusNotFound, "not_found")
	// nor is another seller's accept anything but not found
	wantError(t, m.send(http.MethodPut, "/api/bookings/"+a+"/accept", m.otherSeller.AccessToken, nil), http.StatusNotFound, "not_found")
}

func TestHandoverCodeCompletesTheSale(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	code := m.mustAccept(m.buyer.AccessToken, a)
	// only the product's seller may try, and others' tries count for nothing
	wantError(t, m.handover(m.otherSeller.AccessToken, a, map[string]any{"code": code}), http.StatusNotFound, "not_found")
	wantError(t, m.handover(m.otherSeller.AccessToken, a, map[string]any{"code": notCode(code, 1)}), http.StatusNotFound, "not_found")
	wantError(t, m.handover(m.buyer.AccessToken, a, map[string]any{"code": code}), http.StatusForbidden, "forbidden")
	wantError(t, m.handover(m.admin.AccessToken, a, map[string]any{"code": code}), http.StatusForbidden, "forbidden")

	checkMalformedCodesCountForNothing(t, m, a, code)
	checkFiveWrongCodesLock(t, m, a, code)
	checkRightCodeCompletes(t, m, pid, a, code)
}

// handoverFailures is how many wrong hand-over codes booking id has had.
func (m *market) handoverFailures(id string) int {
	var n int
	m.scalar(&n, "SELECT handover_failures FROM bookings WHERE id = $1", id)
	return n
}

// checkMalformedCodesCountForNothing: a body that is not a six-digit code
// is a 400 that neither counts as a failure nor changes the booking.
func checkMalformedCodesCountForNothing(t *testing.T, m *market, a, code string) {
	t.Helper()
	for name, body := range map[string]string{
		"empty":          `{"code":""}`,
		"five digits":    `{"code":"12345"}`,
		"seven digits":   `{"code":"1234567"}`,
		"letters":        `{"code":"abcdef"}`,
		"leading space":  `{"code":" ` + code + `"}`,
		"arabic digits":  `{"code":"١٢٣٤٥٦"}`,
		"a JSON number":  `{"code":123456}`,
		"no code":        `{}`,
		"unknown field":  `{"code":"` + code + `","force":true}`,
		"not JSON":       `code=123456`,
		"code with tail": `{"code":"` + code + `\n"}`,
	} {
		if rec := m.handover(m.seller.AccessToken, a, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", name, rec.Code, rec.Body.String())
		}
	}
	if n := m.handoverFailures(a); n != 0 {
		t.Fatalf("malformed codes counted: %d failures", n)
	}
	if b := m.bookingAs(m.buyer.AccessToken, a); b.Status != "accepted" {
		t.Fatalf("after malformed codes: %+v", b)
	}

}

// checkFiveWrongCodesLock: five wrong codes lock the hand-over, and even
// the right code then waits (429 with Retry-After).
func checkFiveWrongCodesLock(t *testing.T, m *market, a, code string) {
	t.Helper()
	for i := 1; i <= 5; i++ {
		wantError(t, m.handover(m.seller.AccessToken, a, map[string]any{"code": notCode(code, i)}), http.StatusBadRequest, "wrong_code")
		if n := m.handoverFailures(a); n != i {
			t.Errorf("after %d wrong codes: %d failures", i, n)
		}
	}
	if l := m.lead(m.seller.AccessToken, a); !l.HandoverLocked || l.Status != "accepted" {
		t.Errorf("lead after five wrong codes = %+v, want locked", l)
	}
	// locked: even the right code waits
	rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code})
	wantError(t, rec, http.StatusTooManyRequests, "locked")
	wait, err := strconv.Atoi(rec.Header().Get("Retry-After"))
	if err != nil || wait < 1 || wait > 3600 {
		t.Errorf("Retry-After = %q, want 1..3600 seconds", rec.Header().Get("Retry-After"))
	}
	if b := m.bookingAs(m.buyer.AccessToken, a); b.Status != "accepted" || b.HandoverCode != code {
		t.Fatalf("locked booking = %+v", b)
	}
	m.wantNoticeCount("locked", m.seller.User.ID, "handover_completed", 0)

}

// checkRightCodeCompletes: once the lock is over, the right code completes
// the sale, once: the laptop leaves the shop and both sides are told.
func checkRightCodeCompletes(t *testing.T, m *market, pid, a, code string) {
	t.Helper()
	m.exec("UPDATE bookings SET handover_locked_until = now() - interval '1 second' WHERE id = $1", a)
	rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code})
	if rec.Code != http.StatusOK {
		t.Fatalf("right code after the lock: %d %s", rec.Code, rec.Body.String())
	}
	var done leadWire
	decode(t, rec, &done)
	if done.ID != a || done.Status != "completed" || done.ReservedUntil != nil || done.HandoverLocked {
		t.Errorf("completed lead = %+v", done)
	}

	if _, ok := m.productState(pid); ok {
		t.Error("the sold laptop's page is still found")
	}
	if _, ok := m.inCategory(pid); ok {
		t.Error("the sold laptop is still in its category")
	}
	b := m.bookingAs(m.buyer.AccessToken, a)
	if b.Status != "completed" || b.HandoverCode != "" || b.HandoverURL != "" || b.Product.Available != "soled" || b.Product.Reserved {
		t.Errorf("A's completed booking = %+v", b)
	}
	m.wantNoticeCount("completed", m.seller.User.ID, "handover_completed", 1)
	m.wantNoticeCount("completed", m.buyer.User.ID, "handover_completed", 1)

	wantError(t, m.handover(m.seller.AccessToken, a, map[string]any{"code": code}), http.StatusConflict, "wrong_state")
	wantError(t, m.handover(m.otherSeller.AccessToken, a, map[string]any{"code": code}), http.StatusNotFound, "not_found")
	m.wantNoticeCount("second hand-over", m.seller.User.ID, "handover_completed", 1)
}

// A pending booking has no hand-over yet, nor a code.
func TestHandoverBeforeAcceptIsRefused(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	if b := m.bookingAs(m.buyer.AccessToken, a); b.HandoverCode != "" || b.HandoverURL != "" || b.Status != "pending" {
		t.Errorf("pending booking = %+v", b)
	}
	wantError(t, m.handover(m.seller.AccessToken, a, map[string]any{"code": "123456"}), http.StatusConflict, "wrong_state")
	var n int
	m.scalar(&n, "SELECT handover_failures FROM bookings WHERE id = $1", a)
	if n != 0 {
		t.Errorf("a refused hand-over counted %d failures", n)
	}
}

func TestDeclineTellsTheBuyerWhy(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	b, _ := m.book(m.otherBuyer.AccessToken, pid, nil)

	reason := "Sold to my cousin, sorry"
	rec := m.send(http.MethodPut, "/api/bookings/"+a+"/decline", m.seller.AccessToken, map[string]any{"reason": reason})
	if rec.Code != http.StatusOK {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body.String())
	}
	var l leadWire
	decode(t, rec, &l)
	if l.ID != a || l.Status != "declined" || l.DeclineCode != "seller" || l.DeclineReason != reason {
		t.Errorf("declined lead = %+v", l)
	}
	ab := m.bookingAs(m.buyer.AccessToken, a)
	if ab.Status != "declined" || ab.DeclineCode != "seller" || ab.DeclineReason != reason || ab.HandoverCode != "" {
		t.Errorf("A's declined booking = %+v", ab)
	}
	told := m.noticeBodies(m.buyer.User.ID, "booking_declined")
	if len(told) != 1 || !strings.Contains(told[0], reason) {
		t.Errorf("A was told %q, want the reason %q", told, reason)
	}
	wantError(t, m.send(http.MethodPut, "/api/bookings/"+a+"/decline", m.seller.AccessToken, nil), http.StatusConflict, "wrong_state")

	// bad reasons change nothing
	before := m.notices()
	for name, bad := range map[string]string{
		"201 characters": strings.Repeat("x", 201),
		"NUL":            "no\x00thanks",
		"right-to-left":  "sorry \u202eyrros",
	} {
		e := wantError(t, m.send(http.MethodPut, "/api/bookings/"+b+"/decline", m.seller.AccessToken, map[string]any{"reason": bad}), http.StatusBadRequest, "invalid")
		if e.Fields["reason"] == "" {
			t.Errorf("%s: %+v, want a reason field message", name, e)
		}
	}
	if bb := m.bookingAs(m.otherBuyer.AccessToken, b); bb.Status != "pending" || bb.DeclineReason != "" {
		t.Errorf("B after bad reasons = %+v", bb)
	}
	if after := m.notices(); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("bad reasons notified: %v, before %v", after, before)
	}
	// 200 characters are enough, and declining an accepted booking ends
	// its reservation
	m.mustAccept(m.otherBuyer.AccessToken, b)
	m.wantReserved("B accepted", pid, true)
	long := strings.Repeat("y", 200)
	rec = m.send(http.MethodPut, "/api/bookings/"+b+"/decline", m.seller.AccessToken, map[string]any{"reason": long})
	if rec.Code != http.StatusOK {
		t.Fatalf("decline accepted B: %d %s", rec.Code, rec.Body.String())
	}
	if bb := m.bookingAs(m.otherBuyer.AccessToken, b); bb.Status != "declined" || bb.DeclineCode != "seller" || bb.DeclineReason != long || bb.HandoverCode != "" {
		t.Errorf("B declined after accepting = %+v", bb)
	}
	m.wantReserved("B declined", pid, false)
	// A, declined before, may book again now
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("booking after the reservation ended: %d", code)
	}
}

func TestCancelAcceptedBookingEndsTheReservation(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	b, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	m.mustAccept(m.buyer.AccessToken, a)
	m.wantReserved("accepted", pid, true)

	if rec := m.send(http.MethodDelete, "/api/bookings/"+a, m.buyer.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
	}
	m.wantReserved("cancelled", pid, false)
	m.wantNoticeCount("cancelled", m.seller.User.ID, "booking_cancelled", 1)
	if l := m.lead(m.seller.AccessToken, a); l.Status != "cancelled" || l.ReservedUntil != nil {
		t.Errorf("cancelled lead = %+v", l)
	}
	wantError(t, m.getAs("/api/bookings/"+a, m.buyer.AccessToken), http.StatusNotFound, "not_found")

	// B was declined by the accept: theirs is no longer theirs to delete
	wantError(t, m.send(http.MethodDelete, "/api/bookings/"+b, m.otherBuyer.AccessToken, nil), http.StatusConflict, "wrong_state")
	if bb := m.bookingAs(m.otherBuyer.AccessToken, b); bb.Status != "declined" {
		t.Errorf("B after a refused delete = %+v", bb)
	}
	m.wantNoticeCount("refused delete", m.seller.User.ID, "booking_cancelled", 1)
}

// The buyer's own cancel shows at once on an instance that keeps the
// catalogue's answers, as every write that changes a product does, without
// waiting for the database's notice.
func TestCancelAcceptedBookingShowsAtOnceInTheKeptCatalogue(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t)

	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	m.mustAccept(m.buyer.AccessToken, a)
	// the answer is kept: a rename the database does not announce does
	// not show
	quietly := func(sql string, args ...any) {
		m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
		m.exec(sql, args...)
		m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	}
	renames := 0
	eventually(t, "the product page is kept", func() bool {
		before := m.productName(pid)
		renames++
		quietly("UPDATE products SET product_name = $1 WHERE id = $2", fmt.Sprintf("Quiet rename %d", renames), pid)
		return m.productName(pid) == before
	})
	if p, _ := m.productState(pid); !*p.Reserved {
		t.Fatalf("kept product page = %+v, want reserved", p)
	}
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	rec := m.send(http.MethodDelete, "/api/bookings/"+a, m.buyer.AccessToken, nil)
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	if rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
	}
	if p, ok := m.productState(pid); !ok || *p.Reserved {
		t.Errorf("after cancelling, the product page says %+v", p)
	}
}

func (m *market) productName(id string) string {
	m.t.Helper()
	var p struct {
		ProductName string `json:"productName"`
	}
	decode(m.t, m.get("/api/products/"+id), &p)
	return p.ProductName
}

type modifiedWire struct {
	Acknowledged  bool `json:"acknowledged"`
	ModifiedCount int  `json:"modifiedCount"`
}

func (m *market) markSold(token, pid string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodPut, "/api/products/"+pid+"/sold", token, nil)
}

func (m *market) relist(token, pid string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodPut, "/api/products/"+pid+"/relist", token, nil)
}

func wantModified(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	var mw modifiedWire
	if rec.Code == http.StatusOK {
		decode(t, rec, &mw)
	}
	if rec.Code != http.StatusOK || mw != (modifiedWire{true, 1}) {
		t.Fatalf("%s: %d %s", what, rec.Code, rec.Body.String())
	}
}

func TestSoldOutsideDeclinesBookingsAndRelistBringsItBack(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	b, _ := m.book(m.otherBuyer.AccessToken, pid, nil)

	wantError(t, m.markSold(m.otherSeller.AccessToken, pid), http.StatusNotFound, "not_found")
	wantModified(t, "sold", m.markSold(m.seller.AccessToken, pid))
	for who, c := range map[string]struct{ token, id, user string }{
		"A": {m.buyer.AccessToken, a, m.buyer.User.ID}, "B": {m.otherBuyer.AccessToken, b, m.otherBuyer.User.ID},
	} {
		if got := m.bookingAs(c.token, c.id); got.Status != "declined" || got.DeclineCode != "sold" || got.Product.Available != "soled" {
			t.Errorf("%s's booking after sold = %+v", who, got)
		}
		m.wantNoticeCount("sold", c.user, "sold_elsewhere", 1)
	}
	if _, ok := m.inCategory(pid); ok {
		t.Error("sold laptop still in its category")
	}
	if _, ok := m.productState(pid); ok {
		t.Error("sold laptop's page still found")
	}
	mine := m.products("/api/userProducts", m.seller.AccessToken)
	if len(mine) != 1 || mine[0].ID != pid || mine[0].Available != "soled" {
		t.Errorf("seller's products = %+v", mine)
	}
	wantError(t, m.markSold(m.seller.AccessToken, pid), http.StatusConflict, "sold")
	m.wantNoticeCount("sold twice", m.buyer.User.ID, "sold_elsewhere", 1)
	if n := m.newLeads(m.seller.AccessToken); n != 0 {
		t.Errorf("new leads after sold = %d", n)
	}

	wantError(t, m.relist(m.otherSeller.AccessToken, pid), http.StatusNotFound, "not_found")
	wantModified(t, "relist", m.relist(m.seller.AccessToken, pid))
	if p, ok := m.inCategory(pid); !ok || p.Available != "available" || *p.Reserved {
		t.Errorf("relisted laptop in its category: %v %+v", ok, p)
	}
	for who, c := range map[string]struct{ token, id string }{"A": {m.buyer.AccessToken, a}, "B": {m.otherBuyer.AccessToken, b}} {
		if got := m.bookingAs(c.token, c.id); got.Status != "declined" || got.DeclineCode != "sold" {
			t.Errorf("%s's booking after relist = %+v", who, got)
		}
	}
	wantError(t, m.relist(m.seller.AccessToken, pid), http.StatusConflict, "not_sold")
	// and it can be booked again
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("booking the relisted laptop: %d", code)
	}
}

// A laptop reserved for one buyer cannot be marked sold elsewhere (#31,
// F6: 409 held) until the seller declines that booking, which ends the
// reservation.
func TestSoldOutsideEndsAReservation(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	m.mustAccept(m.buyer.AccessToken, a)
	wantError(t, m.markSold(m.seller.AccessToken, pid), http.StatusConflict, "held")
	if got := m.bookingAs(m.buyer.AccessToken, a); got.Status != "accepted" || got.HandoverCode == "" || !got.Product.Reserved {
		t.Errorf("A's booking after a refused sold = %+v", got)
	}
	if rec := m.send(http.MethodPut, "/api/bookings/"+a+"/decline", m.seller.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body.String())
	}
	wantModified(t, "sold", m.markSold(m.seller.AccessToken, pid))
	if got := m.bookingAs(m.buyer.AccessToken, a); got.Status != "declined" || got.HandoverCode != "" || got.Product.Reserved {
		t.Errorf("A's booking after sold = %+v", got)
	}
	wantModified(t, "relist", m.relist(m.seller.AccessToken, pid))
	m.wantReserved("relisted", pid, false)
}

func TestRelistRefusedAfterAHandover(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	code := m.mustAccept(m.buyer.AccessToken, a)
	if rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	wantError(t, m.relist(m.seller.AccessToken, pid), http.StatusConflict, "sold_in_shop")
	wantError(t, m.markSold(m.seller.AccessToken, pid), http.StatusConflict, "sold")
	if _, ok := m.inCategory(pid); ok {
		t.Error("handed-over laptop back in its category")
	}
}

func TestRelistRefusedAfterACardPayment(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, a)
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, a, pi); r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	wantError(t, m.relist(m.seller.AccessToken, pid), http.StatusConflict, "sold_in_shop")
	if _, ok := m.inCategory(pid); ok {
		t.Error("paid laptop back in its category")
	}
}

func TestAcceptedBookingPaysByCardThenHandsOver(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	b, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	// B starts paying while pending, then the seller accepts A
	piB := m.intentFor(m.otherBuyer.AccessToken, b)
	code := m.mustAccept(m.buyer.AccessToken, a)
	creates, reads := m.stripe.CreateCount(), m.stripe.GetCount(piB)
	wantError(t, m.postJSON("/api/create-payment-intent", m.otherBuyer.AccessToken, map[string]any{"bookingId": b}), http.StatusConflict, "wrong_state")
	if m.stripe.CreateCount() != creates || m.stripe.GetCount(piB) != reads {
		t.Errorf("Stripe was asked for a declined booking: %d creates (was %d), %d reads of its intent (was %d)",
			m.stripe.CreateCount(), creates, m.stripe.GetCount(piB), reads)
	}

	pi := m.intentFor(m.buyer.AccessToken, a)
	if m.stripe.CreateCount() != creates+1 {
		t.Fatalf("creates = %d, want %d", m.stripe.CreateCount(), creates+1)
	}
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, a, pi); r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	ab := m.bookingAs(m.buyer.AccessToken, a)
	if ab.Status != "paid" || !ab.Paid || ab.Product.Available != "soled" || ab.Product.Reserved || ab.HandoverCode != code || ab.ReservedUntil != nil {
		t.Errorf("paid booking = %+v (code %s)", ab, code)
	}
	if _, ok := m.productState(pid); ok {
		t.Error("paid laptop's page still found")
	}
	// a paid booking is no longer the buyer's to delete, nor the seller's to decline
	wantError(t, m.send(http.MethodDelete, "/api/bookings/"+a, m.buyer.AccessToken, nil), http.StatusConflict, "paid")
	wantError(t, m.send(http.MethodPut, "/api/bookings/"+a+"/decline", m.seller.AccessToken, nil), http.StatusConflict, "wrong_state")

	rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code})
	if rec.Code != http.StatusOK {
		t.Fatalf("hand-over of the paid booking: %d %s", rec.Code, rec.Body.String())
	}
	var l leadWire
	decode(t, rec, &l)
	if l.Status != "completed" || !l.Paid {
		t.Errorf("completed lead = %+v", l)
	}
	var status string
	var n int
	m.scalar(&status, "SELECT status FROM payments WHERE transaction_id = $1", pi)
	m.scalar(&n, "SELECT count(*) FROM payments")
	if status != "succeeded" || n != 1 {
		t.Errorf("payment after the hand-over: %q, %d payments", status, n)
	}
	if m.stripe.RefundCount(pi) != 0 {
		t.Error("the completed payment was refunded")
	}
	// completed: no more paying
	wantError(t, m.postJSON("/api/create-payment-intent", m.buyer.AccessToken, map[string]any{"bookingId": a}), http.StatusConflict, "paid")
}

// A booking paid by card without an accept is still handed over at the
// meeting: the payment gives it its code.
func TestPendingBookingPaidByCardGetsAHandoverCode(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	if code := m.bookingAs(m.buyer.AccessToken, a).HandoverCode; code != "" {
		t.Fatalf("a pending booking shows a code: %q", code)
	}
	pi := m.intentFor(m.buyer.AccessToken, a)
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, a, pi); r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	ab := m.bookingAs(m.buyer.AccessToken, a)
	if ab.Status != "paid" || len(ab.HandoverCode) != 6 {
		t.Fatalf("paid booking = %+v", ab)
	}
	rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": ab.HandoverCode})
	if rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.bookingAs(m.buyer.AccessToken, a); got.Status != "completed" || got.HandoverCode != "" {
		t.Errorf("after the hand-over: %+v", got)
	}
}

// race runs the two calls together, as close as a start barrier gets them.
func race(first, second func()) {
	var ready, wg sync.WaitGroup
	start := make(chan struct{})
	for _, f := range []func(){first, second} {
		ready.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready.Done()
			<-start
			f()
		}()
	}
	ready.Wait()
	close(start)
	wg.Wait()
}

// bookingFacts is what the database holds of a booking after a race.
type bookingFacts struct {
	status, paymentStatus string
	payments              int
	productSold, reserved bool
}

func (m *market) factsOf(bookingID string) bookingFacts {
	m.t.Helper()
	var f bookingFacts
	err := m.pool.QueryRow(context.Background(), `
		SELECT b.status, p.sold_at IS NOT NULL, p.reserved_by IS NOT NULL,
		       (SELECT count(*) FROM payments WHERE booking_id = b.id),
		       COALESCE((SELECT string_agg(status, ',') FROM payments WHERE booking_id = b.id), '')
		FROM bookings b JOIN products p ON p.id = b.product_id WHERE b.id = $1`, bookingID).
		Scan(&f.status, &f.productSold, &f.reserved, &f.payments, &f.paymentStatus)
	if err != nil {
		m.t.Fatal(err)
	}
	return f
}

const raceRounds = 50

// A card payment recorded while the seller accepts the same booking: one
// payment, the booking paid, the laptop sold and not reserved, whichever
// came first.
func TestRacePaymentAgainstAccept(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	acceptedFirst := 0
	for round := range raceRounds {
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"productName": fmt.Sprintf("Race %d", round)})
		m.exec("UPDATE bookings SET created_at = now() - interval '2 hours'") // outside the buyer's hourly budget
		bid, _ := m.book(m.buyer.AccessToken, pid, nil)
		pi := m.intentFor(m.buyer.AccessToken, bid)
		m.stripe.Succeed(pi)
		var paid *httpResult
		var accept *httptest.ResponseRecorder
		race(func() { paid = m.pay(m.buyer.AccessToken, bid, pi) },
			func() {
				accept = m.do(http.MethodPut, "/api/bookings/"+bid+"/accept", nil, bearer(m.seller.AccessToken))
			})

		if paid.code != http.StatusOK {
			t.Errorf("round %d: payment answered %d %s", round, paid.code, paid.body)
		}
		switch accept.Code {
		case http.StatusOK:
			acceptedFirst++
		case http.StatusConflict:
			wantError(t, accept, http.StatusConflict, "wrong_state")
		default:
			t.Errorf("round %d: accept answered %d %s", round, accept.Code, accept.Body.String())
		}
		f := m.factsOf(bid)
		if f != (bookingFacts{status: "paid", paymentStatus: "succeeded", payments: 1, productSold: true, reserved: false}) {
			t.Errorf("round %d (accept %d): %+v", round, accept.Code, f)
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("the accept came first in %d of %d rounds", acceptedFirst, raceRounds)
}

// The right hand-over code typed while the card payment of the same
// accepted booking is recorded: one payment, the booking completed, the
// payment kept or marked for refund, never an error of ours.
func TestRaceHandoverAgainstPayment(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	handedFirst := 0
	for round := range raceRounds {
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"productName": fmt.Sprintf("Race %d", round)})
		m.exec("UPDATE bookings SET created_at = now() - interval '2 hours'") // outside the buyer's hourly budget
		bid, _ := m.book(m.buyer.AccessToken, pid, nil)
		code := m.mustAccept(m.buyer.AccessToken, bid)
		pi := m.intentFor(m.buyer.AccessToken, bid)
		m.stripe.Succeed(pi)
		var paid *httpResult
		var hand *httptest.ResponseRecorder
		body, _ := json.Marshal(map[string]any{"code": code})
		race(func() { paid = m.pay(m.buyer.AccessToken, bid, pi) },
			func() {
				hand = m.do(http.MethodPost, "/api/bookings/"+bid+"/handover", bytes.NewReader(body), bearer(m.seller.AccessToken))
			})

		if hand.Code != http.StatusOK {
			t.Errorf("round %d: hand-over answered %d %s", round, hand.Code, hand.Body.String())
		}
		f := m.factsOf(bid)
		switch {
		case f.paymentStatus == "succeeded" && paid.code == http.StatusOK:
			// paid, then handed over
		case (f.paymentStatus == "refund_required" || f.paymentStatus == "refunded") && paid.code == http.StatusConflict &&
			strings.Contains(paid.body, `"refund_required"`):
			handedFirst++
		default:
			t.Errorf("round %d: payment answered %d %s, stored %q", round, paid.code, paid.body, f.paymentStatus)
		}
		if f.status != "completed" || f.payments != 1 || !f.productSold || f.reserved {
			t.Errorf("round %d: %+v", round, f)
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("the hand-over came first in %d of %d rounds", handedFirst, raceRounds)
}

// An admin deleting a buyer while the buyer's card payment of an accepted
// booking is recorded: both finish, whichever order they take.
func TestRaceDeleteBuyerAgainstPayment(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	ctx := context.Background()
	for round := range raceRounds {
		u, err := m.store.CreateUser(ctx, store.NewUser{Name: "Racer", Email: fmt.Sprintf("racer%d@example.com", round), Role: store.RoleBuyer})
		if err != nil {
			t.Fatal(err)
		}
		token := tokenFor(t, u)
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"productName": fmt.Sprintf("Race %d", round)})
		bid, _ := m.book(token, pid, nil)
		m.mustAccept(token, bid)
		pi := m.intentFor(token, bid)
		m.stripe.Succeed(pi)
		var paid *httpResult
		var del *httptest.ResponseRecorder
		race(func() { paid = m.pay(token, bid, pi) },
			func() {
				del = m.do(http.MethodDelete, "/api/users/"+strconv.FormatInt(u.ID, 10), nil, bearer(m.admin.AccessToken))
			})
		if del.Code != http.StatusOK || paid.code >= 500 {
			t.Errorf("round %d: delete %d %s, payment %d %s", round, del.Code, del.Body.String(), paid.code, paid.body)
		}
		f := m.factsOf(bid)
		// deleted first, the buyer's report is refused (the webhook
		// records it later, for a refund)
		if f.payments > 1 || (f.payments == 0 && paid.code != http.StatusUnauthorized && paid.code != http.StatusNotFound) || f.reserved {
			t.Errorf("round %d: %+v", round, f)
		}
		if t.Failed() {
			break
		}
	}
}
