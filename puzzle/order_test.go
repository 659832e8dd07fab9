package puzzle_test

import (
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/puzzle"
)

// noisePicture returns a w×h grey picture of random pixels.
func noisePicture(w, h int, rng *rand.Rand) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = uint8(rng.UintN(256))
	}
	return g
}

// TestContentOrderIgnoresGivenOrder deals the same pictures in several
// orders: the pictures come out in one order every time.
func TestContentOrderIgnoresGivenOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var pics []image.Image
	for i := range 12 {
		pics = append(pics, noisePicture(3+i%4, 7, rng))
	}
	sorted := func(p []image.Image) []image.Image {
		order, err := puzzle.ContentOrder(p)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]image.Image, len(order))
		for k, i := range order {
			out[k] = p[i]
		}
		return out
	}
	want := sorted(pics)
	for trial := range 5 {
		dealt := append([]image.Image(nil), pics...)
		rng.Shuffle(len(dealt), func(i, j int) { dealt[i], dealt[j] = dealt[j], dealt[i] })
		got := sorted(dealt)
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("deal %d: picture %d of the order differs", trial, k)
			}
		}
	}
}

// TestContentOrderReadsPixels checks that the order reads the samples,
// not where they are stored: the same pixels at another origin or as part
// of a larger picture sort as one picture (copies keep their given
// order), grey or YCbCr, and a picture of other pixels or another size
// does not.
func TestContentOrderReadsPixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	grey := noisePicture(5, 6, rng)
	shifted := &image.Gray{Pix: grey.Pix, Stride: grey.Stride, Rect: grey.Rect.Add(image.Pt(3, -2))}
	larger := noisePicture(9, 9, rng)
	for y := range 6 {
		copy(larger.Pix[(y+2)*larger.Stride+1:][:5], grey.Pix[y*grey.Stride:][:5])
	}
	part := larger.SubImage(image.Rect(1, 2, 6, 8))
	// A JPEG's planes: chroma at half resolution each way, the sub-image
	// starting on a chroma sample as the whole picture does.
	ycc := func(w, h int, at image.Point) *image.YCbCr {
		m := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
		for y := range 6 {
			for x := range 5 {
				m.Y[m.YOffset(x+at.X, y+at.Y)] = grey.Pix[y*grey.Stride+x]
				c := m.COffset(x+at.X, y+at.Y)
				m.Cb[c], m.Cr[c] = uint8(10*(x/2)+y/2), uint8(3*(x/2)+7*(y/2))
			}
		}
		return m
	}
	yccWhole := ycc(5, 6, image.Point{})
	yccPart := ycc(12, 10, image.Pt(4, 2)).SubImage(image.Rect(4, 2, 9, 8))
	other := noisePicture(5, 6, rng)
	reshaped := &image.Gray{Pix: grey.Pix, Stride: 6, Rect: image.Rect(0, 0, 6, 5)}
	pics := []image.Image{other, grey, shifted, part, reshaped, yccWhole, yccPart}
	order, err := puzzle.ContentOrder(pics)
	if err != nil {
		t.Fatal(err)
	}
	pos := make([]int, len(order))
	for k, i := range order {
		pos[i] = k
	}
	// Pictures 1, 2 and 3 are one picture: side by side, in their given
	// order.
	if pos[2] != pos[1]+1 || pos[3] != pos[2]+1 {
		t.Errorf("copies of one picture at places %v of order %v: want them side by side in the given order", pos[1:4], order)
	}
	if pos[0] > pos[1] && pos[0] < pos[3] || pos[4] > pos[1] && pos[4] < pos[3] {
		t.Errorf("another picture among the copies: order %v", order)
	}
	if pos[6] != pos[5]+1 {
		t.Errorf("a YCbCr picture and the same samples within a larger one at places %d and %d of order %v: want them side by side", pos[5], pos[6], order)
	}
}

func TestContentOrderErrors(t *testing.T) {
	_, err := puzzle.ContentOrder([]image.Image{image.NewGray(image.Rect(0, 0, 2, 2)), nil})
	if err == nil || !strings.Contains(err.Error(), "picture 1") {
		t.Fatalf("nil picture: error %v, want one naming picture 1", err)
	}
	order, err := puzzle.ContentOrder(nil)
	if err != nil || len(order) != 0 {
		t.Fatalf("no pictures: %v, %v", order, err)
	}
	// Empty pictures are digested by their size alone.
	order, err = puzzle.ContentOrder([]image.Image{image.NewGray(image.Rectangle{}), image.NewNRGBA(image.Rectangle{})})
	if err != nil || !cmp.Equal(order, []int{0, 1}) {
		t.Fatalf("two empty pictures: %v, %v; want [0 1]", order, err)
	}
}
