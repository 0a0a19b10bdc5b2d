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
	if ycc, ok := img.(*image.YCbCr); ok {
		return shrinkYCbCr(ycc, w, h)
	}
	b := img.Bounds()
	cols := spans(0, b.Dx(), w)
	rows := spans(b.Min.Y, b.Dy(), h)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	line := make([]float64, 3*b.Dx()) // one source row, as RGB
	lineY := b.Min.Y - 1              // the row line holds
	acc := make([]float64, 3*w)
	for y, row := range rows {
		clear(acc)
		var rowWeight float64
		for _, ry := range row {
			if ry.at != lineY {
				readLine(img, ry.at, line)
				lineY = ry.at
			}
			rowWeight += ry.weight
			for x, col := range cols {
				var r, g, bl float64
				for _, cx := range col {
					p := line[3*cx.at:]
					r, g, bl = r+p[0]*cx.weight, g+p[1]*cx.weight, bl+p[2]*cx.weight
				}
				a := acc[3*x:]
				a[0], a[1], a[2] = a[0]+r*ry.weight, a[1]+g*ry.weight, a[2]+bl*ry.weight
			}
		}
		for x, col := range cols {
			total := rowWeight * weightOf(col)
			a, i := acc[3*x:], dst.PixOffset(x, y)
			dst.Pix[i+0] = uint8(a[0]/total + 0.5)
			dst.Pix[i+1] = uint8(a[1]/total + 0.5)
			dst.Pix[i+2] = uint8(a[2]/total + 0.5)
			dst.Pix[i+3] = 0xff
		}
	}
	return dst
}

// shrinkYCbCr is shrink for a decoded JPEG: each plane (brightness at full
// size, colour often at half) is averaged on its own, and only the small
// result is turned into RGB. The conversion is affine, so averaging before
// it gives the same colours as averaging after, for a fraction of the work.
func shrinkYCbCr(img *image.YCbCr, w, h int) *image.RGBA {
	b := img.Bounds()
	// a chroma sample covers this many luma pixels across and down
	cx, cy := 1, 1
	switch img.SubsampleRatio {
	case image.YCbCrSubsampleRatio422:
		cx = 2
	case image.YCbCrSubsampleRatio420:
		cx, cy = 2, 2
	case image.YCbCrSubsampleRatio440:
		cy = 2
	case image.YCbCrSubsampleRatio411:
		cx = 4
	case image.YCbCrSubsampleRatio410:
		cx, cy = 4, 2
	}
	cw, ch := (b.Max.X+cx-1)/cx-b.Min.X/cx, (b.Max.Y+cy-1)/cy-b.Min.Y/cy
	// a result pixel covers the same picture area in every plane
	lumaCols, lumaRows := spans(0, b.Dx(), w), spans(0, b.Dy(), h)
	chromaCols := scaledSpans(0, cw, w, float64(b.Dx())/float64(w*cx))
	chromaRows := scaledSpans(0, ch, h, float64(b.Dy())/float64(h*cy))
	ys := shrinkPlane(img.Y[img.YOffset(b.Min.X, b.Min.Y):], img.YStride, lumaCols, lumaRows)
	cbs := shrinkPlane(img.Cb[img.COffset(b.Min.X, b.Min.Y):], img.CStride, chromaCols, chromaRows)
	crs := shrinkPlane(img.Cr[img.COffset(b.Min.X, b.Min.Y):], img.CStride, chromaCols, chromaRows)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range ys {
		r, g, bl := color.YCbCrToRGB(ys[i], cbs[i], crs[i])
		p := dst.Pix[4*i:]
		p[0], p[1], p[2], p[3] = r, g, bl, 0xff
	}
	return dst
}

// shrinkPlane area-averages a plane of bytes (rows stride apart) to
// len(cols)×len(rows), each result pixel taking the shares listed.
func shrinkPlane(src []uint8, stride int, cols, rows [][]share) []uint8 {
	w := len(cols)
	out := make([]uint8, w*len(rows))
	acc := make([]float32, w)
	for y, row := range rows {
		clear(acc)
		var rowWeight float32
		for _, ry := range row {
			line := src[ry.at*stride:]
			wy := float32(ry.weight)
			rowWeight += wy
			for x, col := range cols {
				var v float32
				for _, c := range col {
					v += float32(line[c.at]) * float32(c.weight)
				}
				acc[x] += v * wy
			}
		}
		for x, col := range cols {
			out[y*w+x] = uint8(acc[x]/(rowWeight*float32(weightOf(col))) + 0.5)
		}
	}
	return out
}

func weightOf(col []share) float64 {
	var total float64
	for _, c := range col {
		total += c.weight
	}
	return total
}

// readLine reads row y of img into line as 8-bit RGB, painted on white
// where img is not opaque.
func readLine(img image.Image, y int, line []float64) {
	b := img.Bounds()
	if ycc, ok := img.(*image.YCbCr); ok {
		for x := range b.Dx() {
			c := ycc.YCbCrAt(b.Min.X+x, y)
			r, g, bl := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
			line[3*x], line[3*x+1], line[3*x+2] = float64(r), float64(g), float64(bl)
		}
		return
	}
	for x := range b.Dx() {
		// premultiplied: add the white that shows through
		r, g, bl, a := img.At(b.Min.X+x, y).RGBA()
		line[3*x] = float64(r+0xffff-a) / 0x101
		line[3*x+1] = float64(g+0xffff-a) / 0x101
		line[3*x+2] = float64(bl+0xffff-a) / 0x101
	}
}

type share struct {
	at     int     // source pixel
	weight float64 // how much of it counts
}

// spans splits the source pixels first..first+from-1 among to result pixels
// (to <= from): each result pixel gets the pixels it covers, the two at
// its edges in part.
func spans(first, from, to int) [][]share {
	return scaledSpans(first, from, to, float64(from)/float64(to))
}

// scaledSpans is spans where each result pixel covers scale source pixels
// (the last of them may run past from, and is cut there).
func scaledSpans(first, from, to int, scale float64) [][]share {
	out := make([][]share, to)
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
