package jobs_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"resale/jobs"
	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// The live stream's events older than a day, and the stream tickets that
// expired unused, are deleted by the leader's periodic job, though two
// instances run jobs; a recent event and a fresh ticket stay.
func TestOldEventsArePruned(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	u := newUser(t, s, "rahim")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`SELECT add_user_event($1, 'booking', '{}') FROM generate_series(1, 5)`, u.ID)
	exec(`UPDATE user_events SET created_at = now() - interval '25 hours' WHERE id IN (SELECT id FROM user_events ORDER BY id LIMIT 3)`)
	exec(`UPDATE user_events SET created_at = now() - interval '23 hours' WHERE id = (SELECT max(id) FROM user_events)`)
	exec(`INSERT INTO event_tickets (token_hash, user_id, token_version, expires_at)
		VALUES (decode(repeat('aa', 32), 'hex'), $1, 1, now() - interval '1 minute'),
		       (decode(repeat('bb', 32), 'hex'), $1, 1, now() + interval '1 minute')`, u.ID)

	logSender := &mail.Log{Logger: slog.New(slog.DiscardHandler)}
	for range 2 {
		startRunner(t, pool, logSender, func(o *jobs.Options) { o.PruneEventsEvery = 200 * time.Millisecond })
	}
	count := func(sql string) (n int) {
		if err := pool.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	waitFor(t, "the old events pruned", 20*time.Second, func() bool {
		return count("SELECT count(*) FROM user_events") == 2 && count("SELECT count(*) FROM event_tickets") == 1
	})
	if n := count("SELECT count(*) FROM user_events WHERE created_at < now() - interval '24 hours'"); n != 0 {
		t.Errorf("%d old events left", n)
	}
	if n := count("SELECT count(*) FROM event_tickets WHERE expires_at > now()"); n != 1 {
		t.Errorf("the fresh ticket went")
	}
}
