package api_test

import (
	"net/http"
	"testing"
	"time"
)

func TestAdminUserRoutesPermissions(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	calls := []struct{ method, path string }{
		{http.MethodGet, "/api/users"},
		{http.MethodGet, "/api/users?role=Seller"},
		{http.MethodDelete, "/api/users/" + m.otherBuyer.User.ID},
		{http.MethodPut, "/api/users/sue@example.com"},
		{http.MethodGet, "/api/payments"},
	}
	who := map[string]string{"anonymous": "", "buyer": m.buyer.AccessToken, "seller": m.seller.AccessToken}
	for _, c := range calls {
		for name, tok := range who {
			want := http.StatusForbidden
			if tok == "" {
				want = http.StatusUnauthorized
			}
			if rec := m.do(c.method, c.path, nil, bearer(tok)); rec.Code != want {
				t.Errorf("%s %s as %s: %d, want %d", c.method, c.path, name, rec.Code, want)
			}
		}
	}
	// a verified seller is still not an admin
	m.exec("UPDATE users SET verified = true WHERE email = 'sam@example.com'")
	if rec := m.getAs("/api/users", m.seller.AccessToken); rec.Code != http.StatusForbidden {
		t.Errorf("verified seller: %d", rec.Code)
	}
}

func TestListUsers(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	var all []userWire
	decode(t, m.getAs("/api/users", m.admin.AccessToken), &all)
	if len(all) != 5 {
		t.Fatalf("all users = %d", len(all))
	}
	for role, want := range map[string][]string{"Buyer": {"bea@example.com", "bob@example.com"}, "Seller": {"sam@example.com", "sue@example.com"}} {
		var list []userWire
		decode(t, m.getAs("/api/users?role="+role, m.admin.AccessToken), &list)
		if len(list) != len(want) {
			t.Fatalf("%s: %+v", role, list)
		}
		for i, u := range list {
			if u.Email != want[i] || u.Role != role || u.ID == "" || u.UserName == "" {
				t.Errorf("%s %d = %+v", role, i, u)
			}
		}
	}
	for _, bad := range []string{"?role=Root", "?role=buyer", "?role=Buyer&role=Seller"} {
		wantError(t, m.getAs("/api/users"+bad, m.admin.AccessToken), http.StatusBadRequest, "invalid")
	}
}

func TestVerifySeller(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.addProduct(m.seller.AccessToken, nil)
	m.addProduct(m.seller.AccessToken, map[string]any{"category": "APPLE"})
	var res struct {
		Acknowledged  bool `json:"acknowledged"`
		ModifiedCount int  `json:"modifiedCount"`
	}
	rec := m.do(http.MethodPut, "/api/users/SAM@example.com", nil, bearer(m.admin.AccessToken))
	decode(t, rec, &res)
	if rec.Code != 200 || !res.Acknowledged || res.ModifiedCount != 1 {
		t.Fatalf("verify = %d %+v", rec.Code, res)
	}
	for _, brand := range []string{"HP", "APPLE"} {
		for _, p := range m.products("/api/products?category="+brand, "") {
			if !p.SellerVerify {
				t.Errorf("%s product not verified", brand)
			}
		}
	}
	var sellers []userWire
	decode(t, m.getAs("/api/users?role=Seller", m.admin.AccessToken), &sellers)
	if sellers[0].Verify != "verify" || sellers[1].Verify != "" {
		t.Errorf("sellers = %+v", sellers)
	}
	rec = m.do(http.MethodPut, "/api/users/sam%40example.com", nil, bearer(m.admin.AccessToken)) // an encoded @
	decode(t, rec, &res)
	if rec.Code != 200 || res.ModifiedCount != 0 {
		t.Errorf("verify again = %d %+v", rec.Code, res)
	}
	wantError(t, m.do(http.MethodPut, "/api/users/bea@example.com", nil, bearer(m.admin.AccessToken)), http.StatusConflict, "not_seller")
	wantError(t, m.do(http.MethodPut, "/api/users/nobody@example.com", nil, bearer(m.admin.AccessToken)), http.StatusNotFound, "not_found")
}

// Deleting a user: their tokens stop at once, their products leave, their
// unpaid bookings go, a deleted seller's paid ones are refunded, and money
// stays on the books.
func TestDeleteUser(t *testing.T) {
	t.Parallel()
	m := newPayMarket(t)
	sold := m.addProduct(m.seller.AccessToken, nil)
	open := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Still for sale"})
	// the buyer pays for one product and holds a booking of another
	paid, _ := m.book(m.buyer.AccessToken, sold, nil)
	pi := m.intentFor(m.buyer.AccessToken, paid)
	m.stripe.Succeed(pi)
	if r := m.pay(m.buyer.AccessToken, paid, pi); r.code != 200 {
		t.Fatalf("pay: %d %s", r.code, r.body)
	}
	m.book(m.buyer.AccessToken, open, nil)
	otherBooking, _ := m.book(m.otherBuyer.AccessToken, open, nil)

	wantError(t, m.do(http.MethodDelete, "/api/users/"+m.admin.User.ID, nil, bearer(m.admin.AccessToken)), http.StatusConflict, "self")
	wantError(t, m.do(http.MethodDelete, "/api/users/999999", nil, bearer(m.admin.AccessToken)), http.StatusNotFound, "not_found")
	wantError(t, m.do(http.MethodDelete, "/api/users/abc", nil, bearer(m.admin.AccessToken)), http.StatusNotFound, "not_found")

	// delete the seller: products leave, bookings of them that nobody paid go
	var del struct {
		DeletedCount int `json:"deletedCount"`
	}
	rec := m.do(http.MethodDelete, "/api/users/"+m.seller.User.ID, nil, bearer(m.admin.AccessToken))
	decode(t, rec, &del)
	if rec.Code != 200 || del.DeletedCount != 1 {
		t.Fatalf("delete seller = %d %+v", rec.Code, del)
	}
	wantError(t, m.getAs("/api/me", m.seller.AccessToken), http.StatusUnauthorized, "unauthorized")
	if list := m.products("/api/products?category=HP", ""); len(list) != 0 {
		t.Errorf("deleted seller's products still listed: %+v", list)
	}
	wantError(t, m.getAs("/api/bookings/"+otherBooking, m.otherBuyer.AccessToken), http.StatusNotFound, "not_found")
	// the paid booking can never be handed over now: it ends as an admin's
	// removal ends it, the buyer refunded and told (#31, F6)
	if b := m.bookingAs(m.buyer.AccessToken, paid); b.Paid || b.Status != "declined" || b.DeclineCode != "removed" || m.stripe.RefundCount(pi) != 1 {
		t.Errorf("paid booking after the seller's deletion: %+v, %d refunds", b, m.stripe.RefundCount(pi))
	}
	if got := m.notices(); got[m.buyer.User.ID+" listing_withdrawn"] != 2 { // the open booking's and the paid one's
		t.Errorf("the buyer is told: %v", got)
	}

	// delete the buyer: the payment record stays readable to the admin
	if rec := m.do(http.MethodDelete, "/api/users/"+m.buyer.User.ID, nil, bearer(m.admin.AccessToken)); rec.Code != 200 {
		t.Fatalf("delete buyer = %d", rec.Code)
	}
	var payments []struct {
		BookingID     string `json:"bookingId"`
		ProductName   string `json:"productName"`
		Price         int64  `json:"price"`
		BuyerEmail    string `json:"buyerEmail"`
		TransactionID string `json:"transactionId"`
		Status        string `json:"status"`
		Date          string `json:"date"`
	}
	decode(t, m.getAs("/api/payments", m.admin.AccessToken), &payments)
	if len(payments) != 1 || payments[0].BookingID != paid || payments[0].TransactionID != pi || payments[0].Price != 38000 ||
		payments[0].BuyerEmail != "bea@example.com" || payments[0].Status != "refunded" || payments[0].Date != time.Now().UTC().Format("01-02-2006") {
		t.Fatalf("payments = %+v", payments)
	}
	var users []userWire
	decode(t, m.getAs("/api/users", m.admin.AccessToken), &users)
	if len(users) != 3 {
		t.Errorf("users after two deletions: %+v", users)
	}
	// the address can sign up again, as a new account
	again := m.signup("Bea Again", "bea@example.com", "Buyer")
	if again.User.ID == m.buyer.User.ID {
		t.Error("the deleted account came back")
	}
	// admins are not deleted over the API
	other := m.signup("Second Admin", "admin2@example.com", "Buyer")
	m.exec("UPDATE users SET role = 'Admin' WHERE email = 'admin2@example.com'")
	wantError(t, m.do(http.MethodDelete, "/api/users/"+other.User.ID, nil, bearer(m.admin.AccessToken)), http.StatusConflict, "admin")
}
