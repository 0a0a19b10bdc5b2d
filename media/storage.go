package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Storage keeps photo bytes under their keys: in a local folder (Dir) for
// one server, or in an S3-compatible bucket (S3) that several share.
type Storage interface {
	// Put stores data under key; storing the same key again is harmless.
	Put(ctx context.Context, key string, data []byte) error
	// Open returns the photo, or an error matching fs.ErrNotExist.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// Close releases the storage.
	Close() error
}

// keyPattern is the only shape of a photo's key; its thumbnail's key adds
// the thumbnail's width.
var (
	keyPattern    = regexp.MustCompile(`^[0-9a-f]{32}\.jpg$`)
	storedPattern = regexp.MustCompile(`^[0-9a-f]{32}(-` + strconv.Itoa(ThumbSide) + `)?\.jpg$`)
)

// ValidKey tells whether key could name a stored photo.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// validStoredKey tells whether key could name a stored photo or thumbnail.
func validStoredKey(key string) bool { return storedPattern.MatchString(key) }

// ThumbKey is the key of the thumbnail of the photo stored under key.
func ThumbKey(key string) string {
	return strings.TrimSuffix(key, ".jpg") + "-" + strconv.Itoa(ThumbSide) + ".jpg"
}

// Dir stores photos as files in one folder, opened through os.Root so no
// key can ever reach outside it.
type Dir struct {
	root *os.Root
}

// OpenDir uses (and creates) the folder at path.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o750); err != nil {
		return nil, fmt.Errorf("media: upload folder: %w", err)
	}
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, fmt.Errorf("media: upload folder: %w", err)
	}
	return &Dir{root: root}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Path is the folder, as given to OpenDir (for its free space in metrics).
func (d *Dir) Path() string { return d.root.Name() }

// Put writes to a temporary name, syncs, then renames into place, so a
// photo is either whole or absent.
func (d *Dir) Put(_ context.Context, key string, data []byte) error {
	if !validStoredKey(key) {
		return fmt.Errorf("media: bad key %q", key)
	}
	if _, err := d.root.Stat(key); err == nil {
		return nil // same content, already stored
	}
	suffix := make([]byte, 8)
	if _, err := rand.Read(suffix); err != nil {
		return err
	}
	tmp := ".tmp-" + hex.EncodeToString(suffix)
	f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = d.root.Rename(tmp, key)
	}
	if werr != nil {
		_ = d.root.Remove(tmp)
		return fmt.Errorf("media: %w", werr)
	}
	return nil
}

// Open opens a stored photo.
func (d *Dir) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	if !validStoredKey(key) {
		return nil, fs.ErrNotExist
	}
	f, err := d.root.Open(key)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fs.ErrNotExist
		}
		return nil, fmt.Errorf("media: %w", err)
	}
	return f, nil
}
