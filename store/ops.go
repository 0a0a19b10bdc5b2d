package store

import (
	"context"
	"time"
)

// JobCount is how many of River's jobs of one kind are in one state.
type JobCount struct {
	Kind, State string
	Count       int64
}

// OpsStats is what an operator watches in the database, read at each
// metrics scrape: the job queue (emails, reconciliation) and money waiting
// to go back to a buyer.
type OpsStats struct {
	// Jobs counts jobs by kind and state, every state but completed (River
	// keeps completed jobs a day and discarded ones a week).
	Jobs []JobCount
	// LastCompleted is, by kind, when a job last completed.
	LastCompleted map[string]time.Time
	// RefundsRequired counts payments kept with status refund_required,
	// a booking's or a paid promotion's: reconciliation refunds them, so
	// they should not stay.
	RefundsRequired int64
}

// OpsStats reads the queue's and the payments' state in three small
// queries.
func (s *Store) OpsStats(ctx context.Context) (OpsStats, error) {
	out := OpsStats{LastCompleted: map[string]time.Time{}}
	rows, err := s.pool.Query(ctx, "SELECT kind, state::text, count(*) FROM river_job WHERE state <> 'completed' GROUP BY 1, 2 ORDER BY 1, 2")
	if err != nil {
		return out, translate(err)
	}
	for rows.Next() {
		var c JobCount
		if err := rows.Scan(&c.Kind, &c.State, &c.Count); err != nil {
			rows.Close()
			return out, translate(err)
		}
		out.Jobs = append(out.Jobs, c)
	}
	if err := rows.Err(); err != nil {
		return out, translate(err)
	}
	rows, err = s.pool.Query(ctx, "SELECT kind, max(finalized_at) FROM river_job WHERE state = 'completed' AND finalized_at IS NOT NULL GROUP BY 1")
	if err != nil {
		return out, translate(err)
	}
	for rows.Next() {
		var kind string
		var at time.Time
		if err := rows.Scan(&kind, &at); err != nil {
			rows.Close()
			return out, translate(err)
		}
		out.LastCompleted[kind] = at
	}
	if err := rows.Err(); err != nil {
		return out, translate(err)
	}
	err = s.pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM payments WHERE status = $1) + (SELECT count(*) FROM promotions WHERE status = $2)",
		PaymentRefundRequired, PromotionRefundRequired).Scan(&out.RefundsRequired)
	return out, translate(err)
}
