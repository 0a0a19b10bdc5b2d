package media

import (
	"image"
	"image/color"
)

// shrink scales img down to w×h by area averaging: each pixel of the result
// is the mean of the source area it covers, parts of pixels weighed by how
// much of them it covers. That keeps a photo's detail when it is made many
// times smaller, and needs no memory beyond the result (a kernel scaler's
// buffer for a 12-megapixel photo is over 150 MB). The result is opaque,
// painted on white where img was not.
func shrink(img image.Image, w, h int) *image.RGBA {
	b := img.Bounds()
	cols := spans(b.Min.X, b.Dx(), w)
	rows := spans(b.Min.Y, b.Dy(), h)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	ycc, isYCbCr := img.(*image.YCbCr)
	for y, row := range rows {
		for x, col := range cols {
			var r, g, bl, total float64
			for _, ry := range row {
				for _, cx := range col {
					var pr, pg, pb float64
					if isYCbCr {
						c := ycc.YCbCrAt(cx.at, ry.at)
						r8, g8, b8 := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
						pr, pg, pb = float64(r8)*0x101, float64(g8)*0x101, float64(b8)*0x101
					} else {
						// premultiplied: add the white that shows through
						cr, cg, cb, ca := img.At(cx.at, ry.at).RGBA()
						pr, pg, pb = float64(cr+0xffff-ca), float64(cg+0xffff-ca), float64(cb+0xffff-ca)
					}
					wt := cx.weight * ry.weight
					r, g, bl, total = r+pr*wt, g+pg*wt, bl+pb*wt, total+wt
				}
			}
			i := dst.PixOffset(x, y)
			dst.Pix[i+0] = uint8(r / total / 0x101)
			dst.Pix[i+1] = uint8(g / total / 0x101)
			dst.Pix[i+2] = uint8(bl / total / 0x101)
			dst.Pix[i+3] = 0xff
		}
	}
	return dst
}

type share struct {
	at     int     // source pixel
	weight float64 // how much of it counts
}

// spans splits the source pixels first..first+from-1 among to result pixels
// (to <= from): each result pixel gets the pixels it covers, the two at
// its edges in part.
func spans(first, from, to int) [][]share {
	out := make([][]share, to)
	scale := float64(from) / float64(to)
	for i := range out {
		start, end := float64(i)*scale, float64(i+1)*scale
		for p := int(start); p < from && float64(p) < end; p++ {
			lo, hi := max(start, float64(p)), min(end, float64(p+1))
			if hi > lo {
				out[i] = append(out[i], share{at: first + p, weight: hi - lo})
			}
		}
	}
	return out
}
