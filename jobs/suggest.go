package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"resale/store"
)

// SuggestArgs is the periodic job that makes the suggestions while typing
// again from the live listings (#36, store.RefreshSuggestions): their
// brands, models and spec phrases with their counts.
type SuggestArgs struct{}

// Kind names the job in River's table.
func (SuggestArgs) Kind() string { return "refresh_suggestions" }

// InsertOpts: as for the releases, one attempt and one queued at a time;
// the next pass makes them again anyway.
func (SuggestArgs) InsertOpts() river.InsertOpts { return ReleaseArgs{}.InsertOpts() }

type suggestWorker struct {
	river.WorkerDefaults[SuggestArgs]
	store *store.Store
	log   *slog.Logger
}

// Timeout: at a million listings a count takes longer than other jobs.
func (w *suggestWorker) Timeout(*river.Job[SuggestArgs]) time.Duration {
	return store.SuggestRefreshTimeout
}

// Work counts them afresh.
func (w *suggestWorker) Work(ctx context.Context, _ *river.Job[SuggestArgs]) error {
	start := time.Now()
	err := w.store.RefreshSuggestions(ctx)
	w.log.Debug("suggestions made again", "took", time.Since(start).Round(time.Millisecond), "err", err)
	return err
}

// suggestJob is the periodic job, queued by River's elected leader, at
// start and then every interval.
func suggestJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return SuggestArgs{}, nil },
		&river.PeriodicJobOpts{ID: SuggestArgs{}.Kind(), RunOnStart: true})
}
