package store_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store"
	"resale/store/storetest"
)

// TestMatchArea reads real free-text locations as the migration and a
// write do (match_area): an area only where the text names one clearly.
func TestMatchArea(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	for _, c := range []struct{ location, want string }{
		{"Mirpur 10, Dhaka", "thana-4676"},
		{"Mirpur-10", "thana-4676"},
		{"মিরপুর", "thana-4676"},           // Dhaka's thana before Kushtia's upazila
		{"Mirpur, Kushtia", "upazila-199"}, // the district says which
		{"Dhanmondi", "thana-4654"},
		{"dhanmondi 27, dhaka 1209", "thana-4654"},
		{"Savar", "upazila-365"},
		{"Savar, Dhaka", "upazila-365"},
		{"Uttara Sector 7", "thana-4685"},
		{"Motijheel C/A", "thana-4667"},
		{"দোহার, ঢাকা", "upazila-369"},
		{"Kotwali, Chittagong", "thana-4711"}, // an older spelling of the district
		{"Chittagong", ""},                    // a district is not an area
		{"Dhaka", ""},
		{"Kotwali", ""},                  // Dhaka's and Chattogram's
		{"Mirpur and Dhanmondi", ""},     // two areas
		{"Elephant Road, Dhaka", ""},     // a road, no area's name
		{"Mirpurdhaka", ""},              // words are found whole
		{"Faridpur", ""},                 // the district, not Pabna's upazila of its name
		{"somewhere near the river", ""}, // nothing
	} {
		got, err := s.MatchArea(ctx, c.location)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("MatchArea(%q) = %q, want %q", c.location, got, c.want)
		}
	}
}

// TestPlaces checks the dataset as the store reads it: every division,
// district and area, each inside Bangladesh, each district near its
// division's point.
func TestPlaces(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	p, err := s.Places(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	districts, areas := 0, 0
	for _, v := range p.Divisions {
		for _, d := range v.Districts {
			districts++
			if km := store.DistanceKm(store.LatLon{Lat: v.Lat, Lon: v.Lon}, store.LatLon{Lat: d.Lat, Lon: d.Lon}); km > 250 {
				t.Errorf("%s lies %.0f km from %s's point", d.Name, km, v.Name)
			}
			for _, a := range d.Areas {
				areas++
				if a.Lat < 20.5 || a.Lat > 26.7 || a.Lon < 88 || a.Lon > 92.7 || a.Name == "" || a.NameBn == "" {
					t.Errorf("area %+v", a)
				}
			}
		}
	}
	if len(p.Divisions) != 8 || districts != 64 || areas != 546 {
		t.Errorf("%d divisions, %d districts, %d areas; want 8, 64, 546", len(p.Divisions), districts, areas)
	}
	mirpur, ok := p.Area("thana-4676")
	if !ok || mirpur.Area.Name != "Mirpur" || mirpur.District.ID != "district-47" || mirpur.Division.Name != "Dhaka" {
		t.Errorf("thana-4676 = %+v", mirpur)
	}
}

// shelved is a listing of placeShelf: its area ("": none), brand and
// condition.
type shelved struct {
	area, brand, condition string
	createdAt              time.Time
}

// placeShelf lists laptops in a few areas (and some in none).
func placeShelf(t *testing.T, s *store.Store) map[int64]shelved {
	t.Helper()
	ctx := context.Background()
	u, err := s.CreateUser(ctx, store.NewUser{Name: "S", Email: "places@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	areas := []string{"thana-4676", "thana-4654", "upazila-365", "thana-4711", "upazila-199", "upazila-68", ""}
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	out := map[int64]shelved{}
	for i := range 40 {
		p := store.SeedProduct{NewProduct: store.NewProduct{SellerID: u.ID, CategoryID: int64(1 + i%2), Name: fmt.Sprintf("Laptop %d", i),
			Picture: "/uploads/x.jpg", SellPrice: int64(1000 + i), OriginalPrice: 100000, Condition: store.Conditions[i%3], Location: "somewhere",
			Used: "1", Phone: "017000000", Description: "office laptop", AreaID: areas[i%len(areas)]},
			CreatedAt: base.Add(time.Duration(i%5) * time.Hour)} // ties in time, broken by id
		id, err := s.InsertSeedProduct(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		out[id] = shelved{area: p.AreaID, brand: brandNames[p.CategoryID], condition: p.Condition, createdAt: p.CreatedAt}
	}
	return out
}

// TestBrowseByPlace checks the filters by division, district and area
// against the shelf, and the places' facets against the same counts.
func TestBrowseByPlace(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	shelf := placeShelf(t, s)
	places, err := s.Places(ctx)
	if err != nil {
		t.Fatal(err)
	}
	in := func(f store.BrowseFilter, area string) bool {
		a, ok := places.Area(area)
		return ok && (f.Division == "" || a.Division.ID == f.Division) && (f.District == "" || a.District.ID == f.District) &&
			(f.Area == "" || a.Area.ID == f.Area)
	}
	for _, f := range []store.BrowseFilter{
		{Division: "division-6"}, {District: "district-47"}, {Area: "thana-4676"}, {Division: "division-1"},
		{District: "district-8", Category: "APPLE"}, {District: "district-47", Condition: "good"}, {Area: "thana-4676", Words: "office"},
		{District: "district-47", Area: "thana-4711"}, {Area: "upazila-1"}, {Division: "division-6", MinPrice: 1010},
	} {
		f.Sort, f.Limit = store.SortNewest, 100
		got, _, err := s.ListProducts(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var want, gotIDs []int64
		for id, p := range shelf {
			if in(f, p.area) && (f.Category == "" || p.brand == f.Category) && (f.Condition == "" || p.condition == f.Condition) &&
				(f.MinPrice == 0 || 1000+int64(slices.Index(sortedIDs(shelf), id)) >= f.MinPrice) {
				want = append(want, id)
			}
		}
		for _, p := range got {
			gotIDs = append(gotIDs, p.ID)
		}
		slices.Sort(want)
		slices.Sort(gotIDs)
		if !slices.Equal(gotIDs, want) {
			t.Errorf("%+v: got %v, want %v", f, gotIDs, want)
		}
		facets, err := s.ListFacets(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if facets.Total != int64(len(want)) {
			t.Errorf("%+v: facets total %d, want %d", f, facets.Total, len(want))
		}
		checkPlaceFacets(t, f, facets.Places, shelf, places)
	}
}

func sortedIDs(shelf map[int64]shelved) []int64 {
	ids := make([]int64, 0, len(shelf))
	for id := range shelf {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// checkPlaceFacets compares the places' facets with the shelf counted by
// f's filters but its places'.
func checkPlaceFacets(t *testing.T, f store.BrowseFilter, got store.PlaceFacets, shelf map[int64]shelved, places *store.Places) {
	t.Helper()
	want := store.PlaceFacets{Division: map[string]int64{}, District: map[string]int64{}, Area: map[string]int64{}}
	for id, p := range shelf {
		a, ok := places.Area(p.area)
		if !ok || f.Category != "" && p.brand != f.Category || f.Condition != "" && p.condition != f.Condition ||
			f.MinPrice != 0 && 1000+int64(slices.Index(sortedIDs(shelf), id)) < f.MinPrice {
			continue
		}
		want.Area[a.Area.ID]++
		want.District[a.District.ID]++
		want.Division[a.Division.ID]++
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%+v: place facets %v, want %v", f, got, want)
	}
}

// TestBrowseNearest pages a list nearest first: every listing once, by
// its area's distance (ties newest first), those without an area last,
// each with its distance.
func TestBrowseNearest(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	shelf := placeShelf(t, s)
	places, err := s.Places(ctx)
	if err != nil {
		t.Fatal(err)
	}
	near := store.LatLon{Lat: 23.75, Lon: 90.37} // Dhaka, near Dhanmondi
	distance := func(area string) float64 {
		a, ok := places.Area(area)
		if !ok {
			return math.Inf(1)
		}
		return store.DistanceKm(near, store.LatLon{Lat: a.Area.Lat, Lon: a.Area.Lon})
	}
	for _, f := range []store.BrowseFilter{{}, {Category: "HP"}, {District: "district-47"}, {Words: "office", Condition: "fair"}} {
		f.Sort, f.Near, f.Limit = store.SortDistance, &near, 3
		var got []store.Product
		for page := 0; page < 30; page++ {
			products, next, err := s.ListProducts(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, products...)
			if next == nil {
				break
			}
			f.After = next
		}
		var want []int64
		for id, p := range shelf {
			if (f.Category == "" || p.brand == f.Category) && (f.Condition == "" || p.condition == f.Condition) &&
				(f.District == "" || p.area != "" && func() bool { a, _ := places.Area(p.area); return a.District.ID == f.District }()) {
				want = append(want, id)
			}
		}
		sort.Slice(want, func(i, j int) bool {
			a, b := shelf[want[i]], shelf[want[j]]
			if da, db := distance(a.area), distance(b.area); da != db {
				return da < db
			}
			if a.area != b.area {
				return a.area < b.area
			}
			if !a.createdAt.Equal(b.createdAt) {
				return a.createdAt.After(b.createdAt)
			}
			return want[i] > want[j]
		})
		gotIDs := make([]int64, len(got))
		for i, p := range got {
			gotIDs[i] = p.ID
			d := distance(p.AreaID)
			if math.IsInf(d, 1) != (p.DistanceKm == nil) || p.DistanceKm != nil && math.Abs(*p.DistanceKm-d) > 1e-9 {
				t.Errorf("%d in %q: distance %v, want %v", p.ID, p.AreaID, p.DistanceKm, d)
			}
		}
		if !slices.Equal(gotIDs, want) {
			t.Errorf("%+v: got %v, want %v", f, gotIDs, want)
		}
	}
}

// TestPlaceListsWalkWhenCommon: a place's list newest first is walked
// along the newest index with its plan kept when the kept counts by area
// say its listings are common, as a brand's is (planning it afresh each
// time cost more than reading it); a place few listings are in is planned
// for its values. Either way its pages hold exactly the place's listings,
// newest first.
func TestPlaceListsWalkWhenCommon(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, seller := shop(t)
	areas := []string{"thana-4676", "thana-4711", "upazila-365", "upazila-199", ""}
	catalogue(t, s, 400, func(i int) store.SeedProduct {
		p := laptop(seller, int64(1+i%4), fmt.Sprintf("Laptop %d", i), int64(1000+i), listedAt.Add(time.Duration(i%50)*time.Minute))
		p.AreaID = areas[i%len(areas)]
		if i == 7 {
			p.AreaID = "upazila-1" // the only one there: a quarter of a percent
		}
		return p
	})
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	type listed struct {
		ID, Category int64
		Area         string
	}
	rows, err := pool.Query(ctx, "SELECT id, category_id, coalesce(area_id, '') FROM products ORDER BY created_at DESC, id DESC")
	if err != nil {
		t.Fatal(err)
	}
	newest, err := pgx.CollectRows(rows, pgx.RowToStructByPos[listed])
	if err != nil {
		t.Fatal(err)
	}
	places, err := s.Places(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    store.BrowseFilter
		plan string
	}{
		{store.BrowseFilter{District: "district-47"}, "walk, plan kept: BrowseNewest"},
		{store.BrowseFilter{District: "district-47", Category: "HP", MaxPrice: 99999}, "walk, plan kept: BrowseNewest"},
		{store.BrowseFilter{Area: "upazila-1"}, "planned for its values: BrowseNewest"},
	} {
		var want []int64
		for _, l := range newest {
			a, ok := places.Area(l.Area)
			if ok && (c.f.District == "" || a.District.ID == c.f.District) && (c.f.Area == "" || a.Area.ID == c.f.Area) &&
				(c.f.Category == "" || brandNames[l.Category] == c.f.Category) {
				want = append(want, l.ID)
			}
		}
		c.f.Sort, c.f.Limit = store.SortNewest, 7
		var got []int64
		for page := 0; ; page++ {
			ps, next, plan, err := s.BrowsePlan(ctx, c.f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(plan, c.plan) {
				t.Errorf("%+v page %d: served by %q, want %q", c.f, page, plan, c.plan)
			}
			got = append(got, productIDs(ps)...)
			if next == nil {
				break
			}
			c.f.After = next
		}
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%+v: got %v, want %v", c.f, got, want)
		}
	}
}

// TestNearestSellers: a list nearest first leaves out a deleted seller's
// listings, and with verified sellers only, an unverified one's, however
// near; the rest come nearest first.
func TestNearestSellers(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	admin, err := s.CreateUser(ctx, store.NewUser{Name: "A", Email: "admin@example.com", PasswordHash: "h", Role: store.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	seller := func(email string) int64 {
		u, err := s.CreateUser(ctx, store.NewUser{Name: email, Email: email, Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	verified, plain, gone := seller("verified@example.com"), seller("plain@example.com"), seller("gone@example.com")
	if ok, err := s.VerifySeller(ctx, "verified@example.com", admin.ID); err != nil || !ok {
		t.Fatal(ok, err)
	}
	// the gone seller's listings are nearest, the plain seller's next
	put := func(sellerID int64, area string) int64 {
		id, err := s.InsertSeedProduct(ctx, store.SeedProduct{NewProduct: store.NewProduct{SellerID: sellerID, CategoryID: 1, Name: "Laptop",
			Picture: "/uploads/x.jpg", SellPrice: 1000, OriginalPrice: 2000, Condition: "good", Location: "somewhere", Used: "1",
			Phone: "017000000", Description: "office laptop", AreaID: area}})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	goneIDs := []int64{put(gone, "thana-4676"), put(gone, "thana-4676")}
	plainIDs := []int64{put(plain, "thana-4654")}
	verifiedIDs := []int64{put(verified, "upazila-365"), put(verified, "upazila-199")}
	if _, err := s.DeleteUser(ctx, gone, admin.ID, "test"); err != nil {
		t.Fatal(err)
	}
	near := store.LatLon{Lat: 23.75, Lon: 90.37}
	for _, c := range []struct {
		verifiedOnly bool
		want         []int64
	}{{false, append(slices.Clone(plainIDs), verifiedIDs...)}, {true, verifiedIDs}} {
		var got []int64
		f := store.BrowseFilter{Sort: store.SortDistance, Near: &near, Limit: 1, VerifiedOnly: c.verifiedOnly}
		for range 10 {
			products, next, err := s.ListProducts(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range products {
				got = append(got, p.ID)
			}
			if next == nil {
				break
			}
			f.After = next
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("verified only %v: got %v, want %v (the deleted seller's %v)", c.verifiedOnly, got, c.want, goneIDs)
		}
	}
}
