package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// catalogueChannel is where the database announces catalogue changes
// (migration 00006).
const catalogueChannel = "catalogue_changed"

// userEventsChannel is where the database announces each user event as
// '<user id>:<event id>' (migration 00020).
const userEventsChannel = "user_events"

// WatchCatalogue listens for catalogue changes until ctx ends, on its own
// connection. It calls live(true) once listening (changes made before then
// were not heard), changed(what) for each change committed after that
// (what is "" for the catalogue's rows, NoticePriceReference for the price
// guide's reference catalogue), and live(false) when the connection is
// lost; it then reconnects, waiting a little longer after each failure, up
// to retryMax.
func (s *Store) WatchCatalogue(ctx context.Context, live func(bool), changed func(what string), onError func(error)) {
	s.watch(ctx, catalogueChannel, func(on bool) {
		// changes may have gone unheard: the replica must catch up with now
		s.fenceNow(ctx)
		// the categories remembered by name may have changed unheard
		s.categories.forget()
		s.rare.forget(on)
		s.typos.forget(on)
		s.areaCounts.forget(on)
		s.frontiers.forget(on)
		s.comparables.forget(on)
		live(on)
	}, func(what string) {
		if what == NoticePriceReference {
			// no row of the catalogue changed: nothing kept below is stale
			changed(what)
			return
		}
		// the replica must have replayed the change before it answers
		s.fenceNow(ctx)
		s.categories.forget()
		s.rare.forget(true)
		s.typos.forget(true)
		s.areaCounts.forget(true)
		s.frontiers.forget(true)
		s.comparables.forget(true)
		changed("")
	}, onError)
}

// WatchUserEvents listens for new user events until ctx ends, on its own
// connection, as WatchCatalogue does: live(true) once listening, heard for
// each event committed after that, live(false) when the connection is lost
// (events committed until it is back are not heard).
func (s *Store) WatchUserEvents(ctx context.Context, live func(bool), heard func(userID, eventID int64), onError func(error)) {
	s.watch(ctx, userEventsChannel, live, func(payload string) {
		u, e, ok := strings.Cut(payload, ":")
		userID, err1 := strconv.ParseInt(u, 10, 64)
		eventID, err2 := strconv.ParseInt(e, 10, 64)
		if ok && err1 == nil && err2 == nil {
			heard(userID, eventID)
		}
	}, onError)
}

// watch listens on channel until ctx ends, reconnecting after a loss.
func (s *Store) watch(ctx context.Context, channel string, live func(bool), heard func(payload string), onError func(error)) {
	const retryMax = 10 * time.Second
	delay := 250 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listen(ctx, channel, live, heard)
		if ctx.Err() != nil {
			return
		}
		if err != nil && onError != nil {
			onError(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay = min(delay*2, retryMax)
	}
}

// listen holds a connection of its own, made like the direct pool's
// (WithDirect): a pooler in transaction mode would hand the session that
// listens to other clients and its notices to nobody.
func (s *Store) listen(ctx context.Context, channel string, live func(bool), heard func(payload string)) error {
	conn, err := pgx.ConnectConfig(ctx, s.direct.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	live(true)
	defer live(false)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		heard(n.Payload)
	}
}
