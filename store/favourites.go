package store

import (
	"context"
	"errors"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// MaxFavourites is how many products one person may keep as favourites:
// enough for anyone shopping for a laptop, few enough that the hearts'
// list of ids (ListFavouriteIDs) stays one small answer.
const MaxFavourites = 500

// ErrFavouriteLimit: the user keeps MaxFavourites favourites already.
var ErrFavouriteLimit = errors.New("too many favourites")

// AddFavourite saves a product as the user's favourite; saving it again
// changes nothing. ErrNotFound for a product that is not there (never
// was, deleted, or its seller's account closed), ErrFavouriteLimit at
// MaxFavourites. Sold and expired listings may be kept. added says
// whether this call saved it (it was not a favourite before).
func (s *Store) AddFavourite(ctx context.Context, userID, productID int64) (added bool, err error) {
	r, err := s.q.AddFavourite(ctx, dbsqlc.AddFavouriteParams{UserID: userID, ProductID: productID, MaxFavourites: MaxFavourites})
	switch {
	case err != nil:
		return false, translate(err)
	case !r.Found:
		return false, ErrNotFound
	case !r.Had && !r.Added:
		return false, ErrFavouriteLimit
	}
	return r.Added, nil
}

// DeleteFavourite forgets a favourite; forgetting one that is not changes
// nothing. ErrNotFound for a product that never existed.
func (s *Store) DeleteFavourite(ctx context.Context, userID, productID int64) error {
	found, err := s.q.DeleteFavourite(ctx, dbsqlc.DeleteFavouriteParams{UserID: userID, ProductID: productID})
	if err != nil {
		return translate(err)
	}
	if !found {
		return ErrNotFound
	}
	return nil
}

// ListFavourites returns a page of the user's favourites, newest listing
// first, and where the next page starts (0: none). Sold and expired ones
// stay (their cards say so); deleted ones leave the list.
func (s *Store) ListFavourites(ctx context.Context, userID int64, page Page) ([]Product, int64, error) {
	rows, err := s.q.ListFavourites(ctx, dbsqlc.ListFavouritesParams{UserID: userID, BeforeID: page.from(), PageSize: page.size()})
	return productPage(page, rows, err)
}

// ListFavouriteIDs returns the ids of every product the user saved.
func (s *Store) ListFavouriteIDs(ctx context.Context, userID int64) ([]int64, error) {
	ids, err := s.q.ListFavouriteIDs(ctx, userID)
	return ids, translate(err)
}

// remembering is note that also records whom it told, so a later notice
// of the same event can leave them out.
func remembering(note noter, told map[int64]bool) noter {
	return func(n Notice) error {
		told[n.UserID] = true
		return note(n)
	}
}

// noteSoldToFavourites tells those who saved the product as a favourite
// that it sold (sold_elsewhere), apart from its seller and anyone the sale
// told already (its buyer, the buyers whose bookings it closed). It runs
// in the sale's transaction.
func (s *Store) noteSoldToFavourites(ctx context.Context, q *dbsqlc.Queries, note noter, p dbsqlc.LockProductAnyStateRow, told map[int64]bool) error {
	fans, err := q.ListFavouritersOf(ctx, dbsqlc.ListFavouritersOfParams{ProductID: p.ID, SellerID: p.SellerID})
	if err != nil {
		return err
	}
	for _, userID := range fans {
		if told[userID] {
			continue
		}
		err := note(Notice{UserID: userID, Kind: "sold_elsewhere", Link: linkFavourites,
			Data: notify.Data{"product": p.ProductName, "favourite": "yes"}})
		if err != nil {
			return err
		}
	}
	return nil
}
