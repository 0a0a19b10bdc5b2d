package store

import (
	"context"

	"resale/store/internal/dbsqlc"
)

// Image is an uploaded photo's record; the bytes live in the upload store
// under Key.
type Image struct {
	ID          int64
	Key         string
	ContentType string
	Width       int
	Height      int
	SizeBytes   int64
}

// NewImage describes a stored photo.
type NewImage struct {
	Key         string
	ContentType string
	Width       int
	Height      int
	SizeBytes   int64
	UploaderID  int64 // 0: uploaded while signing up, before the account existed
}

// CreateImage records a stored photo; the same key twice is one record.
func (s *Store) CreateImage(ctx context.Context, n NewImage) (Image, error) {
	var uploader *int64
	if n.UploaderID != 0 {
		uploader = &n.UploaderID
	}
	r, err := s.q.CreateImage(ctx, dbsqlc.CreateImageParams{
		Key:         n.Key,
		ContentType: n.ContentType,
		Width:       int32(n.Width),
		Height:      int32(n.Height),
		SizeBytes:   n.SizeBytes,
		UploaderID:  uploader,
	})
	if err != nil {
		return Image{}, translate(err)
	}
	if uploader != nil {
		// the same bytes are one image: everyone who uploaded it may send
		// it in a message (#37)
		if err := s.q.AddImageUploader(ctx, dbsqlc.AddImageUploaderParams{ImageID: r.ID, UserID: *uploader}); err != nil {
			return Image{}, translate(err)
		}
	}
	return Image{ID: r.ID, Key: r.Key, ContentType: r.ContentType, Width: int(r.Width), Height: int(r.Height), SizeBytes: r.SizeBytes}, nil
}

// ImageExists tells whether a photo with that key was uploaded here.
func (s *Store) ImageExists(ctx context.Context, key string) (bool, error) {
	_, err := s.q.GetImageByKey(ctx, key)
	if err == nil {
		return true, nil
	}
	if err = translate(err); err == ErrNotFound {
		return false, nil
	}
	return false, err
}
