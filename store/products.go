package store

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/laptopwords"
	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// Domain errors of the catalogue.
var (
	// ErrSold: the product has been sold.
	ErrSold = errors.New("the product is sold")
	// ErrOwnProduct: a user acted on their own product where only others may.
	ErrOwnProduct = errors.New("that is your own product")
	// ErrNotReported: an admin acted on a product nobody reported.
	ErrNotReported = errors.New("the product is not reported")
	// ErrExpired: the listing's period is over; its seller may renew it.
	ErrExpired = errors.New("the listing has expired")
)

// The product conditions a seller may choose.
var Conditions = []string{"excellent", "good", "fair"}

// Product is a live listing with its seller as they are now.
type Product struct {
	ID             int64
	SellerID       int64
	CategoryID     int64
	Category       string
	Name           string
	Picture        string
	SellPrice      int64
	OriginalPrice  int64
	Condition      string
	Location       string
	Used           string
	Phone          string
	Description    string
	SellerName     string
	SellerEmail    string
	SellerVerified bool
	// SellerPhone is the seller's number proved by an SMS code (#35), in
	// E.164; empty when none is (Phone stays what the seller typed).
	SellerPhone string
	Advertised  bool
	Sold        bool
	Reported    bool
	// Reserved: a booking of it is accepted; it takes no new bookings.
	Reserved  bool
	CreatedAt time.Time
	// Photos are 1 to 8 upload URLs; the first is Picture.
	Photos []string
	Specs  Specs
	// PriceDroppedFrom is the price before the seller lowered it within
	// the last 30 days (0: no such drop).
	PriceDroppedFrom int64
	// AdvertisedUntil is when its advertisement ends (nil: not advertised;
	// Advertised says whether it still runs).
	AdvertisedUntil *time.Time
	// ExpiresAt is when the listing leaves the catalogue unless renewed;
	// Expired says it has left (it shows in its seller's list only).
	ExpiresAt time.Time
	Expired   bool
	// Hidden: an admin hid it until its seller edits it, saying why
	// (HiddenReason); it is out of the catalogue meanwhile.
	Hidden       bool
	HiddenReason string
	// CheckedAt is when its newest resale-check report came (#40); nil:
	// unchecked. Stolen: its checked serial is registered stolen
	// (confirmed); it is hidden, and its seller's edit does not bring it
	// back.
	CheckedAt *time.Time
	Stolen    bool
	// SellerRating is the seller's rating from their reviews.
	SellerRating Rating
	// SoldInShop: paid by card or handed over through the shop, so it
	// cannot be listed again (Relist's ErrSoldInShop). Set in the
	// seller's list only.
	SoldInShop bool
	// AreaID is the area it is in (#36; Places names it), "" for none;
	// DistanceKm, in a list nearest first, how far that is (nil: no area,
	// or another order)
	AreaID     string
	DistanceKm *float64
	// Negotiable: its seller says the price can move (#39).
	Negotiable bool
	// PriceVerdict is the price guide's judgement of its price against
	// comparable listings (priceguide.Verdict): good, fair or high; ""
	// when the guide knows too little.
	PriceVerdict string
}

// Specs are a laptop's details, each optional (zero or nil: not said).
type Specs struct {
	Processor      string
	RAMGB          *int32
	StorageGB      *int32
	StorageType    string // SSD, HDD or eMMC
	ScreenInches   *float32
	GPU            string
	BatteryHealth  *int32 // percent
	Charger        *bool  // included
	WarrantyMonths *int32 // left
}

// StorageTypes are the kinds of storage a laptop's specs may name.
var StorageTypes = []string{"SSD", "HDD", "eMMC"}

func optionalText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func textOf(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func productFrom(r dbsqlc.ProductListing) Product {
	return Product{
		ID: r.ID, SellerID: r.SellerID, CategoryID: r.CategoryID, Category: r.Category,
		Name: r.ProductName, Picture: r.Picture, SellPrice: r.SellPrice, OriginalPrice: r.OriginalPrice,
		Condition: r.Condition, Location: r.Location, Used: r.Used, Phone: r.Phone, Description: r.Description,
		SellerName: r.SellerName, SellerEmail: r.SellerEmail, SellerVerified: r.SellerVerified,
		Advertised: r.AdvertisedAt != nil, AdvertisedUntil: r.AdvertisedUntil, Sold: r.SoldAt != nil, Reported: r.Reported, Reserved: r.Reserved, CreatedAt: r.CreatedAt,
		Photos: r.Photos, PriceDroppedFrom: r.PriceDroppedFrom, ExpiresAt: r.ExpiresAt, Expired: r.ExpiredAt != nil,
		SellerRating: ratingOf(r.SellerReviewCount, r.SellerReviewSum), Hidden: r.HiddenAt != nil, HiddenReason: r.HiddenReason, AreaID: textOf(r.AreaID),
		Negotiable: r.Negotiable, PriceVerdict: textOf(r.PriceVerdict),
		CheckedAt: r.CheckedAt, Stolen: r.StolenAt != nil, SellerPhone: r.SellerPhone,
		Specs: Specs{Processor: r.Processor, RAMGB: r.RamGb, StorageGB: r.StorageGb, StorageType: textOf(r.StorageType), ScreenInches: r.ScreenInches,
			GPU: r.Gpu, BatteryHealth: r.BatteryHealth, Charger: r.Charger, WarrantyMonths: r.WarrantyMonths},
	}
}

func productsFrom(rows []dbsqlc.ProductListing, err error) ([]Product, error) {
	if err != nil {
		return nil, translate(err)
	}
	out := make([]Product, 0, len(rows))
	for _, r := range rows {
		out = append(out, productFrom(r))
	}
	return out, nil
}

// NewProduct is what a seller lists; the seller is the caller.
type NewProduct struct {
	SellerID      int64
	CategoryID    int64
	Name          string
	Picture       string
	SellPrice     int64
	OriginalPrice int64
	Condition     string
	Location      string
	Used          string
	Phone         string
	Description   string
	// Photos, when set, are the listing's photos and Picture is ignored;
	// else the one photo is Picture.
	Photos []string
	// ListingDays is how long it is listed before it expires unless
	// renewed; 0 is ListingDays.
	ListingDays int
	Specs       Specs
	// AreaID is the area the seller chose (an id of Places); "": the one
	// Location names clearly, if any (docs/places.md)
	AreaID string
	// Negotiable: the seller says the price can move (#39)
	Negotiable bool
}

// photos is the listing's photos: Photos, or the one Picture.
func (n NewProduct) photos() []string {
	if len(n.Photos) > 0 {
		return n.Photos
	}
	return []string{n.Picture}
}

// CreateProduct lists a product and returns it as buyers will see it.
// Its price verdict is judged first, against the other sellers' listings.
func (s *Store) CreateProduct(ctx context.Context, n NewProduct) (Product, error) {
	sp := n.Specs
	verdict := s.judgePrice(ctx, listingGuideQuery(n.SellerID, n.Name, n.Condition, n.Used), n.SellPrice)
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		id, err = s.q.WithTx(tx).CreateProduct(ctx, dbsqlc.CreateProductParams{
			SellerID: n.SellerID, CategoryID: n.CategoryID, ProductName: n.Name, Photos: n.photos(),
			SellPrice: n.SellPrice, OriginalPrice: n.OriginalPrice, Condition: n.Condition,
			Location: n.Location, Used: n.Used, Phone: n.Phone, Description: n.Description,
			Processor: sp.Processor, RamGb: sp.RAMGB, StorageGb: sp.StorageGB, StorageType: optionalText(sp.StorageType), ScreenInches: sp.ScreenInches,
			Gpu: sp.GPU, BatteryHealth: sp.BatteryHealth, Charger: sp.Charger, WarrantyMonths: sp.WarrantyMonths,
			ListingDays:      int32(cmp.Or(n.ListingDays, ListingDays)),
			SpecWords:        specWords(n.Name, n.Description, sp.Processor, sp.RAMGB, sp.StorageGB, optionalText(sp.StorageType), sp.ScreenInches),
			SpecWordsVersion: laptopwords.Version, AreaID: optionalText(n.AreaID),
			Negotiable: n.Negotiable, PriceVerdict: verdict,
		})
		if err != nil {
			return err
		}
		// the saved searches it matches hear of it, once the listing commits
		_, err = s.jobs.InsertTx(ctx, tx, MatchSavedSearchesArgs{ProductID: id}, nil)
		return err
	})
	if err != nil {
		return Product{}, translate(err)
	}
	return s.GetProduct(ctx, id)
}

// GetProduct returns a live product.
func (s *Store) GetProduct(ctx context.Context, id int64) (Product, error) {
	r, err := s.q.GetProduct(ctx, id)
	if err != nil {
		return Product{}, translate(err)
	}
	return productFrom(r), nil
}

// Sale is a sold product as one of its parties sees it.
type Sale struct {
	Product Product
	// BookingID, BookingStatus (paid or completed), BuyerID and BuyerName
	// are the booking it went through the shop by; 0 and "" for a sale
	// outside the shop.
	BookingID     int64
	BookingStatus BookingStatus
	BuyerID       int64
	BuyerName     string
}

// GetProductSale returns a sold product for its seller, its buyer (the
// one whose booking it was paid for or handed over by) or an admin;
// ErrNotFound for anyone else, and for a product that is not sold or not
// live.
func (s *Store) GetProductSale(ctx context.Context, id int64, viewer User) (Sale, error) {
	p, err := s.GetProduct(ctx, id)
	if err != nil {
		return Sale{}, err
	}
	if !p.Sold {
		return Sale{}, ErrNotFound
	}
	out := Sale{Product: p}
	b, err := s.q.GetSaleOfProduct(ctx, id)
	switch {
	case err == nil:
		out.BookingID, out.BookingStatus, out.BuyerID, out.BuyerName = b.ID, BookingStatus(b.Status), b.BuyerID, b.BuyerName
	case !errors.Is(err, pgx.ErrNoRows):
		return Sale{}, translate(err)
	}
	if viewer.ID != p.SellerID && viewer.Role != RoleAdmin && (out.BuyerID == 0 || viewer.ID != out.BuyerID) {
		return Sale{}, ErrNotFound
	}
	return out, nil
}

// ListAdvertisedProducts returns a page of advertised unsold products,
// most recently advertised first, and the cursor of the next page.
func (s *Store) ListAdvertisedProducts(ctx context.Context, limit int, after *Cursor) ([]Product, *Cursor, error) {
	p := dbsqlc.ListAdvertisedProductsParams{PageSize: int32(limit + 1)}
	if after != nil {
		p.AfterTime, p.AfterID = &after.Time, &after.ID
	}
	rows, err := s.q.ListAdvertisedProducts(ctx, p)
	if err != nil {
		return nil, nil, translate(err)
	}
	var next *Cursor
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[len(rows)-1]
		next = &Cursor{Sort: "advertised", Time: *last.AdvertisedAt, ID: last.ID}
	}
	out, err := productsFrom(rows, nil)
	return out, next, err
}

// ListSellerProducts returns a page of what a seller lists, sold
// included, newest first, and where the next page starts (0: none).
func (s *Store) ListSellerProducts(ctx context.Context, sellerID int64, page Page) ([]Product, int64, error) {
	rows, err := s.custom.ListSellerProducts(ctx, dbsqlc.ListSellerProductsParams{SellerID: sellerID, BeforeID: page.from(), PageSize: page.size()})
	out, next, err := productPage(page, rows, err)
	if err != nil {
		return nil, 0, err
	}
	var sold []int64
	for _, p := range out {
		if p.Sold {
			sold = append(sold, p.ID)
		}
	}
	if len(sold) == 0 {
		return out, next, nil
	}
	inShop, err := s.q.ListProductsSoldInShop(ctx, sold)
	if err != nil {
		return nil, 0, translate(err)
	}
	for i := range out {
		out[i].SoldInShop = slices.Contains(inShop, out[i].ID)
	}
	return out, next, nil
}

// ListReportedProducts returns a page of live products somebody reported.
func (s *Store) ListReportedProducts(ctx context.Context, page Page) ([]Product, int64, error) {
	rows, err := s.custom.ListReportedProducts(ctx, dbsqlc.ListReportedProductsParams{BeforeID: page.from(), PageSize: page.size()})
	return productPage(page, rows, err)
}

func productPage(page Page, rows []dbsqlc.ProductListing, err error) ([]Product, int64, error) {
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ProductListing) int64 { return r.ID })
	out, err := productsFrom(rows, nil)
	return out, next, err
}

// ErrAdvertiseLimit: the seller already advertises as many laptops as
// allowed at once.
var ErrAdvertiseLimit = errors.New("too many advertisements at once")

// AdvertiseProduct puts the seller's product under Urgent Sell for days,
// if they advertise fewer than limit others now. It returns whether
// anything changed (false while it is advertised already), ErrNotFound for
// a product that is not the seller's, ErrSold for a sold one and
// ErrAdvertiseLimit at the limit. An advertisement that ran out may be
// started again.
func (s *Store) AdvertiseProduct(ctx context.Context, productID, sellerID int64, days, limit int) (bool, error) {
	changed := false
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		// the seller first: two of their products advertised at once
		// count each other
		if err := q.LockSellerForAds(ctx, sellerID); err != nil {
			return err
		}
		p, err := q.LockProduct(ctx, productID)
		if err != nil {
			return err
		}
		switch {
		case p.SellerID != sellerID:
			return ErrNotFound
		case p.SoldAt != nil:
			return ErrSold
		case p.ExpiredAt != nil:
			return ErrExpired
		case p.AdvertisedUntil != nil && p.AdvertisedUntil.After(time.Now()):
			return nil
		}
		running, err := q.CountCurrentAds(ctx, sellerID)
		if err != nil {
			return err
		}
		if running >= int64(limit) {
			return ErrAdvertiseLimit
		}
		n, err := q.AdvertiseProduct(ctx, dbsqlc.AdvertiseProductParams{ID: productID, Days: int32(days)})
		changed = n == 1
		return err
	})
	return changed, err
}

// EndAdvertisements takes the advertisements whose days are over out of
// Urgent Sell (a periodic job runs it) and returns how many.
func (s *Store) EndAdvertisements(ctx context.Context) (int64, error) {
	n, err := s.q.EndAdvertisements(ctx)
	return n, translate(err)
}

// StopAdvertising takes the seller's own product out of Urgent Sell
// (anyone else's is ErrNotFound). It returns whether it was advertised.
func (s *Store) StopAdvertising(ctx context.Context, productID, sellerID int64) (bool, error) {
	return s.stopAdvertising(ctx, productID, func(p dbsqlc.LockProductRow) error {
		if p.SellerID != sellerID {
			return ErrNotFound
		}
		return nil
	}, nil)
}

// StopAdvertisingAsAdmin takes any product out of Urgent Sell; it returns
// whether it was advertised, and a change is recorded in the audit log.
func (s *Store) StopAdvertisingAsAdmin(ctx context.Context, productID, adminID int64) (bool, error) {
	return s.stopAdvertising(ctx, productID, nil, func(q *dbsqlc.Queries) error {
		name, err := q.GetProductLabel(ctx, productID)
		if err != nil {
			return err
		}
		return audit(ctx, q, adminID, AuditAdvertisingStopped, TargetProduct, productID, name, nil)
	})
}

// stopAdvertising ends a product's advertisement once allowed passes on
// the locked product, then runs changed if it was advertised.
func (s *Store) stopAdvertising(ctx context.Context, productID int64, allowed func(dbsqlc.LockProductRow) error, changed func(*dbsqlc.Queries) error) (bool, error) {
	stopped := false
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		p, err := q.LockProduct(ctx, productID)
		if err != nil {
			return err
		}
		if allowed != nil {
			if err := allowed(p); err != nil {
				return err
			}
		}
		n, err := q.StopAdvertising(ctx, productID)
		if err != nil || n == 0 {
			return err
		}
		stopped = true
		if changed != nil {
			return changed(q)
		}
		return nil
	})
	return stopped, err
}

// DeleteOwnProduct takes the seller's own product out of the catalogue;
// anyone else's is ErrNotFound, and a HeldError while a booking holds it
// (accepted, or paid by card). See withdrawProduct for what goes with it.
func (s *Store) DeleteOwnProduct(ctx context.Context, productID, sellerID int64) error {
	_, err := s.withdrawProduct(ctx, productID, nil, NoAdmin, "", func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteOwnProduct(ctx, dbsqlc.DeleteOwnProductParams{ID: productID, SellerID: sellerID})
	})
	return err
}

// DeleteProductAsAdmin takes any live product out of the catalogue; the
// seller is told, with the admin's reason (optional), and the audit log
// records it. It answers the payments to refund (withdrawProduct).
func (s *Store) DeleteProductAsAdmin(ctx context.Context, productID int64, reason string, adminID int64) ([]Payment, error) {
	return s.withdrawProduct(ctx, productID, &reason, adminID, AuditProductDeleted, func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteProductAsAdmin(ctx, productID)
	})
}

// DeleteReportedProduct takes a product somebody reported out of the
// catalogue; a live product nobody reported is ErrNotReported. The seller
// is told, with the admin's reason (optional), and the audit log records
// it. It answers the payments to refund (withdrawProduct).
func (s *Store) DeleteReportedProduct(ctx context.Context, productID int64, reason string, adminID int64) ([]Payment, error) {
	refund, err := s.withdrawProduct(ctx, productID, &reason, adminID, AuditReportedProductDelete, func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteReportedProduct(ctx, productID)
	})
	if errors.Is(err, ErrNotFound) {
		if _, live := s.GetProduct(ctx, productID); live == nil {
			return nil, ErrNotReported
		}
	}
	return refund, err
}

// withdrawProduct runs one of the deletions above and, in the same
// transaction, cancels the product's bookings nobody paid for, telling
// their buyers (listing_withdrawn). The deletion's UPDATE locks the
// product's row, so a booking, sale or payment under way (which holds it
// FOR SHARE or FOR UPDATE) finishes first and one starting later finds
// the product deleted (a payment then is kept for refund). A deletion
// that matches no row is ErrNotFound.
//
// A seller's deletion (no reason) is refused with a HeldError while a
// booking holds the laptop: accepted, or paid by card. An admin's removal
// (with a reason, maybe empty) goes through: a paid booking is declined
// (code removed, the admin's reason) and its payment marked
// refund_required, both answered for the caller to refund once the
// transaction commits; its buyer is told (listing_withdrawn, with the
// refund) and so is the seller (product_removed, with the reason and the
// refund), and the admin's action (adminID, action) goes to the audit
// log.
func (s *Store) withdrawProduct(ctx context.Context, productID int64, reason *string, adminID int64, action string, del func(*dbsqlc.Queries) (int64, error)) ([]Payment, error) {
	var refund []Payment
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		n, err := del(q)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		held, refused, err := heldBookings(ctx, q, productID)
		if err != nil {
			return err
		}
		if refused != nil && reason == nil {
			return refused // rolls the deletion back
		}
		refundText := ""
		for _, b := range held {
			if b.Status != string(BookingPaid) {
				continue // accepted: cancelled below, as every open booking
			}
			if refund, refundText, err = s.endPaidBooking(ctx, q, note, b, *reason, refund); err != nil {
				return err
			}
		}
		closed, err := q.CancelOpenBookingsOfProduct(ctx, dbsqlc.CancelOpenBookingsOfProductParams{ProductID: productID, Statuses: statusesAllowing(EventCancel)})
		if err != nil {
			return err
		}
		for _, id := range closed {
			bn, err := s.bookingNotices(ctx, q, id)
			if err != nil {
				return err
			}
			if err := note(bn.withdrawn()); err != nil {
				return err
			}
		}
		if reason == nil {
			return nil
		}
		name, err := s.noteProductRemoved(ctx, q, note, productID, *reason, refundText)
		if err != nil {
			return err
		}
		var detail map[string]any
		if *reason != "" {
			detail = map[string]any{"reason": *reason}
		}
		return audit(ctx, q, adminID, action, TargetProduct, productID, name, detail)
	})
	if err != nil {
		return nil, err
	}
	return refund, nil
}

// endPaidBooking ends a locked paid booking whose listing an admin
// removed: declined (code removed, the admin's reason), its payment to be
// refunded (appended to refund), its buyer told. It answers the refund's
// amount in words for the seller's notice.
func (s *Store) endPaidBooking(ctx context.Context, q *dbsqlc.Queries, note noter, b dbsqlc.Booking, reason string, refund []Payment) ([]Payment, string, error) {
	// the booking keeps what fits of the admin's words (the seller's
	// notice has them whole)
	if _, err := move(ctx, q, b, EventRemove, excerpt(reason, 200)); err != nil {
		return refund, "", err
	}
	pays, err := q.RequireRefundOfBooking(ctx, b.ID)
	if err != nil {
		return refund, "", err
	}
	text := ""
	for _, p := range pays {
		refund = append(refund, paymentFrom(p))
		text = formatAmount(p.Amount, p.Currency)
	}
	bn, err := s.bookingNotices(ctx, q, b.ID)
	if err != nil {
		return refund, "", err
	}
	return refund, text, note(bn.removedAfterPayment(text))
}

// ReportProduct records that reporterID reported a live product, for one
// of ReportReasons with an optional note; it returns whether this was a
// new report (a second report by the same person changes nothing, even
// with another reason).
func (s *Store) ReportProduct(ctx context.Context, productID, reporterID int64, reason, note string) (bool, error) {
	p, err := s.GetProduct(ctx, productID)
	if err != nil {
		return false, err
	}
	if p.SellerID == reporterID {
		return false, ErrOwnProduct
	}
	n, err := s.q.ReportProduct(ctx, dbsqlc.ReportProductParams{ProductID: productID, ReporterID: reporterID, Reason: reason, Note: note})
	if err != nil {
		return false, translate(err)
	}
	return n == 1, nil
}

// ErrPriceAboveOriginal: the sell price would be above the original price.
var ErrPriceAboveOriginal = errors.New("the sell price is above the original price")

// PriceDropShown is how long a lowered price shows the one before it.
const PriceDropShown = 30 * 24 * time.Hour

// ProductEdit is a seller's change to a listing: nil fields stay as they
// are. Specs, when set, replace the whole set.
type ProductEdit struct {
	Name          *string
	Photos        []string
	SellPrice     *int64
	OriginalPrice *int64
	CategoryID    *int64
	Condition     *string
	Location      *string
	Used          *string
	Phone         *string
	Description   *string
	Specs         *Specs
	// AreaID: nil keeps the area (or, when Location changes, takes the
	// one the new location names clearly, if any); "" clears it
	AreaID *string
	// Negotiable: nil keeps it
	Negotiable *bool
}

// judged: the edit changes what the price verdict is judged from.
func (e ProductEdit) judged() bool {
	return e.SellPrice != nil || e.Name != nil || e.Condition != nil || e.Used != nil
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// UpdateProduct applies a seller's edit to their live, unsold listing
// (one an admin hid comes back to the catalogue with it):
// ErrNotFound for anyone else's, ErrSold once sold, ErrPriceAboveOriginal
// when the prices would cross. A lower sell price is remembered for 30
// days (cards say "was") and told to those who saved the listing as a
// favourite (price_drop), in the edit's transaction. An edit of its price,
// title, condition or years of use has its price verdict judged again
// once committed (never failing the edit).
func (s *Store) UpdateProduct(ctx context.Context, id, sellerID int64, e ProductEdit) error {
	if err := s.updateProduct(ctx, id, sellerID, e); err != nil {
		return err
	}
	if e.judged() {
		s.rejudgePrice(ctx, id)
	}
	return nil
}

// updateProduct is UpdateProduct's transaction.
func (s *Store) updateProduct(ctx context.Context, id, sellerID int64, e ProductEdit) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		p, err := q.LockProductForEdit(ctx, id)
		if err != nil {
			return err
		}
		if p.SellerID != sellerID {
			return ErrNotFound
		}
		if p.SoldAt != nil {
			return ErrSold
		}
		was := p.SellPrice
		u := dbsqlc.UpdateProductParams{
			ID: id, ProductName: p.ProductName, Photos: p.Photos, SellPrice: p.SellPrice, OriginalPrice: p.OriginalPrice,
			CategoryID: p.CategoryID, Condition: p.Condition, Location: p.Location, Used: p.Used, Phone: p.Phone,
			Description: p.Description, Processor: p.Processor, RamGb: p.RamGb, StorageGb: p.StorageGb, StorageType: p.StorageType,
			ScreenInches: p.ScreenInches, Gpu: p.Gpu, BatteryHealth: p.BatteryHealth, Charger: p.Charger, WarrantyMonths: p.WarrantyMonths,
			PriceDroppedFrom: p.PriceDroppedFrom, PriceDroppedAt: p.PriceDroppedAt, AreaID: p.AreaID, Negotiable: p.Negotiable,
		}
		set(&u.ProductName, e.Name)
		if e.Photos != nil {
			u.Photos = e.Photos
		}
		set(&u.SellPrice, e.SellPrice)
		set(&u.OriginalPrice, e.OriginalPrice)
		set(&u.CategoryID, e.CategoryID)
		set(&u.Condition, e.Condition)
		set(&u.Location, e.Location)
		set(&u.Used, e.Used)
		set(&u.Phone, e.Phone)
		set(&u.Description, e.Description)
		set(&u.Negotiable, e.Negotiable)
		if sp := e.Specs; sp != nil {
			u.Processor, u.RamGb, u.StorageGb, u.StorageType, u.ScreenInches = sp.Processor, sp.RAMGB, sp.StorageGB, optionalText(sp.StorageType), sp.ScreenInches
			u.Gpu, u.BatteryHealth, u.Charger, u.WarrantyMonths = sp.GPU, sp.BatteryHealth, sp.Charger, sp.WarrantyMonths
		}
		if u.SellPrice > u.OriginalPrice {
			return ErrPriceAboveOriginal
		}
		if err := editedArea(ctx, q, &u, e, p.Location); err != nil {
			return err
		}
		now := time.Now()
		dropped := u.SellPrice < was
		switch {
		case dropped:
			// "was" shows the highest price of the last 30 days
			from := was
			if p.PriceDroppedAt != nil && now.Sub(*p.PriceDroppedAt) < PriceDropShown && p.PriceDroppedFrom != nil && *p.PriceDroppedFrom > from {
				from = *p.PriceDroppedFrom
			}
			u.PriceDroppedFrom, u.PriceDroppedAt = &from, &now
		case p.PriceDroppedFrom != nil && u.SellPrice >= *p.PriceDroppedFrom:
			u.PriceDroppedFrom, u.PriceDroppedAt = nil, nil // back up: no drop to show
		}
		u.SpecWords = specWords(u.ProductName, u.Description, u.Processor, u.RamGb, u.StorageGb, u.StorageType, u.ScreenInches)
		u.SpecWordsVersion = laptopwords.Version
		if err := q.UpdateProduct(ctx, u); err != nil {
			return err
		}
		// a listing an admin hid pending an edit is back (#32)
		if _, err := q.UnhideProduct(ctx, id); err != nil {
			return err
		}
		if !dropped {
			return nil
		}
		return s.notePriceDrop(ctx, q, note, id, sellerID, u.ProductName, u.SellPrice, was)
	})
}

// editedArea sets the area an edit leaves the listing in: the one chosen,
// none (""), or, when only the location changed, the one the new location
// names clearly (else the area stays).
func editedArea(ctx context.Context, q *dbsqlc.Queries, u *dbsqlc.UpdateProductParams, e ProductEdit, was string) error {
	switch {
	case e.AreaID != nil:
		u.AreaID = optionalText(*e.AreaID)
	case e.Location != nil && *e.Location != was:
		id, err := q.MatchArea(ctx, *e.Location)
		if err != nil {
			return err
		}
		if id != "" {
			u.AreaID = &id
		}
	}
	return nil
}

// PriceDropMinPercent and PriceDropMin: a favouriter is told of a price
// drop only when the price goes at least this many percent, and at least
// this many taka, below the lowest price they know of the listing (its
// price when they saved it, or the last drop they were told of). A price
// moved up and down again, or cut by a taka, tells nobody.
const (
	PriceDropMinPercent = 1
	PriceDropMin        = 100
)

// notePriceDrop tells those who saved the listing as a favourite that it
// got clearly cheaper than they knew (PriceDropMin); its emails fold by
// the product, one a day at most.
func (s *Store) notePriceDrop(ctx context.Context, q *dbsqlc.Queries, note noter, productID, sellerID int64, name string, price, was int64) error {
	fans, err := q.TellPriceDrop(ctx, dbsqlc.TellPriceDropParams{ProductID: productID, SellerID: sellerID, Price: price, Was: was,
		MinDrop: PriceDropMin, MinDropPercent: PriceDropMinPercent})
	if err != nil {
		return err
	}
	for _, userID := range fans {
		err := note(Notice{UserID: userID, Kind: "price_drop", Link: "/product/" + strconv.FormatInt(productID, 10), About: aboutProduct(productID),
			Data: notify.Data{"product": name, "amount": formatAmount(price*100, "bdt")}})
		if err != nil {
			return err
		}
	}
	return nil
}

// ImagesExist tells whether every key is an image of this shop.
func (s *Store) ImagesExist(ctx context.Context, keys []string) (bool, error) {
	n, err := s.q.CountImages(ctx, keys)
	return int(n) == len(keys), translate(err)
}
