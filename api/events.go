package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"resale/events"
	"resale/store"
)

// Live updates (API.md, "Conversations and offers"): a signed-in app asks
// for a single-use ticket, then opens GET /api/events?ticket=... with an
// EventSource, which can send no Authorization header. The stream sends
// the caller's events (written by the database in the transaction of each
// change, migration 00020) as
//
//	id: <event id>
//	event: message | notification | booking
//	data: <JSON object>
//
// first those after the id it resumes from (Last-Event-ID, or lastEventId
// in the query, as a reconnect with a new ticket cannot set the header),
// then each new one as this instance hears of it, with a comment line
// (": ping") every heartbeat so proxies keep the connection open.
const (
	ticketLifetime = 60 * time.Second
	ticketBytes    = 32
	// maxReplay bounds what one reconnect is sent: the newest this many
	// missed events. They tell the app which lists to refresh, so a longer
	// absence loses nothing a refresh of each kind does not bring back.
	maxReplay = 1000
	// maxBatch bounds the ids read from the database at once.
	maxBatch = 100
	// streamWriteTimeout is how long one write to a stream may wait on the
	// client before the stream is dropped.
	streamWriteTimeout = 10 * time.Second
	// streamQueryTimeout bounds each database call of a stream.
	streamQueryTimeout = 5 * time.Second
)

var (
	errBadTicket = &Error{Status: http.StatusUnauthorized, Code: "unauthorized",
		Message: "This live-update ticket is not valid (used, expired or unknown); get a new one"}
	errStreamsUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "unavailable",
		Message: "Live updates are not available on this server right now; try again"}
	errTooManyStreams = &Error{Status: http.StatusTooManyRequests, Code: "too_many_streams",
		Message: "Too many live-update streams are open for this account"}
)

// ticketJSON is the answer of POST /api/events/ticket.
type ticketJSON struct {
	Ticket string `json:"ticket"`
}

// createEventTicket serves POST /api/events/ticket: a random ticket, kept
// only as its SHA-256 with the caller's session, good once for a minute;
// 429 when the account holds store.MaxEventTickets unused ones.
func (s *Server) createEventTicket(c echo.Context) error {
	u, _ := currentUser(c)
	raw := make([]byte, ticketBytes)
	rand.Read(raw)
	sum := sha256.Sum256(raw)
	err := s.store.CreateEventTicket(c.Request().Context(), sum[:], u.ID, u.TokenVersion, time.Now().Add(ticketLifetime))
	var te *store.ThrottledError
	if errors.As(err, &te) {
		return throttled(c, te.Until, "Too many live-update tickets for this account.")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ticketJSON{Ticket: base64.RawURLEncoding.EncodeToString(raw)})
}

// streamEvents serves GET /api/events?ticket=...[&lastEventId=N]. It is
// outside the /api group: no request timeout and no compression, which
// would end or hold back the stream.
func (s *Server) streamEvents(c echo.Context) error {
	req, res := c.Request(), c.Response()
	res.Header().Set("Cache-Control", "no-store")
	// checked before the ticket is spent
	after, resume, err := resumePoint(req)
	if err != nil {
		return err
	}
	ctx := req.Context()
	ticket, err := s.spendTicket(ctx, req.URL.Query().Get("ticket"))
	if err != nil {
		return err
	}
	// subscribed before the replay is read, so an event committed between
	// the two is heard; it is then sent once (replayed below)
	sub, err := s.hub.Subscribe(ticket.UserID)
	switch {
	case errors.Is(err, events.ErrTooMany):
		return errTooManyStreams
	case err != nil:
		res.Header().Set("Retry-After", "2")
		return errStreamsUnavailable
	}
	defer s.hub.Unsubscribe(sub)

	st := &stream{res: res, rc: http.NewResponseController(res)}
	h := res.Header()
	h.Set(echo.HeaderContentType, "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no") // nginx and others: do not buffer
	res.WriteHeader(http.StatusOK)
	if err := st.flush(); err != nil {
		return nil
	}
	replayed := map[int64]bool{}
	if resume {
		if replayed, err = s.replay(ctx, st, ticket.UserID, after); err != nil {
			return nil
		}
	}
	s.relay(ctx, st, sub, ticket, replayed)
	return nil
}

// spendTicket uses up the ticket (as the query gives it) and answers what
// it was made for, when it is good and its session still lives.
func (s *Server) spendTicket(ctx context.Context, param string) (store.EventTicket, error) {
	raw, err := base64.RawURLEncoding.DecodeString(param)
	if err != nil || len(raw) != ticketBytes {
		return store.EventTicket{}, errBadTicket
	}
	sum := sha256.Sum256(raw)
	qctx, cancel := context.WithTimeout(ctx, streamQueryTimeout)
	ticket, err := s.store.UseEventTicket(qctx, sum[:])
	cancel()
	if errors.Is(err, store.ErrNotFound) {
		return store.EventTicket{}, errBadTicket
	}
	if err != nil {
		return store.EventTicket{}, err
	}
	if ok, err := s.sessionLives(ctx, ticket); err != nil {
		return store.EventTicket{}, err
	} else if !ok {
		return store.EventTicket{}, errBadTicket
	}
	return ticket, nil
}

// replay sends the user's events after the resume point and returns their
// ids, which the subscription may bring again. An error ends the stream.
func (s *Server) replay(ctx context.Context, st *stream, userID, after int64) (map[int64]bool, error) {
	qctx, cancel := context.WithTimeout(ctx, streamQueryTimeout)
	missed, err := s.store.ListUserEventsAfter(qctx, userID, after, maxReplay)
	cancel()
	if err != nil {
		s.log.Warn("live updates: replay failed, stream ended", "user_id", userID, "err", err)
		return nil, err
	}
	replayed := map[int64]bool{}
	for _, e := range missed {
		replayed[e.ID] = true
	}
	return replayed, st.send(missed)
}

// relay sends each new event the subscription hears, and a ping each
// heartbeat, until the client leaves, the hub drops the subscription, the
// session ends or a read or write fails.
func (s *Server) relay(ctx context.Context, st *stream, sub *events.Subscription, ticket store.EventTicket, replayed map[int64]bool) {
	beat := time.NewTicker(s.heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-sub.Done():
			s.metrics.streamsDropped.WithLabelValues(sub.Reason()).Inc()
			return
		case id := <-sub.IDs():
			ids := nextBatch(sub, id, replayed)
			if len(ids) == 0 {
				continue
			}
			qctx, cancel := context.WithTimeout(ctx, streamQueryTimeout)
			evs, err := s.store.GetUserEvents(qctx, ticket.UserID, ids)
			cancel()
			if err != nil {
				// the client reconnects and resumes from its last id
				s.log.Warn("live updates: reading events failed, stream ended", "user_id", ticket.UserID, "err", err)
				return
			}
			if err := st.send(evs); err != nil {
				return
			}
		case <-beat.C:
			// a deleted account or an ended session ends its streams
			if ok, err := s.sessionLives(ctx, ticket); err == nil && !ok {
				return
			}
			if err := st.write([]byte(": ping\n\n")); err != nil {
				return
			}
		}
	}
}

// nextBatch is id and any others already waiting, to be read at once (at
// most maxBatch), less those the replay sent.
func nextBatch(sub *events.Subscription, id int64, replayed map[int64]bool) []int64 {
	ids := make([]int64, 0, 8)
	for {
		if replayed[id] {
			delete(replayed, id) // sent by the replay
		} else {
			ids = append(ids, id)
		}
		if len(ids) == maxBatch {
			return ids
		}
		var more bool
		select {
		case id, more = <-sub.IDs():
		default:
		}
		if !more {
			return ids
		}
	}
}

// sessionLives says whether the ticket's account still exists and its
// session has not ended (logout, a new password) since the ticket was made.
func (s *Server) sessionLives(ctx context.Context, t store.EventTicket) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, streamQueryTimeout)
	defer cancel()
	u, err := s.store.GetUser(ctx, t.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return u.TokenVersion == t.TokenVersion, nil
}

// resumePoint is the id a stream resumes after: the Last-Event-ID header
// (an EventSource's own reconnect) or else the lastEventId parameter (the
// app's reconnect with a new ticket). Without either nothing is replayed.
func resumePoint(req *http.Request) (after int64, resume bool, err error) {
	v := req.Header.Get("Last-Event-ID")
	if v == "" {
		v = req.URL.Query().Get("lastEventId")
	}
	if v == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || len(v) > 19 {
		return 0, false, badRequest("lastEventId must be a whole number of 0 or more")
	}
	return n, true, nil
}

// stream writes to one client, each write bounded and flushed at once.
type stream struct {
	res *echo.Response
	rc  *http.ResponseController
	buf bytes.Buffer
}

// send writes events in the order given.
func (st *stream) send(evs []store.UserEvent) error {
	if len(evs) == 0 {
		return nil
	}
	st.buf.Reset()
	for _, e := range evs {
		st.buf.WriteString("id: ")
		st.buf.WriteString(strconv.FormatInt(e.ID, 10))
		st.buf.WriteString("\nevent: ")
		st.buf.WriteString(e.Kind)
		st.buf.WriteString("\ndata: ")
		// one line: a new line would end the field
		if err := json.Compact(&st.buf, e.Data); err != nil {
			st.buf.WriteString("{}")
		}
		st.buf.WriteString("\n\n")
	}
	return st.write(st.buf.Bytes())
}

func (st *stream) write(b []byte) error {
	// a client that does not read is dropped, not waited for; the deadline
	// also replaces the server's WriteTimeout, meant for ordinary answers
	_ = st.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	if _, err := st.res.Write(b); err != nil {
		return err
	}
	return st.flush()
}

func (st *stream) flush() error {
	_ = st.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	return st.rc.Flush()
}

// WatchEvents hears the database's user events and hands them to this
// instance's streams until ctx ends; without it running, no stream opens
// (503).
func (s *Server) WatchEvents(ctx context.Context) {
	s.store.WatchUserEvents(ctx, s.hub.SetListening, s.hub.Publish, func(err error) {
		s.log.Warn("live updates off: not hearing the database's events, retrying", "err", err)
	})
}
