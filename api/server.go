// Package api is Resale's HTTP layer: the JSON API under /api and the
// embedded single-page app for every other GET. Routes live in routes.go.
package api

import (
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"resale/auth"
	"resale/events"
	"resale/media"
	"resale/notify"
	"resale/payments"
	"resale/store"
)

// Options is what the HTTP layer needs from the rest of the program.
type Options struct {
	Store  *store.Store
	Logger *slog.Logger
	// Web is the built React app (index.html at its root); nil serves a
	// minimal page saying the frontend was not built.
	Web fs.FS
	// Uploads keeps uploaded photos.
	Uploads media.Storage
	// TokenKey signs access tokens (at least 32 bytes).
	TokenKey []byte
	// PublicURL is the address people open, for sign-in redirects.
	PublicURL *url.URL
	// Currency is the ISO code prices are in, lower case.
	Currency string
	// Payments turns on the online payments it is set up for (cards
	// through Stripe, SSLCommerz); nil is cash at the hand-over only.
	Payments *payments.Service
	// Google turns on Google sign-in when set.
	Google *GoogleOptions
	// Location is the shop's time zone, used for the time and date texts.
	Location *time.Location
	// RequestTimeout bounds how long one API request may work.
	RequestTimeout time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed; with none, the client address is the connection's peer.
	TrustedProxies []*net.IPNet
	// Now is the clock (tests move it); nil is time.Now.
	Now func() time.Time
	// Metrics is where the server registers its Prometheus series
	// (requests, the database pool, payments); nil makes a private one.
	// MetricsHandler() serves it.
	Metrics *prometheus.Registry
	// AdvertiseDays is how long an advertisement runs; 0 is 7.
	AdvertiseDays int
	// AdvertiseLimit is how many products a seller may advertise at once;
	// 0 is 5.
	AdvertiseLimit int
	// AdvertisePrice is what advertising costs, in whole Tk (paid by card
	// or through SSLCommerz); 0 keeps it free.
	AdvertisePrice int
	// ListingDays is how long a listing stays in the catalogue after it
	// is listed or renewed; 0 is store.ListingDays.
	ListingDays int
	// Build names the running build in resale_build_info.
	Build BuildInfo
	// PublicReads is how many public catalogue reads (the ones no kept
	// answer serves) may use the database at once; more wait briefly, then
	// are answered 503. 0 is half the store's connection pool.
	PublicReads int
	// PublicReadTimeout bounds each such read (2 s when 0); PostgreSQL is
	// told to cancel a query that runs longer.
	PublicReadTimeout time.Duration
	// DeepPagesPerHour is how many products of GET /api/products' pages
	// after the first a client address may read an hour (3,600 when 0,
	// no limit when negative; deep_pages.go).
	DeepPagesPerHour int
	// UploadSlots is how many photo uploads are received at once (8 when
	// 0), UploadsPerClient how many of them may come from one address (4
	// when 0); UploadTempDir is where they are spooled while received (the
	// system's temporary folder when empty).
	UploadSlots      int
	UploadsPerClient int
	UploadTempDir    string
	// UploadAnonymousSlots is how many of the slots anonymous uploads
	// (sign-up's photo) may hold at once (half when 0), so the rest stay
	// for signed-in users.
	UploadAnonymousSlots int
	// An admitted upload must send at least UploadMinRate bytes a second
	// (16 KiB when 0) once UploadGrace has passed (10 s when 0), and all
	// of it within UploadMaxTime (a minute when 0); a slower one is cut
	// off with 408, so slow senders cannot hold the slots.
	UploadMinRate int
	UploadGrace   time.Duration
	UploadMaxTime time.Duration
	// Hasher hashes and checks passwords; nil makes one running as many
	// hashes at once as there are cores, up to 4 (tests pass their own to
	// count what is hashed).
	Hasher *auth.Hasher
	// ShopName is the shop's name (MAIL_FROM's): passwords made from it,
	// or from "Resale", are refused.
	ShopName string
	// MailConfigured says the shop sends real email (SMTP_URL): listing,
	// booking and messaging then need a verified email.
	MailConfigured bool
	// SchemaVersion is the newest migration this binary carries: /readyz
	// answers 503 while the database is older. 0 skips that check.
	SchemaVersion int64
	// EventHeartbeat is how often an idle live-update stream sends a
	// comment, so proxies keep it open, and checks its session; 0 is 25 s.
	EventHeartbeat time.Duration
	// SMS says the shop sends SMS (SMS_URL, #35): phone numbers can be
	// verified and signed in with; SMSDailyLimit is SMS_DAILY_LIMIT (0 is
	// 500), for the answer once today's are all sent.
	SMS           bool
	SMSDailyLimit int
	// PushPublicKey is the shop's VAPID public key (VAPID_PUBLIC_KEY,
	// #37): browsers subscribe with it; empty is push off.
	// PushAllowLocal lets subscriptions name http:// and loopback
	// endpoints (PUSH_ALLOW_LOCAL): only for the push stand-in.
	PushPublicKey  string
	PushAllowLocal bool
	// ReadYourWrites is how long, after a write that changed the
	// catalogue, its caller's public reads stay on the primary when a read
	// replica answers the others (DATABASE_READ_URL: its max lag and a
	// second more); 0 is no replica.
	ReadYourWrites time.Duration
	// SitemapSize is how many products one sitemap file lists; 0 is the
	// protocol's limit of 50,000 (tests list a few).
	SitemapSize int
	// CheckToolDir is the folder of resale-check's builds (#40, make
	// check-tool): resale-check-{os}-{arch}[.exe].
	CheckToolDir string
}

// BuildInfo is the version and commit the binary was built from.
type BuildInfo struct {
	Version string
	Commit  string
}

// Server holds the handlers' dependencies.
type Server struct {
	store                *store.Store
	locations            locationsFile                        // GET /api/locations, made once
	areas                atomic.Pointer[map[string]*areaJSON] // a listing's area on the wire, by id: areaOf
	log                  *slog.Logger
	currency             string
	stripePublishableKey string
	loc                  *time.Location
	now                  func() time.Time // the clock (Options.Now); the admin overview's today
	spa                  *spa
	tokens               auth.Signer
	hasher               *auth.Hasher
	photos               *media.Processor
	uploads              media.Storage
	google               *google
	payments             *payments.Service
	echo                 *echo.Echo
	chain                echo.HandlerFunc // every request's middleware and the router: routes
	metrics              *metrics
	registry             *prometheus.Registry
	publicURL            *url.URL
	schemaVersion        int64
	draining             atomic.Bool // set by Drain at shutdown; /readyz then answers 503
	catalogue            catalogueCache
	reference            priceReference       // the price guide in use, built from the reference catalogue in use (price_reference.go)
	unsubscriber         *notify.Unsubscriber // one-click unsubscribe tokens (notifications.go)
	hsts                 bool                 // PublicURL is https: send Strict-Transport-Security
	publicReads          *publicReads
	deepPages            *deepPages
	uploadGate           *uploadGate
	accountTokens        auth.AccountTokens  // reset and verification links (account_recovery.go)
	handoverCodes        *auth.HandoverCodes // the codes that complete a sale (leads.go)
	advertiseDays        int                 // how long an advertisement runs
	listingDays          int                 // how long a listing is listed
	advertiseLimit       int                 // how many a seller may run at once
	advertisePrice       int64               // what advertising costs, whole Tk (0: free)
	mailConfigured       bool
	shopNames            []string      // what passwords must not be made from, besides "Resale"
	hub                  *events.Hub   // this instance's live-update streams (events.go)
	heartbeat            time.Duration // of those streams
	sitemapSize          int64         // products in one sitemap file (sitemap.go)
	robotsTxt            *staticFile
	smsOn                bool             // SMS_URL is set (#35, phones.go)
	pushKey              string           // VAPID_PUBLIC_KEY; empty: push off (#37, push.go)
	pushAllowLocal       bool             // PUSH_ALLOW_LOCAL
	smsDailyLimit        int              // SMS_DAILY_LIMIT
	phoneCodes           *auth.PhoneCodes // the codes sent by SMS
	numbers              *listingNumbers  // #37 per-listing numbers (listing_numbers.go)
	readYourWrites       time.Duration    // Options.ReadYourWrites (replica.go)
	checkKeys            checkKeys        // #40 the reports' signing key and the serials' hash key (check_keys.go)
	checkToolDir         string           // #40 resale-check's builds (check_download.go)
	checkPosts           *ipBudget        // #40 POST /api/checks per address
	stolenLookups        *ipBudget        // #40 GET /api/stolen/:serial per address
}

// New builds the HTTP handler.
func New(opts Options) (*Server, error) {
	opts = withDefaults(opts)
	if len(opts.TokenKey) < 32 {
		return nil, errors.New("api: the token key must be at least 32 bytes")
	}
	web, err := newSPA(opts.Web, opts.PublicURL)
	if err != nil {
		return nil, err
	}
	hub := events.NewHub(0, 0)
	m, err := serverMetrics(opts, hub)
	if err != nil {
		return nil, err
	}
	parallel := min(4, runtime.NumCPU())
	s := &Server{
		store:    opts.Store,
		log:      opts.Logger,
		currency: opts.Currency,
		loc:      opts.Location,
		now:      opts.Now,
		spa:      web,
		tokens:   auth.NewSigner(auth.DeriveKey(opts.TokenKey, "access-token"), opts.Now),
		hasher:   opts.Hasher,
		photos:   media.NewProcessor(min(2, parallel)),
		uploads:  opts.Uploads,
		google:   newGoogle(opts),

		metrics:       m,
		registry:      opts.Metrics,
		publicURL:     opts.PublicURL,
		schemaVersion: opts.SchemaVersion,
		unsubscriber:  notify.NewUnsubscriber(opts.TokenKey),
		hsts:          opts.PublicURL.Scheme == "https",
		publicReads:   newPublicReads(publicSlots(opts), opts.PublicReadTimeout),
		deepPages:     newDeepPages(opts.DeepPagesPerHour),
		uploadGate: newUploadGate(uploadLimits{slots: opts.UploadSlots, anonSlots: opts.UploadAnonymousSlots, perClient: opts.UploadsPerClient,
			tempDir: opts.UploadTempDir, minRate: opts.UploadMinRate, grace: opts.UploadGrace, maxTime: opts.UploadMaxTime}),
		accountTokens:  auth.NewAccountTokens(opts.TokenKey),
		handoverCodes:  auth.NewHandoverCodes(opts.TokenKey),
		advertiseDays:  defaultInt(opts.AdvertiseDays, 7),
		listingDays:    defaultInt(opts.ListingDays, store.ListingDays),
		advertiseLimit: defaultInt(opts.AdvertiseLimit, 5),
		advertisePrice: int64(max(opts.AdvertisePrice, 0)),

		mailConfigured: opts.MailConfigured,
		shopNames:      []string{opts.ShopName},
		hub:            hub,
		heartbeat:      opts.EventHeartbeat,
		sitemapSize:    int64(defaultInt(opts.SitemapSize, sitemapSize)),
		robotsTxt:      robotsFile(opts.PublicURL.JoinPath("sitemap.xml").String()),
		smsOn:          opts.SMS,
		pushKey:        opts.PushPublicKey,
		pushAllowLocal: opts.PushAllowLocal,
		smsDailyLimit:  defaultInt(opts.SMSDailyLimit, 500),
		phoneCodes:     auth.NewPhoneCodes(opts.TokenKey),
		numbers:        newListingNumbers(opts.TokenKey),
		readYourWrites: opts.ReadYourWrites,
	}
	s.withChecks(opts)
	if s.hasher == nil {
		s.hasher = auth.NewHasher(parallel)
	}
	if s.heartbeat <= 0 {
		s.heartbeat = 25 * time.Second
	}
	if p := opts.Payments; p != nil {
		s.payments = p
		if p.CardEnabled() {
			s.stripePublishableKey = p.PublishableKey()
		}
	}
	s.catalogue.log, s.catalogue.drops, s.catalogue.waiting = opts.Logger, m.cacheDrops, m.cacheWaiting
	s.echo = s.newEcho(opts.TrustedProxies)
	s.routes(s.echo, opts.RequestTimeout)
	m.index(s.echo.Routes())
	return s, nil
}

// withChecks sets up #40's keys, downloads and budgets (checks.go).
func (s *Server) withChecks(opts Options) {
	s.checkKeys, s.checkToolDir = newCheckKeys(opts.TokenKey), opts.CheckToolDir
	s.checkPosts = newIPBudget(20, time.Minute, "checks")
	s.stolenLookups = newIPBudget(10, time.Minute, "look-ups")
}

// withDefaults fills the options New cannot do without.
func withDefaults(opts Options) Options {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = 30 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PublicURL == nil {
		opts.PublicURL = &url.URL{Scheme: "http", Host: "localhost:8080"}
	}
	if opts.Metrics == nil {
		opts.Metrics = prometheus.NewRegistry()
	}
	return opts
}

// serverMetrics registers the server's series in opts.Metrics: requests
// and the pool, the open live-update streams, payments when on, and the
// operations' gauges.
func serverMetrics(opts Options, hub *events.Hub) (*metrics, error) {
	more := []prometheus.Collector{prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "resale_event_streams",
		Help: "Live-update streams (GET /api/events) open on this instance.",
	}, func() float64 { return float64(hub.Len()) })}
	if opts.Payments != nil {
		more = append(more, opts.Payments.Collector())
	}
	if opts.ReadYourWrites > 0 {
		more = append(more, replicaMetrics(opts.Store)...)
	}
	ops := opsCollector{st: opts.Store, logger: opts.Logger}
	if d, ok := opts.Uploads.(interface{ Path() string }); ok {
		ops.uploadDir = d.Path()
	}
	more = append(more, ops)
	return newMetrics(opts.Metrics, opts.Store, opts.Build, more...)
}

// newGoogle is Google sign-in's settings, or nil when it is off.
func newGoogle(opts Options) *google {
	g := opts.Google
	if g == nil {
		return nil
	}
	return &google{
		opts:        *g,
		redirectURL: opts.PublicURL.String() + "/api/auth/google/callback",
		cookieKey:   auth.DeriveKey(opts.TokenKey, "oidc-flow-cookie"),
		secure:      opts.PublicURL.Scheme == "https",
	}
}

// newEcho is the Echo instance the routes are added to: quiet, its errors
// answered by handleError, the client address taken from the trusted
// proxies' X-Forwarded-For or else the connection.
func (s *Server) newEcho(trustedProxies []*net.IPNet) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Debug = false
	// No proxy is trusted until one is configured: the client address is
	// the TCP peer, never a header the client could write.
	e.IPExtractor = echo.ExtractIPDirect()
	if len(trustedProxies) > 0 {
		trust := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
		for _, n := range trustedProxies {
			trust = append(trust, echo.TrustIPRange(n))
		}
		e.IPExtractor = echo.ExtractIPFromXFFHeader(trust...)
	}
	e.HTTPErrorHandler = s.handleError
	e.JSONSerializer = jsonSerializer{}
	return e
}

// publicSlots is Options.PublicReads, or half the connection pool.
func publicSlots(opts Options) int {
	if opts.PublicReads > 0 {
		return opts.PublicReads
	}
	if opts.Store == nil {
		return 4
	}
	return max(1, int(opts.Store.PoolStat().MaxConns())/2)
}

// ServeHTTP makes the server an http.Handler: Echo's own ServeHTTP, but
// with the middleware every request has put together once (s.chain).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c := s.echo.AcquireContext()
	c.Reset(r, w)
	if err := s.chain(c); err != nil {
		s.echo.HTTPErrorHandler(err, c)
	}
	s.echo.ReleaseContext(c)
}

// route finds the request's route and runs its handler (whose own
// middleware routeTable put in front of it).
func (s *Server) route(c echo.Context) error {
	req := c.Request()
	s.echo.Router().Find(req.Method, echo.GetPath(req), c)
	return c.Handler()(c)
}

// Routes lists the JSON API's routes as "METHOD /path", so the
// authorization matrix test can check that it covers every one.
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.echo.Routes() {
		if strings.HasPrefix(r.Path, "/api/") && r.Method != echo.RouteNotFound {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}

func defaultInt(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}
