package api

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// bookingJSON is a booking on the wire, with the spec's field names and
// what its buyer sees of its life (API.md, "The seller's side of a
// booking").
type bookingJSON struct {
	ID            string             `json:"_id"`
	ProductName   string             `json:"productName"`
	Price         int64              `json:"price"`
	MeetLocation  string             `json:"meetLocation"`
	Paid          bool               `json:"paid"`
	PaymentMethod string             `json:"paymentMethod"`
	BuyerEmail    string             `json:"buyerEmail"`
	BuyerName     string             `json:"buyerName"`
	ProductID     string             `json:"ProductId"`
	Number        string             `json:"number"`
	Status        string             `json:"status"`
	CreatedAt     time.Time          `json:"createdAt"`
	ReservedUntil *time.Time         `json:"reservedUntil,omitempty"`
	DeclineCode   string             `json:"declineCode,omitempty"`
	DeclineReason string             `json:"declineReason,omitempty"`
	HandoverCode  string             `json:"handoverCode,omitempty"`
	HandoverURL   string             `json:"handoverUrl,omitempty"`
	Product       bookingProductJSON `json:"product"`
	// Review is the buyer's review of the seller for this booking (#20),
	// null when none; Reviewable says the buyer may write it now.
	Review     *bookingReviewJSON `json:"review"`
	Reviewable bool               `json:"reviewable"`
	// HandoverCheck is the newest check at the hand-over (#40), null
	// until resale-check --handover runs with the buyer's code.
	HandoverCheck *handoverCheckJSON `json:"handoverCheck"`
}

// bookingReviewJSON is the review written for a booking: removed by an
// admin, it cannot be written again.
type bookingReviewJSON struct {
	ID      string `json:"_id"`
	Rating  int    `json:"rating"`
	Removed bool   `json:"removed"`
}

// withReviews fills in the reviews of the bookings (one query for the
// list) and which ones their buyer may review.
func (s *Server) withReviews(ctx context.Context, out []bookingJSON, views []store.BookingView, viewer store.User) error {
	ids := make([]int64, 0, len(views))
	for _, b := range views {
		ids = append(ids, b.ID)
	}
	reviews, err := s.store.ReviewsOfBookings(ctx, ids)
	if err != nil {
		return err
	}
	for i := range out {
		id := ids[i]
		if r, ok := reviews[id]; ok {
			out[i].Review = &bookingReviewJSON{ID: formatID(r.ID), Rating: r.Rating, Removed: r.Removed}
			continue
		}
		out[i].Reviewable = (out[i].Status == string(store.BookingCompleted) || out[i].Status == string(store.BookingPaid)) && views[i].BuyerID == viewer.ID
	}
	return nil
}

// bookingProductJSON is the booked product as it is now.
type bookingProductJSON struct {
	ID          string `json:"_id"`
	ProductName string `json:"productName"`
	Picture     string `json:"picture"`
	Available   string `json:"available"`
	Reserved    bool   `json:"reserved"`
	Deleted     bool   `json:"deleted"`
}

// toBookingJSON writes a booking for viewer: the hand-over code of an
// accepted or paid booking goes to its buyer only, not even to an admin.
func (s *Server) toBookingJSON(b store.BookingView, viewer store.User) bookingJSON {
	out := bookingJSON{
		ID: formatID(b.ID), ProductName: b.ProductName, Price: b.Price, MeetLocation: b.MeetLocation, Paid: b.Paid,
		PaymentMethod: string(b.PaymentMethod),
		BuyerEmail:    b.BuyerEmail, BuyerName: b.BuyerName, ProductID: formatID(b.ProductID), Number: b.Phone,
		Status: string(b.Status), CreatedAt: b.CreatedAt.UTC(), ReservedUntil: reservedUntil(b.Booking),
		DeclineCode: b.DeclineCode, DeclineReason: b.DeclineReason,
		Product: bookingProductJSON{ID: formatID(b.ProductID), ProductName: b.ProductName, Picture: b.ProductPicture,
			Available: "available", Reserved: b.ProductReserved, Deleted: b.ProductDeleted},
	}
	if b.ProductSold {
		out.Product.Available = "soled"
	}
	if viewer.ID == b.BuyerID && (b.Status == store.BookingAccepted || b.Status == store.BookingPaid) && len(b.HandoverNonce) > 0 {
		out.HandoverCode = s.handoverCodes.Code(b.ID, b.HandoverNonce)
		out.HandoverURL = s.handoverURL(b.ID, out.HandoverCode)
	}
	return out
}

// newBookingRequest is the booking dialog. The spec's client also sends the
// buyer's name and email, the product name and the price: they are
// accepted and ignored, since the server takes them from the account and
// the product.
type newBookingRequest struct {
	ProductID    string `json:"ProductId"`
	Number       string `json:"number"`
	MeetLocation string `json:"meetLocation"`
	BuyerName    any    `json:"buyerName"`
	BuyerEmail   any    `json:"buyerEmail"`
	ProductName  any    `json:"productName"`
	Price        any    `json:"price"`
	// PaymentMethod is how the buyer means to pay (#34): cash when absent
	PaymentMethod *string `json:"paymentMethod"`
}

// createBooking serves POST /api/bookings.
func (s *Server) createBooking(c echo.Context) error {
	var req newBookingRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	productID, idErr := parseID(req.ProductID)
	if req.ProductID == "" {
		f.add("ProductId", "is required")
	} else if idErr != nil {
		f.add("ProductId", "is not a product id")
	}
	phone := f.phone("number", req.Number)
	place := f.text("meetLocation", req.MeetLocation, 200)
	method := store.PayCash
	if req.PaymentMethod != nil {
		method = s.paymentMethodField(&f, *req.PaymentMethod)
	}
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	b, err := s.store.CreateBooking(c.Request().Context(), store.NewBooking{ProductID: productID, Buyer: u, Phone: phone, MeetLocation: place, Method: method})
	if err != nil {
		return bookingRefusal(c, err)
	}
	s.log.Info("booking made", "booking_id", b.ID, "product_id", b.ProductID, "buyer_id", u.ID)
	s.countBooking(c, b.ProductID, b.ID, u) // #37
	return c.JSON(http.StatusCreated, insertedJSON{Acknowledged: true, InsertedID: formatID(b.ID)})
}

// getBooking serves GET /api/bookings/:id: the caller's own booking, or
// any for an admin; anyone else's is "not found".
func (s *Server) getBooking(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Booking")
	}
	b, err := s.store.GetBookingView(c.Request().Context(), id)
	if err != nil {
		return notFoundAs(err, "Booking")
	}
	u, _ := currentUser(c)
	if b.BuyerID != u.ID && u.Role != store.RoleAdmin {
		return notFound("Booking")
	}
	one := []bookingJSON{s.toBookingJSON(b, u)}
	if err := s.withReviews(c.Request().Context(), one, []store.BookingView{b}, u); err != nil {
		return err
	}
	if err := s.withHandoverChecks(c.Request().Context(), one, []store.BookingView{b}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, one[0])
}

// listBuyerBookings serves GET /api/bookings?email=: the caller's
// bookings, or anyone's for an admin.
func (s *Server) listBuyerBookings(c echo.Context) error {
	u, page, err := s.userPageQuery(c)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListBuyerBookings(c.Request().Context(), u.ID, page)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	viewer, _ := currentUser(c)
	out := make([]bookingJSON, 0, len(list))
	for _, b := range list {
		out = append(out, s.toBookingJSON(b, viewer))
	}
	if err := s.withReviews(c.Request().Context(), out, list, viewer); err != nil {
		return err
	}
	if err := s.withHandoverChecks(c.Request().Context(), out, list); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// bookedProductsJSON is the answer of GET /api/bookings/booked.
type bookedProductsJSON struct {
	ProductIDs []string `json:"productIds"`
}

// listBookedProducts serves GET /api/bookings/booked: the ids of the
// products the caller has an open booking of (pending, accepted or paid),
// all of them, for the cards' and the product page's Booked marker, which
// the first page of their bookings alone cannot tell.
func (s *Server) listBookedProducts(c echo.Context) error {
	u, _ := currentUser(c)
	ids, err := s.store.ListBookedProductIDs(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	out := bookedProductsJSON{ProductIDs: make([]string, 0, len(ids))}
	for _, id := range ids {
		out.ProductIDs = append(out.ProductIDs, formatID(id))
	}
	return c.JSON(http.StatusOK, out)
}

// cancelBooking serves DELETE /api/bookings/:id: the buyer drops an unpaid
// booking.
func (s *Server) cancelBooking(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Booking")
	}
	u, _ := currentUser(c)
	err = s.store.CancelBooking(c.Request().Context(), id, u.ID)
	if err != nil {
		return reword(notFoundAs(err, "Booking"), store.ErrAlreadyPaid, "A paid booking cannot be deleted")
	}
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}

// paymentMethodField checks a paymentMethod field: one of the methods
// the shop offers now, or a field error naming those it does.
func (s *Server) paymentMethodField(f *fieldErrors, v string) store.PaymentMethod {
	m := store.PaymentMethod(v)
	switch {
	case !m.Valid():
		f.add("paymentMethod", "must be cash, card or sslcommerz")
	case !s.offersPaymentMethod(m):
		f.add("paymentMethod", "is not offered by this shop: choose "+s.offeredMethodsText())
	}
	return m
}

// offeredMethodsText lists the methods the shop offers, for a refusal.
func (s *Server) offeredMethodsText() string {
	var out string
	methods := s.paymentMethods()
	for i, m := range methods {
		switch {
		case i == 0:
		case i == len(methods)-1:
			out += " or "
		default:
			out += ", "
		}
		out += string(m)
	}
	return out
}

// paymentMethodRequest is the body of PUT /api/bookings/:id/payment-method.
type paymentMethodRequest struct {
	PaymentMethod string `json:"paymentMethod"`
}

// changePaymentMethod serves PUT /api/bookings/:id/payment-method: the
// buyer chooses another way to pay their booking while nothing is paid;
// 409 once it is paid, completed, declined or cancelled. Leaving card
// cancels the booking's PaymentIntent, so a tab still holding it cannot
// pay it.
func (s *Server) changePaymentMethod(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Booking")
	}
	var req paymentMethodRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	if req.PaymentMethod == "" {
		f.add("paymentMethod", "is required")
	} else {
		s.paymentMethodField(&f, req.PaymentMethod)
	}
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	ctx := c.Request().Context()
	retired, err := s.store.ChangePaymentMethod(ctx, id, u.ID, store.PaymentMethod(req.PaymentMethod))
	if err != nil {
		return reword(notFoundAs(err, "Booking"), store.ErrAlreadyPaid, "This booking is already paid, so how it is paid cannot change")
	}
	if retired != "" && s.payments != nil {
		s.payments.Retire(ctx, retired)
	}
	b, err := s.store.GetBookingView(ctx, id)
	if err != nil {
		return notFoundAs(err, "Booking")
	}
	one := []bookingJSON{s.toBookingJSON(b, u)}
	if err := s.withReviews(ctx, one, []store.BookingView{b}, u); err != nil {
		return err
	}
	if err := s.withHandoverChecks(ctx, one, []store.BookingView{b}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, one[0])
}
