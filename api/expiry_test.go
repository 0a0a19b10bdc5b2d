package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"resale/api"
	"resale/store"
)

type expiryWire struct {
	ID        string    `json:"_id"`
	ExpiresAt time.Time `json:"expiresAt"`
	Expired   *bool     `json:"expired"`
}

func (m *market) renew(token, id string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.do(http.MethodPost, "/api/products/"+id+"/renew", nil, bearer(token))
}

// listed is where a product shows: in the category list, a search, the
// facets' count of its category and the category's count.
type listed struct {
	inCategory, inSearch, inUrgent bool
	facet, count                   int64
}

func (m *market) whereListed(id, categoryID string) listed {
	m.t.Helper()
	var l listed
	_, l.inCategory = m.inCategory(id)
	for _, p := range m.products("/api/products?q=expiring", "") {
		l.inSearch = l.inSearch || p.ID == id
	}
	l.inUrgent = slices.Contains(m.urgent(), id)
	l.facet = m.facets("?category=HP").Category["HP"]
	l.count = m.categoryCount(categoryID).ProductCount
	return l
}

func (m *market) hpID() string {
	m.t.Helper()
	for _, c := range m.categories() {
		if c.Name == "HP" {
			return c.ID
		}
	}
	m.t.Fatal("no HP category")
	return ""
}

func TestListingExpiresLeavesTheCatalogueAndRenews(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.ListingDays = 30 })
	ctx := context.Background()
	hp := m.hpID()
	id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Expiring HP laptop"})
	var p expiryWire
	decode(t, m.get("/api/products/"+id), &p)
	if p.Expired == nil || *p.Expired || time.Until(p.ExpiresAt) < 29*24*time.Hour || time.Until(p.ExpiresAt) > 31*24*time.Hour {
		t.Fatalf("a new listing = %+v, want to expire in 30 days (LISTING_DAYS)", p)
	}
	if n := modified(t, m.advertise(m.seller.AccessToken, id)); n != 1 {
		t.Fatalf("advertise: %d", n)
	}
	before := m.whereListed(id, hp)
	if !before.inCategory || !before.inSearch || !before.inUrgent || before.facet != 1 || before.count != 1 {
		t.Fatalf("a live listing shows as %+v", before)
	}

	// its period is not over: the job leaves it alone
	if n, err := m.store.ExpireListings(ctx); err != nil || n != 0 {
		t.Fatalf("expired %d live listings: %v", n, err)
	}
	// the period passes; the job takes it out
	m.exec("UPDATE products SET expires_at = now() - interval '1 second' WHERE id = $1", id)
	if n, err := m.store.ExpireListings(ctx); err != nil || n != 1 {
		t.Fatalf("expired %d listings, want 1: %v", n, err)
	}
	if got := m.whereListed(id, hp); got != (listed{}) {
		t.Errorf("an expired listing still shows: %+v", got)
	}
	// its page says so, and its seller still has it
	decode(t, m.get("/api/products/"+id), &p)
	if p.Expired == nil || !*p.Expired {
		t.Errorf("the expired listing's page = %+v", p)
	}
	mine := m.products("/api/userProducts?email="+m.seller.User.Email, m.seller.AccessToken)
	if len(mine) != 1 || mine[0].ID != id {
		t.Fatalf("My Products = %+v, want the expired listing", mine)
	}
	// nobody books it, and it cannot be advertised before a renewal
	if _, code := m.book(m.buyer.AccessToken, id, nil); code != http.StatusConflict {
		t.Errorf("booking an expired listing: %d, want 409", code)
	}
	if rec := m.advertise(m.seller.AccessToken, id); rec.Code != http.StatusConflict {
		t.Errorf("advertising an expired listing: %d %s, want 409", rec.Code, rec.Body.String())
	}
	// only its seller renews it
	for _, who := range []sessionWire{m.otherSeller} {
		if rec := m.renew(who.AccessToken, id); rec.Code != http.StatusNotFound {
			t.Errorf("another seller renewed it: %d %s", rec.Code, rec.Body.String())
		}
	}
	for _, token := range []string{m.buyer.AccessToken, m.admin.AccessToken, ""} {
		if rec := m.renew(token, id); rec.Code != http.StatusForbidden && rec.Code != http.StatusUnauthorized {
			t.Errorf("renewed by a non-seller: %d %s", rec.Code, rec.Body.String())
		}
	}
	rec := m.renew(m.seller.AccessToken, id)
	var renewed struct {
		ModifiedCount int       `json:"modifiedCount"`
		ExpiresAt     time.Time `json:"expiresAt"`
	}
	decode(t, rec, &renewed)
	if rec.Code != http.StatusOK || renewed.ModifiedCount != 1 || time.Until(renewed.ExpiresAt) < 29*24*time.Hour {
		t.Fatalf("renew: %d %s", rec.Code, rec.Body.String())
	}
	got := m.whereListed(id, hp)
	if !got.inCategory || !got.inSearch || got.inUrgent || got.facet != 1 || got.count != 1 {
		t.Errorf("a renewed listing shows as %+v, want listed again (its advertisement ended with it)", got)
	}
	if _, code := m.book(m.buyer.AccessToken, id, nil); code != http.StatusCreated {
		t.Errorf("booking the renewed listing: %d", code)
	}
	// a sold listing is not renewed
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", id)
	if rec := m.renew(m.seller.AccessToken, id); rec.Code != http.StatusConflict {
		t.Errorf("renewing a sold listing: %d %s", rec.Code, rec.Body.String())
	}
}

func TestRenewingNeverShortensAListing(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.ListingDays = 10 })
	id := m.addProduct(m.seller.AccessToken, nil)
	m.exec("UPDATE products SET expires_at = now() + interval '20 days' WHERE id = $1", id)
	var renewed expiryWire
	decode(t, m.renew(m.seller.AccessToken, id), &renewed)
	if time.Until(renewed.ExpiresAt) < 19*24*time.Hour {
		t.Errorf("renewing cut the listing to %v", renewed.ExpiresAt)
	}
}

func TestReservedListingWaitsForItsReservationToExpire(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	booking, _ := m.book(m.buyer.AccessToken, id, nil)
	m.mustAccept(m.buyer.AccessToken, booking)
	m.exec("UPDATE products SET expires_at = now() - interval '1 second' WHERE id = $1", id)
	if n, err := m.store.ExpireListings(context.Background()); err != nil || n != 0 {
		t.Fatalf("a reserved listing expired (%d, %v): its hand-over is under way", n, err)
	}
}

func TestSellersAreToldOnceBeforeTheirListingsEnd(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ctx := context.Background()
	dhaka, err := time.LoadLocation("Asia/Dhaka")
	if err != nil {
		t.Fatal(err)
	}
	soon := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Ends soon"})
	later := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Ends later"})
	m.exec("UPDATE products SET expires_at = '2030-01-01T20:00:00Z' WHERE id = $1", later)
	m.exec("UPDATE products SET expires_at = now() + interval '2 days' WHERE id = $1", soon)
	var ends time.Time
	m.scalar(&ends, "SELECT expires_at FROM products WHERE id = $1", soon)
	for range 2 { // a second pass tells nobody again
		if n, err := m.store.WarnExpiringListings(ctx, store.ExpiryWarning, dhaka); err != nil {
			t.Fatal(err)
		} else if n > 1 {
			t.Fatalf("told %d", n)
		}
	}
	bodies := m.noticeBodies(m.seller.User.ID, "listing_expiring")
	want := "Ends soon leaves the catalogue on " + ends.In(dhaka).Format("2006-01-02") + " unless you renew it."
	if len(bodies) != 1 || bodies[0] != want {
		t.Fatalf("listing_expiring notices = %q, want one %q", bodies, want)
	}
	var link string
	m.scalar(&link, "SELECT link FROM notifications WHERE user_id = $1 AND kind = 'listing_expiring'", m.seller.User.ID)
	if link != "/dashboard/myproducts" {
		t.Errorf("link = %q", link)
	}
	// renewing starts a new period, and its own warning
	if rec := m.renew(m.seller.AccessToken, soon); rec.Code != http.StatusOK {
		t.Fatal(rec.Code, rec.Body.String())
	}
	m.exec("UPDATE products SET expires_at = now() + interval '1 day' WHERE id = $1", soon)
	if _, err := m.store.WarnExpiringListings(ctx, store.ExpiryWarning, dhaka); err != nil {
		t.Fatal(err)
	}
	m.wantNoticeCount("after renewing", m.seller.User.ID, "listing_expiring", 2)
}
