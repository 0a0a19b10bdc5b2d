package api_test

import (
	"net/http"
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
