package store

import (
	"context"
	"errors"
	"time"

	"resale/store/internal/dbsqlc"
)

// Stolen registration statuses.
const (
	StolenPending   = "pending"
	StolenConfirmed = "confirmed"
	StolenRejected  = "rejected"
)

// StolenRegistration is a serial registered as stolen (#40), by its keyed
// hash: people see its last 4 characters only.
type StolenRegistration struct {
	ID           int64
	SerialLast4  string
	PoliceReport string
	ReporterID   *int64
	ReporterName string
	Status       string
	CreatedAt    time.Time
	// Listings is how many listings were checked with the serial.
	Listings int64
}

// RegisterStolen keeps an owner's registration, pending an admin
// (ErrStolenTaken: the serial is registered, pending or confirmed).
func (s *Store) RegisterStolen(ctx context.Context, serialHash []byte, last4, policeReport string, reporterID int64) (StolenRegistration, error) {
	r, err := s.q.CreateStolenSerial(ctx, dbsqlc.CreateStolenSerialParams{SerialHash: serialHash, SerialLast4: last4,
		PoliceReport: policeReport, ReporterID: &reporterID})
	if err = translate(err); err != nil {
		if errors.Is(err, ErrConflict) {
			return StolenRegistration{}, ErrStolenTaken
		}
		return StolenRegistration{}, err
	}
	return StolenRegistration{ID: r.ID, SerialLast4: last4, PoliceReport: policeReport, ReporterID: &reporterID, Status: r.Status, CreatedAt: r.CreatedAt}, nil
}

// IsStolen tells whether a serial's keyed hash is registered stolen and
// confirmed.
func (s *Store) IsStolen(ctx context.Context, serialHash []byte) (bool, error) {
	stolen, err := s.q.IsSerialStolen(ctx, serialHash)
	return stolen, translate(err)
}

// PendingStolen lists the registrations waiting for an admin, oldest first.
func (s *Store) PendingStolen(ctx context.Context) ([]StolenRegistration, error) {
	rows, err := s.q.ListPendingStolen(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]StolenRegistration, len(rows))
	for i, r := range rows {
		out[i] = StolenRegistration{ID: r.ID, SerialLast4: r.SerialLast4, PoliceReport: r.PoliceReport, ReporterID: r.ReporterID,
			ReporterName: r.ReporterName, Status: r.Status, CreatedAt: r.CreatedAt, Listings: r.Listings}
	}
	return out, nil
}

// DecideStolen confirms or rejects a pending registration (ErrNotFound:
// none pending with that id). Confirmed, every live listing checked with
// the serial is hidden in the same transaction; hidden says how many.
func (s *Store) DecideStolen(ctx context.Context, id, adminID int64, confirm bool) (reg StolenRegistration, hidden int, err error) {
	status := StolenRejected
	if confirm {
		status = StolenConfirmed
	}
	err = s.tx(ctx, func(q *dbsqlc.Queries) error {
		r, err := q.DecideStolen(ctx, dbsqlc.DecideStolenParams{Status: status, AdminID: &adminID, ID: id})
		if err != nil {
			return err
		}
		reg = StolenRegistration{ID: r.ID, SerialLast4: r.SerialLast4, Status: r.Status}
		if !confirm {
			return nil
		}
		ids, err := q.HideStolenProducts(ctx, r.SerialHash)
		hidden = len(ids)
		return err
	})
	return reg, hidden, translate(err)
}
