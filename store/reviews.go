package store

import (
	"context"
	"errors"
	"math"
	"strconv"
	"time"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// The review rules' errors.
var (
	// ErrNotYourBooking: only a booking's buyer reviews its seller.
	ErrNotYourBooking = errors.New("not the buyer of this booking")
	// ErrNotReviewable: the booking is neither completed nor paid.
	ErrNotReviewable = errors.New("the booking is not completed or paid")
	// ErrAlreadyReviewed: the booking has its review (one, even removed).
	ErrAlreadyReviewed = errors.New("already reviewed")
	// ErrAlreadyReplied: the seller answered this review already.
	ErrAlreadyReplied = errors.New("already replied")
)

// AuditReviewRemoved is an admin's removal of a review; its target kind
// is TargetReview.
const (
	AuditReviewRemoved = "review_removed"
	TargetReview       = "review"
)

// MinReplySamples is how many answered conversations a seller's typical
// reply time needs before it is shown: one quick or slow answer says
// little.
const MinReplySamples = 3

// Rating is a seller's average and how many reviews it is over.
type Rating struct {
	Average float64 // 0 without reviews; one decimal
	Count   int64
}

func ratingOf(count, sum int32) Rating {
	if count <= 0 {
		return Rating{}
	}
	return Rating{Average: math.Round(float64(sum)/float64(count)*10) / 10, Count: int64(count)}
}

// SellerProfile is a seller's public page.
type SellerProfile struct {
	ID             int64
	Name           string
	Photo          string
	Verified       bool
	JoinedAt       time.Time
	ActiveListings int64
	SoldCount      int64
	Rating         Rating
	// ResponseMinutes is the median minutes to a first reply, nil with
	// fewer than MinReplySamples answered conversations in 90 days.
	ResponseMinutes *int64
	// PhoneVerified: the seller proved their phone by an SMS code (#35).
	PhoneVerified bool
	// Shop is the seller's shop page (#37): empty until they fill it in.
	Shop Shop
}

// GetSellerProfile returns a live seller's public page; ErrNotFound for
// an unknown, deleted or non-seller id.
func (s *Store) GetSellerProfile(ctx context.Context, id int64) (SellerProfile, error) {
	u, err := s.q.GetSellerProfile(ctx, id)
	if err != nil {
		return SellerProfile{}, translate(err)
	}
	out := SellerProfile{ID: u.ID, Name: u.UserName, Photo: u.PhotoUrl, Verified: u.Verified, JoinedAt: u.CreatedAt,
		ActiveListings: u.ActiveListings, SoldCount: u.SoldCount, Rating: ratingOf(u.ReviewCount, u.ReviewSum), PhoneVerified: u.PhoneVerified}
	rt, err := s.q.GetSellerReplyTimes(ctx, id)
	if err != nil {
		return SellerProfile{}, translate(err)
	}
	if rt.Threads >= MinReplySamples {
		m := int64(math.Round(rt.MedianMinutes))
		out.ResponseMinutes = &m
	}
	if out.Shop, err = s.GetShop(ctx, id); err != nil {
		return SellerProfile{}, err
	}
	return out, nil
}

// Review is one live review as a seller's page shows it.
type Review struct {
	ID        int64
	Rating    int
	Text      string
	Reply     string // empty: none yet
	RepliedAt *time.Time
	BuyerName string // empty: the buyer's account is closed
	CreatedAt time.Time
}

// ListSellerReviews returns a page of a live seller's reviews, newest
// first, and where the next page starts (0: none); ErrNotFound when the
// id is not a live seller's.
func (s *Store) ListSellerReviews(ctx context.Context, sellerID int64, page Page) ([]Review, int64, error) {
	if _, err := s.q.GetSellerProfile(ctx, sellerID); err != nil {
		return nil, 0, translate(err)
	}
	rows, err := s.q.ListSellerReviews(ctx, dbsqlc.ListSellerReviewsParams{SellerID: sellerID, BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ListSellerReviewsRow) int64 { return r.ID })
	out := make([]Review, 0, len(rows))
	for _, r := range rows {
		out = append(out, Review{ID: r.ID, Rating: int(r.Rating), Text: r.Body, Reply: textOf(r.Reply), RepliedAt: r.RepliedAt,
			BuyerName: r.BuyerName, CreatedAt: r.CreatedAt})
	}
	return out, next, nil
}

// CreateReview records the buyer's review of the seller of a completed or
// paid booking and tells the seller (review_received), in one
// transaction. ErrNotFound for an unknown booking, ErrNotYourBooking for
// anyone but its buyer, ErrNotReviewable before the sale completed or
// when the seller's account is closed, ErrAlreadyReviewed the second time
// (the unique booking_id decides between concurrent posts).
func (s *Store) CreateReview(ctx context.Context, bookingID, buyerID int64, rating int, text string) (Review, error) {
	var out Review
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, err := q.LockReviewableBooking(ctx, bookingID)
		if err != nil {
			return err
		}
		if b.BuyerID != buyerID {
			return ErrNotYourBooking
		}
		if (b.Status != string(BookingCompleted) && b.Status != string(BookingPaid)) || b.SellerDeleted {
			return ErrNotReviewable
		}
		row, err := q.CreateReview(ctx, dbsqlc.CreateReviewParams{BookingID: b.ID, SellerID: b.SellerID, BuyerID: buyerID, Rating: int16(rating), Body: text})
		if err != nil {
			if errors.Is(translate(err), ErrNotFound) {
				return ErrAlreadyReviewed
			}
			return err
		}
		out = Review{ID: row.ID, Rating: rating, Text: text, BuyerName: b.BuyerName, CreatedAt: row.CreatedAt}
		return note(Notice{UserID: b.SellerID, Kind: "review_received", Link: "/seller/" + strconv.FormatInt(b.SellerID, 10),
			Data: notify.Data{"buyer": b.BuyerName, "product": b.ProductName, "rating": strconv.Itoa(rating)}})
	})
	return out, err
}

// ReplyToReview sets the seller's one reply to a live review of theirs.
// ErrNotFound when it is not theirs (or removed, or unknown),
// ErrAlreadyReplied when it has a reply.
func (s *Store) ReplyToReview(ctx context.Context, reviewID, sellerID int64, text string) error {
	r, err := s.q.ReplyToReview(ctx, dbsqlc.ReplyToReviewParams{ReviewID: reviewID, SellerID: sellerID, Reply: &text})
	switch {
	case err != nil:
		return translate(err)
	case !r.Found:
		return ErrNotFound
	case !r.Replied:
		return ErrAlreadyReplied
	}
	return nil
}

// RemoveReview takes a live review off its seller's page for the reason
// given and records it in the audit log, in one transaction. ErrNotFound
// for an unknown or already removed review.
func (s *Store) RemoveReview(ctx context.Context, reviewID, adminID int64, reason string) error {
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		r, err := q.LockReview(ctx, reviewID)
		if err != nil {
			return err
		}
		if _, err := q.RemoveReview(ctx, dbsqlc.RemoveReviewParams{ID: reviewID, Reason: &reason}); err != nil {
			return err
		}
		label := r.SellerName + ": " + strconv.Itoa(int(r.Rating)) + "★, " + r.ProductName
		return audit(ctx, q, adminID, AuditReviewRemoved, TargetReview, reviewID, label,
			map[string]any{"reason": reason, "sellerId": strconv.FormatInt(r.SellerID, 10)})
	})
}

// BookingReview says whether a booking has its review (then it cannot be
// written again) and, when live, its rating.
type BookingReview struct {
	ID      int64
	Rating  int
	Removed bool
}

// ReviewsOfBookings returns the reviews written for the bookings, by
// booking id.
func (s *Store) ReviewsOfBookings(ctx context.Context, bookingIDs []int64) (map[int64]BookingReview, error) {
	out := make(map[int64]BookingReview, len(bookingIDs))
	if len(bookingIDs) == 0 {
		return out, nil
	}
	rows, err := s.q.ListReviewsOfBookings(ctx, bookingIDs)
	if err != nil {
		return nil, translate(err)
	}
	for _, r := range rows {
		out[r.BookingID] = BookingReview{ID: r.ID, Rating: int(r.Rating), Removed: r.RemovedAt != nil}
	}
	return out, nil
}

// reviewRequest asks the buyer of a completed sale to review its seller.
func (b bookingNotices) reviewRequest() Notice {
	return Notice{UserID: b.f.BuyerID, Kind: "review_request", Link: linkBuyerBookings + "?review=" + strconv.FormatInt(b.f.ID, 10),
		Data: notify.Data{"product": b.f.ProductName}}
}
