// Command resale is the whole Resale marketplace in one executable: the
// JSON API, the web app, the database migrations and the admin tools.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	_ "time/tzdata" // the shop's time zone must resolve on any machine

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"resale/api"
	"resale/auth"
	"resale/demo"
	jobsrunner "resale/jobs"
	"resale/mail"
	"resale/media"
	"resale/migrations"
	"resale/notify"
	"resale/payments"
	"resale/push"
	"resale/sms"
	"resale/store"
)

// errUsage marks a command line that does not fit any command.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the program: it returns the exit code instead of exiting so tests
// can drive every subcommand.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	if cmd == "help" && len(args) == 1 && commandHelp[args[0]] != "" {
		fmt.Fprint(stdout, commandHelp[args[0]])
		return 0
	}
	if help, ok := commandHelp[cmd]; ok && wantsHelp(args) {
		// before the settings are read: help works on a server not yet
		// configured, and changes nothing
		fmt.Fprint(stdout, help)
		return 0
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" || cmd == "-help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if cmd == "version" || cmd == "--version" {
		// needs no settings: it must work on a server not yet configured
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	if cmd == "vapid-keys" {
		// needs no settings: it makes the ones push needs
		return vapidKeysCommand(stdout)
	}
	if cmd == "doctor" {
		// reads the settings itself, to report every bad one
		return doctorCommand(ctx, args, getenv, stdout, stderr)
	}
	commands := map[string]func(context.Context, *config, *slog.Logger, []string, io.Writer) error{
		"serve":   serveCommand,
		"migrate": migrateCommand,
		"admin":   adminCommand,
		"seed":    seedCommand,
		"backup":  backupCommand,
		"restore": restoreCommand,
	}
	command, ok := commands[cmd]
	if !ok {
		fmt.Fprintf(stderr, "resale: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		fmt.Fprintf(stderr, "resale: %v\n", err)
		return 2
	}
	// the log's lines gathered into one write a batch (logwriter.go),
	// all written before run returns
	logOut := newLogWriter(stderr)
	logger := newLogger(cfg.LogFormat, cfg.LogLevel, logOut)
	// the store's debug lines (a list's plan) go through the default
	slog.SetDefault(logger)
	err = command(ctx, cfg, logger, args, stdout)
	logOut.Close()
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "resale: %v\n\n%s", err, commandHelp[cmd])
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "resale: %v\n", err)
		return 1
	}
	return 0
}

func newLogger(format string, level slog.Level, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDatabase connects (waiting for a server that is still starting) and
// brings the schema up to date under the migration lock. With
// MIGRATION_DATABASE_URL the schema's owner migrates and grants the
// server's own role data access only. Behind a pooler (DATABASE_DIRECT_URL
// set) the pool takes the pooler's way of querying and the migrations,
// which hold a session lock, run on a direct connection.
func openDatabase(ctx context.Context, cfg *config, logger *slog.Logger) (*pgxpool.Pool, error) {
	onRetry := func(attempt int, err error) {
		logger.Warn("database not reachable yet, retrying", "attempt", attempt, "err", err)
	}
	open := store.OpenSized
	if cfg.behindPooler() {
		open = store.OpenBehindPooler
	}
	pool, err := open(ctx, cfg.DatabaseURL, cfg.DatabaseMaxConns, cfg.DBConnectWait, onRetry)
	if err != nil {
		return nil, databaseError(err)
	}
	owner, ownerURL := pool, cfg.MigrationURL
	if ownerURL == "" && cfg.behindPooler() {
		ownerURL = cfg.DirectURL
	}
	if ownerURL != "" {
		if owner, err = store.OpenSized(ctx, ownerURL, 2, cfg.DBConnectWait, onRetry); err != nil {
			pool.Close()
			return nil, fmt.Errorf("%s: %w", map[bool]string{true: "MIGRATION_DATABASE_URL", false: "DATABASE_DIRECT_URL"}[cfg.MigrationURL != ""], err)
		}
		defer owner.Close()
	}
	if err := migrate(ctx, cfg, owner, pool, logger); err != nil {
		pool.Close()
		return nil, err
	}
	if cfg.behindPooler() {
		warnSessionDefaults(ctx, pool, logger)
	}
	return pool, nil
}

// migrate applies the shop's and River's migrations as owner and, with
// MIGRATION_DATABASE_URL, grants pool's role data access.
func migrate(ctx context.Context, cfg *config, owner, pool *pgxpool.Pool, logger *slog.Logger) error {
	db := stdlib.OpenDBFromPool(owner)
	defer db.Close()
	n, err := migrations.Up(ctx, db, nil)
	if err == nil {
		// River's own tables, for the job queue (jobs/)
		var r int
		r, err = jobsrunner.Migrate(ctx, owner, logger)
		n += r
	}
	if err == nil && cfg.MigrationURL != "" {
		err = store.GrantDataAccess(ctx, owner, pool.Config().ConnConfig.User)
	}
	if err != nil {
		return err
	}
	if n > 0 {
		logger.Info("database migrated", "applied", n)
	}
	return nil
}

// warnSessionDefaults logs the session settings a pooler's connections
// lack (they are set in its connect_query, docs/scaling.md): the shop works
// without them, but with no bound on a stuck statement and with plans made
// afresh.
func warnSessionDefaults(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger) {
	missing, err := store.SessionDefaultsMissing(ctx, pool)
	if err != nil {
		logger.Warn("reading the session settings through DATABASE_URL", "err", err)
		return
	}
	if len(missing) > 0 {
		logger.Warn("DATABASE_URL's pooler does not set these on its connections: add them to its connect_query (docs/scaling.md)", "settings", strings.Join(missing, ", "))
	}
}

// databaseHint is what to check when DATABASE_URL does not connect
// (doctor says the same).
const databaseHint = "check DATABASE_URL (host, port, database, user, password), that PostgreSQL runs and that pg_hba.conf lets this role in"

// databaseError names DATABASE_URL and what to check in a failure to
// connect to it.
func databaseError(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	// pgx joins the errors of each address it tried on lines of their own
	msg := strings.Join(strings.FieldsFunc(err.Error(), func(r rune) bool { return r == '\n' }), " ")
	return fmt.Errorf("DATABASE_URL: %s; %s", strings.ReplaceAll(msg, "\t", ""), databaseHint)
}

func migrateCommand(ctx context.Context, cfg *config, logger *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) != 1 || (args[0] != "up" && args[0] != "status") {
		return fmt.Errorf("%w: migrate takes up or status", errUsage)
	}
	if args[0] == "up" {
		pool, err := openDatabase(ctx, cfg, logger)
		if err != nil {
			return err
		}
		pool.Close()
		fmt.Fprintln(stdout, "database is up to date")
		return nil
	}
	pool, err := store.Open(ctx, cfg.DirectURL, cfg.DBConnectWait, nil)
	if err != nil {
		return databaseError(err)
	}
	defer pool.Close()
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	list, err := migrations.List(ctx, db)
	if err != nil {
		return err
	}
	for _, m := range list {
		state := "pending"
		if m.Applied {
			state = "applied"
		}
		fmt.Fprintf(stdout, "%-8s %s\n", state, m.Name)
	}
	return nil
}

// seedCommand fills the shop with demo data.
func seedCommand(ctx context.Context, cfg *config, logger *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	demoData := fs.Bool("demo", false, "")
	bulk := fs.Int("products", 0, "")
	if err := fs.Parse(args); err != nil || !*demoData || fs.NArg() != 0 || *bulk < 0 {
		return fmt.Errorf("%w: seed takes --demo [--products N]", errUsage)
	}
	uploads, pool, err := openStores(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer uploads.Close()
	defer pool.Close()
	hash := func(pw string) (string, error) { return auth.HashPassword(ctx, pw) }
	if *bulk > 0 {
		start := time.Now()
		n, err := demo.Bulk(ctx, store.New(pool), uploads, hash, *bulk, time.Now())
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "added %d products in %s\n", n, time.Since(start).Round(time.Millisecond))
		return nil
	}
	sum, err := demo.Seed(ctx, store.New(pool), uploads, hash, time.Now())
	if errors.Is(err, demo.ErrSeeded) {
		fmt.Fprintln(stdout, "the demo data is already there; nothing to do")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "demo shop ready: %d accounts, %d products (%d advertised, %d sold), %d bookings\n", sum.Users, sum.Products, sum.Advertised, sum.Sold, sum.Bookings)
	fmt.Fprintf(stdout, "sign in as rahim.computers@demo.resale (seller) or buyer@demo.resale (buyer), password %s\n", demo.Password)
	fmt.Fprintf(stdout, "sign in as the admin: %s, password %s (made for this shop, shown only now)\n", demo.AdminEmail, sum.AdminPassword)
	return nil
}

// openUploads opens where photos are kept: the S3_ENDPOINT bucket (made
// when missing) or else the UPLOAD_DIR folder.
func openUploads(ctx context.Context, cfg *config) (media.Storage, error) {
	if cfg.S3.Endpoint == "" {
		d, err := media.OpenDir(cfg.UploadDir)
		if err != nil {
			return nil, fmt.Errorf("UPLOAD_DIR: %w", err)
		}
		// doctor's probe: a folder the server cannot write would start,
		// then answer every upload 500
		if err := probeWrite(cfg.UploadDir); err != nil {
			d.Close()
			return nil, fmt.Errorf("UPLOAD_DIR: cannot write in %s: %w; give the service's user write access to it", cfg.UploadDir, err)
		}
		return d, nil
	}
	// an unreachable store fails the start in bounded time, with the cause
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	s, err := media.OpenS3(ctx, cfg.S3)
	if err != nil {
		return nil, fmt.Errorf("S3_ENDPOINT: %w", err)
	}
	return s, nil
}

// openStores opens where photos are kept and then the database, brought
// up to date; when either fails, nothing is left open.
func openStores(ctx context.Context, cfg *config, logger *slog.Logger) (media.Storage, *pgxpool.Pool, error) {
	uploads, err := openUploads(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	pool, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		uploads.Close()
		return nil, nil, err
	}
	return uploads, pool, nil
}

// serveCommand runs the shop: it opens the photos and the database, makes
// ADMIN_EMAIL's admin when it has no account, builds the HTTP handler,
// then serves until ctx ends.
func serveCommand(ctx context.Context, cfg *config, logger *slog.Logger, args []string, _ io.Writer) error {
	if len(args) != 0 {
		return fmt.Errorf("%w: serve takes no arguments", errUsage)
	}
	secret, err := cfg.jwtSecret()
	if err != nil {
		return err
	}
	uploads, pool, err := openStores(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer uploads.Close()
	defer pool.Close()
	opts, closePools, err := otherPools(ctx, cfg)
	if err != nil {
		return err
	}
	defer closePools()
	st := store.New(pool, append(opts, store.WithCommission(cfg.CommissionBP), store.WithSuggestEvery(cfg.SuggestInterval))...)
	if err := ensureAdminEmail(ctx, cfg, st, secret, logger); err != nil {
		return err
	}
	pay := paymentsService(cfg, st, logger)
	logOptionalParts(logger, cfg)
	handler, err := newHandler(cfg, logger, st, uploads, secret, pay)
	if err != nil {
		return err
	}
	var reconcile func(context.Context) error
	if pay != nil {
		reconcile = pay.Reconcile
	}
	return serveHandler(ctx, cfg, logger, handler, secret, reconcile)
}

// otherPools opens the pools besides DATABASE_URL's that the settings ask
// for: the direct one behind a pooler (listening and Exclusive's lock: two
// connections) and the read replica's, which connects when first used so
// that a replica down does not stop the start; and, not behind a pooler,
// the connections whose sessions walk the lists (store.OpenWalks), to the
// primary and the replica.
func otherPools(ctx context.Context, cfg *config) ([]store.Option, func(), error) {
	var opts []store.Option
	var pools []*pgxpool.Pool
	closeAll := func() {
		for _, p := range pools {
			p.Close()
		}
	}
	if cfg.behindPooler() {
		direct, err := store.OpenSized(ctx, cfg.DirectURL, 2, cfg.DBConnectWait, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("DATABASE_DIRECT_URL: %w", err)
		}
		pools = append(pools, direct)
		opts = append(opts, store.WithDirect(direct))
	}
	if cfg.ReadURL != "" {
		read, err := store.OpenLazy(cfg.ReadURL, cfg.DatabaseMaxConns)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("DATABASE_READ_URL: %w", err)
		}
		pools = append(pools, read)
		opts = append(opts, store.WithReplica(read, cfg.ReadMaxLag))
	}
	if !cfg.behindPooler() {
		walks, err := walkPools(cfg)
		pools = append(pools, walks...)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		var replica *pgxpool.Pool
		if len(walks) > 1 {
			replica = walks[1]
		}
		opts = append(opts, store.WithWalks(walks[0], replica, store.WalkTime))
	}
	return opts, closeAll, nil
}

// walkPools opens the connections whose sessions walk: to the primary, and
// to the replica when there is one.
func walkPools(cfg *config) ([]*pgxpool.Pool, error) {
	var maxConns int32
	if cfg.DatabaseMaxConns > 0 {
		maxConns = max(2, cfg.DatabaseMaxConns/2)
	}
	primary, err := store.OpenWalks(cfg.DatabaseURL, maxConns, store.WalkTime)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if cfg.ReadURL == "" {
		return []*pgxpool.Pool{primary}, nil
	}
	replica, err := store.OpenWalks(cfg.ReadURL, maxConns, store.WalkTime)
	if err != nil {
		return []*pgxpool.Pool{primary}, fmt.Errorf("DATABASE_READ_URL: %w", err)
	}
	return []*pgxpool.Pool{primary, replica}, nil
}

// newHandler builds the API and web app's HTTP handler from the settings.
func newHandler(cfg *config, logger *slog.Logger, st *store.Store, uploads media.Storage, secret []byte, pay *payments.Service) (*api.Server, error) {
	web, err := webFS()
	if err != nil {
		return nil, err
	}
	schema, err := migrations.Latest()
	if err != nil {
		return nil, err
	}
	ver, rev := buildVersion()
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	var google *api.GoogleOptions
	if cfg.GoogleClientID != "" {
		google = &api.GoogleOptions{ClientID: cfg.GoogleClientID, ClientSecret: cfg.GoogleClientSecret, Issuer: cfg.GoogleIssuer}
	}
	return api.New(api.Options{
		MailConfigured: cfg.SMTP != nil,
		ShopName:       cfg.MailFrom.Name,
		Store:          st,
		Logger:         logger,
		Web:            web,
		Uploads:        uploads,
		TokenKey:       secret,
		PublicURL:      cfg.PublicURL,
		Currency:       cfg.Currency,
		Payments:       pay,
		Google:         google,
		Location:       cfg.Location,
		RequestTimeout: cfg.RequestTimeout,
		Metrics:        registry,
		Build:          api.BuildInfo{Version: ver, Commit: rev},
		SchemaVersion:  schema,
		TrustedProxies: cfg.TrustedProxies,

		PublicReadTimeout: cfg.PublicReadTimeout,
		DeepPagesPerHour:  cfg.DeepPagesPerHour,
		UploadTempDir:     cfg.UploadTempDir,
		CheckToolDir:      cfg.CheckToolDir,
		AdvertiseDays:     cfg.AdvertiseDays,
		AdvertiseLimit:    cfg.AdvertiseLimit,
		AdvertisePrice:    cfg.AdvertisePrice,
		ListingDays:       cfg.ListingDays,
		SMS:               cfg.SMS != nil,
		SMSDailyLimit:     cfg.SMSDailyLimit,
		PushPublicKey:     pushPublicKey(cfg),
		PushAllowLocal:    cfg.Push != nil && cfg.Push.AllowLocal,
		ReadYourWrites:    readYourWrites(cfg),
	})
}

// readYourWrites is how long a writer's reads stay on the primary: the
// replica may lag DATABASE_READ_MAX_LAG, and its freshness is checked
// every second; 0 without a replica.
func readYourWrites(cfg *config) time.Duration {
	if cfg.ReadURL == "" {
		return 0
	}
	return cfg.ReadMaxLag + time.Second
}

// serveHandler listens on ADDR (and METRICS_ADDR), works the job queue
// and the background watchers, and serves handler until ctx ends; the
// background work stops with the server, before the caller closes the
// database.
func serveHandler(ctx context.Context, cfg *config, logger *slog.Logger, handler *api.Server, secret []byte, reconcile func(context.Context) error) error {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("ADDR: %w", err)
	}
	stopMetrics, err := serveMetrics(cfg, handler, logger)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopMetrics()
	runner, err := startJobs(ctx, cfg, logger, secret, reconcile)
	if err != nil {
		ln.Close()
		return err
	}
	jobsCtx, stopJobs := context.WithCancel(ctx)
	var jobs sync.WaitGroup
	// #39 the price guide from the reference catalogue an admin uploaded,
	// before the first request; WatchCatalogue keeps it in step after
	if err := handler.LoadPriceReference(ctx); err != nil {
		logger.Warn("price guide: the shipped reference catalogue is used until the uploaded one can be read", "err", err)
	}
	jobs.Go(func() { handler.WatchCatalogue(jobsCtx) })
	jobs.Go(func() { handler.WatchEvents(jobsCtx) })
	jobs.Go(func() { handler.WatchReplica(jobsCtx) })     // DATABASE_READ_URL's freshness
	jobs.Go(func() { handler.RefreshSpecWords(jobsCtx) }) // #36: listings older than their spec words
	err = serveUntilDone(ctx, ln, handler, cfg, logger)
	stopJobs()
	jobs.Wait()
	runner.stop(cfg.ShutdownWait)
	return err
}

// serveMetrics serves /metrics on METRICS_ADDR, a listener of its own,
// when it is set; stop closes it.
func serveMetrics(cfg *config, handler *api.Server, logger *slog.Logger) (stop func(), err error) {
	if cfg.MetricsAddr == "" {
		return func() {}, nil
	}
	mln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR: %w", err)
	}
	msrv := &http.Server{Handler: handler.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second}
	go msrv.Serve(mln) // returns ErrServerClosed at the Close stop calls
	logger.Info("serving metrics", "addr", mln.Addr().String(), "path", "/metrics")
	return func() { msrv.Close() }, nil
}

// jobRunner is the River client of this instance and its own pool.
type jobRunner struct {
	runner *jobsrunner.Runner
	pool   *pgxpool.Pool
	logger *slog.Logger
	// started is closed once the client's start has returned: River takes
	// seconds to start its services, which the server need not wait for
	started chan struct{}
}

// startJobs starts working the job queue (emails, and reconcile, the
// payment reconciliation pass when card payments are on) on a pool of its
// own, so queue work never takes the connections web requests need. The
// pool is direct (DATABASE_DIRECT_URL): River listens for new jobs and its
// leader's notices on it.
func startJobs(ctx context.Context, cfg *config, logger *slog.Logger, secret []byte, reconcile func(context.Context) error) (*jobRunner, error) {
	var sender mail.Sender = &mail.Log{Logger: logger}
	if cfg.SMTP != nil {
		sender = mail.NewSMTP(*cfg.SMTP, cfg.MailFrom)
	}
	logger.Info("mail", "sender", fmt.Sprint(sender), "from", cfg.MailFrom.Address)
	pool, err := store.Open(ctx, cfg.DirectURL, cfg.DBConnectWait, nil)
	if err != nil {
		return nil, err
	}
	shop := cfg.MailFrom.Name
	r, err := jobsrunner.New(pool, jobsrunner.Options{
		Store:       store.New(pool, store.WithCommission(cfg.CommissionBP)),
		Logger:      logger,
		Mail:        sender,
		Unsubscribe: notify.NewUnsubscriber(secret),
		PublicURL:   cfg.PublicURL,
		Shop:        shop,
		Secret:      secret,
		Location:    cfg.Location,

		Reconcile:      reconcile,
		ReconcileEvery: cfg.ReconcileInterval,
		SMS:            smsSender(cfg),
		SMSDailyLimit:  cfg.SMSDailyLimit,
		Push:           pushSender(cfg),
		SuggestEvery:   cfg.SuggestInterval,
	})
	if err != nil {
		pool.Close()
		return nil, err
	}
	j := &jobRunner{runner: r, pool: pool, logger: logger, started: make(chan struct{})}
	go func() {
		defer close(j.started)
		// not ctx, which ends at shutdown: River would cancel the jobs in
		// progress with it (an email half sent, retried), where stop lets
		// them finish first
		if err := r.Start(context.WithoutCancel(ctx)); err != nil {
			logger.Error("jobs: the queue did not start; emails wait in the database until an instance works them", "err", err)
		}
	}()
	return j, nil
}

// stop lets jobs in progress finish for up to wait, then closes the pool.
func (j *jobRunner) stop(wait time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	select {
	case <-j.started:
	case <-ctx.Done():
	}
	if err := j.runner.Stop(ctx); err != nil {
		j.logger.Warn("stopping jobs", "err", err)
	}
	j.pool.Close()
}

// paymentsService is the online payments set up (cards through Stripe,
// SSLCommerz), or nil when neither is: cash at the hand-over only.
func paymentsService(cfg *config, st *store.Store, logger *slog.Logger) *payments.Service {
	if cfg.StripeSecretKey == "" && cfg.SSLCommerz.StoreID == "" {
		return nil
	}
	return payments.New(payments.Config{
		SecretKey:      cfg.StripeSecretKey,
		PublishableKey: cfg.StripePublishableKey,
		WebhookSecret:  cfg.StripeWebhookSecret,
		APIBase:        cfg.StripeAPIBase,
		Currency:       cfg.Currency,
		SSLCommerz: payments.SSLCommerzConfig{
			StoreID: cfg.SSLCommerz.StoreID, StorePassword: cfg.SSLCommerz.StorePassword,
			Live: cfg.SSLCommerz.Live, APIBase: cfg.SSLCommerz.APIBase, PublicURL: cfg.PublicURL.String(),
		},
	}, st, logger)
}

// smsSender is the SMS gateway SMS_URL names, or nil when it is not set.
func smsSender(cfg *config) jobsrunner.SMSSender {
	if cfg.SMS == nil {
		return nil
	}
	g, err := sms.New(*cfg.SMS)
	if err != nil { // loadConfig made one already
		return nil
	}
	return g
}

// pushSender sends Web Push with the VAPID keys, or is nil when they are
// not set (#37).
func pushSender(cfg *config) jobsrunner.PushSender {
	if cfg.Push == nil {
		return nil
	}
	p, err := push.New(*cfg.Push)
	if err != nil { // loadConfig checked the keys already
		return nil
	}
	return p
}

// pushPublicKey is the key browsers subscribe with; empty when push is off.
func pushPublicKey(cfg *config) string {
	if cfg.Push == nil {
		return ""
	}
	return cfg.Push.PublicKey
}

// vapidKeysCommand prints a new VAPID key pair as settings to copy.
func vapidKeysCommand(stdout io.Writer) int {
	pub, priv, err := push.GenerateKeys()
	if err != nil {
		fmt.Fprintln(stdout, "resale: making VAPID keys:", err)
		return 1
	}
	fmt.Fprintf(stdout, "VAPID_PUBLIC_KEY=%s\nVAPID_PRIVATE_KEY=%s\nVAPID_SUBJECT=mailto:you@example.com\n", pub, priv)
	return 0
}

// logOptionalParts says, for each outside service the shop can do
// without, what it does instead when that service is not set up.
func logOptionalParts(logger *slog.Logger, cfg *config) {
	if cfg.StripeSecretKey == "" {
		logger.Info("card payments: off (STRIPE_SECRET_KEY not set); buyers pay in cash at the hand-over unless another method is on")
	} else {
		logger.Info("card payments: Stripe", "webhook", cfg.StripeWebhookSecret != "")
	}
	if cfg.SSLCommerz.StoreID == "" {
		logger.Info("sslcommerz: off (SSLCOMMERZ_STORE_ID not set); bKash, Nagad and the other SSLCommerz methods are not offered")
	} else {
		logger.Info("sslcommerz: on", "live", cfg.SSLCommerz.Live, "api_base", cfg.SSLCommerz.APIBase)
	}
	if cfg.SMS == nil {
		logger.Info("sms: off (SMS_URL not set); phone numbers cannot be verified or signed in with, and no notification goes by SMS")
	} else {
		g, _ := sms.New(*cfg.SMS)
		logger.Info("sms: on", "gateway", g.Host(), "daily_limit", cfg.SMSDailyLimit)
	}
	if cfg.Push == nil {
		logger.Info("web push: off (VAPID_PUBLIC_KEY not set); notifications reach browsers only while the app is open (resale vapid-keys makes a pair)")
	} else {
		logger.Info("web push: on", "subject", cfg.Push.Subject)
	}
	logger.Info("commission on each sale (COMMISSION_PERCENT)", "percent", fmt.Sprintf("%d.%02d", cfg.CommissionBP/100, cfg.CommissionBP%100))
	if cfg.GoogleClientID == "" {
		logger.Info("Google sign-in: off (GOOGLE_CLIENT_ID not set); accounts use email and password")
	}
	if cfg.S3.Endpoint == "" {
		logger.Info("photos: kept on this machine (S3_ENDPOINT not set)", "dir", cfg.UploadDir)
	} else {
		logger.Info("photos: kept in an S3 bucket", "endpoint", cfg.S3.Endpoint)
	}
}

// serveUntilDone serves until ctx ends (SIGTERM or SIGINT), then stops
// taking connections and lets requests in flight finish.
func serveUntilDone(ctx context.Context, ln net.Listener, h http.Handler, cfg *config, logger *slog.Logger) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// a JSON body (64 KB at most) has half a minute; a photo upload's
		// read deadline is the upload gate's (api/limits.go): a minimum
		// rate, up to a minute for 8 MB over a slow phone link
		ReadTimeout:    30 * time.Second,
		WriteTimeout:   cfg.RequestTimeout + time.Minute,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	// While draining, every answer says Connection: close, so a proxy
	// stops reusing its connections here; the idle ones are closed only at
	// the end, once it sends nothing more (closing one while a request is
	// on its way over it would fail that request).
	var draining atomic.Bool
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if draining.Load() {
			w.Header().Set("Connection", "close")
		}
		h.ServeHTTP(w, r)
	})
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	ver, rev := buildVersion()
	logger.Info("serving", "addr", ln.Addr().String(), "url", cfg.PublicURL.String(), "version", ver, "commit", rev)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	if d, ok := h.(interface{ Drain() }); ok {
		d.Drain() // /readyz answers 503 from now on
	}
	if cfg.ShutdownDrain > 0 {
		// behind a load balancer: go on serving until its health check
		// has seen the 503 and sends new requests to the other instances
		draining.Store(true)
		logger.Info("shutting down: /readyz answers 503; serving on while load balancers notice", "drain", cfg.ShutdownDrain)
		select {
		case <-time.After(cfg.ShutdownDrain):
		case err := <-errc:
			return err
		}
	}
	logger.Info("shutting down: finishing requests in flight", "wait", cfg.ShutdownWait)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownWait)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("server stopped")
	return nil
}
