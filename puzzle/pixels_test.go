package puzzle_test

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// chromaRamp returns an 8×4 4:2:0 picture of even brightness whose blue
// chroma steps by 40 from one sample column to the next (100, 140, 180,
// 220) and whose red chroma is neutral.
func chromaRamp() *image.YCbCr {
	img := image.NewYCbCr(image.Rect(0, 0, 8, 4), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = 128
	}
	for y := range 2 {
		for x := range 4 {
			img.Cb[y*img.CStride+x] = uint8(100 + 40*x)
			img.Cr[y*img.CStride+x] = 128
		}
	}
	return img
}

// TestCutSmoothChroma checks that a JPEG-style picture is cut with its
// colour interpolated between chroma samples as libjpeg interpolates it:
// 3/4 of a pixel's own sample and 1/4 of the next one towards it, the
// edge sample repeated.
func TestCutSmoothChroma(t *testing.T) {
	p, _, err := puzzle.Cut(chromaRamp(), 4)
	if err != nil {
		t.Fatal(err)
	}
	// Pixel columns 0..7 lie at 0.25, 0.75, 1.25, ... sample widths from
	// the left; their blue chroma, interpolated:
	want := []float64{100, 110, 130, 150, 170, 190, 210, 220}
	for x, cb := range want {
		tile := p.Pieces[x/4].Image
		r, g, b := color.YCbCrToRGB(128, uint8(cb), 128)
		wantC := color.RGBA{r, g, b, 255}
		for y := range 4 {
			if got := color.RGBAModel.Convert(tile.At(x%4, y)); got != wantC {
				t.Errorf("pixel (%d,%d) is %v, want %v (blue chroma %v)", x, y, got, wantC, cb)
			}
		}
	}
}

// TestCutEvenChroma checks that a subsampled picture of one colour cuts
// into exactly the pixels image/draw gives: smoothing changes only where
// the colour changes.
func TestCutEvenChroma(t *testing.T) {
	for _, ratio := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio440,
		image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410, image.YCbCrSubsampleRatio444,
	} {
		img := image.NewYCbCr(image.Rect(3, 5, 19, 17), ratio)
		for i := range img.Y {
			img.Y[i] = uint8(7 * i)
		}
		for i := range img.Cb {
			img.Cb[i], img.Cr[i] = 90, 200
		}
		p, _, err := puzzle.Cut(img, 4)
		if err != nil {
			t.Fatal(err)
		}
		want := image.NewRGBA(image.Rect(0, 0, 16, 12))
		draw.Draw(want, want.Rect, img, img.Rect.Min, draw.Src)
		for i, pc := range p.Pieces {
			r, c := i/p.Cols, i%p.Cols
			for y := range 4 {
				for x := range 4 {
					got := color.RGBAModel.Convert(pc.Image.At(x, y))
					if w := want.At(4*c+x, 4*r+y); got != w {
						t.Fatalf("%v: piece %d pixel (%d,%d) is %v, want %v", ratio, i, x, y, got, w)
					}
				}
			}
		}
	}
}

// TestCutDeepTiles checks that a 16-bit picture keeps its 16 bits in its
// tiles when it uses them, and is cut into 8-bit tiles when every sample
// is a whole 8-bit value.
func TestCutDeepTiles(t *testing.T) {
	tests := []struct {
		name string
		img  image.Image
		deep bool
	}{
		{"16-bit RGB with fine steps", deepPicture(0x1234), true},
		{"16-bit RGB holding 8-bit values", deepPicture(0x3434), false},
		{"16-bit grey with fine steps", deepGrey(0x0102), true},
		{"8-bit RGB", image.NewRGBA(image.Rect(0, 0, 8, 8)), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _, err := puzzle.Cut(tc.img, 4)
			if err != nil {
				t.Fatal(err)
			}
			for i, pc := range p.Pieces {
				_, deep := pc.Image.(*image.RGBA64)
				_, flat := pc.Image.(*image.RGBA)
				if deep != tc.deep || deep == flat {
					t.Fatalf("piece %d has a %T tile; want 16 bits: %v", i, pc.Image, tc.deep)
				}
				checkTile64(t, pc.Image, tc.img, image.Pt(4*(i%p.Cols), 4*(i/p.Cols)))
			}
		})
	}
}

// TestFromFragmentsDeep checks that one 16-bit fragment makes every tile
// 16-bit, each holding its fragment exactly.
func TestFromFragmentsDeep(t *testing.T) {
	frags := []image.Image{image.NewRGBA(image.Rect(0, 0, 4, 4)), deepPicture(0x1234)}
	frags[1] = frags[1].(*image.RGBA64).SubImage(image.Rect(4, 4, 8, 8))
	p, err := puzzle.FromFragments(frags, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, pc := range p.Pieces {
		if _, ok := pc.Image.(*image.RGBA64); !ok {
			t.Fatalf("piece %d has a %T tile, want *image.RGBA64", i, pc.Image)
		}
		checkTile64(t, pc.Image, frags[i], frags[i].Bounds().Min)
	}
}

// deepPicture returns an 8×8 16-bit picture whose samples vary from base.
func deepPicture(base uint16) *image.RGBA64 {
	img := image.NewRGBA64(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			v := base + uint16(257*(x+8*y))
			img.SetRGBA64(x, y, color.RGBA64{v, 0xffff - v, v, 0xffff})
		}
	}
	return img
}

// deepGrey returns an 8×8 16-bit grey picture whose samples vary from base.
func deepGrey(base uint16) *image.Gray16 {
	img := image.NewGray16(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			img.SetGray16(x, y, color.Gray16{base + uint16(300*(x+8*y))})
		}
	}
	return img
}

// checkTile64 reports the first pixel of tile that differs from src at
// offset, compared in 16-bit premultiplied RGBA.
func checkTile64(t *testing.T, tile, src image.Image, offset image.Point) {
	t.Helper()
	b := tile.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			got := color.RGBA64Model.Convert(tile.At(x, y))
			want := color.RGBA64Model.Convert(src.At(offset.X+x-b.Min.X, offset.Y+y-b.Min.Y))
			if got != want {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, got, want)
			}
		}
	}
}
