package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/media"
	"resale/store"
)

const (
	maxFieldBytes = 4 << 10
	// the photo plus generous room for the text fields and part headers
	maxMultipartBody = media.MaxBytes + 256<<10
)

var errPhotoTooLarge = &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large",
	Message: fmt.Sprintf("The photo is too large: the most is %d MB", media.MaxBytes>>20), Fields: map[string]string{"image": "is too large"}}

// readMultipart reads a multipart/form-data body holding the named text
// fields and at most one file in fileField, without buffering anything
// beyond the limits.
func readMultipart(c echo.Context, fileField string, textFields ...string) (map[string]string, []byte, error) {
	mt, _, err := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if err != nil || mt != echo.MIMEMultipartForm {
		return nil, nil, &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: "Send the form as multipart/form-data"}
	}
	c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, maxMultipartBody)
	mr, err := c.Request().MultipartReader()
	if err != nil {
		return nil, nil, badRequest("The form could not be read")
	}
	fields := map[string]string{}
	var file []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, multipartError(err)
		}
		name := part.FormName()
		switch {
		case name == fileField:
			if file != nil {
				return nil, nil, badRequest("Send one photo at a time")
			}
			if file, err = spool(c, part); err != nil {
				return nil, nil, err
			}
		case slices.Contains(textFields, name):
			if _, dup := fields[name]; dup {
				return nil, nil, invalidFields(map[string]string{name: "was sent twice"}, name)
			}
			b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
			if err != nil {
				return nil, nil, multipartError(err)
			}
			if len(b) > maxFieldBytes {
				return nil, nil, invalidFields(map[string]string{name: "is too long"}, name)
			}
			fields[name] = string(b)
		default:
			return nil, nil, invalidFields(map[string]string{name: "is not a field of this form"}, name)
		}
		part.Close()
	}
	return fields, file, nil
}

// spool receives an uploaded file onto disk, then reads it back at its
// exact size once the upload gate allows one more in memory (limits.go):
// while a slow client sends, and while others are being decoded, the
// upload holds no memory, and no buffer is grown (and copied) by doubling.
func spool(c echo.Context, part io.Reader) ([]byte, error) {
	gate, _ := c.Get(uploadGateKey).(*uploadGate)
	dir := ""
	if gate != nil {
		dir = gate.tempDir
	}
	f, err := os.CreateTemp(dir, "resale-upload-*")
	if err != nil {
		return nil, fmt.Errorf("spooling an upload: %w", err)
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
	n, err := io.Copy(f, io.LimitReader(part, media.MaxBytes+1))
	if err != nil {
		return nil, multipartError(err)
	}
	if n > media.MaxBytes {
		return nil, errPhotoTooLarge
	}
	if gate != nil {
		if err := gate.holdInMemory(c); err != nil {
			return nil, err
		}
	}
	file := make([]byte, n)
	if _, err := f.ReadAt(file, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("spooling an upload: %w", err)
	}
	return file, nil
}

func multipartError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errPhotoTooLarge
	}
	if errors.Is(err, errUploadTooSlow) {
		return errUploadTooSlow
	}
	return badRequest("The form could not be read")
}

// storePhoto checks, cleans and stores an uploaded photo. Refused photos
// become 413 or 415 answers naming field. The caller records the image
// once it knows who uploaded it.
func (s *Server) storePhoto(ctx context.Context, raw []byte, field string) (media.Photo, error) {
	if len(raw) == 0 {
		return media.Photo{}, invalidFields(map[string]string{field: "is required"}, field)
	}
	photo, err := s.photos.Process(ctx, raw)
	switch {
	case errors.Is(err, media.ErrTooLarge):
		detail := strings.TrimPrefix(err.Error(), media.ErrTooLarge.Error()+": ")
		return media.Photo{}, &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: "The photo is too large: " + detail, Fields: map[string]string{field: "is too large"}}
	case errors.Is(err, media.ErrNotImage):
		return media.Photo{}, &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: "The photo must be a JPEG, PNG, WebP or GIF image", Fields: map[string]string{field: "is not a supported image"}}
	case err != nil:
		return media.Photo{}, err
	}
	if err := s.uploads.Put(ctx, media.ThumbKey(photo.Key), photo.Thumb); err != nil {
		return media.Photo{}, err
	}
	if err := s.uploads.Put(ctx, photo.Key, photo.Data); err != nil {
		return media.Photo{}, err
	}
	return photo, nil
}

// recordPhoto notes a stored photo and who uploaded it.
func (s *Server) recordPhoto(ctx context.Context, p media.Photo, uploaderID int64) error {
	_, err := s.store.CreateImage(ctx, store.NewImage{
		Key: p.Key, ContentType: media.ContentType, Width: p.Width, Height: p.Height,
		SizeBytes: int64(len(p.Data)), UploaderID: uploaderID,
	})
	return err
}

func photoURL(p media.Photo) string { return "/uploads/" + p.Key }

type imageData struct {
	URL string `json:"url"`
}

type uploadJSON struct {
	Success bool      `json:"success"`
	Data    imageData `json:"data"`
}

// uploadImage serves POST /api/images: the spec's image host, answering
// like it did ({success, data: {url}}).
func (s *Server) uploadImage(c echo.Context) error {
	u, _ := currentUser(c)
	_, raw, err := readMultipart(c, "image")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	photo, err := s.storePhoto(ctx, raw, "image")
	if err != nil {
		return err
	}
	if err := s.recordPhoto(ctx, photo, u.ID); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, uploadJSON{Success: true, Data: imageData{URL: photoURL(photo)}})
}

// serveUpload serves GET /uploads/:key: a stored photo, as an image and
// nothing else, cached for good (the name is its content's hash). With
// ?w=640 it is the photo's thumbnail, for lists; a photo stored before
// thumbnails were made gets one on its first such request.
func (s *Server) serveUpload(c echo.Context) error {
	key := c.Param("key")
	if !media.ValidKey(key) {
		return echo.ErrNotFound
	}
	ctx := c.Request().Context()
	etag := key[:32]
	w, err := singleQuery(c, "w")
	if err != nil {
		return echo.ErrNotFound
	}
	var f io.ReadSeekCloser
	switch w {
	case "":
		f, err = s.uploads.Open(ctx, key)
	case strconv.Itoa(media.ThumbSide):
		etag += "-" + w
		f, err = s.thumbnail(ctx, key)
	default:
		return echo.ErrNotFound
	}
	if errors.Is(err, fs.ErrNotExist) {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, media.ContentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(c.Response(), c.Request(), "", time.Time{}, f)
	return nil
}

// thumbnail opens the thumbnail of the photo under key, making and storing
// it first if there is none.
func (s *Server) thumbnail(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	f, err := s.uploads.Open(ctx, media.ThumbKey(key))
	if !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	photo, err := s.uploads.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	stored, err := io.ReadAll(io.LimitReader(photo, media.MaxBytes))
	photo.Close()
	if err != nil {
		return nil, err
	}
	thumb, err := s.photos.Thumbnail(ctx, stored)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", key, err)
	}
	if err := s.uploads.Put(ctx, media.ThumbKey(key), thumb); err != nil {
		return nil, err
	}
	return nopCloser{bytes.NewReader(thumb)}, nil
}

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }
