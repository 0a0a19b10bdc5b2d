package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/store"
)

// Per-listing numbers (#37): views of a listing's page, taps on its
// seller's number, chats started, favourites and bookings, per listing and
// local day, for its seller. Counted without tracking anyone: no script
// of anyone else's, no cookie, no identifier kept. A view and a tap come
// from the page itself, a small POST (a beacon) after it showed: crawlers
// and link previews read the API's GET and the kept answers, not this.
// Each count has a key, an HMAC of (what, listing, visitor) under a salt
// of the day derived from the server's secret (so both instances of a
// shop make the same key, and no salt is ever stored); the database keeps
// the key for the day, in one statement with the count, so a reload or a
// second visit the same day, on either instance, counts nothing more.

// statsDays is how many days the numbers' charts show, today the last.
const listingStatsDays = 30

// topListings is how many listings the seller's summary names.
const topListings = 5

// The beacons' budget per client address: enough for a family or an
// office behind one address browsing fast, little enough that nobody can
// write to the database as fast as they can send.
const (
	beaconBurst       = 120
	beaconsPerHour    = 3600
	maxBeaconAddrKeys = 100_000
)

// listingNumbers holds what counting needs besides the store.
type listingNumbers struct {
	key    []byte     // each day's salt is derived from it
	budget *deepPages // the beacons' per-address budget (deep_pages.go's bucket)
}

func newListingNumbers(tokenKey []byte) *listingNumbers {
	return &listingNumbers{
		key:    auth.DeriveKey(tokenKey, "listing-numbers"),
		budget: &deepPages{buckets: map[string]*pageBucket{}, burst: beaconBurst, rate: beaconsPerHour / 3600.0, now: time.Now},
	}
}

// eventKey is the key of kind about productID by visitor on day: the first
// ListingKeyLen bytes of HMAC(salt of the day, kind, listing, visitor).
func (n *listingNumbers) eventKey(day string, kind store.ListingCounter, productID int64, visitor string) [store.ListingKeyLen]byte {
	salt := hmac.New(sha256.New, n.key)
	salt.Write([]byte(day))
	mac := hmac.New(sha256.New, salt.Sum(nil))
	fmt.Fprintf(mac, "%s\x00%d\x00%s", kind, productID, visitor)
	var k [store.ListingKeyLen]byte
	copy(k[:], mac.Sum(nil))
	return k
}

// listingEvent is the event of kind about productID by visitor, today by
// the shop's clock.
func (s *Server) listingEvent(productID int64, kind store.ListingCounter, viewerID int64, visitor string) store.ListingEvent {
	today := s.now().In(s.loc)
	return store.ListingEvent{ProductID: productID, Day: today, Kind: kind, ViewerID: viewerID,
		Key: s.numbers.eventKey(today.Format(time.DateOnly), kind, productID, visitor)}
}

// botWords are in the User-Agent of crawlers, link previews, monitors,
// headless and scripted browsers and HTTP libraries ("cubot", a phone
// maker, is taken out first).
var botWords = []string{"bot", "crawl", "spider", "slurp", "headless", "lighthouse", "preview", "phantomjs",
	"puppeteer", "playwright", "selenium", "facebookexternalhit", "curl", "wget", "python", "go-http-client",
	"java/", "okhttp", "httpclient", "scrapy", "node-fetch", "axios", "pingdom", "uptime", "monitor", "archiver"}

// looksLikePerson says whether a beacon came from a person's browser on
// this shop's page: a browser's User-Agent (they all start "Mozilla/",
// but Opera Mini's on a feature phone, "Opera/"), none of botWords, and,
// when the browser says where the request comes from (Sec-Fetch-Site),
// this shop's own page.
func looksLikePerson(r *http.Request) bool {
	ua := strings.ToLower(strings.TrimSpace(r.UserAgent()))
	if len(ua) < 20 || len(ua) > 1000 || !strings.HasPrefix(ua, "mozilla/") && !strings.HasPrefix(ua, "opera/") {
		return false
	}
	ua = strings.ReplaceAll(ua, "cubot", "")
	for _, w := range botWords {
		if strings.Contains(ua, w) {
			return false
		}
	}
	site := r.Header.Get("Sec-Fetch-Site")
	return site == "" || site == "same-origin"
}

// visitorOf is who a beacon is from, as far as the key needs: the account
// when signed in, else the address (an IPv6 address's /64), the browser
// and its languages.
func visitorOf(c echo.Context, u store.User, signedIn bool) string {
	if signedIn {
		return "u:" + formatID(u.ID)
	}
	r := c.Request()
	return "a:" + clientKey(c.RealIP()) + "\x00" + r.UserAgent() + "\x00" + r.Header.Get("Accept-Language")
}

// countView serves POST /api/products/:id/view: the product page showed.
func (s *Server) countView(c echo.Context) error { return s.beacon(c, store.CountViews) }

// countReveal serves POST /api/products/:id/reveal: someone tapped the
// seller's number (Call or WhatsApp) on the product page.
func (s *Server) countReveal(c echo.Context) error { return s.beacon(c, store.CountReveals) }

// beacon counts kind for the product in the path: 204 whether or not it
// counted (a bot, the seller, an admin or a second time the same day are
// not counted, and are not told), 404 for no such product, 429 past the
// address's budget.
func (s *Server) beacon(c echo.Context, kind store.ListingCounter) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	if ok, wait := s.numbers.budget.take(clientKey(c.RealIP()), 1); !ok {
		secs := max(1, int(math.Ceil(wait.Seconds())))
		c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
		return &Error{Status: http.StatusTooManyRequests, Code: "throttled", Message: "Too many requests. Try again in a moment."}
	}
	u, signedIn := currentUser(c)
	if !looksLikePerson(c.Request()) || u.Role == store.RoleAdmin {
		return c.NoContent(http.StatusNoContent)
	}
	_, err = s.store.CountListingEvent(c.Request().Context(), s.listingEvent(id, kind, u.ID, visitorOf(c, u, signedIn)))
	if err != nil {
		return notFoundAs(err, "Product")
	}
	return c.NoContent(http.StatusNoContent)
}

// countListing counts what a signed-in user did about a listing (a chat
// started, a favourite, a booking), once a day per person; the seller's
// and an admin's are not counted. It runs after the thing itself
// committed: a failure to count is logged and costs the user nothing.
func (s *Server) countListing(c echo.Context, productID int64, kind store.ListingCounter, u store.User) {
	if u.Role == store.RoleAdmin {
		return
	}
	_, err := s.store.CountListingEvent(c.Request().Context(), s.listingEvent(productID, kind, u.ID, "u:"+formatID(u.ID)))
	if err != nil && !isNotFound(err) {
		s.log.Warn("listing numbers: not counted", "kind", kind, "product_id", productID, "err", err)
	}
}

// listingDayJSON is one day of a listing's (or a seller's) numbers.
type listingDayJSON struct {
	Date       string `json:"date"`
	Views      int64  `json:"views"`
	Reveals    int64  `json:"reveals"`
	Chats      int64  `json:"chats"`
	Favourites int64  `json:"favourites"`
	Bookings   int64  `json:"bookings"`
}

// listingCountsJSON are the numbers added up.
type listingCountsJSON struct {
	Views      int64 `json:"views"`
	Reveals    int64 `json:"reveals"`
	Chats      int64 `json:"chats"`
	Favourites int64 `json:"favourites"`
	Bookings   int64 `json:"bookings"`
}

// listingStatsJSON answers GET /api/products/:id/stats.
type listingStatsJSON struct {
	ProductID   string            `json:"productId"`
	ProductName string            `json:"productName"`
	TimeZone    string            `json:"timeZone"`
	Days        []listingDayJSON  `json:"days"`
	Totals      listingCountsJSON `json:"totals"`
}

// topListingJSON is one of a seller's most viewed listings.
type topListingJSON struct {
	ID          string            `json:"_id"`
	ProductName string            `json:"productName"`
	Picture     string            `json:"picture"`
	Totals      listingCountsJSON `json:"totals"`
}

// sellerStatsJSON answers GET /api/me/stats.
type sellerStatsJSON struct {
	TimeZone string            `json:"timeZone"`
	Days     []listingDayJSON  `json:"days"`
	Totals   listingCountsJSON `json:"totals"`
	Top      []topListingJSON  `json:"top"`
}

func countsOf(d store.ListingDay) listingCountsJSON {
	return listingCountsJSON{Views: d.Views, Reveals: d.Reveals, Chats: d.Chats, Favourites: d.Favourites, Bookings: d.Bookings}
}

// fillDays lays the counted days on the listingStatsDays days ending
// today (those with nothing counted are zeros) and adds them up.
func fillDays(days []time.Time, counted []store.ListingDay) ([]listingDayJSON, listingCountsJSON) {
	byDate := make(map[string]store.ListingDay, len(counted))
	for _, d := range counted {
		byDate[d.Day.Format(time.DateOnly)] = d
	}
	out := make([]listingDayJSON, len(days))
	var sum store.ListingDay
	for i, day := range days {
		date := day.Format(time.DateOnly)
		d := byDate[date]
		out[i] = listingDayJSON{Date: date, Views: d.Views, Reveals: d.Reveals, Chats: d.Chats, Favourites: d.Favourites, Bookings: d.Bookings}
		sum.Views, sum.Reveals, sum.Chats = sum.Views+d.Views, sum.Reveals+d.Reveals, sum.Chats+d.Chats
		sum.Favourites, sum.Bookings = sum.Favourites+d.Favourites, sum.Bookings+d.Bookings
	}
	return out, countsOf(sum)
}

// getListingStats serves GET /api/products/:id/stats: the product's last
// 30 days by the shop's clock, for its seller or an admin (anyone else's
// is not found).
func (s *Server) getListingStats(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	ctx := c.Request().Context()
	u, _ := currentUser(c)
	seller, name, err := s.store.ListingSeller(ctx, id)
	if err != nil {
		return notFoundAs(err, "Product")
	}
	if seller != u.ID && u.Role != store.RoleAdmin {
		return notFound("Product")
	}
	days, _ := statsDaysEndingToday(s.now(), s.loc, listingStatsDays)
	counted, err := s.store.ListingDays(ctx, id, days[0])
	if err != nil {
		return err
	}
	out := listingStatsJSON{ProductID: formatID(id), ProductName: name, TimeZone: s.loc.String()}
	out.Days, out.Totals = fillDays(days, counted)
	return c.JSON(http.StatusOK, out)
}

// myListingStats serves GET /api/me/stats: the calling seller's listings'
// last 30 days added up by day, the totals, and the most viewed listings.
func (s *Server) myListingStats(c echo.Context) error {
	ctx := c.Request().Context()
	u, _ := currentUser(c)
	days, _ := statsDaysEndingToday(s.now(), s.loc, listingStatsDays)
	counted, err := s.store.SellerListingDays(ctx, u.ID, days[0])
	if err != nil {
		return err
	}
	top, err := s.store.SellerTopListings(ctx, u.ID, days[0], topListings)
	if err != nil {
		return err
	}
	out := sellerStatsJSON{TimeZone: s.loc.String(), Top: make([]topListingJSON, 0, len(top))}
	out.Days, out.Totals = fillDays(days, counted)
	for _, t := range top {
		out.Top = append(out.Top, topListingJSON{ID: formatID(t.ProductID), ProductName: t.ProductName, Picture: t.Picture, Totals: countsOf(t.Totals)})
	}
	return c.JSON(http.StatusOK, out)
}

// countChatStart counts a chat started about a product when the message
// opened its thread (a buyer's later messages in it are not new chats).
func (s *Server) countChatStart(c echo.Context, productID, conversationID, messageID int64, u store.User) {
	first, err := s.store.IsFirstMessage(c.Request().Context(), conversationID, messageID)
	if err != nil {
		s.log.Warn("listing numbers: not counted", "kind", store.CountChats, "product_id", productID, "err", err)
	}
	if first {
		s.countListing(c, productID, store.CountChats, u)
	}
}

// countBooking counts a booking when it is its buyer's first of the
// product (booking again after cancelling is not a new one).
func (s *Server) countBooking(c echo.Context, productID, bookingID int64, u store.User) {
	first, err := s.store.IsFirstBooking(c.Request().Context(), bookingID)
	if err != nil {
		s.log.Warn("listing numbers: not counted", "kind", store.CountBookings, "product_id", productID, "err", err)
	}
	if first {
		s.countListing(c, productID, store.CountBookings, u)
	}
}
