package store

import (
	"context"
	"log/slog"
	"time"

	"resale/laptopwords"
	"resale/store/internal/dbsqlc"
)

// specWords are the words a listing is found by for its specs (#36): its
// spec fields' where given, else what its title and description name.
func specWords(name, description, processor string, ram, storage *int32, storageType *string, screen *float32) string {
	l := laptopwords.Listing{Processor: processor, Title: name, Description: description}
	if ram != nil {
		l.RAMGb = int(*ram)
	}
	if storage != nil {
		l.StorageGb = int(*storage)
	}
	if storageType != nil {
		l.StorageType = *storageType
	}
	if screen != nil {
		l.Screen = float64(*screen)
	}
	return laptopwords.SpecWords(l)
}

// specWordsBatch is how many listings RefreshSpecWords remakes at a time.
const specWordsBatch = 500

// RefreshSpecWords remakes the spec words of listings an older parser made
// them for (every listing there was when they came, migration 00042), a
// batch at a time, each listing's own statement, until none is left or
// ctx ends; it answers how many it remade. A listing its seller edits
// meanwhile keeps the words the edit made.
func (s *Store) RefreshSpecWords(ctx context.Context) (int, error) {
	done := 0
	for {
		rows, err := s.q.ListStaleSpecWords(ctx, dbsqlc.ListStaleSpecWordsParams{Version: laptopwords.Version, Batch: specWordsBatch})
		if err != nil || len(rows) == 0 {
			return done, translate(err)
		}
		for _, r := range rows {
			words := specWords(r.ProductName, r.Description, r.Processor, r.RamGb, r.StorageGb, r.StorageType, r.ScreenInches)
			if _, err := s.q.SetSpecWords(ctx, dbsqlc.SetSpecWordsParams{ID: r.ID, SpecWords: words, Version: laptopwords.Version}); err != nil {
				return done, translate(err)
			}
			done++
		}
	}
}

// RefreshSpecWordsInBackground runs RefreshSpecWords once, logging what it
// did; a failure is logged and tried again a minute later, until ctx ends.
func (s *Store) RefreshSpecWordsInBackground(ctx context.Context) {
	for {
		start := time.Now()
		n, err := s.RefreshSpecWords(ctx)
		if n > 0 || err != nil {
			slog.InfoContext(ctx, "spec words remade", "listings", n, "took", time.Since(start).Round(time.Millisecond), "err", err)
		}
		if err == nil || ctx.Err() != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}
