package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"resale/laptopwords"
	"resale/media"
	"resale/store"
)

// maxSellPrice keeps a price payable by card: Stripe takes at most eight
// digits in the smallest unit (999,999.99 Tk).
const (
	maxSellPrice     = 999_999
	maxOriginalPrice = 99_999_999
)

// productJSON is a product on the wire, with the spec's field names.
type productJSON struct {
	ID           string `json:"_id"`
	ProductName  string `json:"productName"`
	Picture      string `json:"picture"`
	SellPrice    int64  `json:"sellPrice"`
	OrginalPrice int64  `json:"orginalPrice"`
	Category     string `json:"category"`
	Condition    string `json:"condition"`
	Location     string `json:"location"`
	Used         string `json:"used"`
	Number       string `json:"number"`
	Description  string `json:"description"`
	Seller       string `json:"seller"`
	SellerEmail  string `json:"sellerEmail"`
	SellerVerify bool   `json:"sellerVerify"`
	// SellerPhoneVerified: the seller proved a number by an SMS code
	// (#35); SellerPhone is it (E.164), absent when none is. Number
	// stays what the seller typed.
	SellerPhoneVerified bool   `json:"sellerPhoneVerified"`
	SellerPhone         string `json:"sellerPhone,omitempty"`
	Time                string `json:"time"`
	Date                string `json:"date"`
	Available           string `json:"available"`
	Advertise           bool   `json:"advertise"`
	Report              string `json:"report"`
	// Reserved: the seller accepted a booking of it; it takes no other.
	Reserved bool `json:"reserved"`
	// Photos: 1 to 8, the first is Picture.
	Photos []string  `json:"photos"`
	Specs  specsJSON `json:"specs"`
	// PriceDroppedFrom: the price before the seller lowered it in the last
	// 30 days, else null.
	PriceDroppedFrom *int64 `json:"priceDroppedFrom"`
	SellerID         string `json:"sellerId"`
	// AdvertisedUntil is when a running advertisement ends, else null.
	AdvertisedUntil *time.Time `json:"advertisedUntil"`
	// ExpiresAt is when the listing leaves the catalogue unless renewed;
	// Expired says it has (it then shows in its seller's list only).
	ExpiresAt time.Time `json:"expiresAt"`
	Expired   bool      `json:"expired"`
	// HiddenReason says why an admin hid the listing until its seller
	// edits it (#32); absent when it is not hidden. A hidden listing is in
	// no public list: only its seller and the admins see it.
	HiddenReason *string `json:"hiddenReason,omitempty"`
	// SellerRating is the seller's rating from their reviews (#20): part
	// of the shared catalogue answers, dropped with them when a review is
	// written or removed.
	SellerRating ratingJSON `json:"sellerRating"`
	// SoldInShop: a sold laptop that was paid for or handed over through
	// the shop, so Relist is refused (409 sold_in_shop). In the seller's
	// own list only.
	SoldInShop bool `json:"soldInShop,omitempty"`
	// Area is the listing's area with its district and division (#36),
	// null when it has none; Location stays the seller's own words.
	// DistanceKm: in a list nearest first, how far its area is.
	Area       *areaJSON `json:"area"`
	DistanceKm *float64  `json:"distanceKm,omitempty"`
	// Negotiable: the seller says the price can move (#39).
	Negotiable bool `json:"negotiable"`
	// PriceVerdict is the price guide's judgement of the price against
	// comparable listings (priceguide.Verdict): good, fair or high; null
	// when the guide knows too little.
	PriceVerdict *string `json:"priceVerdict"`
	// CheckedAt is when resale-check's newest report of the laptop came
	// (#40; the Checked badge and its date), null when unchecked.
	CheckedAt *time.Time `json:"checkedAt"`
	// Stolen: its checked serial is registered stolen (confirmed); it is
	// hidden, and shows to its seller and the admins only.
	Stolen bool `json:"stolen,omitempty"`
}

func (s *Server) toProductJSON(p store.Product) productJSON {
	at := p.CreatedAt.In(s.loc)
	out := productJSON{
		ID: formatID(p.ID), ProductName: p.Name, Picture: p.Picture, SellPrice: p.SellPrice, OrginalPrice: p.OriginalPrice,
		Category: p.Category, Condition: p.Condition, Location: p.Location, Used: p.Used, Number: p.Phone,
		Description: p.Description, Seller: p.SellerName, SellerEmail: p.SellerEmail, SellerVerify: p.SellerVerified,
		Time: at.Format("3:04 PM"), Date: at.Format("01-02-2006"), Available: "available", Advertise: p.Advertised,
		Reserved: p.Reserved, Photos: p.Photos, Specs: toSpecsJSON(p.Specs), SellerID: formatID(p.SellerID),
		ExpiresAt: p.ExpiresAt.UTC(), Expired: p.Expired, SellerRating: toRatingJSON(p.SellerRating), SoldInShop: p.SoldInShop,
		SellerPhoneVerified: p.SellerPhone != "", SellerPhone: p.SellerPhone, Area: s.areaOf(p.AreaID), DistanceKm: distanceJSON(p.DistanceKm),
		Negotiable: p.Negotiable,
	}
	if p.PriceVerdict != "" {
		v := p.PriceVerdict
		out.PriceVerdict = &v
	}
	if len(out.Photos) == 0 {
		out.Photos = []string{p.Picture}
	}
	if p.PriceDroppedFrom > 0 {
		// a copy: the address of p's own field moved all of p (half a
		// kilobyte) to the heap for every product of a list
		from := p.PriceDroppedFrom
		out.PriceDroppedFrom = &from
	}
	if p.Advertised && p.AdvertisedUntil != nil {
		until := p.AdvertisedUntil.UTC()
		out.AdvertisedUntil = &until
	}
	if p.Sold {
		out.Available = "soled"
	}
	if p.Reported {
		out.Report = "reported"
	}
	if p.Hidden {
		reason := p.HiddenReason
		out.HiddenReason = &reason
	}
	if p.CheckedAt != nil {
		at := p.CheckedAt.UTC()
		out.CheckedAt = &at
	}
	out.Stolen = p.Stolen
	return out
}

func (s *Server) productList(c echo.Context, products []store.Product, err error) error {
	if err != nil {
		return err
	}
	buf := productLists.Get().(*[]productJSON)
	out := (*buf)[:0]
	if out == nil { // a new one: an empty list is [], not null
		out = make([]productJSON, 0, len(products))
	}
	for _, p := range products {
		out = append(out, s.toProductJSON(p))
	}
	err = c.JSON(http.StatusOK, out) // encoded and written: out is free
	if cap(out) <= maxPooledList {
		clear(out)
		*buf = out
		productLists.Put(buf)
	}
	return err
}

// productLists are lists' wire values to be used again: made for each
// list, one was a tenth of a list's allocations (#38). A list longer than
// maxPooledList (a long list of favourites) is left to the collector.
const maxPooledList = 128

var productLists = sync.Pool{New: func() any { return new([]productJSON) }}

// searchCorrectedHeader names the words a search was answered for when
// what was typed found nothing and had a misspelt word (percent-escaped:
// the words may be Bangla).
const searchCorrectedHeader = "X-Search-Corrected"

// sortedByHeader says "newest" when a list asked for by relevance (a
// search's default order) is listed newest first: a broad search, whose
// matches are too many to rank. The sort box then says so.
const sortedByHeader = "X-Sorted-By"

// listProducts serves GET /api/products: available products, newest
// first, a page at a time. Filters: category, q (search), minPrice,
// maxPrice, condition, location, verified, and the specs' ramMin,
// storageMin, storageType, batteryMin, screenMin, screenMax, processor
// (words), with seller (an id); sort: newest, price_asc,
// price_desc, relevance. The answer is the spec's plain array; when there
// is more, a Link header with rel="next" gives the next page's address.
// A search that finds nothing is tried again with its misspelt words
// corrected, and X-Search-Corrected then names the words searched for.
// X-Sorted-By: newest says a page asked for by relevance is listed newest
// first (a broad search).
func (s *Server) listProducts(c echo.Context) error {
	f, corrected, known, err := s.browseFilter(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	products, next, byTime, err := s.store.ListProductsSorted(ctx, f)
	if err != nil {
		return err
	}
	if !known && len(products) == 0 && f.Searching() {
		// nothing found: a misspelt word ("macbok") gets the nearest word
		// listings have, and the answer says which words it searched for
		if corrected, err = s.store.CorrectSearch(ctx, f.Words); err != nil {
			return err
		}
		if corrected != "" {
			f.Words = corrected
			if products, next, byTime, err = s.store.ListProductsSorted(ctx, f); err != nil {
				return err
			}
		}
	}
	if corrected != "" && len(products) > 0 {
		c.Response().Header().Set(searchCorrectedHeader, url.PathEscape(shownCorrection(corrected, c.QueryParam("q"))))
	}
	if byTime {
		c.Response().Header().Set(sortedByHeader, store.SortNewest)
	}
	if next != nil {
		setCursorLink(c, encodeCursor(next))
	}
	return s.productList(c, products, nil)
}

// browseFilter reads the product list's query string. A misspelling
// corrected lately, the catalogue unchanged since, is searched for as
// corrected at once (known true): as typed it finds nothing still.
func (s *Server) browseFilter(c echo.Context) (f store.BrowseFilter, corrected string, known bool, err error) {
	if f, err = browseFilterFrom(c.QueryParams()); err != nil {
		return f, "", false, err
	}
	if err := s.checkPlaceFilters(c.Request().Context(), f); err != nil {
		return f, "", false, err
	}
	corrected, known = s.store.KeptCorrection(f.Words)
	if known {
		f.Words = corrected
	}
	return f, corrected, known, nil
}

// browseFilterFrom reads the product list's filters, sort and page from q
// (a saved search's query is read the same way).
func browseFilterFrom(q url.Values) (store.BrowseFilter, error) {
	var f fieldErrors
	get := func(name string) string {
		vs := q[name]
		if len(vs) > 1 {
			f.add(name, "was given more than once")
		}
		if len(vs) == 0 {
			return ""
		}
		return strings.TrimSpace(vs[0])
	}
	whole := func(name string) int64 {
		v := get(name)
		if v == "" {
			return 0
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > maxOriginalPrice {
			f.add(name, "must be a whole number of Tk")
		}
		return n
	}
	out := store.BrowseFilter{Category: get("category"), Limit: defaultPageSize}
	typed := get("q")
	if len([]rune(typed)) > 100 || !cleanText(typed, false) {
		f.add("q", "must be at most 100 plain characters")
	} else {
		out.Words = typed
	}
	out.MinPrice, out.MaxPrice = whole("minPrice"), whole("maxPrice")
	if out.MaxPrice != 0 && out.MinPrice > out.MaxPrice {
		f.add("maxPrice", "must not be below minPrice")
	}
	if out.Condition = get("condition"); out.Condition != "" && !slices.Contains(store.Conditions, out.Condition) {
		f.add("condition", "must be excellent, good or fair")
	}
	if loc := get("location"); loc != "" {
		if len([]rune(loc)) > 100 || !cleanText(loc, false) {
			f.add("location", "must be at most 100 plain characters")
		}
		out.Location = loc
	}
	switch v := get("verified"); v {
	case "", "false", "0":
	case "true", "1":
		out.VerifiedOnly = true
	default:
		f.add("verified", "must be true or false")
	}
	negotiableFilter(&f, q, &out)
	checkedFilter(&f, get, &out)
	specFilters(&f, get, &out)
	placeFilters(&f, get, &out)
	sortAndLimit(&f, get, &out)
	if err := f.err(); err != nil {
		return out, err
	}
	if raw := get("cursor"); raw != "" {
		cur, err := decodeCursor(raw, out.Sort)
		if err != nil {
			return out, err
		}
		out.After = cur
	}
	return out, nil
}

// negotiableFilter reads negotiable=true, the listings whose seller says
// the price can move (#39); it takes no other value (an ignored one would
// be a new cache key for the same answer).
func negotiableFilter(f *fieldErrors, q url.Values, out *store.BrowseFilter) {
	vs, ok := q["negotiable"]
	switch {
	case !ok:
	case len(vs) > 1:
		f.add("negotiable", "was given more than once")
	case vs[0] != "true":
		f.add("negotiable", "must be true, or left out")
	default:
		out.NegotiableOnly = true
	}
}

// sortAndLimit reads the list's order (relevance by default for a search,
// newest otherwise) and page size, once its filters are read.
func sortAndLimit(f *fieldErrors, get func(string) string, out *store.BrowseFilter) {
	out.Sort = get("sort")
	switch {
	case out.Sort == "" && out.Near != nil:
		out.Sort = store.SortDistance
	case out.Sort != store.SortDistance && out.Near != nil:
		f.add("near", "goes with sort=distance only")
	case out.Sort == store.SortDistance && out.Near == nil:
		f.add("near", "is needed by sort=distance: lat,lon")
	case out.Sort == "" && out.Searching():
		out.Sort = store.SortRelevance
	case out.Sort == "":
		out.Sort = store.SortNewest
	case out.Sort == store.SortRelevance && !out.Searching():
		f.add("sort", "relevance needs a search (q)")
	case !slices.Contains([]string{store.SortNewest, store.SortPriceAsc, store.SortPriceDesc, store.SortRelevance, store.SortDistance}, out.Sort):
		f.add("sort", "must be newest, price_asc, price_desc, relevance or distance")
	}
	if v := get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			f.add("limit", fmt.Sprintf("must be a whole number from 1 to %d", maxPageSize))
		}
		out.Limit = n
	}
}

// specFilters reads the filters by the laptop's specs and by seller, the
// list's and the facets' alike.
func specFilters(f *fieldErrors, get func(string) string, out *store.BrowseFilter) {
	whole := func(name string, lo, hi int32, unit string) int32 {
		v := get(name)
		if v == "" {
			return 0
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n < int64(lo) || n > int64(hi) {
			f.add(name, fmt.Sprintf("must be a whole number of %s from %d to %d", unit, lo, hi))
			return 0
		}
		return int32(n)
	}
	out.RAMMin = whole("ramMin", 1, 128, "GB")
	out.StorageMin = whole("storageMin", 1, 8192, "GB")
	out.BatteryMin = whole("batteryMin", 1, 100, "percent")
	if v := get("storageType"); v != "" {
		if !slices.Contains(store.StorageTypes, v) {
			f.add("storageType", "must be SSD, HDD or eMMC")
		}
		out.StorageType = v
	}
	inches := func(name string) float32 {
		v := get(name)
		if v == "" {
			return 0
		}
		n, err := strconv.ParseFloat(v, 32)
		if err != nil || !screenPattern.MatchString(v) || n < 10 || n > 18.4 {
			f.add(name, "must be a screen size from 10 to 18.4 inches, with at most one decimal")
			return 0
		}
		return float32(n)
	}
	out.ScreenMin, out.ScreenMax = inches("screenMin"), inches("screenMax")
	if out.ScreenMin != 0 && out.ScreenMax != 0 && out.ScreenMax < out.ScreenMin {
		f.add("screenMax", "must not be below screenMin")
	}
	if v := get("processor"); v != "" {
		if len([]rune(v)) > 100 || !cleanText(v, false) {
			f.add("processor", "must be at most 100 plain characters")
		}
		out.Processor = v
	}
	if v := get("seller"); v != "" {
		id, err := parseID(v)
		if err != nil {
			f.add("seller", "must be a seller's id")
		}
		out.SellerID = id
	}
}

var screenPattern = regexp.MustCompile(`^[0-9]{2}(\.[0-9])?$`)

// facetsJSON is the count of matching products beside each choice.
type facetsJSON struct {
	Category    map[string]int64 `json:"category"`
	Condition   map[string]int64 `json:"condition"`
	RAMGB       map[string]int64 `json:"ramGb"`
	StorageType map[string]int64 `json:"storageType"`
	// Total is how many products match every filter; exact false: a
	// broad search was counted among some of its matches, and more match
	Total totalJSON `json:"total"`
	// the places' counts by id (#36), each leaving out every place filter;
	// none for a broad search (exact false)
	Division map[string]int64 `json:"division"`
	District map[string]int64 `json:"district"`
	Area     map[string]int64 `json:"area"`
	// Corrected names the words counted for when what was typed matched
	// nothing and had a misspelt word (as the list's X-Search-Corrected)
	Corrected string `json:"corrected,omitempty"`
	// Understood are the specs the search's words name, matched as specs
	// (#36): [{field, value, text}], in the order typed
	Understood []laptopwords.Understood `json:"understood,omitempty"`
}

type totalJSON struct {
	Count int64 `json:"count"`
	Exact bool  `json:"exact"`
}

// listFacets serves GET /api/products/facets: for the filters the product
// list takes (not its sort, cursor or limit), how many available products
// match each category, condition, RAM size and storage type. Each facet
// leaves out its own filter, so a shopper who picked 8 GB still sees how
// many 16 GB laptops there are; values nothing matches are left out. Total
// counts what matches every filter, exactly, or for a broad search at
// least (exact false). A search that matches nothing is counted again
// with its misspelt words corrected, as the list does.
func (s *Server) listFacets(c echo.Context) error {
	// as the list does: a misspelling corrected lately is counted as such
	f, corrected, known, err := s.browseFilter(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	facets, err := s.store.ListFacets(ctx, f)
	if err != nil {
		return err
	}
	if known && facets.Total == 0 {
		corrected = ""
	}
	if !known && facets.Total == 0 && facets.Exact && f.Searching() {
		// as the list does: a misspelt word is counted as the nearest one
		if corrected, err = s.store.CorrectSearch(ctx, f.Words); err != nil {
			return err
		}
		if corrected != "" {
			f.Words = corrected
			if facets, err = s.store.ListFacets(ctx, f); err != nil {
				return err
			}
			if facets.Total == 0 {
				corrected = ""
			}
		}
	}
	out := facetsJSON{Category: facets.Category, Condition: facets.Condition, RAMGB: make(map[string]int64, len(facets.RAMGB)), StorageType: facets.StorageType,
		Total: totalJSON{Count: facets.Total, Exact: facets.Exact}, Corrected: shownCorrection(corrected, c.QueryParam("q")),
		Division: facets.Places.Division, District: facets.Places.District, Area: facets.Places.Area}
	if f.Searching() {
		_, _, out.Understood = laptopwords.Understand(c.QueryParam("q"))
	}
	for gb, n := range facets.RAMGB {
		out.RAMGB[strconv.Itoa(int(gb))] = n
	}
	return c.JSON(http.StatusOK, out)
}

// shownCorrection is a corrected search as the person reads it: its spec
// words ("ram8gb") as they typed them ("8gb").
func shownCorrection(corrected, typed string) string {
	if corrected == "" {
		return ""
	}
	var words []string
	for _, w := range strings.Fields(corrected) {
		if !laptopwords.IsSpecWord(w) {
			words = append(words, w)
		}
	}
	_, _, understood := laptopwords.Understand(typed)
	for _, u := range understood {
		words = append(words, u.Text)
	}
	return strings.Join(words, " ")
}

// listAdvertisedProducts serves GET /api/advertised: Urgent Sell.
func (s *Server) listAdvertisedProducts(c echo.Context) error {
	limit, after, err := advertisedPage(c)
	if err != nil {
		return err
	}
	products, next, err := s.store.ListAdvertisedProducts(c.Request().Context(), limit, after)
	if next != nil {
		setCursorLink(c, encodeCursor(next))
	}
	return s.productList(c, products, err)
}

// errProductSold is GET /api/products/:id of a sold product: not found as
// a listing (the answer is the same for everyone and kept), but said to be
// sold, so its page can say so, offer similar laptops, and ask
// GET /api/products/:id/sale whether the caller is one of its parties.
var errProductSold = &Error{Status: http.StatusNotFound, Code: "sold", Message: "This laptop has been sold"}

// getProduct serves GET /api/products/:id: one product for its own page,
// to anyone, while it is for sale; a sold one is not found with the code
// sold, a deleted one not found.
func (s *Server) getProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	p, err := s.store.GetProduct(c.Request().Context(), id)
	if isNotFound(err) {
		return notFound("Product")
	}
	if err != nil {
		return err
	}
	if p.Sold {
		return errProductSold
	}
	if p.Hidden { // #32: its seller and the admins only, and never kept for everyone
		u, ok := currentUser(c)
		if !ok || (u.ID != p.SellerID && u.Role != store.RoleAdmin) {
			return notFound("Product")
		}
		keepOff(c)
	}
	return c.JSON(http.StatusOK, s.toProductJSON(p))
}

// saleJSON is a sold product as one of its parties sees it: role is the
// caller's side (seller, buyer or admin); the booking it went through the
// shop by, if it did, with the buyer's name for the seller and admins.
type saleJSON struct {
	Role    string           `json:"role"`
	Product productJSON      `json:"product"`
	Booking *saleBookingJSON `json:"booking"`
}

type saleBookingJSON struct {
	ID     string `json:"_id"`
	Status string `json:"status"`
	// BuyerName: for the seller and admins only.
	BuyerName string `json:"buyerName,omitempty"`
}

// getProductSale serves GET /api/products/:id/sale: a sold laptop's page
// for its seller, its buyer (whose booking it was paid for or handed over
// by) and admins; anyone else, and a product not sold, get 404, so the
// buyer's name reaches nobody else.
func (s *Server) getProductSale(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Sale")
	}
	u, _ := currentUser(c)
	sale, err := s.store.GetProductSale(c.Request().Context(), id, u)
	if err != nil {
		return notFoundAs(err, "Sale")
	}
	out := saleJSON{Product: s.toProductJSON(sale.Product)}
	switch {
	case u.ID == sale.Product.SellerID:
		out.Role = "seller"
	case sale.BuyerID != 0 && u.ID == sale.BuyerID:
		out.Role = "buyer"
	default:
		out.Role = "admin"
	}
	if sale.BookingID != 0 {
		out.Booking = &saleBookingJSON{ID: formatID(sale.BookingID), Status: string(sale.BookingStatus)}
		if out.Role != "buyer" {
			out.Booking.BuyerName = sale.BuyerName
		}
	}
	return c.JSON(http.StatusOK, out)
}

// similarLimit is how many similar laptops a product's page shows.
const similarLimit = 8

// listSimilarProducts serves GET /api/products/:id/similar: up to eight
// available laptops of the product's brand priced within a quarter of it,
// nearest in price first, itself left out. A sold product still has them
// (its page offers them instead); an unknown or deleted one is not found.
func (s *Server) listSimilarProducts(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	products, err := s.store.ListSimilarProducts(c.Request().Context(), id, similarLimit)
	if isNotFound(err) {
		return notFound("Product")
	}
	return s.productList(c, products, err)
}

// listSellerProducts serves GET /api/userProducts?email=: a seller's own
// products (sold ones too), or any seller's for an admin.
func (s *Server) listSellerProducts(c echo.Context) error {
	u, page, err := s.userPageQuery(c)
	if err != nil {
		return err
	}
	products, next, err := s.store.ListSellerProducts(c.Request().Context(), u.ID, page)
	setNextLink(c, next)
	return s.productList(c, products, err)
}

// newProductRequest is the Add a Product form. Whatever else a client
// sends (seller, verification, availability...) is refused as unknown.
type newProductRequest struct {
	ProductName  string `json:"productName"`
	Picture      string `json:"picture"`
	SellPrice    *int64 `json:"sellPrice"`
	OrginalPrice *int64 `json:"orginalPrice"`
	Category     string `json:"category"`
	Condition    string `json:"condition"`
	Location     string `json:"location"`
	Used         string `json:"used"`
	Number       string `json:"number"`
	Description  string `json:"description"`
	// photos (1 to 8) and specs: optional
	Photos []string      `json:"photos"`
	Specs  *specsRequest `json:"specs"`
	// areaId: an area of GET /api/locations (#36); absent, null or "":
	// the one location names clearly, if any
	AreaID *string `json:"areaId"`
	// negotiable (#39): the seller says the price can move; absent is false
	Negotiable optionalBool `json:"negotiable"`
}

// optionalBool is a JSON field that may be absent (Set false), null (Null)
// or true or false; anything else is a wrong type.
type optionalBool struct {
	Set, Null bool
	Value     bool
}

func (o *optionalBool) UnmarshalJSON(b []byte) error {
	o.Set = true
	switch string(b) {
	case "null":
		o.Null = true
	case "true", "false":
		o.Value = string(b) == "true"
	default:
		return &json.UnmarshalTypeError{Value: "not a boolean", Type: reflect.TypeFor[bool]()}
	}
	return nil
}

// negotiable checks a negotiable field: true or false, never null; nil
// when absent.
func (f *fieldErrors) negotiable(o optionalBool) *bool {
	switch {
	case !o.Set:
		return nil
	case o.Null:
		f.add("negotiable", "must be true or false")
		return nil
	}
	return &o.Value
}

var phonePattern = regexp.MustCompile(`^\+?[0-9]{6,15}$`)

// price checks a required whole-number price.
func (f *fieldErrors) price(field string, v *int64, maxValue int64) int64 {
	switch {
	case v == nil:
		f.add(field, "is required")
	case *v < 1 || *v > maxValue:
		f.add(field, fmt.Sprintf("must be a whole number of Tk from 1 to %d", maxValue))
	default:
		return *v
	}
	return 0
}

// phoneSeparators drops the spaces and dashes of a phone number (made once).
var phoneSeparators = strings.NewReplacer(" ", "", "-", "")

// phone checks a phone number: digits, an optional leading +, with spaces
// and dashes allowed between digits; it returns the number without them.
func (f *fieldErrors) phone(field, v string) string {
	clean := phoneSeparators.Replace(strings.TrimSpace(v))
	switch {
	case clean == "":
		f.add(field, "is required")
	case !phonePattern.MatchString(clean):
		f.add(field, "must be a phone number of 6 to 15 digits")
	}
	return clean
}

// createProduct serves POST /api/products: a seller lists a laptop. The
// seller, verification, time, availability and advertising are the
// server's to set.
func (s *Server) createProduct(c echo.Context) error {
	var req newProductRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var f fieldErrors
	n := store.NewProduct{}
	n.Name = f.text("productName", req.ProductName, 200)
	if req.Photos != nil {
		// several photos: the first is the picture, whatever picture said
		photos, err := s.listingPhotos(ctx, &f, req.Photos, nil)
		if err != nil {
			return err
		}
		n.Photos = photos
	} else {
		n.Picture = strings.TrimSpace(req.Picture)
		key, isUpload := strings.CutPrefix(n.Picture, "/uploads/")
		if n.Picture == "" {
			f.add("picture", "is required")
		} else if !isUpload || !media.ValidKey(key) {
			f.add("picture", "must be a photo uploaded to this shop")
		} else if ok, err := s.store.ImageExists(ctx, key); err != nil {
			return err
		} else if !ok {
			f.add("picture", "must be a photo uploaded to this shop")
		}
	}
	n.SellPrice = f.price("sellPrice", req.SellPrice, maxSellPrice)
	n.OriginalPrice = f.price("orginalPrice", req.OrginalPrice, maxOriginalPrice)
	if n.SellPrice > 0 && n.OriginalPrice > 0 && n.SellPrice > n.OriginalPrice {
		f.add("sellPrice", "must not be more than the original price")
	}
	n.Condition = strings.TrimSpace(req.Condition)
	if !slices.Contains(store.Conditions, n.Condition) {
		f.add("condition", "must be excellent, good or fair")
	}
	n.Phone = f.phone("number", req.Number)
	n.Used = f.text("used", req.Used, 40)
	n.Location = f.text("location", req.Location, 200)
	n.Description = f.multilineText("description", req.Description, maxDescriptionLen, false)
	n.Specs = f.specs(req.Specs)
	n.ListingDays = s.listingDays
	if v := f.negotiable(req.Negotiable); v != nil {
		n.Negotiable = *v
	}
	var err error
	if n.CategoryID, err = s.categoryField(ctx, &f, req.Category); err != nil {
		return err
	}
	if req.AreaID != nil {
		if n.AreaID, err = s.areaField(ctx, &f, strings.TrimSpace(*req.AreaID)); err != nil {
			return err
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	n.SellerID = u.ID
	p, err := s.store.CreateProduct(ctx, n)
	if err != nil {
		return err
	}
	s.log.Info("product listed", "product_id", p.ID, "seller_id", u.ID)
	return c.JSON(http.StatusCreated, insertedJSON{Acknowledged: true, InsertedID: formatID(p.ID)})
}

type insertedJSON struct {
	Acknowledged bool   `json:"acknowledged"`
	InsertedID   string `json:"insertedId"`
}

type modifiedJSON struct {
	Acknowledged  bool `json:"acknowledged"`
	ModifiedCount int  `json:"modifiedCount"`
}

type deletedJSON struct {
	DeletedCount int `json:"deletedCount"`
}

func boolCount(b bool) int {
	if b {
		return 1
	}
	return 0
}

// advertiseProduct serves PUT /api/products/:id: the seller puts their
// product under Urgent Sell.
func (s *Server) advertiseProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	if s.advertisePrice > 0 {
		return errAdvertisingPaid(s.advertisePrice)
	}
	u, _ := currentUser(c)
	changed, err := s.store.AdvertiseProduct(c.Request().Context(), id, u.ID, s.advertiseDays, s.advertiseLimit)
	if err != nil {
		err = reword(notFoundAs(err, "Product"), store.ErrAdvertiseLimit,
			fmt.Sprintf("You can advertise at most %d laptops at once: stop one first", s.advertiseLimit))
		return reword(err, store.ErrExpired, "This listing has expired: renew it before advertising it")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(changed)})
}

// renewJSON answers a renewal: the listing's new end.
type renewJSON struct {
	modifiedJSON
	ExpiresAt time.Time `json:"expiresAt"`
}

// renewProduct serves POST /api/products/:id/renew: the seller lists their
// own listing for another listing period from now, back in the catalogue
// if it had expired.
func (s *Server) renewProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	until, err := s.store.RenewProduct(c.Request().Context(), id, u.ID, s.listingDays)
	if err != nil {
		return notFoundAs(err, "Product")
	}
	return c.JSON(http.StatusOK, renewJSON{modifiedJSON{Acknowledged: true, ModifiedCount: 1}, until.UTC()})
}

// deleteProduct serves DELETE /api/products/:id: the product's seller
// (store.DeleteOwnProduct) or an admin (store.DeleteProductAsAdmin) takes
// it out of the catalogue.
func (s *Server) deleteProduct(c echo.Context) error {
	return s.deleteProductWith(c, func(ctx context.Context, id int64, u store.User) ([]store.Payment, error) {
		if u.Role == store.RoleAdmin {
			return s.store.DeleteProductAsAdmin(ctx, id, "", u.ID)
		}
		return nil, s.store.DeleteOwnProduct(ctx, id, u.ID)
	})
}

// deleteReportedProduct serves DELETE /api/products/report/:id: an admin
// takes out a product somebody reported; an optional JSON {reason} is told
// to the seller.
func (s *Server) deleteReportedProduct(c echo.Context) error {
	reason, err := removalReason(c)
	if err != nil {
		return err
	}
	return s.deleteProductWith(c, func(ctx context.Context, id int64, u store.User) ([]store.Payment, error) {
		return s.store.DeleteReportedProduct(ctx, id, reason, u.ID)
	})
}

// deleteProductWith runs a deletion of the product the path names and
// answers as both deleting routes do. A buyer's payment the deletion marked
// for refund (an admin removed a paid listing) is refunded once it has
// committed; a refund that fails is retried by the reconciliation.
func (s *Server) deleteProductWith(c echo.Context, del func(ctx context.Context, id int64, by store.User) ([]store.Payment, error)) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	refund, err := del(c.Request().Context(), id, u)
	if err != nil {
		return notFoundAs(err, "Product")
	}
	s.log.Info("product deleted", "product_id", id, "by", u.ID, "role", u.Role, "refunds", len(refund))
	for _, p := range refund {
		if s.payments != nil {
			s.payments.Refund(context.WithoutCancel(c.Request().Context()), p)
		}
	}
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}

// stopAdvertising serves DELETE /api/products/:id/advertise: the seller
// (their own) or an admin (any) takes a product out of Urgent Sell.
func (s *Server) stopAdvertising(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	var changed bool
	if u.Role == store.RoleAdmin {
		changed, err = s.store.StopAdvertisingAsAdmin(c.Request().Context(), id, u.ID)
	} else {
		changed, err = s.store.StopAdvertising(c.Request().Context(), id, u.ID)
	}
	if err != nil {
		return notFoundAs(err, "Product")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(changed)})
}

// checkedFilter reads checked (#40): listings resale-check checked.
func checkedFilter(f *fieldErrors, get func(string) string, out *store.BrowseFilter) {
	switch get("checked") {
	case "", "false", "0":
	case "true", "1":
		out.CheckedOnly = true
	default:
		f.add("checked", "must be true or false")
	}
}
