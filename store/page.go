package store

// Page asks for one page of an id-ordered list: at most Limit rows,
// continuing past the id From (0: from the start).
type Page struct {
	From  int64
	Limit int
}

func (p Page) from() *int64 {
	if p.From == 0 {
		return nil
	}
	return &p.From
}

// size is one more than asked, to tell whether a next page exists.
func (p Page) size() int32 { return int32(p.Limit + 1) }

// cut trims a fetched page to its limit and returns the id to continue
// from, or 0 when this was the last page.
func cut[T any](p Page, rows []T, id func(T) int64) ([]T, int64) {
	if len(rows) <= p.Limit {
		return rows, 0
	}
	rows = rows[:p.Limit]
	return rows, id(rows[len(rows)-1])
}
