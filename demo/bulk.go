package demo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"resale/media"
	"resale/store"
)

// Share of bulk products per brand: skewed like a real shop, with ASUS
// left to a handful so benchmarks see a common and a rare category.
var bulkShare = []struct {
	brand string
	share float64
}{{"HP", 0.60}, {"WALTON", 0.30}, {"APPLE", 0.10}}

// rareCount is how many ASUS products a bulk load adds, whatever its size.
const rareCount = 5

// Bulk adds n products (on top of the demo shop, which it seeds first if
// needed) with COPY: brands skewed, posted over the past year, a tenth
// sold, a few advertised. Deterministic for a given n.
func Bulk(ctx context.Context, st *store.Store, uploads media.Storage, hashPassword func(string) (string, error), n int, now time.Time) (int64, error) {
	if _, err := Seed(ctx, st, uploads, hashPassword, now); err != nil && !errors.Is(err, ErrSeeded) {
		return 0, err
	}
	var sellers []store.User
	for _, p := range people {
		if p.role != store.RoleSeller {
			continue
		}
		u, err := st.GetUserByEmail(ctx, p.email)
		if err != nil {
			return 0, fmt.Errorf("demo: seller %s: %w", p.email, err)
		}
		sellers = append(sellers, u)
	}
	cats, err := st.ListCategories(ctx)
	if err != nil {
		return 0, err
	}
	catID := map[string]int64{}
	for _, c := range cats {
		catID[c.Name] = c.ID
	}
	// a dozen photos shared by all bulk products
	var pics []string
	for i := 0; i < 12; i++ {
		photo, err := media.NewProcessor(1).Process(ctx, picture(bodies[i%len(bodies)], accents[bulkShare[i%3].brand], i))
		if err != nil {
			return 0, err
		}
		if err := uploads.Put(ctx, photo.Key, photo.Data); err != nil {
			return 0, err
		}
		if _, err := st.CreateImage(ctx, store.NewImage{Key: photo.Key, ContentType: media.ContentType, Width: photo.Width, Height: photo.Height, SizeBytes: int64(len(photo.Data))}); err != nil {
			return 0, err
		}
		pics = append(pics, "/uploads/"+photo.Key)
	}
	byBrand := map[string][]model{}
	// read once per model, not once per product
	specsByName := map[string]store.Specs{}
	for i, m := range models {
		specsByName[m.name] = specsOf(m, i)
	}
	for _, m := range models {
		byBrand[m.brand] = append(byBrand[m.brand], m)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	i := 0
	total := n + rareCount
	return st.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if i >= total {
			return store.SeedProduct{}, false
		}
		brand := "ASUS"
		if i >= rareCount {
			r, acc := rng.Float64(), 0.0
			for _, b := range bulkShare {
				acc += b.share
				if r < acc {
					brand = b.brand
					break
				}
			}
			if brand == "ASUS" {
				brand = bulkShare[0].brand
			}
		}
		m := byBrand[brand][rng.IntN(len(byBrand[brand]))]
		posted := now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour))))
		p := store.SeedProduct{
			NewProduct: store.NewProduct{
				SellerID: sellers[rng.IntN(len(sellers))].ID, CategoryID: catID[brand],
				Name: fmt.Sprintf("%s #%d", m.name, i+1), Picture: pics[rng.IntN(len(pics))],
				SellPrice: m.sell/100*int64(80+rng.IntN(40)) + int64(rng.IntN(100)), OriginalPrice: m.orig,
				Condition: conditions[rng.IntN(len(conditions))], Location: locations[rng.IntN(len(locations))],
				Used: m.used, Phone: fmt.Sprintf("017%08d", rng.IntN(100000000)), Description: m.details,
				Specs: specsByName[m.name],
			},
			CreatedAt: posted,
		}
		if i >= rareCount && rng.IntN(10) == 0 {
			at := posted.Add(24 * time.Hour)
			p.SoldAt = &at
		}
		if rng.IntN(200) == 0 {
			at := posted.Add(time.Hour)
			p.AdvertisedAt = &at
		}
		i++
		return p, true
	})
}
