package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

type categoryJSON struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Image string `json:"image"`
}

func TestCategories(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)

	rec := s.get("/api/categorys")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var cats []categoryJSON
	decode(t, rec, &cats)
	names := []string{"WALTON", "APPLE", "HP", "ASUS"}
	if len(cats) != len(names) {
		t.Fatalf("got %+v, want the four brands", cats)
	}
	for i, c := range cats {
		if c.Name != names[i] || c.ID == "" || c.Image == "" {
			t.Errorf("category %d = %+v, want %s with an id and image", i, c, names[i])
		}
	}

	var one categoryJSON
	rec = s.get("/api/categorys/" + cats[2].ID)
	decode(t, rec, &one)
	if rec.Code != http.StatusOK || one != cats[2] {
		t.Errorf("GET one = %d %+v, want %+v", rec.Code, one, cats[2])
	}
}

func TestCategoryNotFound(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, path := range []string{
		"/api/categorys/999999",
		"/api/categorys/0",
		"/api/categorys/-1",
		"/api/categorys/abc",
		"/api/categorys/1.5",
		"/api/categorys/9223372036854775808",
		"/api/categorys/1%27%20OR%201=1--",
		"/api/categorys/1/extra",
	} {
		t.Run(path, func(t *testing.T) {
			wantError(t, s.get(path), http.StatusNotFound, "not_found")
		})
	}
}

// categoryDetailJSON is GET /api/categorys/:id's answer.
type categoryDetailJSON struct {
	categoryJSON
	ProductCount int64 `json:"productCount"`
}

// addCategory adds a category as the admin and answers its id.
func (m *market) addCategory(body map[string]any) string {
	m.t.Helper()
	rec := m.postJSON("/api/categorys", m.admin.AccessToken, body)
	var ins struct {
		Acknowledged bool   `json:"acknowledged"`
		InsertedID   string `json:"insertedId"`
	}
	decode(m.t, rec, &ins)
	if rec.Code != http.StatusCreated || !ins.Acknowledged || ins.InsertedID == "" {
		m.t.Fatalf("add category: %d %s", rec.Code, rec.Body.String())
	}
	return ins.InsertedID
}

func (m *market) categories() []categoryJSON {
	m.t.Helper()
	rec := m.get("/api/categorys")
	var cats []categoryJSON
	decode(m.t, rec, &cats)
	return cats
}

func (m *market) categoryCount(id string) categoryDetailJSON {
	m.t.Helper()
	rec := m.get("/api/categorys/" + id)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("GET category %s: %d %s", id, rec.Code, rec.Body.String())
	}
	var d categoryDetailJSON
	decode(m.t, rec, &d)
	return d
}

func TestAdminAddsACategorySellersUse(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	// read once, so a kept answer would show if the add did not refresh it
	if n := len(m.categories()); n != 4 {
		t.Fatalf("%d categories before", n)
	}

	id := m.addCategory(map[string]any{"name": "  Lenovo  "})
	cats := m.categories()
	if len(cats) != 5 || cats[4] != (categoryJSON{ID: id, Name: "Lenovo", Image: "/categories/laptop.svg"}) {
		t.Fatalf("categories after the add = %+v", cats)
	}
	if d := m.categoryCount(id); d.ProductCount != 0 || d.Name != "Lenovo" {
		t.Errorf("new category = %+v", d)
	}
	withPhoto := m.addCategory(map[string]any{"name": "Dell & Co. 2-in-1", "image": m.photo})
	if d := m.categoryCount(withPhoto); d.Image != m.photo {
		t.Errorf("image = %q, want the upload %q", d.Image, m.photo)
	}
	bangla := m.addCategory(map[string]any{"name": "ওয়ালটন প্রো"})
	if d := m.categoryCount(bangla); d.Name != "ওয়ালটন প্রো" {
		t.Errorf("Bangla name = %q", d.Name)
	}

	// sellers list laptops in it at once, and its count follows
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"category": "Lenovo", "productName": "Lenovo ThinkPad T480"})
	if got := m.products("/api/products?category=Lenovo", ""); len(got) != 1 || got[0].ID != pid {
		t.Fatalf("Lenovo's products = %+v", got)
	}
	if d := m.categoryCount(id); d.ProductCount != 1 {
		t.Errorf("count after a product = %d, want 1", d.ProductCount)
	}
}

func TestAddCategoryRefusesBadInput(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.addCategory(map[string]any{"name": "Lenovo"})
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"empty", map[string]any{"name": "   "}, "name"},
		{"missing", map[string]any{}, "name"},
		{"41 characters", map[string]any{"name": strings.Repeat("a", 41)}, "name"},
		{"NUL", map[string]any{"name": "Dell\u0000"}, "name"},
		{"RTL override", map[string]any{"name": "Dell\u202eXPS"}, "name"},
		{"HTML", map[string]any{"name": "<b>Dell</b>"}, "name"},
		{"a quote", map[string]any{"name": "Dell'); --"}, "name"},
		{"zero-width space", map[string]any{"name": "De\u200bll"}, "name"},
		{"an outside image", map[string]any{"name": "Dell", "image": "https://evil.example/dell.png"}, "image"},
		{"an upload never made", map[string]any{"name": "Dell", "image": "/uploads/0123456789abcdef0123456789abcdef.jpg"}, "image"},
		{"a shop file, not an upload", map[string]any{"name": "Dell", "image": "/categories/hp.svg"}, "image"},
		{"a path trick", map[string]any{"name": "Dell", "image": "/uploads/../index.html"}, "image"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := wantError(t, m.postJSON("/api/categorys", m.admin.AccessToken, tc.body), http.StatusBadRequest, "invalid")
			if e.Fields[tc.field] == "" {
				t.Errorf("fields = %v, want %s named", e.Fields, tc.field)
			}
		})
	}
	// 40 characters is fine
	m.addCategory(map[string]any{"name": strings.Repeat("b", 40)})

	for _, name := range []string{"lenovo", "LENOVO", " Lenovo ", "HP", "hp"} {
		e := wantError(t, m.postJSON("/api/categorys", m.admin.AccessToken, map[string]any{"name": name}), http.StatusConflict, "conflict")
		if e.Message != "A category with this name exists" {
			t.Errorf("%q: message %q", name, e.Message)
		}
	}
	if n := len(m.categories()); n != 6 {
		t.Errorf("%d categories, want the four, Lenovo and the 40-character one", n)
	}
}

func TestOnlyAdminsShapeCategories(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	id := m.addCategory(map[string]any{"name": "Acer"})
	for _, who := range []struct {
		token  string
		status int
	}{{"", http.StatusUnauthorized}, {m.buyer.AccessToken, http.StatusForbidden}, {m.seller.AccessToken, http.StatusForbidden}} {
		if rec := m.postJSON("/api/categorys", who.token, map[string]any{"name": "MSI"}); rec.Code != who.status {
			t.Errorf("POST as %q: %d, want %d", who.token, rec.Code, who.status)
		}
		if rec := m.do(http.MethodDelete, "/api/categorys/"+id, nil, bearer(who.token)); rec.Code != who.status {
			t.Errorf("DELETE as %q: %d, want %d", who.token, rec.Code, who.status)
		}
	}
	if n := len(m.categories()); n != 5 {
		t.Errorf("%d categories, want 5", n)
	}
}

func TestDeleteCategory(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	del := func(id string) *httptest.ResponseRecorder {
		return m.do(http.MethodDelete, "/api/categorys/"+id, nil, bearer(m.admin.AccessToken))
	}

	t.Run("an empty one goes", func(t *testing.T) {
		id := m.addCategory(map[string]any{"name": "Empty"})
		m.categories() // kept, then refreshed by the delete
		rec := del(id)
		var out struct {
			DeletedCount int `json:"deletedCount"`
		}
		decode(t, rec, &out)
		if rec.Code != http.StatusOK || out.DeletedCount != 1 {
			t.Fatalf("delete: %d %s", rec.Code, rec.Body.String())
		}
		for _, c := range m.categories() {
			if c.ID == id {
				t.Errorf("%+v still listed", c)
			}
		}
		wantError(t, m.get("/api/categorys/"+id), http.StatusNotFound, "not_found")
		wantError(t, del(id), http.StatusNotFound, "not_found")
		e := wantError(t, m.postJSON("/api/products", m.seller.AccessToken, m.productBody(map[string]any{"category": "Empty"})), http.StatusBadRequest, "invalid")
		if e.Fields["category"] == "" {
			t.Errorf("a product in the deleted category: %+v", e)
		}
		// its name is free again
		m.addCategory(map[string]any{"name": "EMPTY"})
	})

	t.Run("one with products stays", func(t *testing.T) {
		id := m.addCategory(map[string]any{"name": "Busy"})
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"category": "Busy"})
		before := dbFingerprint(t, m.testServer)
		e := wantError(t, del(id), http.StatusConflict, "in_use")
		if e.Message != "This category still has products" {
			t.Errorf("message %q", e.Message)
		}
		if after := dbFingerprint(t, m.testServer); after != before {
			t.Errorf("a refused delete changed the database")
		}
		// a sold one counts too
		if rec := m.markSold(m.seller.AccessToken, pid); rec.Code != http.StatusOK {
			t.Fatalf("sold: %d %s", rec.Code, rec.Body.String())
		}
		wantError(t, del(id), http.StatusConflict, "in_use")
		// a deleted one does not: the category goes, the product keeps pointing at it
		if rec := m.do(http.MethodDelete, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
			t.Fatalf("delete product: %d %s", rec.Code, rec.Body.String())
		}
		if rec := del(id); rec.Code != http.StatusOK {
			t.Fatalf("delete after the product went: %d %s", rec.Code, rec.Body.String())
		}
	})

	t.Run("unknown", func(t *testing.T) {
		wantError(t, del("999999"), http.StatusNotFound, "not_found")
	})
}

// A product added while its category is being deleted either lands first
// (and the delete is refused) or is refused itself: never a product in a
// deleted category.
func TestDeleteCategoryRacesAProduct(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	ctx := context.Background()
	for i := range 8 {
		name := fmt.Sprintf("Race %d", i)
		id := m.addCategory(map[string]any{"name": name})
		var wg sync.WaitGroup
		var delCode, addCode int
		wg.Add(2)
		go func() {
			defer wg.Done()
			delCode = m.do(http.MethodDelete, "/api/categorys/"+id, nil, bearer(m.admin.AccessToken)).Code
		}()
		go func() {
			defer wg.Done()
			addCode = m.postJSON("/api/products", m.seller.AccessToken, m.productBody(map[string]any{"category": name})).Code
		}()
		wg.Wait()
		var stranded int
		if err := m.pool.QueryRow(ctx, `SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id
			WHERE c.deleted_at IS NOT NULL AND p.deleted_at IS NULL`).Scan(&stranded); err != nil {
			t.Fatal(err)
		}
		if stranded != 0 || (delCode == http.StatusOK) == (addCode == http.StatusCreated) {
			t.Errorf("round %d: delete %d, add %d, products in deleted categories %d", i, delCode, addCode, stranded)
		}
	}
}
