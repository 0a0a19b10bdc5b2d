package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
)

// picture draws a product photo of a laptop: an open machine on a soft
// backdrop, its body and screen coloured by the variant.
func picture(body, accent color.RGBA, variant int) []byte {
	const w, h = 800, 600
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bgTop := mix(accent, color.RGBA{250, 250, 252, 255}, 0.88)
	bgBottom := mix(accent, color.RGBA{225, 228, 235, 255}, 0.75)
	for y := 0; y < h; y++ {
		hline(img, 0, w, y, mix(bgTop, bgBottom, float64(y)/h))
	}
	// shadow under the machine
	ellipse(img, w/2, 500, 310, 20, color.RGBA{0, 0, 0, 40})

	// the screen lid
	lidL, lidR, lidT, lidB := 200, 600, 125+variant%3*5, 430
	roundRect(img, lidL, lidT, lidR, lidB, 14, body)
	sx0, sy0, sx1, sy1 := lidL+13, lidT+13, lidR-13, lidB-18
	// wallpaper: a diagonal gradient of the accent, in bands
	for y := sy0; y < sy1; y++ {
		ty := float64(y-sy0) / float64(sy1-sy0)
		for x0 := sx0; x0 < sx1; x0 += 8 {
			t := (float64(x0-sx0)/float64(sx1-sx0) + ty) / 2
			t += 0.1 * math.Sin(float64(x0)/45+float64(variant)) * math.Cos(float64(y)/35)
			hline(img, x0, min(x0+8, sx1), y, mix(accent, color.RGBA{20, 24, 40, 255}, clamp(t)))
		}
	}
	// a few app windows on the screen
	roundRect(img, sx0+35, sy0+35, sx0+35+150+variant%4*15, sy0+150, 7, color.RGBA{255, 255, 255, 215})
	roundRect(img, sx0+210, sy0+70, sx1-40, sy0+210, 7, color.RGBA{255, 255, 255, 170})
	// task bar and camera
	fill(img, sx0, sy1-20, sx1, sy1, color.RGBA{10, 12, 20, 150})
	ellipse(img, w/2, lidT+6, 3, 3, color.RGBA{30, 30, 30, 255})

	// the keyboard deck: a trapezoid wider at the front
	deckTop, deckBottom := lidB, 480
	for y := deckTop; y < deckBottom; y++ {
		t := float64(y-deckTop) / float64(deckBottom-deckTop)
		half := 200 + int(t*55)
		hline(img, w/2-half, w/2+half, y, mix(body, color.RGBA{255, 255, 255, 255}, 0.18*(1-t)))
	}
	// front edge and the trackpad notch
	fill(img, w/2-255, deckBottom, w/2+255, deckBottom+8, mix(body, color.RGBA{0, 0, 0, 255}, 0.35))
	fill(img, w/2-45, deckBottom, w/2+45, deckBottom+4, mix(body, color.RGBA{0, 0, 0, 255}, 0.5))

	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 88}); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return out.Bytes()
}

// hline paints an opaque run of pixels [x0, x1) on row y.
func hline(img *image.RGBA, x0, x1, y int, c color.RGBA) {
	x0, x1 = max(x0, img.Rect.Min.X), min(x1, img.Rect.Max.X)
	if y < img.Rect.Min.Y || y >= img.Rect.Max.Y || x0 >= x1 {
		return
	}
	row := img.Pix[img.PixOffset(x0, y):img.PixOffset(x1, y)]
	row[0], row[1], row[2], row[3] = c.R, c.G, c.B, 255
	for filled := 4; filled < len(row); filled *= 2 {
		copy(row[filled:], row[:filled])
	}
}

func clamp(v float64) float64 { return math.Max(0, math.Min(1, v)) }

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = clamp(t)
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// blend paints c (with its alpha) over the pixel at x, y.
func blend(img *image.RGBA, x, y int, c color.RGBA) {
	if !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	if c.A == 255 {
		img.SetRGBA(x, y, c)
		return
	}
	old := img.RGBAAt(x, y)
	a := float64(c.A) / 255
	img.SetRGBA(x, y, color.RGBA{
		uint8(float64(c.R)*a + float64(old.R)*(1-a)),
		uint8(float64(c.G)*a + float64(old.G)*(1-a)),
		uint8(float64(c.B)*a + float64(old.B)*(1-a)), 255,
	})
}

func fill(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			blend(img, x, y, c)
		}
	}
}

func roundRect(img *image.RGBA, x0, y0, x1, y1, r int, c color.RGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			dx := max(x0+r-x, 0, x-(x1-r-1))
			dy := max(y0+r-y, 0, y-(y1-r-1))
			if dx*dx+dy*dy <= r*r {
				blend(img, x, y, c)
			}
		}
	}
}

func ellipse(img *image.RGBA, cx, cy, rx, ry int, c color.RGBA) {
	for y := cy - ry; y <= cy+ry; y++ {
		for x := cx - rx; x <= cx+rx; x++ {
			fx, fy := float64(x-cx)/float64(rx), float64(y-cy)/float64(ry)
			if fx*fx+fy*fy <= 1 {
				blend(img, x, y, c)
			}
		}
	}
}

// portrait draws a profile photo: a head and shoulders on a coloured disc.
func portrait(c color.RGBA, variant int) []byte {
	const s = 400
	img := image.NewRGBA(image.Rect(0, 0, s, s))
	bg := mix(c, color.RGBA{255, 255, 255, 255}, 0.75)
	fill(img, 0, 0, s, s, bg)
	skin := []color.RGBA{{141, 85, 36, 255}, {198, 134, 66, 255}, {224, 172, 105, 255}, {164, 110, 60, 255}}[variant%4]
	ellipse(img, s/2, 390, 150, 120, c)                                   // shoulders
	ellipse(img, s/2, 170, 78, 92, skin)                                  // face
	ellipse(img, s/2, 110, 84, 50, mix(c, color.RGBA{0, 0, 0, 255}, 0.7)) // hair
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 88}); err != nil {
		panic(err)
	}
	return out.Bytes()
}
