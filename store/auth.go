package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// Throttling of log-ins and sign-ups. Each attempt counts against keys
// (the account and client address pair, the account, the address); a key
// takes Free failures, then each further one must wait out a delay that
// doubles from throttleBase up to throttleCap. A key quiet for an hour
// starts over. The attempt is counted before the password is checked
// (ReserveAttempt) and given back if it was right (AttemptSucceeded), so
// a burst of concurrent attempts cannot all be checked.
const (
	// LoginLockThreshold is how many wrong passwords one address may try
	// at one account before it has to wait.
	LoginLockThreshold = 5

	throttleBase  = time.Minute
	throttleCap   = 15 * time.Minute
	throttleQuiet = time.Hour
	// knownFor is how long an address an account signed in from keeps
	// being its owner's: it is then exempt from the account-wide and
	// address-wide keys, which strangers can fill.
	knownFor = 30 * 24 * time.Hour
)

// Throttle is one key an attempt counts against.
type Throttle struct {
	Key string
	// Free is how many failures the key takes before delays begin.
	Free int
}

// Attempt is a reservation made by ReserveAttempt.
type Attempt struct {
	pair     string
	reserved []Throttle
}

// ReserveAttempt counts an attempt against pair and wide, in one
// transaction holding their rows, and returns the time to retry at when
// one of them must wait first (then nothing is counted). The wide keys are
// skipped when pair signed in within the last 30 days: that is the owner,
// at an address they use, whom strangers filling the account's key must
// not lock out.
func (s *Store) ReserveAttempt(ctx context.Context, pair Throttle, wide ...Throttle) (Attempt, time.Time, error) {
	all := append([]Throttle{pair}, wide...)
	keys := make([]string, len(all))
	for i, t := range all {
		keys[i] = t.Key
	}
	slices.Sort(keys)
	a := Attempt{pair: pair.Key}
	var retryAt time.Time
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		if err := q.EnsureThrottles(ctx, keys); err != nil {
			return err
		}
		rows, err := q.LockThrottles(ctx, keys)
		if err != nil {
			return err
		}
		byKey := make(map[string]dbsqlc.LockThrottlesRow, len(rows))
		for _, r := range rows {
			byKey[r.Key] = r
		}
		p := byKey[pair.Key]
		known := p.LastSuccess != nil && p.LastSuccess.After(p.Now.Add(-knownFor))
		for _, t := range all {
			if known && t.Key != pair.Key {
				continue
			}
			r := byKey[t.Key]
			if failuresNow(r) >= t.Free && r.LockedUntil.After(r.Now) {
				retryAt = later(retryAt, r.LockedUntil)
			}
			a.reserved = append(a.reserved, t)
		}
		if !retryAt.IsZero() {
			a.reserved = nil
			return nil
		}
		for _, t := range a.reserved {
			r := byKey[t.Key]
			n := failuresNow(r) + 1
			if err := q.SetThrottle(ctx, dbsqlc.SetThrottleParams{Key: t.Key, Failures: int32(n), LastFailure: r.Now,
				LockedUntil: r.Now.Add(throttleDelay(n, t.Free)), LastSuccess: r.LastSuccess}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Attempt{}, time.Time{}, err
	}
	return a, retryAt, nil
}

// AttemptSucceeded gives a reservation back after a right password: the
// wide keys lose the failure counted in advance, the pair forgets its
// failures and remembers the sign-in.
func (s *Store) AttemptSucceeded(ctx context.Context, a Attempt) error {
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		keys := make([]string, len(a.reserved))
		for i, t := range a.reserved {
			keys[i] = t.Key
		}
		slices.Sort(keys)
		rows, err := q.LockThrottles(ctx, keys)
		if err != nil {
			return err
		}
		free := map[string]int{}
		for _, t := range a.reserved {
			free[t.Key] = t.Free
		}
		for _, r := range rows {
			now := r.Now
			p := dbsqlc.SetThrottleParams{Key: r.Key, Failures: max(0, r.Failures-1), LastFailure: r.LastFailure, LockedUntil: r.LockedUntil, LastSuccess: r.LastSuccess}
			if r.Key == a.pair {
				p.Failures, p.LastSuccess = 0, &now
			}
			if int(p.Failures) < free[r.Key] {
				p.LockedUntil = now
			}
			if err := q.SetThrottle(ctx, p); err != nil {
				return err
			}
			// a good moment to sweep keys nobody has used for a month
			if r.Key == a.pair {
				if err := q.DeleteStaleThrottles(ctx, now.Add(-knownFor)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// failuresNow is a key's count of failures, none after an hour's quiet.
func failuresNow(r dbsqlc.LockThrottlesRow) int {
	if r.LastFailure.Before(r.Now.Add(-throttleQuiet)) {
		return 0
	}
	return int(r.Failures)
}

// throttleDelay is how long a key must wait after its nth failure.
func throttleDelay(n, free int) time.Duration {
	if n < free {
		return 0
	}
	return min(throttleCap, throttleBase<<min(n-free, 10))
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
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

// ResetTokenOwner is the account of a live password-reset token, without
// spending it (ResetPassword does, atomically): a reset checks its token
// by one indexed look-up before the new password's hash costs anything.
// An unknown, used or expired token, or one whose account is gone or
// changed its email, is ErrTokenUnusable.
func (s *Store) ResetTokenOwner(ctx context.Context, tokenHash []byte) (User, error) {
	r, err := s.q.GetLiveAccountTokenUser(ctx, dbsqlc.GetLiveAccountTokenUserParams{TokenHash: tokenHash, Purpose: PurposeResetPassword})
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrTokenUnusable
	}
	if err != nil {
		return User{}, translate(err)
	}
	return userFrom(r.User), nil
}
