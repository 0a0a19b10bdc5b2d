package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"
	"time"
)

// Issue #36: suggestions while typing, GET /api/search/suggest, at 16
// connections. `go run ./bench -suggest-only -products N` (make
// bench-suggest) waits for the server's first count of the suggestions
// (the periodic job runs at start), then drives what people type and
// writes "Suggestions at N products" into bench/results.md.

// suggestOnly is -suggest-only.
var suggestOnly bool

// suggestP99Budget is the slowest a suggestion may answer, p99.
const suggestP99Budget = 20 * time.Millisecond

// suggestForms are what is typed, letter by letter as a box asks.
var suggestForms = []struct{ name, q string }{
	{"one letter", "e"},
	{"a model's start", "eliteb"},
	{"a brand and a model's start", "hp eli"},
	{"a spec's start", "8g"},
	{"a spec and the next's start", "i5 8"},
	{"Bangla spec", "৮ জিবি"},
	{"nothing starts so", "zzzzq"},
	{"100 characters", strings.Repeat("ab ", 33) + "a"},
}

// waitForSuggestions polls until the first count of the suggestions is
// made (a one-letter q has some), answering how long it took.
func waitForSuggestions(base string) (time.Duration, error) {
	start := time.Now()
	for time.Since(start) < 10*time.Minute {
		res, err := http.Get(base + "/api/search/suggest?q=e")
		if err == nil {
			var out []json.RawMessage
			err = json.NewDecoder(res.Body).Decode(&out)
			res.Body.Close()
			if err == nil && len(out) > 0 {
				return time.Since(start), nil
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	return 0, fmt.Errorf("no suggestions after 10 minutes")
}

// measureSuggest drives each form and writes the table; an error names
// each form over its budget.
func measureSuggest(base string, d time.Duration, products int) error {
	ready, err := waitForSuggestions(base)
	if err != nil {
		return err
	}
	var b strings.Builder
	var over []string
	title := fmt.Sprintf("Suggestions at %s products", thousands(products))
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&b, "\n## %s\n\nCommit %s, %s; %d connections; load average before %s on %d CPUs. The first count of the suggestions (brands, models from every live title, spec words alone and in pairs) was ready %s after the server started. Budget: p99 ≤ %s.\n\n",
		title, commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), searchConns, strings.Join(strings.Fields(string(load))[:3], " "),
		runtime.NumCPU(), ready.Round(100*time.Millisecond), ms(suggestP99Budget))
	b.WriteString("| typed | suggestions | requests/s | p50 | p99 | budget |\n|---|---|---|---|---|---|\n")
	// the floor: the cheapest answer the server gives, under the same load
	fmt.Println("wrk /livez (the floor) ...")
	floor, err := wrk(base+"/livez", d, searchConns, "")
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "| (the floor: `/livez`, no work) | | %.0f | %s | %s | |\n", floor.rps, ms(floor.p50), ms(floor.p99))
	for _, f := range suggestForms {
		path := "/api/search/suggest?q=" + url.QueryEscape(f.q)
		res, err := http.Get(base + path)
		if err != nil {
			return err
		}
		var out []struct{ Text string }
		err = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: %d %v", f.name, res.StatusCode, err)
		}
		texts := make([]string, len(out))
		for i, o := range out {
			texts[i] = o.Text
		}
		fmt.Printf("wrk suggest %s ...\n", f.name)
		r, err := wrk(base+path, d, searchConns, "")
		if err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		verdict := "pass"
		if r.p99 > suggestP99Budget {
			verdict = "**over**"
			over = append(over, fmt.Sprintf("%s (p99 %s)", f.name, ms(r.p99)))
		}
		shown := strings.Join(texts[:min(3, len(texts))], ", ")
		fmt.Fprintf(&b, "| %s `%.20s` | %d: %s | %.0f | %s | %s | %s |\n", f.name, f.q, len(out), shown, r.rps, ms(r.p50), ms(r.p99), verdict)
	}
	fmt.Print(b.String())
	if err := writeSection(title, b.String()); err != nil {
		return err
	}
	if len(over) > 0 {
		return fmt.Errorf("suggestions at %d products over budget: %s", products, strings.Join(over, "; "))
	}
	return nil
}
