package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// Ledger row kinds. A row's amount is whole Tk, signed by what it does to
// its seller's money (docs/payments.md, "The ledger"): payment +, refund
// -, commission - (+ when a refund gives it back), payout -, promotion +
// (the shop's revenue, outside any seller's balance).
const (
	LedgerPayment    = "payment"
	LedgerRefund     = "refund"
	LedgerCommission = "commission"
	LedgerPayout     = "payout"
	LedgerPromotion  = "promotion"
)

// Ledger methods the store writes itself; payouts name their own
// (PayoutMethods).
const (
	MethodCash = "cash"
	MethodCard = "card"
)

// PayoutMethods are the ways the shop pays a seller out.
var PayoutMethods = []string{"bkash", "nagad", "rocket", "bank", "cash"}

// Option sets up a Store (New).
type Option func(*Store)

// WithCommission makes the shop's share of every sale basisPoints
// hundredths of a percent of the price (COMMISSION_PERCENT 2.5 is 250).
func WithCommission(basisPoints int64) Option {
	return func(s *Store) { s.commissionBP = basisPoints }
}

// Commission is the shop's share of a payment of amount whole Tk at
// basisPoints hundredths of a percent, rounded half up to the whole Tk.
func Commission(amount, basisPoints int64) int64 {
	return (amount*basisPoints + 5000) / 10000
}

// LedgerEntry is one row of the ledger.
type LedgerEntry struct {
	ID         int64
	Kind       string
	Amount     int64
	Method     string
	Reversal   bool
	BookingID  int64 // 0: none
	SellerID   int64 // 0: none (a payment that never paid its booking)
	SellerName string
	PaymentID  int64 // 0: none
	Reference  string
	CreatedAt  time.Time
}

// Balance is a seller's money in the ledger, in whole Tk.
type Balance struct {
	// Earned: the seller's sales less their refunds and commission.
	Earned int64
	// PaidOut: what the shop paid the seller out.
	PaidOut int64
	// Owed: what the shop holds for the seller (online payments less
	// their refunds, every commission and the payouts); negative when the
	// seller owes the shop commission on cash sales.
	Owed int64
}

// OverOwedError refuses a payout larger than what the shop owes.
type OverOwedError struct{ Owed int64 }

func (e *OverOwedError) Error() string { return "payout more than owed" }

// Is makes it match ErrConflict.
func (e *OverOwedError) Is(target error) bool { return target == ErrConflict }

func derefID(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// addSale writes a sale's rows to the ledger in the caller's transaction:
// the payment (of sellerID, or of no seller: 0) and the shop's commission
// on it. paymentID 0 is a sale with no payment record (cash at the
// hand-over). Exactly once: the ledger's unique indexes keep a second
// call from writing anything.
func (s *Store) addSale(ctx context.Context, q *dbsqlc.Queries, method string, amount, bookingID, sellerID, paymentID int64) error {
	row := dbsqlc.AddLedgerRowParams{Kind: LedgerPayment, Amount: amount, Method: method, BookingID: &bookingID}
	if paymentID != 0 {
		row.PaymentID = &paymentID
	}
	if sellerID != 0 {
		row.SellerID = &sellerID
	}
	if n, err := q.AddLedgerRow(ctx, row); err != nil || n == 0 || sellerID == 0 {
		return err
	}
	if c := Commission(amount, s.commissionBP); c > 0 {
		row.Kind, row.Amount = LedgerCommission, -c
		_, err := q.AddLedgerRow(ctx, row)
		return err
	}
	return nil
}

// addRefund writes, in the caller's transaction, the rows that reverse a
// refunded payment's: a refund of its payment row and its commission
// given back.
func addRefund(ctx context.Context, q *dbsqlc.Queries, paymentID int64) error {
	rows, err := q.ListLedgerOfPayment(ctx, &paymentID)
	if err != nil {
		return err
	}
	for _, r := range rows {
		back := dbsqlc.AddLedgerRowParams{Kind: LedgerRefund, Amount: -r.Amount, Method: r.Method,
			BookingID: r.BookingID, SellerID: r.SellerID, PaymentID: r.PaymentID}
		if r.Kind == LedgerCommission {
			back.Kind, back.Reversal = LedgerCommission, true
		}
		if _, err := q.AddLedgerRow(ctx, back); err != nil {
			return err
		}
	}
	return nil
}

// Payout is money the shop paid out to a seller.
type Payout struct {
	SellerID  int64
	Amount    int64 // whole Tk, positive
	Method    string
	Reference string
	AdminID   int64
}

// RecordPayout writes a payout to the ledger, only if it is no more than
// what the shop owes the seller: decided under the seller's lock, so two
// payouts that together exceed it cannot both pass. ErrNotFound when
// there is no such seller; *OverOwedError when it is too much.
func (s *Store) RecordPayout(ctx context.Context, p Payout) (LedgerEntry, error) {
	var out LedgerEntry
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		u, err := q.LockSellerForPayout(ctx, p.SellerID)
		if err != nil {
			return err
		}
		if u.Role != RoleSeller {
			return ErrNotFound
		}
		b, err := q.GetSellerBalance(ctx, &p.SellerID)
		if err != nil {
			return err
		}
		if p.Amount > b.Owed {
			return &OverOwedError{Owed: b.Owed}
		}
		r, err := q.AddPayout(ctx, dbsqlc.AddPayoutParams{Amount: p.Amount, Method: p.Method,
			SellerID: &p.SellerID, Reference: p.Reference, CreatedBy: &p.AdminID})
		if err != nil {
			return err
		}
		out = ledgerEntryFrom(r, u.UserName)
		return audit(ctx, q, p.AdminID, AuditPayoutRecorded, TargetUser, p.SellerID, u.UserName,
			map[string]any{"amount": p.Amount, "method": p.Method, "reference": p.Reference})
	})
	var over *OverOwedError
	if errors.As(err, &over) {
		return LedgerEntry{}, err
	}
	return out, translate(err)
}

// SellerBalanceAsAdmin is a seller's balance as an admin reads it:
// ErrNotFound when the account is not a seller's.
func (s *Store) SellerBalanceAsAdmin(ctx context.Context, sellerID int64) (Balance, error) {
	u, err := s.GetUser(ctx, sellerID)
	if err != nil {
		return Balance{}, err
	}
	if u.Role != RoleSeller {
		return Balance{}, ErrNotFound
	}
	return s.SellerBalance(ctx, sellerID)
}

// SellerBalance is a seller's earned, paid out and owed.
func (s *Store) SellerBalance(ctx context.Context, sellerID int64) (Balance, error) {
	b, err := s.q.GetSellerBalance(ctx, &sellerID)
	if err != nil {
		return Balance{}, translate(err)
	}
	return Balance{Earned: b.Earned, PaidOut: b.PaidOut, Owed: b.Owed}, nil
}

// ListLedger returns a page of the ledger, newest first, of one seller
// (sellerID 0: everyone), and where the next page starts (0: none).
func (s *Store) ListLedger(ctx context.Context, sellerID int64, page Page) ([]LedgerEntry, int64, error) {
	params := dbsqlc.ListLedgerParams{BeforeID: page.from(), PageSize: page.size()}
	if sellerID != 0 {
		params.SellerID = &sellerID
	}
	rows, err := s.custom.ListLedger(ctx, params)
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ListLedgerRow) int64 { return r.ID })
	out := make([]LedgerEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, ledgerEntryFrom(dbsqlc.Ledger{ID: r.ID, Kind: r.Kind, Amount: r.Amount, Method: r.Method,
			Reversal: r.Reversal, BookingID: r.BookingID, SellerID: r.SellerID, PaymentID: r.PaymentID,
			Reference: r.Reference, CreatedAt: r.CreatedAt}, r.SellerName))
	}
	return out, next, nil
}

func ledgerEntryFrom(r dbsqlc.Ledger, sellerName string) LedgerEntry {
	return LedgerEntry{ID: r.ID, Kind: r.Kind, Amount: r.Amount, Method: r.Method, Reversal: r.Reversal,
		BookingID: derefID(r.BookingID), SellerID: derefID(r.SellerID), SellerName: sellerName,
		PaymentID: derefID(r.PaymentID), Reference: r.Reference, CreatedAt: r.CreatedAt}
}
