package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"resale/store"
)

// ReleaseArgs is the periodic job that releases the reservations that ran
// out (store.ReleaseExpiredReservations): an accepted booking that saw no
// hand-over, payment or decline for store.ReservationLength.
type ReleaseArgs struct{}

// Kind names the job in River's table.
func (ReleaseArgs) Kind() string { return "release_reservations" }

// InsertOpts: like reconciliation, one attempt and never two queued at
// once; the next pass retries what this one could not.
func (ReleaseArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		}},
	}
}

type releaseWorker struct {
	river.WorkerDefaults[ReleaseArgs]
	store *store.Store
	after time.Duration
	log   *slog.Logger
}

// Work releases every reservation older than the reservation length; each
// is its own transaction, so a failure keeps what was done.
func (w *releaseWorker) Work(ctx context.Context, _ *river.Job[ReleaseArgs]) error {
	n, err := w.store.ReleaseExpiredReservations(ctx, w.after)
	if n > 0 {
		w.log.Info("reservations released: no hand-over, payment or decline in time", "count", n)
	}
	return err
}

// releaseJob is the periodic job: queued by River's elected leader, one
// instance among all of them, at start and then every interval.
func releaseJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return ReleaseArgs{}, nil },
		&river.PeriodicJobOpts{ID: ReleaseArgs{}.Kind(), RunOnStart: true})
}

// EndAdsArgs is the periodic job that ends the advertisements whose days
// are over (store.EndAdvertisements): they leave Urgent Sell, and the
// change drops every instance's kept catalogue answers.
type EndAdsArgs struct{}

// Kind names the job in River's table.
func (EndAdsArgs) Kind() string { return "end_advertisements" }

// InsertOpts: as for the releases, one attempt and one queued at a time.
func (EndAdsArgs) InsertOpts() river.InsertOpts { return ReleaseArgs{}.InsertOpts() }

type endAdsWorker struct {
	river.WorkerDefaults[EndAdsArgs]
	store *store.Store
	log   *slog.Logger
}

// Work ends what ran out.
func (w *endAdsWorker) Work(ctx context.Context, _ *river.Job[EndAdsArgs]) error {
	n, err := w.store.EndAdvertisements(ctx)
	if n > 0 {
		w.log.Info("advertisements ended: their days are over", "count", n)
	}
	return err
}

func endAdsJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return EndAdsArgs{}, nil },
		&river.PeriodicJobOpts{ID: EndAdsArgs{}.Kind(), RunOnStart: true})
}

// ExpireArgs is the periodic job of the listings' life: it tells the
// sellers whose listings end within store.ExpiryWarning
// (store.WarnExpiringListings), then takes those whose period is over out
// of the catalogue (store.ExpireListings).
type ExpireArgs struct{}

// Kind names the job in River's table.
func (ExpireArgs) Kind() string { return "expire_listings" }

// InsertOpts: as for the releases, one attempt and one queued at a time.
func (ExpireArgs) InsertOpts() river.InsertOpts { return ReleaseArgs{}.InsertOpts() }

type expireWorker struct {
	river.WorkerDefaults[ExpireArgs]
	store *store.Store
	loc   *time.Location
	log   *slog.Logger
}

// Work tells the sellers, then ends what ran out.
func (w *expireWorker) Work(ctx context.Context, _ *river.Job[ExpireArgs]) error {
	told, err := w.store.WarnExpiringListings(ctx, store.ExpiryWarning, w.loc)
	if told > 0 {
		w.log.Info("sellers told their listings end soon", "count", told)
	}
	if err != nil {
		return err
	}
	n, err := w.store.ExpireListings(ctx)
	if n > 0 {
		w.log.Info("listings expired: their days are over", "count", n)
	}
	return err
}

func expireJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return ExpireArgs{}, nil },
		&river.PeriodicJobOpts{ID: ExpireArgs{}.Kind(), RunOnStart: true})
}
