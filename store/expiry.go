package store

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// A listing's life: listed for ListingDays (LISTING_DAYS) from when it was
// listed or last renewed, its seller told ExpiryWarning before the end,
// then out of the catalogue until renewed (migration 00018).
const (
	ListingDays   = 60
	ExpiryWarning = 3 * 24 * time.Hour
)

// expiryBatch is how many listings one transaction of the expiry job
// takes: a day's worth of a large shop's listings ends in a few short
// transactions rather than one long one.
const expiryBatch = 500

// RenewProduct lists the seller's own listing for another listingDays
// (0: ListingDays) from now, back in the catalogue if it had expired, and
// returns its new end. Anyone else's or a deleted one is ErrNotFound, a
// sold one ErrSold.
func (s *Store) RenewProduct(ctx context.Context, productID, sellerID int64, listingDays int) (time.Time, error) {
	var r dbsqlc.RenewProductRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		r, err = s.q.WithTx(tx).RenewProduct(ctx, dbsqlc.RenewProductParams{ID: productID, SellerID: sellerID, ListingDays: int32(cmp.Or(listingDays, ListingDays))})
		if err != nil || !r.Relisted {
			return err
		}
		// back in the catalogue: saved searches hear of it (#20 saved searches)
		_, err = s.jobs.InsertTx(ctx, tx, MatchSavedSearchesArgs{ProductID: productID}, nil)
		return err
	})
	if err != nil {
		return time.Time{}, translate(err)
	}
	if r.SoldAt != nil {
		return time.Time{}, ErrSold
	}
	if r.Relisted { // back among the comparables' market: its verdict judged afresh (#39)
		s.rejudgePrice(ctx, productID)
	}
	return r.ExpiresAt, nil
}

// WarnExpiringListings tells each seller whose listing ends within
// `within` (ExpiryWarning) that it will, once per listing period: the
// listing is marked told in the transaction that writes the notice, so a
// pass that fails or runs twice tells nobody twice. The date is the
// day it ends in the shop's time zone (loc). It returns how many were
// told.
func (s *Store) WarnExpiringListings(ctx context.Context, within time.Duration, loc *time.Location) (int, error) {
	total := 0
	for {
		n := 0
		err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
			due, err := q.WarnExpiringListings(ctx, dbsqlc.WarnExpiringListingsParams{Before: time.Now().Add(within), UpTo: expiryBatch})
			if err != nil {
				return err
			}
			for _, d := range due {
				if err := note(Notice{UserID: d.SellerID, Kind: "listing_expiring", Link: linkSellerProducts, Data: notify.Data{
					"product": d.ProductName, "date": d.ExpiresAt.In(loc).Format("2006-01-02"),
				}}); err != nil && !errors.Is(err, ErrNotFound) { // a deleted seller is told nothing
					return err
				}
			}
			n = len(due)
			return nil
		})
		if err != nil {
			return total, err
		}
		total += n
		if n < expiryBatch {
			return total, nil
		}
	}
}

// ExpireListings takes the listings whose period is over out of the
// catalogue (a periodic job runs it) and returns how many. Their
// advertisements end with them.
func (s *Store) ExpireListings(ctx context.Context) (int64, error) {
	var total int64
	for {
		n, err := s.q.ExpireListings(ctx, expiryBatch)
		total += n
		if err != nil || n < expiryBatch {
			return total, translate(err)
		}
	}
}
