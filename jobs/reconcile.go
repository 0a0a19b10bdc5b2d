package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// ReconcileArgs is the periodic job that makes one pass of payment
// reconciliation (payments.Service.Reconcile). It carries nothing: every
// pass looks at all money in flight.
type ReconcileArgs struct{}

// Kind names the job in River's table.
func (ReconcileArgs) Kind() string { return "reconcile_payments" }

// InsertOpts: one attempt, since the next pass comes an interval later and
// retries what this one could not; and no pass is queued while another is
// waiting or running, so a slow pass is never overlapped by the next.
func (ReconcileArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		}},
	}
}

// reconcileWorker runs the pass main wires in (jobs knows no Stripe).
type reconcileWorker struct {
	river.WorkerDefaults[ReconcileArgs]
	pass    func(context.Context) error
	timeout time.Duration
}

// Timeout lets a pass run longer than an email: it walks every unsettled
// booking with a call to Stripe for each.
func (w *reconcileWorker) Timeout(*river.Job[ReconcileArgs]) time.Duration { return w.timeout }

// Work makes the pass; a failure is logged by River and left to the next.
func (w *reconcileWorker) Work(ctx context.Context, _ *river.Job[ReconcileArgs]) error {
	return w.pass(ctx)
}

// reconcileJob is the periodic job: River's elected leader, one instance
// among all of them, queues a pass at start and then every interval, and
// whichever instance's worker takes it runs it.
func reconcileJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return ReconcileArgs{}, nil },
		&river.PeriodicJobOpts{ID: ReconcileArgs{}.Kind(), RunOnStart: true})
}
