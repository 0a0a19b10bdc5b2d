package store_test

import (
	"context"
	"errors"
	"testing"

	"resale/store"
	"resale/store/storetest"
)

func TestCategoriesOfAFreshDatabase(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()

	cats, err := s.ListCategories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, image string }{
		{"WALTON", "/categories/walton.svg"},
		{"APPLE", "/categories/apple.svg"},
		{"HP", "/categories/hp.svg"},
		{"ASUS", "/categories/asus.svg"},
	}
	if len(cats) != len(want) {
		t.Fatalf("got %d categories, want %d: %+v", len(cats), len(want), cats)
	}
	for i, w := range want {
		if cats[i].Name != w.name || cats[i].Image != w.image {
			t.Errorf("category %d = %+v, want %s %s", i, cats[i], w.name, w.image)
		}
		got, err := s.GetCategory(ctx, cats[i].ID)
		if err != nil || got != cats[i] {
			t.Errorf("GetCategory(%d) = %+v, %v; want %+v", cats[i].ID, got, err, cats[i])
		}
	}
	if _, err := s.GetCategory(ctx, 999999); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetCategory(missing) error = %v, want ErrNotFound", err)
	}
}

func TestPing(t *testing.T) {
	t.Parallel()
	if err := storetest.Store(t).Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
}
