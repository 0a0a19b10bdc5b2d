package api_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"resale/api"
)

// A phone's Chrome and a desktop Firefox, as people's browsers say who
// they are.
const (
	phoneUA   = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
	desktopUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

type listingCountsWire struct {
	Views      int64 `json:"views"`
	Reveals    int64 `json:"reveals"`
	Chats      int64 `json:"chats"`
	Favourites int64 `json:"favourites"`
	Bookings   int64 `json:"bookings"`
}

type listingDayWire struct {
	Date string `json:"date"`
	listingCountsWire
}

type listingStatsWire struct {
	ProductID string            `json:"productId"`
	TimeZone  string            `json:"timeZone"`
	Days      []listingDayWire  `json:"days"`
	Totals    listingCountsWire `json:"totals"`
}

type sellerStatsWire struct {
	Days   []listingDayWire  `json:"days"`
	Totals listingCountsWire `json:"totals"`
	Top    []struct {
		ID          string            `json:"_id"`
		ProductName string            `json:"productName"`
		Totals      listingCountsWire `json:"totals"`
	} `json:"top"`
}

// trustingProxy believes X-Forwarded-For from the test requests' peer
// (192.0.2.1), so a test can send from many addresses.
func trustingProxy(o *api.Options) {
	_, n, _ := net.ParseCIDR("192.0.2.0/24")
	o.TrustedProxies = []*net.IPNet{n}
}

// visit is one beacon (kind "view" or "reveal") from a browser at addr,
// signed in with token when it is not empty.
func visit(t *testing.T, s *testServer, kind, productID, token, addr, ua string) {
	t.Helper()
	h := bearer(token)
	h.Set("X-Forwarded-For", addr)
	if ua != "" {
		h.Set("User-Agent", ua)
	}
	h.Set("Accept-Language", "bn-BD,bn;q=0.9,en;q=0.8")
	if rec := s.do(http.MethodPost, "/api/products/"+productID+"/"+kind, nil, h); rec.Code != http.StatusNoContent {
		t.Fatalf("%s %s from %s: %d %s", kind, productID, addr, rec.Code, rec.Body.String())
	}
}

func (m *market) listingStats(token, productID string) listingStatsWire {
	m.t.Helper()
	rec := m.getAs("/api/products/"+productID+"/stats", token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("stats of %s: %d %s", productID, rec.Code, rec.Body.String())
	}
	var out listingStatsWire
	decode(m.t, rec, &out)
	return out
}

// Views and taps on the number: once a day per person, whichever way
// they come back (a reload, signed in again); crawlers, headless
// browsers, an empty User-Agent, another site's page, the listing's
// seller and an admin are not counted. The day is today's, in the 30.
func TestListingNumbersCountPeopleOnce(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, trustingProxy)
	pid := m.addProduct(m.seller.AccessToken, nil)

	visit(t, m.testServer, "view", pid, "", "203.0.113.7", phoneUA)
	visit(t, m.testServer, "view", pid, "", "203.0.113.7", phoneUA) // a reload
	visit(t, m.testServer, "view", pid, "", "203.0.113.8", phoneUA) // another phone, another address
	visit(t, m.testServer, "view", pid, "", "203.0.113.7", desktopUA)
	visit(t, m.testServer, "view", pid, m.buyer.AccessToken, "203.0.113.9", phoneUA)
	visit(t, m.testServer, "view", pid, m.buyer.AccessToken, "198.51.100.1", desktopUA) // the same buyer on a laptop
	for i, ua := range []string{"", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
		"curl/8.5.0", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"} {
		visit(t, m.testServer, "view", pid, "", fmt.Sprintf("203.0.113.%d", 100+i), ua)
	}
	visit(t, m.testServer, "view", pid, m.seller.AccessToken, "203.0.113.50", phoneUA)
	visit(t, m.testServer, "view", pid, m.admin.AccessToken, "203.0.113.51", phoneUA)
	// another site's page posting to ours
	h := http.Header{"User-Agent": {phoneUA}, "X-Forwarded-For": {"203.0.113.60"}, "Sec-Fetch-Site": {"cross-site"}}
	if rec := m.do(http.MethodPost, "/api/products/"+pid+"/view", nil, h); rec.Code != http.StatusNoContent {
		t.Fatalf("cross-site view: %d", rec.Code)
	}
	// a phone of the Cubot brand is a person, and so is Opera Mini on a feature phone
	visit(t, m.testServer, "view", pid, "", "203.0.113.70", "Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36")
	visit(t, m.testServer, "view", pid, "", "203.0.113.71", "Opera/9.80 (J2ME/MIDP; Opera Mini/4.5.40312/191.227; U; en) Presto/2.12.423 Version/12.16")

	visit(t, m.testServer, "reveal", pid, m.otherBuyer.AccessToken, "203.0.113.9", phoneUA)
	visit(t, m.testServer, "reveal", pid, m.otherBuyer.AccessToken, "203.0.113.9", phoneUA)
	visit(t, m.testServer, "reveal", pid, "", "203.0.113.8", phoneUA)

	st := m.listingStats(m.seller.AccessToken, pid)
	if want := (listingCountsWire{Views: 6, Reveals: 2}); st.Totals != want {
		t.Fatalf("totals %+v, want %+v", st.Totals, want)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	if len(st.Days) != 30 || st.Days[29].Date != today || st.Days[29].listingCountsWire != st.Totals || st.Days[28].Views != 0 {
		t.Fatalf("days: %d, last %+v, want 30 ending today %s with every count", len(st.Days), st.Days[len(st.Days)-1], today)
	}
	if admin := m.listingStats(m.admin.AccessToken, pid); admin.Totals != st.Totals {
		t.Fatalf("the admin reads %+v", admin.Totals)
	}
	if rec := m.getAs("/api/products/"+pid+"/stats", m.otherSeller.AccessToken); rec.Code != http.StatusNotFound {
		t.Fatalf("another seller's stats: %d", rec.Code)
	}
	if rec := m.do(http.MethodPost, "/api/products/99999/view", nil, http.Header{"User-Agent": {phoneUA}}); rec.Code != http.StatusNotFound {
		t.Fatalf("a view of no product: %d", rec.Code)
	}
}

// Chats started, favourites and bookings are counted where they happen,
// once per person: more messages in the same thread, saving again after
// forgetting and booking again after cancelling count nothing more.
func TestListingNumbersCountWhatBuyersDo(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)

	m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	m.openThread(m.buyer.AccessToken, pid, "What is your last price?")
	m.openThread(m.otherBuyer.AccessToken, pid, "Where can we meet?")

	for range 2 {
		if rec := m.save(m.buyer.AccessToken, pid); rec.Code != http.StatusOK {
			t.Fatalf("save: %d", rec.Code)
		}
		m.unsave(m.buyer.AccessToken, pid)
	}
	m.save(m.buyer.AccessToken, pid)
	m.save(m.buyer.AccessToken, pid) // saving again is no change

	bid, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	if rec := m.send(http.MethodDelete, "/api/bookings/"+bid, m.buyer.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
	}
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Fatalf("book again: %d", code)
	}

	want := listingCountsWire{Chats: 2, Favourites: 1, Bookings: 1}
	if got := m.listingStats(m.seller.AccessToken, pid).Totals; got != want {
		t.Fatalf("totals %+v, want %+v", got, want)
	}
}

// Two instances of the shop on one database (the same secret, as they
// must share to take each other's sessions): the same person reloading
// on both at once is one view; different people are each one.
func TestListingNumbersTwoInstancesCountOnce(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, trustingProxy)
	other := newTestServerWith(t, m.store, trustingProxy)
	pid := m.addProduct(m.seller.AccessToken, nil)

	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(2)
		server := []*testServer{m.testServer, other}[i%2]
		go func() { // the same person, on either instance
			defer wg.Done()
			visit(t, server, "view", pid, "", "203.0.113.7", phoneUA)
		}()
		go func() { // a new person each time
			defer wg.Done()
			visit(t, server, "view", pid, "", fmt.Sprintf("198.51.100.%d", i+1), phoneUA)
		}()
	}
	wg.Wait()
	if got := m.listingStats(m.seller.AccessToken, pid).Totals.Views; got != 17 {
		t.Fatalf("views %d, want 17 (one person, and 16 others)", got)
	}
}

// The seller's summary adds their listings up by day and names the most
// viewed first; another seller's listings are not in it.
func TestListingNumbersSellerSummary(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, trustingProxy)
	quiet := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Quiet laptop"})
	busy := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Busy laptop"})
	others := m.addProduct(m.otherSeller.AccessToken, nil)
	for i := range 3 {
		visit(t, m.testServer, "view", busy, "", fmt.Sprintf("203.0.113.%d", i+1), phoneUA)
	}
	visit(t, m.testServer, "view", quiet, "", "203.0.113.1", phoneUA)
	visit(t, m.testServer, "view", others, "", "203.0.113.1", phoneUA)
	m.save(m.buyer.AccessToken, quiet)
	// a day 40 days ago is outside the 30
	m.exec(`INSERT INTO listing_days (product_id, day, views) VALUES ($1, current_date - 40, 9)`, busy)

	rec := m.getAs("/api/me/stats", m.seller.AccessToken)
	if rec.Code != http.StatusOK {
		t.Fatalf("me/stats: %d %s", rec.Code, rec.Body.String())
	}
	var st sellerStatsWire
	decode(t, rec, &st)
	if want := (listingCountsWire{Views: 4, Favourites: 1}); st.Totals != want || len(st.Days) != 30 {
		t.Fatalf("totals %+v over %d days, want %+v over 30", st.Totals, len(st.Days), want)
	}
	if len(st.Top) != 2 || st.Top[0].ID != busy || st.Top[0].Totals.Views != 3 || st.Top[1].ID != quiet {
		t.Fatalf("top %+v, want the busy laptop then the quiet one", st.Top)
	}
}

// The job's pass deletes the keys of past days and the numbers older
// than it keeps; today's stay.
func TestListingNumbersPrune(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, trustingProxy)
	pid := m.addProduct(m.seller.AccessToken, nil)
	visit(t, m.testServer, "view", pid, "", "203.0.113.1", phoneUA)
	m.exec(`INSERT INTO listing_days (product_id, day, views) VALUES ($1, current_date - 91, 5), ($1, current_date - 89, 6)`, pid)
	m.exec(`INSERT INTO listing_seen (day, key) VALUES (current_date - 3, '\x00112233445566778899aabbccddeeff')`)

	keys, days, err := m.store.PruneListingNumbers(context.Background(), time.Now().UTC(), 90)
	if err != nil || keys != 1 || days != 1 {
		t.Fatalf("pruned %d keys and %d days (%v), want 1 and 1", keys, days, err)
	}
	var left int
	if err := m.pool.QueryRow(context.Background(), `SELECT count(*) FROM listing_days`).Scan(&left); err != nil || left != 2 {
		t.Fatalf("%d days left (%v), want today's and the one 89 days ago", left, err)
	}
	// today's key still stops a second count
	visit(t, m.testServer, "view", pid, "", "203.0.113.1", phoneUA)
	if got := m.listingStats(m.seller.AccessToken, pid).Totals.Views; got != 1 {
		t.Fatalf("views %d after the prune, want 1", got)
	}
}
