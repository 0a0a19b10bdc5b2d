package main

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"resale/internal/testio"
	"resale/store/storetest"
)

// Not parallel: it sets the variables the linker stamps.
func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	// no settings at all, as on a server not yet configured
	if code := run(context.Background(), []string{"version"}, env(map[string]string{"RESALE_ENV": "production"}), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !regexp.MustCompile(`^resale \S+ \(commit \S+, go\S+\)\n$`).MatchString(out.String()) {
		t.Errorf("resale version = %q", out.String())
	}

	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v1.4.0", "0123abcd"
	if got, want := versionLine(), "resale v1.4.0 (commit 0123abcd, "+runtime.Version()+")"; got != want {
		t.Errorf("stamped: %q, want %q", got, want)
	}
	// unstamped: what the toolchain recorded, else dev
	version, commit = "", ""
	if v, c := buildVersion(); v == "" || c == "" {
		t.Errorf("unstamped: %q %q", v, c)
	}
}

// The probes and the metrics listener of the real program.
func TestServeProbesAndMetrics(t *testing.T) {
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errOut testio.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, env(map[string]string{
			"DATABASE_URL": storetest.EmptyURL(t),
			"ADDR":         addr,
			"METRICS_ADDR": metricsAddr,
			"DATA_DIR":     t.TempDir(),
		}), io.Discard, &errOut)
	}()
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	base := "http://" + addr
	waitServing(t, base+"/livez", done, &errOut)
	if code, _ := get(base + "/livez"); code != http.StatusOK {
		t.Fatalf("/livez = %d; logs:\n%s", code, errOut.String())
	}
	if code, body := get(base + "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz = %d %s", code, body)
	}
	code, body := get("http://" + metricsAddr + "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics = %d", code)
	}
	for _, want := range []string{`resale_http_requests_total{method="GET",route="/readyz",status="2xx"} 1`,
		"resale_db_pool_total_connections", "go_goroutines", "resale_build_info"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if _, body := get(base + "/metrics"); strings.Contains(body, "resale_http_requests_total") {
		t.Error("the public address serves the metrics")
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d; logs:\n%s", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
	if !strings.Contains(errOut.String(), "serving metrics") {
		t.Errorf("logs do not say where the metrics are:\n%s", errOut.String())
	}
}

func TestMetricsAddrIsChecked(t *testing.T) {
	t.Parallel()
	cfg, err := loadConfig(env(nil))
	if err != nil || cfg.MetricsAddr != "" {
		t.Fatalf("default: %q, %v (metrics must be off unless asked for)", cfg.MetricsAddr, err)
	}
	_, err = loadConfig(env(map[string]string{"METRICS_ADDR": "9090"}))
	if err == nil || !strings.HasPrefix(err.Error(), "METRICS_ADDR: ") {
		t.Fatalf("METRICS_ADDR=9090: %v", err)
	}
}

// settingPattern is the shape of an environment variable's name.
var settingPattern = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// Every setting config.go reads is in the README's Settings table: the
// names are the upper-case string literals config.go passes to a call
// (get("ADDR", ...), durationSetting(get, "SHUTDOWN_TIMEOUT", ...)).
func TestEverySettingIsDocumented(t *testing.T) {
	t.Parallel()
	file, err := parser.ParseFile(token.NewFileSet(), "config.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, arg := range call.Args {
			if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if name, err := strconv.Unquote(lit.Value); err == nil && settingPattern.MatchString(name) {
					read[name] = true
				}
			}
		}
		return true
	})
	if len(read) < 20 {
		t.Fatalf("found only %d settings in config.go: %v; has the way it reads them changed?", len(read), read)
	}

	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Settings\n")
	if !ok {
		t.Fatal("README.md has no ## Settings section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	documented := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|") // the Setting column
		for _, m := range regexp.MustCompile("`([A-Z0-9_]+)`").FindAllStringSubmatch(first, -1) {
			documented[m[1]] = true
		}
	}
	for name := range read {
		if !documented[name] {
			t.Errorf("config.go reads %s, which the Settings table in README.md does not list", name)
		}
	}
}
