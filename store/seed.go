package store

import (
	"context"
	"time"

	"resale/store/internal/dbsqlc"
)

// SeedProduct is a product with its history, for demo and benchmark data.
type SeedProduct struct {
	NewProduct
	CreatedAt    time.Time
	AdvertisedAt *time.Time
	SoldAt       *time.Time
}

// InsertSeedProduct stores a demo product as it is, timestamps included.
func (s *Store) InsertSeedProduct(ctx context.Context, p SeedProduct) (int64, error) {
	id, err := s.q.SeedProduct(ctx, dbsqlc.SeedProductParams{
		SellerID: p.SellerID, CategoryID: p.CategoryID, ProductName: p.Name, Picture: p.Picture,
		SellPrice: p.SellPrice, OriginalPrice: p.OriginalPrice, Condition: p.Condition, Location: p.Location,
		Used: p.Used, Phone: p.Phone, Description: p.Description, CreatedAt: p.CreatedAt,
		AdvertisedAt: p.AdvertisedAt, SoldAt: p.SoldAt,
	})
	return id, translate(err)
}
