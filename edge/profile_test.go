package edge_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// hidden hides an image's concrete type, so that SideProfile reads it
// pixel by pixel through At.
type hidden struct{ image.Image }

// TestSideProfileDeep checks that a 16-bit tile's profile keeps its fine
// steps and agrees with the pixel-by-pixel reading of the same image.
func TestSideProfileDeep(t *testing.T) {
	img := image.NewRGBA64(image.Rect(2, 3, 7, 9))
	for y := 3; y < 9; y++ {
		for x := 2; x < 7; x++ {
			v := uint16(1000*x + 37*y)
			img.SetRGBA64(x, y, color.RGBA64{v, v + 1, v + 2, 0xffff})
		}
	}
	for _, s := range puzzle.Sides {
		fast, err := edge.SideProfile(img, s, 2)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := edge.SideProfile(hidden{img}, s, 2)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(slow, fast); diff != "" {
			t.Errorf("%v side (-pixel by pixel +fast):\n%s", s, diff)
		}
	}
	top, _ := edge.SideProfile(img, puzzle.Top, 2)
	// Pixel (2,3): v = 2111, green 2112: 2112/257 on the 0..255 scale.
	if got, want := top.At(0, 0, 1), float32(2112)/257; got != want {
		t.Errorf("green of the top-left pixel is %v, want %v", got, want)
	}
}
