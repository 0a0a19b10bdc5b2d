package store

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"

	"resale/store/internal/dbsqlc"
)

// ErrCategoryInUse: a category still has products (sold or for sale), so
// it cannot be deleted.
var ErrCategoryInUse = errors.New("the category still has products")

// Category is one brand of the catalogue.
type Category struct {
	ID    int64
	Name  string
	Image string
}

func categoryFrom(id int64, name, image string) Category {
	return Category{ID: id, Name: name, Image: image}
}

// ListCategories returns every category (not deleted) in a stable order.
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

// GetCategory returns one category (not deleted) or ErrNotFound.
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

// forget drops every remembered category.
func (c *categoryIDs) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byName = nil
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

// GetCategoryByName returns the category with exactly that name. The ones
// found are remembered, so browsing a brand costs no lookup, until the
// catalogue changes: a deletion here forgets them at once, and one made by
// another instance when its change notice arrives (WatchCatalogue). Names
// not found are asked for each time, so a category added later is seen at
// once. A product cannot land in a category deleted meanwhile: the
// database refuses it (migration 00015).
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

// CreateCategory adds a category, recorded in the audit log as the
// admin's (adminID; NoAdmin for the demo seed). A name a live category
// has, in any case, is ErrConflict.
func (s *Store) CreateCategory(ctx context.Context, name, image string, adminID int64) (Category, error) {
	var out Category
	err := s.tx(ctx, func(q *dbsqlc.Queries) error {
		r, err := q.CreateCategory(ctx, dbsqlc.CreateCategoryParams{Name: name, Image: image})
		if err != nil {
			return err
		}
		out = categoryFrom(r.ID, r.Name, r.Image)
		return audit(ctx, q, adminID, AuditCategoryCreated, TargetCategory, r.ID, r.Name, nil)
	})
	return out, err
}

// DeleteCategory deletes a category that has no products, sold or for sale
// (deleted ones do not count): ErrCategoryInUse while it has some,
// ErrNotFound when there is no such category. The row stays, marked
// deleted, for the deleted products that still point at it; the admin's
// deletion is recorded in the audit log.
func (s *Store) DeleteCategory(ctx context.Context, id, adminID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if _, err := q.LockCategory(ctx, id); err != nil {
			return translate(err)
		}
		used, err := q.CategoryHasProducts(ctx, id)
		switch {
		case err != nil:
			return translate(err)
		case used:
			return ErrCategoryInUse
		}
		name, err := q.GetCategoryLabel(ctx, id)
		if err != nil {
			return translate(err)
		}
		if err := q.DeleteCategory(ctx, id); err != nil {
			return translate(err)
		}
		return translate(audit(ctx, q, adminID, AuditCategoryDeleted, TargetCategory, id, name, nil))
	})
	if err == nil {
		s.categories.forget()
	}
	return translate(err)
}
