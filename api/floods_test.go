package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/api"
	"resale/store"
)

// emailJobs counts the email jobs of a user's notifications of kind: all
// of them, and those due within the next minute.
func (m *market) emailJobs(userID, kind string) (all, now int) {
	m.t.Helper()
	m.scalar(&all, `SELECT count(*) FROM river_job j JOIN notifications n ON n.id = (j.args->>'notification_id')::bigint
		WHERE j.kind = 'send_email' AND n.user_id = $1 AND n.kind = $2`, userID, kind)
	m.scalar(&now, `SELECT count(*) FROM river_job j JOIN notifications n ON n.id = (j.args->>'notification_id')::bigint
		WHERE j.kind = 'send_email' AND n.user_id = $1 AND n.kind = $2 AND j.scheduled_at < now() + interval '1 minute'`, userID, kind)
	return all, now
}

// concurrently runs n calls of f at once and returns their statuses.
func concurrently(n int, f func(i int) int) map[int]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[int]int{}
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			code := f(i)
			mu.Lock()
			out[code]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// F14: someone the seller blocked, or who blocked the seller, can neither
// book the seller's laptops nor make offers, and the seller hears nothing;
// after unblocking both work again.
func TestBlockStopsBookingsAndOffers(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	other := m.addProduct(m.seller.AccessToken, nil)
	conv := m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	block := func(method, token, userID string) {
		t.Helper()
		if rec := m.do(method, "/api/users/"+userID+"/block", nil, bearer(token)); rec.Code != http.StatusOK {
			t.Fatalf("%s block: %d %s", method, rec.Code, rec.Body.String())
		}
	}
	block(http.MethodPut, m.seller.AccessToken, m.buyer.User.ID)
	block(http.MethodPut, m.otherBuyer.AccessToken, m.seller.User.ID)
	body := map[string]any{"ProductId": pid, "number": "01811223344", "meetLocation": "Mirpur 10 circle"}
	e := wantError(t, m.postJSON("/api/bookings", m.buyer.AccessToken, body), http.StatusForbidden, "blocked")
	if e.Message != "This seller does not accept bookings from you" {
		t.Errorf("blocked booking says %q", e.Message)
	}
	body["ProductId"] = other
	wantError(t, m.postJSON("/api/bookings", m.buyer.AccessToken, body), http.StatusForbidden, "blocked")
	e = wantError(t, m.postJSON("/api/bookings", m.otherBuyer.AccessToken, body), http.StatusForbidden, "you_blocked")
	if e.Message != "You blocked this seller: unblock them to book their laptops" {
		t.Errorf("booking a blocked seller says %q", e.Message)
	}
	wantError(t, m.send(http.MethodPost, "/api/conversations/"+conv+"/messages", m.buyer.AccessToken, map[string]any{"offer": 30000}),
		http.StatusForbidden, "blocked")
	var bookings, offers int
	m.scalar(&bookings, "SELECT count(*) FROM bookings")
	m.scalar(&offers, "SELECT count(*) FROM offers")
	if bookings != 0 || offers != 0 {
		t.Errorf("%d bookings and %d offers stored, want none", bookings, offers)
	}
	m.wantNoticeCount("blocked", m.seller.User.ID, "booking_received", 0)
	m.wantNoticeCount("blocked", m.seller.User.ID, "offer_received", 0)

	block(http.MethodDelete, m.seller.AccessToken, m.buyer.User.ID)
	block(http.MethodDelete, m.otherBuyer.AccessToken, m.seller.User.ID)
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("booking after the unblock: %d", code)
	}
	if _, code := m.book(m.otherBuyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("booking after unblocking the seller: %d", code)
	}
	m.offer(m.buyer.AccessToken, conv, 30000)
	m.wantNoticeCount("unblocked", m.seller.User.ID, "booking_received", 2)
}

// I-1: a buyer books at most store.BookingsPerWindow laptops an hour,
// however many requests come at once; cancelled bookings count; the next
// one is 429 with Retry-After, and another buyer is not held back.
func TestBookingsAreLimitedPerBuyer(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	n := store.BookingsPerWindow + 3
	ids := make([]string, n)
	for i := range ids {
		ids[i] = m.addProduct(m.seller.AccessToken, nil)
	}
	codes := concurrently(n, func(i int) int {
		return m.postJSON("/api/bookings", m.buyer.AccessToken,
			map[string]any{"ProductId": ids[i], "number": "01811223344", "meetLocation": "Mirpur 10 circle"}).Code
	})
	if codes[http.StatusCreated] != store.BookingsPerWindow || codes[http.StatusTooManyRequests] != 3 {
		t.Fatalf("concurrent bookings: %v, want %d made and 3 refused", codes, store.BookingsPerWindow)
	}
	var made int
	m.scalar(&made, "SELECT count(*) FROM bookings WHERE buyer_id = $1", m.buyer.User.ID)
	if made != store.BookingsPerWindow {
		t.Fatalf("%d bookings stored, want %d", made, store.BookingsPerWindow)
	}
	// cancelling one does not give its place back
	var bid int64
	m.scalar(&bid, "SELECT min(id) FROM bookings WHERE buyer_id = $1", m.buyer.User.ID)
	if rec := m.do(http.MethodDelete, "/api/bookings/"+strconv.FormatInt(bid, 10), nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
	}
	var free string
	m.scalar(&free, "SELECT min(p.id)::text FROM products p WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.product_id = p.id AND b.status = 'pending')")
	rec := m.postJSON("/api/bookings", m.buyer.AccessToken, map[string]any{"ProductId": free, "number": "01811223344", "meetLocation": "Mirpur"})
	e := wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if wait, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || wait < 1 || time.Duration(wait)*time.Second > store.BookingWindow {
		t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
	}
	if e.Message != "You can book at most 10 laptops an hour. Try again in 60 minutes." {
		t.Errorf("throttled booking says %q", e.Message)
	}
	if _, code := m.book(m.otherBuyer.AccessToken, free, nil); code != http.StatusCreated {
		t.Errorf("another buyer's booking: %d", code)
	}
	// an hour later the buyer books again
	m.exec("UPDATE bookings SET created_at = created_at - interval '61 minutes' WHERE buyer_id = $1", m.buyer.User.ID)
	if _, code := m.book(m.buyer.AccessToken, free, nil); code != http.StatusCreated {
		t.Errorf("booking an hour later: %d", code)
	}
}

// I-1, F8: bookings of one product and offers in one thread, made at once,
// each notify the seller in the app but make one email between them.
func TestBookingAndOfferFloodsMakeOneEmail(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bookers := []sessionWire{m.buyer, m.otherBuyer, m.otherSeller, m.admin}
	codes := concurrently(len(bookers), func(i int) int {
		return m.postJSON("/api/bookings", bookers[i].AccessToken,
			map[string]any{"ProductId": pid, "number": "01811223344", "meetLocation": "Mirpur 10 circle"}).Code
	})
	if codes[http.StatusCreated] != len(bookers) {
		t.Fatalf("bookings: %v", codes)
	}
	m.wantNoticeCount("bookings", m.seller.User.ID, "booking_received", len(bookers))
	if all, now := m.emailJobs(m.seller.User.ID, "booking_received"); all != 1 || now != 1 {
		t.Errorf("%d booking emails (%d now), want one", all, now)
	}
	// another product's booking has its own email
	if _, code := m.book(m.buyer.AccessToken, m.addProduct(m.seller.AccessToken, nil), nil); code != http.StatusCreated {
		t.Fatalf("second product: %d", code)
	}
	if all, _ := m.emailJobs(m.seller.User.ID, "booking_received"); all != 2 {
		t.Errorf("%d booking emails after another product's booking, want 2", all)
	}

	offered := m.addProduct(m.seller.AccessToken, nil)
	conv := m.openThread(m.buyer.AccessToken, offered, "Would you take less?")
	codes = concurrently(12, func(i int) int {
		return m.send(http.MethodPost, "/api/conversations/"+conv+"/messages", m.buyer.AccessToken, map[string]any{"offer": 30000 + i}).Code
	})
	if codes[http.StatusCreated] != 12 {
		t.Fatalf("offers: %v", codes)
	}
	m.wantNoticeCount("offers", m.seller.User.ID, "offer_received", 12)
	if all, now := m.emailJobs(m.seller.User.ID, "offer_received"); all != 1 || now != 1 {
		t.Errorf("%d offer emails (%d now), want one", all, now)
	}
}

// F7: a price moved down and up again, or cut by a taka, tells no one; a
// clear drop tells each favouriter once, a later drop to a price they were
// told already tells nobody, a lower one tells again; and a favouriter's
// drops make one email a day.
func TestPriceDropsAreToldOnceAndFolded(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 60000})
	fans := []sessionWire{m.buyer, m.otherBuyer, m.otherSeller}
	for _, f := range fans {
		if rec := m.save(f.AccessToken, pid); rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			t.Fatalf("favourite: %d %s", rec.Code, rec.Body.String())
		}
	}
	price := func(p int) {
		t.Helper()
		wantModified(t, "price "+strconv.Itoa(p), m.patch(m.seller.AccessToken, pid, map[string]any{"sellPrice": p}))
	}
	told := func(step string, want int) {
		t.Helper()
		for _, f := range fans {
			m.wantNoticeCount(step, f.User.ID, "price_drop", want)
		}
	}
	for range 10 {
		price(59999)
		price(60000)
	}
	price(59500) // 500 below 60000: under the 1% (600) that counts
	told("trivial drops", 0)
	price(59000)
	told("a clear drop", 1)
	price(60000)
	price(59000)
	told("down to a price told already", 1)
	price(58000)
	told("a lower one", 2)
	for _, f := range fans {
		if all, now := m.emailJobs(f.User.ID, "price_drop"); all != 1 || now != 1 {
			t.Errorf("%s: %d price-drop emails (%d now), want one", f.User.UserName, all, now)
		}
	}
	m.wantNoticeCount("the seller", m.seller.User.ID, "price_drop", 0)
}

// F15: an account holds at most store.MaxEventTickets unused live-update
// tickets, however many it asks for at once; the rest are 429 with
// Retry-After, another account is not held back, and a used or expired
// ticket frees its place.
func TestEventTicketsAreCappedPerAccount(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ticket := func(token string) *httptest.ResponseRecorder {
		return m.do(http.MethodPost, "/api/events/ticket", nil, bearer(token))
	}
	codes := concurrently(3*store.MaxEventTickets, func(int) int { return ticket(m.buyer.AccessToken).Code })
	if codes[http.StatusOK] != store.MaxEventTickets || codes[http.StatusTooManyRequests] != 2*store.MaxEventTickets {
		t.Fatalf("concurrent tickets: %v, want %d made", codes, store.MaxEventTickets)
	}
	var kept int
	m.scalar(&kept, "SELECT count(*) FROM event_tickets WHERE user_id = $1", m.buyer.User.ID)
	if kept != store.MaxEventTickets {
		t.Fatalf("%d tickets kept, want %d", kept, store.MaxEventTickets)
	}
	rec := ticket(m.buyer.AccessToken)
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if wait, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || wait < 1 || wait > 60 {
		t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
	}
	if code := ticket(m.otherBuyer.AccessToken).Code; code != http.StatusOK {
		t.Errorf("another account's ticket: %d", code)
	}
	m.exec("UPDATE event_tickets SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND ctid IN (SELECT ctid FROM event_tickets WHERE user_id = $1 LIMIT 1)", m.buyer.User.ID)
	if code := ticket(m.buyer.AccessToken).Code; code != http.StatusOK {
		t.Errorf("a ticket once one expired: %d", code)
	}
}

// I-2: the catalogue's pages after the first cost a budget per client
// address (the products they ask for): a hundred pages of the default size
// at once, then 429 with Retry-After, kept answers included; the first
// page stays free, another address has its own budget, an IPv6 address
// shares its /64's, and the other lists are not charged.
func TestDeepPagingCostsABudgetPerAddress(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t) // so that the deep pages are kept
	eventually(t, "the catalogue's answers are kept", m.handler.(*api.Server).Keeping)
	for range 3 {
		m.addProduct(m.seller.AccessToken, nil)
	}
	from := func(addr, path string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		m.handler.ServeHTTP(rec, req)
		return rec
	}
	_, next := m.names("/api/products?limit=1")
	if next == "" {
		t.Fatal("no second page")
	}
	// 100 products a page: the budget is 24 of them
	deep := strings.Replace(next, "limit=1", "limit=100", 1)
	if deep == next {
		t.Fatalf("the next page %q does not say its limit", next)
	}
	pages := 0
	for ; pages < 30; pages++ {
		rec := from("203.0.113.7:4000", deep)
		if rec.Code == http.StatusTooManyRequests {
			e := wantError(t, rec, http.StatusTooManyRequests, "throttled")
			if wait, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || wait < 90 || wait > 100 {
				t.Errorf("Retry-After %q, want the 100 seconds a page of 100 takes to earn", rec.Header().Get("Retry-After"))
			}
			if !strings.HasPrefix(e.Message, "You are paging through the catalogue too fast.") {
				t.Errorf("429 says %q", e.Message)
			}
			break
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("page %d: %d %s", pages, rec.Code, rec.Body.String())
		}
	}
	if pages != 24 {
		t.Errorf("%d deep pages of 100 before 429, want 24", pages)
	}
	if code := from("203.0.113.7:4001", "/api/products?limit=100").Code; code != http.StatusOK {
		t.Errorf("the first page after the budget: %d", code)
	}
	if code := from("203.0.113.7:4001", "/api/advertised").Code; code != http.StatusOK {
		t.Errorf("another list after the budget: %d", code)
	}
	if code := from("203.0.113.8:4000", deep).Code; code != http.StatusOK {
		t.Errorf("another address's deep page: %d", code)
	}
	// an IPv6 client's /64 is one budget
	for i := range 24 {
		if code := from(fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1), deep).Code; code != http.StatusOK {
			t.Fatalf("IPv6 page %d: %d", i, code)
		}
	}
	if code := from("[2001:db8:1:2:ffff::1]:4000", deep).Code; code != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64: %d, want 429", code)
	}
	if code := from("[2001:db8:1:3::1]:4000", deep).Code; code != http.StatusOK {
		t.Errorf("another /64: %d", code)
	}
	// DEEP_PAGES_PER_HOUR=off (benchmarks) lifts it
	off := newTestServerWith(t, m.store, func(o *api.Options) { o.DeepPagesPerHour = -1 })
	for i := range 30 {
		req := httptest.NewRequest(http.MethodGet, deep, nil)
		req.RemoteAddr = "203.0.113.9:4000"
		rec := httptest.NewRecorder()
		off.handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("page %d with no limit: %d", i, rec.Code)
		}
	}
}
