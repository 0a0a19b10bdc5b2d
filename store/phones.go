package store

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/riverqueue/river"

	"resale/store/internal/dbsqlc"
)

// Phone codes (#35): the purposes of a code sent by SMS, how long it
// lives and how many wrong tries end it.
const (
	PhonePurposeVerify = "verify"
	PhonePurposeLogin  = "login"
	PhoneCodeLife      = 5 * time.Minute
	PhoneCodeTries     = 5
)

var (
	// ErrNoPhoneCode is a check of a code when none is live: never asked,
	// expired, used, or ended by its wrong tries.
	ErrNoPhoneCode = errors.New("store: no live phone code")
	// ErrPhoneTaken is a number another live account has proved.
	ErrPhoneTaken = errors.New("store: the number is verified on another account")
)

// WrongCodeError is a wrong code; TriesLeft more may be tried.
type WrongCodeError struct{ TriesLeft int }

func (e *WrongCodeError) Error() string { return "store: wrong phone code" }

// SMSLimit is one cap on codes asked for: at most Max within Window
// counted against Key (a number, an account, a client address).
type SMSLimit struct {
	Key    string
	Max    int
	Window time.Duration
}

// PhoneCodeArgs is the River job that sends a code by SMS, once: the
// code travels sealed (auth.PhoneCodes), never in the clear.
type PhoneCodeArgs struct {
	CodeID int64  `json:"code_id"`
	Sealed []byte `json:"sealed"`
}

// Kind names the job in River's table.
func (PhoneCodeArgs) Kind() string { return "sms_phone_code" }

// InsertOpts puts the job on the mail queue (the outside messages'),
// tried a few times within the code's life.
func (PhoneCodeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 4}
}

// NewPhoneCode is a code asked for.
type NewPhoneCode struct {
	Phone   string // E.164
	Purpose string // PhonePurposeVerify or PhonePurposeLogin
	UserID  int64  // verify: the account proving the number
	Hash    []byte // auth.PhoneCodes.Hash of the code
	Sealed  []byte // auth.PhoneCodes.Seal of the code
	Limits  []SMSLimit
}

// PhoneCode is a code made, or the time another may be asked (RetryAt,
// when a limit is reached: then nothing was made or counted).
type PhoneCode struct {
	ID        int64
	ExpiresAt time.Time
	RetryAt   time.Time
}

// RequestPhoneCode counts a code asked for against its limits and, within
// them, replaces the number's (and for verify the account's) live code
// with a new one and queues its SMS, in one transaction under the limits'
// locks, so concurrent requests cannot pass a cap. A sign-in code is made
// whether or not an account proved the number (the same work and answer
// either way); its job sends nothing when none did. A verify of a number
// another account proved is ErrPhoneTaken, counted against the limits
// all the same, so asking cannot find out proved numbers faster than
// codes could be asked for.
func (s *Store) RequestPhoneCode(ctx context.Context, n NewPhoneCode) (PhoneCode, error) {
	var out PhoneCode
	taken := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		retryAt, err := reserveSMS(ctx, q, n.Limits)
		if err != nil || !retryAt.IsZero() {
			out.RetryAt = retryAt
			return err
		}
		var owner *int64
		if n.Purpose == PhonePurposeVerify {
			taken, err = q.PhoneVerifiedElsewhere(ctx, dbsqlc.PhoneVerifiedElsewhereParams{Phone: n.Phone, UserID: n.UserID})
			if err != nil {
				return err
			}
			if taken {
				return nil // the request is counted; nothing is made
			}
			owner = &n.UserID
		} else {
			id, err := q.GetVerifiedPhoneOwner(ctx, n.Phone)
			if err != nil {
				return err
			}
			if id != 0 {
				owner = &id
			}
		}
		if err := q.DeletePhoneCodes(ctx, dbsqlc.DeletePhoneCodesParams{Purpose: n.Purpose, Phone: n.Phone, UserID: owner}); err != nil {
			return err
		}
		row, err := q.CreatePhoneCode(ctx, dbsqlc.CreatePhoneCodeParams{Phone: n.Phone, Purpose: n.Purpose, UserID: owner,
			CodeHash: n.Hash, Seconds: PhoneCodeLife.Seconds()})
		if err != nil {
			return err
		}
		out.ID, out.ExpiresAt = row.ID, row.ExpiresAt
		_, err = s.jobs.InsertTx(ctx, tx, PhoneCodeArgs{CodeID: row.ID, Sealed: n.Sealed}, nil)
		return err
	})
	if err == nil && taken {
		return PhoneCode{}, ErrPhoneTaken
	}
	return out, translate(err)
}

// reserveSMS counts one request against each limit's key, under the keys'
// locks, unless one is full: then it answers when it has room again.
func reserveSMS(ctx context.Context, q *dbsqlc.Queries, limits []SMSLimit) (time.Time, error) {
	var keys []string
	for _, l := range limits {
		if !slices.Contains(keys, l.Key) {
			keys = append(keys, l.Key)
		}
	}
	slices.Sort(keys) // one order, so two requests never wait on each other's locks
	for _, k := range keys {
		if err := q.LockSMSKey(ctx, k); err != nil {
			return time.Time{}, err
		}
	}
	var retryAt time.Time
	for _, l := range limits {
		r, err := q.CountSMSRequests(ctx, dbsqlc.CountSMSRequestsParams{Key: l.Key, Seconds: l.Window.Seconds()})
		if err != nil {
			return time.Time{}, err
		}
		if int(r.N) >= l.Max {
			retryAt = later(retryAt, r.Oldest.Add(l.Window))
		}
	}
	if !retryAt.IsZero() {
		return retryAt, nil
	}
	return time.Time{}, q.AddSMSRequests(ctx, keys)
}

// SMSSentToday is how many messages went on day (the shop's date).
func (s *Store) SMSSentToday(ctx context.Context, day time.Time) (int, error) {
	n, err := s.q.GetSMSDay(ctx, pgDate(day))
	return int(n), translate(err)
}

// TakeSMSDay counts one message against day's limit, atomically across
// instances: false when limit were sent already.
func (s *Store) TakeSMSDay(ctx context.Context, day time.Time, limit int) (bool, error) {
	_, err := s.q.TakeSMSDay(ctx, dbsqlc.TakeSMSDayParams{Day: pgDate(day), DailyLimit: int32(limit)})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, translate(err)
}

// GiveBackSMSDay uncounts a message the gateway did not take.
func (s *Store) GiveBackSMSDay(ctx context.Context, day time.Time) error {
	return translate(s.q.GiveBackSMSDay(ctx, pgDate(day)))
}

func pgDate(day time.Time) pgtype.Date {
	y, m, d := day.Date()
	return pgtype.Date{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Valid: true}
}

// PhoneCodeSend is a code's send claimed by ClaimPhoneCodeSend.
type PhoneCodeSend struct {
	Phone, Purpose, Language string
}

// ClaimPhoneCodeSend marks a code as sent before the gateway is asked, so
// it goes once; ErrNotFound when it must not go (replaced, used, expired,
// sent already, or a sign-in code to a number no account proved).
func (s *Store) ClaimPhoneCodeSend(ctx context.Context, codeID int64) (PhoneCodeSend, error) {
	r, err := s.q.ClaimPhoneCodeSend(ctx, codeID)
	if err != nil {
		return PhoneCodeSend{}, translate(err)
	}
	return PhoneCodeSend{Phone: r.Phone, Purpose: r.Purpose, Language: r.Language}, nil
}

// UnclaimPhoneCodeSend undoes a claim the gateway failed, for a retry.
func (s *Store) UnclaimPhoneCodeSend(ctx context.Context, codeID int64) error {
	return translate(s.q.UnclaimPhoneCodeSend(ctx, codeID))
}

// DeleteStalePhoneCodes sweeps codes a day past their end.
func (s *Store) DeleteStalePhoneCodes(ctx context.Context) error {
	return translate(s.q.DeleteStalePhoneCodes(ctx))
}
