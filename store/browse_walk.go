package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"resale/store/internal/dbsqlc"
)

// The walks: a page read along its sort's index in order, stopping once
// it is full. A brand's newest (walkCategory) always walks well; the
// others are given walkTime, and past it give way to their plan's
// otherwise.

// walkTime is how long a walk whose matches the kept counts could not
// foretell may look for a page before the matches are fetched first.
const walkTime = 200 * time.Millisecond

var errWalkTooLong = errors.New("store: the walk took too long")

// walkLimit is walkTime, or the tests' override.
func (s *Store) walkLimit() time.Duration {
	if s.walkTimeAt > 0 {
		return s.walkTimeAt
	}
	return walkTime
}

// serveCategoryWalk reads a brand's newest page along
// products_category_available_idx.
func (s *Store) serveCategoryWalk(ctx context.Context, r *pageRun) error {
	p := dbsqlc.BrowseCategoryNewestParams{CategoryID: *r.category, PageSize: r.size}
	if r.f.After != nil {
		p.AfterTime, p.AfterID = &r.f.After.Time, &r.f.After.ID
	}
	var err error
	r.rows, err = s.q.BrowseCategoryNewest(ctx, p)
	return err
}

// serveListWalk walks a list common enough along the newest index, its
// plan kept (BrowseNewest, prepared). Past walkTime its prices, common
// apart, are seldom with its brand or condition: it is planned for its
// values, and so for a while.
func (s *Store) serveListWalk(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	err := s.walkWithin(ctx, s.walkLimit(), true, func(q *dbsqlc.Queries) error { return r.read(ctx, s, q, false) })
	if !errors.Is(err, errWalkTooLong) {
		return p, err
	}
	s.walksTooLong.Add(1)
	s.slowWalks.add(r.slowKey)
	return *p.otherwise, r.read(ctx, s, s.custom, false)
}

// serveSearchWalk walks a broad search's sort's index, each product
// checked for its words, for walkTime: its words, or its words with its
// other filters, may be seldom together ("walton macbook"; "laptop" with
// 16 GB and an SSD), or seldom among the cheapest ("apple", cheapest
// first). Past it the search is counted (p.otherwise).
func (s *Store) serveSearchWalk(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	err := s.walkWithin(ctx, s.walkLimit(), true, func(q *dbsqlc.Queries) error { return r.read(ctx, s, q, true) })
	if errors.Is(err, errWalkTooLong) {
		s.walksTooLong.Add(1)
		return *p.otherwise, nil
	}
	f := r.f
	if err == nil && !f.wordsOnly() && f.After == nil && len(r.rows) <= f.Limit {
		// Its first page found less than a page in time, having read
		// every product of its index: its filters are seldom with its
		// words (a last page reached by paging says nothing of the
		// kind). The walk's cost grows with the catalogue (120 ms at
		// 100,000); so the same search, at any price, page or order, is
		// counted for a while, and its few matches are found first and
		// remembered until the catalogue changes.
		s.walkedToEnd.add(r.lessonKey)
	}
	return p, err
}

// serveSearchWalkAgain walks r's broad search's sort's index again, each
// product checked for its words, for as long as its request may take (its
// context's deadline, within the read connections' statement timeout):
// its words are common, and found first their matches would be read to
// the last.
func (s *Store) serveSearchWalkAgain(ctx context.Context, r *pageRun) error {
	err := s.within(ctx, walkPlans, true, func(q *dbsqlc.Queries) error { return r.read(ctx, s, q, true) })
	if errors.Is(err, errWalkTooLong) {
		return errors.Join(context.DeadlineExceeded, err)
	}
	return err
}

// serveLooseWalk reads a page whose kept counts are an upper bound (a
// battery between tens), planned for its values; a walk that finds too
// few in its time gives way to its matches found first.
func (s *Store) serveLooseWalk(ctx context.Context, r *pageRun, p browsePlan) (browsePlan, error) {
	err := s.walkWithin(ctx, s.walkLimit(), false, func(q *dbsqlc.Queries) error { return r.read(ctx, s, q, false) })
	if !errors.Is(err, errWalkTooLong) {
		return p, err
	}
	s.walksTooLong.Add(1)
	return *p.otherwise, s.findFirst(ctx, r)
}

// walkWithin runs fn's queries for at most d: planned for their values,
// or, prepared, as statements planned once and kept with every plan but a
// walk along an index in order turned off (a broad search's walk, whose
// plan is the same for any words and filters).
func (s *Store) walkWithin(ctx context.Context, d time.Duration, prepared bool, fn func(q *dbsqlc.Queries) error) error {
	if s.walks != nil && d == s.walksTimeout {
		// on the connections whose sessions walk, one round trip
		q := dbsqlc.New(*s.walks)
		if !prepared {
			q = dbsqlc.New(customPlans{*s.walks})
		}
		return walkError(ctx, fn(q))
	}
	set := fmt.Sprintf("SET LOCAL statement_timeout = %d", d.Milliseconds())
	if prepared {
		set += "; " + walkPlans
	}
	return s.within(ctx, set, prepared, fn)
}

// readWithin runs fn's prepared queries for at most d, their plans as
// made; past d it answers errWalkTooLong.
func (s *Store) readWithin(ctx context.Context, d time.Duration, fn func(q *dbsqlc.Queries) error) error {
	return s.within(ctx, fmt.Sprintf("SET LOCAL statement_timeout = %d", d.Milliseconds()), true, fn)
}

// within runs fn's queries, prepared or planned for their values, in a
// transaction begun with the settings set; a statement that runs past its
// timeout answers errWalkTooLong.
func (s *Store) within(ctx context.Context, set string, prepared bool, fn func(q *dbsqlc.Queries) error) error {
	err := withSettings(ctx, s.reads, set, func(tx pgx.Tx) error {
		if prepared {
			return fn(dbsqlc.New(tx))
		}
		return fn(dbsqlc.New(customPlansTx{tx}))
	})
	return walkError(ctx, err)
}

// walkError is err of a walk of ctx: errWalkTooLong for a statement that
// ran past its timeout.
func walkError(ctx context.Context, err error) error {
	var pgErr *pgconn.PgError
	if ctx.Err() == nil && errors.As(err, &pgErr) && pgErr.Code == "57014" {
		return errWalkTooLong
	}
	return translate(err)
}

// withSettings runs fn in a transaction begun with the settings set (SET
// LOCAL statements), sent with its BEGIN in one round trip.
func withSettings(ctx context.Context, pool interface {
	BeginTx(context.Context, pgx.TxOptions) (pgx.Tx, error)
}, set string, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{BeginQuery: "BEGIN; " + set}, fn)
}
