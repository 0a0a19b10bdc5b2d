package main

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v76"

	"resale/jobs"
	"resale/mail"
	"resale/media"
	"resale/migrations"
	"resale/payments"
	"resale/payments/sslcommerz"
	"resale/sms"
)

// doctorTimeout bounds each check that reaches another machine.
const doctorTimeout = 10 * time.Second

// A doctor's report line: ok, warn (works, but look), fail (will not
// work: what to do is on the line) or skip (a setting it needs is wrong).
const (
	checkOK   = "ok"
	checkWarn = "warn"
	checkFail = "fail"
	checkSkip = "skip"
)

type doctor struct {
	out    io.Writer
	failed bool
	// smtpTLS replaces the system's roots for the SMTP server's
	// certificate (tests trust their server's own); nil in the binary.
	smtpTLS *tls.Config
}

func (d *doctor) line(level, check, format string, args ...any) {
	if level == checkFail {
		d.failed = true
	}
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	fmt.Fprintf(d.out, "%-4s  %-10s %s\n", level, check, msg)
}

// doctorCommand checks a deployment's settings and the services they name,
// one line per check, without changing anything: the database is not
// migrated, no bucket or folder is made, no email is sent, no payment is
// made. It reads every setting even after a bad one, so one run lists
// every problem. Exit 1 when any check fails.
func doctorCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintf(stderr, "resale: doctor takes no arguments\n\n%s", commandHelp["doctor"])
		return 2
	}
	return (&doctor{out: stdout}).run(ctx, getenv)
}

func (d *doctor) run(ctx context.Context, getenv func(string) string) int {
	cfg, problems := loadConfigAll(getenv)
	bad := map[string]bool{}
	for _, p := range problems {
		bad[p.name] = true
		d.line(checkFail, "settings", "%s", p.Error())
	}
	if cfg == nil {
		d.line(checkFail, "settings", "the settings could not be read past the problems above")
	} else if len(problems) == 0 {
		mode := "development"
		if cfg.Production {
			mode = "production"
		}
		d.line(checkOK, "settings", "all settings valid (%s, PUBLIC_URL %s)", mode, cfg.PublicURL)
	}
	if cfg != nil && cfg.Production && cfg.PublicURL.Scheme != "https" && !bad["PUBLIC_URL"] {
		d.line(checkWarn, "settings", "PUBLIC_URL is http in production: put Caddy in front (deploy/Caddyfile) and set PUBLIC_URL to its https address")
	}

	d.secret(cfg, bad)
	d.database(ctx, cfg, bad)
	d.uploads(ctx, cfg, bad)
	d.smtp(ctx, cfg, bad)
	d.stripe(ctx, cfg, bad)
	d.sslcommerz(ctx, cfg, bad)
	d.sms(cfg, bad)
	d.push(cfg, bad)
	if d.failed {
		return 1
	}
	return 0
}

// push says whether notifications are pushed to browsers (#37). It sends
// nothing: there is no browser to send to.
func (d *doctor) push(cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["VAPID_PUBLIC_KEY"] || bad["VAPID_PRIVATE_KEY"] || bad["VAPID_SUBJECT"] || bad["PUSH_ALLOW_LOCAL"]:
		d.line(checkSkip, "push", "the VAPID settings are wrong (above)")
	case cfg.Push == nil:
		d.line(checkWarn, "push", "VAPID_PUBLIC_KEY is not set: notifications reach browsers only while the app is open; resale vapid-keys makes a pair")
	default:
		d.line(checkOK, "push", "Web Push on, VAPID keys are a pair, subject %s; nothing sent", cfg.Push.Subject)
	}
}

// sms says whether codes and notifications go by SMS. It sends nothing:
// every message costs money, so the gateway is not asked.
func (d *doctor) sms(cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["SMS_URL"] || bad["SMS_METHOD"] || bad["SMS_BODY"] || bad["SMS_AUTH"] || bad["SMS_DAILY_LIMIT"]:
		d.line(checkSkip, "sms", "the SMS settings are wrong (above)")
	case cfg.SMS == nil:
		d.line(checkWarn, "sms", "SMS_URL is not set: phone numbers cannot be verified or signed in with; README's SMS section shows the settings of two providers")
	default:
		g, _ := sms.New(*cfg.SMS)
		d.line(checkOK, "sms", "codes and notifications go through %s (%s), at most %d a day; nothing sent", g.Host(), cfg.SMS.Method, cfg.SMSDailyLimit)
	}
}

// loadConfigAll is loadConfig that goes on after a bad setting: each
// problem is noted and the setting is set aside (unset, or given a valid
// stand-in where it is required), and the settings are read again, until
// they load. It answers the config read with the stand-ins and every
// problem in the order found.
func loadConfigAll(getenv func(string) string) (*config, []*configError) {
	override := map[string]string{}
	get := func(name string) string {
		if v, ok := override[name]; ok {
			return v
		}
		return getenv(name)
	}
	// valid values for settings that cannot simply be unset
	standIn := map[string]string{
		"PUBLIC_URL":           "http://localhost:8080",
		"DATABASE_URL":         "postgres://localhost:5432/resale",
		"JWT_SECRET":           strings.Repeat("x", 32),
		"MAIL_FROM":            "Resale <shop@localhost>",
		"S3_BUCKET":            "resale-doctor",
		"S3_ACCESS_KEY_ID":     "resale-doctor",
		"S3_SECRET_ACCESS_KEY": "resale-doctor",
	}
	// settings that go together: set aside with their partner
	partner := map[string]string{
		"STRIPE_SECRET_KEY": "STRIPE_PUBLISHABLE_KEY", "STRIPE_PUBLISHABLE_KEY": "STRIPE_SECRET_KEY",
		"GOOGLE_CLIENT_ID": "GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_SECRET": "GOOGLE_CLIENT_ID",
		"SMS_METHOD": "SMS_BODY", "SMS_BODY": "SMS_METHOD",
	}
	var problems []*configError
	seen := map[string]bool{}
	for range 100 {
		cfg, err := loadConfig(get)
		if err == nil {
			return cfg, problems
		}
		var ce *configError
		if !errors.As(err, &ce) {
			problems = append(problems, &configError{"settings", err.Error()})
			break
		}
		if !seen[ce.name] {
			seen[ce.name] = true
			problems = append(problems, ce)
		}
		v, tried := override[ce.name]
		switch {
		case !tried:
			override[ce.name] = ""
			if p := partner[ce.name]; p != "" {
				override[p] = ""
			}
		case v == "" && standIn[ce.name] != "":
			override[ce.name] = standIn[ce.name]
		default:
			// nothing more to try: report what was found
			return nil, problems
		}
	}
	return nil, problems
}

func (d *doctor) secret(cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["JWT_SECRET"]:
		d.line(checkSkip, "secret", "JWT_SECRET is missing or wrong (above)")
	case cfg.JWTSecret != nil:
		d.line(checkOK, "secret", "JWT_SECRET is set (%d characters)", len(cfg.JWTSecret))
	default:
		b, err := os.ReadFile(cfg.JWTSecretFile)
		switch {
		case errors.Is(err, os.ErrNotExist):
			d.line(checkWarn, "secret", "JWT_SECRET is not set: the first start generates one into %s; set JWT_SECRET (openssl rand -hex 32) to keep sessions across machines", cfg.JWTSecretFile)
		case err != nil:
			d.line(checkFail, "secret", "cannot read the generated secret %s: %v; fix its permissions or set JWT_SECRET", cfg.JWTSecretFile, err)
		case len(strings.TrimSpace(string(b))) < 32:
			d.line(checkFail, "secret", "the generated secret in %s is damaged: delete it (a new one is made at start) or set JWT_SECRET", cfg.JWTSecretFile)
		default:
			d.line(checkOK, "secret", "JWT_SECRET is the one generated in %s", cfg.JWTSecretFile)
		}
	}
}

// database connects once (no retries: the doctor says what is wrong now)
// and compares the schema's version with the newest this binary carries.
func (d *doctor) database(ctx context.Context, cfg *config, bad map[string]bool) {
	if cfg == nil || bad["DATABASE_URL"] {
		d.line(checkSkip, "database", "DATABASE_URL is missing or wrong (above)")
		d.line(checkSkip, "migrations", "DATABASE_URL is missing or wrong (above)")
		return
	}
	conn, err := doctorConnect(ctx, cfg.DatabaseURL)
	if err != nil {
		d.line(checkFail, "database", "%v: %s", err, databaseHint)
		d.line(checkSkip, "migrations", "the database is not reachable")
		return
	}
	defer conn.Close(context.Background())
	cc := conn.Config()
	d.line(checkOK, "database", "PostgreSQL %s at %s:%d, database %s, as %s", conn.PgConn().ParameterStatus("server_version"), cc.Host, cc.Port, cc.Database, cc.User)

	if cfg.MigrationURL != "" && !bad["MIGRATION_DATABASE_URL"] {
		if owner, err := doctorConnect(ctx, cfg.MigrationURL); err != nil {
			d.line(checkFail, "database", "MIGRATION_DATABASE_URL: %v: check it names the schema owner's role and password", err)
		} else {
			d.line(checkOK, "database", "MIGRATION_DATABASE_URL connects, as %s", owner.Config().User)
			owner.Close(context.Background())
		}
	}

	d.otherDatabases(ctx, cfg, bad)

	latest, err := migrations.Latest()
	if err != nil {
		d.line(checkFail, "migrations", "%v", err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	var current, river *int64
	var hasGoose, hasRiver bool
	err = conn.QueryRow(ctx, "SELECT to_regclass('goose_db_version') IS NOT NULL, to_regclass('river_migration') IS NOT NULL").Scan(&hasGoose, &hasRiver)
	if err == nil && hasGoose {
		err = conn.QueryRow(ctx, "SELECT max(version_id) FROM goose_db_version WHERE is_applied").Scan(&current)
	}
	if err == nil && hasRiver {
		err = conn.QueryRow(ctx, "SELECT max(version) FROM river_migration").Scan(&river)
	}
	if err != nil {
		d.line(checkFail, "migrations", "reading the schema's version: %v; the role may lack SELECT on goose_db_version", err)
		return
	}
	at := int64(0)
	if current != nil {
		at = *current
	}
	riverAt, riverWant := int64(0), int64(jobs.SchemaVersion())
	if river != nil {
		riverAt = *river
	}
	switch {
	case at < latest || riverAt < riverWant:
		d.line(checkWarn, "migrations", "pending: the schema is at %d (job queue %d), this binary carries %d (job queue %d); serve applies them at start, or run resale migrate up first", at, riverAt, latest, riverWant)
	case at > latest:
		d.line(checkWarn, "migrations", "the schema (%d) is newer than this binary (%d): a newer version migrated it; run that version, or this one only while it stays compatible (docs/operate.md, Upgrade)", at, latest)
	default:
		d.line(checkOK, "migrations", "up to date (schema %d, job queue %d)", at, riverAt)
	}
}

// otherDatabases checks DATABASE_DIRECT_URL when it names another way in
// than DATABASE_URL, and DATABASE_READ_URL when set: a replica down or
// not a replica is a warning, as the shop works without one.
func (d *doctor) otherDatabases(ctx context.Context, cfg *config, bad map[string]bool) {
	if cfg.behindPooler() && !bad["DATABASE_DIRECT_URL"] {
		if direct, err := doctorConnect(ctx, cfg.DirectURL); err != nil {
			d.line(checkFail, "database", "DATABASE_DIRECT_URL: %v: it must reach PostgreSQL itself, not the pooler", err)
		} else {
			d.line(checkOK, "database", "DATABASE_DIRECT_URL connects, as %s; DATABASE_URL is taken for a pooler in transaction mode", direct.Config().User)
			direct.Close(context.Background())
		}
	}
	if cfg.ReadURL == "" || bad["DATABASE_READ_URL"] {
		return
	}
	read, err := doctorConnect(ctx, cfg.ReadURL)
	if err != nil {
		d.line(checkWarn, "database", "DATABASE_READ_URL: %v: the primary answers every read until the replica connects", err)
		return
	}
	defer read.Close(context.Background())
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	var replaying bool
	if err := read.QueryRow(ctx, "SELECT pg_is_in_recovery()").Scan(&replaying); err != nil {
		d.line(checkWarn, "database", "DATABASE_READ_URL: %v: the primary answers every read until the replica answers", err)
		return
	}
	if !replaying {
		d.line(checkWarn, "database", "DATABASE_READ_URL connects but is not a replica in recovery: it is not used; it must be a streaming replica of DATABASE_URL's database")
		return
	}
	d.line(checkOK, "database", "DATABASE_READ_URL is a streaming replica; it answers the public catalogue while at most %s behind", cfg.ReadMaxLag)
}

func doctorConnect(ctx context.Context, url string) (*pgx.Conn, error) {
	cc, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	// no named prepared statements: DATABASE_URL may be a pooler in
	// transaction mode, where the next statement may find another server
	cc.DefaultQueryExecMode = pgx.QueryExecModeDescribeExec
	if cc.ConnectTimeout == 0 || cc.ConnectTimeout > doctorTimeout {
		cc.ConnectTimeout = doctorTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return nil, err
	}
	return conn, nil
}

func probeName() string {
	b := make([]byte, 6)
	rand.Read(b)
	return ".resale-doctor-probe-" + hex.EncodeToString(b)
}

// uploads writes a probe and removes it where photos are kept.
func (d *doctor) uploads(ctx context.Context, cfg *config, bad map[string]bool) {
	if cfg == nil || bad["UPLOAD_DIR"] || bad["DATA_DIR"] || bad["S3_ENDPOINT"] || bad["S3_BUCKET"] ||
		bad["S3_ACCESS_KEY_ID"] || bad["S3_SECRET_ACCESS_KEY"] || bad["S3_REGION"] {
		d.line(checkSkip, "uploads", "the upload settings are wrong (above)")
		return
	}
	if cfg.S3.Endpoint != "" {
		ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
		defer cancel()
		err := media.ProbeS3(ctx, cfg.S3, probeName())
		switch {
		case errors.Is(err, media.ErrBucketMissing):
			d.line(checkWarn, "uploads", "the bucket %s does not exist at %s: serve makes it at start (its key must be allowed to), or make it yourself", cfg.S3.Bucket, cfg.S3.Endpoint)
		case err != nil:
			d.line(checkFail, "uploads", "%v: check S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION, and that the key may write to the bucket", err)
		default:
			d.line(checkOK, "uploads", "wrote and removed a probe object in the bucket %s at %s", cfg.S3.Bucket, cfg.S3.Endpoint)
		}
		return
	}
	dir := cfg.UploadDir
	st, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		// serve makes it (MkdirAll): its nearest existing parent must let it
		parent := filepath.Dir(filepath.Clean(dir))
		for {
			if _, err := os.Stat(parent); err == nil || parent == filepath.Dir(parent) {
				break
			}
			parent = filepath.Dir(parent)
		}
		if pst, err := os.Stat(parent); err != nil || !pst.IsDir() {
			d.line(checkFail, "uploads", "UPLOAD_DIR %s cannot be made: %s is not a folder; set UPLOAD_DIR (or DATA_DIR) to a folder", dir, parent)
		} else if err := probeWrite(parent); err != nil {
			d.line(checkFail, "uploads", "UPLOAD_DIR %s does not exist and %s is not writable (%v): make the folder, owned by the service's user", dir, parent, err)
		} else {
			d.line(checkWarn, "uploads", "UPLOAD_DIR %s does not exist yet: serve makes it at start", dir)
		}
		return
	}
	if err != nil {
		d.line(checkFail, "uploads", "UPLOAD_DIR: %v; set UPLOAD_DIR (or DATA_DIR) to a folder the service may write", err)
		return
	}
	if !st.IsDir() {
		d.line(checkFail, "uploads", "UPLOAD_DIR %s is not a folder: set UPLOAD_DIR (or DATA_DIR) to a folder the service may write", dir)
		return
	}
	if err := probeWrite(dir); err != nil {
		d.line(checkFail, "uploads", "cannot write in UPLOAD_DIR %s: %v; give the service's user write access to it", dir, err)
		return
	}
	d.line(checkOK, "uploads", "wrote and removed a probe file in %s", dir)
}

// probeWrite writes a file in dir, syncs it and removes it.
func probeWrite(dir string) error {
	f, err := os.CreateTemp(dir, probeName()+"-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString("resale doctor probe\n")
	if err == nil {
		err = f.Sync()
	}
	f.Close()
	if rmErr := os.Remove(f.Name()); err == nil {
		err = rmErr
	}
	return err
}

// smtp connects and signs in as sending would, then hangs up.
func (d *doctor) smtp(ctx context.Context, cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["SMTP_URL"] || bad["MAIL_FROM"]:
		d.line(checkSkip, "smtp", "the mail settings are wrong (above)")
		return
	case cfg.SMTP == nil:
		d.line(checkWarn, "smtp", "SMTP_URL is not set: emails (password resets, notifications) only go to the log; set SMTP_URL and MAIL_FROM to send them")
		return
	}
	c := *cfg.SMTP
	c.Timeout = doctorTimeout
	if d.smtpTLS != nil {
		c.TLSConfig = d.smtpTLS
	}
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	where := fmt.Sprintf("%s:%d (%s)", c.Host, c.Port, c.TLS)
	if err := mail.NewSMTP(c, cfg.MailFrom).Check(ctx); err != nil {
		d.line(checkFail, "smtp", "%s: %v; check SMTP_URL (host, port, user, password) and that this machine may reach the server", where, err)
		return
	}
	auth := "no sign-in"
	if c.Username != "" {
		auth = "signed in as " + c.Username
	}
	d.line(checkOK, "smtp", "%s answered, %s; nothing sent", where, auth)
}

// stripe reads the keys' mode and asks Stripe for the balance.
func (d *doctor) stripe(ctx context.Context, cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["STRIPE_SECRET_KEY"] || bad["STRIPE_PUBLISHABLE_KEY"] || bad["STRIPE_API_BASE"]:
		d.line(checkSkip, "stripe", "the Stripe settings are wrong (above)")
		return
	case cfg.StripeSecretKey == "":
		d.line(checkWarn, "stripe", "STRIPE_SECRET_KEY is not set: card payments are off; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take them")
		return
	}
	mode := func(key string) string {
		for _, m := range []string{"test", "live"} {
			for _, p := range []string{"sk_", "rk_", "pk_"} {
				if strings.HasPrefix(key, p+m+"_") {
					return m
				}
			}
		}
		return "unknown"
	}
	secret, publishable := mode(cfg.StripeSecretKey), mode(cfg.StripePublishableKey)
	switch {
	case secret != publishable:
		d.line(checkFail, "stripe", "STRIPE_SECRET_KEY is a %s-mode key but STRIPE_PUBLISHABLE_KEY a %s-mode one: use both keys of one mode from the Stripe dashboard", secret, publishable)
		return
	case secret == "test" && cfg.Production:
		d.line(checkWarn, "stripe", "test-mode keys in production: no card is really charged; use the live keys to take payments")
	case secret == "live" && !cfg.Production:
		d.line(checkWarn, "stripe", "live-mode keys outside production: real cards are charged")
	}
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	err := payments.CheckKey(ctx, payments.Config{SecretKey: cfg.StripeSecretKey, APIBase: cfg.StripeAPIBase})
	where := "Stripe"
	if cfg.StripeAPIBase != "" {
		where = cfg.StripeAPIBase
	}
	var se *stripe.Error
	switch {
	case errors.As(err, &se) && (se.HTTPStatusCode == 401 || se.HTTPStatusCode == 403):
		d.line(checkFail, "stripe", "%s refused STRIPE_SECRET_KEY (%d %s): copy the secret key again from the Stripe dashboard (Developers, API keys)", where, se.HTTPStatusCode, se.Msg)
		return
	case err != nil:
		d.line(checkFail, "stripe", "asking %s for the balance: %v; check this machine reaches it (and STRIPE_API_BASE, if set)", where, err)
		return
	}
	d.line(checkOK, "stripe", "%s accepted the %s-mode secret key (balance read)", where, secret)
	if cfg.StripeWebhookSecret == "" {
		d.line(checkWarn, "stripe", "STRIPE_WEBHOOK_SECRET is not set: payments whose browser never reports them wait for reconciliation (RECONCILE_INTERVAL); add a webhook endpoint at PUBLIC_URL/api/stripe/webhook and set its secret")
	}
}

// sslcommerz asks SSLCommerz (or SSLCOMMERZ_API_BASE) whether it knows
// the store account, with a transaction query that changes nothing.
func (d *doctor) sslcommerz(ctx context.Context, cfg *config, bad map[string]bool) {
	switch {
	case cfg == nil || bad["SSLCOMMERZ_STORE_ID"] || bad["SSLCOMMERZ_STORE_PASSWORD"] || bad["SSLCOMMERZ_LIVE"] || bad["SSLCOMMERZ_API_BASE"]:
		d.line(checkSkip, "sslcommerz", "the SSLCommerz settings are wrong (above)")
		return
	case cfg.SSLCommerz.StoreID == "":
		d.line(checkWarn, "sslcommerz", "SSLCOMMERZ_STORE_ID is not set: bKash, Nagad and the other SSLCommerz methods are off; docs/payments.md says how to get a store account")
		return
	case !cfg.SSLCommerz.Live && cfg.Production:
		d.line(checkWarn, "sslcommerz", "the sandbox in production: no money is really taken; set SSLCOMMERZ_LIVE=true with the live store's id and password")
	case cfg.SSLCommerz.Live && !cfg.Production:
		d.line(checkWarn, "sslcommerz", "the live store outside production: real money is taken")
	}
	ctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	c := sslcommerz.New(sslcommerz.Config{StoreID: cfg.SSLCommerz.StoreID, StorePassword: cfg.SSLCommerz.StorePassword,
		Live: cfg.SSLCommerz.Live, APIBase: cfg.SSLCommerz.APIBase})
	err := c.CheckCredentials(ctx)
	switch {
	case errors.Is(err, sslcommerz.ErrRefused):
		d.line(checkFail, "sslcommerz", "%s refused the store account: copy SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD again from SSLCommerz's mail (sandbox and live ones differ)", c.Base())
	case err != nil:
		d.line(checkFail, "sslcommerz", "asking %s: %v; check this machine reaches it (and SSLCOMMERZ_API_BASE, if set)", c.Base(), err)
	default:
		d.line(checkOK, "sslcommerz", "%s knows the store %s; nothing paid", c.Base(), cfg.SSLCommerz.StoreID)
	}
}
