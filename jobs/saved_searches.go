package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"resale/store"
)

// DigestHour is the hour of the shop's day (Options.Location) at which the
// daily saved-search digests go out.
const DigestHour = 8

// matchWorker works store.MatchSavedSearchesArgs: a listing that just
// became available is matched against every saved search, and the users
// of the instant ones told. Its transaction records each match once, so a
// retry tells nobody twice.
type matchWorker struct {
	river.WorkerDefaults[store.MatchSavedSearchesArgs]
	store *store.Store
	log   *slog.Logger
}

// Work matches the listing.
func (w *matchWorker) Work(ctx context.Context, job *river.Job[store.MatchSavedSearchesArgs]) error {
	n, err := w.store.MatchNewListing(ctx, job.Args.ProductID)
	if n > 0 {
		w.log.Info("saved searches told of a new listing", "product_id", job.Args.ProductID, "count", n)
	}
	return err
}

// DigestArgs is the daily job that tells the users of daily saved
// searches how many new laptops matched (store.SendSavedSearchDigests).
type DigestArgs struct{}

// Kind names the job in River's table.
func (DigestArgs) Kind() string { return "saved_search_digest" }

// InsertOpts: a few attempts (a failed pass told no one), one queued at a
// time.
func (DigestArgs) InsertOpts() river.InsertOpts {
	o := ReleaseArgs{}.InsertOpts()
	o.MaxAttempts = 5
	return o
}

type digestWorker struct {
	river.WorkerDefaults[DigestArgs]
	store *store.Store
	log   *slog.Logger
}

// Work sends the digests.
func (w *digestWorker) Work(ctx context.Context, _ *river.Job[DigestArgs]) error {
	n, err := w.store.SendSavedSearchDigests(ctx)
	if n > 0 {
		w.log.Info("saved-search digests sent", "count", n)
	}
	return err
}

// dailyAt is a River schedule: every day at hour o'clock in loc.
type dailyAt struct {
	hour int
	loc  *time.Location
}

// Next is the first hour o'clock in loc after t.
func (d dailyAt) Next(t time.Time) time.Time {
	local := t.In(d.loc)
	next := time.Date(local.Year(), local.Month(), local.Day(), d.hour, 0, 0, 0, d.loc)
	if !next.After(t) {
		next = time.Date(local.Year(), local.Month(), local.Day()+1, d.hour, 0, 0, 0, d.loc)
	}
	return next
}

// digestJob is the periodic digest: queued by River's elected leader once
// a day at DigestHour in the shop's time zone. A day the leader missed
// (all instances down) leaves its matches waiting for the next digest.
func digestJob(loc *time.Location) *river.PeriodicJob {
	return river.NewPeriodicJob(dailyAt{hour: DigestHour, loc: loc},
		func() (river.JobArgs, *river.InsertOpts) { return DigestArgs{}, nil },
		&river.PeriodicJobOpts{ID: DigestArgs{}.Kind()})
}
