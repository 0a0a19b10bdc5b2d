package store

import "sync"

// keptUntilChange keeps values read from the catalogue while its changes
// are heard, until the next change; the zero value keeps nothing. gen
// counts the changes, so that a value read before a change is not kept
// after it: a reader takes the generation before it reads and puts with
// it.
type keptUntilChange[K comparable, V any] struct {
	mu    sync.Mutex
	heard bool
	gen   uint64
	kept  map[K]V
}

// maxKeptUntilChange is the most keys kept: past it, all are forgotten.
const maxKeptUntilChange = 10000

func (c *keptUntilChange[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.kept[k]
	return v, ok
}

func (c *keptUntilChange[K, V]) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put keeps v for k, read since gen, unless a change came since or
// changes are not heard.
func (c *keptUntilChange[K, V]) put(gen uint64, k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.heard || c.gen != gen {
		return
	}
	if c.kept == nil || len(c.kept) >= maxKeptUntilChange {
		c.kept = map[K]V{}
	}
	c.kept[k] = v
}

// forget drops everything kept; heard says whether changes are heard from
// now on.
func (c *keptUntilChange[K, V]) forget(heard bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.heard, c.kept = heard, nil
	c.gen++
}

// drop drops everything kept (a write of this instance, before its notice
// is heard).
func (c *keptUntilChange[K, V]) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept = nil
	c.gen++
}
