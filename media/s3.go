package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Options says where an S3-compatible object store is and how to sign
// in to it.
type S3Options struct {
	// Endpoint is the store's address, http:// or https:// with no path,
	// e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:7070.
	Endpoint        string
	Bucket          string
	AccessKeyID     string
	SecretAccessKey string
	// Region is the bucket's region; empty means us-east-1.
	Region string
	// Transport carries the requests; nil is Go's default.
	Transport http.RoundTripper
}

// S3 stores photos as objects in one bucket of an S3-compatible store, so
// several instances of the server share them. The bucket stays private:
// the server streams photos to browsers itself.
type S3 struct {
	client *minio.Client
	bucket string
}

// OpenS3 connects to the store and makes the bucket when it is missing.
// Two instances starting at once may both try; either way it ends up made.
func OpenS3(ctx context.Context, o S3Options) (*S3, error) {
	client, region, err := newS3Client(o)
	if err != nil {
		return nil, err
	}
	s := &S3{client: client, bucket: o.Bucket}
	if err := s.ensureBucket(ctx, region); err != nil {
		return nil, err
	}
	return s, nil
}

func newS3Client(o S3Options) (*minio.Client, string, error) {
	u, err := url.Parse(o.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, "", fmt.Errorf("media: the object store's address must be http(s)://host[:port], not %q", o.Endpoint)
	}
	region := o.Region
	if region == "" {
		region = "us-east-1"
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:     credentials.NewStaticV4(o.AccessKeyID, o.SecretAccessKey, ""),
		Secure:    u.Scheme == "https",
		Region:    region,
		Transport: o.Transport,
	})
	if err != nil {
		return nil, "", fmt.Errorf("media: object store: %w", err)
	}
	return client, region, nil
}

// ErrBucketMissing is ProbeS3's answer when the store answers but the
// bucket is not there (yet: the server makes it at start).
var ErrBucketMissing = errors.New("media: the bucket does not exist")

// ProbeS3 checks the object store without changing it for good: it
// answers, the keys are accepted, the bucket exists (it is not made), and
// an object can be written and removed there (a probe named probeKey).
func ProbeS3(ctx context.Context, o S3Options, probeKey string) error {
	client, _, err := newS3Client(o)
	if err != nil {
		return err
	}
	ok, err := client.BucketExists(ctx, o.Bucket)
	if err != nil {
		return fmt.Errorf("media: object store at %s: %w", client.EndpointURL().Host, err)
	}
	if !ok {
		return ErrBucketMissing
	}
	if _, err := client.PutObject(ctx, o.Bucket, probeKey, bytes.NewReader([]byte("resale doctor probe\n")), 20,
		minio.PutObjectOptions{ContentType: "text/plain"}); err != nil {
		return fmt.Errorf("media: writing a probe object: %w", err)
	}
	if err := client.RemoveObject(ctx, o.Bucket, probeKey, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("media: removing the probe object %s: %w", probeKey, err)
	}
	return nil
}

func (s *S3) ensureBucket(ctx context.Context, region string) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("media: object store at %s: %w", s.client.EndpointURL().Host, err)
	}
	if ok {
		return nil
	}
	err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region})
	if code := minio.ToErrorResponse(err).Code; code == minio.BucketAlreadyOwnedByYou || code == minio.BucketAlreadyExists {
		// another instance made it first; BucketExists below tells whether
		// it is ours to use
		err = nil
	}
	if err != nil {
		return fmt.Errorf("media: making the bucket %q: %w", s.bucket, err)
	}
	if ok, err := s.client.BucketExists(ctx, s.bucket); err != nil || !ok {
		return fmt.Errorf("media: the bucket %q could not be made or is not ours: %v", s.bucket, err)
	}
	return nil
}

// Put uploads the photo; storing the same key again rewrites the same bytes.
func (s *S3) Put(ctx context.Context, key string, data []byte) error {
	if !validStoredKey(key) {
		return fmt.Errorf("media: bad key %q", key)
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: ContentType})
	if err != nil {
		return fmt.Errorf("media: storing %s: %w", key, err)
	}
	return nil
}

// Open returns the object as a seekable reader: reading streams it from
// the store, and seeking (for a Range request) asks the store for just
// that part.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	if !validStoredKey(key) {
		return nil, fs.ErrNotExist
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("media: reading %s: %w", key, err)
	}
	// GetObject is lazy: Stat makes the request and tells a missing key.
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
			return nil, fs.ErrNotExist
		}
		return nil, fmt.Errorf("media: reading %s: %w", key, err)
	}
	return obj, nil
}

// Close releases nothing: the client holds only idle connections. It is
// here so the server can close either kind of storage alike.
func (s *S3) Close() error { return nil }
