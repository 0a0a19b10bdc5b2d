package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// catalogueChannel is where the database announces catalogue changes
// (migration 00006).
const catalogueChannel = "catalogue_changed"

// WatchCatalogue listens for catalogue changes until ctx ends, on its own
// connection. It calls live(true) once listening (changes made before then
// were not heard), changed() for each change committed after that, and
// live(false) when the connection is lost; it then reconnects, waiting a
// little longer after each failure, up to retryMax.
func (s *Store) WatchCatalogue(ctx context.Context, live func(bool), changed func(), onError func(error)) {
	const retryMax = 10 * time.Second
	delay := 250 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listen(ctx, live, changed)
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

func (s *Store) listen(ctx context.Context, live func(bool), changed func()) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+catalogueChannel); err != nil {
		return err
	}
	// the categories remembered by name may have changed unheard
	s.categories.forget()
	live(true)
	defer live(false)
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		s.categories.forget()
		changed()
	}
}
