package store

import (
	"context"
	"errors"

	"resale/store/internal/dbsqlc"
)

// ErrAlreadyPaid: the booking is paid, so it can no longer change.
var ErrAlreadyPaid = errors.New("the booking is paid")

// ErrAlreadyBooked: the buyer already holds an open booking of the product.
var ErrAlreadyBooked = errors.New("already booked")

// Booking is a buyer's claim on a product, with the name, email, product
// name and price copied when it was made.
type Booking struct {
	ID              int64
	ProductID       int64
	BuyerID         int64
	BuyerName       string
	BuyerEmail      string
	ProductName     string
	Price           int64
	Phone           string
	MeetLocation    string
	PaymentIntentID string
	Paid            bool
}

func bookingFrom(b dbsqlc.Booking) Booking {
	out := Booking{
		ID: b.ID, ProductID: b.ProductID, BuyerID: b.BuyerID, BuyerName: b.BuyerName, BuyerEmail: b.BuyerEmail,
		ProductName: b.ProductName, Price: b.Price, Phone: b.Phone, MeetLocation: b.MeetLocation, Paid: b.PaidAt != nil,
	}
	if b.PaymentIntentID != nil {
		out.PaymentIntentID = *b.PaymentIntentID
	}
	return out
}

// NewBooking is a booking request; name, email, product name and price
// come from the buyer's account and the product, never from the request.
type NewBooking struct {
	ProductID    int64
	Buyer        User
	Phone        string
	MeetLocation string
}

// CreateBooking books a live, unsold product that is not the buyer's own:
// ErrNotFound, ErrSold, ErrOwnProduct or ErrAlreadyBooked otherwise.
func (s *Store) CreateBooking(ctx context.Context, n NewBooking) (Booking, error) {
	var out Booking
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		p, err := q.LockProductForBooking(ctx, n.ProductID)
		if err != nil {
			return err
		}
		switch {
		case p.SellerID == n.Buyer.ID:
			return ErrOwnProduct
		case p.SoldAt != nil:
			return ErrSold
		}
		b, err := q.CreateBooking(ctx, dbsqlc.CreateBookingParams{
			ProductID: p.ID, BuyerID: n.Buyer.ID, BuyerName: n.Buyer.Name, BuyerEmail: n.Buyer.Email,
			ProductName: p.ProductName, Price: p.SellPrice, Phone: n.Phone, MeetLocation: n.MeetLocation,
		})
		if err != nil {
			var ce *ConstraintError
			if errors.As(translate(err), &ce) && ce.Constraint == "bookings_open_key" {
				return ErrAlreadyBooked
			}
			return err
		}
		out = bookingFrom(b)
		bn, err := s.bookingNotices(ctx, q, b.ID)
		if err != nil {
			return err
		}
		return note(bn.received())
	})
	return out, err
}

// GetBooking returns an open booking.
func (s *Store) GetBooking(ctx context.Context, id int64) (Booking, error) {
	b, err := s.q.GetBooking(ctx, id)
	if err != nil {
		return Booking{}, translate(err)
	}
	return bookingFrom(b), nil
}

// ListBuyerBookings returns a page of a buyer's open bookings, newest
// first, and where the next page starts (0: none).
func (s *Store) ListBuyerBookings(ctx context.Context, buyerID int64, page Page) ([]Booking, int64, error) {
	rows, err := s.custom.ListBuyerBookings(ctx, dbsqlc.ListBuyerBookingsParams{BuyerID: buyerID, BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(b dbsqlc.Booking) int64 { return b.ID })
	out := make([]Booking, 0, len(rows))
	for _, r := range rows {
		out = append(out, bookingFrom(r))
	}
	return out, next, nil
}

// CancelBooking removes the buyer's own unpaid booking: ErrNotFound if it
// is not theirs, ErrAlreadyPaid if it is paid.
func (s *Store) CancelBooking(ctx context.Context, id, buyerID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		if _, err := q.CancelBooking(ctx, dbsqlc.CancelBookingParams{ID: id, BuyerID: buyerID}); err == nil {
			bn, err := s.bookingNotices(ctx, q, id)
			if err != nil {
				return err
			}
			return note(bn.cancelled())
		} else if !errors.Is(translate(err), ErrNotFound) {
			return err
		}
		b, err := q.GetBooking(ctx, id)
		if err != nil {
			return err
		}
		if b.BuyerID != buyerID {
			return ErrNotFound
		}
		if b.PaidAt != nil {
			return ErrAlreadyPaid
		}
		return ErrNotFound
	})
}

// GetBookingAnyState returns a booking even if it was cancelled.
func (s *Store) GetBookingAnyState(ctx context.Context, id int64) (Booking, error) {
	b, err := s.q.GetBookingAnyState(ctx, id)
	if err != nil {
		return Booking{}, translate(err)
	}
	return bookingFrom(b), nil
}
