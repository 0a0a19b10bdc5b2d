package store

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// ErrAlreadyPaid: the booking is paid, so it can no longer change.
var ErrAlreadyPaid = errors.New("the booking is paid")

// ErrAlreadyBooked: the buyer already holds an open booking of the product.
var ErrAlreadyBooked = errors.New("already booked")

// ErrReserved: the laptop is reserved for another buyer's booking.
var ErrReserved = errors.New("the product is reserved for another booking")

// Booking is a buyer's claim on a product, with the name, email, product
// name and price copied when it was made.
type Booking struct {
	ID              int64
	ProductID       int64
	SellerID        int64
	BuyerID         int64
	BuyerName       string
	BuyerEmail      string
	ProductName     string
	Price           int64
	Phone           string
	MeetLocation    string
	PaymentIntentID string
	// PaymentMethod is how it will be paid: cash at the hand-over unless
	// the buyer chose to pay online.
	PaymentMethod PaymentMethod
	Paid          bool
	Status        BookingStatus
	CreatedAt     time.Time
	// AcceptedAt is when the seller accepted it (nil: never).
	AcceptedAt *time.Time
	// DeclineCode says why a declined booking was declined (declineCodes);
	// DeclineReason is the seller's words, if any.
	DeclineCode   string
	DeclineReason string
	// HandoverNonce makes the hand-over code (auth.HandoverCodes) of an
	// accepted or paid booking; nil before it is accepted.
	HandoverNonce []byte
	// HandoverLockedUntil: too many wrong codes; none taken until then.
	HandoverLockedUntil *time.Time
}

func bookingFrom(b dbsqlc.Booking) Booking {
	out := Booking{
		ID: b.ID, ProductID: b.ProductID, SellerID: b.SellerID, BuyerID: b.BuyerID, BuyerName: b.BuyerName, BuyerEmail: b.BuyerEmail,
		ProductName: b.ProductName, Price: b.Price, Phone: b.Phone, MeetLocation: b.MeetLocation, Paid: b.PaidAt != nil,
		PaymentMethod: PaymentMethod(b.PaymentMethod), Status: BookingStatus(b.Status), CreatedAt: b.CreatedAt, AcceptedAt: b.AcceptedAt, DeclineReason: b.DeclineReason,
		HandoverNonce: b.HandoverNonce, HandoverLockedUntil: b.HandoverLockedUntil,
	}
	if b.PaymentIntentID != nil {
		out.PaymentIntentID = *b.PaymentIntentID
	}
	if b.DeclineCode != nil {
		out.DeclineCode = *b.DeclineCode
	}
	return out
}

// BookingView is a booking with its product as it is now.
type BookingView struct {
	Booking
	ProductPicture  string
	ProductSold     bool
	ProductDeleted  bool
	ProductReserved bool
}

func bookingView(b dbsqlc.Booking, picture string, soldAt, deletedAt *time.Time, reservedBy *int64) BookingView {
	return BookingView{Booking: bookingFrom(b), ProductPicture: picture, ProductSold: soldAt != nil,
		ProductDeleted: deletedAt != nil, ProductReserved: reservedBy != nil}
}

// NewBooking is a booking request; name, email, product name and price
// come from the buyer's account and the product, never from the request.
type NewBooking struct {
	ProductID    int64
	Buyer        User
	Phone        string
	MeetLocation string
	// Method is how the buyer means to pay (empty: cash); the caller
	// checks it is one the shop offers.
	Method PaymentMethod
}

// CreateBooking books a live, unsold, unreserved product that is not the
// buyer's own, at its price or at the buyer's accepted offer while that
// holds: ErrNotFound, ErrSold, ErrReserved, ErrExpired, ErrOwnProduct or
// ErrAlreadyBooked otherwise, ErrBlocked or ErrYouBlocked when the seller
// blocked the buyer or the buyer the seller, and a ThrottledError past
// BookingsPerWindow.
func (s *Store) CreateBooking(ctx context.Context, n NewBooking) (Booking, error) {
	var out Booking
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		if err := checkBookingBudget(ctx, q, n.Buyer.ID); err != nil {
			return err
		}
		p, err := q.LockProductForBooking(ctx, n.ProductID)
		if err != nil {
			return err
		}
		switch {
		case p.SellerID == n.Buyer.ID:
			return ErrOwnProduct
		case p.SoldAt != nil:
			return ErrSold
		case p.ReservedBy != nil:
			return ErrReserved
		case p.ExpiredAt != nil:
			return ErrExpired
		}
		// as for messages (checkBlocks): a block committed before this
		// statement refuses the booking, and the booking and its
		// notification commit together or not at all
		if err := checkBlocks(ctx, q, n.Buyer.ID, p.SellerID); err != nil {
			return err
		}
		// the seller's accepted offer to this buyer, while it holds, is
		// the price (read under the product's lock, which an accept takes)
		price, err := offerPrice(ctx, q, p.ID, n.Buyer.ID, p.SellPrice)
		if err != nil {
			return err
		}
		b, err := q.CreateBooking(ctx, dbsqlc.CreateBookingParams{
			ProductID: p.ID, SellerID: p.SellerID, BuyerID: n.Buyer.ID, BuyerName: n.Buyer.Name, BuyerEmail: n.Buyer.Email,
			ProductName: p.ProductName, Price: price, Phone: n.Phone, MeetLocation: n.MeetLocation,
			PaymentMethod: string(cmp.Or(n.Method, PayCash)),
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
		return note(bn.received(p.ID))
	})
	return out, err
}

// GetBooking returns a booking its buyer still has (not cancelled).
func (s *Store) GetBooking(ctx context.Context, id int64) (Booking, error) {
	b, err := s.q.GetBooking(ctx, id)
	if err != nil {
		return Booking{}, translate(err)
	}
	return bookingFrom(b), nil
}

// GetBookingView returns a booking its buyer still has, with its product.
func (s *Store) GetBookingView(ctx context.Context, id int64) (BookingView, error) {
	r, err := s.q.GetBookingView(ctx, id)
	if err != nil {
		return BookingView{}, translate(err)
	}
	return bookingView(r.Booking, r.ProductPicture, r.ProductSoldAt, r.ProductDeletedAt, r.ProductReservedBy), nil
}

// ListBookedProductIDs is the products buyerID has an open booking of
// (pending, accepted or paid), all of them whatever page of the buyer's
// bookings each is on.
func (s *Store) ListBookedProductIDs(ctx context.Context, buyerID int64) ([]int64, error) {
	ids, err := s.q.ListBookedProductIDs(ctx, buyerID)
	if err != nil {
		return nil, translate(err)
	}
	return ids, nil
}

// ListBuyerBookings returns a page of a buyer's bookings (not the
// cancelled ones), newest first, and where the next page starts (0: none).
func (s *Store) ListBuyerBookings(ctx context.Context, buyerID int64, page Page) ([]BookingView, int64, error) {
	rows, err := s.custom.ListBuyerBookings(ctx, dbsqlc.ListBuyerBookingsParams{BuyerID: buyerID, BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ListBuyerBookingsRow) int64 { return r.Booking.ID })
	out := make([]BookingView, 0, len(rows))
	for _, r := range rows {
		out = append(out, bookingView(r.Booking, r.ProductPicture, r.ProductSoldAt, r.ProductDeletedAt, r.ProductReservedBy))
	}
	return out, next, nil
}

// ListLeads returns a page of the bookings of a seller's products (every
// booking when sellerID is 0, for admins), newest first, cancelled ones
// included, and where the next page starts (0: none).
func (s *Store) ListLeads(ctx context.Context, sellerID int64, page Page) ([]BookingView, int64, error) {
	var out []BookingView
	if sellerID == 0 {
		rows, err := s.q.ListAllLeads(ctx, dbsqlc.ListAllLeadsParams{BeforeID: page.from(), PageSize: page.size()})
		if err != nil {
			return nil, 0, translate(err)
		}
		for _, r := range rows {
			out = append(out, bookingView(r.Booking, r.ProductPicture, r.ProductSoldAt, r.ProductDeletedAt, r.ProductReservedBy))
		}
	} else {
		rows, err := s.q.ListSellerLeads(ctx, dbsqlc.ListSellerLeadsParams{SellerID: sellerID, BeforeID: page.from(), PageSize: page.size()})
		if err != nil {
			return nil, 0, translate(err)
		}
		for _, r := range rows {
			out = append(out, bookingView(r.Booking, r.ProductPicture, r.ProductSoldAt, r.ProductDeletedAt, r.ProductReservedBy))
		}
	}
	out, next := cut(page, out, func(b BookingView) int64 { return b.ID })
	if out == nil {
		out = []BookingView{}
	}
	return out, next, nil
}

// CountPendingLeads counts the bookings waiting for a seller's answer
// (every seller's when sellerID is 0).
func (s *Store) CountPendingLeads(ctx context.Context, sellerID int64) (int64, error) {
	var n int64
	var err error
	if sellerID == 0 {
		n, err = s.q.CountAllPendingLeads(ctx)
	} else {
		n, err = s.q.CountSellerPendingLeads(ctx, sellerID)
	}
	return n, translate(err)
}

// CancelBooking is the buyer deleting their own booking: ErrNotFound if it
// is not theirs, ErrAlreadyPaid if it is paid, a TransitionError when its
// status does not allow it. An accepted booking's reservation ends.
func (s *Store) CancelBooking(ctx context.Context, id, buyerID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, _, err := lockBooking(ctx, q, id)
		if err != nil {
			return err
		}
		if b.BuyerID != buyerID || b.Status == string(BookingCancelled) {
			return ErrNotFound
		}
		if b.PaidAt != nil {
			return ErrAlreadyPaid
		}
		if _, err := move(ctx, q, b, EventCancel, ""); err != nil {
			return err
		}
		bn, err := s.bookingNotices(ctx, q, id)
		if err != nil {
			return err
		}
		return note(bn.cancelled())
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

// lockBooking locks a booking's product, then the booking: every change of
// a booking takes its locks in this order, so two never wait on each other
// in a circle, and a change of one booking of a product sees every other
// change of that product's bookings before or after it, never beside it.
func lockBooking(ctx context.Context, q *dbsqlc.Queries, id int64) (dbsqlc.Booking, dbsqlc.LockProductAnyStateRow, error) {
	productID, err := q.GetBookingProductID(ctx, id)
	if err != nil {
		return dbsqlc.Booking{}, dbsqlc.LockProductAnyStateRow{}, err
	}
	p, err := q.LockProductAnyState(ctx, productID)
	if err != nil {
		return dbsqlc.Booking{}, dbsqlc.LockProductAnyStateRow{}, err
	}
	b, err := q.LockBooking(ctx, id)
	return b, p, err
}

// move applies event to a locked booking as the state table says, writes
// its new status, and keeps the product's reservation in step: accepting
// reserves the laptop for the booking, leaving accepted ends that.
// reason is the seller's words when the event declines it.
func move(ctx context.Context, q *dbsqlc.Queries, b dbsqlc.Booking, event BookingEvent, reason string) (dbsqlc.Booking, error) {
	to, err := nextStatus(BookingStatus(b.Status), event)
	if err != nil {
		return b, err
	}
	params := dbsqlc.SetBookingStatusParams{ID: b.ID, Status: string(to)}
	switch to {
	case BookingDeclined:
		code := declineCodes[event]
		params.DeclineCode, params.DeclineReason = &code, reason
	case BookingAccepted, BookingPaid: // kept if it has one (SetBookingStatus)
		if params.HandoverNonce, err = newNonce(); err != nil {
			return b, err
		}
	}
	out, err := q.SetBookingStatus(ctx, params)
	if err != nil {
		return b, err
	}
	switch {
	case to == BookingAccepted:
		err = q.SetProductReservedBy(ctx, dbsqlc.SetProductReservedByParams{ID: b.ProductID, BookingID: &b.ID})
	case b.Status == string(BookingAccepted):
		err = q.SetProductReservedBy(ctx, dbsqlc.SetProductReservedByParams{ID: b.ProductID})
	}
	return out, err
}

// statusesAllowing lists the statuses from which event is allowed.
func statusesAllowing(event BookingEvent) []string {
	var out []string
	for from, row := range bookingTransitions {
		if _, ok := row[event]; ok {
			out = append(out, string(from))
		}
	}
	return out
}

// closeOthers applies event (EventReserved or EventSold) to every other
// booking of the locked product it applies to, and tells their buyers.
func (s *Store) closeOthers(ctx context.Context, q *dbsqlc.Queries, note noter, productID, exceptID int64, event BookingEvent) error {
	others, err := q.LockOpenBookingsOf(ctx, dbsqlc.LockOpenBookingsOfParams{ProductID: productID, ExceptID: exceptID, Statuses: statusesAllowing(event)})
	if err != nil {
		return err
	}
	for _, o := range others {
		if _, err := move(ctx, q, o, event, ""); err != nil {
			return err
		}
		bn, err := s.bookingNotices(ctx, q, o.ID)
		if err != nil {
			return err
		}
		n := bn.soldElsewhere(o.BuyerID)
		if event == EventReserved {
			n = bn.declined("", true)
		}
		if err := note(n); err != nil {
			return err
		}
	}
	return nil
}

// sellersBooking locks a booking of one of seller's products for a change
// by the seller: ErrNotFound for anyone else's.
func sellersBooking(ctx context.Context, q *dbsqlc.Queries, id, sellerID int64) (dbsqlc.Booking, dbsqlc.LockProductAnyStateRow, error) {
	b, p, err := lockBooking(ctx, q, id)
	if err != nil {
		return b, p, err
	}
	if p.SellerID != sellerID || p.DeletedAt != nil {
		return b, p, ErrNotFound
	}
	return b, p, nil
}

// AcceptBooking is the seller accepting a booking of their product: it
// reserves the laptop for that buyer, declines every other open booking
// of it and tells everyone. ErrSold when the laptop is sold, ErrReserved
// when another booking is accepted, a TransitionError when this one is not
// pending, ErrNotFound when it is not the seller's.
func (s *Store) AcceptBooking(ctx context.Context, id, sellerID int64) (BookingView, error) {
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, p, err := sellersBooking(ctx, q, id, sellerID)
		if err != nil {
			return err
		}
		if _, err := nextStatus(BookingStatus(b.Status), EventAccept); err != nil {
			return err
		}
		switch {
		case p.SoldAt != nil:
			return ErrSold
		case p.ReservedBy != nil:
			return ErrReserved
		}
		if _, err := move(ctx, q, b, EventAccept, ""); err != nil {
			return err
		}
		bn, err := s.bookingNotices(ctx, q, id)
		if err != nil {
			return err
		}
		if err := note(bn.accepted()); err != nil {
			return err
		}
		return s.closeOthers(ctx, q, note, p.ID, id, EventReserved)
	})
	if err != nil {
		return BookingView{}, err
	}
	return s.leadView(ctx, id)
}

// DeclineBooking is the seller declining a booking of their product, with
// their reason if they gave one; an accepted one's reservation ends.
func (s *Store) DeclineBooking(ctx context.Context, id, sellerID int64, reason string) (BookingView, error) {
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, _, err := sellersBooking(ctx, q, id, sellerID)
		if err != nil {
			return err
		}
		if _, err := move(ctx, q, b, EventDecline, reason); err != nil {
			return err
		}
		bn, err := s.bookingNotices(ctx, q, id)
		if err != nil {
			return err
		}
		return note(bn.declined(reason, false))
	})
	if err != nil {
		return BookingView{}, err
	}
	return s.leadView(ctx, id)
}

// ErrWrongCode: the hand-over code typed is not the booking's.
var ErrWrongCode = errors.New("wrong hand-over code")

// HandoverLockedError: too many wrong codes; the hand-over takes none
// until Until. It matches ErrHandoverLocked.
type HandoverLockedError struct{ Until time.Time }

// ErrHandoverLocked: too many wrong hand-over codes for the booking.
var ErrHandoverLocked = errors.New("too many wrong hand-over codes")

func (e *HandoverLockedError) Error() string {
	return "hand-over locked until " + e.Until.Format(time.RFC3339)
}

// Unwrap lets errors.Is match ErrHandoverLocked.
func (e *HandoverLockedError) Unwrap() error { return ErrHandoverLocked }

// HandoverWrongCodes is how many wrong codes lock a booking's hand-over
// (for an hour).
const HandoverWrongCodes = 5

// Handover completes the sale of an accepted or paid booking when right
// says the code the seller typed is the booking's (given its nonce): the
// booking completed, the laptop sold, both sides told, and so are those
// who saved it as a favourite. A wrong code is counted (and kept, though
// the answer is an error): ErrWrongCode, and a HandoverLockedError once
// HandoverWrongCodes wrong ones lock it.
func (s *Store) Handover(ctx context.Context, id, sellerID int64, right func(nonce []byte) bool) (BookingView, error) {
	var wrong bool
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, p, err := sellersBooking(ctx, q, id, sellerID)
		if err != nil {
			return err
		}
		if _, err := nextStatus(BookingStatus(b.Status), EventHandover); err != nil {
			return err
		}
		if b.HandoverLockedUntil != nil && b.HandoverLockedUntil.After(time.Now()) {
			return &HandoverLockedError{Until: *b.HandoverLockedUntil}
		}
		if !right(b.HandoverNonce) {
			// counted in this transaction, which commits: the error is
			// returned once it has
			if _, err := q.RecordHandoverFailure(ctx, id); err != nil {
				return err
			}
			wrong = true
			return nil
		}
		if _, err := move(ctx, q, b, EventHandover, ""); err != nil {
			return err
		}
		if b.PaidAt == nil { // paid at the hand-over: the ledger's cash sale
			if err := s.addSale(ctx, q, MethodCash, b.Price, b.ID, p.SellerID, 0); err != nil {
				return err
			}
		}
		if p.SoldAt == nil {
			if err := q.MarkProductSold(ctx, p.ID); err != nil {
				return err
			}
		}
		bn, err := s.bookingNotices(ctx, q, id)
		if err != nil {
			return err
		}
		if err := note(bn.handedOver(true)); err != nil {
			return err
		}
		if err := note(bn.handedOver(false)); err != nil {
			return err
		}
		// the buyer is asked to review the seller once per sale: a paid
		// booking was asked when its payment came
		if b.Status != string(BookingPaid) {
			if err := note(bn.reviewRequest()); err != nil {
				return err
			}
		}
		if p.SoldAt != nil {
			return nil // a paid booking: its payment sold it and told the favourites
		}
		return s.noteSoldToFavourites(ctx, q, note, p, map[int64]bool{b.BuyerID: true})
	})
	if err != nil {
		return BookingView{}, err
	}
	if wrong {
		return BookingView{}, ErrWrongCode
	}
	return s.leadView(ctx, id)
}

// ReleaseExpiredReservations releases every reservation older than maxAge
// that saw no hand-over, payment or decline: the booking declined (code
// expired), the laptop available to others again, both sides told. Safe to
// run on several instances at once: each booking is locked and its status
// checked again. It returns how many it released.
func (s *Store) ReleaseExpiredReservations(ctx context.Context, maxAge time.Duration) (int, error) {
	released := 0
	for {
		ids, err := s.q.ListExpiredReservations(ctx, maxAge.Seconds())
		if err != nil {
			return released, translate(err)
		}
		for _, id := range ids {
			err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
				b, _, err := lockBooking(ctx, q, id)
				if err != nil {
					return err
				}
				if b.Status != string(BookingAccepted) || b.AcceptedAt == nil || time.Since(*b.AcceptedAt) < maxAge {
					return errSkip // answered meanwhile
				}
				if _, err := move(ctx, q, b, EventRelease, ""); err != nil {
					return err
				}
				bn, err := s.bookingNotices(ctx, q, id)
				if err != nil {
					return err
				}
				if err := note(bn.released(true)); err != nil {
					return err
				}
				return note(bn.released(false))
			})
			switch {
			case err == nil:
				released++
			case !errors.Is(err, errSkip):
				return released, err
			}
		}
		if len(ids) < 100 {
			return released, nil
		}
	}
}

// errSkip rolls back a transaction that found nothing to do.
var errSkip = errors.New("nothing to do")

// leadView is a booking with its product, whatever its status.
func (s *Store) leadView(ctx context.Context, id int64) (BookingView, error) {
	r, err := s.q.GetLeadView(ctx, id)
	if err != nil {
		return BookingView{}, translate(err)
	}
	return bookingView(r.Booking, r.ProductPicture, r.ProductSoldAt, r.ProductDeletedAt, r.ProductReservedBy), nil
}

// newNonce is the random part of a hand-over code.
func newNonce() ([]byte, error) {
	b := make([]byte, 16)
	_, err := rand.Read(b)
	return b, err
}

// ErrNotSold: the product is not marked sold, so there is nothing to relist.
var ErrNotSold = errors.New("the product is not sold")

// ErrSoldInShop: the product was paid for or handed over through the
// shop; it cannot be listed again.
var ErrSoldInShop = errors.New("the product was sold through the shop")

// sellersProduct locks a live product of seller's: ErrNotFound for anyone
// else's.
func sellersProduct(ctx context.Context, q *dbsqlc.Queries, productID, sellerID int64) (dbsqlc.LockProductAnyStateRow, error) {
	p, err := q.LockProductAnyState(ctx, productID)
	if err != nil {
		return p, err
	}
	if p.SellerID != sellerID || p.DeletedAt != nil {
		return p, ErrNotFound
	}
	return p, nil
}

// ErrProductHeld: a booking holds the laptop for its buyer (accepted, or
// paid by card), so its seller can neither remove it nor mark it sold
// elsewhere until that booking is handed over or declined. A HeldError
// says which.
var ErrProductHeld = errors.New("a booking holds the product for its buyer")

// HeldError is ErrProductHeld for one booking: Paid when its buyer paid
// by card (only the hand-over, or an admin's removal that refunds the
// buyer, ends it), else accepted (the seller may decline it).
type HeldError struct{ Paid bool }

func (e *HeldError) Error() string { return ErrProductHeld.Error() }

// Unwrap lets errors.Is match ErrProductHeld.
func (e *HeldError) Unwrap() error { return ErrProductHeld }

// Message is the refusal in words for the seller.
func (e *HeldError) Message() string {
	if e.Paid {
		return "A buyer has paid for this laptop by card, so it cannot be removed or marked sold. Hand it over with the buyer's code from your leads; if the sale cannot happen, ask an admin to remove the listing, which refunds the buyer."
	}
	return "You accepted a booking of this laptop, so it cannot be removed or marked sold. Hand it over with the buyer's code, or decline that booking in your leads first."
}

// heldBookings locks the (locked) product's bookings that hold it for a
// buyer, accepted or paid, and says whether there are any as a HeldError
// (nil: none).
func heldBookings(ctx context.Context, q *dbsqlc.Queries, productID int64) ([]dbsqlc.Booking, *HeldError, error) {
	held, err := q.LockHeldBookingsOf(ctx, productID)
	if err != nil || len(held) == 0 {
		return held, nil, err
	}
	he := &HeldError{}
	for _, b := range held {
		he.Paid = he.Paid || b.Status == string(BookingPaid)
	}
	return held, he, nil
}

// MarkSoldOutside is the seller saying their laptop was sold outside the
// shop: it leaves the catalogue, its open bookings are declined and their
// buyers told, and so are those who saved it as a favourite. ErrSold when
// it is sold already; a HeldError while a booking is accepted or paid
// (checked under the product's lock, which a payment being recorded
// takes too).
func (s *Store) MarkSoldOutside(ctx context.Context, productID, sellerID int64) error {
	return s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		p, err := sellersProduct(ctx, q, productID, sellerID)
		if err != nil {
			return err
		}
		if _, held, err := heldBookings(ctx, q, productID); err != nil {
			return err
		} else if held != nil {
			return held
		}
		if p.SoldAt != nil {
			return ErrSold
		}
		if _, err := q.MarkProductSoldOutside(ctx, productID); err != nil {
			return err
		}
		told := map[int64]bool{}
		if err := s.closeOthers(ctx, q, remembering(note, told), productID, 0, EventSold); err != nil {
			return err
		}
		return s.noteSoldToFavourites(ctx, q, note, p, told)
	})
}

// Relist puts a laptop the seller marked sold back in the catalogue:
// ErrNotSold when it is not sold, ErrSoldInShop when it was paid for or
// handed over through the shop. It is listed for at least listingDays (0:
// ListingDays) from now.
func (s *Store) Relist(ctx context.Context, productID, sellerID int64, listingDays int) error {
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		p, err := sellersProduct(ctx, q, productID, sellerID)
		if err != nil {
			return err
		}
		if p.SoldAt == nil {
			return ErrNotSold
		}
		inShop, err := q.ProductSoldInShop(ctx, productID)
		if err != nil {
			return err
		}
		if inShop {
			return ErrSoldInShop
		}
		_, err = q.RelistProduct(ctx, dbsqlc.RelistProductParams{ID: productID, ListingDays: int32(cmp.Or(listingDays, ListingDays))})
		return err
	})
}
