package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"resale/store"
)

// ListingDaysKeep is how many days of per-listing numbers (#37) are kept:
// the seller's charts show 30.
const ListingDaysKeep = 90

// PruneListingDaysArgs is the periodic job that deletes the per-listing
// numbers older than ListingDaysKeep days and the keys of past days that
// stopped them counting twice (store.PruneListingNumbers).
type PruneListingDaysArgs struct{}

// Kind names the job in River's table.
func (PruneListingDaysArgs) Kind() string { return "prune_listing_days" }

// InsertOpts: as for the releases, one attempt and one queued at a time;
// the next pass deletes what this one left.
func (PruneListingDaysArgs) InsertOpts() river.InsertOpts { return ReleaseArgs{}.InsertOpts() }

type pruneListingDaysWorker struct {
	river.WorkerDefaults[PruneListingDaysArgs]
	store *store.Store
	loc   *time.Location
	log   *slog.Logger
}

// Work deletes what is too old, by the shop's calendar.
func (w *pruneListingDaysWorker) Work(ctx context.Context, _ *river.Job[PruneListingDaysArgs]) error {
	keys, days, err := w.store.PruneListingNumbers(ctx, time.Now().In(w.loc), ListingDaysKeep)
	if keys > 0 || days > 0 {
		w.log.Info("listing numbers pruned", "keys", keys, "days", days)
	}
	return err
}

// pruneListingDaysJob is the periodic job, queued by River's elected leader.
func pruneListingDaysJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return PruneListingDaysArgs{}, nil },
		&river.PeriodicJobOpts{ID: PruneListingDaysArgs{}.Kind(), RunOnStart: true})
}
