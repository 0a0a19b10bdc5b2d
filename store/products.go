package store

import (
	"context"
	"errors"
	"time"

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
	Advertised     bool
	Sold           bool
	Reported       bool
	// Reserved: a booking of it is accepted; it takes no new bookings.
	Reserved  bool
	CreatedAt time.Time
}

func productFrom(r dbsqlc.ProductListing) Product {
	return Product{
		ID: r.ID, SellerID: r.SellerID, CategoryID: r.CategoryID, Category: r.Category,
		Name: r.ProductName, Picture: r.Picture, SellPrice: r.SellPrice, OriginalPrice: r.OriginalPrice,
		Condition: r.Condition, Location: r.Location, Used: r.Used, Phone: r.Phone, Description: r.Description,
		SellerName: r.SellerName, SellerEmail: r.SellerEmail, SellerVerified: r.SellerVerified,
		Advertised: r.AdvertisedAt != nil, Sold: r.SoldAt != nil, Reported: r.Reported, Reserved: r.Reserved, CreatedAt: r.CreatedAt,
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
}

// CreateProduct lists a product and returns it as buyers will see it.
func (s *Store) CreateProduct(ctx context.Context, n NewProduct) (Product, error) {
	id, err := s.q.CreateProduct(ctx, dbsqlc.CreateProductParams{
		SellerID: n.SellerID, CategoryID: n.CategoryID, ProductName: n.Name, Picture: n.Picture,
		SellPrice: n.SellPrice, OriginalPrice: n.OriginalPrice, Condition: n.Condition,
		Location: n.Location, Used: n.Used, Phone: n.Phone, Description: n.Description,
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
	return productPage(page, rows, err)
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

// AdvertiseProduct puts the seller's product under Urgent Sell. It
// returns whether anything changed (false when already advertised), and
// ErrNotFound for a product that is not the seller's, ErrSold for a sold one.
func (s *Store) AdvertiseProduct(ctx context.Context, productID, sellerID int64) (bool, error) {
	changed := false
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		p, err := q.LockProduct(ctx, productID)
		if err != nil {
			return err
		}
		switch {
		case p.SellerID != sellerID:
			return ErrNotFound
		case p.SoldAt != nil:
			return ErrSold
		case p.AdvertisedAt != nil:
			return nil
		}
		n, err := q.AdvertiseProduct(ctx, productID)
		changed = n == 1
		return err
	})
	return changed, err
}

// DeleteOwnProduct takes the seller's own product out of the catalogue;
// anyone else's is ErrNotFound. See withdrawProduct for what goes with it.
func (s *Store) DeleteOwnProduct(ctx context.Context, productID, sellerID int64) error {
	return s.withdrawProduct(ctx, productID, nil, func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteOwnProduct(ctx, dbsqlc.DeleteOwnProductParams{ID: productID, SellerID: sellerID})
	})
}

// DeleteProductAsAdmin takes any live product out of the catalogue; the
// seller is told, with the admin's reason (optional).
func (s *Store) DeleteProductAsAdmin(ctx context.Context, productID int64, reason string) error {
	return s.withdrawProduct(ctx, productID, &reason, func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteProductAsAdmin(ctx, productID)
	})
}

// DeleteReportedProduct takes a product somebody reported out of the
// catalogue; a live product nobody reported is ErrNotReported. The seller
// is told, with the admin's reason (optional).
func (s *Store) DeleteReportedProduct(ctx context.Context, productID int64, reason string) error {
	err := s.withdrawProduct(ctx, productID, &reason, func(q *dbsqlc.Queries) (int64, error) {
		return q.DeleteReportedProduct(ctx, productID)
	})
	if errors.Is(err, ErrNotFound) {
		if _, live := s.GetProduct(ctx, productID); live == nil {
			return ErrNotReported
		}
	}
	return err
}

// withdrawProduct runs one of the deletions above and, in the same
// transaction, cancels the product's bookings nobody paid for; payments
// stay. The deletion's UPDATE locks the product's row, so a booking or
// sale under way (which holds it FOR SHARE or FOR UPDATE) finishes first
// and one starting later no longer finds the product. A deletion that
// matches no row is ErrNotFound. With a reason (an admin's deletion) the
// seller gets a product_removed notification in the same transaction.
func (s *Store) withdrawProduct(ctx context.Context, productID int64, reason *string, del func(*dbsqlc.Queries) (int64, error)) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		n, err := del(q)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if err := q.CancelOpenBookingsOfProduct(ctx, dbsqlc.CancelOpenBookingsOfProductParams{ProductID: productID, Statuses: statusesAllowing(EventCancel)}); err != nil {
			return err
		}
		if reason == nil {
			return nil
		}
		return s.noteProductRemoved(ctx, q, note, productID, *reason)
	})
}

// ReportProduct records that reporterID reported a live product; it
// returns whether this was a new report.
func (s *Store) ReportProduct(ctx context.Context, productID, reporterID int64) (bool, error) {
	p, err := s.GetProduct(ctx, productID)
	if err != nil {
		return false, err
	}
	if p.SellerID == reporterID {
		return false, ErrOwnProduct
	}
	n, err := s.q.ReportProduct(ctx, dbsqlc.ReportProductParams{ProductID: productID, ReporterID: reporterID})
	if err != nil {
		return false, translate(err)
	}
	return n == 1, nil
}
