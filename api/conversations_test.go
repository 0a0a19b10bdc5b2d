package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/store"
)

type offerWire struct {
	ID         string     `json:"_id"`
	Amount     int64      `json:"amount"`
	By         string     `json:"by"`
	Status     string     `json:"status"`
	ValidUntil *time.Time `json:"validUntil"`
}

type chatMessageWire struct {
	ID        string     `json:"_id"`
	From      string     `json:"from"`
	Text      string     `json:"text"`
	Photos    []string   `json:"photos"`
	Offer     *offerWire `json:"offer"`
	CreatedAt time.Time  `json:"createdAt"`
}

type personWire struct {
	ID        string `json:"_id"`
	UserName  string `json:"userName"`
	UserPhoto string `json:"userPhoto"`
	Deleted   bool   `json:"deleted"`
}

type conversationWire struct {
	ID      string `json:"_id"`
	Role    string `json:"role"`
	Product struct {
		ID          string `json:"_id"`
		ProductName string `json:"productName"`
		Picture     string `json:"picture"`
		SellPrice   int64  `json:"sellPrice"`
		Available   string `json:"available"`
		Deleted     bool   `json:"deleted"`
	} `json:"product"`
	Other       personWire `json:"other"`
	LastMessage *struct {
		Text      string    `json:"text"`
		Offer     *int64    `json:"offer"`
		Photos    int       `json:"photos"`
		CreatedAt time.Time `json:"createdAt"`
	} `json:"lastMessage"`
	OtherReadAt  *time.Time  `json:"otherReadAt"`
	Unread       int64       `json:"unread"`
	Blocked      bool        `json:"blocked"`
	Offer        *offerWire  `json:"offer"`
	Buyer        *personWire `json:"buyer"`
	Seller       *personWire `json:"seller"`
	ReportReason string      `json:"reportReason"`
}

// openThread opens (or continues) the caller's thread about a product.
func (m *market) openThread(token, productID, text string) string {
	m.t.Helper()
	rec := m.postJSON("/api/conversations", token, map[string]any{"productId": productID, "text": text})
	if rec.Code != http.StatusCreated {
		m.t.Fatalf("open conversation: %d %s", rec.Code, rec.Body.String())
	}
	var out struct {
		ID string `json:"_id"`
	}
	decode(m.t, rec, &out)
	return out.ID
}

func (m *market) say(token, conv string, body any) *chatMessageWire {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/conversations/"+conv+"/messages", token, body)
	if rec.Code != http.StatusCreated {
		m.t.Fatalf("send %v: %d %s", body, rec.Code, rec.Body.String())
	}
	var msg chatMessageWire
	decode(m.t, rec, &msg)
	return &msg
}

// offer makes an offer in a thread and returns the offer's id.
func (m *market) offer(token, conv string, amount int64) string {
	m.t.Helper()
	msg := m.say(token, conv, map[string]any{"offer": amount})
	if msg.Offer == nil || msg.Offer.Amount != amount || msg.Offer.Status != "pending" || msg.Text != "" {
		m.t.Fatalf("offer message = %+v", msg)
	}
	return msg.Offer.ID
}

func (m *market) threads(token, query string) ([]conversationWire, string) {
	m.t.Helper()
	path := "/api/conversations" + query
	if strings.HasPrefix(query, "/") { // a next page's address
		path = query
	}
	rec := m.getAs(path, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET conversations: %d %s", rec.Code, rec.Body.String())
	}
	var list []conversationWire
	decode(m.t, rec, &list)
	return list, rec.Header().Get("Link")
}

func (m *market) thread(token, id string) conversationWire {
	m.t.Helper()
	rec := m.getAs("/api/conversations/"+id, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET conversation: %d %s", rec.Code, rec.Body.String())
	}
	var c conversationWire
	decode(m.t, rec, &c)
	return c
}

func (m *market) messages(token, id, query string) ([]chatMessageWire, string) {
	m.t.Helper()
	path := "/api/conversations/" + id + "/messages" + query
	if strings.HasPrefix(query, "/") { // a next page's address
		path = query
	}
	rec := m.getAs(path, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET messages: %d %s", rec.Code, rec.Body.String())
	}
	var list []chatMessageWire
	decode(m.t, rec, &list)
	next := ""
	if l := rec.Header().Get("Link"); l != "" {
		next = nextLink.FindStringSubmatch(l)[1]
	}
	return list, next
}

func (m *market) unreadThreads(token string) int64 {
	m.t.Helper()
	var n struct {
		Count int64 `json:"count"`
	}
	rec := m.getAs("/api/conversations/unread", token)
	decode(m.t, rec, &n)
	return n.Count
}

// noticesOf counts the caller's notifications of a kind, and returns the
// newest one's link.
func (m *market) noticesOf(token, kind string) (int, string) {
	m.t.Helper()
	var list []notificationWire
	decode(m.t, m.getAs("/api/notifications", token), &list)
	n, link := 0, ""
	for _, x := range list {
		if x.Kind == kind {
			if n == 0 {
				link = x.Link
			}
			n++
		}
	}
	return n, link
}

func TestConversationOpensOnceAndTellsTheSellerPerBurst(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)

	id := m.openThread(m.buyer.AccessToken, pid, "  Is it still available?  ")
	if again := m.openThread(m.buyer.AccessToken, pid, "Hello again"); again != id {
		t.Fatalf("second open gave thread %s, want the same %s", again, id)
	}
	// two messages in a row: one notification
	if n, link := m.noticesOf(m.seller.AccessToken, "message_received"); n != 1 || link != "/dashboard/messages/"+id {
		t.Fatalf("seller has %d message notifications (link %q), want 1", n, link)
	}
	if n := m.unreadThreads(m.seller.AccessToken); n != 1 {
		t.Fatalf("seller's unread threads = %d, want 1", n)
	}
	if n := m.unreadThreads(m.buyer.AccessToken); n != 0 {
		t.Fatalf("buyer's unread threads = %d, want 0 (their own messages)", n)
	}

	checkThreadAsEachSide(t, m, id, pid)
	// the seller reads and replies; the buyer is told once
	if rec := m.do(http.MethodPut, "/api/conversations/"+id+"/read", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("read: %d %s", rec.Code, rec.Body.String())
	}
	if n := m.unreadThreads(m.seller.AccessToken); n != 0 {
		t.Fatalf("after reading, seller's unread = %d", n)
	}
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Yes, it is.\nCome see it."})
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Battery holds 4 hours"})
	if n, _ := m.noticesOf(m.buyer.AccessToken, "message_received"); n != 1 {
		t.Fatalf("buyer has %d message notifications, want 1", n)
	}
	// the buyer answers: a new burst for the seller, who had read
	m.say(m.buyer.AccessToken, id, map[string]any{"text": "Great"})
	if n, _ := m.noticesOf(m.seller.AccessToken, "message_received"); n != 2 {
		t.Fatalf("seller has %d message notifications, want 2", n)
	}

	checkMessagesPaged(t, m, id)
	checkThreadPrivateUntilReported(t, m, id)
}

// checkThreadAsEachSide: the seller's inbox holds the thread, unread,
// with the buyer's last message; the buyer's view of it is read.
func checkThreadAsEachSide(t *testing.T, m *market, id, pid string) {
	t.Helper()
	list, _ := m.threads(m.seller.AccessToken, "")
	if len(list) != 1 {
		t.Fatalf("seller's threads = %+v", list)
	}
	c := list[0]
	if c.ID != id || c.Role != "seller" || c.Other.UserName != "Bea Buyer" || c.Other.ID != m.buyer.User.ID || c.Unread != 2 ||
		c.Product.ID != pid || c.Product.SellPrice != 38000 || c.Product.Available != "available" || c.Offer != nil ||
		c.LastMessage == nil || c.LastMessage.Text != "Hello again" || c.LastMessage.Offer != nil {
		t.Fatalf("seller's thread = %+v", c)
	}
	if mine := m.thread(m.buyer.AccessToken, id); mine.Role != "buyer" || mine.Other.UserName != "Sam Seller" || mine.Unread != 0 {
		t.Fatalf("buyer's thread = %+v", mine)
	}

}

// checkMessagesPaged: the thread's five messages, newest first, in pages.
func checkMessagesPaged(t *testing.T, m *market, id string) {
	t.Helper()
	page, next := m.messages(m.buyer.AccessToken, id, "?limit=2")
	if len(page) != 2 || page[0].Text != "Great" || page[1].Text != "Battery holds 4 hours" || next == "" || page[0].From != m.buyer.User.ID {
		t.Fatalf("first page = %+v, next %q", page, next)
	}
	rest, next := m.messages(m.buyer.AccessToken, id, next)
	if len(rest) != 2 || rest[0].Text != "Yes, it is.\nCome see it." || rest[1].Text != "Hello again" || next == "" {
		t.Fatalf("second page = %+v", rest)
	}
	last, next := m.messages(m.buyer.AccessToken, id, next)
	if len(last) != 1 || last[0].Text != "Is it still available?" || next != "" {
		t.Fatalf("last page = %+v, next %q", last, next)
	}

}

// checkThreadPrivateUntilReported: nobody else sees the thread, not even
// an admin until it is reported; then the admin reads it, never writes.
func checkThreadPrivateUntilReported(t *testing.T, m *market, id string) {
	t.Helper()
	for _, tok := range []string{m.otherBuyer.AccessToken, m.otherSeller.AccessToken, m.admin.AccessToken} {
		wantError(t, m.getAs("/api/conversations/"+id, tok), http.StatusNotFound, "not_found")
		wantError(t, m.getAs("/api/conversations/"+id+"/messages", tok), http.StatusNotFound, "not_found")
		wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", tok, map[string]any{"text": "hi"}), http.StatusNotFound, "not_found")
	}
	if list, _ := m.threads(m.otherBuyer.AccessToken, ""); len(list) != 0 {
		t.Fatalf("another buyer's inbox = %+v", list)
	}
	var reported []conversationWire
	decode(t, m.getAs("/api/admin/conversations", m.admin.AccessToken), &reported)
	if len(reported) != 0 {
		t.Fatalf("reported before any report: %+v", reported)
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/report", m.seller.AccessToken, map[string]any{"reason": "fraud"}), http.StatusBadRequest, "invalid")
	if rec := m.send(http.MethodPost, "/api/conversations/"+id+"/report", m.seller.AccessToken, map[string]any{"reason": "scam", "note": "asks for advance payment"}); rec.Code != http.StatusOK {
		t.Fatalf("report: %d %s", rec.Code, rec.Body.String())
	}
	decode(t, m.getAs("/api/admin/conversations", m.admin.AccessToken), &reported)
	if len(reported) != 1 || reported[0].ID != id || reported[0].ReportReason != "scam" || reported[0].Buyer == nil || reported[0].Buyer.UserName != "Bea Buyer" ||
		reported[0].Seller == nil || reported[0].Seller.UserName != "Sam Seller" {
		t.Fatalf("reported threads = %+v", reported)
	}
	if c := m.thread(m.admin.AccessToken, id); c.Role != "admin" || c.ReportReason != "scam" {
		t.Fatalf("admin's view = %+v", c)
	}
	if all, _ := m.messages(m.admin.AccessToken, id, ""); len(all) != 5 {
		t.Fatalf("admin reads %d messages", len(all))
	}
	// reading is not writing
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.admin.AccessToken, map[string]any{"text": "hi"}), http.StatusNotFound, "not_found")
	wantError(t, m.getAs("/api/conversations/"+id, m.otherBuyer.AccessToken), http.StatusNotFound, "not_found")
}

func TestOpeningAConversationIsRefused(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	open := func(token string, body any) *httpResult {
		rec := m.send(http.MethodPost, "/api/conversations", token, body)
		return &httpResult{code: rec.Code, body: rec.Body.String()}
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.seller.AccessToken, map[string]any{"productId": pid, "text": "hi"}), http.StatusConflict, "own_product")
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.buyer.AccessToken, map[string]any{"productId": "999999", "text": "hi"}), http.StatusNotFound, "not_found")
	for name, body := range map[string]any{
		"no text":       map[string]any{"productId": pid},
		"blank text":    map[string]any{"productId": pid, "text": " \n\t "},
		"too long":      map[string]any{"productId": pid, "text": strings.Repeat("অ", 2001)},
		"NUL":           map[string]any{"productId": pid, "text": "hi\u0000"},
		"RTL override":  map[string]any{"productId": pid, "text": "hi \u202e"},
		"no product":    map[string]any{"text": "hi"},
		"numeric id":    `{"productId": 5, "text": "hi"}`,
		"bad id":        map[string]any{"productId": "1 OR 1=1", "text": "hi"},
		"unknown field": map[string]any{"productId": pid, "text": "hi", "sellerId": "1"},
	} {
		if r := open(m.buyer.AccessToken, body); r.code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, r.code, r.body)
		}
	}
	// exactly 2000 characters (Bangla ones are 3 bytes each) is fine
	m.openThread(m.buyer.AccessToken, pid, strings.Repeat("অ", 2000))
	if n := countRows(t, m.testServer, "messages"); n != 1 {
		t.Fatalf("%d messages stored", n)
	}

	// a sold laptop takes no new words; a deleted one is not found
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", pid)
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.otherBuyer.AccessToken, map[string]any{"productId": pid, "text": "hi"}), http.StatusConflict, "sold")
	gone := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET deleted_at = now() WHERE id = $1", gone)
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.buyer.AccessToken, map[string]any{"productId": gone, "text": "hi"}), http.StatusNotFound, "not_found")
}

func countRows(t *testing.T, s *testServer, table string) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The accepted offer is the price: of a booking made while it holds, of
// the buyer's booking made before, and of the card payment. Prices sent
// by the client are ignored.
func TestAcceptedOfferIsThePriceOfBookingAndPayment(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil) // 38000
	id := m.openThread(m.buyer.AccessToken, pid, "Would you take less?")

	checkOffersRefused(t, m, id)
	second := checkOfferSupersedes(t, m, id)
	checkOfferAccepted(t, m, id, second)
	bid := checkOfferPricesBooking(t, m, pid)
	// the card payment charges the offer: the client's amounts are ignored
	pi := m.intentFor(m.buyer.AccessToken, bid) // sends price 1
	if got := m.stripe.Intent(pi); got["amount"] != int64(3300000) {
		t.Fatalf("PaymentIntent amount = %v, want 3300000", got["amount"])
	}
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK { // sends price 1
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	var paid int64
	if err := m.pool.QueryRow(context.Background(), "SELECT amount FROM payments WHERE booking_id = $1", bid).Scan(&paid); err != nil {
		t.Fatal(err)
	}
	if paid != 3300000 {
		t.Fatalf("payment recorded %d", paid)
	}
	// sold: no more offers
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"offer": 20000}), http.StatusConflict, "sold")
}

// checkOffersRefused: only the buyer offers, from 1 to the price, whole
// numbers; nothing refused is stored.
func checkOffersRefused(t *testing.T, m *payMarket, id string) {
	t.Helper()
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.seller.AccessToken, map[string]any{"offer": 30000}), http.StatusBadRequest, "not_buyer")
	e := wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"offer": 38001}), http.StatusBadRequest, "invalid")
	if e.Fields["offer"] == "" {
		t.Fatalf("above the price: %+v", e)
	}
	for _, body := range []string{`{"offer": 0}`, `{"offer": -5}`, `{"offer": "30000"}`, `{"offer": 30000.5}`, `{"offer": 1e400}`, `{"offer": 99999999999999999999}`, `{"offer": 30000, "text": "deal?"}`, `{"offer": null}`} {
		if rec := m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", body, rec.Code, rec.Body.String())
		}
	}
	if n := countRows(t, m.testServer, "offers"); n != 0 {
		t.Fatalf("%d offers stored from refused requests", n)
	}

}

// checkOfferSupersedes: a second offer supersedes the first, which can
// no longer be answered; only the seller answers.
func checkOfferSupersedes(t *testing.T, m *payMarket, id string) string {
	t.Helper()
	first := m.offer(m.buyer.AccessToken, id, 30000)
	if n, link := m.noticesOf(m.seller.AccessToken, "offer_received"); n != 1 || link != "/dashboard/messages/"+id {
		t.Fatalf("seller has %d offer notifications (%q)", n, link)
	}
	second := m.offer(m.buyer.AccessToken, id, 33000)
	msgs, _ := m.messages(m.seller.AccessToken, id, "")
	if len(msgs) != 3 || msgs[0].Offer == nil || msgs[0].Offer.ID != second || msgs[1].Offer == nil || msgs[1].Offer.Status != "superseded" {
		t.Fatalf("messages after a second offer = %+v", msgs)
	}
	// the buyer cannot answer their own offer (the other side answers an
	// offer since counter offers, #37), other people cannot see it; a
	// superseded offer is answered
	wantError(t, m.do(http.MethodPut, "/api/offers/"+second+"/accept", nil, bearer(m.buyer.AccessToken)), http.StatusForbidden, "own_offer")
	wantError(t, m.do(http.MethodPut, "/api/offers/"+second+"/accept", nil, bearer(m.otherSeller.AccessToken)), http.StatusNotFound, "not_found")
	wantError(t, m.do(http.MethodPut, "/api/offers/"+first+"/accept", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "answered")

	return second
}

// checkOfferAccepted: the seller accepts the offer for 48 hours, once;
// the buyer is told and the thread shows it.
func checkOfferAccepted(t *testing.T, m *payMarket, id, second string) {
	t.Helper()
	rec := m.do(http.MethodPut, "/api/offers/"+second+"/accept", nil, bearer(m.seller.AccessToken))
	var o offerWire
	decode(t, rec, &o)
	if rec.Code != http.StatusOK || o.Status != "accepted" || o.Amount != 33000 || o.ValidUntil == nil ||
		o.ValidUntil.Sub(time.Now()) < 47*time.Hour || o.ValidUntil.Sub(time.Now()) > 49*time.Hour {
		t.Fatalf("accept: %d %+v", rec.Code, o)
	}
	wantError(t, m.do(http.MethodPut, "/api/offers/"+second+"/accept", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "answered")
	wantError(t, m.do(http.MethodPut, "/api/offers/"+second+"/decline", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "answered")
	if n, _ := m.noticesOf(m.buyer.AccessToken, "offer_answered"); n != 1 {
		t.Fatalf("buyer has %d offer_answered notifications", n)
	}
	if c := m.thread(m.buyer.AccessToken, id); c.Offer == nil || c.Offer.ID != second || c.Offer.Status != "accepted" {
		t.Fatalf("thread's offer = %+v", c.Offer)
	}

}

// checkOfferPricesBooking: a booking while the offer holds takes its
// price, whatever price the client sends; another buyer pays the listed
// price.
func checkOfferPricesBooking(t *testing.T, m *payMarket, pid string) string {
	t.Helper()
	bid, code := m.book(m.buyer.AccessToken, pid, map[string]any{"price": 1})
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Price != 33000 {
		t.Fatalf("booking price = %d, want the accepted offer 33000", b.Price)
	}
	// another buyer pays the listed price
	theirs, _ := m.book(m.otherBuyer.AccessToken, pid, map[string]any{"price": 33000})
	decode(t, m.getAs("/api/bookings/"+theirs, m.otherBuyer.AccessToken), &b)
	if b.Price != 38000 {
		t.Fatalf("another buyer's booking price = %d", b.Price)
	}

	return bid
}

func TestAcceptingAnOfferRepricesTheOpenBooking(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "I booked it, would you take 35000?")
	oid := m.offer(m.buyer.AccessToken, id, 35000)
	if rec := m.do(http.MethodPut, "/api/offers/"+oid+"/accept", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body.String())
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Price != 35000 {
		t.Fatalf("booking price after the accept = %d", b.Price)
	}
	// an accepted offer past its time no longer prices a new booking
	m.exec("UPDATE offers SET valid_until = now() - interval '1 second' WHERE id = $1", oid)
	if c := m.thread(m.buyer.AccessToken, id); c.Offer == nil || c.Offer.Status != "expired" {
		t.Fatalf("offer after its time = %+v", c.Offer)
	}
	m.do(http.MethodDelete, "/api/bookings/"+bid, nil, bearer(m.buyer.AccessToken))
	again, _ := m.book(m.buyer.AccessToken, pid, nil)
	decode(t, m.getAs("/api/bookings/"+again, m.buyer.AccessToken), &b)
	if b.Price != 38000 {
		t.Fatalf("booking after the offer expired = %d", b.Price)
	}
	// declining tells the buyer too
	next := m.offer(m.buyer.AccessToken, id, 36000)
	if rec := m.do(http.MethodPut, "/api/offers/"+next+"/decline", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body.String())
	}
	if n, _ := m.noticesOf(m.buyer.AccessToken, "offer_answered"); n != 2 {
		t.Fatalf("buyer has %d offer_answered notifications", n)
	}
}

func TestOfferOnALaptopReservedForSomeoneElse(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Still there?")
	pending := m.offer(m.buyer.AccessToken, id, 30000)
	theirs, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	if rec := m.do(http.MethodPut, "/api/bookings/"+theirs+"/accept", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("accept booking: %d %s", rec.Code, rec.Body.String())
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"offer": 31000}), http.StatusConflict, "reserved")
	wantError(t, m.do(http.MethodPut, "/api/offers/"+pending+"/accept", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "reserved")
	// words are still fine
	m.say(m.buyer.AccessToken, id, map[string]any{"text": "Tell me if it falls through"})
	// the buyer it is reserved for may still haggle
	other := m.openThread(m.otherBuyer.AccessToken, pid, "Would you take 37000?")
	oid := m.offer(m.otherBuyer.AccessToken, other, 37000)
	if rec := m.do(http.MethodPut, "/api/offers/"+oid+"/accept", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body.String())
	}
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+theirs, m.otherBuyer.AccessToken), &b)
	if b.Price != 37000 {
		t.Fatalf("reserved booking price = %d", b.Price)
	}
}

func TestBlocking(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Hi")
	sellerID := m.seller.User.ID

	wantError(t, m.do(http.MethodPut, "/api/users/"+m.buyer.User.ID+"/block", nil, bearer(m.buyer.AccessToken)), http.StatusBadRequest, "bad_request")
	wantError(t, m.do(http.MethodPut, "/api/users/999999/block", nil, bearer(m.buyer.AccessToken)), http.StatusNotFound, "not_found")
	for range 2 { // idempotent
		if rec := m.do(http.MethodPut, "/api/users/"+sellerID+"/block", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
			t.Fatalf("block: %d %s", rec.Code, rec.Body.String())
		}
	}
	e := wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.seller.AccessToken, map[string]any{"text": "Why?"}), http.StatusForbidden, "blocked")
	if !strings.Contains(e.Message, "does not accept messages") {
		t.Fatalf("message = %q", e.Message)
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"text": "x"}), http.StatusForbidden, "you_blocked")
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.buyer.AccessToken, map[string]any{"productId": pid, "text": "x"}), http.StatusForbidden, "you_blocked")
	if c := m.thread(m.buyer.AccessToken, id); !c.Blocked {
		t.Fatal("the buyer's thread does not say blocked")
	}
	if c := m.thread(m.seller.AccessToken, id); c.Blocked {
		t.Fatal("the seller's thread says they blocked")
	}
	// a seller who blocks a buyer is not written to about another laptop either
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Another"})
	if rec := m.do(http.MethodPut, "/api/users/"+m.otherBuyer.User.ID+"/block", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("block: %d", rec.Code)
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.otherBuyer.AccessToken, map[string]any{"productId": other, "text": "x"}), http.StatusForbidden, "blocked")
	if n := countRows(t, m.testServer, "conversations"); n != 1 {
		t.Fatalf("%d threads", n)
	}

	for range 2 {
		if rec := m.do(http.MethodDelete, "/api/users/"+sellerID+"/block", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
			t.Fatalf("unblock: %d %s", rec.Code, rec.Body.String())
		}
	}
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Thanks"})
}

func TestMessagesAreThrottledPerSender(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "1")
	for i := 2; i <= store.MessagesPerWindow; i++ {
		m.say(m.buyer.AccessToken, id, map[string]any{"text": strconv.Itoa(i)})
	}
	rec := m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"text": "one too many"})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if ra, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Fatalf("Retry-After = %q", rec.Header().Get("Retry-After"))
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations", m.buyer.AccessToken, map[string]any{"productId": pid, "text": "x"}), http.StatusTooManyRequests, "throttled")
	// the other person is not held back
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Slow down"})
	// a minute later the buyer writes again
	m.exec("UPDATE messages SET created_at = created_at - interval '61 seconds' WHERE sender_id = $1", m.buyer.User.ID)
	m.say(m.buyer.AccessToken, id, map[string]any{"text": "Sorry"})
}

func TestNewAccountsOpenTwentyConversationsADay(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ctx := context.Background()
	var ids []string
	for i := range store.NewAccountThreads + 2 {
		p, err := m.store.CreateProduct(ctx, store.NewProduct{SellerID: mustID(t, m.seller.User.ID), CategoryID: 3, Name: fmt.Sprint("Laptop ", i),
			Picture: m.photo, SellPrice: 1000, OriginalPrice: 2000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, strconv.FormatInt(p.ID, 10))
	}
	for _, pid := range ids[:store.NewAccountThreads] {
		m.openThread(m.buyer.AccessToken, pid, "Available?")
	}
	rec := m.send(http.MethodPost, "/api/conversations", m.buyer.AccessToken, map[string]any{"productId": ids[store.NewAccountThreads], "text": "Available?"})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if rec.Header().Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// continuing an open thread is not a new one
	m.openThread(m.buyer.AccessToken, ids[0], "Still there?")
	// an account older than a day is not capped
	m.exec("UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1", m.buyer.User.ID)
	m.openThread(m.buyer.AccessToken, ids[store.NewAccountThreads], "Available?")
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A deleted account or laptop leaves the thread readable for the other
// person, the product shown as it was; writing says why it cannot.
func TestConversationOutlivesDeletedAccountsAndProducts(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Hi")
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Hello"})

	// the laptop deleted: text goes on, offers do not
	if rec := m.do(http.MethodDelete, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete product: %d", rec.Code)
	}
	c := m.thread(m.buyer.AccessToken, id)
	if !c.Product.Deleted || c.Product.ProductName != "HP EliteBook 840 G5" || c.Product.SellPrice != 38000 {
		t.Fatalf("thread of a deleted laptop = %+v", c.Product)
	}
	m.say(m.buyer.AccessToken, id, map[string]any{"text": "Did you sell it?"})
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"offer": 100}), http.StatusConflict, "not_listed")

	// the seller's account deleted: the buyer still reads, cannot write
	if rec := m.do(http.MethodDelete, "/api/users/"+m.seller.User.ID, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete user: %d %s", rec.Code, rec.Body.String())
	}
	list, _ := m.threads(m.buyer.AccessToken, "")
	if len(list) != 1 || !list[0].Other.Deleted || list[0].Other.UserName != "Sam Seller" {
		t.Fatalf("buyer's inbox = %+v", list)
	}
	if msgs, _ := m.messages(m.buyer.AccessToken, id, ""); len(msgs) != 3 {
		t.Fatalf("%d messages", len(msgs))
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"text": "Hello?"}), http.StatusConflict, "account_closed")
	if rec := m.do(http.MethodPut, "/api/conversations/"+id+"/read", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("read: %d", rec.Code)
	}
	wantError(t, m.do(http.MethodPut, "/api/users/"+m.seller.User.ID+"/block", nil, bearer(m.buyer.AccessToken)), http.StatusNotFound, "not_found")
}

// Bad bodies to the conversation writes: a clear 4xx each, and nothing
// stored.
func TestConversationWritesRefuseHostileBodies(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Hi")
	before := dbFingerprint(t, m.testServer)
	bodies := []string{
		`{"text": ""}`, `{"text": "   "}`, `{"text": 5}`, `{"text": ["a"]}`, `{"text": null}`, `{}`,
		`{"text": "` + strings.Repeat("a", 2001) + `"}`, `{"text": "` + strings.Repeat("a", 70<<10) + `"}`,
		`{"text": "a\u0000b"}`, `{"text": "\u202eevil"}`, `{"text": "hi", "from": "1"}`,
		`{"offer": -1}`, `{"offer": 0}`, `{"offer": 38001}`, `{"offer": "100"}`, `{"offer": 1.5}`, `{"offer": true}`,
		`{"offer": 100, "text": "hi"}`, `{"text": "hi"}{}`, `{"text": "hi"`, `[1]`, `"hi"`,
	}
	for _, b := range bodies {
		rec := m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, b)
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("message %.60s: %d %s", b, rec.Code, rec.Body.String())
		}
	}
	for _, b := range []string{`{}`, `{"reason": "Spam"}`, `{"reason": "spam", "note": "` + strings.Repeat("n", 501) + `"}`, `{"reason": "spam", "note": 5}`, `{"reason": "spam", "extra": 1}`} {
		if rec := m.send(http.MethodPost, "/api/conversations/"+id+"/report", m.seller.AccessToken, b); rec.Code != http.StatusBadRequest {
			t.Errorf("report %.60s: %d %s", b, rec.Code, rec.Body.String())
		}
	}
	for _, bad := range []string{"abc", "-1", "0", "1.5", "99999999999999999999"} {
		for _, p := range []string{"/api/conversations/" + bad, "/api/conversations/" + bad + "/messages"} {
			if rec := m.getAs(p, m.buyer.AccessToken); rec.Code != http.StatusNotFound {
				t.Errorf("GET %s: %d", p, rec.Code)
			}
		}
	}
	for _, q := range []string{"?limit=0", "?limit=x", "?cursor=abc", "?limit=1&limit=2"} {
		if rec := m.getAs("/api/conversations"+q, m.buyer.AccessToken); rec.Code != http.StatusBadRequest {
			t.Errorf("GET conversations%s: %d", q, rec.Code)
		}
		if rec := m.getAs("/api/conversations/"+id+"/messages"+q, m.buyer.AccessToken); rec.Code != http.StatusBadRequest {
			t.Errorf("GET messages%s: %d", q, rec.Code)
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile bodies changed the database:\nbefore %s\nafter  %s", before, after)
	}
}

// Concurrent opens of one thread make one thread; concurrent offers leave
// one pending; an accept racing a sale either lands first or is refused.
func TestConversationRaces(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	const n = 8
	var wg sync.WaitGroup
	codes := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = m.postJSON("/api/conversations", m.buyer.AccessToken, map[string]any{"productId": pid, "text": fmt.Sprint("hello ", i)}).Code
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusCreated {
			t.Fatalf("open %d: %d", i, c)
		}
	}
	if c := countRows(t, m.testServer, "conversations"); c != 1 {
		t.Fatalf("%d threads", c)
	}
	if c := countRows(t, m.testServer, "messages"); c != n {
		t.Fatalf("%d messages", c)
	}
	id := m.thread(m.buyer.AccessToken, mustString(t, m)).ID

	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = m.postJSON("/api/conversations/"+id+"/messages", m.buyer.AccessToken, map[string]any{"offer": 30000 + i}).Code
		}()
	}
	wg.Wait()
	var pending int
	if err := m.pool.QueryRow(context.Background(), "SELECT count(*) FROM offers WHERE status = 'pending'").Scan(&pending); err != nil {
		t.Fatal(err)
	}
	if pending != 1 {
		t.Fatalf("%d pending offers after concurrent offers (%v)", pending, codes)
	}
	c := m.thread(m.seller.AccessToken, id)
	if c.Offer == nil || c.Offer.Status != "pending" {
		t.Fatalf("latest offer = %+v", c.Offer)
	}

	// accept racing the seller's sale elsewhere
	var accept, sold int
	wg.Add(2)
	go func() {
		defer wg.Done()
		accept = m.do(http.MethodPut, "/api/offers/"+c.Offer.ID+"/accept", nil, bearer(m.seller.AccessToken)).Code
	}()
	go func() {
		defer wg.Done()
		sold = m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken)).Code
	}()
	wg.Wait()
	if sold != http.StatusOK || (accept != http.StatusOK && accept != http.StatusConflict) {
		t.Fatalf("accept %d, sold %d", accept, sold)
	}
}

// mustString is the id of the buyer's only thread.
func mustString(t *testing.T, m *market) string {
	t.Helper()
	list, _ := m.threads(m.buyer.AccessToken, "")
	if len(list) != 1 {
		t.Fatalf("%d threads", len(list))
	}
	return list[0].ID
}

func TestConversationListPagesByActivity(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	var threads []string
	for i := range 3 {
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"productName": fmt.Sprint("Laptop ", i)})
		threads = append(threads, m.openThread(m.buyer.AccessToken, pid, "Hi"))
	}
	// the oldest thread gets a new message: it comes first
	m.say(m.seller.AccessToken, threads[0], map[string]any{"text": "Still interested?"})
	first, link := m.threads(m.buyer.AccessToken, "?limit=2")
	if len(first) != 2 || first[0].ID != threads[0] || first[1].ID != threads[2] || link == "" {
		t.Fatalf("first page = %+v (%s)", first, link)
	}
	rest, link := m.threads(m.buyer.AccessToken, nextLink.FindStringSubmatch(link)[1])
	if len(rest) != 1 || rest[0].ID != threads[1] || link != "" {
		t.Fatalf("second page = %+v (%s)", rest, link)
	}
	if first[0].Unread != 1 || m.unreadThreads(m.buyer.AccessToken) != 1 {
		t.Fatalf("unread = %d / %d", first[0].Unread, m.unreadThreads(m.buyer.AccessToken))
	}
}

// Reading a thread reads the notifications that lead to it.
func TestReadingAThreadReadsItsNotifications(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Hi")
	m.offer(m.buyer.AccessToken, id, 30000)
	unread := func() int64 {
		var n struct {
			Count int64 `json:"count"`
		}
		decode(t, m.getAs("/api/notifications/unread", m.seller.AccessToken), &n)
		return n.Count
	}
	if n := unread(); n != 2 {
		t.Fatalf("seller's unread notifications = %d, want 2", n)
	}
	m.do(http.MethodPut, "/api/conversations/"+id+"/read", nil, bearer(m.seller.AccessToken))
	if n := unread(); n != 0 {
		t.Fatalf("after reading the thread: %d unread notifications", n)
	}
}
