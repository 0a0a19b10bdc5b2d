package api_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// save and unsave are PUT and DELETE /api/favourites/{id} as token's user.
func (m *market) save(token, id string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodPut, "/api/favourites/"+id, token, nil)
}

func (m *market) unsave(token, id string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.send(http.MethodDelete, "/api/favourites/"+id, token, nil)
}

// favouriteIDs is GET /api/favourites/ids as token's user.
func (m *market) favouriteIDs(token string) []string {
	m.t.Helper()
	rec := m.getAs("/api/favourites/ids", token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET favourite ids: %d %s", rec.Code, rec.Body.String())
	}
	var ids []string
	decode(m.t, rec, &ids)
	return ids
}

type favouriteWire struct {
	Acknowledged bool `json:"acknowledged"`
	Favourite    bool `json:"favourite"`
}

func wantFavourite(t *testing.T, step string, rec *httptest.ResponseRecorder, want bool) {
	t.Helper()
	var f favouriteWire
	if rec.Code == http.StatusOK {
		decode(t, rec, &f)
	}
	if rec.Code != http.StatusOK || f != (favouriteWire{true, want}) {
		t.Fatalf("%s: %d %s", step, rec.Code, rec.Body.String())
	}
}

// Saving and forgetting are idempotent; each person's list is their own;
// unknown and deleted products are not found.
func TestFavouritesSaveListAndForget(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	older := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Older laptop"})
	newer := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Newer laptop"})

	wantFavourite(t, "save", m.save(m.buyer.AccessToken, older), true)
	wantFavourite(t, "save again", m.save(m.buyer.AccessToken, older), true)
	wantFavourite(t, "save another", m.save(m.buyer.AccessToken, newer), true)
	wantFavourite(t, "the other buyer saves", m.save(m.otherBuyer.AccessToken, newer), true)
	var rows int
	m.scalar(&rows, "SELECT count(*) FROM favourites")
	if rows != 3 {
		t.Fatalf("favourites rows = %d, want 3 (saving twice keeps one)", rows)
	}

	list := m.products("/api/favourites", m.buyer.AccessToken)
	if len(list) != 2 || list[0].ID != newer || list[1].ID != older || list[0].Available != "available" {
		t.Fatalf("the buyer's favourites = %+v", list)
	}
	if ids := m.favouriteIDs(m.buyer.AccessToken); !slices.Equal(ids, []string{newer, older}) {
		t.Errorf("the buyer's ids = %v", ids)
	}
	if ids := m.favouriteIDs(m.otherBuyer.AccessToken); !slices.Equal(ids, []string{newer}) {
		t.Errorf("the other buyer's ids = %v (only their own)", ids)
	}
	if list := m.products("/api/favourites", m.seller.AccessToken); len(list) != 0 {
		t.Errorf("the seller's favourites = %+v", list)
	}
	// a page at a time
	rec := m.getAs("/api/favourites?limit=1", m.buyer.AccessToken)
	if link := rec.Header().Get("Link"); rec.Code != http.StatusOK || !strings.Contains(link, `rel="next"`) {
		t.Errorf("first page of one: %d, Link %q", rec.Code, link)
	}

	wantFavourite(t, "forget", m.unsave(m.buyer.AccessToken, older), false)
	wantFavourite(t, "forget again", m.unsave(m.buyer.AccessToken, older), false)
	if ids := m.favouriteIDs(m.buyer.AccessToken); !slices.Equal(ids, []string{newer}) {
		t.Errorf("after forgetting: %v", ids)
	}

	// unknown products
	wantError(t, m.save(m.buyer.AccessToken, "999999"), http.StatusNotFound, "not_found")
	wantError(t, m.unsave(m.buyer.AccessToken, "999999"), http.StatusNotFound, "not_found")
	wantError(t, m.save(m.buyer.AccessToken, "abc"), http.StatusNotFound, "not_found")
	// a deleted one: no longer saved, and gone from the list; forgetting
	// it still works
	m.do(http.MethodDelete, "/api/products/"+newer, nil, bearer(m.seller.AccessToken))
	wantError(t, m.save(m.buyer.AccessToken, newer), http.StatusNotFound, "not_found")
	if list := m.products("/api/favourites", m.buyer.AccessToken); len(list) != 0 {
		t.Errorf("a deleted favourite is listed: %+v", list)
	}
	wantFavourite(t, "forget a deleted one", m.unsave(m.otherBuyer.AccessToken, newer), false)

	// signed out: asked to sign in
	wantError(t, m.save("", older), http.StatusUnauthorized, "unauthorized")
}

// A sold or expired favourite stays in the list, saying so.
func TestFavouritesKeepSoldAndExpiredMarked(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	sold := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Sold laptop"})
	expired := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Expired laptop"})
	m.save(m.buyer.AccessToken, sold)
	m.save(m.buyer.AccessToken, expired)
	if rec := m.markSold(m.seller.AccessToken, sold); rec.Code != http.StatusOK {
		t.Fatalf("mark sold: %d %s", rec.Code, rec.Body.String())
	}
	m.exec("UPDATE products SET expires_at = now() - interval '1 day', expired_at = now() WHERE id = $1", expired)

	rec := m.getAs("/api/favourites", m.buyer.AccessToken)
	var list []struct {
		ID        string `json:"_id"`
		Available string `json:"available"`
		Expired   bool   `json:"expired"`
	}
	decode(t, rec, &list)
	if len(list) != 2 || list[0].ID != expired || !list[0].Expired || list[1].ID != sold || list[1].Available != "soled" {
		t.Fatalf("favourites = %d %+v", rec.Code, list)
	}
}

// One person keeps at most MaxFavourites.
func TestFavouritesAreCapped(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	m.exec(`WITH more AS (
	            INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone, description)
	            SELECT seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone, description
	            FROM products p, generate_series(1, 500) WHERE p.id = $2
	            RETURNING id)
	        INSERT INTO favourites (user_id, product_id) SELECT $1, id FROM more`, m.buyer.User.ID, pid)
	wantError(t, m.save(m.buyer.AccessToken, pid), http.StatusConflict, "favourite_limit")
	// one already saved is still saved, no error
	var any string
	m.scalar(&any, "SELECT product_id::text FROM favourites WHERE user_id = $1 LIMIT 1", m.buyer.User.ID)
	wantFavourite(t, "save a saved one at the cap", m.save(m.buyer.AccessToken, any), true)
	if ids := m.favouriteIDs(m.buyer.AccessToken); len(ids) != 500 {
		t.Errorf("%d ids", len(ids))
	}
}

// A favourite that gets cheaper is told once to each who saved it
// through the API; the seller's own is not told.
func TestFavouritePriceDropTellsOnce(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 50000, "orginalPrice": 90000})
	m.save(m.buyer.AccessToken, pid)
	m.save(m.buyer.AccessToken, pid)
	m.save(m.seller.AccessToken, pid)
	wantModified(t, "drop", m.patch(m.seller.AccessToken, pid, map[string]any{"sellPrice": 45000}))
	m.wantNoticeCount("after a drop", m.buyer.User.ID, "price_drop", 1)
	m.wantNoticeCount("the seller", m.seller.User.ID, "price_drop", 0)
	m.wantNoticeCount("not a favourite", m.otherBuyer.User.ID, "price_drop", 0)
	// forgotten: no more news
	m.unsave(m.buyer.AccessToken, pid)
	wantModified(t, "second drop", m.patch(m.seller.AccessToken, pid, map[string]any{"sellPrice": 40000}))
	m.wantNoticeCount("after forgetting", m.buyer.User.ID, "price_drop", 1)
}

// A sale tells those who saved the laptop, once, whichever way it sold;
// its buyer and the buyers its bookings told hear nothing more.
func TestFavouriteSoldTellsThoseWhoSavedIt(t *testing.T) {
	t.Parallel()
	m := newMarket(t)

	// sold outside the shop: the other buyer (a favourite and an open
	// booking) hears once, as a booker; the buyer once, as a fan
	outside := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Sold outside"})
	m.save(m.buyer.AccessToken, outside)
	m.save(m.otherBuyer.AccessToken, outside)
	m.save(m.seller.AccessToken, outside)
	if _, code := m.book(m.otherBuyer.AccessToken, outside, nil); code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	if rec := m.markSold(m.seller.AccessToken, outside); rec.Code != http.StatusOK {
		t.Fatalf("mark sold: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.noticeBodies(m.buyer.User.ID, "sold_elsewhere"); len(got) != 1 || !strings.Contains(got[0], "one of your favourites") {
		t.Errorf("the fan's notices: %q", got)
	}
	if got := m.noticeBodies(m.otherBuyer.User.ID, "sold_elsewhere"); len(got) != 1 || !strings.Contains(got[0], "which you booked") {
		t.Errorf("the booker's notices: %q", got)
	}
	m.wantNoticeCount("the seller", m.seller.User.ID, "sold_elsewhere", 0)

	// handed over: the fan hears; the buyer who received it does not
	handed := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Handed over"})
	m.save(m.buyer.AccessToken, handed)
	m.save(m.otherBuyer.AccessToken, handed)
	bid, _ := m.book(m.otherBuyer.AccessToken, handed, nil)
	code := m.mustAccept(m.otherBuyer.AccessToken, bid)
	if rec := m.handover(m.seller.AccessToken, bid, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("handover: %d %s", rec.Code, rec.Body.String())
	}
	m.wantNoticeCount("the fan after a hand-over", m.buyer.User.ID, "sold_elsewhere", 2)
	m.wantNoticeCount("the buyer after a hand-over", m.otherBuyer.User.ID, "sold_elsewhere", 1)
}

// The public catalogue's answers are the same whoever asks, favourites or
// not: the hearts come from their own request.
func TestFavouritesLeaveCatalogueAnswersShared(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	m.save(m.buyer.AccessToken, pid)
	for _, path := range []string{"/api/products/" + pid, "/api/products?category=HP", "/api/products"} {
		fan := m.getAs(path, m.buyer.AccessToken)
		other := m.getAs(path, m.otherBuyer.AccessToken)
		anon := m.get(path)
		if fan.Code != http.StatusOK || fan.Body.String() != other.Body.String() || fan.Body.String() != anon.Body.String() {
			t.Errorf("%s differs by caller:\nfan   %d %s\nother %d %s\nanon  %d %s", path, fan.Code, fan.Body, other.Code, other.Body, anon.Code, anon.Body)
		}
		if strings.Contains(strings.ToLower(fan.Body.String()), "favourite") {
			t.Errorf("%s mentions favourites: %s", path, fan.Body)
		}
	}
}

// Paid by card: the fan hears once; the buyer who paid does not, though
// they saved it too.
func TestFavouritePaidTellsThoseWhoSavedIt(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	m.save(m.buyer.AccessToken, pid)
	m.save(m.otherBuyer.AccessToken, pid)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, bid, pi); r.code != http.StatusOK {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	m.pay(m.buyer.AccessToken, bid, pi) // again: told once
	m.wantNoticeCount("the fan", m.otherBuyer.User.ID, "sold_elsewhere", 1)
	m.wantNoticeCount("the buyer", m.buyer.User.ID, "sold_elsewhere", 0)
	// handing the paid laptop over tells nobody again
	code := m.bookingAs(m.buyer.AccessToken, bid).HandoverCode
	if rec := m.handover(m.seller.AccessToken, bid, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("handover: %d %s", rec.Code, rec.Body.String())
	}
	m.wantNoticeCount("the fan after the hand-over", m.otherBuyer.User.ID, "sold_elsewhere", 1)
}
