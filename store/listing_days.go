package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"resale/store/internal/dbsqlc"
)

// ListingCounter names one of a listing's daily numbers (#37).
type ListingCounter string

// A listing's numbers: views of its page, taps on its seller's number
// (Call or WhatsApp), chats started about it, saves as a favourite and
// bookings.
const (
	CountViews      ListingCounter = "views"
	CountReveals    ListingCounter = "reveals"
	CountChats      ListingCounter = "chats"
	CountFavourites ListingCounter = "favourites"
	CountBookings   ListingCounter = "bookings"
)

// ListingKeyLen is the length of a counted event's key.
const ListingKeyLen = 16

// ListingEvent is one thing that happened to a listing, to count.
type ListingEvent struct {
	ProductID int64
	// Day is the local day it happened on (its year, month and day are
	// what is kept).
	Day  time.Time
	Kind ListingCounter
	// ViewerID is the signed-in caller (0: nobody): the listing's own
	// seller is never counted.
	ViewerID int64
	// Key says who and what without naming anyone (the caller makes it
	// from a salt of the day): an event whose key was counted the same
	// day is not counted again.
	Key [ListingKeyLen]byte
}

// ListingDay is one day of a listing's (or a seller's) numbers.
type ListingDay struct {
	// Day is the local day, at midnight UTC.
	Day        time.Time
	Views      int64
	Reveals    int64
	Chats      int64
	Favourites int64
	Bookings   int64
}

// ListingTotals is a listing with its numbers added up over some days.
type ListingTotals struct {
	ProductID   int64
	ProductName string
	Picture     string
	Totals      ListingDay
}

// dateOf is the date of t's year, month and day as read in t's location.
func dateOf(t time.Time) pgtype.Date {
	y, m, d := t.Date()
	return pgtype.Date{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Valid: true}
}

// CountListingEvent counts e, once per key and day, never for the
// listing's seller: counted says whether this call counted it.
// ErrNotFound when the listing is not there (never was, or deleted).
func (s *Store) CountListingEvent(ctx context.Context, e ListingEvent) (bool, error) {
	r, err := s.q.CountListingEvent(ctx, dbsqlc.CountListingEventParams{
		ProductID: e.ProductID, Day: dateOf(e.Day), Key: e.Key[:], ViewerID: e.ViewerID, Kind: string(e.Kind),
	})
	if err != nil {
		return false, translate(err)
	}
	if !r.Found {
		return false, ErrNotFound
	}
	return r.Counted, nil
}

// IsFirstMessage says whether a thread started with the message: the
// chat it opened is one to count.
func (s *Store) IsFirstMessage(ctx context.Context, conversationID, messageID int64) (bool, error) {
	first, err := s.q.IsFirstMessage(ctx, dbsqlc.IsFirstMessageParams{ConversationID: conversationID, MessageID: messageID})
	return first.Bool, translate(err)
}

// IsFirstBooking says whether the booking is its buyer's first of its
// product: booking again after cancelling is not counted again.
func (s *Store) IsFirstBooking(ctx context.Context, bookingID int64) (bool, error) {
	first, err := s.q.IsFirstBooking(ctx, bookingID)
	return first.Bool, translate(err)
}

// ListingSeller is the seller and the name of a listing that is there;
// ErrNotFound otherwise.
func (s *Store) ListingSeller(ctx context.Context, productID int64) (sellerID int64, name string, err error) {
	r, err := s.q.GetListingSeller(ctx, productID)
	return r.SellerID, r.ProductName, translate(err)
}

// ListingDays are a listing's counted days from from on, oldest first;
// days with nothing counted are missing.
func (s *Store) ListingDays(ctx context.Context, productID int64, from time.Time) ([]ListingDay, error) {
	rows, err := s.q.ListListingDays(ctx, dbsqlc.ListListingDaysParams{ProductID: productID, FromDay: dateOf(from)})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]ListingDay, len(rows))
	for i, r := range rows {
		out[i] = ListingDay{Day: r.Day.Time, Views: int64(r.Views), Reveals: int64(r.Reveals), Chats: int64(r.Chats),
			Favourites: int64(r.Favourites), Bookings: int64(r.Bookings)}
	}
	return out, nil
}

// SellerListingDays are a seller's listings' numbers summed by day from
// from on, oldest first; days with nothing counted are missing.
func (s *Store) SellerListingDays(ctx context.Context, sellerID int64, from time.Time) ([]ListingDay, error) {
	rows, err := s.q.ListSellerListingDays(ctx, dbsqlc.ListSellerListingDaysParams{SellerID: sellerID, FromDay: dateOf(from)})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]ListingDay, len(rows))
	for i, r := range rows {
		out[i] = ListingDay{Day: r.Day.Time, Views: r.Views, Reveals: r.Reveals, Chats: r.Chats, Favourites: r.Favourites, Bookings: r.Bookings}
	}
	return out, nil
}

// SellerTopListings are the seller's n listings most viewed from from on,
// with their totals.
func (s *Store) SellerTopListings(ctx context.Context, sellerID int64, from time.Time, n int) ([]ListingTotals, error) {
	rows, err := s.q.ListSellerTopListings(ctx, dbsqlc.ListSellerTopListingsParams{SellerID: sellerID, FromDay: dateOf(from), MaxListings: int32(n)})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]ListingTotals, len(rows))
	for i, r := range rows {
		out[i] = ListingTotals{ProductID: r.ID, ProductName: r.ProductName, Picture: r.Picture,
			Totals: ListingDay{Views: r.Views, Reveals: r.Reveals, Chats: r.Chats, Favourites: r.Favourites, Bookings: r.Bookings}}
	}
	return out, nil
}

// PruneListingNumbers forgets the keys of the days before yesterday
// (they would count nothing again; yesterday's stay for a clock a little
// behind) and deletes the numbers of the days more than keepDays before
// today; it says how many of each went.
func (s *Store) PruneListingNumbers(ctx context.Context, today time.Time, keepDays int) (keys, days int64, err error) {
	y, m, d := today.Date()
	keys, err = s.q.PruneListingSeen(ctx, dateOf(time.Date(y, m, d-1, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		return 0, 0, translate(err)
	}
	days, err = s.q.PruneListingDays(ctx, dateOf(time.Date(y, m, d-keepDays, 0, 0, 0, 0, time.UTC)))
	return keys, days, translate(err)
}
