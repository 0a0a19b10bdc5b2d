package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/priceguide"
	"resale/store/internal/dbsqlc"
)

// The modes of an uploaded reference catalogue (#39, migration 00051).
const (
	PriceReferenceReplace = "replace" // its laptops alone
	PriceReferenceExtend  = "extend"  // the shipped catalogue's and its
)

// NoticePriceReference is the payload of the catalogue notice that says
// the reference catalogue in use changed (WatchCatalogue, migration 00051).
const NoticePriceReference = "price_reference"

// PriceReference is the uploaded reference catalogue in use.
type PriceReference struct {
	ID         int64
	Mode       string
	Rows       int
	UploadedAt time.Time
	UploadedBy *int64 // nil if the account is gone
	// the uploader's name and email as they are now
	UploaderName, UploaderEmail string
}

// SavePriceReference puts rows, checked by priceguide.ReadRows, in use as
// the reference catalogue in mode, uploaded by adminID, in one
// transaction: the upload in use before it is removed. Every instance
// hears of it when it commits (NoticePriceReference).
func (s *Store) SavePriceReference(ctx context.Context, mode string, adminID int64, rows []priceguide.Row) (PriceReference, error) {
	out := PriceReference{Mode: mode, Rows: len(rows), UploadedBy: &adminID}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if err := q.LockPriceReferences(ctx); err != nil {
			return err
		}
		if _, err := q.DeletePriceReferences(ctx); err != nil {
			return err
		}
		r, err := q.CreatePriceReference(ctx, dbsqlc.CreatePriceReferenceParams{Mode: mode, UploadedBy: &adminID, RowCount: int32(len(rows))})
		if err != nil {
			return err
		}
		out.ID, out.UploadedAt = r.ID, r.UploadedAt
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"price_reference_rows"},
			[]string{"reference_id", "line", "title", "brand", "model", "processor", "ram", "graphics", "os", "weight", "price_tk"},
			pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
				x := rows[i]
				var price *int32
				if x.Price > 0 {
					p := int32(x.Price)
					price = &p
				}
				return []any{r.ID, int32(x.Line), x.Title, x.Brand, x.Model, x.Processor, x.RAM, x.Graphics, x.OS, x.Weight, price}, nil
			}))
		return err
	})
	if err != nil {
		return PriceReference{}, translate(err)
	}
	return out, nil
}

// CurrentPriceReference is the uploaded reference catalogue in use;
// ErrNotFound when the shipped one is.
func (s *Store) CurrentPriceReference(ctx context.Context) (PriceReference, error) {
	r, err := dbsqlc.New(s.pool).GetPriceReference(ctx)
	if err != nil {
		return PriceReference{}, translate(err)
	}
	return PriceReference{ID: r.ID, Mode: r.Mode, Rows: int(r.RowCount), UploadedAt: r.UploadedAt, UploadedBy: r.UploadedBy,
		UploaderName: r.UploaderName, UploaderEmail: r.UploaderEmail}, nil
}

// PriceReferenceRows are the laptops of upload id, in the order of its
// file.
func (s *Store) PriceReferenceRows(ctx context.Context, id int64) ([]priceguide.Row, error) {
	rs, err := dbsqlc.New(s.pool).ListPriceReferenceRows(ctx, id)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]priceguide.Row, len(rs))
	for i, r := range rs {
		out[i] = priceguide.Row{Line: int(r.Line), Title: r.Title, Brand: r.Brand, Model: r.Model, Processor: r.Processor,
			RAM: r.Ram, Graphics: r.Graphics, OS: r.Os, Weight: r.Weight}
		if r.PriceTk != nil {
			out[i].Price = int(*r.PriceTk)
		}
	}
	return out, nil
}

// DeletePriceReference removes the uploaded reference catalogue, putting
// the shipped one back in use; false when none was uploaded.
func (s *Store) DeletePriceReference(ctx context.Context) (bool, error) {
	var n int64
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		if err := q.LockPriceReferences(ctx); err != nil {
			return err
		}
		var err error
		n, err = q.DeletePriceReferences(ctx)
		return err
	})
	return n > 0, err
}
