package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"resale/store"
)

// savedSearches is how many saved searches the matching is measured
// against, and savedListings how many new listings are matched.
const (
	savedSearches      = 10000
	savedListings      = 300
	savedSearchBudget  = 20 * time.Millisecond
	savedSearchesUsers = savedSearches / store.MaxSavedSearches
)

type savedSearchResult struct {
	searches, listings, products int
	matched                      float64 // saved searches matched by a listing, on average
	p50, p99, max                time.Duration
	jobP50, jobP99               time.Duration // the whole job: the match, recording it, the instant notices
	filled                       time.Duration
}

// The words of the saved searches and the new listings (#20 saved searches).
var (
	savedWords  = []string{"thinkpad", "elitebook", "macbook", "air", "pro", "zenbook", "vivobook", "pavilion", "probook", "gaming", "i5", "i7", "ryzen", "m1", "m2", "touch", "x1", "carbon", "spectre", "envy", "rog", "tuf", "omen", "surface"}
	savedBrands = []string{"HP", "APPLE", "ASUS", "WALTON"}
	savedPlaces = []string{"Mirpur", "Dhanmondi", "Uttara", "Gulshan", "Chittagong"}
)

// savedModel is a model number: one of 40.
func savedModel(rng *rand.Rand) string {
	return fmt.Sprint([]string{"t", "x", "g", ""}[rng.IntN(4)], 400+10*rng.IntN(10))
}

// measureSavedSearches fills 10,000 varied saved searches (200 users with
// 50 each; words, brands, price bands, conditions and specs mixed, about a
// tenth without words (those with a brand and a price bound)) and times the matching of new listings against
// them: the one query the matching job runs (store.SavedSearchesMatching),
// and the job's whole work (store.MatchNewListing: the query, recording
// the matches and writing the instant notices) beside it.
func measureSavedSearches(dbURL string, products int) (savedSearchResult, error) {
	r := savedSearchResult{searches: savedSearches, listings: savedListings, products: products}
	ctx := context.Background()
	pool, st, err := openStore(ctx, dbURL)
	if err != nil {
		return r, err
	}
	defer pool.Close()
	rng := rand.New(rand.NewPCG(20, 4))
	cats := map[string]int64{}
	for _, b := range savedBrands {
		c, err := st.GetCategoryByName(ctx, b)
		if err != nil {
			return r, fmt.Errorf("category %s: %w", b, err)
		}
		cats[b] = c.ID
	}
	start := time.Now()
	if err := fillSavedSearches(ctx, st, rng, cats); err != nil {
		return r, err
	}
	r.filled = time.Since(start)
	if _, err := pool.Exec(ctx, "ANALYZE saved_searches"); err != nil {
		return r, err
	}
	query, job, total, err := matchNewListings(ctx, st, rng, cats)
	if err != nil {
		return r, err
	}
	// the server started next works no job of these listings
	if _, err := pool.Exec(ctx, "DELETE FROM river_job WHERE kind = 'match_saved_searches' OR queue = 'mail'"); err != nil {
		return r, err
	}
	slices.Sort(query)
	slices.Sort(job)
	pct := func(ds []time.Duration, p float64) time.Duration { return ds[min(len(ds)-1, int(float64(len(ds))*p))] }
	r.p50, r.p99, r.max = pct(query, 0.5), pct(query, 0.99), query[len(query)-1]
	r.jobP50, r.jobP99 = pct(job, 0.5), pct(job, 0.99)
	r.matched = float64(total) / float64(savedListings)
	return r, nil
}

// fillSavedSearches saves store.MaxSavedSearches searches for each of
// savedSearchesUsers new buyers, half of them instant, half daily.
func fillSavedSearches(ctx context.Context, st *store.Store, rng *rand.Rand, cats map[string]int64) error {
	for u := range savedSearchesUsers {
		user, err := st.CreateUser(ctx, store.NewUser{Name: fmt.Sprint("Saver ", u), Email: fmt.Sprintf("saver%d@example.com", u), Role: store.RoleBuyer})
		if err != nil {
			return err
		}
		for i := 0; i < store.MaxSavedSearches; {
			f, catID, ok := randomSavedFilter(rng, cats)
			if !ok {
				continue
			}
			freq := store.FrequencyDaily
			if rng.IntN(2) == 0 {
				freq = store.FrequencyInstant
			}
			if _, created, err := st.CreateSavedSearch(ctx, user.ID, freq, f, catID); err != nil {
				return err
			} else if created {
				i++
			}
		}
	}
	return nil
}

// randomSavedFilter is a search a shopper might save: mostly a family and
// a model ("elitebook 840"), with a brand, price bounds, a condition and
// specs mixed in. ok is false for one too broad for a shopper to want told
// of each match (no words, and no brand with a price ceiling).
func randomSavedFilter(rng *rand.Rand, cats map[string]int64) (f store.BrowseFilter, catID int64, ok bool) {
	if rng.IntN(10) > 0 { // a family and mostly a model: "elitebook 840"
		f.Words = savedWords[rng.IntN(len(savedWords))]
		if rng.IntN(4) > 0 {
			f.Words += " " + savedModel(rng)
		}
	}
	if rng.IntN(2) == 0 {
		f.Category = savedBrands[rng.IntN(len(savedBrands))]
		catID = cats[f.Category]
	}
	if rng.IntN(2) == 0 {
		f.MaxPrice = int64(20+rng.IntN(180)) * 1000
	}
	if rng.IntN(4) == 0 {
		f.MinPrice = int64(5+rng.IntN(15)) * 1000
	}
	if rng.IntN(4) == 0 {
		f.Condition = store.Conditions[rng.IntN(len(store.Conditions))]
	}
	if rng.IntN(5) == 0 {
		f.RAMMin = int32([]int{4, 8, 16, 32}[rng.IntN(4)])
	}
	if rng.IntN(6) == 0 {
		f.StorageType = "SSD"
	}
	if rng.IntN(8) == 0 {
		f.Location = savedPlaces[rng.IntN(len(savedPlaces))]
	}
	if rng.IntN(10) == 0 {
		f.Processor = []string{"i5", "i7", "ryzen 5", "m1"}[rng.IntN(4)]
	}
	return f, catID, f.Words != "" || (f.Category != "" && f.MaxPrice != 0)
}

// matchNewListings lists savedListings new products of one seller and
// times, for each, the matching query alone and the matching job's whole
// work; total is the saved searches matched, over all listings.
func matchNewListings(ctx context.Context, st *store.Store, rng *rand.Rand, cats map[string]int64) (query, job []time.Duration, total int, err error) {
	seller, err := st.CreateUser(ctx, store.NewUser{Name: "Saved Search Seller", Email: "savedseller@example.com", Role: store.RoleSeller})
	if err != nil {
		return nil, nil, 0, err
	}
	for range savedListings {
		brand := savedBrands[rng.IntN(len(savedBrands))]
		name := fmt.Sprintf("%s %s %s", brand, savedWords[rng.IntN(len(savedWords))], savedModel(rng))
		ram, storage := int32([]int{4, 8, 16, 32}[rng.IntN(4)]), int32(256*(1+rng.IntN(4)))
		p, err := st.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: cats[brand], Name: name, Picture: "/categories/hp.svg",
			SellPrice: int64(15+rng.IntN(150)) * 1000, OriginalPrice: 300000, Condition: store.Conditions[rng.IntN(len(store.Conditions))],
			Location: savedPlaces[rng.IntN(len(savedPlaces))] + ", Dhaka", Used: "2", Phone: "01700000000",
			Description: "A well kept laptop with " + savedWords[rng.IntN(len(savedWords))] + " keyboard, charger included, no scratches on the lid, battery holds four hours.",
			Specs:       store.Specs{Processor: []string{"Core i5-8250U", "Core i7-1165G7", "Ryzen 5 5600U", "Apple M1"}[rng.IntN(4)], RAMGB: &ram, StorageGB: &storage, StorageType: "SSD"}})
		if err != nil {
			return nil, nil, 0, err
		}
		t0 := time.Now()
		ids, err := st.SavedSearchesMatching(ctx, p.ID)
		query = append(query, time.Since(t0))
		if err != nil {
			return nil, nil, 0, err
		}
		total += len(ids)
		t0 = time.Now()
		if _, err := st.MatchNewListing(ctx, p.ID); err != nil {
			return nil, nil, 0, err
		}
		job = append(job, time.Since(t0))
	}
	return query, job, total, nil
}

// lines are the figures as the results' lines, and whether the budget held.
func (r savedSearchResult) lines() ([]string, bool) {
	ok := r.p99 <= savedSearchBudget
	mark := "PASS"
	if !ok {
		mark = "FAIL"
	}
	return []string{
		fmt.Sprintf("- %s: matching one new listing against %d saved searches (one indexed query, store.SavedSearchesMatching), %d products in the catalogue: p50 %s, p99 %s, max %s over %d listings; %.1f searches matched a listing on average (budget p99 %s)",
			mark, r.searches, r.products, ms(r.p50), ms(r.p99), ms(r.max), r.listings, r.matched, ms(savedSearchBudget)),
		fmt.Sprintf("  - the matching job's whole work (the query, recording the matches once, the instant searches' notices and their email jobs, one transaction): p50 %s, p99 %s; the %d saved searches were saved through the store in %s",
			ms(r.jobP50), ms(r.jobP99), r.searches, r.filled.Round(time.Millisecond)),
	}, ok
}

// writeSavedSearchSection puts the figures in bench/results.md as their
// own section; it fails when the budget was missed.
func writeSavedSearchSection(r savedSearchResult) error {
	lines, ok := r.lines()
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	load, _ := os.ReadFile("/proc/loadavg")
	section := fmt.Sprintf("\n## Saved searches\n\nCommit %s, %s; measured in the bench process on the benchmark's database, before the server starts; load average then %s on %d CPUs.\n\n%s\n",
		commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "), runtime.NumCPU(), strings.Join(lines, "\n"))
	fmt.Print(section)
	if err := writeSection("Saved searches", section); err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("matching a new listing against %d saved searches: p99 %s over the budget of %s", r.searches, ms(r.p99), ms(savedSearchBudget))
	}
	return nil
}
