package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// UserEvent is one thing that happened to a user, for the live stream
// (migration 00020 writes them, in the transaction of the change).
type UserEvent struct {
	ID   int64
	Kind string // message, notification or booking
	// Data is the event's JSON object, as the database wrote it.
	Data      []byte
	CreatedAt time.Time
}

func userEventFrom(e dbsqlc.UserEvent) UserEvent {
	return UserEvent{ID: e.ID, Kind: e.Kind, Data: e.Data, CreatedAt: e.CreatedAt}
}

// EventTicket is what a used ticket was issued to.
type EventTicket struct {
	UserID       int64
	TokenVersion int32
}

// MaxEventTickets is how many unused, unexpired live-update tickets an
// account holds at once (F15): an app needs one a stream, and an account
// has at most events.MaxPerUser streams; a ticket is used at once.
const MaxEventTickets = 20

// ErrTicketCap: the account holds MaxEventTickets live tickets already (a
// ThrottledError says when the oldest expires).
var ErrTicketCap = errors.New("too many live-update tickets")

// CreateEventTicket keeps a ticket's hash for the user's session (its token
// version) until expires, unless the user holds MaxEventTickets unexpired
// ones: the account's row is locked while they are counted, so tickets
// asked for at once cannot pass the cap together.
func (s *Store) CreateEventTicket(ctx context.Context, tokenHash []byte, userID int64, tokenVersion int32, expires time.Time) error {
	return translate(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if _, err := q.LockSender(ctx, userID); err != nil {
			return err
		}
		live, err := q.CountLiveEventTickets(ctx, userID)
		if err != nil {
			return err
		}
		if live.N >= MaxEventTickets {
			return &ThrottledError{Err: ErrTicketCap, Until: live.FirstExpiry}
		}
		return q.CreateEventTicket(ctx, dbsqlc.CreateEventTicketParams{
			TokenHash: tokenHash, UserID: userID, TokenVersion: tokenVersion, ExpiresAt: expires,
		})
	}))
}

// UseEventTicket takes the ticket with that hash: it works once, across
// every instance. An unknown, used or expired ticket is ErrNotFound.
func (s *Store) UseEventTicket(ctx context.Context, tokenHash []byte) (EventTicket, error) {
	row, err := s.q.UseEventTicket(ctx, tokenHash)
	if err != nil {
		return EventTicket{}, translate(err)
	}
	if !row.Fresh {
		return EventTicket{}, ErrNotFound
	}
	return EventTicket{UserID: row.UserID, TokenVersion: row.TokenVersion}, nil
}

// ListUserEventsAfter is the user's events after afterID, oldest first:
// the newest max of them when there are more.
func (s *Store) ListUserEventsAfter(ctx context.Context, userID, afterID int64, max int) ([]UserEvent, error) {
	rows, err := s.q.ListUserEventsAfter(ctx, dbsqlc.ListUserEventsAfterParams{UserID: userID, AfterID: afterID, MaxEvents: int32(max)})
	if err != nil {
		return nil, translate(err)
	}
	return userEventsFrom(rows), nil
}

// GetUserEvents is those of ids that are the user's events, oldest first.
func (s *Store) GetUserEvents(ctx context.Context, userID int64, ids []int64) ([]UserEvent, error) {
	rows, err := s.q.GetUserEvents(ctx, dbsqlc.GetUserEventsParams{UserID: userID, Ids: ids})
	if err != nil {
		return nil, translate(err)
	}
	return userEventsFrom(rows), nil
}

func userEventsFrom(rows []dbsqlc.UserEvent) []UserEvent {
	out := make([]UserEvent, 0, len(rows))
	for _, r := range rows {
		out = append(out, userEventFrom(r))
	}
	return out
}

// pruneBatch is how many events one statement of PruneUserEvents deletes.
const pruneBatch = 5000

// PruneUserEvents deletes the events older than keep, a batch at a time,
// and the tickets that expired unused; it returns how many events went.
func (s *Store) PruneUserEvents(ctx context.Context, keep time.Duration) (int64, error) {
	before := time.Now().Add(-keep)
	var total int64
	for {
		n, err := s.q.DeleteUserEventsBefore(ctx, dbsqlc.DeleteUserEventsBeforeParams{Before: before, Batch: pruneBatch})
		total += n
		if err != nil {
			return total, translate(err)
		}
		if n < pruneBatch {
			break
		}
	}
	if _, err := s.q.DeleteExpiredEventTickets(ctx); err != nil {
		return total, translate(err)
	}
	return total, nil
}
