package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/api"
)

type adWire struct {
	ID              string     `json:"_id"`
	Advertise       bool       `json:"advertise"`
	AdvertisedUntil *time.Time `json:"advertisedUntil"`
}

func (m *market) advertise(token, id string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.do(http.MethodPut, "/api/products/"+id, nil, bearer(token))
}

func (m *market) stopAd(token, id string) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.do(http.MethodDelete, "/api/products/"+id+"/advertise", nil, bearer(token))
}

func (m *market) urgent() []string {
	m.t.Helper()
	var ids []string
	for _, p := range m.products("/api/advertised", "") {
		ids = append(ids, p.ID)
	}
	return ids
}

func modified(t *testing.T, rec *httptest.ResponseRecorder) int {
	t.Helper()
	var body struct {
		ModifiedCount int `json:"modifiedCount"`
	}
	decode(t, rec, &body)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	return body.ModifiedCount
}

func TestAdvertisingRunsForItsDaysThenEnds(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.AdvertiseDays = 3 })
	id := m.addProduct(m.seller.AccessToken, nil)
	if n := modified(t, m.advertise(m.seller.AccessToken, id)); n != 1 {
		t.Fatalf("advertise: modified %d", n)
	}
	var p adWire
	decode(t, m.do(http.MethodGet, "/api/products/"+id, nil, nil), &p)
	if !p.Advertise || p.AdvertisedUntil == nil || time.Until(*p.AdvertisedUntil) < 71*time.Hour || time.Until(*p.AdvertisedUntil) > 73*time.Hour {
		t.Fatalf("advertised product = %+v", p)
	}
	if !slices.Contains(m.urgent(), id) {
		t.Error("not under Urgent Sell")
	}
	if n := modified(t, m.advertise(m.seller.AccessToken, id)); n != 0 {
		t.Errorf("advertising a running advertisement again modified %d", n)
	}
	// the days pass, and the periodic job (store.EndAdvertisements) ends it
	m.exec("UPDATE products SET advertised_until = now() - interval '1 second' WHERE id = $1", id)
	if n, err := m.store.EndAdvertisements(context.Background()); err != nil || n != 1 {
		t.Fatalf("ended %d advertisements, %v", n, err)
	}
	if slices.Contains(m.urgent(), id) {
		t.Error("an ended advertisement is still under Urgent Sell")
	}
	decode(t, m.do(http.MethodGet, "/api/products/"+id, nil, nil), &p)
	if p.Advertise || p.AdvertisedUntil != nil {
		t.Errorf("ended advertisement = %+v", p)
	}
	// and it can be advertised again
	if n := modified(t, m.advertise(m.seller.AccessToken, id)); n != 1 || !slices.Contains(m.urgent(), id) {
		t.Errorf("advertising again: modified %d, urgent %v", n, m.urgent())
	}
}

func TestAdvertisingLimitPerSeller(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.AdvertiseLimit = 2 })
	a, b, c := m.addProduct(m.seller.AccessToken, nil), m.addProduct(m.seller.AccessToken, nil), m.addProduct(m.seller.AccessToken, nil)
	modified(t, m.advertise(m.seller.AccessToken, a))
	modified(t, m.advertise(m.seller.AccessToken, b))
	rec := m.advertise(m.seller.AccessToken, c)
	wantError(t, rec, http.StatusConflict, "advertise_limit")
	if !strings.Contains(rec.Body.String(), "at most 2 laptops at once") {
		t.Errorf("limit message: %s", rec.Body.String())
	}
	// another seller has a limit of their own
	other := m.addProduct(m.otherSeller.AccessToken, nil)
	modified(t, m.advertise(m.otherSeller.AccessToken, other))
	// stopping one makes room
	if n := modified(t, m.stopAd(m.seller.AccessToken, a)); n != 1 {
		t.Fatalf("stop: modified %d", n)
	}
	if n := modified(t, m.advertise(m.seller.AccessToken, c)); n != 1 {
		t.Errorf("after stopping one: modified %d", n)
	}
	if got := m.urgent(); slices.Contains(got, a) || !slices.Contains(got, c) {
		t.Errorf("urgent = %v", got)
	}
}

// Two advertisements at once cannot both take the last place.
func TestAdvertisingLimitHoldsUnderRace(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.AdvertiseLimit = 1 })
	for round := range 20 {
		a, b := m.addProduct(m.seller.AccessToken, nil), m.addProduct(m.seller.AccessToken, nil)
		var wg sync.WaitGroup
		codes := make([]int, 2)
		start := make(chan struct{})
		for i, id := range []string{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				codes[i] = m.advertise(m.seller.AccessToken, id).Code
			}()
		}
		close(start)
		wg.Wait()
		slices.Sort(codes)
		if codes[0] != http.StatusOK || codes[1] != http.StatusConflict {
			t.Fatalf("round %d: %v, want one 200 and one 409", round, codes)
		}
		m.exec("UPDATE products SET advertised_at = NULL, advertised_until = NULL")
	}
}

func TestStoppingAnAdvertisement(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	modified(t, m.advertise(m.seller.AccessToken, id))
	wantError(t, m.stopAd(m.otherSeller.AccessToken, id), http.StatusNotFound, "not_found")
	wantError(t, m.stopAd(m.buyer.AccessToken, id), http.StatusForbidden, "forbidden")
	if n := modified(t, m.stopAd(m.admin.AccessToken, id)); n != 1 {
		t.Errorf("admin stop: modified %d", n)
	}
	if slices.Contains(m.urgent(), id) {
		t.Error("stopped, still under Urgent Sell")
	}
	if n := modified(t, m.stopAd(m.seller.AccessToken, id)); n != 0 {
		t.Errorf("stopping a stopped one modified %d", n)
	}
}
