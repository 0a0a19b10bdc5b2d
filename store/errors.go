package store

import (
	"context"
	"errors"
	"net"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The store's errors. Callers compare with errors.Is; the api package maps
// them to HTTP statuses.
var (
	// ErrNotFound: no such row (or not visible to the caller).
	ErrNotFound = errors.New("not found")
	// ErrConflict: a unique rule would be broken (an email already taken, a
	// payment already recorded).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: the database refused a value (a check or foreign key).
	ErrInvalid = errors.New("invalid value")
	// ErrUnavailable: the database cannot be reached right now.
	ErrUnavailable = errors.New("database unavailable")
)

// ConstraintError is a refused write, naming the constraint so callers can
// say which field was wrong. It matches ErrConflict or ErrInvalid.
type ConstraintError struct {
	Kind       error
	Constraint string
}

func (e *ConstraintError) Error() string { return e.Kind.Error() + ": " + e.Constraint }

// Unwrap lets errors.Is match the kind.
func (e *ConstraintError) Unwrap() error { return e.Kind }

// translate turns driver errors into the store's errors; others pass through.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505": // unique_violation
			return &ConstraintError{Kind: ErrConflict, Constraint: pgErr.ConstraintName}
		case "23503", "23514", "23502", "22001", "22003", "22021", "22P02": // fk, check, not null, too long, out of range, bad encoding, bad text
			return &ConstraintError{Kind: ErrInvalid, Constraint: pgErr.ConstraintName}
		case "57014", "55P03": // query_canceled (statement_timeout, or our cancel request when a context ended), lock_not_available (lock_timeout)
			return errors.Join(context.DeadlineExceeded, err)
		case "57P01", "57P02", "57P03", "53300": // admin shutdown, crash shutdown, cannot connect now, too many connections
			return errors.Join(ErrUnavailable, err)
		}
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var netErr net.Error
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) || errors.As(err, &netErr) || pgconn.SafeToRetry(err) {
		return errors.Join(ErrUnavailable, err)
	}
	return err
}
