package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"resale/store/internal/dbsqlc"
)

// LoginLockThreshold is how many failures in a row a key may have before
// it is locked; each further failure doubles the lock, up to 15 minutes.
const LoginLockThreshold = 5

// LoginLockedUntil returns the latest lock among keys, or the zero time
// when none of them is locked.
func (s *Store) LoginLockedUntil(ctx context.Context, keys ...string) (time.Time, error) {
	rows, err := s.q.GetLoginLocks(ctx, keys)
	if err != nil {
		return time.Time{}, translate(err)
	}
	var until time.Time
	for _, r := range rows {
		if r.LockedUntil.After(until) {
			until = r.LockedUntil
		}
	}
	return until, nil
}

// RecordLoginFailure counts a failed log-in against every key.
func (s *Store) RecordLoginFailure(ctx context.Context, threshold int, keys ...string) error {
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		for _, k := range keys {
			if err := q.RecordLoginFailure(ctx, dbsqlc.RecordLoginFailureParams{Key: k, Threshold: int32(threshold)}); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClearLoginFailures forgets the failures of a key after a good log-in.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	return translate(s.q.ClearLoginFailures(ctx, key))
}

func hashCode(code string) string {
	sum := sha256.Sum256([]byte(code))
	return hex.EncodeToString(sum[:])
}

// CreateLoginCode stores a one-time code that signs userID in until expires.
func (s *Store) CreateLoginCode(ctx context.Context, code string, userID int64, expires time.Time) error {
	// a good moment to sweep codes nobody exchanged
	if err := s.q.DeleteExpiredLoginCodes(ctx); err != nil {
		return translate(err)
	}
	return translate(s.q.CreateLoginCode(ctx, dbsqlc.CreateLoginCodeParams{CodeHash: hashCode(code), UserID: userID, ExpiresAt: expires}))
}

// TakeLoginCode exchanges a one-time code for its user id, once: a used,
// unknown or expired code is ErrNotFound.
func (s *Store) TakeLoginCode(ctx context.Context, code string) (int64, error) {
	r, err := s.q.TakeLoginCode(ctx, hashCode(code))
	if err != nil {
		return 0, translate(err)
	}
	if time.Now().After(r.ExpiresAt) {
		return 0, ErrNotFound
	}
	return r.UserID, nil
}
