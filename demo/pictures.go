package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"

	xdraw "golang.org/x/image/draw"
)

// picture draws a product photo of a laptop: an open machine on a soft
// backdrop, its body and screen coloured by the variant. It is drawn at
// twice the size and scaled down, which smooths the edges.
func picture(body, accent color.RGBA, variant int) []byte {
	const w, h = 1600, 1200
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bgTop := mix(accent, color.RGBA{250, 250, 252, 255}, 0.88)
	bgBottom := mix(accent, color.RGBA{225, 228, 235, 255}, 0.75)
	for y := 0; y < h; y++ {
		c := mix(bgTop, bgBottom, float64(y)/h)
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	// shadow under the machine
	ellipse(img, w/2, 1000, 620, 40, color.RGBA{0, 0, 0, 40})

	// the screen lid
	lidL, lidR, lidT, lidB := 400, 1200, 250+variant%3*10, 860
	roundRect(img, lidL, lidT, lidR, lidB, 28, body)
	bezel := 26
	sx0, sy0, sx1, sy1 := lidL+bezel, lidT+bezel, lidR-bezel, lidB-bezel-10
	// wallpaper: a diagonal gradient of the accent with soft waves
	for y := sy0; y < sy1; y++ {
		for x := sx0; x < sx1; x++ {
			t := (float64(x-sx0)/float64(sx1-sx0) + float64(y-sy0)/float64(sy1-sy0)) / 2
			wave := 0.12 * math.Sin(float64(x)/90+float64(variant)) * math.Cos(float64(y)/70)
			base := mix(accent, color.RGBA{20, 24, 40, 255}, clamp(t+wave))
			img.SetRGBA(x, y, base)
		}
	}
	// a few app windows on the screen
	win := color.RGBA{255, 255, 255, 215}
	roundRect(img, sx0+70, sy0+70, sx0+70+300+variant%4*30, sy0+300, 14, win)
	roundRect(img, sx0+420, sy0+140, sx1-80, sy0+420, 14, color.RGBA{255, 255, 255, 170})
	// task bar
	fill(img, sx0, sy1-40, sx1, sy1, color.RGBA{10, 12, 20, 150})
	// camera dot
	ellipse(img, w/2, lidT+13, 5, 5, color.RGBA{30, 30, 30, 255})

	// the keyboard deck: a trapezoid wider at the front
	deckTop, deckBottom := lidB, 960
	for y := deckTop; y < deckBottom; y++ {
		t := float64(y-deckTop) / float64(deckBottom-deckTop)
		half := 400 + int(t*110)
		c := mix(body, color.RGBA{255, 255, 255, 255}, 0.18*(1-t))
		for x := w/2 - half; x < w/2+half; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	// front edge and the trackpad notch
	fill(img, w/2-510, deckBottom, w/2+510, deckBottom+16, mix(body, color.RGBA{0, 0, 0, 255}, 0.35))
	fill(img, w/2-90, deckBottom, w/2+90, deckBottom+7, mix(body, color.RGBA{0, 0, 0, 255}, 0.5))

	small := image.NewRGBA(image.Rect(0, 0, w/2, h/2))
	xdraw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, small, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return out.Bytes()
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
