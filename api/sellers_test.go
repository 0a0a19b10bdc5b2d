package api_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

type ratingWire struct {
	Average float64 `json:"average"`
	Count   int64   `json:"count"`
}

type sellerWire struct {
	ID              string     `json:"_id"`
	UserName        string     `json:"userName"`
	UserPhoto       string     `json:"userPhoto"`
	Verify          bool       `json:"verify"`
	JoinedAt        string     `json:"joinedAt"`
	ActiveListings  int64      `json:"activeListings"`
	SoldCount       int64      `json:"soldCount"`
	Rating          ratingWire `json:"rating"`
	ResponseMinutes *int64     `json:"responseMinutes"`
}

type reviewWire struct {
	ID        string  `json:"_id"`
	Rating    int     `json:"rating"`
	Text      string  `json:"text"`
	Reply     *string `json:"reply"`
	BuyerName string  `json:"buyerName"`
	CreatedAt string  `json:"createdAt"`
}

type bookingReviewWire struct {
	Review *struct {
		ID     string `json:"_id"`
		Rating int    `json:"rating"`
	} `json:"review"`
	Reviewable bool   `json:"reviewable"`
	Status     string `json:"status"`
}

func id64(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }

func (m *market) sellerPage(id string) (sellerWire, int) {
	m.t.Helper()
	rec := m.get("/api/sellers/" + id)
	var s sellerWire
	if rec.Code == http.StatusOK {
		decode(m.t, rec, &s)
	}
	return s, rec.Code
}

func (m *market) reviewsOf(id, query string) ([]reviewWire, string) {
	m.t.Helper()
	rec := m.get("/api/sellers/" + id + "/reviews" + query)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("reviews of %s: %d %s", id, rec.Code, rec.Body.String())
	}
	var list []reviewWire
	decode(m.t, rec, &list)
	return list, rec.Header().Get("Link")
}

func (m *market) review(token, bookingID string, body any) *httptest.ResponseRecorder {
	return m.send(http.MethodPost, "/api/bookings/"+bookingID+"/review", token, body)
}

// completedSale books a new laptop of the seller's as the buyer and hands
// it over: the booking id and the product id.
func (m *market) completedSale(price int) (string, string) {
	m.t.Helper()
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": price})
	bid, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		m.t.Fatalf("book: %d", code)
	}
	handover := m.mustAccept(m.buyer.AccessToken, bid)
	if rec := m.handover(m.seller.AccessToken, bid, map[string]any{"code": handover}); rec.Code != http.StatusOK {
		m.t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	return bid, pid
}

func TestReviewAfterHandover(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	other := m.addProduct(m.seller.AccessToken, nil) // still listed: the card that shows the rating
	bid, _ := m.completedSale(41000)

	checkReviewAsked(t, m, bid)
	r := checkReviewWritten(t, m, bid)
	checkRatingShown(t, m, other, r.ID)
	checkSecondReview(t, m, other, r.ID)
}

// checkReviewAsked: the buyer is asked, once, and the booking says it
// may be reviewed.
func checkReviewAsked(t *testing.T, m *market, bid string) {
	t.Helper()
	if n, link := m.noticesOf(m.buyer.AccessToken, "review_request"); n != 1 || link != "/dashboard/mybooking?review="+bid {
		t.Fatalf("review_request notices: %d, link %q", n, link)
	}
	var b bookingReviewWire
	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Status != "completed" || !b.Reviewable || b.Review != nil {
		t.Fatalf("booking before the review: %+v", b)
	}

}

// checkReviewWritten: the review is stored trimmed, the seller hears of
// it, a second one is a conflict, and the booking holds it.
func checkReviewWritten(t *testing.T, m *market, bid string) reviewWire {
	t.Helper()
	var b bookingReviewWire
	rec := m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 4, "text": "  Exactly as described.\nFriendly hand-over.  "})
	if rec.Code != http.StatusCreated {
		t.Fatalf("review: %d %s", rec.Code, rec.Body.String())
	}
	var r reviewWire
	decode(t, rec, &r)
	if r.ID == "" || r.Rating != 4 || r.Text != "Exactly as described.\nFriendly hand-over." || r.Reply != nil || r.BuyerName == "" {
		t.Fatalf("review = %+v", r)
	}
	// the seller hears of it, leading to their page where they reply
	if n, link := m.noticesOf(m.seller.AccessToken, "review_received"); n != 1 || link != "/seller/"+m.seller.User.ID {
		t.Fatalf("review_received: %d, %q", n, link)
	}
	// twice is a conflict
	wantError(t, m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 5, "text": "again"}), http.StatusConflict, "already_reviewed")

	decode(t, m.getAs("/api/bookings/"+bid, m.buyer.AccessToken), &b)
	if b.Reviewable || b.Review == nil || b.Review.ID != r.ID || b.Review.Rating != 4 {
		t.Fatalf("booking after the review: %+v", b)
	}

	return r
}

// checkRatingShown: the seller page, the product page and the cards show
// the rating, and the review is listed.
func checkRatingShown(t *testing.T, m *market, other, reviewID string) {
	t.Helper()
	s, code := m.sellerPage(m.seller.User.ID)
	if code != http.StatusOK || s.Rating != (ratingWire{4, 1}) || s.SoldCount != 1 || s.ActiveListings != 1 || s.UserName != m.seller.User.UserName || s.ResponseMinutes != nil {
		t.Fatalf("seller = %d %+v", code, s)
	}
	var card struct {
		SellerRating ratingWire `json:"sellerRating"`
	}
	decode(t, m.get("/api/products/"+other), &card)
	if card.SellerRating != (ratingWire{4, 1}) {
		t.Errorf("product's sellerRating = %+v", card.SellerRating)
	}
	var cards []struct {
		ID           string     `json:"_id"`
		SellerRating ratingWire `json:"sellerRating"`
	}
	decode(t, m.get("/api/products?seller="+m.seller.User.ID), &cards)
	if len(cards) != 1 || cards[0].ID != other || cards[0].SellerRating != (ratingWire{4, 1}) {
		t.Errorf("cards = %+v", cards)
	}
	list, next := m.reviewsOf(m.seller.User.ID, "")
	if len(list) != 1 || list[0].ID != reviewID || next != "" {
		t.Fatalf("reviews = %+v, next %q", list, next)
	}

}

// checkSecondReview: a second sale's review makes the average, drops the
// kept product answer, and the reviews come in pages of one.
func checkSecondReview(t *testing.T, m *market, other, firstID string) {
	t.Helper()
	var card struct {
		SellerRating ratingWire `json:"sellerRating"`
	}
	bid2, _ := m.completedSale(42000)
	if rec := m.review(m.buyer.AccessToken, bid2, map[string]any{"rating": 5, "text": "Great"}); rec.Code != http.StatusCreated {
		t.Fatalf("second review: %d", rec.Code)
	}
	if s, _ := m.sellerPage(m.seller.User.ID); s.Rating != (ratingWire{4.5, 2}) || s.SoldCount != 2 {
		t.Errorf("after two: %+v", s.Rating)
	}
	decode(t, m.get("/api/products/"+other), &card)
	if card.SellerRating != (ratingWire{4.5, 2}) {
		t.Errorf("the kept product answer was not dropped: %+v", card.SellerRating)
	}
	first, next := m.reviewsOf(m.seller.User.ID, "?limit=1")
	if len(first) != 1 || first[0].Rating != 5 || next == "" {
		t.Fatalf("first page %+v, next %q", first, next)
	}
	link := next[strings.Index(next, "<")+1 : strings.Index(next, ">")]
	second, next := m.reviewsOf(m.seller.User.ID, link[strings.Index(link, "?"):])
	if len(second) != 1 || second[0].ID != firstID || next != "" {
		t.Fatalf("second page %+v, next %q", second, next)
	}
}

func TestReviewOnlyByTheBuyerOfACompletedOrPaidBooking(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	good := map[string]any{"rating": 5, "text": "Good"}
	pid := m.addProduct(m.seller.AccessToken, nil)
	pending, _ := m.book(m.buyer.AccessToken, pid, nil)
	wantError(t, m.review(m.buyer.AccessToken, pending, good), http.StatusForbidden, "not_reviewable")
	m.mustAccept(m.buyer.AccessToken, pending)
	wantError(t, m.review(m.buyer.AccessToken, pending, good), http.StatusForbidden, "not_reviewable")

	bid, _ := m.completedSale(43000)
	for who, token := range map[string]string{"other buyer": m.otherBuyer.AccessToken, "seller": m.seller.AccessToken,
		"other seller": m.otherSeller.AccessToken, "admin": m.admin.AccessToken} {
		if rec := m.review(token, bid, good); rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d %s", who, rec.Code, rec.Body.String())
		}
	}
	if rec := m.review("", bid, good); rec.Code != http.StatusUnauthorized {
		t.Errorf("anonymous: %d", rec.Code)
	}
	wantError(t, m.review(m.buyer.AccessToken, "999999999", good), http.StatusNotFound, "not_found")
	wantError(t, m.review(m.buyer.AccessToken, "abc", good), http.StatusNotFound, "not_found")

	// a paid booking (card payment, not yet handed over) may be reviewed
	pid2 := m.addProduct(m.seller.AccessToken, nil)
	paid, _ := m.book(m.buyer.AccessToken, pid2, nil)
	m.exec("UPDATE bookings SET paid_at = now(), status = 'paid', handover_nonce = '\\x00112233445566778899aabbccddeeff' WHERE id = $1", id64(paid))
	if rec := m.review(m.buyer.AccessToken, paid, good); rec.Code != http.StatusCreated {
		t.Errorf("paid booking: %d %s", rec.Code, rec.Body.String())
	}

	// bad input: a clear 400 naming the field, nothing written
	for name, tc := range map[string]struct {
		body  any
		field string
	}{
		"no rating":      {map[string]any{"text": "ok"}, "rating"},
		"rating 0":       {map[string]any{"rating": 0, "text": "ok"}, "rating"},
		"rating 6":       {map[string]any{"rating": 6, "text": "ok"}, "rating"},
		"rating 4.5":     {map[string]any{"rating": 4.5, "text": "ok"}, "rating"},
		"rating -1":      {map[string]any{"rating": -1, "text": "ok"}, "rating"},
		"rating text":    {map[string]any{"rating": "5", "text": "ok"}, "rating"},
		"no text":        {map[string]any{"rating": 5}, "text"},
		"blank text":     {map[string]any{"rating": 5, "text": "   "}, "text"},
		"long text":      {map[string]any{"rating": 5, "text": strings.Repeat("a", 1001)}, "text"},
		"NUL in text":    {map[string]any{"rating": 5, "text": "ok\u0000"}, "text"},
		"RTL in text":    {map[string]any{"rating": 5, "text": "ok\u202e"}, "text"},
		"unknown field":  {map[string]any{"rating": 5, "text": "ok", "sellerId": "1"}, "sellerId"},
		"rating as list": {map[string]any{"rating": []int{5}, "text": "ok"}, "rating"},
	} {
		e := wantError(t, m.review(m.buyer.AccessToken, bid, tc.body), http.StatusBadRequest, "invalid")
		if e.Fields[tc.field] == "" {
			t.Errorf("%s: fields %v, want %s", name, e.Fields, tc.field)
		}
	}
	if rec := m.review(m.buyer.AccessToken, bid, `{"rating": 5,`); rec.Code != http.StatusBadRequest {
		t.Errorf("malformed: %d", rec.Code)
	}
	if rec := m.review(m.buyer.AccessToken, bid, good); rec.Code != http.StatusCreated {
		t.Errorf("after the bad ones: %d %s", rec.Code, rec.Body.String())
	}
}

// Once holds under two posts at the same time: the unique booking_id
// decides, not a check before the insert.
func TestReviewOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for round := 0; round < 3; round++ {
		bid, _ := m.completedSale(44000 + round)
		codes := make([]int, 2)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 3 + i, "text": "Same time"}).Code
			}()
		}
		wg.Wait()
		if !(codes[0] == 201 && codes[1] == 409 || codes[0] == 409 && codes[1] == 201) {
			t.Fatalf("round %d: %v, want one 201 and one 409", round, codes)
		}
		var n int
		if err := m.pool.QueryRow(t.Context(), "SELECT count(*) FROM reviews WHERE booking_id = $1", bid).Scan(&n); err != nil || n != 1 {
			t.Fatalf("round %d: %d reviews (%v)", round, n, err)
		}
	}
	if s, _ := m.sellerPage(m.seller.User.ID); s.Rating.Count != 3 {
		t.Errorf("count %d, want 3", s.Rating.Count)
	}
	if n, _ := m.noticesOf(m.seller.AccessToken, "review_received"); n != 3 {
		t.Errorf("review_received %d, want 3", n)
	}
}

func TestSellerRepliesOnce(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	bid, _ := m.completedSale(45000)
	var r reviewWire
	decode(t, m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 2, "text": "Battery weaker than said"}), &r)
	reply := func(token, id string, body any) *httptest.ResponseRecorder {
		return m.send(http.MethodPut, "/api/reviews/"+id+"/reply", token, body)
	}
	wantError(t, reply(m.otherSeller.AccessToken, r.ID, map[string]any{"text": "Not mine"}), http.StatusNotFound, "not_found")
	if rec := reply(m.buyer.AccessToken, r.ID, map[string]any{"text": "Me"}); rec.Code != http.StatusForbidden {
		t.Errorf("buyer: %d", rec.Code)
	}
	if rec := reply(m.admin.AccessToken, r.ID, map[string]any{"text": "Me"}); rec.Code != http.StatusForbidden {
		t.Errorf("admin: %d", rec.Code)
	}
	wantError(t, reply(m.seller.AccessToken, "999999999", map[string]any{"text": "x"}), http.StatusNotFound, "not_found")
	for name, body := range map[string]any{"blank": map[string]any{"text": " "}, "none": map[string]any{}, "long": map[string]any{"text": strings.Repeat("b", 1001)},
		"control": map[string]any{"text": "a\u0007"}} {
		if e := wantError(t, reply(m.seller.AccessToken, r.ID, body), http.StatusBadRequest, "invalid"); e.Fields["text"] == "" {
			t.Errorf("%s: %v", name, e.Fields)
		}
	}

	// two replies at once: one wins, the other is told it has one
	codes := make([]int, 2)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = reply(m.seller.AccessToken, r.ID, map[string]any{"text": "It was at 85% when I checked; sorry."}).Code
		}()
	}
	wg.Wait()
	if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
		t.Fatalf("two replies: %v", codes)
	}
	wantError(t, reply(m.seller.AccessToken, r.ID, map[string]any{"text": "Again"}), http.StatusConflict, "already_replied")
	list, _ := m.reviewsOf(m.seller.User.ID, "")
	if len(list) != 1 || list[0].Reply == nil || *list[0].Reply != "It was at 85% when I checked; sorry." {
		t.Fatalf("reviews = %+v", list)
	}
}

func TestAdminRemovesReviewWithReason(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.completedSale(46000)
	var r reviewWire
	decode(t, m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 1, "text": "Rude words"}), &r)
	remove := func(token, id string, body any) *httptest.ResponseRecorder {
		return m.send(http.MethodDelete, "/api/reviews/"+id, token, body)
	}
	for _, token := range []string{m.buyer.AccessToken, m.seller.AccessToken, m.otherSeller.AccessToken} {
		if rec := remove(token, r.ID, map[string]any{"reason": "x"}); rec.Code != http.StatusForbidden {
			t.Errorf("non-admin: %d", rec.Code)
		}
	}
	for name, body := range map[string]any{"no reason": map[string]any{}, "blank": map[string]any{"reason": "  "}, "long": map[string]any{"reason": strings.Repeat("r", 501)}} {
		if e := wantError(t, remove(m.admin.AccessToken, r.ID, body), http.StatusBadRequest, "invalid"); e.Fields["reason"] == "" {
			t.Errorf("%s: %v", name, e.Fields)
		}
	}
	if rec := m.send(http.MethodDelete, "/api/reviews/"+r.ID, m.admin.AccessToken, nil); rec.Code < 400 || rec.Code >= 500 {
		t.Errorf("no body: %d", rec.Code)
	}
	if rec := remove(m.admin.AccessToken, r.ID, map[string]any{"reason": "Offensive language"}); rec.Code != http.StatusOK {
		t.Fatalf("remove: %d %s", rec.Code, rec.Body.String())
	}
	wantError(t, remove(m.admin.AccessToken, r.ID, map[string]any{"reason": "again"}), http.StatusNotFound, "not_found")

	// gone from the page, the rating and the cards; the buyer cannot write it again
	if list, _ := m.reviewsOf(m.seller.User.ID, ""); len(list) != 0 {
		t.Errorf("reviews after removal: %+v", list)
	}
	if s, _ := m.sellerPage(m.seller.User.ID); s.Rating != (ratingWire{}) {
		t.Errorf("rating after removal: %+v", s.Rating)
	}
	var card struct {
		SellerRating ratingWire `json:"sellerRating"`
	}
	decode(t, m.get("/api/products/"+pid), &card)
	if card.SellerRating != (ratingWire{}) {
		t.Errorf("card after removal: %+v", card.SellerRating)
	}
	wantError(t, m.review(m.buyer.AccessToken, bid, map[string]any{"rating": 5, "text": "x"}), http.StatusConflict, "already_reviewed")
	wantError(t, m.send(http.MethodPut, "/api/reviews/"+r.ID+"/reply", m.seller.AccessToken, map[string]any{"text": "x"}), http.StatusNotFound, "not_found")

	// the audit log has it, with the reason
	var audit []struct {
		Action      string         `json:"action"`
		TargetKind  string         `json:"targetKind"`
		TargetID    string         `json:"targetId"`
		TargetLabel string         `json:"targetLabel"`
		AdminName   string         `json:"adminName"`
		Detail      map[string]any `json:"detail"`
	}
	decode(t, m.getAs("/api/admin/audit", m.admin.AccessToken), &audit)
	if len(audit) == 0 || audit[0].Action != "review_removed" || audit[0].TargetKind != "review" || audit[0].TargetID != r.ID ||
		audit[0].Detail["reason"] != "Offensive language" || !strings.Contains(audit[0].TargetLabel, m.seller.User.UserName) {
		t.Fatalf("audit = %+v", audit)
	}
}

func TestSellerPageIsForLiveSellersOnly(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for name, id := range map[string]string{"a buyer": m.buyer.User.ID, "an admin": m.admin.User.ID, "unknown": "999999999",
		"letters": "abc", "zero": "0", "negative": "-1", "huge": "99999999999999999999"} {
		if _, code := m.sellerPage(id); code != http.StatusNotFound {
			t.Errorf("%s: %d", name, code)
		}
		if rec := m.get("/api/sellers/" + id + "/reviews"); rec.Code != http.StatusNotFound {
			t.Errorf("%s reviews: %d", name, rec.Code)
		}
	}
	if rec := m.get("/api/sellers/" + m.seller.User.ID + "/extra"); rec.Code != http.StatusNotFound {
		t.Errorf("extra path: %d", rec.Code)
	}
	if rec := m.get("/api/sellers/" + m.seller.User.ID + "/reviews?limit=0"); rec.Code != http.StatusBadRequest {
		t.Errorf("limit 0: %d", rec.Code)
	}
	if rec := m.get("/api/sellers/" + m.seller.User.ID + "/reviews?cursor=nonsense"); rec.Code != http.StatusBadRequest {
		t.Errorf("bad cursor: %d", rec.Code)
	}
	s, code := m.sellerPage(m.otherSeller.User.ID)
	if code != http.StatusOK || s.ID != m.otherSeller.User.ID || s.Rating != (ratingWire{}) || s.ActiveListings != 0 || s.JoinedAt == "" {
		t.Fatalf("a new seller: %d %+v", code, s)
	}
	// a deleted seller is gone
	if rec := m.send(http.MethodDelete, "/api/users/"+m.otherSeller.User.ID, m.admin.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("delete seller: %d %s", rec.Code, rec.Body.String())
	}
	if _, code := m.sellerPage(m.otherSeller.User.ID); code != http.StatusNotFound {
		t.Errorf("deleted seller: %d", code)
	}
}

// The typical reply time is the median minutes from a buyer's first
// message in a thread to the seller's first answer after it, over the
// last 90 days, shown from MinReplySamples answered threads.
func TestSellerResponseMinutes(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	sellerID := id64(m.seller.User.ID)
	thread := func(buyerWire string, askedAgo, answerMinutes string) {
		buyer := id64(buyerWire)
		pid := m.addProduct(m.seller.AccessToken, nil)
		var conv int64
		if err := m.pool.QueryRow(t.Context(), `INSERT INTO conversations (product_id, buyer_id, seller_id, created_at, last_message_at)
			VALUES ($1, $2, $3, now() - $4::interval, now() - $4::interval) RETURNING id`, pid, buyer, sellerID, askedAgo).Scan(&conv); err != nil {
			t.Fatal(err)
		}
		m.exec(`INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, 'Still there?', now() - $3::interval)`, conv, buyer, askedAgo)
		m.exec(`INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, 'again?', now() - $3::interval + interval '1 minute')`, conv, buyer, askedAgo)
		if answerMinutes != "" {
			m.exec(`INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, 'Yes', now() - $3::interval + ($4 || ' minutes')::interval)`,
				conv, sellerID, askedAgo, answerMinutes)
			m.exec(`UPDATE conversations SET last_message_at = now() - $2::interval + ($3 || ' minutes')::interval WHERE id = $1`, conv, askedAgo, answerMinutes)
		}
	}
	thread(m.buyer.User.ID, "2 days", "10")
	thread(m.otherBuyer.User.ID, "3 days", "") // never answered: left out
	thread(m.buyer.User.ID, "200 days", "1")   // too old
	if s, _ := m.sellerPage(m.seller.User.ID); s.ResponseMinutes != nil {
		t.Fatalf("with one answered thread: %d", *s.ResponseMinutes)
	}
	thread(m.otherBuyer.User.ID, "5 days", "30")
	thread(m.buyer.User.ID, "1 day", "120")
	s, _ := m.sellerPage(m.seller.User.ID)
	if s.ResponseMinutes == nil || *s.ResponseMinutes != 30 {
		t.Fatalf("median of 10, 30, 120 = %v, want 30", s.ResponseMinutes)
	}
}
