package store

import (
	"context"
	"time"

	"resale/store/internal/dbsqlc"
)

// ClaimJob tells whether the caller should run the named job's pass now.
// Across every instance sharing the database it answers true once per
// period of length every; the other callers in that period are told false
// and counted as skips.
func (s *Store) ClaimJob(ctx context.Context, name string, every time.Duration) (bool, error) {
	n, err := s.q.ClaimJobPass(ctx, dbsqlc.ClaimJobPassParams{Name: name, EverySeconds: every.Seconds()})
	if err != nil {
		return false, translate(err)
	}
	if n == 1 {
		return true, nil
	}
	return false, translate(s.q.CountJobSkip(ctx, name))
}

// JobRun is what the database knows of a background job.
type JobRun struct {
	Name          string
	LastStartedAt time.Time
	// Passes is how many passes ran, Skips how many times an instance
	// found the pass already taken by another.
	Passes, Skips int64
}

// GetJobRun reads a job's record; a job that never ran is ErrNotFound.
func (s *Store) GetJobRun(ctx context.Context, name string) (JobRun, error) {
	r, err := s.q.GetJobRun(ctx, name)
	if err != nil {
		return JobRun{}, translate(err)
	}
	return JobRun{Name: r.Name, LastStartedAt: r.LastStartedAt, Passes: r.Passes, Skips: r.Skips}, nil
}
