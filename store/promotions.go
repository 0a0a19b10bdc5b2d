package store

import (
	"context"
	"errors"
	"time"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// Promotion statuses.
const (
	PromotionPending        = "pending"
	PromotionPaid           = "paid"
	PromotionFailed         = "failed"
	PromotionRefundRequired = "refund_required"
	PromotionRefunded       = "refunded"
)

// ErrAdvertised: the product is advertised already; a promotion is not
// started for it.
var ErrAdvertised = errors.New("the product is advertised already")

// Promotion is a seller's paid advertisement of a laptop (ADVERTISE_PRICE):
// one attempt to pay the shop for Urgent Sell.
type Promotion struct {
	ID        int64
	ProductID int64
	SellerID  int64
	// Amount is the price asked, in whole Tk; Days how long it advertises.
	Amount int64
	Days   int
	Method string
	// TransactionID is the provider's attempt ("" until it was made).
	TransactionID string
	Status        string
	// PaidAmount is what the provider took, in the currency's minor unit
	// (0 until it was paid).
	PaidAmount int64
	Currency   string
	CreatedAt  time.Time
	PaidAt     *time.Time
}

func promotionFrom(p dbsqlc.Promotion) Promotion {
	out := Promotion{ID: p.ID, ProductID: p.ProductID, SellerID: p.SellerID, Amount: p.Amount, Days: int(p.Days), Method: p.Method,
		Status: p.Status, CreatedAt: p.CreatedAt, PaidAt: p.PaidAt}
	if p.TransactionID != nil {
		out.TransactionID = *p.TransactionID
	}
	if p.PaidAmount != nil {
		out.PaidAmount = *p.PaidAmount
	}
	if p.Currency != nil {
		out.Currency = *p.Currency
	}
	return out
}

// PromotionStart is a seller asking to pay for an advertisement.
type PromotionStart struct {
	ProductID, SellerID int64
	Amount              int64 // whole Tk
	Days, Limit         int
	Method              string
}

// StartPromotion records a seller's attempt to pay for advertising their
// product, at the price and for the days given, after the same checks as
// AdvertiseProduct under the seller's and the product's locks: ErrNotFound
// (not theirs, or gone), ErrSold, ErrExpired, ErrAdvertised (running
// already) or ErrAdvertiseLimit.
func (s *Store) StartPromotion(ctx context.Context, r PromotionStart) (Promotion, error) {
	var out Promotion
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		if err := q.LockSellerForAds(ctx, r.SellerID); err != nil {
			return err
		}
		p, err := q.LockProductForPromotion(ctx, r.ProductID)
		if err != nil {
			return err
		}
		switch {
		case p.SellerID != r.SellerID || p.DeletedAt != nil:
			return ErrNotFound
		case p.SoldAt != nil:
			return ErrSold
		case p.ExpiredAt != nil:
			return ErrExpired
		case p.AdvertisedUntil != nil && p.AdvertisedUntil.After(time.Now()):
			return ErrAdvertised
		}
		running, err := q.CountCurrentAds(ctx, r.SellerID)
		if err != nil {
			return err
		}
		if running >= int64(r.Limit) {
			return ErrAdvertiseLimit
		}
		row, err := q.CreatePromotion(ctx, dbsqlc.CreatePromotionParams{ProductID: r.ProductID, SellerID: r.SellerID,
			Amount: r.Amount, Days: int32(r.Days), Method: r.Method})
		out = promotionFrom(row)
		return err
	})
	return out, translate(err)
}

// SetPromotionTransaction notes the provider's attempt of a promotion
// that has none yet; ErrConflict otherwise.
func (s *Store) SetPromotionTransaction(ctx context.Context, id int64, transactionID string) error {
	n, err := s.q.SetPromotionTransaction(ctx, dbsqlc.SetPromotionTransactionParams{ID: id, TransactionID: &transactionID})
	if err != nil {
		return translate(err)
	}
	if n == 0 {
		return ErrConflict
	}
	return nil
}

// GetPromotion reads a promotion.
func (s *Store) GetPromotion(ctx context.Context, id int64) (Promotion, error) {
	p, err := s.q.GetPromotion(ctx, id)
	return promotionFrom(p), translate(err)
}

// LatestPromotion is the newest promotion of a product.
func (s *Store) LatestPromotion(ctx context.Context, productID int64) (Promotion, error) {
	p, err := s.q.GetLatestPromotion(ctx, productID)
	return promotionFrom(p), translate(err)
}

// FailPromotion notes that a pending promotion's attempt can never take
// money (its provider says so).
func (s *Store) FailPromotion(ctx context.Context, id int64) error {
	_, err := s.q.FailPromotion(ctx, id)
	return translate(err)
}

// ListQuietPromotions returns pending attempts older than minAge (and
// younger than three days) that nothing confirmed: the reconciliation
// asks their providers.
func (s *Store) ListQuietPromotions(ctx context.Context, minAge time.Duration) ([]Promotion, error) {
	rows, err := s.q.ListQuietPromotions(ctx, int32(minAge/time.Second))
	return promotionsFrom(rows), translate(err)
}

// ListPromotionsToRefund returns the promotions kept for refund.
func (s *Store) ListPromotionsToRefund(ctx context.Context) ([]Promotion, error) {
	rows, err := s.q.ListPromotionsToRefund(ctx)
	return promotionsFrom(rows), translate(err)
}

func promotionsFrom(rows []dbsqlc.Promotion) []Promotion {
	out := make([]Promotion, 0, len(rows))
	for _, r := range rows {
		out = append(out, promotionFrom(r))
	}
	return out
}

// PromotionPayment is a payment a provider confirmed for a promotion.
type PromotionPayment struct {
	PromotionID   int64
	TransactionID string
	// Amount and Currency are what was taken, in the provider's units;
	// ForPrice the whole Tk that pays (0: none, another currency or a
	// fraction).
	Amount   int64
	Currency string
	ForPrice int64
	Method   string
}

// RecordPromotionPayment stores a confirmed payment of a promotion
// exactly once, however many paths report it. The first time, in one
// transaction under the product's and the promotion's locks: when it pays
// the promotion's price and the laptop can still be advertised (live,
// unsold, not expired), the promotion is paid, the laptop advertised for
// its days (after a running advertisement) and the ledger's promotion row
// written; otherwise it is kept for refund (ledger row too: the money
// came) and the seller told. It reports whether this call stored it;
// ErrConflict when the attempt is not the promotion's.
func (s *Store) RecordPromotionPayment(ctx context.Context, r PromotionPayment) (Promotion, bool, error) {
	var out Promotion
	created := false
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		seen, err := q.GetPromotion(ctx, r.PromotionID)
		if err != nil {
			return err
		}
		product, err := q.LockProductForPromotion(ctx, seen.ProductID)
		if err != nil {
			return err
		}
		pr, err := q.LockPromotion(ctx, r.PromotionID)
		if err != nil {
			return err
		}
		if pr.TransactionID == nil || *pr.TransactionID != r.TransactionID {
			return ErrConflict
		}
		out = promotionFrom(pr)
		if pr.Status != PromotionPending && pr.Status != PromotionFailed {
			return nil // recorded already
		}
		live := product.SoldAt == nil && product.DeletedAt == nil && product.ExpiredAt == nil
		status := PromotionRefundRequired
		if live && r.ForPrice == pr.Amount {
			status = PromotionPaid
			if _, err := q.ExtendAdvertisement(ctx, dbsqlc.ExtendAdvertisementParams{ID: product.ID, Days: pr.Days}); err != nil {
				return err
			}
		}
		pr, err = q.SettlePromotion(ctx, dbsqlc.SettlePromotionParams{ID: pr.ID, Status: status, PaidAmount: &r.Amount, Currency: &r.Currency})
		if err != nil {
			return err
		}
		out, created = promotionFrom(pr), true
		amount := r.ForPrice
		if amount <= 0 {
			amount = pr.Amount
		}
		if _, err := q.AddPromotionLedgerRow(ctx, dbsqlc.AddPromotionLedgerRowParams{Kind: LedgerPromotion, Amount: amount, Method: r.Method,
			SellerID: &pr.SellerID, PromotionID: &pr.ID, Reference: r.TransactionID}); err != nil {
			return err
		}
		if status == PromotionPaid {
			return nil
		}
		return note(Notice{UserID: pr.SellerID, Kind: "payment_receipt", Link: linkSellerProducts, Data: onlineFlag(notify.Data{
			"product": product.ProductName, "amount": formatAmount(r.Amount, r.Currency), "refunded": "yes", "promotion": "yes",
		}, r.Method != MethodCard)})
	})
	return out, created, err
}

// MarkPromotionRefunded notes that a promotion kept for refund was
// refunded through its provider, with the ledger's refund row, once.
func (s *Store) MarkPromotionRefunded(ctx context.Context, id int64) error {
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		pr, err := q.MarkPromotionRefunded(ctx, id)
		if errors.Is(translate(err), ErrNotFound) {
			return nil // refunded already
		}
		if err != nil {
			return err
		}
		row, err := q.GetPromotionLedgerRow(ctx, &pr.ID)
		if err != nil {
			return err
		}
		_, err = q.AddPromotionLedgerRow(ctx, dbsqlc.AddPromotionLedgerRowParams{Kind: LedgerRefund, Amount: -row.Amount, Method: row.Method,
			SellerID: &pr.SellerID, PromotionID: &pr.ID, Reference: row.Reference})
		return err
	})
}

// OwnsProduct tells whether a product (sold or not, not deleted) is the
// seller's: ErrNotFound when not.
func (s *Store) OwnsProduct(ctx context.Context, productID, sellerID int64) error {
	seller, err := s.q.GetProductSeller(ctx, productID)
	if err == nil && seller != sellerID {
		return ErrNotFound
	}
	return translate(err)
}
