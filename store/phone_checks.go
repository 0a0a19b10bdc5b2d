package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// VerifyPhone checks the code proving a number for userID: right, the
// account's number becomes the proved one (ErrPhoneTaken when another
// account proved it meanwhile); wrong, a try is counted under the code's
// lock (concurrent guesses take turns, so no more than PhoneCodeTries are
// ever checked) and *WrongCodeError says how many are left. right tells
// whether a code is the stored one, for the number it was sent to.
func (s *Store) VerifyPhone(ctx context.Context, userID int64, right func(phone string, hash []byte) bool) (User, error) {
	var u User
	var wrong *WrongCodeError
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		r, err := q.LockVerifyCode(ctx, userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoPhoneCode
		}
		if err != nil {
			return err
		}
		if !right(r.Phone, r.CodeHash) {
			wrong, err = countTry(ctx, q, r.ID)
			return err
		}
		if err := q.DeletePhoneCode(ctx, r.ID); err != nil {
			return err
		}
		row, err := q.SetVerifiedPhone(ctx, dbsqlc.SetVerifiedPhoneParams{Phone: r.Phone, ID: userID})
		u = userFrom(row)
		return err
	})
	var ce *ConstraintError
	switch {
	case wrong != nil:
		return User{}, wrong
	case errors.Is(err, ErrNoPhoneCode):
		return User{}, err
	case errors.As(err, &ce) && ce.Constraint == "users_verified_phone_key":
		return User{}, ErrPhoneTaken
	}
	return u, err
}

// SignInWithPhoneCode checks a sign-in code sent to phone: right, it is
// spent and the account that proved the number answered; wrong, a try is
// counted as in VerifyPhone. A number no account proved has a code nobody
// was sent, which never signs in (ErrNoPhoneCode).
func (s *Store) SignInWithPhoneCode(ctx context.Context, phone string, right func(hash []byte) bool) (User, error) {
	var u User
	var wrong *WrongCodeError
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		r, err := q.LockLoginCode(ctx, phone)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoPhoneCode
		}
		if err != nil {
			return err
		}
		if !right(r.CodeHash) {
			wrong, err = countTry(ctx, q, r.ID)
			return err
		}
		if r.UserID == nil {
			return ErrNoPhoneCode
		}
		if err := q.DeletePhoneCode(ctx, r.ID); err != nil {
			return err
		}
		row, err := q.GetUser(ctx, *r.UserID)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoPhoneCode // deleted since
		}
		u = userFrom(row)
		return err
	})
	if wrong != nil {
		return User{}, wrong
	}
	return u, err
}

// countTry counts a wrong try of a locked code.
func countTry(ctx context.Context, q *dbsqlc.Queries, id int64) (*WrongCodeError, error) {
	tries, err := q.CountPhoneCodeTry(ctx, id)
	if err != nil {
		return nil, err
	}
	return &WrongCodeError{TriesLeft: max(0, PhoneCodeTries-int(tries))}, nil
}
