package api

import (
	"math"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// ratingJSON is a seller's rating: the average of their reviews (0
// without any) and how many there are.
type ratingJSON struct {
	Average float64 `json:"average"`
	Count   int64   `json:"count"`
}

func toRatingJSON(r store.Rating) ratingJSON { return ratingJSON{Average: r.Average, Count: r.Count} }

// sellerJSON is a seller's public page.
type sellerJSON struct {
	ID             string     `json:"_id"`
	UserName       string     `json:"userName"`
	UserPhoto      string     `json:"userPhoto"`
	Verify         bool       `json:"verify"`
	JoinedAt       time.Time  `json:"joinedAt"`
	ActiveListings int64      `json:"activeListings"`
	SoldCount      int64      `json:"soldCount"`
	Rating         ratingJSON `json:"rating"`
	// ResponseMinutes is the typical (median) time to a first reply over
	// the last 90 days, null with too few answered conversations.
	ResponseMinutes *int64 `json:"responseMinutes"`
	// PhoneVerified: the seller proved a phone by an SMS code (#35).
	PhoneVerified bool `json:"phoneVerified"`
	// Shop is the seller's shop page (#37): empty fields until filled in.
	Shop shopJSON `json:"shop"`
}

// reviewJSON is one review on a seller's page.
type reviewJSON struct {
	ID        string     `json:"_id"`
	Rating    int        `json:"rating"`
	Text      string     `json:"text"`
	Reply     *string    `json:"reply"`
	RepliedAt *time.Time `json:"repliedAt"`
	// BuyerName is empty when the buyer's account is closed.
	BuyerName string    `json:"buyerName"`
	CreatedAt time.Time `json:"createdAt"`
}

func toReviewJSON(r store.Review) reviewJSON {
	out := reviewJSON{ID: formatID(r.ID), Rating: r.Rating, Text: r.Text, BuyerName: r.BuyerName, CreatedAt: r.CreatedAt.UTC()}
	if r.Reply != "" {
		reply := r.Reply
		out.Reply = &reply
	}
	if r.RepliedAt != nil {
		at := r.RepliedAt.UTC()
		out.RepliedAt = &at
	}
	return out
}

// getSeller serves GET /api/sellers/:id: a live seller's public page, to
// anyone. A buyer's, an admin's, a deleted or an unknown id is not found.
func (s *Server) getSeller(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Seller")
	}
	p, err := s.store.GetSellerProfile(c.Request().Context(), id)
	if err != nil {
		return notFoundAs(err, "Seller")
	}
	return c.JSON(http.StatusOK, sellerJSON{ID: formatID(p.ID), UserName: p.Name, UserPhoto: p.Photo, Verify: p.Verified,
		JoinedAt: p.JoinedAt.UTC(), ActiveListings: p.ActiveListings, SoldCount: p.SoldCount, Rating: toRatingJSON(p.Rating),
		ResponseMinutes: p.ResponseMinutes, PhoneVerified: p.PhoneVerified, Shop: toShopJSON(p.Shop, time.Now().In(s.loc))})
}

// listSellerReviews serves GET /api/sellers/:id/reviews: a live seller's
// reviews, newest first, a page at a time (limit, cursor; Link
// rel="next"), each with the seller's reply when there is one.
func (s *Server) listSellerReviews(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Seller")
	}
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListSellerReviews(c.Request().Context(), id, page)
	if err != nil {
		return notFoundAs(err, "Seller")
	}
	return pageJSON(c, list, next, toReviewJSON)
}

// reviewRequest is the body of POST /api/bookings/:id/review.
type reviewRequest struct {
	// a JSON number, so 4.5 is answered "a whole number" rather than
	// "the wrong type"
	Rating *float64 `json:"rating"`
	Text   string   `json:"text"`
}

// maxReviewLen caps a review's and a reply's text.
const maxReviewLen = 1000

// createReview serves POST /api/bookings/:id/review: the buyer of a
// completed or paid booking rates its seller 1 to 5 with a text, once.
// Anyone else gets 403, a booking not yet completed 403, a second review
// 409.
func (s *Server) createReview(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Booking")
	}
	var req reviewRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	rating := 0
	switch {
	case req.Rating == nil:
		f.add("rating", "is required")
	case *req.Rating != math.Trunc(*req.Rating) || *req.Rating < 1 || *req.Rating > 5:
		f.add("rating", "must be a whole number from 1 to 5")
	default:
		rating = int(*req.Rating)
	}
	text := f.multilineText("text", req.Text, maxReviewLen, true)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	r, err := s.store.CreateReview(c.Request().Context(), id, u.ID, rating, text)
	if err != nil {
		return notFoundAs(err, "Booking")
	}
	s.log.Info("review written", "review_id", r.ID, "booking_id", id, "buyer_id", u.ID)
	return c.JSON(http.StatusCreated, toReviewJSON(r))
}

// replyRequest is the body of PUT /api/reviews/:id/reply.
type replyRequest struct {
	Text string `json:"text"`
}

// replyToReview serves PUT /api/reviews/:id/reply: the reviewed seller
// answers a review of theirs, once (409 after). Another seller's review
// is not found.
func (s *Server) replyToReview(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Review")
	}
	var req replyRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	text := f.multilineText("text", req.Text, maxReviewLen, true)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	if err := s.store.ReplyToReview(c.Request().Context(), id, u.ID, text); err != nil {
		return notFoundAs(err, "Review")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

// removeReviewRequest is the body of DELETE /api/reviews/:id.
type removeReviewRequest struct {
	Reason string `json:"reason"`
}

// removeReview serves DELETE /api/reviews/:id: an admin takes a review
// off its seller's page, with a reason (required) that goes to the audit
// log with the removal.
func (s *Server) removeReview(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Review")
	}
	var req removeReviewRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	reason := f.text("reason", req.Reason, 500)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	if err := s.store.RemoveReview(c.Request().Context(), id, u.ID, reason); err != nil {
		return notFoundAs(err, "Review")
	}
	s.log.Info("review removed", "review_id", id, "by", u.ID)
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}
