// Package jobs runs Resale's background work on River
// (github.com/riverqueue/river): jobs kept in PostgreSQL, inserted in the
// transaction of the event that causes them, worked once across every
// instance (a job is locked by the worker that takes it), retried with
// backoff, and rescued when the instance working one dies. The jobs: the
// email of a notification (email.go), the email of an account link
// (account_email.go), forgot-password's look-up and the email telling an
// account someone tried to sign up with its address (account_requests.go),
// and two periodic passes that River's elected leader
// queues once per interval for all instances: payment reconciliation
// (reconcile.go), the release of reservations and the end of
// advertisements that ran out (release.go), the pruning of the live
// stream's old events (events.go), and saved searches: each new listing
// matched by a job queued with it, and a daily digest (saved_searches.go).
// #35 (sms.go): codes sent by SMS, once each within SMS_DAILY_LIMIT, the
// SMS of key notifications whose email does not reach their person, and a
// periodic pass reminding both sides of an accepted booking before its
// reservation ends. #37 (push.go): notifications pushed to the browsers
// their users enabled, once each. #39 (price_verdicts.go): a periodic walk
// judging every live listing's price verdict again, a chain of short jobs.
package jobs

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"resale/auth"
	"resale/mail"
	"resale/notify"
	"resale/store"
)

// Options is what the jobs need.
type Options struct {
	Store  *store.Store
	Logger *slog.Logger
	// Mail sends the emails (SMTP, or the log).
	Mail mail.Sender
	// Unsubscribe makes the one-click tokens of the emails' links.
	Unsubscribe *notify.Unsubscriber
	// PublicURL is the shop's address, for the links in emails and the
	// Message-ID's domain.
	PublicURL *url.URL
	// Shop is the shop's name in emails.
	Shop string
	// Secret is the server's secret (JWT_SECRET): the links of account
	// emails are made from it (auth.AccountTokens).
	Secret []byte

	// MailWorkers is how many emails one instance sends at once; 0 is 4.
	MailWorkers int
	// RetryBase is the wait before the first retry of an email, doubled
	// for each further one up to two hours; 0 is 30 seconds.
	RetryBase time.Duration
	// GiveUpAfter is how long after its notification an email is tried;
	// 0 is 24 hours.
	GiveUpAfter time.Duration
	// JobTimeout bounds one attempt; 0 is a minute.
	JobTimeout time.Duration
	// RescueAfter is how long a job may stay running before it is taken
	// for dead (its instance crashed) and run again; 0 is five minutes.
	// It must be longer than JobTimeout.
	RescueAfter time.Duration
	// Reconcile is a pass of payment reconciliation, run as a periodic job
	// every ReconcileEvery (and once at start); nil (card payments off)
	// runs none. main passes payments.Service.Reconcile, so this package
	// needs no Stripe.
	Reconcile func(context.Context) error
	// ReconcileEvery is the interval of Reconcile; 0 is a minute.
	ReconcileEvery time.Duration
	// ReleaseEvery is how often the reservations that ran out are
	// released, the advertisements and listings that ran out ended and
	// the sellers of listings about to end told; 0 is a minute.
	ReleaseEvery time.Duration
	// Location is the shop's time zone, for the dates in notifications;
	// nil is UTC.
	Location *time.Location
	// ReservationLength is how long a reservation lasts; 0 is
	// store.ReservationLength (tests shorten it).
	ReservationLength time.Duration
	// PruneEventsEvery is how often the live stream's old events are
	// deleted; 0 is an hour.
	PruneEventsEvery time.Duration
	// SuggestEvery is how often the suggestions while typing are counted
	// afresh (#36); 0 is ten minutes.
	SuggestEvery time.Duration
	// JudgePricesEvery is how often every live listing's price verdict is
	// judged again (#39, price_verdicts.go); 0 is six hours.
	// JudgePricesBatch is how many listings a batch of that walk judges;
	// 0 is 500 (tests make it small to walk a chain of jobs).
	JudgePricesEvery time.Duration
	JudgePricesBatch int

	// SMS sends text messages (SMS_URL, #35); nil is SMS off: codes and
	// SMS notifications are never queued then.
	SMS SMSSender
	// SMSDailyLimit caps the messages the shop sends a day, across every
	// instance; 0 is 500.
	SMSDailyLimit int
	// RemindBefore is how long before an accepted booking's reservation
	// ends its buyer and seller are reminded (#35); 0 is 12 hours.
	// RemindEvery is how often that is looked for; 0 is ReleaseEvery.
	RemindBefore time.Duration
	RemindEvery  time.Duration

	// Push sends notifications to browsers (VAPID_PUBLIC_KEY, #37); nil
	// is push off: the jobs queued for browsers do nothing.
	Push PushSender

	// TestOnly starts River without its production start-up jitter.
	TestOnly bool
	// NotLeader keeps this runner out of River's leader election, so it
	// runs none of River's upkeep (rescuing stuck jobs, scheduling
	// retries); another runner must. For short-lived workers in tests.
	NotLeader bool
}

// Runner works the jobs of one instance.
type Runner struct {
	client *river.Client[pgx.Tx]
	log    *slog.Logger
}

// New prepares the runner; Start starts it. pool should be a pool of its
// own, so that workers and River's listener never take the connections
// the web requests need.
func New(pool *pgxpool.Pool, opts Options) (*Runner, error) {
	if opts.Store == nil || opts.Mail == nil || opts.Unsubscribe == nil || opts.PublicURL == nil || len(opts.Secret) < 32 {
		return nil, errors.New("jobs: Store, Mail, Unsubscribe, PublicURL and a Secret of 32 bytes are required")
	}
	opts = withDefaults(opts)
	workers, err := newWorkers(opts)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	var periodic []*river.PeriodicJob
	if !opts.NotLeader { // River queues periodic jobs from its leader only
		periodic = append(periodic, releaseJob(opts.ReleaseEvery), endAdsJob(opts.ReleaseEvery), expireJob(opts.ReleaseEvery),
			pruneEventsJob(opts.PruneEventsEvery), pruneListingDaysJob(opts.PruneEventsEvery), digestJob(cmp.Or(opts.Location, time.UTC)), remindJob(opts.RemindEvery), suggestJob(opts.SuggestEvery),
			judgePricesJob(opts.JudgePricesEvery))
	}
	if opts.Reconcile != nil {
		// a pass may run until just before River would take it for dead
		w := &reconcileWorker{pass: opts.Reconcile, timeout: opts.RescueAfter * 4 / 5}
		if err := river.AddWorkerSafely(workers, w); err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		periodic = append(periodic, reconcileJob(opts.ReconcileEvery))
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			store.QueueMail:    {MaxWorkers: opts.MailWorkers},
			river.QueueDefault: {MaxWorkers: 2},
		},
		Workers:                workers,
		PeriodicJobs:           periodic,
		Logger:                 opts.Logger.With("component", "jobs"),
		JobTimeout:             opts.JobTimeout,
		RescueStuckJobsAfter:   opts.RescueAfter,
		TestOnly:               opts.TestOnly,
		LeaderElectionDisabled: opts.NotLeader,
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return &Runner{client: client, log: opts.Logger}, nil
}

// withDefaults fills the options left zero with their defaults.
func withDefaults(opts Options) Options {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Shop == "" {
		opts.Shop = "Resale"
	}
	opts.MailWorkers = defaultTo(opts.MailWorkers, 4)
	opts.RetryBase = defaultTo(opts.RetryBase, 30*time.Second)
	opts.GiveUpAfter = defaultTo(opts.GiveUpAfter, 24*time.Hour)
	opts.JobTimeout = defaultTo(opts.JobTimeout, time.Minute)
	opts.RescueAfter = defaultTo(opts.RescueAfter, 5*time.Minute)
	opts.ReconcileEvery = defaultTo(opts.ReconcileEvery, time.Minute)
	opts.ReleaseEvery = defaultTo(opts.ReleaseEvery, time.Minute)
	opts.ReservationLength = defaultTo(opts.ReservationLength, store.ReservationLength)
	opts.PruneEventsEvery = defaultTo(opts.PruneEventsEvery, time.Hour)
	opts.SMSDailyLimit = defaultTo(opts.SMSDailyLimit, 500)
	opts.RemindBefore = defaultTo(opts.RemindBefore, 12*time.Hour)
	opts.RemindEvery = defaultTo(opts.RemindEvery, opts.ReleaseEvery)
	opts.SuggestEvery = defaultTo(opts.SuggestEvery, 10*time.Minute)
	opts.JudgePricesEvery = defaultTo(opts.JudgePricesEvery, 6*time.Hour)
	opts.JudgePricesBatch = defaultTo(opts.JudgePricesBatch, 500)
	return opts
}

// newWorkers registers every worker but reconciliation's (which runs only
// with card payments on).
func newWorkers(opts Options) (*river.Workers, error) {
	workers := river.NewWorkers()
	email := &emailWorker{opts: opts}
	account := &accountEmailWorker{opts: opts, tokens: auth.NewAccountTokens(opts.Secret), retry: email}
	err := errors.Join(
		river.AddWorkerSafely(workers, email),
		river.AddWorkerSafely(workers, account),
		// #31 forgot-password's look-up, and the email of a sign-up tried
		// with a taken address
		river.AddWorkerSafely(workers, &forgotWorker{store: opts.Store, tokens: account.tokens, log: opts.Logger}),
		river.AddWorkerSafely(workers, &signupAttemptWorker{opts: opts, retry: email}),
		river.AddWorkerSafely(workers, &releaseWorker{store: opts.Store, after: opts.ReservationLength, log: opts.Logger}),
		river.AddWorkerSafely(workers, &endAdsWorker{store: opts.Store, log: opts.Logger}),
		river.AddWorkerSafely(workers, &expireWorker{store: opts.Store, loc: cmp.Or(opts.Location, time.UTC), log: opts.Logger}),
		river.AddWorkerSafely(workers, &pruneEventsWorker{store: opts.Store, keep: EventsKeep, log: opts.Logger}),
		// #20 saved searches: new listings matched, and the daily digests
		river.AddWorkerSafely(workers, &matchWorker{store: opts.Store, log: opts.Logger}),
		river.AddWorkerSafely(workers, &digestWorker{store: opts.Store, log: opts.Logger}),
		// #35 codes by SMS
		river.AddWorkerSafely(workers, &phoneCodeWorker{opts: opts, codes: auth.NewPhoneCodes(opts.Secret)}),
		river.AddWorkerSafely(workers, &smsNoticeWorker{opts: opts}),
		river.AddWorkerSafely(workers, &remindWorker{opts: opts}),
		// #37 notifications pushed to browsers
		river.AddWorkerSafely(workers, &pushWorker{opts: opts}),
		// #36 suggestions while typing, counted afresh
		river.AddWorkerSafely(workers, &suggestWorker{store: opts.Store, log: opts.Logger}),
		// #37 per-listing numbers: the old days and keys deleted
		river.AddWorkerSafely(workers, &pruneListingDaysWorker{store: opts.Store, loc: cmp.Or(opts.Location, time.UTC), log: opts.Logger}),
		// #39 price verdicts judged again as the comparables change
		river.AddWorkerSafely(workers, &judgePricesWorker{store: opts.Store, batch: opts.JudgePricesBatch, log: opts.Logger}),
	)
	if err != nil {
		return nil, err
	}
	return workers, nil
}

// Start begins working jobs in the background until Stop.
func (r *Runner) Start(ctx context.Context) error {
	if err := r.client.Start(ctx); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	return nil
}

// Stop lets jobs in progress finish until ctx ends, then cancels the rest
// (they are retried later, here or on another instance).
func (r *Runner) Stop(ctx context.Context) error {
	err := r.client.Stop(ctx)
	if err == nil {
		return nil
	}
	r.log.Warn("jobs did not finish in time; cancelling them", "err", err)
	cancelCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return r.client.StopAndCancel(cancelCtx)
}

func defaultTo[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
