package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// reportedWire is a reported product as the admins get it: the spec's
// fields (productWire) plus the reports.
type reportedWire struct {
	ID          string         `json:"_id"`
	ProductName string         `json:"productName"`
	Report      string         `json:"report"`
	ReportCount int            `json:"reportCount"`
	Reasons     map[string]int `json:"reasons"`
	Reports     []struct {
		Reporter string `json:"reporter"`
		Reason   string `json:"reason"`
		Note     string `json:"note"`
	} `json:"reports"`
}

type auditWire struct {
	ID          string         `json:"_id"`
	AdminID     *string        `json:"adminId"`
	AdminName   string         `json:"adminName"`
	Action      string         `json:"action"`
	TargetKind  string         `json:"targetKind"`
	TargetID    string         `json:"targetId"`
	TargetLabel string         `json:"targetLabel"`
	Detail      map[string]any `json:"detail"`
	CreatedAt   string         `json:"createdAt"`
}

func (m *market) sendJSON(method, path, token string, v any) *httptest.ResponseRecorder {
	m.t.Helper()
	if v == nil {
		return m.do(method, path, nil, bearer(token))
	}
	b, err := json.Marshal(v)
	if err != nil {
		m.t.Fatal(err)
	}
	return m.do(method, path, bytes.NewReader(b), bearer(token))
}

func (m *market) report(token, id string, body any) *httptest.ResponseRecorder {
	m.t.Helper()
	return m.sendJSON(http.MethodPut, "/api/products/report/"+id, token, body)
}

func (m *market) reported() []reportedWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/products/report?report=reported", nil, bearer(m.admin.AccessToken))
	if rec.Code != http.StatusOK {
		m.t.Fatalf("reported: %d %s", rec.Code, rec.Body.String())
	}
	var out []reportedWire
	decode(m.t, rec, &out)
	return out
}

func (m *market) audit(token string) []auditWire {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/admin/audit", nil, bearer(token))
	if rec.Code != http.StatusOK {
		m.t.Fatalf("audit: %d %s", rec.Code, rec.Body.String())
	}
	var out []auditWire
	decode(m.t, rec, &out)
	return out
}

func TestModerationReportReasons(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)

	// the spec's client sends no body: the reason is other
	if rec := m.report(m.buyer.AccessToken, id, nil); rec.Code != http.StatusOK {
		t.Fatalf("report without a body: %d %s", rec.Code, rec.Body.String())
	}
	var res struct {
		ModifiedCount int `json:"modifiedCount"`
	}
	rec := m.report(m.otherBuyer.AccessToken, id, map[string]any{"reason": "stolen", "note": "  Serial matches my stolen laptop  "})
	decode(t, rec, &res)
	if rec.Code != http.StatusOK || res.ModifiedCount != 1 {
		t.Fatalf("report with a reason: %d %s", rec.Code, rec.Body.String())
	}
	rec = m.report(m.otherSeller.AccessToken, id, map[string]any{"reason": "stolen"})
	if rec.Code != http.StatusOK {
		t.Fatalf("third report: %d %s", rec.Code, rec.Body.String())
	}
	// a second report by the same person changes nothing, whatever it says
	rec = m.report(m.otherBuyer.AccessToken, id, map[string]any{"reason": "spam", "note": "again"})
	decode(t, rec, &res)
	if rec.Code != http.StatusOK || res.ModifiedCount != 0 {
		t.Fatalf("second report: %d %s", rec.Code, rec.Body.String())
	}

	before := dbFingerprint(t, m.testServer)
	for name, body := range map[string]any{
		"unknown reason":  map[string]any{"reason": "ugly"},
		"reason in case":  map[string]any{"reason": "Spam"},
		"oversized note":  map[string]any{"reason": "fake", "note": strings.Repeat("n", 501)},
		"control in note": map[string]any{"reason": "fake", "note": "a\x00b"},
		"unknown field":   map[string]any{"reason": "fake", "severity": 5},
	} {
		rec := m.report(m.admin.AccessToken, id, body)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Errorf("refused reports changed the database")
	}
	// exactly 500 characters is fine
	if rec := m.report(m.admin.AccessToken, id, map[string]any{"reason": "wrong_price", "note": strings.Repeat("ব", 500)}); rec.Code != http.StatusOK {
		t.Errorf("a 500-character note: %d %s", rec.Code, rec.Body.String())
	}

	list := m.reported()
	if len(list) != 1 || list[0].ID != id || list[0].Report != "reported" {
		t.Fatalf("reported = %+v", list)
	}
	p := list[0]
	if p.ReportCount != 4 || p.Reasons["other"] != 1 || p.Reasons["stolen"] != 2 || p.Reasons["wrong_price"] != 1 || len(p.Reasons) != 3 {
		t.Errorf("counts = %d %v", p.ReportCount, p.Reasons)
	}
	if len(p.Reports) != 4 || p.Reports[0].Reporter != "Bea Buyer" || p.Reports[0].Reason != "other" ||
		p.Reports[1].Reporter != "Bob Buyer" || p.Reports[1].Note != "Serial matches my stolen laptop" {
		t.Errorf("reports = %+v", p.Reports)
	}
}

func TestModerationDismissReports(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	fine := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Dell Latitude"})
	m.report(m.buyer.AccessToken, id, map[string]any{"reason": "fake"})
	m.report(m.otherBuyer.AccessToken, id, nil)

	wantError(t, m.do(http.MethodPost, "/api/products/report/"+id+"/dismiss", nil, bearer(m.buyer.AccessToken)), 403, "forbidden")
	wantError(t, m.do(http.MethodPost, "/api/products/report/"+fine+"/dismiss", nil, bearer(m.admin.AccessToken)), 409, "not_reported")
	wantError(t, m.do(http.MethodPost, "/api/products/report/999999/dismiss", nil, bearer(m.admin.AccessToken)), 404, "not_found")

	rec := m.do(http.MethodPost, "/api/products/report/"+id+"/dismiss", nil, bearer(m.admin.AccessToken))
	var res struct {
		DeletedCount int `json:"deletedCount"`
	}
	decode(t, rec, &res)
	if rec.Code != http.StatusOK || res.DeletedCount != 2 {
		t.Fatalf("dismiss: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.reported(); len(got) != 0 {
		t.Errorf("still reported: %+v", got)
	}
	// the product stays, no longer marked reported
	if ps := m.products("/api/products?category=HP", ""); len(ps) != 2 || ps[1].ID != id || ps[1].Report != "" {
		t.Errorf("catalogue = %+v", ps)
	}
	log := m.audit(m.admin.AccessToken)
	if len(log) != 1 || log[0].Action != "reports_dismissed" || log[0].AdminName != "Ada Admin" || log[0].TargetKind != "product" ||
		log[0].TargetID != id || log[0].TargetLabel != "HP EliteBook 840 G5" || log[0].Detail["reports"] != float64(2) {
		t.Errorf("audit = %+v", log)
	}
	// dismissed twice: nothing left to dismiss, nothing more audited
	wantError(t, m.do(http.MethodPost, "/api/products/report/"+id+"/dismiss", nil, bearer(m.admin.AccessToken)), 409, "not_reported")
	if n := len(m.audit(m.admin.AccessToken)); n != 1 {
		t.Errorf("audit rows = %d", n)
	}
}

// Each admin action writes exactly one row naming who did what to whom.
func TestModerationAuditEveryAdminAction(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	a := &auditChecker{t: t, m: m, admin: m.admin.AccessToken, adminID: m.admin.User.ID}
	sue := m.otherSeller.User
	auditVerifications(t, a, sue)
	auditProductActions(t, a)
	auditDeletions(t, a)
	auditOutlivesAccounts(t, a, sue)
	auditReadByAdminsInPages(t, a)
}

// auditWant is the newest audit row a step should have written.
type auditWant struct{ action, kind, id, label, reason string }

// auditChecker checks an admin action's answer and the audit row it wrote.
type auditChecker struct {
	t              *testing.T
	m              *market
	admin, adminID string
}

func (a *auditChecker) check(step string, rec *httptest.ResponseRecorder, w auditWant) {
	a.t.Helper()
	if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
		a.t.Fatalf("%s: %d %s", step, rec.Code, rec.Body.String())
	}
	log := a.m.audit(a.admin)
	if len(log) == 0 {
		a.t.Fatalf("%s: no audit row", step)
	}
	got := log[0]
	reason, _ := got.Detail["reason"].(string)
	if got.Action != w.action || got.TargetKind != w.kind || got.TargetID != w.id || got.TargetLabel != w.label ||
		got.AdminName != "Ada Admin" || got.AdminID == nil || *got.AdminID != a.adminID || reason != w.reason || got.CreatedAt == "" {
		a.t.Errorf("%s: audit = %+v, want %+v", step, got, w)
	}
}

func (a *auditChecker) count() int { return len(a.m.audit(a.admin)) }

// auditVerifications: verifying and unverifying a seller are actions;
// repeating one, or a refused one, is not.
func auditVerifications(t *testing.T, a *auditChecker, sue userWire) {
	t.Helper()
	m := a.m
	a.check("verify", m.do(http.MethodPut, "/api/users/sue@example.com", nil, bearer(a.admin)),
		auditWant{"seller_verified", "user", sue.ID, "Sue Seller <sue@example.com>", ""})
	// verifying again changes nothing and is not an action
	m.do(http.MethodPut, "/api/users/sue@example.com", nil, bearer(a.admin))
	if n := a.count(); n != 1 {
		t.Errorf("after a repeated verify: %d rows", n)
	}
	a.check("unverify", m.do(http.MethodDelete, "/api/users/sue@example.com/verify", nil, bearer(a.admin)),
		auditWant{"seller_unverified", "user", sue.ID, "Sue Seller <sue@example.com>", ""})
	m.do(http.MethodDelete, "/api/users/sue@example.com/verify", nil, bearer(a.admin))
	if n := a.count(); n != 2 {
		t.Errorf("after a repeated unverify: %d rows", n)
	}
	wantError(t, m.do(http.MethodDelete, "/api/users/bea@example.com/verify", nil, bearer(a.admin)), 409, "not_seller")
	wantError(t, m.do(http.MethodDelete, "/api/users/nobody@example.com/verify", nil, bearer(a.admin)), 404, "not_found")

}

// auditProductActions: an admin's stop of an advertisement, deletions
// and dismissals are actions; the seller's own stop is not.
func auditProductActions(t *testing.T, a *auditChecker) {
	t.Helper()
	m := a.m
	ad := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Advertised HP"})
	if rec := m.advertise(m.seller.AccessToken, ad); rec.Code != http.StatusOK {
		t.Fatalf("advertise: %d", rec.Code)
	}
	a.check("stop advertising", m.stopAd(a.admin, ad), auditWant{"advertising_stopped", "product", ad, "Advertised HP", ""})
	// the seller's own stop is not an admin action
	m.advertise(m.seller.AccessToken, ad)
	m.stopAd(m.seller.AccessToken, ad)
	if n := a.count(); n != 3 {
		t.Errorf("after the seller's stop: %d rows", n)
	}

	a.check("delete product", m.do(http.MethodDelete, "/api/products/"+ad, nil, bearer(a.admin)), auditWant{"product_deleted", "product", ad, "Advertised HP", ""})

	rp := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Reported HP"})
	m.report(m.buyer.AccessToken, rp, map[string]any{"reason": "sold"})
	a.check("delete reported", m.sendJSON(http.MethodDelete, "/api/products/report/"+rp, a.admin, map[string]any{"reason": "It was sold elsewhere"}),
		auditWant{"reported_product_deleted", "product", rp, "Reported HP", "It was sold elsewhere"})

	dp := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Dismissed HP"})
	m.report(m.buyer.AccessToken, dp, nil)
	a.check("dismiss", m.do(http.MethodPost, "/api/products/report/"+dp+"/dismiss", nil, bearer(a.admin)), auditWant{"reports_dismissed", "product", dp, "Dismissed HP", ""})

}

// auditDeletions: a category made and deleted, a user deleted; a refused
// deletion writes nothing.
func auditDeletions(t *testing.T, a *auditChecker) {
	t.Helper()
	m := a.m
	cat := m.addCategory(map[string]any{"name": "Audit Brand"})
	log := m.audit(a.admin)
	if log[0].Action != "category_created" || log[0].TargetID != cat || log[0].TargetLabel != "Audit Brand" {
		t.Errorf("category created: %+v", log[0])
	}
	a.check("delete category", m.do(http.MethodDelete, "/api/categorys/"+cat, nil, bearer(a.admin)), auditWant{"category_deleted", "category", cat, "Audit Brand", ""})

	bob := m.otherBuyer.User
	a.check("delete user", m.do(http.MethodDelete, "/api/users/"+bob.ID, nil, bearer(a.admin)), auditWant{"user_deleted", "user", bob.ID, "Bob Buyer <bob@example.com>", ""})
	// a refused action writes nothing
	wantError(t, m.do(http.MethodDelete, "/api/users/"+bob.ID, nil, bearer(a.admin)), 404, "not_found")
	if n := a.count(); n != 9 {
		t.Errorf("rows = %d, want 9", n)
	}

}

// auditOutlivesAccounts: Sue's account goes, her name stays in the rows
// about her.
func auditOutlivesAccounts(t *testing.T, a *auditChecker, sue userWire) {
	t.Helper()
	m := a.m
	m.do(http.MethodDelete, "/api/users/"+sue.ID, nil, bearer(a.admin))
	log := m.audit(a.admin)
	if len(log) != 10 || log[len(log)-1].TargetLabel != "Sue Seller <sue@example.com>" || log[len(log)-2].TargetLabel != "Sue Seller <sue@example.com>" {
		t.Errorf("after deleting Sue: %+v", log)
	}

}

// auditReadByAdminsInPages: only admins read the log, paged like the
// other lists.
func auditReadByAdminsInPages(t *testing.T, a *auditChecker) {
	t.Helper()
	m := a.m
	for _, tok := range []string{m.buyer.AccessToken, m.seller.AccessToken} {
		wantError(t, m.do(http.MethodGet, "/api/admin/audit", nil, bearer(tok)), 403, "forbidden")
	}
	wantError(t, m.get("/api/admin/audit"), 401, "unauthorized")

	// paged like the other lists
	rec := m.do(http.MethodGet, "/api/admin/audit?limit=4", nil, bearer(a.admin))
	var first []auditWire
	decode(t, rec, &first)
	link := rec.Header().Get("Link")
	if len(first) != 4 || !strings.Contains(link, `rel="next"`) {
		t.Fatalf("first page: %d rows, Link %q", len(first), link)
	}
	next := link[strings.Index(link, "<")+1 : strings.Index(link, ">")]
	var second []auditWire
	decode(t, m.do(http.MethodGet, next, nil, bearer(a.admin)), &second)
	if len(second) != 4 || second[0].ID == first[3].ID || second[0].Action != "reports_dismissed" {
		t.Errorf("second page = %+v", second)
	}
}
