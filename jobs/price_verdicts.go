package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"resale/store"
)

// JudgePricesArgs is the periodic pass that judges every live listing's
// price verdict again (#39; store.JudgePrices): its comparables change as
// listings come, sell and go. One job judges at most judgeBatchesPerJob
// batches after AfterID, each batch a read and one short write, then
// queues the next job from where it stopped; so a million listings are
// walked by a chain of short jobs, never one long transaction, and a job
// cut short costs only its own batches (the next pass judges them).
type JudgePricesArgs struct {
	AfterID int64 `json:"after_id"`
}

// Kind names the job in River's table.
func (JudgePricesArgs) Kind() string { return "judge_prices" }

// InsertOpts: one attempt (the next pass retries), and one job for a
// place of the walk queued at a time.
func (JudgePricesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		}},
	}
}

// judgeBatchesPerJob bounds one job of the walk: 10 batches of 500 listings.
const judgeBatchesPerJob = 10

type judgePricesWorker struct {
	river.WorkerDefaults[JudgePricesArgs]
	store *store.Store
	batch int
	log   *slog.Logger
}

// Work judges the listings after the job's place, a batch at a time, and
// queues the walk's next job unless it reached the end.
func (w *judgePricesWorker) Work(ctx context.Context, job *river.Job[JudgePricesArgs]) error {
	after, total := job.Args.AfterID, int64(0)
	start := time.Now()
	for range judgeBatchesPerJob {
		next, changed, err := w.store.JudgePrices(ctx, after, w.batch)
		total += changed
		if err != nil {
			return err
		}
		if after = next; after == 0 {
			break
		}
	}
	if total > 0 || after == 0 {
		w.log.Info("price verdicts judged", "from", job.Args.AfterID, "to", after, "changed", total, "took", time.Since(start).Round(time.Millisecond))
	}
	if after == 0 {
		return nil
	}
	_, err := river.ClientFromContext[pgx.Tx](ctx).Insert(ctx, JudgePricesArgs{AfterID: after}, nil)
	return err
}

// judgePricesJob is the periodic pass, queued by River's elected leader
// every interval (not at start: a restart need not walk the catalogue).
func judgePricesJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return JudgePricesArgs{}, nil },
		&river.PeriodicJobOpts{ID: JudgePricesArgs{}.Kind()})
}
