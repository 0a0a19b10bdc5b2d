package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"strings"
	"sync"
	"testing"

	"resale/media"
	"resale/media/s3test"
)

// The object store behaves like the folder: keys in, the same bytes out,
// seekable for Range requests, a missing or malformed key is "not exist",
// and two instances opening the same new bucket at once both succeed.
func TestS3Storage(t *testing.T) {
	t.Parallel()
	srv := s3test.Start(t)
	ctx := context.Background()

	// both instances start together: each makes (or finds) the bucket
	var wg sync.WaitGroup
	stores := make([]*media.S3, 2)
	errs := make([]error, 2)
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = media.OpenS3(ctx, srv.Options) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("opening the store twice at once: %v", err)
	}
	a, b := stores[0], stores[1]
	defer a.Close()
	defer b.Close()

	key := "0123456789abcdef0123456789abcdef.jpg"
	data := bytes.Repeat([]byte("photo bytes "), 1000)
	if err := a.Put(ctx, key, data); err != nil {
		t.Fatal(err)
	}
	if err := a.Put(ctx, key, data); err != nil {
		t.Fatalf("second put: %v", err)
	}
	f, err := b.Open(ctx, key) // put through one, read through the other
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := io.ReadAll(f)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes (%v), want the %d stored", len(got), err, len(data))
	}
	// what http.ServeContent does for a Range request
	if size, err := f.Seek(0, io.SeekEnd); err != nil || size != int64(len(data)) {
		t.Fatalf("seek to end: %d %v", size, err)
	}
	if _, err := f.Seek(100, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	part := make([]byte, 12)
	if _, err := io.ReadFull(f, part); err != nil || !bytes.Equal(part, data[100:112]) {
		t.Fatalf("ranged read %q %v, want %q", part, err, data[100:112])
	}

	if _, err := b.Open(ctx, "fedcba9876543210fedcba9876543210.jpg"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing key: %v, want not exist", err)
	}
	for _, bad := range []string{"../secret.txt", "/etc/passwd", key + "/..", "x.jpg", "", strings.ToUpper(key)} {
		if _, err := a.Open(ctx, bad); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Open(%q) = %v, want not exist", bad, err)
		}
		if err := a.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("Put(%q) succeeded", bad)
		}
	}
}

// A store that cannot be reached, or refuses the keys, stops the start
// with an error rather than at the first upload.
func TestS3StorageRefusesBadSettings(t *testing.T) {
	t.Parallel()
	srv := s3test.Start(t)
	ctx := context.Background()
	wrongKey := srv.Options
	wrongKey.SecretAccessKey = "not-the-secret"
	if _, err := media.OpenS3(ctx, wrongKey); err == nil {
		t.Error("opened with a wrong secret key")
	}
	badName := srv.Options
	badName.Bucket = "Not_A_Bucket"
	if _, err := media.OpenS3(ctx, badName); err == nil {
		t.Error("opened a bucket with an invalid name")
	}
	if _, err := media.OpenS3(ctx, media.S3Options{Endpoint: "ftp://example.com", Bucket: "b"}); err == nil {
		t.Error("opened an ftp:// endpoint")
	}
}
