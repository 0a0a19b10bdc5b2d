package store

import (
	"context"
	"time"

	"resale/store/internal/dbsqlc"
)

// OpenHandover is a booking whose buyer holds a hand-over code now
// (accepted or paid): the nonce the code is made from.
type OpenHandover struct {
	BookingID, ProductID int64
	Nonce                []byte
}

// OpenHandovers lists the bookings whose buyers hold a hand-over code: the
// code resale-check --handover brings is one of theirs (the api tells
// which, holding the codes' key).
func (s *Store) OpenHandovers(ctx context.Context) ([]OpenHandover, error) {
	rows, err := s.q.ListOpenHandoverBookings(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]OpenHandover, len(rows))
	for i, r := range rows {
		out[i] = OpenHandover{BookingID: r.ID, ProductID: r.ProductID, Nonce: r.HandoverNonce}
	}
	return out, nil
}

// ListingReport is the listing's newest report as the hand-over compares
// with it: the statement text and the serial's keyed hash.
type ListingReport struct {
	ID          int64
	Report      string
	SerialHash  []byte
	SerialLast4 string
}

// HandoverCheck is the check at a hand-over compared with the listing's
// report. The pointers are nil when there was nothing to compare (no
// report, or a part not read).
type HandoverCheck struct {
	ID, BookingID   int64
	CheckReportID   *int64
	SerialLast4     string
	SerialMatches   *bool
	HardwareMatches *bool
	Differences     []string
	BatteryBefore   *int32
	BatteryNow      *int32
	CreatedAt       time.Time
}

// HandoverInput is a hand-over check to keep: the signed statement and
// what the api found comparing it (CreatedAt and ID are filled here).
type HandoverInput struct {
	Signed SignedCheck
	Check  HandoverCheck
}

// AddHandoverCheck keeps a check at the hand-over of bookingID: compare is
// given the listing's newest report (nil: none) and returns what to keep.
func (s *Store) AddHandoverCheck(ctx context.Context, bookingID, productID int64, compare func(*ListingReport) (HandoverInput, error)) (HandoverCheck, error) {
	var listing *ListingReport
	r, err := s.q.GetCheckReportForCompare(ctx, productID)
	switch err = translate(err); err {
	case nil:
		listing = &ListingReport{ID: r.ID, Report: r.Report, SerialHash: r.SerialHash, SerialLast4: r.SerialLast4}
	case ErrNotFound:
	default:
		return HandoverCheck{}, err
	}
	in, err := compare(listing)
	if err != nil {
		return HandoverCheck{}, err
	}
	c := in.Check
	c.BookingID, c.CreatedAt, c.SerialLast4 = bookingID, in.Signed.At, in.Signed.SerialLast4
	if listing != nil {
		c.CheckReportID = &listing.ID
	}
	if c.Differences == nil {
		c.Differences = []string{}
	}
	c.ID, err = s.q.CreateHandoverCheck(ctx, dbsqlc.CreateHandoverCheckParams{BookingID: bookingID, CheckReportID: c.CheckReportID,
		Report: in.Signed.Report, Signature: in.Signed.Signature, SerialHash: in.Signed.SerialHash, SerialLast4: in.Signed.SerialLast4,
		SerialMatches: c.SerialMatches, HardwareMatches: c.HardwareMatches, Differences: c.Differences,
		BatteryBefore: c.BatteryBefore, BatteryNow: c.BatteryNow, CreatedAt: c.CreatedAt})
	return c, translate(err)
}

// LatestHandoverChecks is the newest hand-over check of each booking that
// has one, by booking id.
func (s *Store) LatestHandoverChecks(ctx context.Context, bookingIDs []int64) (map[int64]HandoverCheck, error) {
	out := map[int64]HandoverCheck{}
	if len(bookingIDs) == 0 {
		return out, nil
	}
	rows, err := s.q.ListLatestHandoverChecks(ctx, bookingIDs)
	if err != nil {
		return nil, translate(err)
	}
	for _, r := range rows {
		out[r.BookingID] = HandoverCheck{ID: r.ID, BookingID: r.BookingID, CheckReportID: r.CheckReportID, SerialLast4: r.SerialLast4,
			SerialMatches: r.SerialMatches, HardwareMatches: r.HardwareMatches, Differences: r.Differences,
			BatteryBefore: r.BatteryBefore, BatteryNow: r.BatteryNow, CreatedAt: r.CreatedAt}
	}
	return out, nil
}
