// Package media checks, cleans and stores uploaded photos. A photo is
// accepted only if its bytes are a JPEG, PNG, WebP or GIF image of sane
// dimensions; it is decoded, turned upright, scaled down and re-encoded as
// JPEG, which leaves every piece of metadata (GPS included) behind.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"

	"golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"
)

// Limits an upload must stay within.
const (
	MaxBytes = 8 << 20 // the file as sent
	MaxSide  = 12000   // pixels, either side
	// Decoding takes memory by pixel count: a JPEG about 1.5 bytes a pixel,
	// the other formats 4. Photos from a 50-megapixel camera are fine; a
	// PNG of that size would take 200 MB, so other formats stop at 16.
	MaxPixels      = 50_000_000
	MaxOtherPixels = 16_000_000
	MaxOutputSide  = 1600 // longest side of the stored photo
	ThumbSide      = 640  // longest side of its thumbnail, for lists
	jpegQuality    = 85
)

// Errors a caller maps to answers.
var (
	// ErrNotImage: the bytes are not a supported image (or are damaged).
	ErrNotImage = errors.New("the file is not a JPEG, PNG, WebP or GIF image")
	// ErrTooLarge: the file or its pixel count is over the limits.
	ErrTooLarge = errors.New("the image is too large")
)

// Photo is a cleaned upload, ready to store.
type Photo struct {
	Key    string // content-derived name, e.g. "3f9c...e1.jpg"
	Data   []byte // JPEG bytes
	Width  int
	Height int
	Thumb  []byte // JPEG bytes at most ThumbSide a side, stored under ThumbKey(Key)
}

// ContentType of every stored photo.
const ContentType = "image/jpeg"

// decoders are the only formats accepted, chosen by sniffed content, never
// by file name or declared type. Using them directly (not image.Decode)
// keeps any other registered decoder out of reach.
var decoders = map[string]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	"image/jpeg": {jpeg.DecodeConfig, jpeg.Decode},
	"image/png":  {png.DecodeConfig, png.Decode},
	"image/gif":  {gif.DecodeConfig, gif.Decode},
	"image/webp": {webp.DecodeConfig, webp.Decode},
}

// Processor cleans photos, at most a few at a time so that large decodes
// cannot exhaust memory: at most parallel at once, and together within a
// budget of decoded bytes, so two photos near the pixel limit are decoded
// one after the other while small ones go side by side.
type Processor struct {
	slots  chan struct{}
	budget *semaphore.Weighted
	// pixel limits; the fuzz test lowers them to try many inputs quickly
	maxJPEG, maxOther int64
}

// decodeBudget is how many bytes of decoded pixels may be held at once:
// one JPEG at the pixel limit.
const decodeBudget = MaxPixels * 3 / 2

// NewProcessor allows parallel decodes at once.
func NewProcessor(parallel int) *Processor {
	if parallel < 1 {
		parallel = 1
	}
	return &Processor{slots: make(chan struct{}, parallel), budget: semaphore.NewWeighted(decodeBudget),
		maxJPEG: MaxPixels, maxOther: MaxOtherPixels}
}

// decodedBytes estimates the memory a decode of cfg takes: a JPEG's
// YCbCr about 1.5 bytes a pixel, the other formats 4.
func decodedBytes(cfg image.Config, ctype string) int64 {
	perPixel := int64(4)
	if ctype == "image/jpeg" {
		perPixel = 1
	}
	n := int64(cfg.Width) * int64(cfg.Height) * perPixel
	if ctype == "image/jpeg" {
		n += n / 2
	}
	return min(n, decodeBudget)
}

// acquire takes a decode slot and room in the budget for need bytes.
func (p *Processor) acquire(ctx context.Context, need int64) (release func(), err error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if err := p.budget.Acquire(ctx, need); err != nil {
		<-p.slots
		return nil, err
	}
	return func() {
		p.budget.Release(need)
		<-p.slots
	}, nil
}

// Process checks raw and returns the cleaned photo. It returns ErrNotImage
// or ErrTooLarge (wrapped with detail) for bad uploads.
func (p *Processor) Process(ctx context.Context, raw []byte) (Photo, error) {
	if len(raw) > MaxBytes {
		return Photo{}, fmt.Errorf("%w: the file is over %d MB", ErrTooLarge, MaxBytes>>20)
	}
	ctype := http.DetectContentType(raw)
	dec, ok := decoders[ctype]
	if !ok {
		return Photo{}, ErrNotImage
	}
	// The header alone says how much memory a decode would take: refuse
	// decompression bombs before decoding a single pixel.
	cfg, err := dec.config(bytes.NewReader(raw))
	if err != nil {
		return Photo{}, ErrNotImage
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return Photo{}, ErrNotImage
	}
	limit := p.maxJPEG
	if ctype != "image/jpeg" {
		limit = p.maxOther
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > limit {
		return Photo{}, fmt.Errorf("%w: %d×%d pixels, the most is %d megapixels and %d pixels a side",
			ErrTooLarge, cfg.Width, cfg.Height, limit/1_000_000, MaxSide)
	}

	release, err := p.acquire(ctx, decodedBytes(cfg, ctype))
	if err != nil {
		return Photo{}, err
	}
	defer release()

	img, err := decodeSafely(dec.decode, raw)
	if err != nil {
		return Photo{}, ErrNotImage
	}
	// scale first, then turn: turning the small picture is cheap
	img = fit(img, MaxOutputSide)
	if ctype == "image/jpeg" {
		img = orient(img, jpegOrientation(raw))
	}

	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: jpegQuality}); err != nil {
		return Photo{}, fmt.Errorf("media: encoding: %w", err)
	}
	thumb, err := encodeThumb(img)
	if err != nil {
		return Photo{}, err
	}
	sum := sha256.Sum256(out.Bytes())
	b := img.Bounds()
	return Photo{
		Key:    hex.EncodeToString(sum[:16]) + ".jpg",
		Data:   out.Bytes(),
		Width:  b.Dx(),
		Height: b.Dy(),
		Thumb:  thumb,
	}, nil
}

// Thumbnail makes the thumbnail of a photo this package stored (one stored
// before thumbnails were made, or whose thumbnail was lost).
func (p *Processor) Thumbnail(ctx context.Context, stored []byte) ([]byte, error) {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(stored))
	if err != nil || int64(cfg.Width)*int64(cfg.Height) > p.maxJPEG {
		return nil, ErrNotImage
	}
	release, err := p.acquire(ctx, decodedBytes(cfg, "image/jpeg"))
	if err != nil {
		return nil, err
	}
	defer release()
	img, err := decodeSafely(jpeg.Decode, stored)
	if err != nil {
		return nil, ErrNotImage
	}
	return encodeThumb(img)
}

func encodeThumb(img image.Image) ([]byte, error) {
	var out bytes.Buffer
	if err := jpeg.Encode(&out, fit(img, ThumbSide), &jpeg.Options{Quality: jpegQuality}); err != nil {
		return nil, fmt.Errorf("media: encoding: %w", err)
	}
	return out.Bytes(), nil
}

// decodeSafely turns a decoder panic on hostile input into an error.
func decodeSafely(decode func(io.Reader) (image.Image, error), raw []byte) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("media: decoder panic: %v", r)
		}
	}()
	return decode(bytes.NewReader(raw))
}

// fit scales img down so its longest side is at most limit (by area
// averaging, see shrink), and paints it on white so transparent PNG, WebP
// and GIF photos come out clean in JPEG.
func fit(img image.Image, limit int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > limit || h > limit {
		if w >= h {
			w, h = limit, max(1, h*limit/b.Dx())
		} else {
			w, h = max(1, w*limit/b.Dy()), limit
		}
		return shrink(img, w, h)
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Over)
	return dst
}
