package api

import (
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// leadProductJSON is the product a lead is about.
type leadProductJSON struct {
	ID          string `json:"_id"`
	ProductName string `json:"productName"`
	Picture     string `json:"picture"`
}

// leadJSON is a booking as its seller sees it (API.md, "The seller's side
// of a booking"): who booked, how to reach them, where to meet, and where
// the booking is in its life.
type leadJSON struct {
	ID             string          `json:"_id"`
	Status         string          `json:"status"`
	BuyerName      string          `json:"buyerName"`
	BuyerEmail     string          `json:"buyerEmail"`
	Number         string          `json:"number"`
	MeetLocation   string          `json:"meetLocation"`
	Price          int64           `json:"price"`
	Paid           bool            `json:"paid"`
	PaymentMethod  string          `json:"paymentMethod"`
	CreatedAt      time.Time       `json:"createdAt"`
	ReservedUntil  *time.Time      `json:"reservedUntil,omitempty"`
	DeclineCode    string          `json:"declineCode,omitempty"`
	DeclineReason  string          `json:"declineReason,omitempty"`
	HandoverLocked bool            `json:"handoverLocked"`
	Product        leadProductJSON `json:"product"`
	// HandoverCheck is the newest check at the hand-over (#40), null
	// until one is made.
	HandoverCheck *handoverCheckJSON `json:"handoverCheck"`
}

// reservedUntil is when an accepted booking's reservation runs out.
func reservedUntil(b store.Booking) *time.Time {
	if b.Status != store.BookingAccepted || b.AcceptedAt == nil {
		return nil
	}
	t := b.AcceptedAt.Add(store.ReservationLength).UTC()
	return &t
}

func (s *Server) toLeadJSON(b store.BookingView) leadJSON {
	return leadJSON{
		ID: formatID(b.ID), Status: string(b.Status), BuyerName: b.BuyerName, BuyerEmail: b.BuyerEmail, Number: b.Phone,
		MeetLocation: b.MeetLocation, Price: b.Price, Paid: b.Paid, CreatedAt: b.CreatedAt.UTC(), ReservedUntil: reservedUntil(b.Booking),
		DeclineCode: b.DeclineCode, DeclineReason: b.DeclineReason, PaymentMethod: string(b.PaymentMethod),
		HandoverLocked: b.HandoverLockedUntil != nil && b.HandoverLockedUntil.After(time.Now()),
		Product:        leadProductJSON{ID: formatID(b.ProductID), ProductName: b.ProductName, Picture: b.ProductPicture},
	}
}

// leadsOf is whose leads the caller sees: a seller their own products',
// an admin every seller's (0).
func leadsOf(c echo.Context) int64 {
	u, _ := currentUser(c)
	if u.Role == store.RoleAdmin {
		return 0
	}
	return u.ID
}

// listLeads serves GET /api/leads.
func (s *Server) listLeads(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListLeads(c.Request().Context(), leadsOf(c), page)
	if err != nil {
		return err
	}
	out, err := s.leadsJSON(c.Request().Context(), list)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	return c.JSON(http.StatusOK, out)
}

type countJSON struct {
	Count int64 `json:"count"`
}

// countNewLeads serves GET /api/leads/new: the leads waiting for an answer.
func (s *Server) countNewLeads(c echo.Context) error {
	n, err := s.store.CountPendingLeads(c.Request().Context(), leadsOf(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, countJSON{Count: n})
}

// sellerAnswer runs one of the seller's answers to a booking of their
// product and answers the lead as it is then.
func (s *Server) sellerAnswer(c echo.Context, answer func(id, sellerID int64) (store.BookingView, error)) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Booking")
	}
	u, _ := currentUser(c)
	b, err := answer(id, u.ID)
	if err != nil {
		return notFoundAs(err, "Booking")
	}
	out, err := s.leadsJSON(c.Request().Context(), []store.BookingView{b})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
}

// acceptBooking serves PUT /api/bookings/:id/accept.
func (s *Server) acceptBooking(c echo.Context) error {
	return s.sellerAnswer(c, func(id, sellerID int64) (store.BookingView, error) {
		b, err := s.store.AcceptBooking(c.Request().Context(), id, sellerID)
		if err == nil {
			s.log.Info("booking accepted", "booking_id", id, "product_id", b.ProductID)
		}
		return b, reword(err, store.ErrReserved, "Another booking of this laptop is already accepted")
	})
}

type declineRequest struct {
	Reason string `json:"reason"`
}

// declineBooking serves PUT /api/bookings/:id/decline, with an optional
// JSON {reason} told to the buyer.
func (s *Server) declineBooking(c echo.Context) error {
	var req declineRequest
	if r := c.Request(); r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
	}
	var reason string
	if req.Reason != "" {
		var f fieldErrors
		reason = f.text("reason", req.Reason, 200)
		if err := f.err(); err != nil {
			return err
		}
	}
	return s.sellerAnswer(c, func(id, sellerID int64) (store.BookingView, error) {
		return s.store.DeclineBooking(c.Request().Context(), id, sellerID, reason)
	})
}

type handoverRequest struct {
	Code string `json:"code"`
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// handover serves POST /api/bookings/:id/handover: the seller types the
// code the buyer shows at the meeting, and the sale completes.
func (s *Server) handover(c echo.Context) error {
	var req handoverRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if !sixDigits.MatchString(req.Code) {
		return invalidFields(map[string]string{"code": "must be the 6 digits the buyer shows"}, "code")
	}
	return s.sellerAnswer(c, func(id, sellerID int64) (store.BookingView, error) {
		b, err := s.store.Handover(c.Request().Context(), id, sellerID, func(nonce []byte) bool {
			return s.handoverCodes.Check(id, nonce, req.Code)
		})
		var locked *store.HandoverLockedError
		switch {
		case errors.As(err, &locked):
			wait := max(1, int(time.Until(locked.Until).Seconds()+0.999))
			c.Response().Header().Set("Retry-After", strconv.Itoa(wait))
			s.log.Warn("hand-over locked: too many wrong codes", "booking_id", id, "seller_id", sellerID)
		case errors.Is(err, store.ErrWrongCode):
			s.log.Info("hand-over: wrong code", "booking_id", id)
		case err == nil:
			s.log.Info("hand-over completed", "booking_id", id, "product_id", b.ProductID)
		}
		return b, err
	})
}

// handoverURL is what the buyer's QR holds: the seller's leads page with
// the booking's hand-over open and the code filled in, for a phone's own
// camera app.
func (s *Server) handoverURL(bookingID int64, code string) string {
	u := *s.publicURL
	u.Path = "/dashboard/leads"
	u.RawQuery = url.Values{"handover": {formatID(bookingID)}, "code": {code}}.Encode()
	return u.String()
}

// markSold serves PUT /api/products/:id/sold: the seller sold the laptop
// outside the shop.
func (s *Server) markSold(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	if err := s.store.MarkSoldOutside(c.Request().Context(), id, u.ID); err != nil {
		return notFoundAs(err, "Product")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

// relist serves PUT /api/products/:id/relist: a laptop marked sold is for
// sale again, unless it was sold through the shop.
func (s *Server) relist(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	if err := s.store.Relist(c.Request().Context(), id, u.ID, s.listingDays); err != nil {
		return notFoundAs(err, "Product")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}
