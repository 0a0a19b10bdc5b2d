package store

import (
	"cmp"
	"context"
	"errors"
	"math"
	"slices"
	"unicode"

	"resale/store/internal/dbsqlc"
)

// A broad search in price order reads its rarest word's listings in price
// order from search_postings (migration 00028), a few at a time, and checks
// each for the search's other words and filters by its id; it stops once a
// page is full. The price index walked instead reads every listing on the
// way, matching or not: 'laptop' cheapest first passed 100,000 of them for
// a page at a million products, 'core i5' dearest first 114,000.

// postingsWords is the most words a search's walked prefix may stand for
// (each one more ordered read a round): 'mac' stands for 'macbook' and
// 'mach'; a shorter prefix that stands for more is common, and its walk
// along the price index finds its matches close together.
const postingsWords = 16

// postingsRounds is how many reads of the postings a page may take, each
// four times the last, up to postingsMost a word, before the search goes
// the way it would without them (its other words or filters are seldom
// with its rarest word).
const (
	postingsRounds = 5
	postingsMost   = 1000
)

// posting is a listing in a word's price order.
type posting struct{ price, id int64 }

// compare orders a before b (-1), with it (0) or after it (1), cheapest
// first or dearest first.
func (a posting) compare(b posting, cheapest bool) int {
	c := cmp.Or(cmp.Compare(a.price, b.price), cmp.Compare(a.id, b.id))
	if cheapest {
		return c
	}
	return -c
}

// before tells whether a comes before b in the order asked for.
func (a posting) before(b posting, cheapest bool) bool { return a.compare(b, cheapest) < 0 }

// listingPlace is a listing's place in price order.
func listingPlace(r dbsqlc.ListListingsMatchingRow) posting { return posting{r.SellPrice, r.ID} }

// postingsPage finds a broad search's page in price order (sort, cheapest
// or dearest first) through the postings of word, its rarest, a prefix:
// check takes the listings ids names, in that order, and keeps those of
// them that match every word and filter, the first need at most, and
// answers how many it kept. ok is false when the prefix stands for more
// than postingsWords words or the page was not full within postingsRounds.
func (s *Store) postingsPage(ctx context.Context, f BrowseFilter, narrow postingsNarrow, word, sort string, check func(ids []int64, need int) (int, error)) (ok bool, err error) {
	if s.noPostings {
		return false, nil
	}
	cheapest := sort == SortPriceAsc
	// where the walk starts, exclusive, and the price it stops at
	at, end := posting{f.MinPrice - 1, math.MaxInt64}, int64(math.MaxInt64)
	if f.MaxPrice > 0 {
		end = f.MaxPrice
	}
	if !cheapest {
		at, end = posting{math.MaxInt64, math.MaxInt64}, f.MinPrice
		if f.MaxPrice > 0 {
			at = posting{f.MaxPrice + 1, math.MinInt64}
		}
	}
	if c := f.After; c != nil {
		if after := (posting{c.Price, c.ID}); at.before(after, cheapest) {
			at = after
		}
	}
	need := f.Limit + 1 // one more tells whether a next page exists
	per := need
	for range postingsRounds {
		found, words, err := s.postings(ctx, word, narrow, at, end, per, cheapest)
		if errors.Is(err, errWalkTooLong) {
			s.walksTooLong.Add(1)
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if words > postingsWords {
			return false, nil
		}
		// The postings are complete up to the least far last one of a
		// word that gave a full read (the others have no more); past it
		// they are read again next round.
		last, counts := map[string]posting{}, map[string]int{}
		for _, p := range found {
			last[p.word] = p.posting
			counts[p.word]++
		}
		ended, upTo := true, posting{}
		for w, n := range counts {
			if n == per && (ended || last[w].before(upTo, cheapest)) {
				ended, upTo = false, last[w]
			}
		}
		if len(counts) > 1 { // each word's come in order
			slices.SortFunc(found, func(a, b wordPosting) int { return a.compare(b.posting, cheapest) })
		}
		var ids []int64
		for i, p := range found {
			if !ended && upTo.before(p.posting, cheapest) {
				break
			}
			if i == 0 || p.posting != found[i-1].posting { // a listing with two of the words
				ids = append(ids, p.id)
			}
		}
		if len(ids) > 0 {
			kept, err := check(ids, need)
			if err != nil {
				return false, err
			}
			need -= kept
		}
		if need == 0 || ended {
			return true, nil
		}
		at, per = upTo, min(4*per, postingsMost)
	}
	return false, nil
}

// onlyWord tells whether typed searches for word alone, so that every
// listing word's postings name matches it: its one word (however often
// typed) in ASCII letters and digits, which the text search parser reads
// as one word, as it did the listings'.
func onlyWord(typed, word string) bool {
	for _, w := range searchWords(typed) {
		if w != word {
			return false
		}
	}
	for _, r := range word {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return word != ""
}

// wordPosting is a listing read from word's postings.
type wordPosting struct {
	word string
	posting
}

// postingsNarrow is a brand and a condition the postings read are of
// (nil: any).
type postingsNarrow struct {
	category  *int64
	condition *string
}

// narrowed tells whether n keeps some postings out.
func (n postingsNarrow) narrowed() bool { return n.category != nil || n.condition != nil }

// postings reads the next per listings of each word starting with prefix
// after at, in the order asked for, to the price end, of narrow's brand and
// condition; and how many such words there are, up to postingsWords + 1.
// Narrowed, a read passes every posting of another brand or condition on
// its way, so it is given walkTime, past which it answers errWalkTooLong
// (a brand that has few listings with the word).
func (s *Store) postings(ctx context.Context, prefix string, narrow postingsNarrow, at posting, end int64, per int, cheapest bool) ([]wordPosting, int, error) {
	prefixEnd := prefix + string(rune(utf8Last))
	var rows []dbsqlc.ListPostingsPriceAscRow
	read := func(q *dbsqlc.Queries) error {
		var err error
		if cheapest {
			rows, err = q.ListPostingsPriceAsc(ctx, dbsqlc.ListPostingsPriceAscParams{Prefix: prefix, PrefixEnd: prefixEnd, MaxWords: postingsWords,
				AfterPrice: at.price, AfterID: at.id, UpToPrice: end, PerWord: int32(per), CategoryID: narrow.category, Condition: narrow.condition})
			return err
		}
		dearest, err := q.ListPostingsPriceDesc(ctx, dbsqlc.ListPostingsPriceDescParams{Prefix: prefix, PrefixEnd: prefixEnd, MaxWords: postingsWords,
			AfterPrice: at.price, AfterID: at.id, DownToPrice: end, PerWord: int32(per), CategoryID: narrow.category, Condition: narrow.condition})
		for _, r := range dearest {
			rows = append(rows, dbsqlc.ListPostingsPriceAscRow(r))
		}
		return err
	}
	if !narrow.narrowed() {
		if err := translate(read(s.q)); err != nil {
			return nil, 0, err
		}
		return wordPostings(rows)
	}
	key := frontierKey{prefix: prefix, narrow: narrow.key(), cheapest: cheapest}
	atStart := at == startOf(cheapest)
	if from, ok := s.frontiers.get(key); ok && (atStart || at.before(from, cheapest)) {
		at, atStart = from, true
	}
	gen := s.frontiers.generation()
	if err := s.readWithin(ctx, s.walkLimit(), read); err != nil {
		return nil, 0, err
	}
	found, words, err := wordPostings(rows)
	if from, ok := s.frontiers.get(key); atStart && (!ok || !frontierOf(found, end, cheapest).before(from, cheapest)) {
		s.frontiers.put(gen, key, frontierOf(found, end, cheapest))
	}
	return found, words, err
}

func wordPostings(rows []dbsqlc.ListPostingsPriceAscRow) ([]wordPosting, int, error) {
	found, words := make([]wordPosting, 0, len(rows)), 0
	for _, r := range rows {
		found, words = append(found, wordPosting{r.Word, posting{r.SellPrice, r.ProductID}}), int(r.WordCount)
	}
	return found, words, nil
}

// A brand's postings may all come after many of other brands ('core i5'
// in HP cheapest first at a million: 9,820 Core i5s of other brands, 56
// ms a read). Where a narrowed read from the start of its order found its
// first listing, or found none up to its end price, is kept until the
// catalogue changes (Store.frontiers), and the next read of the same
// postings starts there: nothing of its brand and condition comes before.

// frontierKey names a narrowed read of a prefix's postings in one order.
type frontierKey struct {
	prefix   string
	narrow   narrowKey
	cheapest bool
}

// narrowKey is a postingsNarrow as a comparable value (0 and "": any).
type narrowKey struct {
	category  int64
	condition string
}

func (n postingsNarrow) key() narrowKey {
	var k narrowKey
	if n.category != nil {
		k.category = *n.category
	}
	if n.condition != nil {
		k.condition = *n.condition
	}
	return k
}

// startOf is where a walk of the postings in the order asked for starts
// when no cursor or price bound moves it (postingsPage's at, exclusive).
func startOf(cheapest bool) posting {
	if cheapest {
		return posting{-1, math.MaxInt64}
	}
	return posting{math.MaxInt64, math.MaxInt64}
}

// frontierOf is where the next read from the start may begin, exclusive,
// given what a read from the start found: just before its first listing
// in the order asked for, or, none found, past the end price.
func frontierOf(found []wordPosting, end int64, cheapest bool) posting {
	if len(found) == 0 {
		if cheapest {
			return posting{end, math.MaxInt64}
		}
		return posting{end, math.MinInt64}
	}
	first := found[0].posting
	for _, p := range found[1:] {
		if p.posting.before(first, cheapest) {
			first = p.posting
		}
	}
	if cheapest {
		return posting{first.price, first.id - 1}
	}
	return posting{first.price, first.id + 1}
}

// utf8Last is the last code point: a word starting with a prefix sorts
// (in the C collation) below the prefix followed by it.
const utf8Last = 0x10FFFF

// fewListings is the most matches a page is sorted from in the store
// (sortedPage) rather than by the database.
const fewListings = 100

// sortedPage is the page of rows in the order sort asks for (by price,
// newest first, or best match first), after the cursor after (nil: the
// first page), at most size of them, with their ranks.
func sortedPage(rows []dbsqlc.ListListingsMatchingRow, sort string, after *Cursor, size int) ([]dbsqlc.ProductListing, []float32) {
	order := func(a, b dbsqlc.ListListingsMatchingRow) int {
		switch sort {
		case SortPriceAsc, SortPriceDesc:
			return listingPlace(a).compare(listingPlace(b), sort == SortPriceAsc)
		case SortRelevance:
			return -cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.ID, b.ID)) // best first
		}
		return -cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID)) // newest first
	}
	slices.SortFunc(rows, order)
	if after != nil {
		last := dbsqlc.ListListingsMatchingRow{ID: after.ID, SellPrice: after.Price, CreatedAt: after.Time, Rank: after.Rank}
		rows = slices.DeleteFunc(rows, func(r dbsqlc.ListListingsMatchingRow) bool { return order(r, last) <= 0 })
	}
	rows = rows[:min(len(rows), size)]
	listings, ranks := make([]dbsqlc.ProductListing, len(rows)), make([]float32, len(rows))
	for i, r := range rows {
		listings[i], ranks[i] = listingOf(r), r.Rank
	}
	return listings, ranks
}

// listingOf is a listing checked by its id, without its rank.
func listingOf(r dbsqlc.ListListingsMatchingRow) dbsqlc.ProductListing {
	return dbsqlc.ProductListing{ID: r.ID, SellerID: r.SellerID, CategoryID: r.CategoryID, Category: r.Category, ProductName: r.ProductName,
		Picture: r.Picture, SellPrice: r.SellPrice, OriginalPrice: r.OriginalPrice, Condition: r.Condition, Location: r.Location, Used: r.Used,
		Phone: r.Phone, Description: r.Description, SellerName: r.SellerName, SellerEmail: r.SellerEmail, SellerVerified: r.SellerVerified,
		AdvertisedAt: r.AdvertisedAt, SoldAt: r.SoldAt, CreatedAt: r.CreatedAt, Reported: r.Reported, Reserved: r.Reserved,
		Photos: r.Photos, Processor: r.Processor, RamGb: r.RamGb, StorageGb: r.StorageGb, StorageType: r.StorageType,
		ScreenInches: r.ScreenInches, Gpu: r.Gpu, BatteryHealth: r.BatteryHealth, Charger: r.Charger, WarrantyMonths: r.WarrantyMonths,
		PriceDroppedFrom: r.PriceDroppedFrom, AdvertisedUntil: r.AdvertisedUntil, ExpiresAt: r.ExpiresAt, ExpiredAt: r.ExpiredAt,
		SellerReviewCount: r.SellerReviewCount, SellerReviewSum: r.SellerReviewSum, HiddenAt: r.HiddenAt, HiddenReason: r.HiddenReason, AreaID: r.AreaID,
		Negotiable: r.Negotiable, PriceVerdict: r.PriceVerdict,
		CheckedAt: r.CheckedAt, StolenAt: r.StolenAt, SellerPhone: r.SellerPhone}
}
