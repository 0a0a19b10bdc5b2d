package demo_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"resale/auth"
	"resale/demo"
	"resale/media"
	"resale/store"
	"resale/store/storetest"
)

func TestSeedMakesALivingShopOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Store(t)
	uploads, err := media.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer uploads.Close()
	fakeHash := func(pw string) (string, error) { return "hash-of-" + pw, nil }

	sum, err := demo.Seed(ctx, st, uploads, fakeHash, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Users < 5 || sum.Products < 56 || sum.Advertised == 0 || sum.Sold == 0 || sum.Bookings != 2 {
		t.Fatalf("summary = %+v", sum)
	}
	if sum.Products != demo.Products() {
		t.Errorf("the seed made %d products, demo.Products (the count resale --help gives) says %d", sum.Products, demo.Products())
	}
	// an admin to see the admin pages with, whose password is its own
	admin, err := st.GetUserByEmail(ctx, demo.AdminEmail)
	if err != nil || admin.Role != store.RoleAdmin {
		t.Fatalf("demo admin: %+v %v", admin, err)
	}
	if sum.AdminPassword == "" || sum.AdminPassword == demo.Password || auth.PasswordProblem(sum.AdminPassword) != "" || admin.PasswordHash != "hash-of-"+sum.AdminPassword {
		t.Errorf("admin password %q (problem %q), hash %q", sum.AdminPassword, auth.PasswordProblem(sum.AdminPassword), admin.PasswordHash)
	}
	if _, err := demo.Seed(ctx, st, uploads, fakeHash, time.Now()); !errors.Is(err, demo.ErrSeeded) {
		t.Fatalf("second seed: %v", err)
	}

	checkEveryBrandStocked(t, st, uploads, sum)
	checkLeadsAdsAndBuyer(t, st)
}

// checkEveryBrandStocked: the eight brands in order, each with its tile
// and its laptops available, their pictures stored, posted in the past, by
// verified and unverified sellers; all but the sold ones available.
func checkEveryBrandStocked(t *testing.T, st *store.Store, uploads media.Storage, sum demo.Summary) {
	t.Helper()
	ctx := context.Background()
	available := 0
	verified, unverified := false, false
	cats, err := st.ListCategories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cats {
		names = append(names, c.Name)
		if c.Image == "" {
			t.Errorf("%s has no tile", c.Name)
		}
	}
	if want := []string{"WALTON", "APPLE", "HP", "ASUS", "Lenovo", "Dell", "Acer", "MSI"}; !slices.Equal(names, want) {
		t.Fatalf("categories %v, want %v", names, want)
	}
	for i, brand := range names {
		list, _, err := st.ListProducts(ctx, store.BrowseFilter{Category: brand, Sort: store.SortNewest, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		// the first four brands have about ten laptops each, the demo's own four
		want := 5
		if i >= 4 {
			want = 3
		}
		if len(list) < want {
			t.Errorf("%s has %d available products", brand, len(list))
		}
		for _, p := range list {
			if ok, err := st.ImageExists(ctx, p.Picture[len("/uploads/"):]); err != nil || !ok {
				t.Errorf("%s: picture %s not stored", p.Name, p.Picture)
			}
			if f, err := uploads.Open(ctx, p.Picture[len("/uploads/"):]); err != nil {
				t.Errorf("%s: picture file: %v", p.Name, err)
			} else {
				f.Close()
			}
			verified = verified || p.SellerVerified
			unverified = unverified || !p.SellerVerified
			if p.CreatedAt.After(time.Now()) {
				t.Errorf("%s posted in the future", p.Name)
			}
		}
		available += len(list)
	}
	if available != sum.Products-sum.Sold || !verified || !unverified {
		t.Errorf("available %d of %d (sold %d); verified %v unverified %v", available, sum.Products, sum.Sold, verified, unverified)
	}
}

// checkLeadsAdsAndBuyer: the first seller has a lead to answer and one
// accepted, some laptops are advertised, and the demo buyer signs in with
// the demo password.
func checkLeadsAdsAndBuyer(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	// the first seller has a lead to answer and one accepted, which the
	// buyer sees with its hand-over code's nonce
	seller, err := st.GetUserByEmail(ctx, "rahim.computers@demo.resale")
	if err != nil {
		t.Fatal(err)
	}
	leads, _, err := st.ListLeads(ctx, seller.ID, store.Page{Limit: 10})
	if err != nil || len(leads) != 2 {
		t.Fatalf("leads = %d, %v", len(leads), err)
	}
	statuses := map[store.BookingStatus]bool{}
	for _, l := range leads {
		statuses[l.Status] = true
	}
	if !statuses[store.BookingPending] || !statuses[store.BookingAccepted] {
		t.Errorf("lead statuses %v, want one pending and one accepted", statuses)
	}
	ads, _, err := st.ListAdvertisedProducts(ctx, 24, nil)
	if err != nil || len(ads) == 0 {
		t.Errorf("advertised = %d, %v", len(ads), err)
	}
	buyer, err := st.GetUserByEmail(ctx, "buyer@demo.resale")
	if err != nil || buyer.Role != store.RoleBuyer || buyer.PasswordHash != "hash-of-"+demo.Password {
		t.Errorf("demo buyer = %+v, %v", buyer, err)
	}
}

func TestBulkSkewsCategoriesAndKeepsCounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	st := store.New(pool)
	uploads, err := media.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer uploads.Close()
	fakeHash := func(pw string) (string, error) { return "hash-of-" + pw, nil }
	n, err := demo.Bulk(ctx, st, uploads, fakeHash, 500, time.Now())
	if err != nil || n != 505 {
		t.Fatalf("bulk = %d, %v", n, err)
	}
	// analyzed at once (#38): the planner counts the rows loaded
	var rows float64
	if err := pool.QueryRow(ctx, "SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass").Scan(&rows); err != nil || rows < float64(n) {
		t.Errorf("products as the planner knows them: %v rows (%v), want %d", rows, err, n)
	}
	cats, _ := st.ListCategories(ctx)
	for _, c := range cats {
		counted, err := st.GetCategoryCount(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		var real int64
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM products WHERE category_id = $1 AND sold_at IS NULL AND deleted_at IS NULL", c.ID).Scan(&real); err != nil {
			t.Fatal(err)
		}
		if counted != real {
			t.Errorf("%s: kept count %d, real %d", c.Name, counted, real)
		}
		if c.Name == "ASUS" && real > 20 {
			t.Errorf("ASUS should stay rare: %d", real)
		}
		if c.Name == "HP" && real < 250 {
			t.Errorf("HP should be common: %d", real)
		}
	}
}

func TestSeedUsesABrandAnAdminAdded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Store(t)
	uploads, err := media.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer uploads.Close()
	dell, err := st.CreateCategory(ctx, "DELL", "/categories/laptop.svg", store.NoAdmin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, st, uploads, func(pw string) (string, error) { return "h" + pw, nil }, time.Now()); err != nil {
		t.Fatal(err)
	}
	cats, err := st.ListCategories(ctx)
	if err != nil || len(cats) != 8 {
		t.Fatalf("categories %+v, %v; want the admin's DELL used, not a second Dell", cats, err)
	}
	list, _, err := st.ListProducts(ctx, store.BrowseFilter{Category: "DELL", Sort: store.SortNewest, Limit: 100})
	if err != nil || len(list) < 3 || list[0].CategoryID != dell.ID {
		t.Errorf("DELL's products = %d, %v", len(list), err)
	}
}
