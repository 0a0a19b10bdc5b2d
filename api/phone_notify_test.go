package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"resale/store"
)

// bookAndAccept makes a product of seller's, booked by buyer, and has the
// seller accept it over the API (the booking_accepted notification).
func (m *smsShop) bookAndAccept(seller store.User, sellerToken string, buyer store.User) int64 {
	m.t.Helper()
	ctx := context.Background()
	p, err := m.store.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 3, Name: "ThinkPad " + buyer.Name, Picture: "/uploads/x.jpg",
		SellPrice: 30000, OriginalPrice: 60000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		m.t.Fatal(err)
	}
	b, err := m.store.CreateBooking(ctx, store.NewBooking{ProductID: p.ID, Buyer: buyer, Phone: "01811223344", MeetLocation: "Mirpur"})
	if err != nil {
		m.t.Fatal(err)
	}
	if rec := m.do(http.MethodPut, fmt.Sprintf("/api/bookings/%d/accept", b.ID), nil, bearer(sellerToken)); rec.Code != http.StatusOK {
		m.t.Fatalf("accepting: %d %s", rec.Code, rec.Body)
	}
	return b.ID
}

// #35 a key event goes by SMS to a proved phone when email does not reach
// its person (no proved email, or this kind's email turned off) and its
// SMS switch is on; never to one whose email does reach them.
func TestSMSNotificationsWhenEmailDoesNotReach(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	seller, sellerToken := m.account("Sam", "Seller")
	buyers := map[string]string{"unproved email": "+8801711000001", "sms off": "+8801711000002", "proved email": "+8801711000003",
		"email off": "+8801711000004", "no proved phone": ""}
	tokens := map[string]string{}
	users := map[string]store.User{}
	for who, phone := range buyers {
		u, token := m.account(strings.ReplaceAll(who, " ", ""), "Buyer")
		users[who], tokens[who] = u, token
		if phone != "" {
			m.verify(u, phone)
		}
	}
	m.exec(`UPDATE users SET phone = '+8801711000005' WHERE id = $1`, users["no proved phone"].ID) // typed, not proved
	m.exec(`UPDATE users SET email_verified_at = now() WHERE id = ANY($1)`, []int64{users["proved email"].ID, users["email off"].ID})
	put := func(who string, body map[string]any) {
		rec := m.do(http.MethodPut, "/api/me/notification-settings", jsonReader(t, body), bearer(tokens[who]))
		if rec.Code != http.StatusOK {
			t.Fatalf("settings of %s: %d %s", who, rec.Code, rec.Body)
		}
	}
	put("sms off", map[string]any{"sms": map[string]bool{"booking_accepted": false}})
	put("email off", map[string]any{"email": map[string]bool{"booking_accepted": false}})
	for who := range buyers {
		m.bookAndAccept(seller, sellerToken, users[who])
	}
	m.settle("send_sms_notice")
	got := map[string]int{}
	for _, msg := range m.gw.Messages() {
		got[msg.To]++
		if !strings.Contains(msg.Text, "Booking accepted") || !strings.Contains(msg.Text, "https://shop.example.com/dashboard/mybooking") {
			t.Errorf("the SMS %q should say what happened and link to it", msg.Text)
		}
	}
	want := map[string]int{"+8801711000001": 1, "+8801711000004": 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("SMS went to %v, want %v", got, want)
	}
	var settings struct {
		SMS map[string]bool `json:"sms"`
	}
	decode(t, m.do(http.MethodGet, "/api/me/notification-settings", nil, bearer(tokens["sms off"])), &settings)
	if len(settings.SMS) != 3 || settings.SMS["booking_accepted"] || !settings.SMS["handover_reminder"] || !settings.SMS["payment_received"] {
		t.Errorf("sms settings = %v", settings.SMS)
	}
	rec := m.do(http.MethodPut, "/api/me/notification-settings", jsonReader(t, map[string]any{"sms": map[string]bool{"message_received": true}}), bearer(tokens["sms off"]))
	wantError(t, rec, http.StatusBadRequest, "invalid")
}

// The hand-over reminder: once per accepted booking, to its buyer and its
// seller, 12 hours before the 72-hour reservation ends; by SMS to a proved
// phone whose email does not reach.
func TestHandoverReminderOncePerBooking(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	seller, sellerToken := m.account("Sam", "Seller")
	buyer, _ := m.account("Bea", "Buyer")
	m.verify(buyer, "+8801711000009")
	id := m.bookAndAccept(seller, sellerToken, buyer)
	ctx := context.Background()
	if n, err := m.store.RemindHandovers(ctx, store.ReservationLength, 12*time.Hour); err != nil || n != 0 {
		t.Fatalf("a fresh booking reminded: %d %v", n, err)
	}
	m.exec(`UPDATE bookings SET accepted_at = now() - interval '61 hours' WHERE id = $1`, id)
	n1, err := m.store.RemindHandovers(ctx, store.ReservationLength, 12*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	n2, err := m.store.RemindHandovers(ctx, store.ReservationLength, 12*time.Hour)
	if err != nil || n1+n2 > 1 {
		t.Fatalf("reminded %d then %d (%v); once at most", n1, n2, err)
	}
	m.settle("send_sms_notice", "remind_handovers")
	var told []int64
	rows, err := m.pool.Query(ctx, `SELECT user_id FROM notifications WHERE kind = 'handover_reminder' ORDER BY user_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u int64
		if err := rows.Scan(&u); err != nil {
			t.Fatal(err)
		}
		told = append(told, u)
	}
	if len(told) != 2 || told[0] == told[1] {
		t.Fatalf("reminded %v, want the buyer and the seller once each", told)
	}
	msgs := m.gw.To("+8801711000009")
	if len(msgs) != 2 || !strings.Contains(msgs[1].Text, "Hand-over reminder") {
		t.Fatalf("the buyer's SMS: %+v, want booking accepted then the reminder", msgs)
	}
}

// A proved number shows on its seller's listings (sellerPhoneVerified,
// sellerPhone; number stays as typed) and page; another number typed into
// the profile unproves it; a number another account proved is 409.
func TestVerifiedPhoneOnListingsAndChanged(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	sam := m.signup("Sam Seller", "sam@example.com", "Seller")
	rec := m.post("198.51.100.1", "/api/me/phone", sam.AccessToken, map[string]string{"phone": "01712-345678"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := m.post("198.51.100.1", "/api/me/phone/verify", sam.AccessToken, map[string]string{"code": m.code("+8801712345678", 1)}); rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	mk := &market{testServer: m.testServer, seller: sam, photo: sam.User.UserPhoto}
	pid := mk.addProduct(sam.AccessToken, map[string]any{"number": "01711-000000"})
	type listing struct {
		Number              string `json:"number"`
		SellerPhoneVerified bool   `json:"sellerPhoneVerified"`
		SellerPhone         string `json:"sellerPhone"`
	}
	var p listing
	decode(t, m.get("/api/products/"+pid), &p)
	if !p.SellerPhoneVerified || p.SellerPhone != "+8801712345678" || p.Number != "01711000000" {
		t.Fatalf("the listing = %+v", p)
	}
	// and on the lists, read in the same query as the listings (#38)
	var list []listing
	decode(t, m.get("/api/products?seller="+sam.User.ID), &list)
	if len(list) != 1 || list[0] != p {
		t.Fatalf("the list = %+v", list)
	}
	var page struct {
		PhoneVerified bool `json:"phoneVerified"`
	}
	decode(t, m.get("/api/sellers/"+sam.User.ID), &page)
	if !page.PhoneVerified {
		t.Error("the seller's page does not say the phone is verified")
	}

	_, otherToken := m.account("Mallory", "Buyer")
	m.earlier()
	rec = m.post("198.51.100.2", "/api/me/phone", otherToken, map[string]string{"phone": "+8801712345678"})
	if e := wantError(t, rec, http.StatusConflict, "conflict"); e.Fields["phone"] == "" {
		t.Errorf("409 without a field error: %+v", e)
	}
	// a 409 counts against the caps, so proved numbers cannot be probed
	// faster than codes could be asked for
	rec = m.post("198.51.100.2", "/api/me/phone", otherToken, map[string]string{"phone": "+8801712345678"})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")

	var v struct {
		User userWire `json:"user"`
	}
	decode(t, m.do(http.MethodPatch, "/api/me", jsonReader(t, map[string]string{"phone": "01712-345678"}), bearer(sam.AccessToken)), &v)
	if !v.User.PhoneVerified || v.User.Phone != "+8801712345678" {
		t.Fatalf("the proved number written another way: user = %+v", v.User)
	}
	rec = m.do(http.MethodPatch, "/api/me", jsonReader(t, map[string]string{"phone": "01812345678"}), bearer(sam.AccessToken))
	decode(t, rec, &v)
	if v.User.PhoneVerified || v.User.Phone != "01812345678" {
		t.Fatalf("after another number, user = %+v", v.User)
	}
	var after listing
	decode(t, m.get("/api/products/"+pid), &after)
	if after.SellerPhoneVerified || after.SellerPhone != "" {
		t.Fatalf("the listing after the number changed = %+v", after)
	}
	list = nil
	decode(t, m.get("/api/products?seller="+sam.User.ID), &list)
	if len(list) != 1 || list[0] != after {
		t.Fatalf("the list after the number changed = %+v", list)
	}
}
