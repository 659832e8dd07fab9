package photo

import (
	"image"
	"testing"
)

func TestChelsea(t *testing.T) {
	img := Chelsea()
	// README.md: chelsea.png is 451×300.
	if want := image.Rect(0, 0, 451, 300); img.Bounds() != want {
		t.Fatalf("bounds %v, want %v", img.Bounds(), want)
	}
	if Chelsea() != img {
		t.Error("a second call decoded the photograph again")
	}
}
