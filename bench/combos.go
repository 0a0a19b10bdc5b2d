package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Issue #38: every combination of words, brand, condition, specs and sort
// meets the search budget, not only the forms above (a brand's search in
// price order, none of them, answered 12 requests/s at a million). Each
// combination is asked comboRequests times by searchConns connections,
// every request made afresh (a price ceiling of its own), one combination
// after another; its p99 is held to searchP99Budget, and every answer
// must be 200.

var (
	comboWords      = []string{"", "core i5", "macbook", "elitebook", "i7 16gb 512ssd", "8gb", "walton macbook"}
	comboBrands     = []string{"", "HP", "WALTON", "APPLE", "ASUS"}
	comboConditions = []string{"", "excellent"}
	comboSpecs      = []string{"", "ramMin=16", "storageType=SSD&ramMin=8"}
	comboSorts      = []string{"newest", "price_asc", "price_desc", "relevance"}
)

// comboRequests is how many times each combination is asked.
const comboRequests = 8 * searchConns

// combos are the queries of every combination (relevance only with words).
func combos() []string {
	var qs []string
	for _, w := range comboWords {
		for _, b := range comboBrands {
			for _, c := range comboConditions {
				for _, sp := range comboSpecs {
					for _, so := range comboSorts {
						if w == "" && so == "relevance" {
							continue
						}
						v := url.Values{}
						for k, x := range map[string]string{"q": w, "category": b, "condition": c, "sort": so} {
							if x != "" {
								v.Set(k, x)
							}
						}
						q := v.Encode()
						if sp != "" {
							q += "&" + sp
						}
						qs = append(qs, q)
					}
				}
			}
		}
	}
	return qs
}

// comboResult is one combination's measure.
type comboResult struct {
	query    string
	p50, p99 time.Duration
	failed   int
}

// measureCombos asks every combination in turn and answers each one's.
func measureCombos(base string) []comboResult {
	return measureQueries(base, combos())
}

// printCombos is -combos: the combinations matching pattern measured and
// printed, each over its budget marked, nothing written.
func printCombos(base, pattern string) error {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return fmt.Errorf("-combos: %w", err)
	}
	var qs []string
	for _, q := range combos() {
		if re.MatchString(q) {
			qs = append(qs, q)
		}
	}
	over := 0
	for _, r := range measureQueries(base, qs) {
		mark := ""
		if r.p99 > searchP99Budget || r.failed > 0 {
			mark, over = " OVER", over+1
		}
		fmt.Printf("%-90s p50 %8s p99 %8s not 200 %3d%s\n", r.query, ms(r.p50), ms(r.p99), r.failed, mark)
	}
	fmt.Printf("%d of %d over the budget\n", over, len(qs))
	return nil
}

// measureQueries asks each query in turn and answers each one's measure.
func measureQueries(base string, qs []string) []comboResult {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: searchConns}, Timeout: 30 * time.Second}
	var unique atomic.Int64
	fmt.Printf("every combination: %d, each asked %d times ...\n", len(qs), comboRequests)
	out := make([]comboResult, 0, len(qs))
	for _, q := range qs {
		var mu sync.Mutex
		var took []time.Duration
		failed := 0
		var wg sync.WaitGroup
		for range searchConns {
			wg.Go(func() {
				for range comboRequests / searchConns {
					u := fmt.Sprintf("%s/api/products?%s&maxPrice=%d", base, q, 99999999-unique.Add(1))
					start := time.Now()
					res, err := client.Get(u)
					ok := err == nil && res.StatusCode == http.StatusOK
					if err == nil {
						io.Copy(io.Discard, res.Body) //nolint:errcheck
						res.Body.Close()
					}
					mu.Lock()
					took = append(took, time.Since(start))
					if !ok {
						failed++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(took)
		out = append(out, comboResult{query: q, p50: took[len(took)/2], p99: took[len(took)*99/100], failed: failed})
	}
	return out
}

// writeCombosSection writes the sweep's summary and its slowest
// combinations, and answers an error naming each over its budget.
func writeCombosSection(products int, rs []comboResult) error {
	title := fmt.Sprintf("Every combination at %s products", thousands(products))
	var b strings.Builder
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	var over []string
	failed := 0
	for _, r := range rs {
		failed += r.failed
		if r.p99 > searchP99Budget || r.failed > 0 {
			over = append(over, fmt.Sprintf("%s (p99 %s, %d not 200)", r.query, ms(r.p99), r.failed))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\nCommit %s, %s. %d combinations of words (%d), brand (%d), condition (%d), specs (%d) and sort (%d), each asked %d times by %d connections, every request made afresh: **%d over the budget** (p99 ≤ %s, every answer 200); %d answers not 200 in all. The slowest:\n\n",
		title, commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), len(rs), len(comboWords), len(comboBrands), len(comboConditions), len(comboSpecs),
		len(comboSorts), comboRequests, searchConns, len(over), ms(searchP99Budget), failed)
	slices.SortFunc(rs, func(a, b comboResult) int { return int(b.p99 - a.p99) })
	b.WriteString("| query | p50 | p99 | not 200 |\n|---|---|---|---|\n")
	for _, r := range rs[:min(12, len(rs))] {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %d |\n", r.query, ms(r.p50), ms(r.p99), r.failed)
	}
	fmt.Print(b.String())
	if err := writeSection(title, b.String()); err != nil {
		return err
	}
	if len(over) > 0 {
		return fmt.Errorf("%d combinations at %d products over budget: %s", len(over), products, strings.Join(over[:min(10, len(over))], "; "))
	}
	return nil
}
