package store_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"resale/store"
	"resale/store/storetest"
)

// The pool is sized from the cores (at least 8), unless the URL or the
// DATABASE_MAX_CONNS setting (OpenSized) says otherwise.
func TestPoolSize(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	if want := int32(max(8, 4*runtime.GOMAXPROCS(0))); store.DefaultMaxConns() != want {
		t.Errorf("DefaultMaxConns = %d, want %d", store.DefaultMaxConns(), want)
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	for _, c := range []struct {
		name string
		url  string
		max  int32
		want int32
	}{
		{"default", url, 0, store.DefaultMaxConns()},
		{"in the URL", url + sep + "pool_max_conns=3", 0, 3},
		{"setting", url, 21, 21},
		{"setting over the URL", url + sep + "pool_max_conns=3", 5, 5},
	} {
		pool, err := store.OpenSized(context.Background(), c.url, c.max, 0, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := pool.Stat().MaxConns(); got != c.want {
			t.Errorf("%s: %d connections, want %d", c.name, got, c.want)
		}
		pool.Close()
	}
}
