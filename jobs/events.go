package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"resale/store"
)

// EventsKeep is how long the live stream's events are kept: a stream
// resumes from its last id within that time (a client away longer
// refreshes its lists instead).
const EventsKeep = 24 * time.Hour

// PruneEventsArgs is the periodic job that deletes the live stream's
// events older than EventsKeep, and the stream tickets that expired
// unused (store.PruneUserEvents).
type PruneEventsArgs struct{}

// Kind names the job in River's table.
func (PruneEventsArgs) Kind() string { return "prune_user_events" }

// InsertOpts: as for the releases, one attempt and one queued at a time;
// the next pass deletes what this one left.
func (PruneEventsArgs) InsertOpts() river.InsertOpts { return ReleaseArgs{}.InsertOpts() }

type pruneEventsWorker struct {
	river.WorkerDefaults[PruneEventsArgs]
	store *store.Store
	keep  time.Duration
	log   *slog.Logger
}

// Work deletes what is too old, and the mail folds no email waits on
// (store.PruneMailFolds).
func (w *pruneEventsWorker) Work(ctx context.Context, _ *river.Job[PruneEventsArgs]) error {
	n, err := w.store.PruneUserEvents(ctx, w.keep)
	if n > 0 {
		w.log.Info("live events pruned", "count", n, "older_than", w.keep)
	}
	if err != nil {
		return err
	}
	_, err = w.store.PruneMailFolds(ctx)
	return err
}

// pruneEventsJob is the periodic job, queued by River's elected leader.
func pruneEventsJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return PruneEventsArgs{}, nil },
		&river.PeriodicJobOpts{ID: PruneEventsArgs{}.Kind(), RunOnStart: true})
}
