package api_test

import (
	"net/http"
	"testing"
)

type bookingWire struct {
	ID           string `json:"_id"`
	ProductName  string `json:"productName"`
	Price        int64  `json:"price"`
	MeetLocation string `json:"meetLocation"`
	Paid         bool   `json:"paid"`
	BuyerEmail   string `json:"buyerEmail"`
	BuyerName    string `json:"buyerName"`
	ProductID    string `json:"ProductId"`
	Number       string `json:"number"`
}

func (m *market) book(token, productID string, edit map[string]any) (string, int) {
	m.t.Helper()
	body := map[string]any{
		"ProductId": productID, "number": "01811223344", "meetLocation": "Mirpur 10 circle",
		"buyerName": "Somebody Else", "buyerEmail": "someone@else.com", "productName": "Cheap", "price": 1,
	}
	for k, v := range edit {
		if v == nil {
			delete(body, k)
		} else {
			body[k] = v
		}
	}
	rec := m.postJSON("/api/bookings", token, body)
	if rec.Code != http.StatusCreated {
		return "", rec.Code
	}
	var ins struct {
		InsertedID string `json:"insertedId"`
	}
	decode(m.t, rec, &ins)
	return ins.InsertedID, rec.Code
}

func TestBookingTakesItsFactsFromTheServer(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	var b bookingWire
	rec := m.getAs("/api/bookings/"+id, m.buyer.AccessToken)
	decode(t, rec, &b)
	want := bookingWire{ID: id, ProductName: "HP EliteBook 840 G5", Price: 38000, MeetLocation: "Mirpur 10 circle", Paid: false,
		BuyerEmail: "bea@example.com", BuyerName: "Bea Buyer", ProductID: pid, Number: "01811223344"}
	if rec.Code != 200 || b != want {
		t.Fatalf("booking = %d %+v\nwant %+v", rec.Code, b, want)
	}
	// without an email the list is the caller's own
	for _, path := range []string{"/api/bookings?email=bea@example.com", "/api/bookings"} {
		var list []bookingWire
		decode(t, m.getAs(path, m.buyer.AccessToken), &list)
		if len(list) != 1 || list[0] != want {
			t.Fatalf("%s: list = %+v", path, list)
		}
	}
	var others []bookingWire
	decode(t, m.getAs("/api/bookings", m.otherBuyer.AccessToken), &others)
	if len(others) != 0 {
		t.Errorf("another buyer's own list = %+v", others)
	}
}

func TestBookingRules(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	if _, code := m.book(m.seller.AccessToken, pid, nil); code != http.StatusConflict {
		t.Errorf("own product: %d", code)
	}
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Fatalf("first booking: %d", code)
	}
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusConflict {
		t.Errorf("second booking by the same buyer: %d", code)
	}
	if _, code := m.book(m.otherBuyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("another buyer: %d", code)
	}
	sold := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Sold"})
	m.exec("UPDATE products SET sold_at = now() WHERE id = $1", sold)
	if _, code := m.book(m.buyer.AccessToken, sold, nil); code != http.StatusConflict {
		t.Errorf("sold product: %d", code)
	}
	for name, c := range map[string]struct {
		edit map[string]any
		code int
	}{
		"anonymous":         {nil, 401},
		"no such product":   {map[string]any{"ProductId": "999999"}, 404},
		"product id junk":   {map[string]any{"ProductId": "1 OR 1=1"}, 400},
		"product id number": {map[string]any{"ProductId": 5}, 400},
		"no phone":          {map[string]any{"number": nil}, 400},
		"letters in phone":  {map[string]any{"number": "abc"}, 400},
		"no meet location":  {map[string]any{"meetLocation": "  "}, 400},
		"unknown field":     {map[string]any{"paid": true}, 400},
	} {
		tok := m.buyer.AccessToken
		if name == "anonymous" {
			tok = ""
		}
		if _, code := m.book(tok, pid, c.edit); code != c.code {
			t.Errorf("%s: %d, want %d", name, code, c.code)
		}
	}
}

// Who may cancel a booking is the matrix's business (matrix_test.go);
// this is what cancelling does.
func TestCancelBooking(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id, _ := m.book(m.buyer.AccessToken, pid, nil)
	var del struct {
		DeletedCount int `json:"deletedCount"`
	}
	rec := m.do(http.MethodDelete, "/api/bookings/"+id, nil, bearer(m.buyer.AccessToken))
	decode(t, rec, &del)
	if rec.Code != 200 || del.DeletedCount != 1 {
		t.Fatalf("cancel: %d %+v", rec.Code, del)
	}
	wantError(t, m.getAs("/api/bookings/"+id, m.buyer.AccessToken), 404, "not_found")
	wantError(t, m.do(http.MethodDelete, "/api/bookings/"+id, nil, bearer(m.buyer.AccessToken)), 404, "not_found")
	// having cancelled, the buyer may book again
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Errorf("book again after cancelling: %d", code)
	}
}

func TestPaidBookingCannotBeDeleted(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id, _ := m.book(m.buyer.AccessToken, pid, nil)
	m.exec("UPDATE bookings SET paid_at = now(), status = 'paid', handover_nonce = '\\x00112233445566778899aabbccddeeff' WHERE id = $1", id)
	wantError(t, m.do(http.MethodDelete, "/api/bookings/"+id, nil, bearer(m.buyer.AccessToken)), http.StatusConflict, "paid")
	var b bookingWire
	decode(t, m.getAs("/api/bookings/"+id, m.buyer.AccessToken), &b)
	if !b.Paid {
		t.Errorf("booking = %+v", b)
	}
}

// A deleted product takes its unpaid bookings with it.
func TestDeletingAProductCancelsItsBookings(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	id, _ := m.book(m.buyer.AccessToken, pid, nil)
	if rec := m.do(http.MethodDelete, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)); rec.Code != 200 {
		t.Fatalf("delete product: %d", rec.Code)
	}
	wantError(t, m.getAs("/api/bookings/"+id, m.buyer.AccessToken), 404, "not_found")
}
