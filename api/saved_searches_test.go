package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

type savedSearchWire struct {
	ID        string `json:"_id"`
	Query     string `json:"query"`
	Frequency string `json:"frequency"`
}

// saveSearch is POST /api/saved-searches as token's user.
func (m *market) saveSearch(token, query, frequency string) (savedSearchWire, int) {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/saved-searches", token, map[string]string{"query": query, "frequency": frequency})
	var out savedSearchWire
	if rec.Code == http.StatusOK || rec.Code == http.StatusCreated {
		decode(m.t, rec, &out)
	}
	return out, rec.Code
}

func (m *market) mustSaveSearch(token, query, frequency string) savedSearchWire {
	m.t.Helper()
	s, code := m.saveSearch(token, query, frequency)
	if code != http.StatusCreated {
		m.t.Fatalf("save search %q: %d", query, code)
	}
	return s
}

func (m *market) savedSearches(token string) []savedSearchWire {
	m.t.Helper()
	rec := m.getAs("/api/saved-searches", token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET saved searches: %d %s", rec.Code, rec.Body.String())
	}
	var out []savedSearchWire
	decode(m.t, rec, &out)
	return out
}

// match runs the matching job's work for a listing, as the job would.
func (m *market) match(productID string) int {
	m.t.Helper()
	id, _ := strconv.ParseInt(productID, 10, 64)
	n, err := m.store.MatchNewListing(context.Background(), id)
	if err != nil {
		m.t.Fatal(err)
	}
	return n
}

// noticeLinks are the links of a user's saved_search_match notices.
func (m *market) searchNotices(userID string) (titles, links []string) {
	m.t.Helper()
	rows, err := m.pool.Query(context.Background(), `SELECT title, link FROM notifications WHERE user_id = $1 AND kind = 'saved_search_match' ORDER BY id`, userID)
	if err != nil {
		m.t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var title, link string
		if err := rows.Scan(&title, &link); err != nil {
			m.t.Fatal(err)
		}
		titles, links = append(titles, title), append(links, link)
	}
	return titles, links
}

// Saving, listing and deleting: a canonical query, the same filters again
// is the same search (200), each user sees and deletes only their own.
func TestSavedSearchesSaveListDelete(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	s := m.mustSaveSearch(m.buyer.AccessToken, "?maxPrice=80000&q=  MacBook   air &category=HP&sort=price_asc", "instant")
	if s.Query != "category=HP&maxPrice=80000&q=MacBook+air&sort=price_asc" || s.Frequency != "instant" || s.ID == "" {
		t.Fatalf("saved = %+v", s)
	}
	again, code := m.saveSearch(m.buyer.AccessToken, "q=MacBook air&maxPrice=80000&category=HP", "daily")
	if code != http.StatusOK || again.ID != s.ID || again.Frequency != "instant" {
		t.Fatalf("the same filters again: %d %+v, want 200 and the one kept", code, again)
	}
	other := m.mustSaveSearch(m.seller.AccessToken, "q=thinkpad", "daily")
	if list := m.savedSearches(m.buyer.AccessToken); len(list) != 1 || list[0].ID != s.ID {
		t.Fatalf("the buyer's list = %+v", list)
	}
	wantError(t, m.send(http.MethodDelete, "/api/saved-searches/"+other.ID, m.buyer.AccessToken, nil), http.StatusNotFound, "not_found")
	wantError(t, m.send(http.MethodDelete, "/api/saved-searches/999999", m.buyer.AccessToken, nil), http.StatusNotFound, "not_found")
	wantError(t, m.send(http.MethodDelete, "/api/saved-searches/x1", m.buyer.AccessToken, nil), http.StatusNotFound, "not_found")
	if rec := m.send(http.MethodDelete, "/api/saved-searches/"+s.ID, m.buyer.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("delete own: %d %s", rec.Code, rec.Body.String())
	}
	wantError(t, m.send(http.MethodDelete, "/api/saved-searches/"+s.ID, m.buyer.AccessToken, nil), http.StatusNotFound, "not_found")
	if list := m.savedSearches(m.buyer.AccessToken); len(list) != 0 {
		t.Fatalf("after delete = %+v", list)
	}
	if list := m.savedSearches(m.seller.AccessToken); len(list) != 1 {
		t.Fatalf("the seller's list = %+v (untouched)", list)
	}
	// visitors
	wantError(t, m.send(http.MethodPost, "/api/saved-searches", "", map[string]string{"query": "q=mac", "frequency": "daily"}), http.StatusUnauthorized, "unauthorized")
	wantError(t, m.get("/api/saved-searches"), http.StatusUnauthorized, "unauthorized")
}

// Bad input is refused with 400 and saves nothing.
func TestSavedSearchesBadInput(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for _, c := range []struct{ name, body, field string }{
		{"no frequency", `{"query":"q=mac"}`, "frequency"},
		{"unknown frequency", `{"query":"q=mac","frequency":"weekly"}`, "frequency"},
		{"no query", `{"frequency":"daily"}`, "query"},
		{"no filter", `{"query":"","frequency":"daily"}`, "query"},
		{"only a sort", `{"query":"sort=price_asc","frequency":"daily"}`, "query"},
		{"punctuation only", `{"query":"q=%21%21","frequency":"daily"}`, "query"},
		{"unknown filter", `{"query":"q=mac&colour=red","frequency":"daily"}`, "query"},
		{"a page's cursor", `{"query":"q=mac&cursor=abc","frequency":"daily"}`, "query"},
		{"a page's limit", `{"query":"q=mac&limit=5","frequency":"daily"}`, "query"},
		{"unknown category", `{"query":"category=Nokia","frequency":"daily"}`, "category"},
		{"bad price", `{"query":"maxPrice=-5","frequency":"daily"}`, "maxPrice"},
		{"prices reversed", `{"query":"minPrice=9000&maxPrice=100","frequency":"daily"}`, "maxPrice"},
		{"bad condition", `{"query":"condition=new","frequency":"daily"}`, "condition"},
		{"bad ram", `{"query":"ramMin=1000","frequency":"daily"}`, "ramMin"},
		{"bad storage type", `{"query":"storageType=tape","frequency":"daily"}`, "storageType"},
		{"bad screen", `{"query":"screenMin=9","frequency":"daily"}`, "screenMin"},
		{"unknown seller", `{"query":"seller=999999","frequency":"daily"}`, "seller"},
		{"bad seller", `{"query":"seller=abc","frequency":"daily"}`, "seller"},
		{"relevance without words", `{"query":"category=HP&sort=relevance","frequency":"daily"}`, "sort"},
		{"twice", `{"query":"q=a&q=b","frequency":"daily"}`, "q"},
		{"long words", `{"query":"q=` + strings.Repeat("a", 101) + `","frequency":"daily"}`, "q"},
		{"control characters", `{"query":"q=%00mac","frequency":"daily"}`, "q"},
		{"too long", `{"query":"q=` + strings.Repeat("a", 2001) + `","frequency":"daily"}`, "query"},
		{"unknown field", `{"query":"q=mac","frequency":"daily","userId":"1"}`, "userId"},
		{"query not a string", `{"query":{"q":"mac"},"frequency":"daily"}`, "query"},
	} {
		rec := m.send(http.MethodPost, "/api/saved-searches", m.buyer.AccessToken, c.body)
		e := wantError(t, rec, http.StatusBadRequest, "invalid")
		if _, ok := e.Fields[c.field]; !ok {
			t.Errorf("%s: fields %v, want %s", c.name, e.Fields, c.field)
		}
	}
	var n int
	m.scalar(&n, "SELECT count(*) FROM saved_searches")
	if n != 0 {
		t.Fatalf("%d saved searches after bad input", n)
	}
}

// A person keeps at most 50; the 51st is 409 and saves nothing.
func TestSavedSearchesLimit(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	for i := range 50 {
		m.mustSaveSearch(m.buyer.AccessToken, fmt.Sprintf("maxPrice=%d", 10000+i), "daily")
	}
	rec := m.send(http.MethodPost, "/api/saved-searches", m.buyer.AccessToken, map[string]string{"query": "maxPrice=1", "frequency": "daily"})
	wantError(t, rec, http.StatusConflict, "saved_search_limit")
	if _, code := m.saveSearch(m.buyer.AccessToken, "maxPrice=10000", "daily"); code != http.StatusOK {
		t.Errorf("a kept one again at the limit: %d, want 200", code)
	}
	if _, code := m.saveSearch(m.otherBuyer.AccessToken, "maxPrice=1", "daily"); code != http.StatusCreated {
		t.Errorf("another user: %d", code)
	}
	var n int
	m.scalar(&n, "SELECT count(*) FROM saved_searches")
	if n != 51 {
		t.Fatalf("%d saved searches, want 51", n)
	}
}

// Each filter is matched as the catalogue's search would; the seller's own
// searches are left out; the notice leads to the listing.
func TestSavedSearchMatchingEachFilter(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.exec("UPDATE users SET verified = true WHERE email = 'sue@example.com'")
	searches := savedSearchCases(m)
	ids := map[string]savedSearchCase{}
	for _, s := range searches {
		ids[m.mustSaveSearch(m.buyer.AccessToken, s.query, "instant").ID] = s
	}
	m.mustSaveSearch(m.seller.AccessToken, "q=elitebook", "instant") // the seller's own: never told
	product := m.addProduct(m.seller.AccessToken, map[string]any{
		"description": "A glowing keyboard", "sellPrice": 38000,
		"specs": map[string]any{"processor": "Core i7-8650U", "ramGb": 16, "storageGb": 512, "storageType": "SSD", "screenInches": 14, "batteryHealth": 85},
	})
	var queued int
	m.scalar(&queued, "SELECT count(*) FROM river_job WHERE kind = 'match_saved_searches' AND args->>'product_id' = $1", product)
	if queued != 1 {
		t.Fatalf("%d matching jobs queued with the listing, want 1", queued)
	}
	wantTold := 0
	for _, s := range searches {
		if s.matches {
			wantTold++
		}
	}
	if n := m.match(product); n != wantTold {
		t.Errorf("told %d, want %d", n, wantTold)
	}
	checkSavedSearchMatches(t, m, product, ids)
	if _, links := m.searchNotices(m.seller.User.ID); len(links) != 0 {
		t.Errorf("the seller was told of their own listing: %v", links)
	}
	titles, links := m.searchNotices(m.buyer.User.ID)
	if len(links) != wantTold || links[0] != "/product/"+product || !strings.HasPrefix(titles[0], "New match for") {
		t.Errorf("the buyer's notices: %q %q", titles, links)
	}
	checkCatalogueAgrees(t, m, product, ids)
}

// savedSearchCase is a saved search and whether the test's listing
// matches it.
type savedSearchCase struct {
	query   string
	matches bool
}

// savedSearchCases are a search for each filter, one each way, and two
// of several filters.
func savedSearchCases(m *market) []savedSearchCase {
	return []savedSearchCase{
		{"q=elite", true}, {"q=elitebook 840", true}, {"q=elitebook 850", false}, {"q=macbook", false},
		{"q=glowing", true}, // the description's words
		{"category=HP", true}, {"category=APPLE", false},
		{"minPrice=30000", true}, {"minPrice=40000", false}, {"maxPrice=38000", true}, {"maxPrice=37999", false},
		{"condition=good", true}, {"condition=excellent", false},
		{"location=mirpur", true}, {"location=uttara", false},
		{"verified=true", false},
		{"ramMin=16", true}, {"ramMin=32", false},
		{"storageMin=512", true}, {"storageMin=1024", false},
		{"storageType=SSD", true}, {"storageType=HDD", false},
		{"batteryMin=80", true}, {"batteryMin=90", false},
		{"screenMin=14", true}, {"screenMax=13.9", false}, {"screenMin=13&screenMax=14", true},
		{"processor=i7", true}, {"processor=ryzen", false},
		{"seller=" + m.seller.User.ID, true}, {"seller=" + m.otherSeller.User.ID, false},
		{"q=elite&category=HP&maxPrice=40000&ramMin=8&storageType=SSD", true},
		{"q=elite&category=HP&maxPrice=30000", false},
	}
}

// checkSavedSearchMatches: the matches stored are exactly the searches
// the listing matches.
func checkSavedSearchMatches(t *testing.T, m *market, product string, ids map[string]savedSearchCase) {
	t.Helper()
	rows, err := m.pool.Query(context.Background(), "SELECT saved_search_id::text FROM saved_search_matches WHERE product_id = $1", product)
	if err != nil {
		t.Fatal(err)
	}
	matched := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		matched[id] = true
	}
	rows.Close()
	for id, s := range ids {
		if matched[id] != s.matches {
			t.Errorf("%q: matched %v, want %v", s.query, matched[id], s.matches)
		}
	}
}

// checkCatalogueAgrees: the catalogue, asked each saved search, lists the
// listing exactly when the saved search matched it.
func checkCatalogueAgrees(t *testing.T, m *market, product string, ids map[string]savedSearchCase) {
	t.Helper()
	for _, s := range ids {
		list := m.products("/api/products?"+strings.ReplaceAll(s.query, " ", "+"), "")
		found := false
		for _, p := range list {
			found = found || p.ID == product
		}
		if found != s.matches {
			t.Errorf("the catalogue with %q lists it: %v, the saved search matched: %v", s.query, found, s.matches)
		}
	}
}

// A retried job tells nobody twice; a relisted laptop neither; a sold one
// tells no one.
func TestSavedSearchMatchExactlyOnce(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.mustSaveSearch(m.buyer.AccessToken, "q=elitebook", "instant")
	product := m.addProduct(m.seller.AccessToken, nil)
	if n := m.match(product); n != 1 {
		t.Fatalf("first run told %d", n)
	}
	if n := m.match(product); n != 0 {
		t.Fatalf("a retry told %d", n)
	}
	// the listing expires and is renewed: a new job, still nobody twice
	m.exec("UPDATE products SET expired_at = now(), expires_at = now() WHERE id = $1", product)
	if rec := m.send(http.MethodPost, "/api/products/"+product+"/renew", m.seller.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("renew: %d %s", rec.Code, rec.Body.String())
	}
	var queued int
	m.scalar(&queued, "SELECT count(*) FROM river_job WHERE kind = 'match_saved_searches' AND args->>'product_id' = $1", product)
	if queued != 2 {
		t.Fatalf("%d jobs after relisting, want 2", queued)
	}
	if n := m.match(product); n != 0 {
		t.Fatalf("the relisting told %d again", n)
	}
	if _, links := m.searchNotices(m.buyer.User.ID); len(links) != 1 {
		t.Fatalf("notices %v, want one", links)
	}
	// a second buyer who saves later hears of the relisting
	m.mustSaveSearch(m.otherBuyer.AccessToken, "q=elitebook", "instant")
	if n := m.match(product); n != 1 {
		t.Fatalf("a later search: told %d", n)
	}
	// a deleted listing tells no one
	gone := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET deleted_at = now() WHERE id = $1", gone)
	if n := m.match(gone); n != 0 {
		t.Fatalf("a deleted listing told %d", n)
	}
}

// Daily searches wait for the digest: one notice per search with the
// number of its new matches still for sale, leading to the search; a
// second digest finds nothing.
func TestSavedSearchDailyDigest(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	daily := m.mustSaveSearch(m.buyer.AccessToken, "q=elitebook&maxPrice=50000", "daily")
	m.mustSaveSearch(m.buyer.AccessToken, "q=nothing-matches-this", "daily")
	a := m.addProduct(m.seller.AccessToken, nil)
	b := m.addProduct(m.otherSeller.AccessToken, nil)
	c := m.addProduct(m.otherSeller.AccessToken, nil)
	for _, p := range []string{a, b, c} {
		if n := m.match(p); n != 0 {
			t.Fatalf("a daily search was told at once (%d)", n)
		}
	}
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", c) // sold before the digest
	n, err := m.store.SendSavedSearchDigests(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("digest told %d, %v", n, err)
	}
	titles, links := m.searchNotices(m.buyer.User.ID)
	if len(titles) != 1 || titles[0] != "2 new laptops match “elitebook, ≤ 80,000 Tk”" && titles[0] != "2 new laptops match “elitebook, ≤ 50,000 Tk”" || links[0] != "/search?"+daily.Query {
		t.Fatalf("digest: %q %q", titles, links)
	}
	if n, err := m.store.SendSavedSearchDigests(context.Background()); err != nil || n != 0 {
		t.Fatalf("second digest told %d, %v", n, err)
	}
	// a retried match job after the digest adds nothing
	if n := m.match(a); n != 0 {
		t.Fatal("a retry after the digest told someone")
	}
	if n, _ := m.store.SendSavedSearchDigests(context.Background()); n != 0 {
		t.Fatal("a retry after the digest queued another digest")
	}
}
