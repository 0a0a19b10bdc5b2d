package api

import (
	"net/http"
	"net/http/pprof"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"resale/store"
)

// compressLevel is the gzip level of the API's answers: the fastest.
const compressLevel = 1

// maxBody caps every request body; JSON and multipart bodies get their own
// smaller caps when they are read.
const maxBody = "10M"

// routes is the one table of paths and who may call them. Every /api route
// first identifies the caller from the bearer token (authenticate); the
// middleware after the handler says who may call it.
func (s *Server) routes(e *echo.Echo, timeout time.Duration) {
	// every request's middleware, put together once around the router
	// (ServeHTTP): what Echo's Pre and Use would do, without putting
	// them together again for each request (#38)
	s.chain = chain(s.route, requestIDs, s.logRequests, s.recoverPanics, s.securityHeaders, middleware.BodyLimit(maxBody))

	// probes for systemd, Caddy or a container runtime: outside /api, no
	// token, no gzip
	e.GET("/livez", s.livez)
	top := newRouteTable(e, "") // middleware of a route's own only
	top.GET("/readyz", s.readyz, requestTimeout(timeout), noStore)

	seller, admin := requireRole(store.RoleSeller), requireRole(store.RoleAdmin)
	// compression where it pays: not below a kilobyte, and at the fastest
	// level, as an answer made afresh is compressed each time (at the
	// default level, 6, compressing a list of 25 was four tenths of the
	// server's CPU for it; level 1 sends a sixth more bytes: 3.6 KB, not
	// 3.0, for a brand's first page). A kept answer is compressed again
	// once, at the best level (cache_squeeze.go).
	gzip := compress(1024, compressLevel)
	// a signed-in person's write holds the catalogue's uncached reads back
	// while it runs (giveWay, limits.go)
	g := newRouteTable(e, "/api", requestTimeout(timeout), noStore, gzip, s.authenticate, s.publicReads.giveWay)
	g.GET("/health", s.health)
	g.GET("/config", s.config)
	g.GET("/openapi.json", s.openAPI) // this table and its answers, as OpenAPI 3.1 (docs/openapi.yaml)

	// accounts
	g.POST("/auth/signup", s.signup, s.uploadGate.admit)
	g.POST("/auth/login", s.login)
	g.POST("/auth/logout", s.logout, requireUser, noBody)
	g.GET("/auth/google/login", s.googleLogin)
	g.GET("/auth/google/callback", s.googleCallback)
	g.POST("/auth/google/exchange", s.googleExchange)
	g.GET("/me", s.me, requireUser)
	g.PUT("/me/role", s.becomeSeller, requireRole(store.RoleBuyer))
	g.PATCH("/me", s.updateMe, requireUser, s.changes) // #35 a new phone unproves the listings' number
	g.PUT("/me/password", s.changePassword, requireUser)
	g.POST("/auth/forgot", s.forgot)
	g.POST("/auth/reset", s.reset)
	g.POST("/auth/reset/check", s.checkResetLink) // spends nothing: the page says "used" or "expired" on arrival
	g.POST("/auth/verify-email", s.verifyEmail)   // with or without a session
	g.POST("/auth/verify-email/check", s.checkVerifyLink)
	g.POST("/auth/resend-verification", s.resendVerification, requireUser, noBody)
	g.GET("/user", s.getUser, requireUser)                 // self or admin
	g.GET("/users/seller/:email", s.isSeller, requireUser) // self or admin
	g.GET("/users/admin/:email", s.isAdmin, requireUser)   // self or admin
	// #35 phone numbers: proved by an SMS code, then a way to sign in
	// (phones.go, phone_login.go); a proved number shows on listings
	g.POST("/me/phone", s.requestPhoneCode, requireUser)
	g.POST("/me/phone/verify", s.verifyPhone, requireUser, s.changes)
	g.POST("/auth/phone", s.loginPhone)
	g.POST("/auth/phone/verify", s.loginPhoneVerify)

	// admin: users
	g.GET("/users", s.listUsers, admin)
	g.DELETE("/users/:id", s.deleteUser, admin, s.changes)        // optional JSON {reason}
	g.POST("/users/:id/warn", s.warnUser, admin)                  // #32: JSON {reason}
	g.POST("/users/:id/suspend", s.suspendUser, admin, s.changes) // #32: JSON {days, reason}; tokens end at once
	g.PUT("/users/:email", s.verifySeller, admin, noBody, s.changes)
	g.DELETE("/users/:email/verify", s.unverifySeller, admin, noBody, s.changes) // undoes the PUT, as DELETE /products/:id/advertise does
	g.GET("/admin/audit", s.listAudit, admin)                                    // every admin action: who, what, whom, when
	// #20 admin overview (helper admin)
	g.GET("/admin/stats", s.adminStats, admin) // the last 30 days by day in the shop's time zone, today's, the totals

	// photos
	g.POST("/images", s.uploadImage, requireUser, s.uploadGate.admit) // photos: bounded before their body is read (limits.go)

	// catalogue: the public reads are the same for every caller, so their
	// answers are kept until the catalogue changes (keep, cache.go); the
	// writes that change it say so (changes). A read with a parameter it
	// does not take is refused before the cache (knownParams), the
	// catalogue's pages after the first cost a budget per client address,
	// kept or not (deepPages, deep_pages.go), and the reads no kept answer
	// serves are bounded (publicReads, limits.go).
	// The reads no kept answer serves may go to the read replica
	// (fromReplica, replica.go).
	public := newRouteTable(e, "/api", s.keptFirst, requestTimeout(timeout), noStore, s.authenticate, knownParams, s.deepPages.limit, s.keep, gzip, s.publicReads.limit, s.fromReplica)
	public.GET("/categorys", s.listCategories)
	public.GET("/categorys/:id", s.getCategory)
	g.POST("/categorys", s.createCategory, admin, s.changes)
	g.DELETE("/categorys/:id", s.deleteCategory, admin, noBody, s.changes)
	g.GET("/admin/categorys", s.listCategoryCounts, admin) // #32: with their product counts
	public.GET("/products", s.listProducts)
	public.GET("/products/facets", s.listFacets) // the list's counts beside each choice
	public.GET("/products/:id", s.getProduct)    // available products only
	public.GET("/products/:id/similar", s.listSimilarProducts)
	g.GET("/products/:id/sale", s.getProductSale, requireUser) // a sold one, for its seller, its buyer or an admin
	public.GET("/advertised", s.listAdvertisedProducts)
	public.GET("/price-guide", s.priceGuide)                                                  // #39: anyone; the new price and the used range of a title
	top.GET("/api/locations", s.listLocations, requestTimeout(timeout), gzip, s.authenticate) // #36: anyone; made once, kept a day by browsers (ETag)
	top.GET("/api/specs/parse", s.parseSpecs, requestTimeout(timeout), gzip, s.authenticate)  // #36: anyone; the same title, the same answer (no database)
	top.GET("/api/search/suggest", s.suggest, requestTimeout(timeout), gzip, s.authenticate)  // #36: anyone; from each instance's copy of the suggestions
	g.POST("/products", s.createProduct, seller, s.requireVerifiedEmail, s.changes)
	g.GET("/userProducts", s.listSellerProducts, requireRole(store.RoleSeller, store.RoleAdmin)) // own, or any for an admin
	g.PUT("/products/:id", s.advertiseProduct, seller, noBody, s.changes)                        // own only
	g.PATCH("/products/:id", s.editProduct, seller, s.changes)
	g.POST("/products/:id/renew", s.renewProduct, seller, noBody, s.changes)                                                  // own only
	g.POST("/products/bulk", s.bulkProducts, seller, s.changes)                                                               // #37 JSON {action: renew or sold, ids}: own only, each listing on its own
	g.POST("/products/:id/promotion", s.startPromotion, seller, s.changes)                                                    // #34 paid advertising: own only
	g.GET("/products/:id/promotion", s.getPromotion, seller)                                                                  // #34 its outcome: own only
	g.DELETE("/products/:id/advertise", s.stopAdvertising, requireRole(store.RoleSeller, store.RoleAdmin), noBody, s.changes) // own, or any for an admin
	g.DELETE("/products/:id", s.deleteProduct, requireRole(store.RoleSeller, store.RoleAdmin), noBody, s.changes)             // own, or any for an admin
	g.PUT("/products/report/:id", s.reportProduct, requireUser, s.changes)                                                    // optional JSON {reason, note}
	g.GET("/products/report", s.listReportedProducts, admin)
	g.POST("/products/report/:id/dismiss", s.dismissReports, admin, noBody, s.changes) // the product stays
	g.DELETE("/products/report/:id", s.deleteReportedProduct, admin, s.changes)        // optional JSON {reason}
	g.POST("/products/:id/hide", s.hideProduct, admin, s.changes)                      // #32: JSON {reason}; back when its seller edits it
	// #37 per-listing numbers (listing_numbers.go): the product page's
	// beacons (anyone; bots, the seller and repeats of the day not
	// counted; 204; a budget per address), and the seller's charts
	g.POST("/products/:id/view", s.countView, noBody)
	g.POST("/products/:id/reveal", s.countReveal, noBody)
	g.GET("/products/:id/stats", s.getListingStats, requireRole(store.RoleSeller, store.RoleAdmin)) // own, or any for an admin
	g.GET("/me/stats", s.myListingStats, seller)
	// #40 a laptop's health, checked (checks.go, handover_checks.go,
	// stolen.go; docs/checks.md): the seller's one-time code, resale-check's
	// report (the code is its credential: a listing's check code, or a
	// buyer's hand-over code), the listing's check for anyone, the seller's
	// delete, the shop's public key; stolen serials, registered by anyone
	// signed in and confirmed by an admin
	g.POST("/products/:id/check-code", s.createCheckCode, seller, noBody) // own only
	g.POST("/checks", s.postCheck, s.checkPosts.limit, s.changes)
	g.GET("/checks/key", s.getCheckKey)
	g.GET("/products/:id/check", s.getCheck)                                  // anyone who may see the listing
	g.DELETE("/products/:id/check", s.deleteCheck, seller, noBody, s.changes) // own only
	g.POST("/stolen", s.registerStolen, requireUser)
	g.GET("/stolen/:serial", s.isStolen, s.stolenLookups.limit)
	g.GET("/admin/stolen", s.listStolen, admin)
	g.POST("/admin/stolen/:id/confirm", s.confirmStolen, admin, noBody, s.changes)
	g.POST("/admin/stolen/:id/reject", s.rejectStolen, admin, noBody)

	// bookings
	g.POST("/bookings", s.createBooking, requireUser, s.requireVerifiedEmail)
	g.GET("/bookings", s.listBuyerBookings, requireUser)                       // own, or any for an admin
	g.GET("/bookings/booked", s.listBookedProducts, requireUser)               // own only: the products the caller has an open booking of
	g.GET("/bookings/:id", s.getBooking, requireUser)                          // own, or any for an admin
	g.DELETE("/bookings/:id", s.cancelBooking, requireUser, noBody, s.changes) // own only; an accepted one's end frees the laptop

	// how a booking will be paid (#34): its buyer only, while nothing is paid
	g.PUT("/bookings/:id/payment-method", s.changePaymentMethod, requireUser)

	// the seller's side of a booking: bookings of their own products only
	// (others' are not found); an admin sees every lead and answers none
	leads := requireRole(store.RoleSeller, store.RoleAdmin)
	g.GET("/leads", s.listLeads, leads)
	g.GET("/leads/new", s.countNewLeads, leads)
	g.PUT("/bookings/:id/accept", s.acceptBooking, seller, noBody, s.changes)
	g.PUT("/bookings/:id/decline", s.declineBooking, seller, s.changes) // optional JSON {reason}
	g.POST("/bookings/:id/handover", s.handover, seller, s.changes)
	g.PUT("/products/:id/sold", s.markSold, seller, noBody, s.changes)
	g.PUT("/products/:id/relist", s.relist, seller, noBody, s.changes)

	// payments
	g.POST("/create-payment-intent", s.createPaymentIntent, requireUser) // own booking only
	g.POST("/payments", s.recordPayment, requireUser, s.changes)         // own booking only
	g.GET("/payments", s.listPayments, admin)
	g.POST("/stripe/webhook", s.stripeWebhook, s.changes)                  // Stripe, by signature
	g.POST("/payments/sslcommerz/session", s.startSSLCommerz, requireUser) // own booking only
	g.POST("/payments/sslcommerz/ipn", s.sslcommerzIPN, s.changes)         // SSLCommerz; believed once its Validation API confirms

	// conversations and offers: a thread is its two people's (anyone
	// else's is not found); an admin reads a reported one and writes none.
	// Writing needs a proven email like booking; an offer is answered by
	// the side that did not make it: the buyer's by the product's seller
	// (who may counter it), the seller's counter offer by the buyer.
	g.POST("/conversations", s.openConversation, requireUser, s.requireVerifiedEmail)
	g.GET("/conversations", s.listConversations, requireUser)
	g.GET("/conversations/unread", s.countUnreadConversations, requireUser)
	g.GET("/conversations/:id", s.getConversation, requireUser)
	g.GET("/conversations/:id/messages", s.listMessages, requireUser)
	g.POST("/conversations/:id/messages", s.sendMessage, requireUser, s.requireVerifiedEmail)
	g.PUT("/conversations/:id/read", s.markConversationRead, requireUser, noBody)
	g.POST("/conversations/:id/report", s.reportConversation, requireUser)
	g.GET("/admin/conversations", s.listReportedConversations, admin)
	g.PUT("/offers/:id/accept", s.acceptOffer, requireUser, noBody)                   // the side that did not make it
	g.PUT("/offers/:id/decline", s.declineOffer, requireUser, noBody)                 // the side that did not make it
	g.PUT("/offers/:id/counter", s.counterOffer, requireUser, s.requireVerifiedEmail) // the product's seller, to the buyer's offer
	g.PUT("/users/:id/block", s.blockUser, requireUser, noBody)
	g.DELETE("/users/:id/block", s.unblockUser, requireUser, noBody)

	// favourites: each caller's own. The hearts on cards come from their
	// own request (ids), so the catalogue's kept answers stay the same for
	// everyone.
	g.GET("/favourites", s.listFavourites, requireUser)
	g.GET("/favourites/ids", s.listFavouriteIDs, requireUser)
	g.PUT("/favourites/:id", s.addFavourite, requireUser, noBody)
	g.DELETE("/favourites/:id", s.deleteFavourite, requireUser, noBody)

	// #20 sellers and reviews: a seller's public page and reviews (to
	// anyone); the buyer of a completed or paid booking reviews its seller
	// once; the seller replies once; an admin removes one with a reason
	// (audit log). The cards carry the rating, so a new or removed review
	// drops the kept catalogue answers (changes).
	g.GET("/sellers/:id", s.getSeller)
	g.GET("/sellers/:id/reviews", s.listSellerReviews)
	// #37 tools for a shop: the seller's shop page (shown on GET
	// /api/sellers/:id) and what their new listings start with
	g.GET("/me/shop", s.getMyShop, seller)
	g.PUT("/me/shop", s.saveMyShop, seller)
	g.GET("/me/listing-defaults", s.getListingDefaults, seller)
	g.POST("/bookings/:id/review", s.createReview, requireUser, s.changes) // the booking's buyer only
	g.PUT("/reviews/:id/reply", s.replyToReview, seller)                   // the reviewed seller only
	g.DELETE("/reviews/:id", s.removeReview, admin, s.changes)             // JSON {reason}
	// #20 saved searches (helper "saved"): each caller's own
	g.POST("/saved-searches", s.createSavedSearch, requireUser)
	g.GET("/saved-searches", s.listSavedSearches, requireUser)
	g.DELETE("/saved-searches/:id", s.deleteSavedSearch, requireUser, noBody)
	// end #20 saved searches

	// notifications: each caller's own; the unsubscribe token is its own
	// credential (RFC 8058 one-click, from a mail app)
	g.GET("/notifications", s.listNotifications, requireUser)
	g.GET("/notifications/unread", s.countUnreadNotifications, requireUser)
	g.PUT("/notifications/read", s.markNotificationsRead, requireUser)
	g.GET("/me/notification-settings", s.getNotificationSettings, requireUser)
	g.PUT("/me/notification-settings", s.putNotificationSettings, requireUser)
	g.POST("/me/push-subscriptions", s.addPushSubscription, requireUser) // #37 this browser, pushed to
	g.DELETE("/me/push-subscriptions", s.deletePushSubscription, requireUser)
	g.POST("/unsubscribe", s.unsubscribe)
	g.GET("/admin/mail-failures", s.listMailFailures, admin)

	// #34 the ledger (ledger.go): the admin reads it and records payouts,
	// a seller reads their own balance
	g.GET("/admin/ledger", s.listLedger, admin)
	g.POST("/admin/payouts", s.recordPayout, admin)
	g.GET("/admin/sellers/:id/balance", s.sellerBalance, admin)
	g.GET("/me/balance", s.myBalance, seller)

	// #39 the price guide's reference catalogue (price_reference.go): the
	// shipped one, or an admin's CSV upload replacing or extending it;
	// every instance's guide follows an upload
	g.GET("/admin/price-reference", s.getPriceReference, admin)
	g.GET("/admin/price-reference.csv", s.downloadPriceReference, admin)
	g.POST("/admin/price-reference", s.uploadPriceReference, admin, s.changes) // ?mode=replace|extend; text/csv or multipart "file"
	g.DELETE("/admin/price-reference", s.deletePriceReference, admin, noBody, s.changes)

	// live updates (events.go): an EventSource sends no Authorization
	// header, so a signed-in app trades its session for a single-use
	// ticket, and the ticket opens the stream. The stream is outside the
	// group: the request timeout would end it and gzip would hold it back.
	g.POST("/events/ticket", s.createEventTicket, requireUser, noBody)
	e.GET("/api/events", s.streamEvents) // the ticket's holder

	// Echo gives each group with middleware a catch-all RouteNotFound, and
	// that catch-all hides the 405 of a known path called with a method it
	// does not have; this one answers both cases.
	g.RouteNotFound("/*", s.apiRouteNotFound)

	// for search engines (sitemap.go): the sitemap is read from the
	// database like the catalogue, so it is bounded like its reads
	sitemap := []echo.MiddlewareFunc{requestTimeout(timeout), gzip, s.publicReads.limit}
	top.GET("/sitemap.xml", s.sitemapIndex, sitemap...)
	top.HEAD("/sitemap.xml", s.sitemapIndex, sitemap...)
	top.GET("/sitemaps/:file", s.sitemapFile, sitemap...)
	top.HEAD("/sitemaps/:file", s.sitemapFile, sitemap...)
	e.GET("/robots.txt", s.robots)
	e.HEAD("/robots.txt", s.robots)

	// the buyer's browser, sent back by SSLCommerz's page with a form
	// post (sslcommerz.go): believed once its Validation API confirms,
	// then on to My Booking
	for _, outcome := range []string{"success", "fail", "cancel"} {
		top.POST("/payments/sslcommerz/"+outcome, s.sslcommerzReturn, requestTimeout(timeout), noStore, s.changes)
	}

	// #40 resale-check for each os-arch (check_download.go)
	e.GET("/download/resale-check/:target", s.downloadCheckTool)
	e.HEAD("/download/resale-check/:target", s.downloadCheckTool)

	// Uploaded photos, then the app: registered last, for GET and HEAD
	// only.
	e.GET("/uploads/:key", s.serveUpload)
	e.HEAD("/uploads/:key", s.serveUpload)
	e.GET("/product/:id", s.productPage) // the app, with the product's title and link preview
	e.HEAD("/product/:id", s.productPage)
	e.GET("/*", s.spa.serve)
	e.HEAD("/*", s.spa.serve)
}

// apiMethods are the methods the API's routes use.
var apiMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// apiRouteNotFound answers a request under /api that no route takes: 405
// with an Allow header when the path has routes for other methods, else
// 404. Both are JSON.
func (s *Server) apiRouteNotFound(c echo.Context) error {
	var allow []string
	for _, m := range apiMethods {
		probe := s.echo.NewContext(c.Request(), nil)
		s.echo.Router().Find(m, echo.GetPath(c.Request()), probe)
		if p := probe.Path(); p != "/api/*" && p != "/api" {
			allow = append(allow, m)
		}
	}
	if len(allow) == 0 {
		return apiNotFound(c)
	}
	c.Response().Header().Set(echo.HeaderAllow, strings.Join(allow, ", "))
	return echo.ErrMethodNotAllowed
}

// MetricsHandler is the whole table of the metrics listener (METRICS_ADDR),
// kept apart from the public listener so /metrics and the profiles are
// never on the internet by accident: /metrics, and Go's profiler
// (net/http/pprof) under /debug/pprof/, for finding where a request's
// time goes under load (#38).
func (s *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{Registry: s.registry}))
	mux.HandleFunc("GET /debug/pprof/", pprof.Index) // and every named profile: heap, goroutine, allocs...
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("POST /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return mux
}
