package api_test

// #37 a chat that keeps up: photos in messages, the seller's counter
// offer, and read marks the sender sees.

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// uploadPhoto posts a real JPEG (its colour set by shade) to POST
// /api/images as token, and answers its url.
func (m *market) uploadPhoto(token string, shade uint8) string {
	m.t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			img.Set(x, y, color.RGBA{shade, uint8(6 * x), uint8(8 * y), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		m.t.Fatal(err)
	}
	rec := m.postForm("/api/images", token, nil, filePart{"image", "p.jpg", b.Bytes()})
	if rec.Code != http.StatusCreated {
		m.t.Fatalf("upload: %d %s", rec.Code, rec.Body.String())
	}
	var out struct {
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	decode(m.t, rec, &out)
	return out.Data.URL
}

// Photos in a message are the sender's own uploads (the same bytes
// uploaded by two people are both's), 1 to 4, different; with or without
// words; the other person and an admin of a reported thread see them.
func TestChatPhotosAreTheSendersOwnUploads(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	mine := m.uploadPhoto(m.buyer.AccessToken, 10)
	sellers := m.uploadPhoto(m.seller.AccessToken, 200)

	msg := m.say(m.buyer.AccessToken, id, map[string]any{"text": "The scratch I mean", "photos": []string{mine}})
	if msg.Text != "The scratch I mean" || len(msg.Photos) != 1 || msg.Photos[0] != mine {
		t.Fatalf("photo message = %+v", msg)
	}
	if only := m.say(m.buyer.AccessToken, id, map[string]any{"photos": []string{mine}}); only.Text != "" || len(only.Photos) != 1 {
		t.Fatalf("photo alone = %+v", only)
	}
	// the same bytes uploaded by the other buyer are theirs too
	if again := m.uploadPhoto(m.otherBuyer.AccessToken, 10); again != mine {
		t.Fatalf("the same photo has two urls: %s, %s", mine, again)
	}
	other := m.openThread(m.otherBuyer.AccessToken, pid, "Hello")
	m.say(m.otherBuyer.AccessToken, other, map[string]any{"photos": []string{mine}})

	before := countRows(t, m.testServer, "messages")
	five := []string{mine, mine + "1", mine + "2", mine + "3", mine + "4"}
	for name, body := range map[string]map[string]any{
		"someone else's upload":   {"photos": []string{sellers}},
		"an upload of nobody's":   {"photos": m.uploads(1)},
		"a photo elsewhere":       {"photos": []string{"https://evil.example/x.jpg"}},
		"a path out of uploads":   {"photos": []string{"/uploads/../../etc/passwd"}},
		"the same photo twice":    {"photos": []string{mine, mine}},
		"five photos":             {"photos": five},
		"no photos and no words":  {"photos": []string{}},
		"an offer with photos":    {"offer": 100, "photos": []string{mine}},
		"words too long":          {"text": strings.Repeat("a", 2001), "photos": []string{mine}},
		"a number for a photo":    {"photos": []any{5}},
		"a photo that is no list": {"photos": mine},
	} {
		if rec := m.send(http.MethodPost, "/api/conversations/"+id+"/messages", m.buyer.AccessToken, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	if after := countRows(t, m.testServer, "messages"); after != before {
		t.Fatalf("refused photos stored %d messages", after-before)
	}
	checkPhotosSeenByTheirReaders(t, m, id, mine)
}

// checkPhotosSeenByTheirReaders: the seller sees the photos and the inbox
// says the newest message has one; nobody else reads the thread until it
// is reported, then an admin does.
func checkPhotosSeenByTheirReaders(t *testing.T, m *market, id, photo string) {
	t.Helper()
	list, _ := m.messages(m.seller.AccessToken, id, "")
	if len(list) < 2 || len(list[0].Photos) != 1 || list[0].Photos[0] != photo || len(list[1].Photos) != 1 {
		t.Fatalf("seller's messages = %+v", list)
	}
	if c := m.thread(m.seller.AccessToken, id); c.LastMessage == nil || c.LastMessage.Photos != 1 || c.LastMessage.Text != "" {
		t.Fatalf("inbox's last message = %+v", c.LastMessage)
	}
	wantError(t, m.getAs("/api/conversations/"+id+"/messages", m.otherBuyer.AccessToken), http.StatusNotFound, "not_found")
	wantError(t, m.getAs("/api/conversations/"+id+"/messages", m.admin.AccessToken), http.StatusNotFound, "not_found")
	if rec := m.postJSON("/api/conversations/"+id+"/report", m.seller.AccessToken, map[string]any{"reason": "scam"}); rec.Code != http.StatusOK {
		t.Fatalf("report: %d %s", rec.Code, rec.Body.String())
	}
	if list, _ := m.messages(m.admin.AccessToken, id, ""); len(list[0].Photos) != 1 || list[0].Photos[0] != photo {
		t.Fatalf("admin's messages = %+v", list)
	}
}

// The seller answers the buyer's offer with a counter offer from above it
// to the price; only the buyer answers that, and accepting it prices the
// booking like an accepted offer.
func TestCounterOfferRules(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil) // 38000
	id := m.openThread(m.buyer.AccessToken, pid, "Would you take less?")
	offer := m.offer(m.buyer.AccessToken, id, 30000)
	counter := func(token, offerID string, body any) *chatMessageWire {
		rec := m.send(http.MethodPut, "/api/offers/"+offerID+"/counter", token, body)
		if rec.Code != http.StatusCreated {
			return nil
		}
		var msg chatMessageWire
		decode(t, rec, &msg)
		return &msg
	}

	wantError(t, m.send(http.MethodPut, "/api/offers/"+offer+"/counter", m.buyer.AccessToken, map[string]any{"amount": 35000}), http.StatusForbidden, "own_offer")
	wantError(t, m.send(http.MethodPut, "/api/offers/"+offer+"/counter", m.otherSeller.AccessToken, map[string]any{"amount": 35000}), http.StatusNotFound, "not_found")
	for _, amount := range []any{30000, 29000, 38001, 0, -5, "35000", 35000.5, nil} {
		e := wantError(t, m.send(http.MethodPut, "/api/offers/"+offer+"/counter", m.seller.AccessToken, map[string]any{"amount": amount}), http.StatusBadRequest, "invalid")
		if amount == 30000 && e.Fields["amount"] == "" {
			t.Fatalf("a counter at the offer: %+v", e)
		}
	}
	msg := counter(m.seller.AccessToken, offer, map[string]any{"amount": 35000})
	if msg == nil || msg.Offer == nil || msg.Offer.By != "seller" || msg.Offer.Status != "pending" || msg.Offer.Amount != 35000 || msg.From != m.seller.User.ID {
		t.Fatalf("counter message = %+v", msg)
	}
	list, _ := m.messages(m.buyer.AccessToken, id, "")
	if list[1].Offer == nil || list[1].Offer.ID != offer || list[1].Offer.Status != "countered" || list[1].Offer.By != "buyer" {
		t.Fatalf("the buyer's offer after the counter = %+v", list[1].Offer)
	}
	if n, _ := m.noticesOf(m.buyer.AccessToken, "offer_received"); n != 1 {
		t.Fatalf("buyer told of %d offers", n)
	}
	// the seller answers neither their own counter nor the buyer's
	// countered offer; the buyer does not counter
	cid := msg.Offer.ID
	wantError(t, m.do(http.MethodPut, "/api/offers/"+cid+"/accept", nil, bearer(m.seller.AccessToken)), http.StatusForbidden, "own_offer")
	wantError(t, m.send(http.MethodPut, "/api/offers/"+cid+"/counter", m.seller.AccessToken, map[string]any{"amount": 36000}), http.StatusForbidden, "own_offer")
	wantError(t, m.send(http.MethodPut, "/api/offers/"+cid+"/counter", m.buyer.AccessToken, map[string]any{"amount": 36000}), http.StatusForbidden, "own_offer")
	wantError(t, m.do(http.MethodPut, "/api/offers/"+offer+"/accept", nil, bearer(m.seller.AccessToken)), http.StatusConflict, "answered")

	if rec := m.do(http.MethodPut, "/api/offers/"+cid+"/accept", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("buyer accepts the counter: %d %s", rec.Code, rec.Body.String())
	}
	if c := m.thread(m.seller.AccessToken, id); c.Offer == nil || c.Offer.ID != cid || c.Offer.Status != "accepted" || c.Offer.ValidUntil == nil {
		t.Fatalf("thread's offer = %+v", c.Offer)
	}
	if n, _ := m.noticesOf(m.seller.AccessToken, "offer_answered"); n != 1 {
		t.Fatalf("seller told of %d answers", n)
	}
	bid, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	var price int64
	if err := m.pool.QueryRow(context.Background(), "SELECT price FROM bookings WHERE id = $1", bid).Scan(&price); err != nil {
		t.Fatal(err)
	}
	if price != 35000 {
		t.Fatalf("booking price = %d, want the counter offer's 35000", price)
	}
	// a declined counter fixes nothing
	second := m.offer(m.buyer.AccessToken, id, 31000)
	declined := counter(m.seller.AccessToken, second, map[string]any{"amount": 34000})
	if rec := m.do(http.MethodPut, "/api/offers/"+declined.Offer.ID+"/decline", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body.String())
	}
	if c := m.thread(m.buyer.AccessToken, id); c.Offer == nil || c.Offer.Status != "declined" || c.Offer.By != "seller" {
		t.Fatalf("after declining, offer = %+v", c.Offer)
	}
}

// Accept and counter of one offer at once: exactly one wins, the other is
// told the offer was answered, and the thread keeps one open offer.
func TestCounterOfferRacesAccept(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Would you take less?")
	for round := range 4 {
		offer := m.offer(m.buyer.AccessToken, id, int64(30000+round))
		var accept, counter int
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			accept = m.do(http.MethodPut, "/api/offers/"+offer+"/accept", nil, bearer(m.seller.AccessToken)).Code
		}()
		go func() {
			defer wg.Done()
			counter = m.send(http.MethodPut, "/api/offers/"+offer+"/counter", m.seller.AccessToken, map[string]any{"amount": 36000}).Code
		}()
		wg.Wait()
		var status string
		var sellerOffers, pending int
		if err := m.pool.QueryRow(context.Background(), `SELECT status,
			(SELECT count(*) FROM offers WHERE by_seller AND conversation_id = o.conversation_id AND id > o.id),
			(SELECT count(*) FROM offers WHERE status = 'pending' AND conversation_id = o.conversation_id)
			FROM offers o WHERE id = $1`, mustID(t, offer)).Scan(&status, &sellerOffers, &pending); err != nil {
			t.Fatal(err)
		}
		switch {
		case accept == http.StatusOK && counter == http.StatusConflict:
			if status != "accepted" || sellerOffers != 0 || pending != 0 {
				t.Fatalf("round %d: accept won, but offer %s, %d counters, %d pending", round, status, sellerOffers, pending)
			}
		case accept == http.StatusConflict && counter == http.StatusCreated:
			if status != "countered" || sellerOffers != 1 || pending != 1 {
				t.Fatalf("round %d: counter won, but offer %s, %d counters, %d pending", round, status, sellerOffers, pending)
			}
		default:
			t.Fatalf("round %d: accept %d, counter %d: want one 2xx and one 409", round, accept, counter)
		}
	}
}

// The sender sees when the other person read their messages: the thread's
// otherReadAt moves when they read (not when they write), and the sender's
// live stream hears of it once per read that changes something.
func TestReadMarksShowTheSenderWhatWasSeen(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id := m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	list, _ := m.messages(m.buyer.AccessToken, id, "")
	sent := list[0].CreatedAt
	readEvents := func() int {
		var n int
		if err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM user_events WHERE user_id = $1 AND kind = 'message' AND data->>'read' = 'seller'`,
			mustID(t, m.buyer.User.ID)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if c := m.thread(m.buyer.AccessToken, id); c.OtherReadAt == nil || !c.OtherReadAt.Before(sent) {
		t.Fatalf("before the seller reads: otherReadAt %v, message %v", c.OtherReadAt, sent)
	}
	if n := readEvents(); n != 0 {
		t.Fatalf("%d read events before any read", n)
	}
	for range 2 { // the second read changes nothing and tells nobody
		if rec := m.do(http.MethodPut, "/api/conversations/"+id+"/read", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
			t.Fatalf("read: %d", rec.Code)
		}
	}
	c := m.thread(m.buyer.AccessToken, id)
	if c.OtherReadAt == nil || c.OtherReadAt.Before(sent) {
		t.Fatalf("after the seller read: otherReadAt %v, message %v", c.OtherReadAt, sent)
	}
	if n := readEvents(); n != 1 {
		t.Fatalf("%d read events, want 1", n)
	}
	// the seller writing moves their own mark, but that is the message's event
	m.say(m.seller.AccessToken, id, map[string]any{"text": "Yes"})
	if n := readEvents(); n != 1 {
		t.Fatalf("%d read events after the seller wrote, want 1", n)
	}
	// the buyer's next message is not seen yet; the seller's view of the
	// buyer's mark is the buyer's, and an admin has none
	later := m.say(m.buyer.AccessToken, id, map[string]any{"text": "When can we meet?"})
	if c := m.thread(m.buyer.AccessToken, id); !c.OtherReadAt.Before(later.CreatedAt) {
		t.Fatalf("a new message is seen already: %v >= %v", c.OtherReadAt, later.CreatedAt)
	}
	m.postJSON("/api/conversations/"+id+"/report", m.buyer.AccessToken, map[string]any{"reason": "spam"})
	if c := m.thread(m.admin.AccessToken, id); c.OtherReadAt != nil {
		t.Fatalf("admin's otherReadAt = %v", c.OtherReadAt)
	}
}
