package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// Payment statuses.
const (
	PaymentSucceeded      = "succeeded"
	PaymentRefundRequired = "refund_required"
	PaymentRefunded       = "refunded"
)

// Payment is money received for a booking.
type Payment struct {
	ID            int64
	BookingID     int64
	ProductID     int64
	BuyerID       int64
	BuyerEmail    string
	Price         int64
	Amount        int64
	Currency      string
	TransactionID string
	Status        string
	// Stale (not stored) is set by RecordPayment on a payment kept for
	// refund because it does not pay its booking as the booking is now:
	// a PaymentIntent the booking no longer uses (its price changed, or
	// it was already paid), or an amount that is not its price. A payment
	// kept for refund that is not stale came after the laptop went to
	// someone else (or the booking ended).
	Stale bool
}

func paymentFrom(p dbsqlc.Payment) Payment {
	return Payment{ID: p.ID, BookingID: p.BookingID, ProductID: p.ProductID, BuyerID: p.BuyerID, BuyerEmail: p.BuyerEmail,
		Price: p.Price, Amount: p.Amount, Currency: p.Currency, TransactionID: p.TransactionID, Status: p.Status}
}

// SetBookingPaymentIntent attaches a PaymentIntent made for price to a
// booking in place of old (empty: none), retiring old. ErrConflict when
// the booking no longer has old, no longer has that price, or can no
// longer be paid: the caller reads it again to say which.
func (s *Store) SetBookingPaymentIntent(ctx context.Context, bookingID int64, old, id string, price int64, method PaymentMethod) error {
	n, err := s.q.SetBookingPaymentIntent(ctx, dbsqlc.SetBookingPaymentIntentParams{ID: bookingID, NewID: &id, OldID: optional(old), Price: price, Method: string(method)})
	if err != nil {
		return translate(err)
	}
	if n == 0 {
		return ErrConflict
	}
	return nil
}

// repriceBooking gives a locked booking a new price. Its PaymentIntent,
// made for the old price and maybe still open in the buyer's tab, is
// retired in the same statement; the retired id ("" for none) is for the
// caller to cancel at Stripe once the transaction commits. Every change of
// a booking's price goes through here.
func repriceBooking(ctx context.Context, q *dbsqlc.Queries, bookingID, price int64) (string, error) {
	retired, err := q.RepriceBooking(ctx, dbsqlc.RepriceBookingParams{ID: bookingID, Price: price})
	if err != nil || retired == nil {
		return "", err
	}
	return *retired, nil
}

// RetiredIntent is a PaymentIntent a booking no longer uses (its price
// changed, or another replaced it) that Stripe has not yet said is
// cancelled and whose payment is not recorded.
type RetiredIntent struct {
	ID      string
	Booking Booking
	// RetiredAt is when the booking gave it up.
	RetiredAt time.Time
}

// ListUnsettledRetiredIntents returns retired PaymentIntents still to be
// settled, oldest first: reconciliation cancels them at Stripe, or records
// (for refund) the ones that were paid.
func (s *Store) ListUnsettledRetiredIntents(ctx context.Context) ([]RetiredIntent, error) {
	rows, err := s.q.ListUnsettledRetiredIntents(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]RetiredIntent, 0, len(rows))
	for _, r := range rows {
		out = append(out, RetiredIntent{ID: r.RetiredID, Booking: bookingFrom(r.Booking), RetiredAt: r.RetiredAt})
	}
	return out, nil
}

// SettleRetiredIntent notes that Stripe said a retired PaymentIntent is
// cancelled (it can no longer take money).
func (s *Store) SettleRetiredIntent(ctx context.Context, id string) error {
	return translate(s.q.SettleRetiredIntent(ctx, id))
}

// PaymentRecord is a payment the card provider confirmed as succeeded for
// the booking (its PaymentIntent names it).
type PaymentRecord struct {
	BookingID     int64
	TransactionID string
	// Amount and Currency are what was charged, in the provider's units.
	Amount   int64
	Currency string
	// ForPrice is the booking price in whole Tk that Amount pays in the
	// shop's currency; 0 when it pays none (another currency, a fraction).
	ForPrice int64
	// Method is how it was paid, as the ledger names it ("sslcommerz",
	// "bkash"...); empty is a card through Stripe ("card").
	Method string
}

// RecordPayment stores a succeeded payment exactly once, however many
// times and from however many paths (the buyer's browser, the webhook, the
// reconciliation, a retry) it arrives. The first time, in one transaction
// under the booking's lock, the booking becomes paid and the product sold,
// but only if the payment pays the booking as it is now: its current
// PaymentIntent, for its current price, the booking unpaid and payable,
// the product live and unsold. Any other payment is kept with status
// refund_required (never dropped: the money came), and both sides are
// told. It reports whether this call stored it; ErrConflict when the
// PaymentIntent was recorded for another booking.
func (s *Store) RecordPayment(ctx context.Context, r PaymentRecord) (Payment, bool, error) {
	var out Payment
	created := false
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		b, product, err := lockBooking(ctx, q, r.BookingID)
		if err != nil {
			return err
		}
		// the money came: kept whatever happened meanwhile, and refunded
		// when the laptop can no longer be this buyer's (sold, deleted,
		// the booking cancelled, declined or handed over for cash) or the
		// payment is not the booking's as it is now (stale)
		_, payable := nextStatus(BookingStatus(b.Status), EventPay)
		gone := product.SoldAt != nil || product.DeletedAt != nil || payable != nil
		current := b.PaymentIntentID != nil && *b.PaymentIntentID == r.TransactionID
		stale := !current || r.ForPrice != b.Price || b.PaidAt != nil
		// checked under the booking's lock, so concurrent calls for this
		// booking see each other's work
		if p, err := q.GetPaymentByTransaction(ctx, r.TransactionID); err == nil {
			if p.BookingID != r.BookingID {
				return ErrConflict
			}
			out = paymentFrom(p)
			out.Stale = p.Status != PaymentSucceeded && stale && !gone
			// retired after it was recorded (a PaymentIntent for the
			// price replaced it): settled too
			return q.SettleRetiredIntent(ctx, r.TransactionID)
		} else if !errors.Is(translate(err), ErrNotFound) {
			return err
		}
		status := PaymentSucceeded
		if gone || stale {
			status = PaymentRefundRequired
		}
		price := b.Price
		if r.ForPrice > 0 {
			price = r.ForPrice // what the buyer agreed to when it was made
		}
		p, err := q.CreatePayment(ctx, dbsqlc.CreatePaymentParams{
			BookingID: b.ID, ProductID: b.ProductID, BuyerID: b.BuyerID, BuyerEmail: b.BuyerEmail,
			Price: price, Amount: r.Amount, Currency: r.Currency, TransactionID: r.TransactionID, Status: status,
		})
		if err != nil {
			return err
		}
		out, created = paymentFrom(p), true
		out.Stale = status != PaymentSucceeded && !gone
		// the ledger: money received, the seller's only when it pays
		// the booking (a payment kept for refund never was)
		var seller int64
		if status == PaymentSucceeded {
			seller = product.SellerID
		}
		method := r.Method
		if method == "" {
			method = MethodCard
		}
		if err := s.addSale(ctx, q, method, p.Price, b.ID, seller, p.ID); err != nil {
			return err
		}
		// a retired PaymentIntent is settled once its payment is recorded
		if err := q.SettleRetiredIntent(ctx, r.TransactionID); err != nil {
			return err
		}
		// told once: only the call that recorded the payment gets here
		bn, err := s.bookingNotices(ctx, q, b.ID)
		if err != nil {
			return err
		}
		switch {
		case gone:
			return bn.paid(note, false, b.Status == string(BookingCompleted), r.Amount, r.Currency, r.Method == string(PaySSLCommerz))
		case stale:
			return bn.staleRefund(note, r.Amount, r.Currency, r.Method == string(PaySSLCommerz))
		}
		return s.sellByPayment(ctx, q, note, bn, b, product, r)
	})
	return out, created, err
}

// sellByPayment is a payment that pays its locked booking: the booking
// paid, the laptop sold, its other bookings closed, and everyone told.
func (s *Store) sellByPayment(ctx context.Context, q *dbsqlc.Queries, note noter, bn bookingNotices, b dbsqlc.Booking, product dbsqlc.LockProductAnyStateRow, r PaymentRecord) error {
	if _, err := move(ctx, q, b, EventPay, ""); err != nil {
		return err
	}
	if err := q.MarkProductSold(ctx, b.ProductID); err != nil {
		return err
	}
	told := map[int64]bool{}
	if err := bn.paid(remembering(note, told), true, false, r.Amount, r.Currency, r.Method == string(PaySSLCommerz)); err != nil {
		return err
	}
	if err := note(bn.reviewRequest()); err != nil {
		return err
	}
	if err := s.closeOthers(ctx, q, remembering(note, told), b.ProductID, b.ID, EventSold); err != nil {
		return err
	}
	return s.noteSoldToFavourites(ctx, q, note, product, told)
}

// RecordStripeEvent notes a webhook event as handled; false if it was
// handled before.
func (s *Store) RecordStripeEvent(ctx context.Context, id, typ string) (bool, error) {
	n, err := s.q.RecordStripeEvent(ctx, dbsqlc.RecordStripeEventParams{EventID: id, Type: typ})
	return n == 1, translate(err)
}

// PaymentEntry is a payment with what the booking says it was for.
type PaymentEntry struct {
	Payment
	ProductName string
	BuyerName   string
	CreatedAt   time.Time
}

// ListPayments returns a page of every payment ever recorded, newest
// first, and where the next page starts (0: none).
func (s *Store) ListPayments(ctx context.Context, page Page) ([]PaymentEntry, int64, error) {
	rows, err := s.custom.ListPayments(ctx, dbsqlc.ListPaymentsParams{BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ListPaymentsRow) int64 { return r.ID })
	out := make([]PaymentEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, PaymentEntry{
			Payment: Payment{ID: r.ID, BookingID: r.BookingID, ProductID: r.ProductID, BuyerID: r.BuyerID, BuyerEmail: r.BuyerEmail,
				Price: r.Price, Amount: r.Amount, Currency: r.Currency, TransactionID: r.TransactionID, Status: r.Status},
			ProductName: r.ProductName, BuyerName: r.BuyerName, CreatedAt: r.CreatedAt,
		})
	}
	return out, next, nil
}

// ListUnsettledBookings returns up to limit bookings after the booking
// id afterID with a payment attempt older than minAge and no payment
// recorded: candidates for reconciliation, by booking id.
func (s *Store) ListUnsettledBookings(ctx context.Context, minAge time.Duration, afterID int64, limit int) ([]Booking, error) {
	rows, err := s.q.ListUnsettledBookings(ctx, dbsqlc.ListUnsettledBookingsParams{
		AfterID: afterID, MinAgeSeconds: int32(minAge / time.Second), PageSize: int32(limit)})
	if err != nil {
		return nil, translate(err)
	}
	out := make([]Booking, 0, len(rows))
	for _, r := range rows {
		out = append(out, bookingFrom(r))
	}
	return out, nil
}

// ListPaymentsToRefund returns payments kept for refund.
func (s *Store) ListPaymentsToRefund(ctx context.Context) ([]Payment, error) {
	rows, err := s.q.ListPaymentsToRefund(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]Payment, 0, len(rows))
	for _, r := range rows {
		out = append(out, paymentFrom(r))
	}
	return out, nil
}

// MarkPaymentRefunded records that a payment's money went back, and in
// the same transaction the ledger rows that reverse it (once: only the
// call that marks it writes them).
func (s *Store) MarkPaymentRefunded(ctx context.Context, id int64) error {
	return translate(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		n, err := q.MarkPaymentRefunded(ctx, id)
		if err != nil || n == 0 {
			return err
		}
		return addRefund(ctx, q, id)
	}))
}

// Exclusive runs fn only if no other instance of the program is running
// the job called name right now (a PostgreSQL session advisory lock), and
// reports whether it ran. fn may make network calls: no transaction is open.
// The lock is held on a direct connection (WithDirect): through a pooler in
// transaction mode it would stay on a server connection others then use.
func (s *Store) Exclusive(ctx context.Context, name string, fn func(context.Context) error) (bool, error) {
	conn, err := s.direct.Acquire(ctx)
	if err != nil {
		return false, translate(err)
	}
	defer conn.Release()
	var got bool
	if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock(hashtext($1))", name).Scan(&got); err != nil {
		return false, translate(err)
	}
	if !got {
		return false, nil
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext($1))", name) //nolint:errcheck
	return true, fn(ctx)
}
