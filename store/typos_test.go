package store_test

import (
	"context"
	"testing"

	"resale/store"
	"resale/store/storetest"
)

// typoShelf lists a few laptops by name and answers the store and the
// seller's id.
func typoShelf(t *testing.T, s *store.Store, names ...string) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	seller, err := s.CreateUser(ctx, store.NewUser{Name: "S", Email: "s@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, name := range names {
		id, err := s.InsertSeedProduct(ctx, store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller.ID, CategoryID: 3, Name: name,
			Picture: "/uploads/x.jpg", SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "017000000",
			Description: "Good laptop"}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return seller.ID, ids
}

// A typed word no listing has is replaced by the nearest word listings
// have; words listings have, even as the start of one, stay; words too
// short or too far from any stay; a renamed listing's new words count.
func TestCorrectSearch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := storetest.Store(t)
	seller, ids := typoShelf(t, s, "Apple MacBook Air M1", "Lenovo ThinkPad T480", "HP EliteBook 840 G5", "আসুস ল্যাপটপ ভিভোবুক")
	for typed, want := range map[string]string{
		"macbok":         "macbook",
		"MacBok Air":     "macbook air",
		"thinkpda t480":  "thinkpad t480",
		"elitebok 840":   "elitebook 840",
		"ল্যাপটব":        "ল্যাপটপ",
		"mac":            "", // the start of a word listings have
		"macbook":        "",
		"laptop":         "", // a description's word
		"qzxwvk":         "", // nothing near
		"mcb":            "", // too short to tell
		"zenbook macbok": "zenbook macbook",
		"":               "",
		"!!!":            "",
	} {
		got, err := s.CorrectSearch(ctx, typed)
		if err != nil || got != want {
			t.Errorf("CorrectSearch(%q) = %q, %v; want %q", typed, got, err, want)
		}
	}
	// the corrected words find what the misspelt ones did not
	ps, _, err := s.ListProducts(ctx, store.BrowseFilter{Words: "macbok", Sort: store.SortRelevance, Limit: 10})
	if err != nil || len(ps) != 0 {
		t.Fatalf("macbok found %d products (%v), want none before correction", len(ps), err)
	}
	corrected, err := s.CorrectSearch(ctx, "macbok")
	if err != nil {
		t.Fatal(err)
	}
	ps, _, err = s.ListProducts(ctx, store.BrowseFilter{Words: corrected, Sort: store.SortRelevance, Limit: 10})
	if err != nil || len(ps) != 1 || ps[0].ID != ids[0] {
		t.Fatalf("%q found %v (%v), want the MacBook", corrected, ps, err)
	}
	// a seller's new name brings its words
	name := "Dell Latitude 7490"
	if err := s.UpdateProduct(ctx, ids[1], seller, store.ProductEdit{Name: &name}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.CorrectSearch(ctx, "latitdue"); err != nil || got != "latitude" {
		t.Errorf("after the rename: CorrectSearch(latitdue) = %q, %v; want latitude", got, err)
	}
}

// Without pg_trgm (a database where it could not be created) search works
// as before and corrects nothing.
func TestSearchWithoutTrigrams(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	if _, err := pool.Exec(ctx, "DROP EXTENSION pg_trgm CASCADE"); err != nil {
		t.Fatal(err)
	}
	s := store.New(pool)
	_, ids := typoShelf(t, s, "Apple MacBook Air M1")
	if got, err := s.CorrectSearch(ctx, "macbok"); err != nil || got != "" {
		t.Errorf("CorrectSearch(macbok) without pg_trgm = %q, %v; want nothing, no error", got, err)
	}
	ps, _, err := s.ListProducts(ctx, store.BrowseFilter{Words: "macb", Sort: store.SortRelevance, Limit: 10})
	if err != nil || len(ps) != 1 || ps[0].ID != ids[0] {
		t.Errorf("macb without pg_trgm found %v (%v), want the MacBook", ps, err)
	}
}

// A correction is kept while the catalogue's changes are heard, until the
// next change: its words are the listings'.
func TestCorrectionKeptUntilTheCatalogueChanges(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	seller, ids := typoShelf(t, s, "Apple MacBook Air M1", "Lenovo ThinkPad T480")
	changed := listening(t, ctx, s)
	for typed, want := range map[string]string{"macbok": "macbook", "latitdue": ""} {
		if got, err := s.CorrectSearch(ctx, typed); err != nil || got != want {
			t.Fatalf("CorrectSearch(%q) = %q, %v; want %q", typed, got, err, want)
		}
	}
	// kept: without pg_trgm the database could correct nothing now
	if _, err := pool.Exec(ctx, "DROP EXTENSION pg_trgm CASCADE"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.CorrectSearch(ctx, "macbok"); err != nil || got != "macbook" {
		t.Errorf("CorrectSearch(macbok) again = %q, %v; want the kept macbook", got, err)
	}
	if _, err := pool.Exec(ctx, "CREATE EXTENSION pg_trgm"); err != nil {
		t.Fatal(err)
	}
	// a rename is heard: what was kept goes, and its new words count
	name := "Dell Latitude 7490"
	if err := s.UpdateProduct(ctx, ids[1], seller, store.ProductEdit{Name: &name}); err != nil {
		t.Fatal(err)
	}
	<-changed
	if got, err := s.CorrectSearch(ctx, "latitdue"); err != nil || got != "latitude" {
		t.Errorf("after the rename: CorrectSearch(latitdue) = %q, %v; want latitude", got, err)
	}
}

// A correction made lately is known, while the catalogue's changes are
// heard and until the next one; no correction is not.
func TestKeptCorrection(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := storetest.Store(t)
	seller, ids := typoShelf(t, s, "Apple MacBook Air M1")
	if _, known := s.KeptCorrection("macbok"); known {
		t.Fatal("a correction known before any was made")
	}
	// not heard: nothing is kept
	if got, err := s.CorrectSearch(ctx, "macbok"); err != nil || got != "macbook" {
		t.Fatalf("CorrectSearch(macbok) = %q, %v", got, err)
	}
	if _, known := s.KeptCorrection("macbok"); known {
		t.Error("a correction kept while the catalogue's changes are not heard")
	}
	changed := listening(t, ctx, s)
	for _, typed := range []string{"macbok", "macbook", "qzxwvk"} {
		if _, err := s.CorrectSearch(ctx, typed); err != nil {
			t.Fatal(err)
		}
	}
	if got, known := s.KeptCorrection("macbok"); !known || got != "macbook" {
		t.Errorf("KeptCorrection(macbok) = %q, %v; want macbook", got, known)
	}
	for _, typed := range []string{"macbook", "qzxwvk"} {
		if got, known := s.KeptCorrection(typed); known {
			t.Errorf("KeptCorrection(%s) = %q: nothing was replaced", typed, got)
		}
	}
	// a listing called "Macbok" is heard: as typed it may find something
	name := "Macbok clone"
	if err := s.UpdateProduct(ctx, ids[0], seller, store.ProductEdit{Name: &name}); err != nil {
		t.Fatal(err)
	}
	<-changed
	if got, known := s.KeptCorrection("macbok"); known {
		t.Errorf("after a listing is renamed Macbok: KeptCorrection(macbok) = %q", got)
	}
}
