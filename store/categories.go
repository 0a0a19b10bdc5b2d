package store

import (
	"context"
	"sync"
)

// Category is one brand of the catalogue.
type Category struct {
	ID    int64
	Name  string
	Image string
}

func categoryFrom(id int64, name, image string) Category {
	return Category{ID: id, Name: name, Image: image}
}

// ListCategories returns every category in a stable order.
func (s *Store) ListCategories(ctx context.Context) ([]Category, error) {
	rows, err := s.q.ListCategories(ctx)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]Category, 0, len(rows))
	for _, r := range rows {
		out = append(out, categoryFrom(r.ID, r.Name, r.Image))
	}
	return out, nil
}

// GetCategory returns one category or ErrNotFound.
func (s *Store) GetCategory(ctx context.Context, id int64) (Category, error) {
	r, err := s.q.GetCategory(ctx, id)
	if err != nil {
		return Category{}, translate(err)
	}
	return categoryFrom(r.ID, r.Name, r.Image), nil
}

// categoryIDs remembers categories by name; the zero value is empty and
// ready. It holds at most maxRemembered, so junk names cannot grow it.
type categoryIDs struct {
	mu     sync.RWMutex
	byName map[string]Category
}

const maxRemembered = 1000

func (c *categoryIDs) get(name string) (Category, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	cat, ok := c.byName[name]
	return cat, ok
}

func (c *categoryIDs) put(cat Category) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byName == nil {
		c.byName = map[string]Category{}
	}
	if len(c.byName) < maxRemembered {
		c.byName[cat.Name] = cat
	}
}

// GetCategoryByName returns the category with exactly that name. A
// category is never renamed or removed while the server runs (only a
// migration could), so the ones found are remembered: browsing a brand then
// costs no lookup. Names not found are asked for each time, so a category
// added later is seen at once.
func (s *Store) GetCategoryByName(ctx context.Context, name string) (Category, error) {
	if c, ok := s.categories.get(name); ok {
		return c, nil
	}
	r, err := s.q.GetCategoryByName(ctx, name)
	if err != nil {
		return Category{}, translate(err)
	}
	c := categoryFrom(r.ID, r.Name, r.Image)
	s.categories.put(c)
	return c, nil
}
