package api_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/checkreport"
	"resale/checkreport/hwread"
)

// laptopReport is what resale-check reads on the recorded ThinkPad
// (checkreport/hwread/testdata/laptop): serial PF2XK9QZ, i5-1135G7, 16 GiB,
// a 512 GB NVMe disk, a battery at 81% of its design.
func laptopReport(t *testing.T) checkreport.Report {
	t.Helper()
	r := hwread.Read(context.Background(), hwread.Options{Root: "../checkreport/hwread/testdata/laptop", Version: "v1.0.0", Now: time.Now(),
		NVMeHealth: func(string) (*checkreport.DiskHealth, string) { return nil, "needs administrator rights" }})
	if bad := r.Validate(time.Now()); len(bad) != 0 {
		t.Fatalf("the recorded laptop's report is refused: %v", bad)
	}
	return r
}

// checkCodeWire is POST /api/products/{id}/check-code.
type checkCodeWire struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expiresAt"`
	Command   string    `json:"command"`
}

// productCheckWire is GET /api/products/{id}/check.
type productCheckWire struct {
	ID            string             `json:"id"`
	ProductID     string             `json:"productId"`
	CheckedAt     time.Time          `json:"checkedAt"`
	SerialLast4   string             `json:"serialLast4"`
	Report        checkreport.Report `json:"report"`
	BatteryHealth *int               `json:"batteryHealth"`
	Specs         []struct {
		Spec, Listed, Checked, Status string
	} `json:"specs"`
	Contradicts []string `json:"contradicts"`
	Signature   struct {
		Algorithm, PublicKey, Value, Signed string
	} `json:"signature"`
}

var checkCodeForm = regexp.MustCompile(`^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$`)

// checkedLaptop lists a laptop whose specs the recorded report confirms
// but for its memory (8 GB listed, 16 read).
func (m *market) checkedLaptop() string {
	return m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Lenovo ThinkPad X1 Carbon Gen 9",
		"specs": map[string]any{"processor": "Core i5 11th Gen", "ramGb": 8, "storageGb": 512, "storageType": "SSD", "batteryHealth": 80}})
}

func (m *market) checkCode(token, id string) (checkCodeWire, int) {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/products/"+id+"/check-code", token, nil)
	var c checkCodeWire
	if rec.Code == http.StatusCreated {
		decode(m.t, rec, &c)
	}
	return c, rec.Code
}

func (m *market) postCheck(code string, handover bool, r checkreport.Report) map[string]any {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/checks", "", checkreport.Submission{Code: code, Handover: handover, Report: r})
	out := map[string]any{"status": float64(rec.Code)}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		m.t.Fatalf("POST /api/checks: %d %s", rec.Code, rec.Body.String())
	}
	out["status"] = float64(rec.Code)
	return out
}

func (m *market) productCheck(id, token string) (productCheckWire, int) {
	m.t.Helper()
	rec := m.do(http.MethodGet, "/api/products/"+id+"/check", nil, bearer(token))
	var c productCheckWire
	if rec.Code == http.StatusOK {
		decode(m.t, rec, &c)
	}
	return c, rec.Code
}

// TestCheckFlow: the seller's code, the report posted with it, the check
// anyone reads (signed, the serial by its last 4), the card's checkedAt,
// the checked filter, and the seller's delete.
func TestCheckFlow(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "HP EliteBook never checked"})
	if _, code := m.checkCode(m.otherSeller.AccessToken, id); code != http.StatusNotFound {
		t.Fatalf("another seller's code: %d, want 404", code)
	}
	c, code := m.checkCode(m.seller.AccessToken, id)
	if code != http.StatusCreated || !checkCodeForm.MatchString(c.Code) || !strings.HasSuffix(c.Command, " "+c.Code) {
		t.Fatalf("check code: %d %+v", code, c)
	}
	if d := time.Until(c.ExpiresAt); d < 23*time.Hour || d > 25*time.Hour {
		t.Errorf("code expires in %v, want 24 h", d)
	}
	if _, ok := m.productState(id); !ok {
		t.Fatal("the listing is gone")
	}
	if p := m.productJSON(id); p["checkedAt"] != nil {
		t.Fatalf("an unchecked listing's checkedAt = %v", p["checkedAt"])
	}
	report := laptopReport(t)
	got := m.postCheck(c.Code, false, report)
	if got["status"] != float64(http.StatusCreated) || got["productId"] != id || !slices.Equal(toStrings(got["contradicts"]), []string{"ramGb"}) {
		t.Fatalf("POST /api/checks = %v", got)
	}
	if again := m.postCheck(c.Code, false, report); again["status"] != float64(http.StatusNotFound) {
		t.Errorf("the code used twice: %v", again)
	}
	check, code := m.productCheck(id, "")
	if code != http.StatusOK {
		t.Fatalf("GET check: %d", code)
	}
	if check.SerialLast4 != "K9QZ" || check.Report.Serial != nil || strings.Contains(check.Signature.Signed, "PF2XK9QZ") {
		t.Errorf("the serial shows beyond its last 4: %q %v", check.SerialLast4, check.Report.Serial)
	}
	if check.BatteryHealth == nil || *check.BatteryHealth != 81 || check.Report.CPU == nil || check.Report.CPU.Cores != 4 {
		t.Errorf("the report read back: battery %v, cpu %+v", check.BatteryHealth, check.Report.CPU)
	}
	status := map[string]string{}
	for _, s := range check.Specs {
		status[s.Spec] = s.Status
	}
	want := map[string]string{"processor": "confirms", "ramGb": "contradicts", "storageGb": "confirms", "storageType": "confirms", "batteryHealth": "confirms"}
	if !mapsEqual(status, want) || !slices.Equal(check.Contradicts, []string{"ramGb"}) {
		t.Errorf("specs = %v, contradicts %v; want %v", status, check.Contradicts, want)
	}
	verifyCheckSignature(t, m, check)
	p := m.productJSON(id)
	if at, _ := p["checkedAt"].(string); at == "" {
		t.Errorf("a checked listing's checkedAt = %v", p["checkedAt"])
	}
	checkedOnly(t, m, id, other)

	if rec := m.send(http.MethodDelete, "/api/products/"+id+"/check", m.otherSeller.AccessToken, nil); rec.Code != http.StatusNotFound {
		t.Errorf("another seller deletes the check: %d", rec.Code)
	}
	if rec := m.send(http.MethodDelete, "/api/products/"+id+"/check", m.seller.AccessToken, nil); rec.Code != http.StatusNoContent {
		t.Fatalf("the seller deletes the check: %d %s", rec.Code, rec.Body.String())
	}
	if _, code := m.productCheck(id, ""); code != http.StatusNotFound {
		t.Errorf("GET a deleted check: %d", code)
	}
	if p := m.productJSON(id); p["checkedAt"] != nil {
		t.Errorf("checkedAt after the delete = %v", p["checkedAt"])
	}
	if rec := m.send(http.MethodDelete, "/api/products/"+id+"/check", m.seller.AccessToken, nil); rec.Code != http.StatusNotFound {
		t.Errorf("deleting no check: %d", rec.Code)
	}
}

// verifyCheckSignature: the signature verifies with the published key
// over the signed text, and the signed text is the report shown.
func verifyCheckSignature(t *testing.T, m *market, check productCheckWire) {
	t.Helper()
	var key struct{ Algorithm, PublicKey string }
	decode(t, m.get("/api/checks/key"), &key)
	if key.Algorithm != "Ed25519" || key.PublicKey != check.Signature.PublicKey {
		t.Fatalf("key %+v, the check's %q", key, check.Signature.PublicKey)
	}
	pub, err1 := base64.StdEncoding.DecodeString(key.PublicKey)
	sig, err2 := base64.StdEncoding.DecodeString(check.Signature.Value)
	if err1 != nil || err2 != nil || len(pub) != ed25519.PublicKeySize {
		t.Fatalf("key or signature not base64: %v %v", err1, err2)
	}
	if !ed25519.Verify(pub, []byte(check.Signature.Signed), sig) {
		t.Fatal("the signature does not verify")
	}
	if ed25519.Verify(pub, []byte(strings.Replace(check.Signature.Signed, `"cores":4`, `"cores":8`, 1)), sig) {
		t.Fatal("a changed report verifies")
	}
	var st struct {
		ProductID   string             `json:"productId"`
		SerialLast4 string             `json:"serialLast4"`
		Report      checkreport.Report `json:"report"`
	}
	if err := json.Unmarshal([]byte(check.Signature.Signed), &st); err != nil || st.ProductID != check.ProductID || st.SerialLast4 != "K9QZ" ||
		st.Report.Model == nil || *st.Report.Model != *check.Report.Model {
		t.Errorf("the signed statement %+v does not say what the check shows (%v)", st, err)
	}
}

// checkedOnly: ?checked=true lists the checked listing alone, in every
// order and with a search, and the facets count it alone.
func checkedOnly(t *testing.T, m *market, checked, unchecked string) {
	t.Helper()
	for _, q := range []string{"", "&sort=newest", "&sort=distance&near=23.8,90.4", "&sort=price_asc", "&q=lenovo&sort=price_desc", "&sort=price_desc", "&q=lenovo", "&q=lenovo&sort=relevance", "&category=HP", "&verified=false"} {
		var ids []string
		for _, p := range m.products("/api/products?checked=true"+q, "") {
			ids = append(ids, p.ID)
		}
		if !slices.Equal(ids, []string{checked}) {
			t.Errorf("?checked=true%s = %v, want [%s]", q, ids, checked)
		}
	}
	all := m.products("/api/products", "")
	if len(all) != 2 {
		t.Errorf("without the filter: %d listings, want 2 (%s and %s)", len(all), checked, unchecked)
	}
	wantError(t, m.get("/api/products?checked=maybe"), http.StatusBadRequest, "invalid")
}

func (m *market) productJSON(id string) map[string]any {
	m.t.Helper()
	var p map[string]any
	decode(m.t, m.getAs("/api/products/"+id, m.seller.AccessToken), &p)
	return p
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestCheckCodeRules: a code is single use, dies after 24 hours, is the
// seller's own listing's only, and a report the checks refuse is a 400
// that spends nothing.
func TestCheckCodeRules(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	c, _ := m.checkCode(m.seller.AccessToken, id)
	bad := laptopReport(t)
	bad.Memory.TotalBytes = 1
	if got := m.postCheck(c.Code, false, bad); got["status"] != float64(http.StatusBadRequest) {
		t.Fatalf("a bad report: %v", got)
	}
	if got := m.postCheck(c.Code, false, laptopReport(t)); got["status"] != float64(http.StatusCreated) {
		t.Fatalf("the code after a refused report: %v", got)
	}
	expired, _ := m.checkCode(m.seller.AccessToken, id)
	m.exec("UPDATE check_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
	if got := m.postCheck(expired.Code, false, laptopReport(t)); got["status"] != float64(http.StatusNotFound) {
		t.Errorf("an expired code: %v", got)
	}
	if got := m.postCheck("ABCD-EFGH", false, laptopReport(t)); got["status"] != float64(http.StatusNotFound) {
		t.Errorf("an unknown code: %v", got)
	}
	var hashes int
	m.scalar(&hashes, "SELECT count(*) FROM check_codes WHERE code_hash = convert_to($1, 'UTF8')", strings.ReplaceAll(c.Code, "-", ""))
	if hashes != 0 {
		t.Error("a code is kept as it is, not hashed")
	}
	if _, code := m.checkCode(m.buyer.AccessToken, id); code != http.StatusForbidden {
		t.Errorf("a buyer asks for a code: %d", code)
	}
}

// handoverWire is a booking's handoverCheck.
type handoverWire struct {
	ID              string   `json:"id"`
	SerialLast4     string   `json:"serialLast4"`
	Compared        bool     `json:"compared"`
	Match           *bool    `json:"match"`
	SerialMatches   *bool    `json:"serialMatches"`
	HardwareMatches *bool    `json:"hardwareMatches"`
	Differences     []string `json:"differences"`
	BatteryBefore   *int     `json:"batteryBefore"`
	BatteryNow      *int     `json:"batteryNow"`
}

func (m *market) postHandover(code string, r checkreport.Report) (string, handoverWire, int) {
	m.t.Helper()
	rec := m.send(http.MethodPost, "/api/checks", "", checkreport.Submission{Code: code, Handover: true, Report: r})
	var out struct {
		Message       string       `json:"message"`
		HandoverCheck handoverWire `json:"handoverCheck"`
	}
	if rec.Code == http.StatusCreated {
		decode(m.t, rec, &out)
	}
	return out.Message, out.HandoverCheck, rec.Code
}

// TestHandoverCheck: at the meeting the laptop checked, its battery worn
// 2% since, is the one; another serial is not; the outcome shows in the
// buyer's booking and the seller's leads.
func TestHandoverCheck(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	c, _ := m.checkCode(m.seller.AccessToken, id)
	if got := m.postCheck(c.Code, false, laptopReport(t)); got["status"] != float64(http.StatusCreated) {
		t.Fatalf("the listing's check: %v", got)
	}
	booking, code := m.book(m.buyer.AccessToken, id, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	handover := m.mustAccept(m.buyer.AccessToken, booking)

	now := laptopReport(t)
	now.Batteries[0].FullChargeCapacity = 57000 * 79 / 100 // 79% now, 81% at the check
	msg, hc, code := m.postHandover(handover, now)
	if code != http.StatusCreated || !hc.Compared || hc.Match == nil || !*hc.Match || *hc.BatteryBefore != 81 || *hc.BatteryNow != 79 {
		t.Fatalf("the same laptop: %d %q %+v", code, msg, hc)
	}
	if msg != "This is the laptop that was checked; its battery lost 2% since." {
		t.Errorf("message %q", msg)
	}

	swapped := laptopReport(t)
	serial, mem := "PF0THER1", int64(8<<30)
	swapped.Serial, swapped.Memory.TotalBytes = &serial, mem
	msg, hc, code = m.postHandover(handover, swapped)
	if code != http.StatusCreated || hc.Match == nil || *hc.Match || hc.SerialMatches == nil || *hc.SerialMatches ||
		hc.HardwareMatches == nil || *hc.HardwareMatches || hc.SerialLast4 != "HER1" {
		t.Fatalf("another laptop: %d %q %+v", code, msg, hc)
	}
	if !strings.Contains(msg, "NOT the laptop that was checked") || !slices.Contains(hc.Differences, "memory: 16 GB then, 8 GB now") {
		t.Errorf("another laptop said as %q, differences %v", msg, hc.Differences)
	}

	var b struct {
		HandoverCheck *handoverWire `json:"handoverCheck"`
	}
	decode(t, m.getAs("/api/bookings/"+booking, m.buyer.AccessToken), &b)
	if b.HandoverCheck == nil || b.HandoverCheck.ID != hc.ID || *b.HandoverCheck.Match {
		t.Errorf("the buyer's booking shows %+v, want the newest check %s", b.HandoverCheck, hc.ID)
	}
	var leads []struct {
		ID            string        `json:"_id"`
		HandoverCheck *handoverWire `json:"handoverCheck"`
	}
	decode(t, m.getAs("/api/leads", m.seller.AccessToken), &leads)
	if len(leads) != 1 || leads[0].HandoverCheck == nil || leads[0].HandoverCheck.ID != hc.ID {
		t.Errorf("the seller's leads: %+v", leads)
	}
	wrong := "000000"
	if wrong == handover {
		wrong = "000001"
	}
	if _, _, code := m.postHandover(wrong, now); code != http.StatusNotFound {
		t.Errorf("a wrong hand-over code: %d", code)
	}
}

// TestHandoverUnchecked: a listing never checked has nothing to compare.
func TestHandoverUnchecked(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	booking, _ := m.book(m.buyer.AccessToken, id, nil)
	handover := m.mustAccept(m.buyer.AccessToken, booking)
	msg, hc, code := m.postHandover(handover, laptopReport(t))
	if code != http.StatusCreated || hc.Compared || hc.Match != nil || hc.BatteryNow == nil || *hc.BatteryNow != 81 {
		t.Fatalf("unchecked: %d %q %+v", code, msg, hc)
	}
}

// stolenLookup is GET /api/stolen/{serial}.
func (m *market) stolenLookup(serial string) (bool, int) {
	m.t.Helper()
	rec := m.get("/api/stolen/" + url.PathEscape(serial))
	var out struct {
		Stolen bool `json:"stolen"`
	}
	if rec.Code == http.StatusOK {
		decode(m.t, rec, &out)
	}
	return out.Stolen, rec.Code
}

type stolenWire struct {
	ID           string `json:"id"`
	SerialLast4  string `json:"serialLast4"`
	Status       string `json:"status"`
	PoliceReport string `json:"policeReport"`
	Listings     *int   `json:"listings"`
	Hidden       *int   `json:"hidden"`
}

// TestStolenSerial: an owner registers the serial, an admin confirms it,
// the listing checked with it leaves the catalogue for the admins' list;
// a listing checked after the confirmation is hidden at once; anyone asks
// yes or no, throttled.
func TestStolenSerial(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	c, _ := m.checkCode(m.seller.AccessToken, id)
	m.postCheck(c.Code, false, laptopReport(t))

	rec := m.send(http.MethodPost, "/api/stolen", m.buyer.AccessToken, map[string]string{"serial": "pf2x-k9qz", "policeReport": "GD 1234/2026 Dhanmondi"})
	var reg stolenWire
	if rec.Code != http.StatusCreated {
		t.Fatalf("register: %d %s", rec.Code, rec.Body.String())
	}
	decode(t, rec, &reg)
	if reg.SerialLast4 != "K9QZ" || reg.Status != "pending" {
		t.Errorf("registered as %+v", reg)
	}
	again := m.send(http.MethodPost, "/api/stolen", m.otherBuyer.AccessToken, map[string]string{"serial": "PF2XK9QZ", "policeReport": "GD 99/2026"})
	wantError(t, again, http.StatusConflict, "registered")
	if stolen, _ := m.stolenLookup("PF2XK9QZ"); stolen {
		t.Error("a pending registration answers stolen")
	}
	var list struct{ Registrations []stolenWire }
	decode(t, m.getAs("/api/admin/stolen", m.admin.AccessToken), &list)
	if len(list.Registrations) != 1 || list.Registrations[0].ID != reg.ID || *list.Registrations[0].Listings != 1 ||
		list.Registrations[0].PoliceReport != "GD 1234/2026 Dhanmondi" || strings.Contains(rec.Body.String()+m.getAs("/api/admin/stolen", m.admin.AccessToken).Body.String(), "PF2X") {
		t.Fatalf("the admins' list: %+v", list.Registrations)
	}
	var done stolenWire
	decode(t, m.send(http.MethodPost, "/api/admin/stolen/"+reg.ID+"/confirm", m.admin.AccessToken, nil), &done)
	if done.Status != "confirmed" || done.Hidden == nil || *done.Hidden != 1 {
		t.Fatalf("confirm: %+v", done)
	}
	wantError(t, m.send(http.MethodPost, "/api/admin/stolen/"+reg.ID+"/reject", m.admin.AccessToken, nil), http.StatusNotFound, "not_found")
	if _, ok := m.productState(id); ok {
		t.Error("a stolen listing is still in the catalogue")
	}
	if ids := m.products("/api/products", ""); len(ids) != 0 {
		t.Errorf("the catalogue lists %d, want none", len(ids))
	}
	stolenInAdminList(t, m, id)
	if stolen, code := m.stolenLookup("PF2X K9QZ"); !stolen || code != http.StatusOK {
		t.Errorf("GET /api/stolen of a confirmed serial: %v %d", stolen, code)
	}
	if stolen, _ := m.stolenLookup("ZZ99ZZ99"); stolen {
		t.Error("another serial answers stolen")
	}
	// the seller's edit does not bring it back
	m.send(http.MethodPatch, "/api/products/"+id, m.seller.AccessToken, map[string]any{"description": "As good as new"})
	if _, ok := m.productState(id); ok {
		t.Error("the seller's edit brought a stolen listing back")
	}
	// the other order: checked after the confirmation, hidden at once
	later := m.checkedLaptop()
	c2, _ := m.checkCode(m.seller.AccessToken, later)
	m.postCheck(c2.Code, false, laptopReport(t))
	if _, ok := m.productState(later); ok {
		t.Error("a listing checked with a confirmed stolen serial is in the catalogue")
	}
	// yes or no, throttled: 10 a minute an address; 3 asked so far
	for i := range 7 {
		if _, code := m.stolenLookup("ZZ99ZZ99"); code != http.StatusOK {
			t.Fatalf("look-up %d in a minute: %d", 4+i, code)
		}
	}
	rec = m.get("/api/stolen/ZZ99ZZ99")
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

func stolenInAdminList(t *testing.T, m *market, id string) {
	t.Helper()
	var reported []struct {
		ID     string `json:"_id"`
		Stolen bool   `json:"stolen"`
	}
	decode(t, m.getAs("/api/products/report?report=reported", m.admin.AccessToken), &reported)
	if len(reported) != 1 || reported[0].ID != id || !reported[0].Stolen {
		t.Errorf("the admins' reported listings: %+v, want %s stolen", reported, id)
	}
}

// TestStolenRejected: a rejected registration hides nothing, and the
// serial may be registered again.
func TestStolenRejected(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.checkedLaptop()
	c, _ := m.checkCode(m.seller.AccessToken, id)
	m.postCheck(c.Code, false, laptopReport(t))
	var reg stolenWire
	decode(t, m.send(http.MethodPost, "/api/stolen", m.buyer.AccessToken, map[string]string{"serial": "PF2XK9QZ", "policeReport": "GD 1/2026"}), &reg)
	var done stolenWire
	decode(t, m.send(http.MethodPost, "/api/admin/stolen/"+reg.ID+"/reject", m.admin.AccessToken, nil), &done)
	if done.Status != "rejected" {
		t.Fatalf("reject: %+v", done)
	}
	if _, ok := m.productState(id); !ok {
		t.Error("a rejected registration hid the listing")
	}
	if rec := m.send(http.MethodPost, "/api/stolen", m.buyer.AccessToken, map[string]string{"serial": "PF2XK9QZ", "policeReport": "GD 2/2026"}); rec.Code != http.StatusCreated {
		t.Errorf("registering again after a rejection: %d", rec.Code)
	}
}

// TestDownloadCheckTool serves the builds of make check-tool as
// attachments, and says so for a target it does not build or a build
// missing.
func TestDownloadCheckTool(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "resale-check-windows-amd64.exe"), []byte("MZ program"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newTestServerWith(t, nil, func(o *api.Options) { o.CheckToolDir = dir })
	rec := s.get("/download/resale-check/windows-amd64")
	if rec.Code != http.StatusOK || rec.Body.String() != "MZ program" ||
		rec.Header().Get("Content-Disposition") != `attachment; filename="resale-check-windows-amd64.exe"` {
		t.Fatalf("download: %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
	for target, code := range map[string]string{"linux-amd64": "not_built", "plan9-386": "not_found", "..%2Fsecret": "not_found"} {
		e := wantError(t, s.get("/download/resale-check/"+target), http.StatusNotFound, code)
		if !strings.Contains(e.Message, "resale-check") {
			t.Errorf("%s: message %q", target, e.Message)
		}
	}
}
