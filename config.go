package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	stdmail "net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/api"
	"resale/mail"
	"resale/media"
	"resale/push"
	"resale/sms"
)

// config is every setting of the binary, read from the environment once at
// start. A bad value stops the program with one line naming the setting.
type config struct {
	Production bool
	Addr       string
	PublicURL  *url.URL
	DataDir    string
	UploadDir  string
	LogFormat  string
	// LogLevel is LOG_LEVEL: debug logs each list's search plan as well
	LogLevel slog.Level

	DatabaseURL  string
	MigrationURL string // the schema owner, when the server runs as a data-only role
	// DirectURL (DATABASE_DIRECT_URL) reaches PostgreSQL itself when
	// DatabaseURL goes through a pooler in transaction mode (PgBouncer):
	// listening, the job queue, migrations, session locks and backups use
	// it. It is DatabaseURL when not set.
	DirectURL string
	// ReadURL (DATABASE_READ_URL) is a streaming replica that answers the
	// public catalogue's reads while it lags at most ReadMaxLag
	// (DATABASE_READ_MAX_LAG) behind; empty: none.
	ReadURL        string
	ReadMaxLag     time.Duration
	DBConnectWait  time.Duration
	JWTSecret      []byte
	JWTSecretFile  string // where a generated development secret is kept
	Currency       string
	Location       *time.Location
	ShutdownWait   time.Duration
	RequestTimeout time.Duration
	// ShutdownDrain is how long, at SIGTERM, the server goes on serving
	// with /readyz answering 503, so a load balancer's health check moves
	// traffic away before the listener closes; 0 closes at once.
	ShutdownDrain time.Duration

	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string

	// SSLCommerz is the store account SSLCommerz payments (bKash, Nagad,
	// cards ...) go to; its StoreID is empty when they are off.
	SSLCommerz sslcommerzConfig

	TrustedProxies []*net.IPNet

	GoogleClientID     string
	GoogleClientSecret string
	GoogleIssuer       string

	// MetricsAddr is where /metrics is served, on a listener of its own;
	// empty serves no metrics.
	MetricsAddr string
	// S3 is the object store photos go to instead of UploadDir, when its
	// Endpoint is set: what lets several instances share them.
	S3 media.S3Options
	// ReconcileInterval is how often, across all instances, payments in
	// flight are checked with Stripe.
	ReconcileInterval time.Duration
	// SuggestInterval is how often the suggestions while typing are counted
	// afresh (#36), and the longest an instance keeps its copy (a minute at
	// most).
	SuggestInterval time.Duration

	// SMTP is where email goes (SMTP_URL); nil writes each email to the
	// log instead.
	SMTP *mail.Config
	// MailFrom is the emails' sender (MAIL_FROM); its name is the shop's
	// name in them.
	MailFrom *stdmail.Address
	// DatabaseMaxConns is the connection pool's size; 0 is the store's
	// default (four a core, at least eight).
	DatabaseMaxConns int32
	// PublicReadTimeout bounds a public catalogue read's database work.
	PublicReadTimeout time.Duration
	// DeepPagesPerHour is how many products of the catalogue's pages after
	// the first one client address may read an hour (DEEP_PAGES_PER_HOUR,
	// 3600); -1 (off) lifts the limit, for benchmarks.
	DeepPagesPerHour int
	// AdvertiseDays is how long an advertisement (Urgent Sell) runs.
	AdvertiseDays int
	// ListingDays is how long a listing stays in the catalogue unless its
	// seller renews it.
	ListingDays int
	// AdvertiseLimit is how many laptops a seller may advertise at once.
	AdvertiseLimit int
	// AdvertisePrice is what a seller pays the shop to advertise a laptop
	// (ADVERTISE_PRICE), in whole Tk; 0 (the default) keeps it free.
	AdvertisePrice int
	// CommissionBP is the shop's share of each sale (COMMISSION_PERCENT)
	// in hundredths of a percent: 2.5% is 250.
	CommissionBP int64
	// UploadTempDir is where uploaded files wait, on disk, while they are
	// received; empty is the system's temporary folder.
	UploadTempDir string
	// CheckToolDir (CHECK_TOOL_DIR) is where the resale-check builds are
	// that GET /download/resale-check/{os}-{arch} serves (#40): the
	// folder make check-tool writes, bin/check-tool, by default.
	CheckToolDir string
	// AdminEmail (ADMIN_EMAIL) is the first admin's email, in its stored
	// form: when no account has it, serve makes it an admin at start and
	// logs the one-time link that sets its password. Empty: none.
	AdminEmail string
	// SMS is the SMS gateway's settings (SMS_URL, SMS_METHOD, SMS_BODY,
	// SMS_AUTH, #35); nil is SMS off: phone numbers cannot be verified
	// or signed in with.
	SMS *sms.Config
	// SMSDailyLimit caps the messages sent a day (SMS_DAILY_LIMIT).
	SMSDailyLimit int
	// Push is the shop's VAPID identity (VAPID_PUBLIC_KEY,
	// VAPID_PRIVATE_KEY, VAPID_SUBJECT, #37); nil is Web Push off.
	Push *push.Config
}

// behindPooler reports whether DATABASE_URL goes through a pooler in
// transaction mode: DATABASE_DIRECT_URL names another way in.
func (c *config) behindPooler() bool {
	return c.DirectURL != c.DatabaseURL
}

// configError is a setting that cannot be used; its text is the one line
// printed before the program stops.
type configError struct{ name, problem string }

func (e *configError) Error() string { return e.name + ": " + e.problem }

var (
	currencyPattern = regexp.MustCompile(`^[a-z]{3}$`)
	// S3's rules for a bucket name that works in every region and in a
	// host name: 3 to 63 lower-case letters, digits, dots and hyphens
	bucketPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)
	regionPattern = regexp.MustCompile(`^[a-z0-9-]{1,32}$`)
)

// secretSettings are the settings holding a secret or a key: none has
// whitespace, # or ..., so a value with them is a placeholder or carries
// the comment after it (systemd's EnvironmentFile= and --env-file keep it).
var secretSettings = []string{
	"JWT_SECRET", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET",
	"GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY",
	"SSLCOMMERZ_STORE_ID", "SSLCOMMERZ_STORE_PASSWORD",
}

// loadConfig parses the environment through getenv, so tests can pass a map.
func loadConfig(getenv func(string) string) (*config, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	c := &config{}

	switch env := get("RESALE_ENV", "development"); env {
	case "development":
	case "production":
		c.Production = true
	default:
		return nil, &configError{"RESALE_ENV", fmt.Sprintf("must be development or production, not %q", env)}
	}

	for _, name := range secretSettings {
		if v := get(name, ""); strings.IndexFunc(v, unicode.IsSpace) >= 0 || strings.ContainsAny(v, "#") || strings.Contains(v, "...") {
			// said without the value, which is a secret or a placeholder
			return nil, &configError{name, "holds whitespace, # or ..., so it is a placeholder or has a comment in it (an env file keeps a comment after the value in the value): put the value alone after =, and a comment on a line of its own"}
		}
	}

	c.Addr = get("ADDR", ":8080")
	if _, port, err := net.SplitHostPort(c.Addr); err != nil || port == "" {
		return nil, &configError{"ADDR", fmt.Sprintf("must be host:port or :port, not %q", c.Addr)}
	}

	c.MetricsAddr = get("METRICS_ADDR", "")
	if c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			return nil, &configError{"METRICS_ADDR", fmt.Sprintf("must be host:port such as 127.0.0.1:9090, not %q", c.MetricsAddr)}
		}
	}

	pub := get("PUBLIC_URL", "")
	if pub == "" {
		if c.Production {
			return nil, &configError{"PUBLIC_URL", "is required in production (the address buyers open, e.g. https://shop.example.com)"}
		}
		pub = "http://localhost" + portSuffix(c.Addr)
	}
	u, err := url.Parse(pub)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return nil, &configError{"PUBLIC_URL", fmt.Sprintf("must be an absolute http(s) address with no path, not %q", pub)}
	}
	u.Path = ""
	c.PublicURL = u

	c.DataDir = get("DATA_DIR", ".data")
	c.UploadDir = get("UPLOAD_DIR", filepath.Join(c.DataDir, "uploads"))

	c.LogFormat = get("LOG_FORMAT", map[bool]string{true: "json", false: "text"}[c.Production])
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return nil, &configError{"LOG_FORMAT", fmt.Sprintf("must be json or text, not %q", c.LogFormat)}
	}

	if err := c.LogLevel.UnmarshalText([]byte(get("LOG_LEVEL", "info"))); err != nil {
		return nil, &configError{"LOG_LEVEL", fmt.Sprintf("must be debug, info, warn or error, not %q", get("LOG_LEVEL", ""))}
	}

	c.DatabaseURL = get("DATABASE_URL", "")
	if c.DatabaseURL == "" {
		if c.Production {
			return nil, &configError{"DATABASE_URL", "is required in production"}
		}
		c.DatabaseURL = "postgres://localhost:5432/resale?sslmode=disable"
	}
	if _, err := pgxpool.ParseConfig(c.DatabaseURL); err != nil {
		return nil, &configError{"DATABASE_URL", "is not a valid PostgreSQL connection string or URL"}
	}

	c.DirectURL = get("DATABASE_DIRECT_URL", c.DatabaseURL)
	if _, err := pgxpool.ParseConfig(c.DirectURL); err != nil {
		return nil, &configError{"DATABASE_DIRECT_URL", "is not a valid PostgreSQL connection string or URL"}
	}

	c.ReadURL = get("DATABASE_READ_URL", "")
	if c.ReadURL != "" {
		if _, err := pgxpool.ParseConfig(c.ReadURL); err != nil {
			return nil, &configError{"DATABASE_READ_URL", "is not a valid PostgreSQL connection string or URL"}
		}
	}
	if v := get("DATABASE_READ_MAX_LAG", "5s"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > 10*time.Minute {
			return nil, &configError{"DATABASE_READ_MAX_LAG", fmt.Sprintf("must be a duration from 1s to 10m such as 5s, not %q", v)}
		}
		c.ReadMaxLag = d
	}

	c.MigrationURL = get("MIGRATION_DATABASE_URL", "")
	if c.MigrationURL != "" {
		if _, err := pgxpool.ParseConfig(c.MigrationURL); err != nil {
			return nil, &configError{"MIGRATION_DATABASE_URL", "is not a valid PostgreSQL connection string or URL"}
		}
	}

	if c.DBConnectWait, err = durationSetting(get, "DB_CONNECT_WAIT", "30s"); err != nil {
		return nil, err
	}
	if v := get("DATABASE_MAX_CONNS", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > 1000 {
			return nil, &configError{"DATABASE_MAX_CONNS", fmt.Sprintf("must be a whole number from 2 to 1000, not %q", v)}
		}
		c.DatabaseMaxConns = int32(n)
	}
	if c.PublicReadTimeout, err = durationSetting(get, "PUBLIC_READ_TIMEOUT", "2s"); err != nil {
		return nil, err
	}
	if get("DEEP_PAGES_PER_HOUR", "") == "off" {
		c.DeepPagesPerHour = -1
	} else if c.DeepPagesPerHour, err = intSetting(get, "DEEP_PAGES_PER_HOUR", 3600, 1, 1_000_000); err != nil {
		return nil, err
	}
	c.CheckToolDir = get("CHECK_TOOL_DIR", "bin/check-tool")
	c.UploadTempDir = get("UPLOAD_TEMP_DIR", "")
	if c.UploadTempDir != "" {
		if st, err := os.Stat(c.UploadTempDir); err != nil || !st.IsDir() {
			return nil, &configError{"UPLOAD_TEMP_DIR", fmt.Sprintf("must be an existing folder, not %q", c.UploadTempDir)}
		}
	}
	if c.AdvertiseDays, err = intSetting(get, "ADVERTISE_DAYS", 7, 1, 365); err != nil {
		return nil, err
	}
	if c.AdvertiseLimit, err = intSetting(get, "ADVERTISE_LIMIT", 5, 1, 1000); err != nil {
		return nil, err
	}
	// SSLCommerz takes at most 500,000 Tk in one payment
	if c.AdvertisePrice, err = intSetting(get, "ADVERTISE_PRICE", 0, 0, 500000); err != nil {
		return nil, err
	}
	if c.CommissionBP, err = percentSetting(get, "COMMISSION_PERCENT"); err != nil {
		return nil, err
	}
	// at least a week: the seller is told three days before the end
	if c.ListingDays, err = intSetting(get, "LISTING_DAYS", 60, 7, 3650); err != nil {
		return nil, err
	}
	if c.ShutdownWait, err = durationSetting(get, "SHUTDOWN_TIMEOUT", "20s"); err != nil {
		return nil, err
	}
	if c.RequestTimeout, err = durationSetting(get, "REQUEST_TIMEOUT", "30s"); err != nil {
		return nil, err
	}
	if v := get("SHUTDOWN_DRAIN", "0s"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > 5*time.Minute {
			return nil, &configError{"SHUTDOWN_DRAIN", fmt.Sprintf("must be a duration from 0s to 5m such as 5s, not %q", v)}
		}
		c.ShutdownDrain = d
	}

	if s := get("JWT_SECRET", ""); s != "" {
		if len(s) < 32 {
			return nil, &configError{"JWT_SECRET", "must be at least 32 characters (e.g. the output of `openssl rand -hex 32`)"}
		}
		c.JWTSecret = []byte(s)
	} else if c.Production {
		return nil, &configError{"JWT_SECRET", "is required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)"}
	} else {
		c.JWTSecretFile = filepath.Join(c.DataDir, "jwt-secret")
	}

	c.Currency = strings.ToLower(get("CURRENCY", "bdt"))
	if !currencyPattern.MatchString(c.Currency) {
		return nil, &configError{"CURRENCY", fmt.Sprintf("must be a three-letter ISO currency code such as bdt, not %q", c.Currency)}
	}

	tz := get("TZ", "Asia/Dhaka")
	if c.Location, err = time.LoadLocation(tz); err != nil {
		return nil, &configError{"TZ", fmt.Sprintf("is not a known time zone: %q", tz)}
	}

	c.StripeSecretKey = get("STRIPE_SECRET_KEY", "")
	c.StripePublishableKey = get("STRIPE_PUBLISHABLE_KEY", "")
	c.StripeWebhookSecret = get("STRIPE_WEBHOOK_SECRET", "")
	c.StripeAPIBase = get("STRIPE_API_BASE", "")
	if (c.StripeSecretKey == "") != (c.StripePublishableKey == "") {
		return nil, &configError{"STRIPE_SECRET_KEY", "and STRIPE_PUBLISHABLE_KEY must be set together"}
	}
	if c.StripeSecretKey != "" && !strings.HasPrefix(c.StripeSecretKey, "sk_") && !strings.HasPrefix(c.StripeSecretKey, "rk_") {
		return nil, &configError{"STRIPE_SECRET_KEY", "must be a Stripe secret key (sk_...)"}
	}
	if c.StripePublishableKey != "" && !strings.HasPrefix(c.StripePublishableKey, "pk_") {
		return nil, &configError{"STRIPE_PUBLISHABLE_KEY", "must be a Stripe publishable key (pk_...)"}
	}
	if c.StripeWebhookSecret != "" && !strings.HasPrefix(c.StripeWebhookSecret, "whsec_") {
		return nil, &configError{"STRIPE_WEBHOOK_SECRET", "must be a Stripe webhook signing secret (whsec_...)"}
	}
	if c.StripeAPIBase != "" {
		if b, err := url.Parse(c.StripeAPIBase); err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" {
			return nil, &configError{"STRIPE_API_BASE", fmt.Sprintf("must be an http(s) address, not %q", c.StripeAPIBase)}
		}
	}

	for _, part := range strings.Split(get("TRUSTED_PROXIES", ""), ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			if ip := net.ParseIP(part); ip != nil && ip.To4() != nil {
				part += "/32"
			} else {
				part += "/128"
			}
		}
		_, n, err := net.ParseCIDR(part)
		if err != nil {
			return nil, &configError{"TRUSTED_PROXIES", fmt.Sprintf("must be IP addresses or CIDR ranges separated by commas, not %q", part)}
		}
		c.TrustedProxies = append(c.TrustedProxies, n)
	}

	c.GoogleClientID = get("GOOGLE_CLIENT_ID", "")
	c.GoogleClientSecret = get("GOOGLE_CLIENT_SECRET", "")
	if (c.GoogleClientID == "") != (c.GoogleClientSecret == "") {
		return nil, &configError{"GOOGLE_CLIENT_ID", "and GOOGLE_CLIENT_SECRET must be set together"}
	}
	c.GoogleIssuer = get("GOOGLE_ISSUER", "https://accounts.google.com")
	if b, err := url.Parse(c.GoogleIssuer); err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" {
		return nil, &configError{"GOOGLE_ISSUER", fmt.Sprintf("must be an http(s) address, not %q", c.GoogleIssuer)}
	}

	if err := loadS3(get, c); err != nil {
		return nil, err
	}
	if err := loadSSLCommerz(get, c); err != nil {
		return nil, err
	}
	if c.ReconcileInterval, err = durationSetting(get, "RECONCILE_INTERVAL", "1m"); err != nil {
		return nil, err
	}
	if c.SuggestInterval, err = durationSetting(get, "SUGGEST_INTERVAL", "10m"); err != nil {
		return nil, err
	}
	if err := loadMail(get, c); err != nil {
		return nil, err
	}
	if err := loadSMS(get, c); err != nil {
		return nil, err
	}
	if err := loadPush(get, c); err != nil {
		return nil, err
	}
	if v := get("ADMIN_EMAIL", ""); v != "" {
		email, err := api.CheckEmail(v)
		if err != nil {
			return nil, &configError{"ADMIN_EMAIL", fmt.Sprintf("%v, not %q (the first admin's email, e.g. owner@example.com)", err, v)}
		}
		c.AdminEmail = email
	}
	return c, nil
}

// loadMail reads SMTP_URL and MAIL_FROM; MAIL_FROM is required with
// SMTP_URL, since a real mail server needs a real sender.
func loadMail(get func(string, string) string, c *config) error {
	if raw := get("SMTP_URL", ""); raw != "" {
		smtp, err := mail.ParseURL(raw)
		if err != nil {
			return &configError{"SMTP_URL", err.Error()}
		}
		c.SMTP = &smtp
		if get("MAIL_FROM", "") == "" {
			return &configError{"MAIL_FROM", "is required with SMTP_URL (the sender of the shop's emails, e.g. \"Resale <shop@example.com>\")"}
		}
	}
	from, err := mail.ParseFrom(get("MAIL_FROM", "Resale <shop@localhost>"))
	if err != nil {
		return &configError{"MAIL_FROM", err.Error()}
	}
	c.MailFrom = from
	return nil
}

// loadSMS reads SMS_URL and, with it, SMS_METHOD, SMS_BODY, SMS_AUTH and
// SMS_DAILY_LIMIT; they are checked by making the gateway.
func loadSMS(get func(string, string) string, c *config) error {
	var err error
	if c.SMSDailyLimit, err = intSetting(get, "SMS_DAILY_LIMIT", 500, 1, 1_000_000); err != nil {
		return err
	}
	raw := get("SMS_URL", "")
	if raw == "" {
		for _, name := range []string{"SMS_METHOD", "SMS_BODY", "SMS_AUTH"} {
			if get(name, "") != "" {
				return &configError{name, "is set without SMS_URL (the gateway's address, e.g. https://bulksmsbd.net/api/smsapi?...&number={msisdn}&message={text})"}
			}
		}
		return nil
	}
	cfg := sms.Config{URL: raw, Method: strings.ToUpper(get("SMS_METHOD", http.MethodGet)), Body: get("SMS_BODY", ""), Auth: get("SMS_AUTH", "")}
	if cfg.Method != http.MethodPost && cfg.Body != "" {
		return &configError{"SMS_BODY", "is set with SMS_METHOD GET: set SMS_METHOD=POST to send it"}
	}
	if _, err := sms.New(cfg); err != nil {
		name := "SMS_URL"
		switch {
		case strings.HasPrefix(err.Error(), "SMS_METHOD"):
			name = "SMS_METHOD"
		case strings.HasPrefix(err.Error(), "SMS_AUTH"):
			name = "SMS_AUTH"
		}
		return &configError{name, err.Error()}
	}
	c.SMS = &cfg
	return nil
}

// loadPush reads VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT,
// all or none, and PUSH_ALLOW_LOCAL (for the push stand-in only).
func loadPush(get func(string, string) string, c *config) error {
	cfg := push.Config{PublicKey: get("VAPID_PUBLIC_KEY", ""), PrivateKey: get("VAPID_PRIVATE_KEY", ""), Subject: get("VAPID_SUBJECT", "")}
	local, err := boolSetting(get, "PUSH_ALLOW_LOCAL", false)
	if err != nil {
		return err
	}
	cfg.AllowLocal = local
	if cfg.PublicKey == "" && cfg.PrivateKey == "" && cfg.Subject == "" {
		return nil
	}
	for i, v := range []string{cfg.PublicKey, cfg.PrivateKey, cfg.Subject} {
		if v == "" {
			return &configError{[]string{"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"}[i], "is required with the other VAPID settings (resale vapid-keys makes a pair; VAPID_SUBJECT is e.g. mailto:ops@example.com)"}
		}
	}
	if err := cfg.Check(); err != nil {
		name, problem, _ := strings.Cut(err.Error(), ": ")
		return &configError{name, problem}
	}
	if local && c.Production {
		return &configError{"PUSH_ALLOW_LOCAL", "is for the push stand-in in tests; it must not be set in production"}
	}
	c.Push = &cfg
	return nil
}

// sslcommerzConfig is an SSLCommerz store account: sandbox unless Live.
type sslcommerzConfig struct {
	StoreID       string
	StorePassword string
	Live          bool
	// APIBase replaces the gateway's host (tests, a stand-in); empty is
	// SSLCommerz's sandbox or live host as Live says.
	APIBase string
}

// loadSSLCommerz reads SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD
// (both or neither: SSLCommerz payments are on with them), SSLCOMMERZ_LIVE
// and SSLCOMMERZ_API_BASE.
func loadSSLCommerz(get func(string, string) string, c *config) error {
	s := &c.SSLCommerz
	s.StoreID, s.StorePassword = get("SSLCOMMERZ_STORE_ID", ""), get("SSLCOMMERZ_STORE_PASSWORD", "")
	if (s.StoreID == "") != (s.StorePassword == "") {
		return &configError{"SSLCOMMERZ_STORE_ID", "and SSLCOMMERZ_STORE_PASSWORD must be set together (the store account's id and API password from SSLCommerz)"}
	}
	switch live := strings.ToLower(get("SSLCOMMERZ_LIVE", "false")); live {
	case "true", "1", "yes":
		s.Live = true
	case "false", "0", "no":
	default:
		return &configError{"SSLCOMMERZ_LIVE", fmt.Sprintf("must be true or false, not %q", live)}
	}
	s.APIBase = get("SSLCOMMERZ_API_BASE", "")
	if s.APIBase != "" {
		if b, err := url.Parse(s.APIBase); err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" {
			return &configError{"SSLCOMMERZ_API_BASE", fmt.Sprintf("must be an http(s) address, not %q", s.APIBase)}
		}
	}
	return nil
}

// loadS3 reads the object store settings: all of them or none but
// S3_REGION, and then no UPLOAD_DIR, since photos go to one place.
func loadS3(get func(string, string) string, c *config) error {
	s3 := media.S3Options{
		Endpoint:        get("S3_ENDPOINT", ""),
		Bucket:          get("S3_BUCKET", ""),
		AccessKeyID:     get("S3_ACCESS_KEY_ID", ""),
		SecretAccessKey: get("S3_SECRET_ACCESS_KEY", ""),
		Region:          get("S3_REGION", ""),
	}
	if s3.Endpoint == "" {
		for _, name := range []string{"S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"} {
			if get(name, "") != "" {
				return &configError{name, "is set but S3_ENDPOINT is not: set S3_ENDPOINT to keep photos in an object store"}
			}
		}
		return nil
	}
	u, err := url.Parse(s3.Endpoint)
	if strings.Contains(s3.Endpoint, "@") {
		// said without the value, which holds a key
		return &configError{"S3_ENDPOINT", "must not hold a user or key: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead"}
	}
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return &configError{"S3_ENDPOINT", fmt.Sprintf("must be the object store's address, http(s)://host[:port] with no path, not %q", s3.Endpoint)}
	}
	s3.Endpoint = u.Scheme + "://" + u.Host
	if get("UPLOAD_DIR", "") != "" {
		return &configError{"UPLOAD_DIR", "and S3_ENDPOINT are both set: photos go to one place, so remove one of them"}
	}
	switch {
	case s3.Bucket == "":
		return &configError{"S3_BUCKET", "is required with S3_ENDPOINT (the bucket photos go to; it is made if missing)"}
	case !bucketPattern.MatchString(s3.Bucket) || strings.Contains(s3.Bucket, ".."):
		return &configError{"S3_BUCKET", fmt.Sprintf("must be 3 to 63 lower-case letters, digits, dots or hyphens, not %q", s3.Bucket)}
	case s3.AccessKeyID == "":
		return &configError{"S3_ACCESS_KEY_ID", "is required with S3_ENDPOINT"}
	case s3.SecretAccessKey == "":
		return &configError{"S3_SECRET_ACCESS_KEY", "is required with S3_ENDPOINT"}
	case s3.Region != "" && !regionPattern.MatchString(s3.Region):
		return &configError{"S3_REGION", fmt.Sprintf("must be a region name such as eu-central-1, not %q", s3.Region)}
	}
	c.S3 = s3
	c.UploadDir = ""
	return nil
}

// boolSetting reads true or false (1, yes, 0, no), def when unset.
func boolSetting(get func(string, string) string, name string, def bool) (bool, error) {
	switch v := strings.ToLower(get(name, strconv.FormatBool(def))); v {
	case "true", "1", "yes":
		return true, nil
	case "false", "0", "no":
		return false, nil
	default:
		return false, &configError{name, fmt.Sprintf("must be true or false, not %q", v)}
	}
}

// intSetting reads a whole number from lo to hi, def when unset.
func intSetting(get func(string, string) string, name string, def, lo, hi int) (int, error) {
	v := get(name, strconv.Itoa(def))
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, &configError{name, fmt.Sprintf("must be a whole number from %d to %d, not %q", lo, hi, v)}
	}
	return n, nil
}

// percentSetting reads a percentage from 0 to 100 with at most two
// decimals (2, 2.5, 12.75) as hundredths of a percent; default 0.
func percentSetting(get func(string, string) string, name string) (int64, error) {
	v := get(name, "0")
	bad := &configError{name, fmt.Sprintf("must be a percentage from 0 to 100 with at most two decimals, such as 5 or 2.5, not %q", v)}
	whole, frac, _ := strings.Cut(v, ".")
	if len(frac) > 2 || whole == "" {
		return 0, bad
	}
	digits := whole + frac + strings.Repeat("0", 2-len(frac))
	for _, r := range digits {
		if r < '0' || r > '9' {
			return 0, bad
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > 10000 {
		return 0, bad
	}
	return n, nil
}

func durationSetting(get func(string, string) string, name, def string) (time.Duration, error) {
	v := get(name, def)
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, &configError{name, fmt.Sprintf("must be a positive duration such as %s, not %q", def, v)}
	}
	return d, nil
}

func portSuffix(addr string) string {
	_, port, _ := net.SplitHostPort(addr)
	if port == "80" {
		return ""
	}
	return ":" + port
}

// jwtSecret returns the configured signing key or, for a local run, the one
// kept in the data folder, creating it on first use.
func (c *config) jwtSecret() ([]byte, error) {
	if c.JWTSecret != nil {
		return c.JWTSecret, nil
	}
	b, err := os.ReadFile(c.JWTSecretFile)
	if err == nil {
		s := strings.TrimSpace(string(b))
		if len(s) < 32 {
			return nil, &configError{"JWT_SECRET", fmt.Sprintf("the generated secret in %s is damaged; delete the file to make a new one", c.JWTSecretFile)}
		}
		return []byte(s), nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("JWT_SECRET: reading %s: %w", c.JWTSecretFile, err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	s := hex.EncodeToString(raw)
	if err := os.MkdirAll(filepath.Dir(c.JWTSecretFile), 0o700); err != nil {
		return nil, fmt.Errorf("JWT_SECRET: %w", err)
	}
	if err := os.WriteFile(c.JWTSecretFile, []byte(s+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("JWT_SECRET: %w", err)
	}
	return []byte(s), nil
}
