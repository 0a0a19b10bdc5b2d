package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.yaml.in/yaml/v3"

	"resale/internal/testio"
	"resale/store/storetest"
)

const (
	dashboardFile  = "deploy/grafana-dashboard.json"
	alertsFile     = "deploy/alerts.yml"
	alertTestsFile = "deploy/alerts.test.yml"
)

// promtoolPath is Prometheus's own checker: PROMTOOL (make test fetches
// it from Debian's prometheus package), else one on the PATH. Without it
// the test is skipped, except in CI.
func promtoolPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PROMTOOL"); p != "" {
		return p
	}
	if p, err := exec.LookPath("promtool"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("promtool is missing: make test-go fetches it (PROMTOOL)")
	}
	t.Skip("promtool is not installed: make test-go fetches it from Debian's prometheus package")
	return ""
}

func promtool(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command(promtoolPath(t), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("promtool %s:\n%s", strings.Join(args, " "), out)
}

// The alert rules are valid, fire in their unit tests, and every query of
// the dashboard parses (as a recording rule, promtool's parser checks it).
func TestMonitoringPromtool(t *testing.T) {
	promtool(t, "check", "rules", alertsFile)
	promtool(t, "test", "rules", alertTestsFile)

	type rule struct {
		Record string `yaml:"record"`
		Expr   string `yaml:"expr"`
	}
	var rules []rule
	for i, e := range dashboardExprs(t) {
		rules = append(rules, rule{Record: fmt.Sprintf("dashboard:query_%d", i), Expr: e})
	}
	b, err := yaml.Marshal(map[string]any{"groups": []any{map[string]any{"name": "dashboard", "rules": rules}}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dashboard-queries.yml")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	promtool(t, "check", "rules", path)
}

// dashboardExprs are the dashboard's queries, its variables given the
// values Grafana would.
func dashboardExprs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(dashboardFile)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("%s: %v", dashboardFile, err)
	}
	vars := strings.NewReplacer("$__rate_interval", "5m", "$instance", ".*")
	var out []string
	for _, p := range d.Panels {
		for _, tg := range p.Targets {
			if strings.TrimSpace(tg.Expr) == "" {
				t.Errorf("panel %q has an empty query", p.Title)
				continue
			}
			out = append(out, vars.Replace(tg.Expr))
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d queries in %s", len(out), dashboardFile)
	}
	return out
}

func alertExprs(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(alertsFile)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Groups []struct {
			Rules []struct {
				Alert string `yaml:"alert"`
				Expr  string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		t.Fatalf("%s: %v", alertsFile, err)
	}
	out := map[string]string{}
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			out[r.Alert] = r.Expr
		}
	}
	return out
}

// Every series the dashboard and the alerts name is one the binary
// exports: the real program is started with METRICS_ADDR and scraped, so
// a renamed metric breaks this test instead of a panel or an alert.
func TestMonitoringSeriesExported(t *testing.T) {
	dbURL := storetest.URL(t)
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	var logs testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL":           dbURL,
			"ADDR":                   addr,
			"METRICS_ADDR":           metricsAddr,
			"DATA_DIR":               t.TempDir(),
			"STRIPE_SECRET_KEY":      "sk_test_monitoring",
			"STRIPE_PUBLISHABLE_KEY": "pk_test_monitoring",
			// no call reaches it: there is no booking to reconcile
			"STRIPE_API_BASE": "http://127.0.0.1:1",
		}), io.Discard, &logs)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("the server did not stop")
		}
	})

	scheduleJobNobodyRuns(t, dbURL)
	want := seriesInUse(t) // series name: where it is used

	var got map[string]bool
	deadline := time.Now().Add(30 * time.Second)
	for {
		// requests of every kind the dashboard shows (the histogram's
		// series appear with the first request)
		for _, p := range []string{"/readyz", "/api/categorys", "/api/nothing-here"} {
			if res, err := http.Get("http://" + addr + p); err == nil {
				res.Body.Close()
			}
		}
		got = scrapeNames(t, "http://"+metricsAddr+"/metrics")
		var missing []string
		for n := range want {
			if !got[n] {
				missing = append(missing, n)
			}
		}
		if len(missing) == 0 {
			break
		}
		if time.Now().After(deadline) {
			sort.Strings(missing)
			for _, n := range missing {
				t.Errorf("%s (used by %s) is not exported", n, strings.Join(want[n], ", "))
			}
			t.Logf("server log:\n%s", logs.String())
			return
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Logf("%d series names used by the dashboard and the alerts, all exported", len(want))
}

// scheduleJobNobodyRuns adds a job nobody will run, so the queue's gauge
// has a series.
func scheduleJobNobodyRuns(t *testing.T, dbURL string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(context.Background(), `INSERT INTO river_job (kind, args, queue, state, max_attempts, scheduled_at)
		VALUES ('monitoring_test', '{}', 'monitoring_test', 'scheduled', 1, now() + interval '1 day')`)
	conn.Close(context.Background())
	if err != nil {
		t.Fatal(err)
	}
}

// seriesInUse names each series the dashboard's queries and the alerts
// use, with where it is used.
func seriesInUse(t *testing.T) map[string][]string {
	t.Helper()
	want := map[string][]string{}
	names := func(where, expr string) {
		for _, n := range promqlSeries(expr) {
			want[n] = append(want[n], where)
		}
	}
	for i, e := range dashboardExprs(t) {
		names(fmt.Sprintf("dashboard query %d", i), e)
	}
	for alert, e := range alertExprs(t) {
		names("alert "+alert, e)
	}
	return want
}

// scrapeNames are the series names in a Prometheus text exposition.
func scrapeNames(t *testing.T, url string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	res, err := http.Get(url)
	if err != nil {
		return out
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if i := strings.IndexAny(l, "{ "); i > 0 {
			out[l[:i]] = true
		}
	}
	return out
}

var (
	promqlStrings  = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
	promqlBraces   = regexp.MustCompile(`\{[^}]*\}`)
	promqlRanges   = regexp.MustCompile(`\[[^\]]*\]`)
	promqlGrouping = regexp.MustCompile(`\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)`)
	promqlIdent    = regexp.MustCompile(`[a-zA-Z_:][a-zA-Z0-9_:]*`)
	promqlKeywords = []string{"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring",
		"group_left", "group_right", "inf", "nan", "atan2"}
)

// promqlSeries are the series names a PromQL expression selects: its
// identifiers that are not label names, functions, keywords or numbers.
func promqlSeries(expr string) []string {
	e := promqlStrings.ReplaceAllString(expr, `""`)
	e = promqlBraces.ReplaceAllString(e, " ")
	e = promqlRanges.ReplaceAllString(e, " ")
	e = promqlGrouping.ReplaceAllString(e, " ")
	var out []string
	for _, loc := range promqlIdent.FindAllStringIndex(e, -1) {
		id := e[loc[0]:loc[1]]
		if loc[0] > 0 && (e[loc[0]-1] >= '0' && e[loc[0]-1] <= '9' || e[loc[0]-1] == '.') {
			continue // the unit of a number or duration, e.g. 1e9, 5m
		}
		if slices.Contains(promqlKeywords, strings.ToLower(id)) {
			continue
		}
		if rest := strings.TrimLeft(e[loc[1]:], " \t\n"); strings.HasPrefix(rest, "(") {
			continue // a function or an aggregation
		}
		out = append(out, id)
	}
	return out
}

func TestPromqlSeries(t *testing.T) {
	got := promqlSeries(`time() - max by (kind) (rate(a_total{kind=~"x|y", b="c"}[5m] offset 1h)) / on (kind) group_left b_bytes > 15 * 60 and 1e9 < sum(c)`)
	if want := []string{"a_total", "b_bytes", "c"}; !slices.Equal(got, want) {
		t.Errorf("promqlSeries = %v, want %v", got, want)
	}
}
