package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/laptopwords"
	"resale/store/internal/dbsqlc"
)

// SeedProduct is a product with its history, for demo and benchmark data.
type SeedProduct struct {
	NewProduct
	CreatedAt    time.Time
	AdvertisedAt *time.Time
	SoldAt       *time.Time
	// ExpiresAt is when its listing period ends (nil: ListingDays from
	// now); one already past is taken out by the next expiry pass.
	ExpiresAt *time.Time
}

// seedAdDays is how long a demo advertisement runs from now: demo data is
// made to be looked at, so its advertisements run a while whatever their
// age.
const seedAdDays = 7

// advertisedUntil is when a seed product's advertisement ends (nil: none).
func (p SeedProduct) advertisedUntil() *time.Time {
	if p.AdvertisedAt == nil {
		return nil
	}
	until := time.Now().AddDate(0, 0, seedAdDays)
	if p.AdvertisedAt.After(time.Now()) {
		until = p.AdvertisedAt.AddDate(0, 0, seedAdDays)
	}
	return &until
}

// InsertSeedProduct stores a demo product as it is, timestamps included.
func (s *Store) InsertSeedProduct(ctx context.Context, p SeedProduct) (int64, error) {
	id, err := s.q.InsertSeedProduct(ctx, dbsqlc.InsertSeedProductParams{
		SellerID: p.SellerID, CategoryID: p.CategoryID, ProductName: p.Name, Photos: p.photos(),
		Processor: p.Specs.Processor, RamGb: p.Specs.RAMGB, StorageGb: p.Specs.StorageGB, StorageType: optionalText(p.Specs.StorageType),
		ScreenInches: p.Specs.ScreenInches, Gpu: p.Specs.GPU, BatteryHealth: p.Specs.BatteryHealth, Charger: p.Specs.Charger, WarrantyMonths: p.Specs.WarrantyMonths,
		SellPrice: p.SellPrice, OriginalPrice: p.OriginalPrice, Condition: p.Condition, Location: p.Location,
		Used: p.Used, Phone: p.Phone, Description: p.Description, CreatedAt: p.CreatedAt,
		AdvertisedAt: p.AdvertisedAt, AdvertisedUntil: p.advertisedUntil(), SoldAt: p.SoldAt, ExpiresAt: p.ExpiresAt,
		SpecWords:        specWords(p.Name, p.Description, p.Specs.Processor, p.Specs.RAMGB, p.Specs.StorageGB, optionalText(p.Specs.StorageType), p.Specs.ScreenInches),
		SpecWordsVersion: laptopwords.Version, AreaID: optionalText(p.AreaID),
	})
	return id, translate(err)
}

// CopySeedProducts bulk-loads demo or benchmark products with COPY, far
// faster than one insert each. next is called until it returns false.
func (s *Store) CopySeedProducts(ctx context.Context, next func() (SeedProduct, bool)) (int64, error) {
	cols := []string{"seller_id", "category_id", "product_name", "picture", "photos", "sell_price", "original_price", "condition",
		"location", "used", "phone", "description", "created_at", "advertised_at", "advertised_until", "sold_at",
		"processor", "ram_gb", "storage_gb", "storage_type", "screen_inches", "gpu", "battery_health", "charger", "warranty_months",
		"spec_words", "spec_words_version", "area_id"}
	// a product without an area takes the one its location names, as a
	// listing written does (match_area), asked once per location
	areas := map[string]*string{}
	areaOf := func(p SeedProduct) (*string, error) {
		if p.AreaID != "" {
			return &p.AreaID, nil
		}
		if a, ok := areas[p.Location]; ok {
			return a, nil
		}
		id, err := s.MatchArea(ctx, p.Location)
		areas[p.Location] = optionalText(id)
		return areas[p.Location], err
	}
	// a million rows take longer than the statement limit meant for
	// requests; SET LOCAL in a transaction, not SET on a session, so that
	// it also holds through a pooler in transaction mode and ends with it
	var n int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL statement_timeout = 0"); err != nil {
			return err
		}
		var err error
		n, err = copySeedRows(ctx, tx, cols, next, areaOf)
		return err
	})
	return n, translate(err)
}

// AnalyzeProducts has PostgreSQL sample the products now. The planner
// knows nothing of rows loaded in bulk until autovacuum's first ANALYZE,
// minutes later on a busy machine: until then the prepared plan of a
// brand's page (BrowseCategoryNewest) walks every available product,
// newest first, for a rare brand's few (#38: ASUS, 16 of 100,000 products,
// took seconds a page and its first requests were answered 503 busy under
// load). A bulk load (demo.Bulk) calls it when done.
func (s *Store) AnalyzeProducts(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, "ANALYZE products")
	return translate(err)
}

// copySeedRows copies the products next gives into products through tx.
func copySeedRows(ctx context.Context, tx pgx.Tx, cols []string, next func() (SeedProduct, bool), areaOf func(SeedProduct) (*string, error)) (int64, error) {
	return tx.CopyFrom(ctx, pgx.Identifier{"products"}, cols, pgx.CopyFromFunc(func() ([]any, error) {
		p, ok := next()
		if !ok {
			return nil, nil
		}
		photos := p.photos()
		sp := p.Specs
		area, err := areaOf(p)
		if err != nil {
			return nil, err
		}
		return []any{p.SellerID, p.CategoryID, p.Name, photos[0], photos, p.SellPrice, p.OriginalPrice, p.Condition,
			p.Location, p.Used, p.Phone, p.Description, p.CreatedAt, p.AdvertisedAt, p.advertisedUntil(), p.SoldAt,
			sp.Processor, sp.RAMGB, sp.StorageGB, optionalText(sp.StorageType), sp.ScreenInches, sp.GPU, sp.BatteryHealth, sp.Charger, sp.WarrantyMonths,
			specWords(p.Name, p.Description, sp.Processor, sp.RAMGB, sp.StorageGB, optionalText(sp.StorageType), sp.ScreenInches),
			int16(laptopwords.Version), area}, nil
	}))
}
