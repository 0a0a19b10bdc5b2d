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
	b := &bulkMaker{now: now, rng: rand.New(rand.NewPCG(uint64(n), 7)), catID: map[string]int64{},
		byBrand: map[string][]model{}, specsByName: map[string]store.Specs{}}
	for _, p := range people {
		if p.role != store.RoleSeller {
			continue
		}
		u, err := st.GetUserByEmail(ctx, p.email)
		if err != nil {
			return 0, fmt.Errorf("demo: seller %s: %w", p.email, err)
		}
		b.sellers = append(b.sellers, u)
	}
	cats, err := st.ListCategories(ctx)
	if err != nil {
		return 0, err
	}
	for _, c := range cats {
		b.catID[c.Name] = c.ID
	}
	// a dozen photos shared by all bulk products
	s := &seeder{st: st, uploads: uploads}
	for i := 0; i < 12; i++ {
		pic, err := s.save(ctx, picture(bodies[i%len(bodies)], accents[bulkShare[i%3].brand], i), 0)
		if err != nil {
			return 0, err
		}
		b.pics = append(b.pics, pic)
	}
	// read once per model, not once per product
	for i, m := range models {
		b.specsByName[m.name] = specsOf(m, i)
	}
	for _, m := range models {
		b.byBrand[m.brand] = append(b.byBrand[m.brand], m)
	}
	i := 0
	total := n + rareCount
	added, err := st.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		if i >= total {
			return store.SeedProduct{}, false
		}
		p := b.product(i)
		i++
		return p, true
	})
	if err != nil {
		return added, err
	}
	return added, st.AnalyzeProducts(ctx)
}

// bulkMaker makes the bulk products one by one, from one seeded source of
// randomness, so a load of n is the same every time.
type bulkMaker struct {
	now         time.Time
	rng         *rand.Rand
	sellers     []store.User
	catID       map[string]int64
	pics        []string
	byBrand     map[string][]model
	specsByName map[string]store.Specs
}

// brand is the i-th product's brand: ASUS for the first rareCount, then
// drawn by bulkShare.
func (b *bulkMaker) brand(i int) string {
	if i < rareCount {
		return "ASUS"
	}
	r, acc := b.rng.Float64(), 0.0
	for _, s := range bulkShare {
		acc += s.share
		if r < acc {
			return s.brand
		}
	}
	return bulkShare[0].brand
}

// product is the i-th bulk product: a model of its brand, at a price near
// the model's, posted some time in the past year.
func (b *bulkMaker) product(i int) store.SeedProduct {
	rng := b.rng
	brand := b.brand(i)
	m := b.byBrand[brand][rng.IntN(len(b.byBrand[brand]))]
	posted := b.now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour))))
	p := store.SeedProduct{
		NewProduct: store.NewProduct{
			SellerID: b.sellers[rng.IntN(len(b.sellers))].ID, CategoryID: b.catID[brand],
			Name: fmt.Sprintf("%s #%d", m.name, i+1), Picture: b.pics[rng.IntN(len(b.pics))],
			SellPrice: m.sell/100*int64(80+rng.IntN(40)) + int64(rng.IntN(100)), OriginalPrice: m.orig,
			Condition: conditions[rng.IntN(len(conditions))], Location: locations[rng.IntN(len(locations))],
			Used: m.used, Phone: fmt.Sprintf("017%08d", rng.IntN(100000000)), Description: m.details,
			Specs: b.specsByName[m.name],
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
	return p
}
