package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// hiddenWire is what a product's answer says about an admin's hiding.
type hiddenWire struct {
	ID           string  `json:"_id"`
	HiddenReason *string `json:"hiddenReason"`
}

// auditOf is the newest audit entry of an action, or fails.
func (m *market) auditOf(action string) auditWire {
	m.t.Helper()
	for _, e := range m.audit(m.admin.AccessToken) {
		if e.Action == action {
			return e
		}
	}
	m.t.Fatalf("no %s in the audit log", action)
	return auditWire{}
}

// noticeOf is the caller's newest notification of a kind, or fails.
func (m *market) noticeOf(token, kind string) notificationWire {
	m.t.Helper()
	var list []notificationWire
	decode(m.t, m.getAs("/api/notifications", token), &list)
	for _, n := range list {
		if n.Kind == kind {
			return n
		}
	}
	m.t.Fatalf("no %s notification in %+v", kind, list)
	return notificationWire{}
}

// #32 (walkthrough #6): an admin hides a reported listing with a reason;
// it leaves the shop for everyone but its seller and the admins, the
// seller is told why and sees it in My Products, and their edit brings it
// straight back.
func TestModerationHideUntilEdited(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	m.report(m.buyer.AccessToken, id, map[string]any{"reason": "fake"})
	reason := "The photos are of another laptop"

	// the admin opens the reported ad (what the report's link does)
	if rec := m.getAs("/api/products/"+id, m.admin.AccessToken); rec.Code != http.StatusOK {
		t.Fatalf("the admin opens the reported ad: %d", rec.Code)
	}
	rec := m.sendJSON(http.MethodPost, "/api/products/"+id+"/hide", m.admin.AccessToken, map[string]any{"reason": "  " + reason + "  "})
	if rec.Code != http.StatusOK {
		t.Fatalf("hide: %d %s", rec.Code, rec.Body.String())
	}
	checkHiddenFromAllButAdmin(t, m, id, reason)
	checkHiddenShownToSeller(t, m, id, reason)
	// twice is a conflict and changes nothing
	before := dbFingerprint(t, m.testServer)
	rec = m.sendJSON(http.MethodPost, "/api/products/"+id+"/hide", m.admin.AccessToken, map[string]any{"reason": "again"})
	wantError(t, rec, http.StatusConflict, "hidden")
	if dbFingerprint(t, m.testServer) != before {
		t.Error("hiding twice changed the database")
	}
	checkEditBringsBack(t, m, id)
}

// checkHiddenFromAllButAdmin: the admin still opens it, with the reason;
// nobody else finds, lists or books it.
func checkHiddenFromAllButAdmin(t *testing.T, m *market, id, reason string) {
	t.Helper()
	var p hiddenWire
	rec := m.getAs("/api/products/"+id, m.admin.AccessToken)
	decode(t, rec, &p)
	if rec.Code != http.StatusOK || p.HiddenReason == nil || *p.HiddenReason != reason {
		t.Fatalf("the admin's look at a hidden ad: %d %s", rec.Code, rec.Body.String())
	}
	// asked again without a token (a kept answer must not be the admin's)
	for _, token := range []string{"", m.buyer.AccessToken, m.otherSeller.AccessToken} {
		if rec := m.do(http.MethodGet, "/api/products/"+id, nil, bearer(token)); rec.Code != http.StatusNotFound {
			t.Errorf("a hidden ad for %q: %d", token, rec.Code)
		}
	}
	if strings.Contains(m.get("/api/products?category=HP").Body.String(), `"_id":"`+id+`"`) {
		t.Error("a hidden ad is in the brand's list")
	}
	if _, code := m.book(m.otherBuyer.AccessToken, id, nil); code != http.StatusConflict {
		t.Errorf("booking a hidden ad: %d", code)
	}
}

// checkHiddenShownToSeller: the seller sees it, with the reason, on its
// page and in My Products, and is told; the audit names it.
func checkHiddenShownToSeller(t *testing.T, m *market, id, reason string) {
	t.Helper()
	var p hiddenWire
	rec := m.getAs("/api/products/"+id, m.seller.AccessToken)
	decode(t, rec, &p)
	if rec.Code != http.StatusOK || p.HiddenReason == nil || *p.HiddenReason != reason {
		t.Fatalf("the seller's look at their hidden ad: %d %s", rec.Code, rec.Body.String())
	}
	var mine []hiddenWire
	decode(t, m.getAs("/api/userProducts?email="+m.seller.User.Email, m.seller.AccessToken), &mine)
	if len(mine) != 1 || mine[0].HiddenReason == nil || *mine[0].HiddenReason != reason {
		t.Fatalf("My Products: %+v", mine)
	}
	n := m.noticeOf(m.seller.AccessToken, "listing_hidden")
	if !strings.Contains(n.Body, reason) || n.Link != "/dashboard/myproducts" {
		t.Errorf("the seller's notice: %+v", n)
	}
	if e := m.auditOf("product_hidden"); e.TargetID != id || e.Detail["reason"] != reason || e.AdminName != "Ada Admin" {
		t.Errorf("audit: %+v", e)
	}
}

// checkEditBringsBack: a renewal does not bring it back; the seller's edit
// does, and its reports stay for an admin to look at again.
func checkEditBringsBack(t *testing.T, m *market, id string) {
	t.Helper()
	if rec := m.do(http.MethodPost, "/api/products/"+id+"/renew", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("renew: %d %s", rec.Code, rec.Body.String())
	}
	if rec := m.get("/api/products/" + id); rec.Code != http.StatusNotFound {
		t.Fatalf("renewed while hidden: %d", rec.Code)
	}
	rec := m.sendJSON(http.MethodPatch, "/api/products/"+id, m.seller.AccessToken, map[string]any{"productName": "HP EliteBook 840 G5 (real photos)"})
	if rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body.String())
	}
	rec = m.get("/api/products/" + id)
	var p hiddenWire
	decode(t, rec, &p)
	if rec.Code != http.StatusOK || p.HiddenReason != nil {
		t.Fatalf("after the edit: %d %s", rec.Code, rec.Body.String())
	}
	if _, code := m.book(m.otherBuyer.AccessToken, id, nil); code != http.StatusCreated {
		t.Errorf("booking after the edit: %d", code)
	}
	// its reports stay, for an admin to look at again
	if list := m.reported(); len(list) != 1 || list[0].ID != id {
		t.Errorf("reported after the edit: %+v", list)
	}
}

// #32: a suspended account's tokens stop at once, it cannot log in until
// the suspension ends and is told until when and why; the audit log
// keeps it.
func TestModerationSuspendAccount(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	reason := "Three buyers reported fake listings"
	rec := m.sendJSON(http.MethodPost, "/api/users/"+m.seller.User.ID+"/suspend", m.admin.AccessToken, map[string]any{"days": 7, "reason": reason})
	if rec.Code != http.StatusOK {
		t.Fatalf("suspend: %d %s", rec.Code, rec.Body.String())
	}
	var res struct {
		SuspendedUntil time.Time `json:"suspendedUntil"`
	}
	decode(t, rec, &res)
	if d := time.Until(res.SuspendedUntil); d < 7*24*time.Hour-time.Minute || d > 7*24*time.Hour {
		t.Errorf("suspended until %v", res.SuspendedUntil)
	}
	// the token the seller held is refused at once, for reading and acting
	wantError(t, m.getAs("/api/me", m.seller.AccessToken), http.StatusUnauthorized, "unauthorized")
	wantError(t, m.sendJSON(http.MethodPatch, "/api/products/"+id, m.seller.AccessToken, map[string]any{"productName": "Other"}), http.StatusUnauthorized, "unauthorized")
	// a log-in is refused, saying until when and why
	login := map[string]any{"email": m.seller.User.Email, "password": "correct horse battery"}
	e := wantError(t, m.postJSON("/api/auth/login", "", login), http.StatusForbidden, "suspended")
	if !strings.Contains(e.Message, "suspended until") || !strings.Contains(e.Message, reason) {
		t.Errorf("log-in while suspended: %q", e.Message)
	}
	// the notice says until when in the shop's time zone: this market's is UTC
	var body string
	if err := m.pool.QueryRow(context.Background(), `SELECT body FROM notifications WHERE user_id = $1 AND kind = 'account_suspended'`, m.seller.User.ID).Scan(&body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, reason) || !strings.Contains(body, res.SuspendedUntil.UTC().Format("Jan 2, 2006, 3:04 PM")) {
		t.Errorf("the notice: %q", body)
	}
	if a := m.auditOf("user_suspended"); a.TargetID != m.seller.User.ID || a.Detail["reason"] != reason || a.Detail["until"] == nil {
		t.Errorf("audit: %+v", a)
	}
	// admins and oneself are not suspended; other lengths are refused
	before := dbFingerprint(t, m.testServer)
	wantError(t, m.sendJSON(http.MethodPost, "/api/users/"+m.admin.User.ID+"/suspend", m.admin.AccessToken, map[string]any{"days": 1, "reason": "x"}), http.StatusConflict, "self")
	for _, days := range []any{0, 2, -1, 365, "7", 7.5, nil} {
		rec := m.sendJSON(http.MethodPost, "/api/users/"+m.buyer.User.ID+"/suspend", m.admin.AccessToken, map[string]any{"days": days, "reason": "spam"})
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%v days: %d %s", days, rec.Code, rec.Body.String())
		}
	}
	if dbFingerprint(t, m.testServer) != before {
		t.Error("refused suspensions changed the database")
	}
	// once the time is over, the seller logs in again
	m.exec(`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = $1`, m.seller.User.ID)
	if rec := m.postJSON("/api/auth/login", "", login); rec.Code != http.StatusOK {
		t.Errorf("log-in after the suspension: %d %s", rec.Code, rec.Body.String())
	}
}

// #32: a warning reaches the person with the admin's words, and the
// audit log; an admin is not warned.
func TestModerationWarnAccount(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	reason := "Your prices are far above the original price"
	if rec := m.sendJSON(http.MethodPost, "/api/users/"+m.seller.User.ID+"/warn", m.admin.AccessToken, map[string]any{"reason": reason}); rec.Code != http.StatusOK {
		t.Fatalf("warn: %d %s", rec.Code, rec.Body.String())
	}
	if n := m.noticeOf(m.seller.AccessToken, "account_warned"); !strings.Contains(n.Body, reason) {
		t.Errorf("notice: %+v", n)
	}
	if rec := m.getAs("/api/me", m.seller.AccessToken); rec.Code != http.StatusOK {
		t.Errorf("a warned account still works: %d", rec.Code)
	}
	if a := m.auditOf("user_warned"); a.TargetID != m.seller.User.ID || a.Detail["reason"] != reason {
		t.Errorf("audit: %+v", a)
	}
	other := m.signup("Alma Admin", "alma@example.com", "Buyer")
	if _, err := m.store.GrantAdmin(context.Background(), "alma@example.com"); err != nil {
		t.Fatal(err)
	}
	wantError(t, m.sendJSON(http.MethodPost, "/api/users/"+other.User.ID+"/warn", m.admin.AccessToken, map[string]any{"reason": "x"}), http.StatusConflict, "admin")
}

// #32: deleting a user takes a reason; the audit log keeps it and the
// person's email (written before the account goes) says it.
func TestModerationDeleteUserWithReason(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	reason := "Selling stolen laptops"
	if rec := m.sendJSON(http.MethodDelete, "/api/users/"+m.otherSeller.User.ID, m.admin.AccessToken, map[string]any{"reason": reason}); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body.String())
	}
	if a := m.auditOf("user_deleted"); a.TargetID != m.otherSeller.User.ID || a.Detail["reason"] != reason {
		t.Errorf("audit: %+v", a)
	}
	var body string
	var mailJobs int
	err := m.pool.QueryRow(context.Background(), `SELECT n.body, (SELECT count(*) FROM river_job j WHERE j.kind = 'send_email' AND (j.args->>'notification_id')::bigint = n.id)
		FROM notifications n WHERE n.user_id = $1 AND n.kind = 'account_deleted'`, m.otherSeller.User.ID).Scan(&body, &mailJobs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, reason) || mailJobs != 1 {
		t.Errorf("the deleted person's notice %q, %d email jobs", body, mailJobs)
	}
	// the spec's client sends no body: still a deletion, with no reason
	if rec := m.do(http.MethodDelete, "/api/users/"+m.otherBuyer.User.ID, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete without a body: %d %s", rec.Code, rec.Body.String())
	}
}

// #32 (walkthrough #22): the admins' categories say how many products
// each still has, which is why its deletion is refused.
func TestAdminCategoryCounts(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.addProduct(m.seller.AccessToken, nil)
	sold := m.addProduct(m.seller.AccessToken, nil)
	if rec := m.do(http.MethodPut, "/api/products/"+sold+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("sold: %d", rec.Code)
	}
	var cats []struct {
		ID           string `json:"_id"`
		Name         string `json:"name"`
		ProductCount int64  `json:"productCount"`
	}
	decode(t, m.getAs("/api/admin/categorys", m.admin.AccessToken), &cats)
	counts := map[string]int64{}
	hp := ""
	for _, c := range cats {
		counts[c.Name] = c.ProductCount
		if c.Name == "HP" {
			hp = c.ID
		}
	}
	if counts["HP"] != 2 || counts["APPLE"] != 0 || len(cats) < 4 {
		t.Fatalf("counts: %v", counts)
	}
	wantError(t, m.do(http.MethodDelete, "/api/categorys/"+hp, nil, bearer(m.admin.AccessToken)), http.StatusConflict, "in_use")
}
