package api_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"testing"

	"resale/api"
)

// logLines collects a server's JSON log lines.
type logLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// drops are the lines saying kept catalogue answers were dropped.
func (l *logLines) drops(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, raw := range bytes.Split(l.buf.Bytes(), []byte("\n")) {
		var line map[string]any
		if len(raw) == 0 {
			continue
		}
		if err := json.Unmarshal(raw, &line); err != nil {
			t.Fatalf("%v: %s", err, raw)
		}
		if line["msg"] == "kept catalogue answers dropped" {
			out = append(out, line)
		}
	}
	return out
}

// dropped waits for a drop line of reason (and route, when given) and
// checks the count by reason moved with it.
func (m *market) dropped(logs *logLines, reason, route string) {
	m.t.Helper()
	series := `resale_catalogue_cache_drops_total{reason="` + reason + `"}`
	waitFor(m.t, "a drop for "+reason+" "+route, func() bool {
		for _, d := range logs.drops(m.t) {
			if d["reason"] == reason && (route == "" || d["route"] == route) && d["answers"].(float64) >= 1 {
				return m.metric(series) >= 1
			}
		}
		return false
	})
}

// Why kept answers went is logged, once a drop, and counted by reason
// (#38): this instance's write (with its route), the database's notice of
// anyone's change, and the listener lost. The size cap is tested in
// cache_internal_test.go.
func TestCatalogueCacheDropsSayWhy(t *testing.T) {
	t.Parallel()
	logs := &logLines{}
	m := newMarketWith(t, func(o *api.Options) { o.Logger = slog.New(slog.NewJSONHandler(logs, nil)) })
	m.watchCatalogue(t)
	id := m.addProduct(m.seller.AccessToken, nil)
	// kept: asked again, the list costs the pool nothing
	keep := func() {
		t.Helper()
		waitFor(t, "a list kept", func() bool {
			m.products("/api/products?category=HP", "")
			before := m.store.PoolStat().AcquireCount()
			m.products("/api/products?category=HP", "")
			return m.store.PoolStat().AcquireCount() == before
		})
	}

	// this instance's edit, unannounced (so no notice is left to come)
	keep()
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	rec := m.patch(m.seller.AccessToken, id, map[string]any{"sellPrice": 37000})
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	if rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body.String())
	}
	m.dropped(logs, "change", "PATCH /api/products/:id")

	// anyone's change, announced by the database
	keep()
	m.exec("UPDATE products SET sell_price = 36000 WHERE id = $1", id)
	m.dropped(logs, "notice", "")

	// the listener lost
	keep()
	m.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN catalogue_changed' AND datname = current_database()")
	m.dropped(logs, "listener_lost", "")
}
