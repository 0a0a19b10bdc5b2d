package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"resale/store/internal/dbsqlc"
)

// ShopDays are the days of a shop's week as its hours name them, in the
// order a Bangladeshi week runs: Saturday first, Friday (the weekend) last.
var ShopDays = []string{"sat", "sun", "mon", "tue", "wed", "thu", "fri"}

// ShopHours is one day's opening time: open and close as "HH:MM" on a
// 24-hour clock in the shop's time zone, open before close. A day without
// a row is a day the shop is closed. The JSON names are how the column
// stores it.
type ShopHours struct {
	Day   string `json:"day"`
	Open  string `json:"open"`
	Close string `json:"close"`
}

// Shop is what a seller tells about their shop beyond their name: logo
// and banner (upload URLs, "" for none), address, about text, the week's
// hours (ShopDays order) and where it is on a map (both nil: not said).
type Shop struct {
	Logo    string
	Banner  string
	Address string
	About   string
	Hours   []ShopHours
	Lat     *float64
	Lon     *float64
}

// GetShop returns a seller's shop page fields; a seller who never filled
// them in has an empty Shop (no error).
func (s *Store) GetShop(ctx context.Context, sellerID int64) (Shop, error) {
	return getShop(ctx, s.q, sellerID)
}

func getShop(ctx context.Context, q *dbsqlc.Queries, sellerID int64) (Shop, error) {
	r, err := q.GetShop(ctx, sellerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Shop{Hours: []ShopHours{}}, nil
	}
	if err != nil {
		return Shop{}, translate(err)
	}
	return shopOf(r)
}

func shopOf(r dbsqlc.Shop) (Shop, error) {
	out := Shop{Logo: r.LogoUrl, Banner: r.BannerUrl, Address: r.Address, About: r.About, Hours: []ShopHours{}}
	if err := json.Unmarshal(r.Hours, &out.Hours); err != nil {
		return Shop{}, fmt.Errorf("shop %d hours: %w", r.SellerID, err)
	}
	if r.Lat.Valid && r.Lon.Valid {
		lat, lon := r.Lat.Float64, r.Lon.Float64
		out.Lat, out.Lon = &lat, &lon
	}
	return out, nil
}

// SaveShop replaces a seller's shop page fields with sh (the api layer
// checked them; the table's constraints check them again: ErrInvalid).
func (s *Store) SaveShop(ctx context.Context, sellerID int64, sh Shop) (Shop, error) {
	hours := sh.Hours
	if hours == nil {
		hours = []ShopHours{}
	}
	raw, err := json.Marshal(hours)
	if err != nil {
		return Shop{}, err
	}
	p := dbsqlc.SaveShopParams{SellerID: sellerID, LogoUrl: sh.Logo, BannerUrl: sh.Banner, Address: sh.Address, About: sh.About, Hours: raw}
	if sh.Lat != nil && sh.Lon != nil {
		p.Lat = pgtype.Float8{Float64: *sh.Lat, Valid: true}
		p.Lon = pgtype.Float8{Float64: *sh.Lon, Valid: true}
	}
	r, err := s.q.SaveShop(ctx, p)
	if err != nil {
		return Shop{}, translate(err)
	}
	return shopOf(r)
}

// ListingDefaults are what a seller's new listing starts with; "" where
// nothing is known.
type ListingDefaults struct {
	Number   string
	Location string
}

// GetListingDefaults returns what a seller's new listing starts with: the
// profile's phone, else their latest listing's; the shop's address when
// it fits a listing's location (maxLocation characters), else their
// latest listing's location. ErrNotFound for a deleted account.
func (s *Store) GetListingDefaults(ctx context.Context, sellerID int64, maxLocation int) (ListingDefaults, error) {
	r, err := s.q.GetListingDefaults(ctx, sellerID)
	if err != nil {
		return ListingDefaults{}, translate(err)
	}
	out := ListingDefaults{Number: r.ProfilePhone, Location: r.ShopAddress}
	if out.Number == "" {
		out.Number = r.LastPhone
	}
	if out.Location == "" || len([]rune(out.Location)) > maxLocation {
		out.Location = r.LastLocation
	}
	return out, nil
}
