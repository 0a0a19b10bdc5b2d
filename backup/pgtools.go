package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// pgTool is one of PostgreSQL's client programs (pg_dump, pg_restore,
// psql) and its major version.
type pgTool struct {
	path  string
	major int
}

var toolVersion = regexp.MustCompile(`\(PostgreSQL\) (\d+)`)

// findTool finds name whose major version is at least min: the one on PATH,
// else the newest of Debian's /usr/lib/postgresql/N/bin that is new enough
// (Debian installs each version's tools there, side by side).
func findTool(ctx context.Context, name string, min int) (pgTool, error) {
	return findToolIn(ctx, name, min, "/usr/lib/postgresql/*/bin")
}

// findToolIn is findTool with versionDirs, a glob of the folders that
// hold one version's tools each.
func findToolIn(ctx context.Context, name string, min int, versionDirs string) (pgTool, error) {
	var candidates []string
	if p, err := exec.LookPath(name); err == nil {
		candidates = append(candidates, p)
	}
	dirs, _ := filepath.Glob(filepath.Join(versionDirs, name))
	sort.Slice(dirs, func(i, j int) bool { return versionOfPath(dirs[i]) > versionOfPath(dirs[j]) })
	candidates = append(candidates, dirs...)
	if len(candidates) == 0 {
		return pgTool{}, fmt.Errorf("%s is not installed: install PostgreSQL's client programs, version %d or newer (Debian: apt-get install postgresql-client-%d)", name, min, min)
	}
	var found []string
	for _, p := range candidates {
		out, err := exec.CommandContext(ctx, p, "--version").Output()
		if err != nil {
			continue
		}
		m := toolVersion.FindSubmatch(out)
		if m == nil {
			continue
		}
		major, _ := strconv.Atoi(string(m[1]))
		if major >= min {
			return pgTool{path: p, major: major}, nil
		}
		found = append(found, fmt.Sprintf("%s is version %d", p, major))
	}
	if len(found) == 0 {
		return pgTool{}, fmt.Errorf("%s does not run (%s): reinstall PostgreSQL's client programs", name, candidates[0])
	}
	return pgTool{}, fmt.Errorf("%s must be version %d or newer, but %s (Debian: apt-get install postgresql-client-%d)", name, min, strings.Join(found, ", "), min)
}

func versionOfPath(p string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
	return n
}

// pgxOnly are the connection settings pgx reads that libpq (which the
// PostgreSQL tools use) would refuse.
var pgxOnly = []string{"pool_max_conns", "pool_min_conns", "pool_max_conn_lifetime", "pool_max_conn_idle_time",
	"pool_health_check_period", "pool_max_conn_lifetime_jitter", "default_query_exec_mode",
	"statement_cache_capacity", "description_cache_capacity", "min_read_buffer_size"}

// toolConn is a connection string for a PostgreSQL tool and the
// environment to run it with: a URL's password goes in PGPASSWORD rather
// than on the command line, where other users of the machine could see it.
func toolConn(conn string) (string, []string) {
	env := os.Environ()
	u, err := url.Parse(conn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return conn, env
	}
	if u.User != nil {
		if pw, ok := u.User.Password(); ok {
			env = append(env, "PGPASSWORD="+pw)
			u.User = url.User(u.User.Username())
		}
	}
	q := u.Query()
	for _, k := range pgxOnly {
		q.Del(k)
	}
	u.RawQuery = q.Encode()
	return u.String(), env
}

// runTool runs a tool and returns its error as one line: its first line
// of complaint, not its whole output.
func runTool(cmd *exec.Cmd) error {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		return nil
	}
	return toolError(filepath.Base(cmd.Path), err, stderr.String())
}

func toolError(name string, err error, stderr string) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	line := firstComplaint(stderr)
	if line == "" {
		return fmt.Errorf("%s: %v", name, err)
	}
	return fmt.Errorf("%s: %s", name, line)
}

// firstComplaint is the first line of a tool's stderr that says what went
// wrong (an ERROR: line when there is one).
func firstComplaint(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if i := strings.Index(l, "ERROR:"); i >= 0 {
			return strings.Join(strings.Fields(l[i:]), " ")
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
