package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// MaxSavedSearches is how many searches one person may keep.
const MaxSavedSearches = 50

// The frequencies of a saved search's notices.
const (
	FrequencyInstant = "instant" // one notice per new matching listing
	FrequencyDaily   = "daily"   // one digest a day per search with new matches
)

// ErrSavedSearchLimit: the user keeps MaxSavedSearches already.
var ErrSavedSearchLimit = errors.New("too many saved searches")

// digestBatch is how many saved searches one transaction of the digest
// tells.
const digestBatch = 500

// SavedSearch is a user's kept catalogue search.
type SavedSearch struct {
	ID        int64
	UserID    int64
	Frequency string
	// Filter holds the filters (Category is the category's name now; Sort
	// the order the search page showed); Limit, After are unset.
	Filter     BrowseFilter
	CategoryID int64 // 0: any
	CreatedAt  time.Time
}

// FilterValues are the saved filters as GET /api/products (and the search
// page's address) take them, sort included.
func (s SavedSearch) FilterValues() url.Values {
	v := FilterValues(s.Filter)
	if s.Filter.Sort != "" {
		v.Set("sort", s.Filter.Sort)
	}
	return v
}

// FilterValues are f's filters (not its sort, cursor or limit) as
// GET /api/products takes them; their encoding (sorted keys) is the
// canonical form of a filter set.
func FilterValues(f BrowseFilter) url.Values {
	v := url.Values{}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	whole := func(k string, n int64) {
		if n != 0 {
			v.Set(k, strconv.FormatInt(n, 10))
		}
	}
	inches := func(k string, n float32) {
		if n != 0 {
			v.Set(k, strconv.FormatFloat(float64(n), 'f', -1, 32))
		}
	}
	set("q", strings.Join(strings.Fields(f.Words), " "))
	set("category", f.Category)
	whole("minPrice", f.MinPrice)
	whole("maxPrice", f.MaxPrice)
	set("condition", f.Condition)
	set("location", f.Location)
	if f.VerifiedOnly {
		v.Set("verified", "true")
	}
	if f.NegotiableOnly {
		v.Set("negotiable", "true")
	}
	whole("ramMin", int64(f.RAMMin))
	whole("storageMin", int64(f.StorageMin))
	set("storageType", f.StorageType)
	whole("batteryMin", int64(f.BatteryMin))
	inches("screenMin", f.ScreenMin)
	inches("screenMax", f.ScreenMax)
	set("processor", strings.Join(strings.Fields(f.Processor), " "))
	whole("seller", f.SellerID)
	return v
}

// Describe is a short human description of f's filters, for a notice:
// the words first, then the brand, the price and the rest.
func Describe(f BrowseFilter) string {
	var parts []string
	add := func(s string) {
		if s != "" {
			parts = append(parts, s)
		}
	}
	add(strings.Join(strings.Fields(f.Words), " "))
	add(f.Category)
	switch {
	case f.MinPrice > 0 && f.MaxPrice > 0:
		add(fmt.Sprintf("%s–%s Tk", groupDigits(f.MinPrice), groupDigits(f.MaxPrice)))
	case f.MaxPrice > 0:
		add(fmt.Sprintf("≤ %s Tk", groupDigits(f.MaxPrice)))
	case f.MinPrice > 0:
		add(fmt.Sprintf("≥ %s Tk", groupDigits(f.MinPrice)))
	}
	add(f.Condition)
	if f.RAMMin > 0 {
		add(fmt.Sprintf("%d GB+ RAM", f.RAMMin))
	}
	if f.StorageMin > 0 {
		add(fmt.Sprintf("%d GB+ %s", f.StorageMin, f.StorageType))
	} else {
		add(f.StorageType)
	}
	if f.BatteryMin > 0 {
		add(fmt.Sprintf("battery %d%%+", f.BatteryMin))
	}
	switch {
	case f.ScreenMin > 0 && f.ScreenMax > 0:
		add(fmt.Sprintf("%g–%g″", f.ScreenMin, f.ScreenMax))
	case f.ScreenMin > 0:
		add(fmt.Sprintf("%g″+", f.ScreenMin))
	case f.ScreenMax > 0:
		add(fmt.Sprintf("≤ %g″", f.ScreenMax))
	}
	add(strings.Join(strings.Fields(f.Processor), " "))
	add(f.Location)
	if f.VerifiedOnly {
		add("verified sellers")
	}
	if f.NegotiableOnly {
		add("negotiable")
	}
	if len(parts) == 0 {
		return "all laptops"
	}
	return strings.Join(parts, ", ")
}

// groupDigits writes n with thousands separators: 80000 is 80,000.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// nilIfZero is v, or nil (SQL NULL: no such filter) when v is its type's
// zero.
func nilIfZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// CreateSavedSearch keeps f's filters (and sort) for the user, whose new
// matches they hear of at frequency. f.Category must name a category
// (categoryID its id) or be empty. Saving the same filters again returns
// the one kept already with created false (its frequency unchanged);
// ErrSavedSearchLimit at MaxSavedSearches.
func (s *Store) CreateSavedSearch(ctx context.Context, userID int64, frequency string, f BrowseFilter, categoryID int64) (SavedSearch, bool, error) {
	str, num := nilIfZero[string], nilIfZero[int64]
	sp := f.specArgs()
	words := strings.Join(strings.Fields(f.Words), " ")
	p := dbsqlc.CreateSavedSearchParams{
		UserID: userID, FilterKey: FilterValues(f).Encode(), Frequency: frequency,
		Words: str(words), Query: str(searchQuery(words)), CategoryID: num(categoryID),
		MinPrice: num(f.MinPrice), MaxPrice: num(f.MaxPrice), Condition: str(f.Condition), Location: str(likeEscape(f.Location)),
		VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly, RamMin: sp.ramMin, StorageMin: sp.storageMin, StorageType: sp.storageType, BatteryMin: sp.batteryMin,
		ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, Processor: str(strings.Join(strings.Fields(f.Processor), " ")), ProcessorQuery: sp.processor,
		SellerID: sp.sellerID, Sort: str(f.Sort), MaxSearches: MaxSavedSearches,
	}
	r, err := s.q.CreateSavedSearch(ctx, p)
	if err != nil {
		return SavedSearch{}, false, translate(err)
	}
	id, created := r.AddedID, r.AddedID != 0
	switch {
	case r.ExistingID != 0:
		id = r.ExistingID
	case id == 0:
		return SavedSearch{}, false, ErrSavedSearchLimit
	}
	got, err := s.savedSearchesByID(ctx, s.q, []int64{id})
	if err != nil {
		return SavedSearch{}, false, err
	}
	if len(got) == 0 { // deleted meanwhile
		return SavedSearch{}, false, ErrNotFound
	}
	return got[id], created, nil
}

// ListSavedSearches returns the user's saved searches, newest first.
func (s *Store) ListSavedSearches(ctx context.Context, userID int64) ([]SavedSearch, error) {
	rows, err := s.q.ListSavedSearches(ctx, userID)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]SavedSearch, 0, len(rows))
	for _, r := range rows {
		out = append(out, savedSearchFrom(dbsqlc.GetSavedSearchesByIDRow{
			ID: r.ID, UserID: userID, Frequency: r.Frequency, Words: r.Words, CategoryID: r.CategoryID, Category: r.Category,
			MinPrice: r.MinPrice, MaxPrice: r.MaxPrice, Condition: r.Condition, Location: r.Location, VerifiedOnly: r.VerifiedOnly, NegotiableOnly: r.NegotiableOnly,
			RamMin: r.RamMin, StorageMin: r.StorageMin, StorageType: r.StorageType, BatteryMin: r.BatteryMin,
			ScreenMin: r.ScreenMin, ScreenMax: r.ScreenMax, Processor: r.Processor, SellerID: r.SellerID, Sort: r.Sort, CreatedAt: r.CreatedAt,
		}))
	}
	return out, nil
}

// DeleteSavedSearch forgets the user's own saved search; anyone else's,
// or one that is not there, is ErrNotFound.
func (s *Store) DeleteSavedSearch(ctx context.Context, userID, id int64) error {
	n, err := s.q.DeleteSavedSearch(ctx, dbsqlc.DeleteSavedSearchParams{ID: id, UserID: userID})
	if err != nil {
		return translate(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *Store) savedSearchesByID(ctx context.Context, q *dbsqlc.Queries, ids []int64) (map[int64]SavedSearch, error) {
	rows, err := q.GetSavedSearchesByID(ctx, ids)
	if err != nil {
		return nil, translate(err)
	}
	out := make(map[int64]SavedSearch, len(rows))
	for _, r := range rows {
		out[r.ID] = savedSearchFrom(r)
	}
	return out, nil
}

func savedSearchFrom(r dbsqlc.GetSavedSearchesByIDRow) SavedSearch {
	val := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	n64 := func(p *int64) int64 {
		if p == nil {
			return 0
		}
		return *p
	}
	n32 := func(p *int32) int32 {
		if p == nil {
			return 0
		}
		return *p
	}
	f32 := func(p *float32) float32 {
		if p == nil {
			return 0
		}
		return *p
	}
	location := likeUnescaper.Replace(val(r.Location))
	return SavedSearch{
		ID: r.ID, UserID: r.UserID, Frequency: r.Frequency, CategoryID: n64(r.CategoryID), CreatedAt: r.CreatedAt,
		Filter: BrowseFilter{
			Words: val(r.Words), Category: val(r.Category), MinPrice: n64(r.MinPrice), MaxPrice: n64(r.MaxPrice),
			Condition: val(r.Condition), Location: location, VerifiedOnly: r.VerifiedOnly, NegotiableOnly: r.NegotiableOnly,
			RAMMin: n32(r.RamMin), StorageMin: n32(r.StorageMin), StorageType: val(r.StorageType), BatteryMin: n32(r.BatteryMin),
			ScreenMin: f32(r.ScreenMin), ScreenMax: f32(r.ScreenMax), Processor: val(r.Processor), SellerID: n64(r.SellerID),
			Sort: val(r.Sort),
		},
	}
}

// MatchSavedSearchesArgs is the River job that matches a listing that
// just became available (listed, or renewed after it expired) against
// every saved search. It is inserted in the listing's own transaction, so
// it is never lost, and worked once across instances.
type MatchSavedSearchesArgs struct {
	ProductID int64 `json:"product_id"`
}

// Kind names the job in River's table.
func (MatchSavedSearchesArgs) Kind() string { return "match_saved_searches" }

// InsertOpts: retried with River's backoff; a retry tells nobody twice
// (MatchNewListing).
func (MatchSavedSearchesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10}
}

// SavedSearchesMatching returns the ids of the saved searches an available
// listing matches (its seller's own left out): one indexed query. A
// listing no longer available matches none.
func (s *Store) SavedSearchesMatching(ctx context.Context, productID int64) ([]int64, error) {
	rows, err := s.q.MatchSavedSearches(ctx, productID)
	if err != nil {
		return nil, translate(err)
	}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids, nil
}

// MatchNewListing records the saved searches the listing matches and
// tells the users of the instant ones (saved_search_match, leading to the
// listing), in one transaction; the daily ones wait for
// SendSavedSearchDigests. A match is recorded once, so running it again
// (a retried job, a relisting) tells nobody twice. It returns how many
// were told.
func (s *Store) MatchNewListing(ctx context.Context, productID int64) (int, error) {
	told := 0
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		rows, err := q.MatchSavedSearches(ctx, productID)
		if err != nil || len(rows) == 0 {
			return err
		}
		ids := make([]int64, 0, len(rows))
		var instant []int64
		for _, r := range rows {
			ids = append(ids, r.ID)
			if r.Frequency == FrequencyInstant {
				instant = append(instant, r.ID)
			}
		}
		added, err := q.RecordSavedSearchMatches(ctx, dbsqlc.RecordSavedSearchMatchesParams{ProductID: productID, Ids: ids, InstantIds: instant})
		if err != nil {
			return err
		}
		var tell []int64
		for _, id := range added {
			for _, i := range instant {
				if i == id {
					tell = append(tell, id)
				}
			}
		}
		if len(tell) == 0 {
			return nil
		}
		p, err := q.GetProduct(ctx, productID)
		if err != nil {
			return err
		}
		searches, err := s.savedSearchesByID(ctx, q, tell)
		if err != nil {
			return err
		}
		for _, id := range tell {
			ss := searches[id]
			err := note(Notice{UserID: ss.UserID, Kind: "saved_search_match", Link: "/product/" + strconv.FormatInt(productID, 10),
				Data: notify.Data{"search": Describe(ss.Filter), "product": p.ProductName}})
			if err != nil && !errors.Is(err, ErrNotFound) { // a user deleted meanwhile is told nothing
				return err
			}
			told++
		}
		return nil
	})
	return told, err
}

// SendSavedSearchDigests tells the user of each daily saved search with
// new matches how many laptops matched since its last digest (one
// saved_search_match notice per search, leading to the search), and marks
// them told in the same transaction: a pass that fails tells no one, and
// one that runs again finds nothing waiting. Matches sold or withdrawn
// since are not counted. It returns how many were told.
func (s *Store) SendSavedSearchDigests(ctx context.Context) (int, error) {
	total := 0
	for {
		n, told := 0, 0
		err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
			due, err := q.ClaimSavedSearchDigests(ctx, digestBatch)
			if err != nil || len(due) == 0 {
				return err
			}
			n = len(due)
			ids := make([]int64, 0, len(due))
			for _, d := range due {
				ids = append(ids, d.SavedSearchID)
			}
			searches, err := s.savedSearchesByID(ctx, q, ids)
			if err != nil {
				return err
			}
			for _, d := range due {
				ss, ok := searches[d.SavedSearchID]
				if !ok || d.Available == 0 {
					continue
				}
				err := note(Notice{UserID: ss.UserID, Kind: "saved_search_match", Link: "/search?" + ss.FilterValues().Encode(),
					Data: notify.Data{"search": Describe(ss.Filter), "count": strconv.FormatInt(d.Available, 10)}})
				if err != nil && !errors.Is(err, ErrNotFound) {
					return err
				}
				told++
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += told
		if n < digestBatch {
			return total, nil
		}
	}
}
