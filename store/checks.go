package store

import (
	"context"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// A laptop's health, checked (#40): check codes, the listings' signed
// reports, the checks at the hand-over and stolen serials. The store keeps
// hashes and signed text; the api makes them (it holds the keys).

// ErrStolenTaken: the serial is registered already (pending or confirmed).
var ErrStolenTaken = errors.New("that serial is registered already")

// CheckReport is a listing's stored report: Report is the signed
// statement's text, exactly as signed.
type CheckReport struct {
	ID          int64
	ProductID   int64
	Report      string
	Signature   []byte
	SerialLast4 string
	CreatedAt   time.Time
}

// SignedCheck is what the api makes of a report to keep: the statement
// text, its signature, the serial's keyed hash (nil when the serial was
// not readable) and last 4 characters, and the time the statement names.
type SignedCheck struct {
	Report      string
	Signature   []byte
	SerialHash  []byte
	SerialLast4 string
	At          time.Time
}

// CheckAdded is the outcome of a listing's check: the report's id, the
// listing, and whether the listing was hidden as stolen by it.
type CheckAdded struct {
	ID, ProductID int64
	Stolen        bool
}

// ProductSeller is a live listing's seller and whether it is sold.
func (s *Store) ProductSeller(ctx context.Context, productID int64) (sellerID int64, sold bool, err error) {
	r, err := s.q.GetCheckProductOwner(ctx, productID)
	if err != nil {
		return 0, false, translate(err)
	}
	return r.SellerID, r.SoldAt != nil, nil
}

// CreateCheckCode keeps a new check code's hash for the listing.
func (s *Store) CreateCheckCode(ctx context.Context, productID int64, codeHash []byte, expiresAt time.Time) error {
	_, err := s.q.CreateCheckCode(ctx, dbsqlc.CreateCheckCodeParams{ProductID: productID, CodeHash: codeHash, ExpiresAt: expiresAt})
	return translate(err)
}

// AddCheckReport spends the check code whose hash is codeHash (ErrNotFound:
// unknown, used or expired, or its listing gone or sold), signs the report
// for its listing (sign) and keeps it, all in one transaction: a code
// spent keeps a report, or neither happens. A serial registered stolen
// (confirmed) hides the listing at once.
func (s *Store) AddCheckReport(ctx context.Context, codeHash []byte, sign func(productID int64) (SignedCheck, error)) (CheckAdded, error) {
	var out CheckAdded
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		productID, err := q.UseCheckCode(ctx, codeHash)
		if err != nil {
			return err
		}
		signed, err := sign(productID)
		if err != nil {
			return err
		}
		id, err := q.CreateCheckReport(ctx, dbsqlc.CreateCheckReportParams{ProductID: productID, Report: signed.Report,
			Signature: signed.Signature, SerialHash: signed.SerialHash, SerialLast4: signed.SerialLast4, CreatedAt: signed.At})
		if err != nil {
			return err
		}
		if err := q.MarkProductChecked(ctx, dbsqlc.MarkProductCheckedParams{ID: productID, CheckedAt: &signed.At}); err != nil {
			return err
		}
		out = CheckAdded{ID: id, ProductID: productID}
		if signed.SerialHash == nil {
			return nil
		}
		stolen, err := q.IsSerialStolen(ctx, signed.SerialHash)
		if err != nil || !stolen {
			return err
		}
		_, err = q.HideStolenProducts(ctx, signed.SerialHash)
		out.Stolen = true
		return err
	})
	return out, translate(err)
}

// LatestCheckReport is a listing's newest report (ErrNotFound: none).
func (s *Store) LatestCheckReport(ctx context.Context, productID int64) (CheckReport, error) {
	r, err := s.q.GetLatestCheckReport(ctx, productID)
	if err != nil {
		return CheckReport{}, translate(err)
	}
	return CheckReport{ID: r.ID, ProductID: r.ProductID, Report: r.Report, Signature: r.Signature, SerialLast4: r.SerialLast4, CreatedAt: r.CreatedAt}, nil
}

// DeleteCheckReports deletes every report of the seller's own listing
// (ErrNotFound: not theirs, or no report); the listing is unchecked.
func (s *Store) DeleteCheckReports(ctx context.Context, productID, sellerID int64) error {
	return translate(s.tx(ctx, func(q *dbsqlc.Queries) error {
		p, err := q.GetCheckProductOwner(ctx, productID)
		if err != nil {
			return err
		}
		if p.SellerID != sellerID {
			return ErrNotFound
		}
		n, err := q.DeleteCheckReports(ctx, productID)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return q.ClearProductChecked(ctx, productID)
	}))
}
