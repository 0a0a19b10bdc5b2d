package media

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/minio/minio-go/v7"
)

// Stored is one photo or thumbnail in a Storage, as List reports it.
type Stored struct {
	Key  string
	Size int64
}

// Lister is a Storage that can tell what it holds: what a backup copies.
type Lister interface {
	Storage
	// List calls fn for every stored photo and thumbnail (never a
	// half-written one), in no set order, until fn returns an error.
	List(ctx context.Context, fn func(Stored) error) error
	// String says where the photos are, for messages.
	String() string
}

// List reports the folder's photos; temporary files of a Put in progress
// and anything else that is not a photo's name are left out.
func (d *Dir) List(ctx context.Context, fn func(Stored) error) error {
	entries, err := fs.ReadDir(d.root.FS(), ".")
	if err != nil {
		return fmt.Errorf("media: listing the upload folder: %w", err)
	}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !e.Type().IsRegular() || !validStoredKey(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return fmt.Errorf("media: %w", err)
		}
		if err := fn(Stored{Key: e.Name(), Size: info.Size()}); err != nil {
			return err
		}
	}
	return nil
}

// String is the folder's path.
func (d *Dir) String() string { return "the folder " + d.root.Name() }

// List reports the bucket's photos (objects named like one).
func (s *S3) List(ctx context.Context, fn func(Stored) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing when fn ends it early
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{}) {
		if obj.Err != nil {
			return fmt.Errorf("media: listing the bucket %q: %w", s.bucket, obj.Err)
		}
		if !validStoredKey(obj.Key) {
			continue
		}
		if err := fn(Stored{Key: obj.Key, Size: obj.Size}); err != nil {
			return err
		}
	}
	return nil
}

// String is the bucket and its store.
func (s *S3) String() string {
	return fmt.Sprintf("the bucket %s at %s", s.bucket, s.client.EndpointURL().Host)
}
