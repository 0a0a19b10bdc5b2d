package store

import (
	"context"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// A buyer makes at most BookingsPerWindow bookings in BookingWindow (I-1):
// each booking tells and mails the seller, so an unbounded buyer is a
// flood of mail (the seller's emails of one product fold too, see
// mail_folds.go). Ten an hour is more than a person comparing laptops
// books.
const (
	BookingWindow     = time.Hour
	BookingsPerWindow = 10
)

// ErrBookingThrottle: the buyer booked too many laptops lately (a
// ThrottledError says until when).
var ErrBookingThrottle = errors.New("too many bookings")

// checkBookingBudget locks the buyer's account, so that one buyer's
// bookings take turns (users before products, the order of every lock),
// and refuses a booking past the budget.
func checkBookingBudget(ctx context.Context, q *dbsqlc.Queries, buyerID int64) error {
	if _, err := q.LockSender(ctx, buyerID); err != nil {
		return err
	}
	r, err := q.CountRecentBookings(ctx, dbsqlc.CountRecentBookingsParams{BuyerID: buyerID, WindowSeconds: BookingWindow.Seconds()})
	if err != nil {
		return err
	}
	if r.N >= BookingsPerWindow {
		return &ThrottledError{Err: ErrBookingThrottle, Until: r.Oldest.Add(BookingWindow)}
	}
	return nil
}
