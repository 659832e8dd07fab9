package puzzle

import (
	"image"
	"image/color"
	"math"
)

// The pixels of a piece are what every edge measure compares, and two ways
// of reading a photograph lose information right at the sides of the
// pieces, so Cut and FromFragments read them with care.
//
// JPEG files usually store colour (chroma) at half the resolution of
// brightness. Go's decoder returns an *image.YCbCr whose colour conversion
// repeats each chroma sample over its 2×2 pixels, so the colour of a
// photograph steps every second pixel. A cut between two pieces then falls
// between two such steps: the colour gradient inside a piece reads as 0 at
// its side while the one across a true join reads as a full step, and
// gradient measures take true neighbours for strangers. libjpeg, and with
// it the tools the published results were measured with, interpolates the
// chroma between sample centres instead ("fancy upsampling"); smoothRGBA
// does the same. On the McGill set cut into 28-pixel pieces this raises
// the fraction of sides whose cheapest partner (MGC) is the true one from
// 0.68 to 0.90.
//
// Photographs with 16 bits per channel (the MIT set's PNG files) keep them:
// tiles are *image.RGBA64 when some sample of the picture is not a whole
// 8-bit value, so that flat regions whose pieces differ only below the
// 8-bit step stay distinguishable.

// tileKind is the pixel type of a puzzle's tiles.
type tileKind int

const (
	tileRGBA   tileKind = iota // 8 bits per channel
	tileRGBA64                 // 16 bits per channel
)

// pixelSource returns the image tiles are copied from, and the kind of
// tile that holds its samples without loss: src converted with smooth
// chroma when it is a chroma-subsampled YCbCr image, src itself otherwise.
func pixelSource(src image.Image) (image.Image, tileKind) {
	if y, ok := src.(*image.YCbCr); ok {
		if smooth := smoothRGBA(y); smooth != nil {
			return smooth, tileRGBA
		}
		return src, tileRGBA
	}
	if deepSamples(src) {
		return src, tileRGBA64
	}
	return src, tileRGBA
}

// deepSamples reports whether img holds colours that 8 bits per channel
// cannot: a 16-bit image some of whose samples are not multiples of 257
// (the 16-bit value of a whole 8-bit one).
func deepSamples(img image.Image) bool {
	var pix []byte
	switch m := img.(type) {
	case *image.RGBA64:
		pix = m.Pix
	case *image.NRGBA64:
		pix = m.Pix
	case *image.Gray16:
		pix = m.Pix
	default:
		return false
	}
	// Samples are big-endian pairs; v is a multiple of 257 exactly when
	// its two bytes are equal. Bytes outside the image's bounds (a
	// sub-image's neighbours) may be looked at too: harmless, since the
	// answer only chooses the tiles' precision.
	for i := 0; i+1 < len(pix); i += 2 {
		if pix[i] != pix[i+1] {
			return true
		}
	}
	return false
}

// subsampling returns how many pixels across and down share one chroma
// sample, or 0, 0 for a ratio this file does not know.
func subsampling(r image.YCbCrSubsampleRatio) (int, int) {
	switch r {
	case image.YCbCrSubsampleRatio444:
		return 1, 1
	case image.YCbCrSubsampleRatio422:
		return 2, 1
	case image.YCbCrSubsampleRatio420:
		return 2, 2
	case image.YCbCrSubsampleRatio440:
		return 1, 2
	case image.YCbCrSubsampleRatio411:
		return 4, 1
	case image.YCbCrSubsampleRatio410:
		return 4, 2
	}
	return 0, 0
}

// smoothRGBA converts a chroma-subsampled image to RGBA, interpolating
// each chroma plane bilinearly between its sample centres, as libjpeg's
// fancy upsampling does: with 2:1 subsampling a pixel takes 3/4 of its own
// sample and 1/4 of the next one towards it; at the picture's edge the
// last sample is repeated. It returns nil for an image without subsampled
// chroma, which converts exactly as it is.
func smoothRGBA(src *image.YCbCr) *image.RGBA {
	fx, fy := subsampling(src.SubsampleRatio)
	if fx*fy <= 1 {
		return nil
	}
	b := src.Rect
	if b.Empty() || b.Min.X < 0 || b.Min.Y < 0 {
		// image.YCbCr maps negative coordinates to chroma samples by
		// truncating division, a layout not worth interpolating: such
		// an image converts as image/draw converts it.
		return nil
	}
	out := image.NewRGBA(b)
	// Chroma sample j (counted from the plane's first) covers pixels
	// [(b.Min/f + j)·f, … + f), as image.YCbCr.COffset has it; its centre
	// lies at (b.Min/f + j)·f + (f−1)/2.
	xs := chromaTaps(b.Min.X, b.Max.X, fx)
	ys := chromaTaps(b.Min.Y, b.Max.Y, fy)
	rowCb := make([]float32, len(xs))
	rowCr := make([]float32, len(xs))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		ty := ys[y-b.Min.Y]
		up, down := src.Cb[ty.lo*src.CStride:], src.Cb[ty.hi*src.CStride:]
		upR, downR := src.Cr[ty.lo*src.CStride:], src.Cr[ty.hi*src.CStride:]
		for i, tx := range xs {
			rowCb[i] = lerp2(up, down, tx, ty.w)
			rowCr[i] = lerp2(upR, downR, tx, ty.w)
		}
		line := out.Pix[out.PixOffset(b.Min.X, y):]
		yrow := src.Y[src.YOffset(b.Min.X, y):]
		for i := range xs {
			r, g, bl := color.YCbCrToRGB(yrow[i], uint8(rowCb[i]+0.5), uint8(rowCr[i]+0.5))
			line[4*i], line[4*i+1], line[4*i+2], line[4*i+3] = r, g, bl, 0xff
		}
	}
	return out
}

// tap is where one pixel reads a chroma plane along one axis: w of sample
// hi and 1−w of sample lo.
type tap struct {
	lo, hi int
	w      float32
}

// chromaTaps returns the taps of pixels [min, max) along an axis on which
// f pixels share one chroma sample.
func chromaTaps(lo, hi, f int) []tap {
	first := lo / f
	n := (hi-1)/f - first + 1
	out := make([]tap, hi-lo)
	for x := lo; x < hi; x++ {
		// The pixel's position in sample units, 0 at the centre of the
		// plane's first sample.
		u := (float64(x)+0.5)/float64(f) - 0.5 - float64(first)
		j := math.Floor(u)
		w := float32(u - j)
		a, c := int(j), int(j)+1
		a = min(max(a, 0), n-1)
		c = min(max(c, 0), n-1)
		out[x-lo] = tap{lo: a, hi: c, w: w}
	}
	return out
}

// lerp2 interpolates bilinearly between the samples tx.lo and tx.hi of two
// chroma rows, weighting the second row by wy.
func lerp2(up, down []byte, tx tap, wy float32) float32 {
	top := float32(up[tx.lo]) + tx.w*(float32(up[tx.hi])-float32(up[tx.lo]))
	bottom := float32(down[tx.lo]) + tx.w*(float32(down[tx.hi])-float32(down[tx.lo]))
	return top + wy*(bottom-top)
}
