package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Where a trade stands (#32, walk-through rows 5 and 12): the thread says
// whether its laptop is booked or sold and by whom, a sold laptop's page
// stays for its parties, and My Products says which sold laptops cannot
// be relisted.

// threadTradeWire is what GET /api/conversations/:id says of the trade.
type threadTradeWire struct {
	Product struct {
		Available string `json:"available"`
		Reserved  *bool  `json:"reserved"`
		Expired   *bool  `json:"expired"`
	} `json:"product"`
	Booking *struct {
		ID     string `json:"_id"`
		Status string `json:"status"`
	} `json:"booking"`
}

func (m *market) trade(token, conv string) threadTradeWire {
	m.t.Helper()
	rec := m.getAs("/api/conversations/"+conv, token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET conversation: %d %s", rec.Code, rec.Body.String())
	}
	var w threadTradeWire
	decode(m.t, rec, &w)
	if w.Product.Reserved == nil || w.Product.Expired == nil {
		m.t.Fatalf("thread without its product's state: %s", rec.Body.String())
	}
	return w
}

// wantTrade checks a thread as token sees it: the product's availability
// and reservation, and the thread's booking's status ("" for none).
func (m *market) wantTrade(step, token, conv, available string, reserved bool, booking, status string) {
	m.t.Helper()
	w := m.trade(token, conv)
	gotID, gotStatus := "", ""
	if w.Booking != nil {
		gotID, gotStatus = w.Booking.ID, w.Booking.Status
	}
	if w.Product.Available != available || *w.Product.Reserved != reserved || *w.Product.Expired || gotID != booking || gotStatus != status {
		m.t.Errorf("%s: thread = {%s reserved=%v expired=%v booking=%q %q}, want {%s reserved=%v booking=%q %q}",
			step, w.Product.Available, *w.Product.Reserved, *w.Product.Expired, gotID, gotStatus, available, reserved, booking, status)
	}
}

func TestThreadSaysWhereTheTradeStands(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	mine := m.openThread(m.buyer.AccessToken, pid, "Is it still available?")
	other := m.openThread(m.otherBuyer.AccessToken, pid, "Last price?")

	both := func(step, available string, reserved bool, booking, status string) {
		m.t.Helper()
		m.wantTrade(step+" (buyer)", m.buyer.AccessToken, mine, available, reserved, booking, status)
		m.wantTrade(step+" (seller)", m.seller.AccessToken, mine, available, reserved, booking, status)
	}
	both("before booking", "available", false, "", "")

	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	both("booked", "available", false, a, "pending")
	// the other buyer's thread shows their own bookings only
	m.wantTrade("booked, other thread", m.otherBuyer.AccessToken, other, "available", false, "", "")

	code := m.mustAccept(m.buyer.AccessToken, a)
	both("accepted", "available", true, a, "accepted")
	m.wantTrade("accepted, other thread", m.otherBuyer.AccessToken, other, "available", true, "", "")

	if rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	both("handed over", "soled", false, a, "completed")
	m.wantTrade("handed over, other thread", m.otherBuyer.AccessToken, other, "soled", false, "", "")

	// the list stays as it was: the trade is the open thread's
	rec := m.getAs("/api/conversations", m.buyer.AccessToken)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), `"booking"`) {
		t.Errorf("inbox: %d %s", rec.Code, rec.Body.String())
	}
	// nobody else reads the thread, booking or not
	wantError(t, m.getAs("/api/conversations/"+mine, m.otherBuyer.AccessToken), http.StatusNotFound, "not_found")
	wantError(t, m.getAs("/api/conversations/"+mine, m.otherSeller.AccessToken), http.StatusNotFound, "not_found")
}

type saleWire struct {
	Role    string `json:"role"`
	Product struct {
		ID        string `json:"_id"`
		Available string `json:"available"`
	} `json:"product"`
	Booking *struct {
		ID        string `json:"_id"`
		Status    string `json:"status"`
		BuyerName string `json:"buyerName"`
	} `json:"booking"`
}

func (m *market) sale(token, pid string) (saleWire, *httptest.ResponseRecorder) {
	m.t.Helper()
	rec := m.getAs("/api/products/"+pid+"/sale", token)
	var w saleWire
	if rec.Code == http.StatusOK {
		decode(m.t, rec, &w)
	}
	return w, rec
}

func TestSoldLaptopPageStaysForItsParties(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, pid, nil)
	m.book(m.otherBuyer.AccessToken, pid, nil)

	// not sold: the page is the public one; nobody has a sale
	if _, rec := m.sale(m.seller.AccessToken, pid); rec.Code != http.StatusNotFound {
		t.Fatalf("sale of a laptop for sale: %d %s", rec.Code, rec.Body.String())
	}

	code := m.mustAccept(m.buyer.AccessToken, a)
	if rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}

	// everyone: not found as a listing, but said to be sold
	e := wantError(t, m.get("/api/products/"+pid), http.StatusNotFound, "sold")
	if strings.Contains(e.Message, "Bea") {
		t.Errorf("public answer names the buyer: %+v", e)
	}

	for name, c := range map[string]struct {
		token, role, buyerName string
	}{
		"buyer":  {m.buyer.AccessToken, "buyer", ""},
		"seller": {m.seller.AccessToken, "seller", "Bea Buyer"},
		"admin":  {m.admin.AccessToken, "admin", "Bea Buyer"},
	} {
		w, rec := m.sale(c.token, pid)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
		if w.Role != c.role || w.Product.ID != pid || w.Product.Available != "soled" || w.Booking == nil ||
			w.Booking.ID != a || w.Booking.Status != "completed" || w.Booking.BuyerName != c.buyerName {
			t.Errorf("%s: sale = %+v", name, w)
		}
	}
	// a stranger, another buyer whose booking was declined, another
	// seller: not found, and nothing of the buyer
	for name, token := range map[string]string{"other buyer": m.otherBuyer.AccessToken, "other seller": m.otherSeller.AccessToken} {
		_, rec := m.sale(token, pid)
		wantError(t, rec, http.StatusNotFound, "not_found")
		if body := rec.Body.String(); strings.Contains(body, "Bea") || strings.Contains(body, "bea@") {
			t.Errorf("%s learns the buyer: %s", name, body)
		}
	}
	rec := m.get("/api/products/" + pid + "/sale")
	wantError(t, rec, http.StatusUnauthorized, "unauthorized")
	for _, bad := range []string{"abc", "0", "-1", "99999999999999999999", "1%20OR%201=1"} {
		rec := m.getAs("/api/products/"+bad+"/sale", m.seller.AccessToken)
		if rec.Code != http.StatusNotFound {
			t.Errorf("sale of %q: %d %s", bad, rec.Code, rec.Body.String())
		}
	}

	// sold outside the shop: only its seller (and admins) have its page
	out := m.addProduct(m.seller.AccessToken, nil)
	m.book(m.buyer.AccessToken, out, nil)
	wantModified(t, "sold", m.markSold(m.seller.AccessToken, out))
	if w, rec := m.sale(m.seller.AccessToken, out); rec.Code != http.StatusOK || w.Role != "seller" || w.Booking != nil {
		t.Errorf("seller, sold outside: %d %+v", rec.Code, w)
	}
	_, rec = m.sale(m.buyer.AccessToken, out)
	wantError(t, rec, http.StatusNotFound, "not_found")
}

func TestMyProductsSaysWhichSoldLaptopsCannotBeRelisted(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	shop := m.addProduct(m.seller.AccessToken, nil)
	outside := m.addProduct(m.seller.AccessToken, nil)
	forSale := m.addProduct(m.seller.AccessToken, nil)
	a, _ := m.book(m.buyer.AccessToken, shop, nil)
	code := m.mustAccept(m.buyer.AccessToken, a)
	if rec := m.handover(m.seller.AccessToken, a, map[string]any{"code": code}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d %s", rec.Code, rec.Body.String())
	}
	wantModified(t, "sold", m.markSold(m.seller.AccessToken, outside))

	listed := func() map[string]map[string]json.RawMessage {
		rec := m.getAs("/api/userProducts", m.seller.AccessToken)
		if rec.Code != http.StatusOK {
			t.Fatalf("my products: %d %s", rec.Code, rec.Body.String())
		}
		var list []map[string]json.RawMessage
		decode(t, rec, &list)
		out := map[string]map[string]json.RawMessage{}
		for _, p := range list {
			var id string
			_ = json.Unmarshal(p["_id"], &id)
			out[id] = p
		}
		return out
	}
	got := listed()
	if string(got[shop]["soldInShop"]) != "true" {
		t.Errorf("handed-over laptop: soldInShop = %s", got[shop]["soldInShop"])
	}
	for name, id := range map[string]string{"sold outside": outside, "for sale": forSale} {
		if v, ok := got[id]["soldInShop"]; ok {
			t.Errorf("%s: soldInShop = %s, want none", name, v)
		}
	}
	// what it says is what Relist does
	wantError(t, m.relist(m.seller.AccessToken, shop), http.StatusConflict, "sold_in_shop")
	wantModified(t, "relist outside", m.relist(m.seller.AccessToken, outside))
	// the public catalogue never carries it
	if rec := m.get("/api/products"); strings.Contains(rec.Body.String(), "soldInShop") {
		t.Errorf("catalogue carries soldInShop: %s", rec.Body.String())
	}
}
