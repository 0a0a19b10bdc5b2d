package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"runtime"
	"testing"
)

// Each result pixel is the mean of the area it covers, edge pixels in part.
func TestShrinkAveragesAreas(t *testing.T) {
	// black and white columns: any whole pair averages to mid grey
	stripes := image.NewGray(image.Rect(0, 0, 8, 2))
	for x := 0; x < 8; x += 2 {
		stripes.SetGray(x, 0, color.Gray{255})
		stripes.SetGray(x, 1, color.Gray{255})
	}
	out := shrink(stripes, 4, 1)
	for x := range 4 {
		if got := out.RGBAAt(x, 0); got.R < 126 || got.R > 128 || got.A != 255 {
			t.Errorf("pixel %d = %v, want mid grey", x, got)
		}
	}
	// three pixels into two: the middle one is shared half and half
	row := image.NewGray(image.Rect(0, 0, 3, 1))
	row.SetGray(0, 0, color.Gray{0})
	row.SetGray(1, 0, color.Gray{90})
	row.SetGray(2, 0, color.Gray{180})
	out = shrink(row, 2, 1)
	// (0*1 + 90*0.5) / 1.5 = 30 and (90*0.5 + 180*1) / 1.5 = 150
	if l, r := out.RGBAAt(0, 0).R, out.RGBAAt(1, 0).R; l < 29 || l > 31 || r < 149 || r > 151 {
		t.Errorf("three into two: %d and %d, want 30 and 150", l, r)
	}
	// transparency shows white
	clear := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	if got := shrink(clear, 1, 1).RGBAAt(0, 0); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("transparent pixels became %v, want white", got)
	}
}

// A 12-megapixel camera photo is cleaned with little more memory than its
// decoded pixels: no scaler buffer the size of the photo and more.
func TestTwelveMegapixelsInBoundedMemory(t *testing.T) {
	src := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range src.Y {
		src.Y[i] = uint8(i % 251)
	}
	var raw bytes.Buffer
	if err := jpeg.Encode(&raw, src, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	photo, err := NewProcessor(1).Process(context.Background(), raw.Bytes())
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if photo.Width != 1600 || photo.Height != 1200 {
		t.Errorf("cleaned to %d×%d, want 1600×1200", photo.Width, photo.Height)
	}
	// decoded 4:2:0 pixels 18 MB, the 1600×1200 result 7.7 MB, the JPEGs
	// out: about 35 MB (over 70 under the race detector); a scaler buffer
	// the size of the photo alone was 153 MB
	const budget = 100 << 20
	if got := after.TotalAlloc - before.TotalAlloc; got > budget {
		t.Errorf("cleaning took %d MB of allocations, budget %d MB", got>>20, budget>>20)
	}
}

// A JPEG's planes averaged on their own give the colours that averaging
// its RGB pixels gives, for every chroma subsampling and odd sizes.
func TestShrinkYCbCrMatchesRGB(t *testing.T) {
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410} {
		// a photo's range: no colour so strong that converting it clips
		src := image.NewYCbCr(image.Rect(0, 0, 1001, 777), ratio)
		for i := range src.Y {
			src.Y[i] = uint8(60 + i%src.YStride*100/src.YStride + i*7%23)
		}
		for i := range src.Cb {
			src.Cb[i], src.Cr[i] = uint8(100+i%41), uint8(150-i*3%37)
		}
		fast := shrink(src, 300, 233)
		slow := shrink(struct{ image.Image }{src}, 300, 233) // hides the type: the RGB path
		worst := 0
		for i := range fast.Pix {
			worst = max(worst, abs(int(fast.Pix[i])-int(slow.Pix[i])))
		}
		// rounding at different steps: a unit or two
		if worst > 2 {
			t.Errorf("%v: channels differ by up to %d", ratio, worst)
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
