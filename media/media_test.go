package media

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func testJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif inserts an APP1 Exif segment (orientation plus a fake GPS
// block) right after the JPEG's SOI marker.
func withExif(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, binary.BigEndian, uint32(8))
	binary.Write(&tiff, binary.BigEndian, uint16(2)) // two entries
	// Orientation, SHORT, count 1
	binary.Write(&tiff, binary.BigEndian, []uint16{0x0112, 3})
	binary.Write(&tiff, binary.BigEndian, uint32(1))
	binary.Write(&tiff, binary.BigEndian, []uint16{orientation, 0})
	// GPS IFD pointer (its content is irrelevant: it must just disappear)
	binary.Write(&tiff, binary.BigEndian, []uint16{0x8825, 4})
	binary.Write(&tiff, binary.BigEndian, uint32(1))
	binary.Write(&tiff, binary.BigEndian, uint32(0))
	binary.Write(&tiff, binary.BigEndian, uint32(0))
	tiff.WriteString("GPSLatitude 23.8103 N GPSLongitude 90.4125 E")
	seg := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(jpg[:2])
	out.Write([]byte{0xFF, 0xE1})
	binary.Write(&out, binary.BigEndian, uint16(len(seg)+2))
	out.Write(seg)
	out.Write(jpg[2:])
	return out.Bytes()
}

// pngHeader is a PNG signature and IHDR chunk claiming w×h pixels, with
// no pixel data: what a decompression bomb's header looks like.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func TestProcessScalesAndReencodes(t *testing.T) {
	p := NewProcessor(2)
	photo, err := p.Process(context.Background(), testJPEG(t, 2400, 1200))
	if err != nil {
		t.Fatal(err)
	}
	if photo.Width != MaxOutputSide || photo.Height != 800 {
		t.Errorf("size = %d×%d, want %d×800", photo.Width, photo.Height, MaxOutputSide)
	}
	if !ValidKey(photo.Key) {
		t.Errorf("key %q", photo.Key)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(photo.Data))
	if err != nil || format != "jpeg" || cfg.Width != photo.Width {
		t.Errorf("output: %v %s %v", cfg, format, err)
	}
	again, err := p.Process(context.Background(), testJPEG(t, 2400, 1200))
	if err != nil || again.Key != photo.Key {
		t.Errorf("same upload twice: keys %q and %q (%v)", photo.Key, again.Key, err)
	}
}

func TestProcessStripsMetadataAndTurnsUpright(t *testing.T) {
	// a 40×20 picture that the camera says must be turned right (6)
	raw := withExif(testJPEG(t, 40, 20), 6)
	if jpegOrientation(raw) != 6 {
		t.Fatalf("orientation not found in the test file")
	}
	photo, err := NewProcessor(1).Process(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	if photo.Width != 20 || photo.Height != 40 {
		t.Errorf("size = %d×%d, want 20×40 (turned upright)", photo.Width, photo.Height)
	}
	if bytes.Contains(photo.Data, []byte("Exif")) || bytes.Contains(photo.Data, []byte("GPS")) {
		t.Error("metadata survived")
	}
	for i := 0; i+1 < len(photo.Data); i++ {
		if photo.Data[i] == 0xFF && photo.Data[i+1] == 0xE1 {
			t.Fatal("an APP1 segment remains")
		}
	}
}

func TestOrientAllEight(t *testing.T) {
	// a 3×2 image with one red pixel at the top left
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	src.Set(0, 0, color.RGBA{255, 0, 0, 255})
	// where the red pixel ends up for each orientation
	want := map[int]image.Point{1: {0, 0}, 2: {2, 0}, 3: {2, 1}, 4: {0, 1}, 5: {0, 0}, 6: {1, 0}, 7: {1, 2}, 8: {0, 2}}
	for o, at := range want {
		out := orient(src, o)
		if r, _, _, _ := out.At(at.X, at.Y).RGBA(); r>>8 != 255 {
			t.Errorf("orientation %d: red pixel not at %v", o, at)
		}
	}
}

func TestProcessRefuses(t *testing.T) {
	p := NewProcessor(1)
	jpg := testJPEG(t, 64, 64)
	cases := map[string]struct {
		raw  []byte
		want error
	}{
		"text named .jpg":   {[]byte("hello, this is not a picture at all"), ErrNotImage},
		"html":              {[]byte("<!doctype html><script>alert(1)</script>"), ErrNotImage},
		"svg":               {[]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), ErrNotImage},
		"truncated jpeg":    {jpg[:len(jpg)/2], ErrNotImage},
		"empty":             {nil, ErrNotImage},
		"20000×20000 png":   {pngHeader(20000, 20000), ErrTooLarge},
		"12000×9000 png":    {pngHeader(12000, 9000), ErrTooLarge},
		"1×100000 png":      {pngHeader(1, 100000), ErrTooLarge},
		"over the byte cap": {append(jpg, make([]byte, MaxBytes)...), ErrTooLarge},
		"zero-size png":     {pngHeader(0, 0), ErrNotImage},
		"bomb header only":  {pngHeader(4000, 4000), ErrNotImage}, // sane size but no pixel data
	}
	for name, c := range cases {
		if _, err := p.Process(context.Background(), c.raw); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
}

// A pixel bomb is refused from its header: memory does not grow.
func TestPixelBombUsesNoMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < 20; i++ {
		if _, err := NewProcessor(1).Process(context.Background(), pngHeader(20000, 20000)); !errors.Is(err, ErrTooLarge) {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 10<<20 {
		t.Errorf("refusing 20 bombs allocated %d MB", grew>>20)
	}
}

func TestProcessOtherFormats(t *testing.T) {
	p := NewProcessor(1)
	rgba := image.NewNRGBA(image.Rect(0, 0, 10, 10)) // fully transparent
	var pngBytes bytes.Buffer
	if err := png.Encode(&pngBytes, rgba); err != nil {
		t.Fatal(err)
	}
	photo, err := p.Process(context.Background(), pngBytes.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(photo.Data))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(5, 5).RGBA(); r>>8 < 250 || g>>8 < 250 || b>>8 < 250 {
		t.Errorf("transparent PNG did not come out white: %d %d %d", r>>8, g>>8, b>>8)
	}
	// a 1×1 lossless WebP
	webpBytes, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	if photo, err := p.Process(context.Background(), webpBytes); err != nil || photo.Width != 1 {
		t.Errorf("webp: %+v %v", photo.Width, err)
	}
}

func TestDirStorage(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDir(filepath.Join(dir, "uploads"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	key := "0123456789abcdef0123456789abcdef.jpg"
	if err := d.Put(ctx, key, []byte("jpeg")); err != nil {
		t.Fatal(err)
	}
	if err := d.Put(ctx, key, []byte("jpeg")); err != nil {
		t.Fatalf("second put: %v", err)
	}
	f, err := d.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "jpeg" {
		t.Errorf("read %q", b)
	}
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o600)
	for _, bad := range []string{"../secret.txt", "/etc/passwd", "0123456789abcdef0123456789abcdef.jpg/..", "x.jpg", ""} {
		if _, err := d.Open(ctx, bad); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Open(%q) = %v, want not exist", bad, err)
		}
		if err := d.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("Put(%q) succeeded", bad)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "uploads"))
	if len(entries) != 1 {
		t.Errorf("upload folder holds %d files, want 1 (no temp files left)", len(entries))
	}
}

// FuzzProcess: no input makes the pipeline panic, and whatever it accepts
// comes out as a clean JPEG within the limits.
func FuzzProcess(f *testing.F) {
	f.Add(testJPEG(f, 8, 8))
	f.Add(withExif(testJPEG(f, 8, 4), 6))
	f.Add(pngHeader(100, 100))
	f.Add([]byte("GIF89a"))
	p := NewProcessor(1)
	p.maxJPEG, p.maxOther = 1_000_000, 1_000_000 // small images: many more tries a second
	f.Fuzz(func(t *testing.T, raw []byte) {
		photo, err := p.Process(context.Background(), raw)
		if err != nil {
			return
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(photo.Data))
		if err != nil || format != "jpeg" || cfg.Width > MaxOutputSide || cfg.Height > MaxOutputSide {
			t.Fatalf("accepted output is not a bounded JPEG: %v %s %v", cfg, format, err)
		}
		if bytes.Contains(photo.Data, []byte("Exif")) {
			t.Fatal("metadata in output")
		}
	})
}

// Decodes share a budget of decoded bytes: while it is used up, a photo
// waits (here until its context ends) instead of decoding beside the
// others; once there is room it goes through.
func TestDecodesWaitForTheBudget(t *testing.T) {
	p := NewProcessor(2)
	raw := testJPEG(t, 64, 48)
	if err := p.budget.Acquire(context.Background(), decodeBudget); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := p.Process(ctx, raw); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with the budget used up: err = %v, want it to wait until its deadline", err)
	}
	p.budget.Release(decodeBudget)
	if _, err := p.Process(context.Background(), raw); err != nil {
		t.Fatalf("with room in the budget: %v", err)
	}
	// two 48 MP photos cannot decode together; a photo at the limit takes
	// the whole budget
	if got := decodedBytes(image.Config{Width: 8000, Height: 6000}, "image/jpeg"); got != 72_000_000 {
		t.Errorf("48 MP JPEG: %d bytes", got)
	}
	if got := decodedBytes(image.Config{Width: 4000, Height: 4000}, "image/png"); got != 64_000_000 {
		t.Errorf("16 MP PNG: %d bytes", got)
	}
	if got := decodedBytes(image.Config{Width: 10000, Height: 5000}, "image/jpeg"); got != decodeBudget {
		t.Errorf("50 MP JPEG: %d bytes, want the whole budget %d", got, decodeBudget)
	}
}
