package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/priceguide"
	"resale/store"
	"resale/store/storetest"
)

// referenceShop is two instances of the shop on one database, each
// hearing the database's notices as serve has them do, and the tokens of
// an admin and a seller.
type referenceShop struct {
	a, b          *testServer
	admin, seller string
}

func newReferenceShop(t *testing.T) *referenceShop {
	t.Helper()
	pool := storetest.Pool(t)
	a := newTestServerWith(t, store.New(pool), nil)
	a.pool = pool
	b := newTestServerWith(t, store.New(pool), nil)
	b.pool = pool
	for _, s := range []*testServer{a, b} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); s.handler.(*api.Server).WatchCatalogue(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	token := func(name, email, role string) string {
		u, err := a.store.CreateUser(context.Background(), store.NewUser{Name: name, Email: email, PasswordHash: "x", Role: role})
		if err != nil {
			t.Fatal(err)
		}
		return tokenFor(t, u)
	}
	return &referenceShop{a: a, b: b, admin: token("Ada Admin", "ada@example.com", store.RoleAdmin),
		seller: token("Sam Seller", "sam@example.com", store.RoleSeller)}
}

// newPrice is what s's price guide says title costs new (0: it cannot tell).
func newPrice(t *testing.T, s *testServer, title string) int {
	t.Helper()
	rec := s.get("/api/price-guide?title=" + url.QueryEscape(title))
	var g priceGuideWire
	decode(t, rec, &g)
	if rec.Code != http.StatusOK {
		t.Fatalf("price guide: %d %s", rec.Code, rec.Body.String())
	}
	if g.NewPrice == nil {
		return 0
	}
	return *g.NewPrice
}

// upload sends a catalogue as text/csv in mode.
func (r *referenceShop) upload(token, mode, csv string) *httptest.ResponseRecorder {
	return r.a.do(http.MethodPost, "/api/admin/price-reference?mode="+mode, strings.NewReader(csv),
		http.Header{"Authorization": {"Bearer " + token}, "Content-Type": {"text/csv"}})
}

// referenceWire is GET /api/admin/price-reference's answer.
type referenceWire struct {
	Source       string     `json:"source"`
	Mode         *string    `json:"mode"`
	Rows         int        `json:"rows"`
	Priced       int        `json:"priced"`
	UploadedRows *int       `json:"uploadedRows"`
	UploadedAt   *time.Time `json:"uploadedAt"`
	UploadedBy   *struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"uploadedBy"`
}

func (r *referenceShop) reference(t *testing.T) referenceWire {
	t.Helper()
	rec := r.a.do(http.MethodGet, "/api/admin/price-reference", nil, bearer(r.admin))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET price-reference: %d %s", rec.Code, rec.Body.String())
	}
	var w referenceWire
	decode(t, rec, &w)
	return w
}

// zorvexes is a catalogue of n laptops of a maker the shipped catalogue
// does not know, far dearer than what the shipped one says of them.
func zorvexes(n int) string {
	var b strings.Builder
	b.WriteString("title,brand,processor,price_tk\n")
	for i := range n {
		fmt.Fprintf(&b, "Zorvex Aero %d Core i5 12th Gen 8GB RAM 512GB SSD,Zorvex,Core i5,%d\n", 10+i, 300000+1000*i)
	}
	return b.String()
}

const (
	zorvexTitle = "Zorvex Aero 14 Core i5 12th Gen 8GB RAM 512GB SSD"
	hpTitle     = "HP 15s Core i5 12th Gen 8GB RAM 512GB SSD"
)

// #39 an admin's catalogue replaces the shipped one, then extends it,
// then the shipped one is back: GET /api/price-guide follows each at once
// on the instance uploaded to and, through the database's notice, on the
// other; the catalogue in use downloads as it was uploaded.
func TestPriceReferenceUpload(t *testing.T) {
	t.Parallel()
	r := newReferenceShop(t)
	shipped := newPrice(t, r.a, zorvexTitle)
	shippedHP := newPrice(t, r.a, hpTitle)
	if w := r.reference(t); w.Source != "shipped" || w.Rows != 657 || w.Priced != 415 || w.Mode != nil || w.UploadedBy != nil {
		t.Fatalf("before any upload: %+v", w)
	}
	if shipped < 40000 || shipped > 150000 || newPrice(t, r.b, zorvexTitle) != shipped {
		t.Fatalf("the shipped catalogue prices %q at %d", zorvexTitle, shipped)
	}

	rec := r.upload(r.admin, "replace", zorvexes(25))
	var up struct {
		Rows, Priced int
		Mode         string
		UploadedAt   time.Time
	}
	decode(t, rec, &up)
	if rec.Code != http.StatusOK || up.Rows != 25 || up.Priced != 25 || up.Mode != "replace" || up.UploadedAt.IsZero() {
		t.Fatalf("replace: %d %s", rec.Code, rec.Body.String())
	}
	if p := newPrice(t, r.a, zorvexTitle); p < 250000 || p > 400000 {
		t.Fatalf("after replacing, this instance prices it at %d, want about 300000", p)
	}
	eventually(t, "the other instance prices from the upload", func() bool { return newPrice(t, r.b, zorvexTitle) > 250000 })
	w := r.reference(t)
	if w.Source != "uploaded" || *w.Mode != "replace" || w.Rows != 25 || *w.UploadedRows != 25 || w.UploadedBy == nil || w.UploadedBy.Email != "ada@example.com" {
		t.Fatalf("after replacing: %+v", w)
	}
	rows := download(t, r)
	if len(rows) != 25 || rows[3].Title != "Zorvex Aero 13 Core i5 12th Gen 8GB RAM 512GB SSD" || rows[3].Price != 303000 || rows[3].Processor != "Core i5" {
		t.Fatalf("downloaded %d rows: %+v", len(rows), rows)
	}

	// extend: the shipped laptops and three of the maker's; one shipped
	// title given a new price counts once
	first := priceguide.ShippedRows()[0]
	ext := zorvexes(2) + strings.ToUpper(first.Title) + ",,,99000\n"
	if rec := r.upload(r.admin, "extend", ext); rec.Code != http.StatusOK {
		t.Fatalf("extend: %d %s", rec.Code, rec.Body.String())
	}
	if w := r.reference(t); *w.Mode != "extend" || w.Rows != 657+2 || *w.UploadedRows != 3 || w.Priced != 415+2 {
		t.Fatalf("after extending: %+v", w)
	}
	p, hp := newPrice(t, r.a, zorvexTitle), newPrice(t, r.a, hpTitle)
	// the HP is priced from the shipped catalogue still (replaced, it
	// would be from the new maker's alone, at about 300000)
	if p < 2*shipped || hp > 200000 {
		t.Fatalf("after extending: %d for the new maker (shipped %d), %d for an HP (shipped %d)", p, shipped, hp, shippedHP)
	}
	eventually(t, "the other instance extends too", func() bool { return newPrice(t, r.b, zorvexTitle) == p })
	if rows := download(t, r); len(rows) != 659 || rows[len(rows)-1].Price != 99000 {
		t.Fatalf("downloaded %d rows after extending", len(rows))
	}

	rec = r.a.do(http.MethodDelete, "/api/admin/price-reference", nil, bearer(r.admin))
	if rec.Code != http.StatusOK || newPrice(t, r.a, zorvexTitle) != shipped {
		t.Fatalf("back to the shipped catalogue: %d %s", rec.Code, rec.Body.String())
	}
	eventually(t, "the other instance goes back", func() bool { return newPrice(t, r.b, zorvexTitle) == shipped })
	if w := r.reference(t); w.Source != "shipped" || w.Rows != 657 {
		t.Fatalf("after the removal: %+v", w)
	}
}

// download is the catalogue in use, as GET /api/admin/price-reference.csv
// sends it, read back as an upload would be.
func download(t *testing.T, r *referenceShop) []priceguide.Row {
	t.Helper()
	rec := r.a.do(http.MethodGet, "/api/admin/price-reference.csv", nil, bearer(r.admin))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
		!strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment; filename=\"price-reference-") {
		t.Fatalf("download: %d %v", rec.Code, rec.Header())
	}
	rows, err := priceguide.ReadRows(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// #39 an upload with bad lines is refused whole, naming them (the first
// 20), and changes nothing: neither the catalogue stored nor the guide
// of either instance; nor does one with too few prices.
func TestPriceReferenceRefusals(t *testing.T) {
	t.Parallel()
	r := newReferenceShop(t)
	if rec := r.upload(r.admin, "replace", zorvexes(25)); rec.Code != http.StatusOK {
		t.Fatalf("replace: %d %s", rec.Code, rec.Body.String())
	}
	eventually(t, "the other instance prices from the upload", func() bool { return newPrice(t, r.b, zorvexTitle) > 250000 })
	before, price := r.reference(t), newPrice(t, r.a, zorvexTitle)

	bad := strings.Replace(zorvexes(30), ",310000\n", ",-5\n", 1)
	bad = strings.Replace(bad, "Zorvex Aero 21 ", "=cmd|' /C calc'!A0 ", 1)
	bad = strings.Replace(bad, ",Zorvex,Core i5,320000", ",Zorvex,320000", 1)
	e := wantError(t, r.upload(r.admin, "replace", bad), http.StatusBadRequest, "invalid")
	want := map[string]string{"line 12": "price_tk: must be whole Tk", "line 13": "title: must not start", "line 22": "has 3 fields where the header has 4"}
	if len(e.Fields) != len(want) || !strings.Contains(e.Message, "3 lines are not valid") {
		t.Fatalf("refusal: %+v", e)
	}
	for line, says := range want {
		if !strings.HasPrefix(e.Fields[line], says) {
			t.Errorf("%s: %q, want %q...", line, e.Fields[line], says)
		}
	}
	many := "title,price_tk\n" + strings.Repeat("HP 250 G8,45\n", 30)
	if e := wantError(t, r.upload(r.admin, "extend", many), http.StatusBadRequest, "invalid"); len(e.Fields) != 20 || e.Fields["line 21"] == "" {
		t.Fatalf("30 bad lines: %+v", e)
	}
	if e := wantError(t, r.upload(r.admin, "replace", zorvexes(19)), http.StatusBadRequest, "invalid"); !strings.Contains(e.Fields["file"], "at least 20") {
		t.Fatalf("19 prices to replace with: %+v", e)
	}
	wantError(t, r.upload(r.admin, "merge", zorvexes(25)), http.StatusBadRequest, "invalid")
	wantError(t, r.upload(r.seller, "replace", zorvexes(25)), http.StatusForbidden, "forbidden")
	wantError(t, r.upload("", "replace", zorvexes(25)), http.StatusUnauthorized, "unauthorized")

	after := r.reference(t)
	if *after.UploadedAt != *before.UploadedAt || after.Rows != before.Rows || newPrice(t, r.a, zorvexTitle) != price || newPrice(t, r.b, zorvexTitle) != price {
		t.Fatalf("refused uploads changed the catalogue: %+v, then %+v", before, after)
	}
}

// #39 an instance that starts after an upload builds its guide from it
// before its first request; a multipart form's file uploads the same.
func TestPriceReferenceAtStart(t *testing.T) {
	t.Parallel()
	r := newReferenceShop(t)
	body, ctype := multipartBody(t, nil, filePart{"file", "catalogue.csv", []byte(zorvexes(25))})
	rec := r.a.do(http.MethodPost, "/api/admin/price-reference?mode=replace", body, http.Header{"Authorization": {"Bearer " + r.admin}, "Content-Type": {ctype}})
	if rec.Code != http.StatusOK {
		t.Fatalf("multipart upload: %d %s", rec.Code, rec.Body.String())
	}
	c := newTestServerWith(t, store.New(r.a.pool), nil)
	if p := newPrice(t, c, zorvexTitle); p > 150000 {
		t.Fatalf("before loading, a new instance prices at %d: the test shows nothing", p)
	}
	if err := c.handler.(*api.Server).LoadPriceReference(context.Background()); err != nil {
		t.Fatal(err)
	}
	if p := newPrice(t, c, zorvexTitle); p < 250000 {
		t.Fatalf("a new instance prices at %d after loading, want about 300000", p)
	}
}
