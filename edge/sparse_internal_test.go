package edge

import (
	"context"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// TestPrunedAgreesWithAll forces pruning where NewSparse would judge it not
// worth it (noise and flat tiles: weak bounds, many equal costs), and on a
// smooth picture where most sides bound only the candidates within reach,
// and checks that it ranks exactly as pricing every join does.
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
	// smooth is a picture of slow waves, 40×40 pieces of 8 pixels.
	smooth := image.NewRGBA(image.Rect(0, 0, 320, 320))
	for y := range 320 {
		for x := range 320 {
			fx, fy := float64(x)/320, float64(y)/320
			smooth.Set(x, y, color.RGBA{
				uint8(127 + 120*math.Sin(5*fx+2*fy)),
				uint8(127 + 120*math.Cos(3*fy-4*fx*fy)),
				uint8(127 + 120*math.Sin(7*fx*fx+fy)),
				255,
			})
		}
	}
	for _, tc := range []struct {
		name        string
		kind        string // noise, flat or smooth
		rot         bool
		n, k        int
		wantWeak    bool
		wantReached bool // most sides bound only candidates within reach
	}{
		{"noise, type 1", "noise", false, 150, 8, true, false},
		{"noise, type 2", "noise", true, 50, 8, true, false},
		{"flat, type 1", "flat", false, 150, 8, false, false},
		{"flat, type 2", "flat", true, 50, 8, false, false},
		{"smooth, type 1", "smooth", false, 1600, 8, false, true},
		{"smooth, type 2", "smooth", true, 1600, 8, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p *puzzle.Puzzle
			if tc.kind == "smooth" {
				var err error
				if p, _, err = puzzle.Cut(smooth, 8); err != nil {
					t.Fatal(err)
				}
			} else {
				var tiles []image.Image
				for range tc.n {
					tiles = append(tiles, tile(tc.kind == "flat"))
				}
				var err error
				if p, err = puzzle.FromFragments(tiles, 1, tc.n); err != nil {
					t.Fatal(err)
				}
			}
			p.Rotatable = tc.rot
			d, lower, err := bindMeasureBounded(context.Background(), p, MGC())
			if err != nil {
				t.Fatal(err)
			}
			ix, err := lower.index(tc.rot)
			if err != nil {
				t.Fatal(err)
			}
			pruned := newRankBuild(tc.n, tc.rot, "mgc", d, tc.k)
			if err := pruned.pruned(context.Background(), 2, lower, ix); err != nil {
				t.Fatal(err)
			}
			all := newRankBuild(tc.n, tc.rot, "mgc", d, tc.k)
			if err := all.all(context.Background(), 2); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(pruned.best, all.best) {
				t.Error("pruned and full rankings differ")
			}
			if worth, err := all.pruneWorthIt(lower, ix); err != nil || tc.wantWeak && worth {
				t.Errorf("pruning judged worth it on noise (err %v)", err)
			}
			reached := 0
			for i := range 4 * tc.n {
				g := ix.candidates(i)
				if lo, hi := ix.reach(i, g, float64(all.best[(i+1)*all.k-1].Cost)); hi-lo < len(g.cand) {
					reached++
				}
			}
			if tc.wantReached && 2*reached < 4*tc.n {
				t.Errorf("%d of %d sides bound only candidates within reach, want most", reached, 4*tc.n)
			}
		})
	}
}
