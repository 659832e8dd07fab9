package edge

import (
	"context"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// TestPrunedAgreesWithAll forces pruning where NewSparse would judge it not
// worth it (noise and flat tiles: weak bounds, many equal costs) and checks
// that it ranks exactly as pricing every join does.
func TestPrunedAgreesWithAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 41))
	tile := func(flat bool) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, 6, 6))
		c := color.RGBA{uint8(rng.IntN(3) * 100), uint8(rng.IntN(3) * 100), 80, 255}
		for y := range 6 {
			for x := range 6 {
				if !flat {
					c = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
				}
				img.Set(x, y, c)
			}
		}
		return img
	}
	for _, tc := range []struct {
		name     string
		flat     bool
		rot      bool
		n, k     int
		wantWeak bool
	}{
		{"noise, type 1", false, false, 150, 8, true},
		{"noise, type 2", false, true, 50, 8, true},
		{"flat, type 1", true, false, 150, 8, false},
		{"flat, type 2", true, true, 50, 8, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tiles []image.Image
			for range tc.n {
				tiles = append(tiles, tile(tc.flat))
			}
			p, err := puzzle.FromFragments(tiles, 1, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			p.Rotatable = tc.rot
			d, lower, err := bindMeasureBounded(context.Background(), p, MGC())
			if err != nil {
				t.Fatal(err)
			}
			packed := lower.packed(tc.rot)
			pruned := newRankBuild(tc.n, tc.rot, "mgc", d, tc.k)
			if err := pruned.pruned(context.Background(), 2, lower, packed); err != nil {
				t.Fatal(err)
			}
			all := newRankBuild(tc.n, tc.rot, "mgc", d, tc.k)
			if err := all.all(context.Background(), 2); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(pruned.best, all.best) {
				t.Error("pruned and full rankings differ")
			}
			if worth, err := all.pruneWorthIt(lower, packed); err != nil || tc.wantWeak && worth {
				t.Errorf("pruning judged worth it on noise (err %v)", err)
			}
		})
	}
}
