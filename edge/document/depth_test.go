package document

import (
	"context"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/internal/textpage"
	"github.com/reassemble/jigsaw/puzzle"
)

// depthOfPieces prepares the pieces of p as NewTable's first frame does
// and estimates their torn depth.
func depthOfPieces(t *testing.T, p *puzzle.Puzzle) int {
	t.Helper()
	sheets, err := prepare(context.Background(), p, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	return depthOf(sheets)
}

// shareSheet returns a sheet w×100 whose column x is inked in its top
// share(x) of rows and paper throughout.
func shareSheet(w int, share func(x int) float64) *sheet {
	const h = 100
	s := &sheet{w: w, h: h, ink: make([]uint8, w*h), paper: make([]bool, w*h), xl: make([]int32, h), xr: make([]int32, h)}
	for y := range h {
		s.xl[y], s.xr[y] = 0, int32(w-1)
		for x := range w {
			s.paper[y*w+x] = true
			if float64(y) < share(x)*h {
				s.ink[y*w+x] = 255
			}
		}
	}
	return s
}

// The depth comes from where the edges' ink recovers, and only from edges
// that lose ink on more sides than chance gives: text lying at a few cuts
// of a sparse page, inking their edges more than the interior, is no tear.
func TestDepthOfSheets(t *testing.T) {
	const w = 40
	edgeDist := func(x int) int { return min(x, w-1-x) }
	for _, tc := range []struct {
		name   string
		sheets int
		share  func(i, x int) float64
		want   int
	}{
		{"torn: every edge loses ink in its two outer columns", 10, func(_, x int) float64 {
			return [...]float64{0.05, 0.15, 0.3}[min(edgeDist(x), 2)]
		}, 2},
		{"torn, too few sides to test", 3, func(_, x int) float64 {
			return [...]float64{0.05, 0.15, 0.3}[min(edgeDist(x), 2)]
		}, 2},
		{"clean: half the cuts run through text, half through paper", 10, func(i, x int) float64 {
			if edgeDist(x) >= 4 {
				return 0.3
			}
			if i%2 == 0 {
				return 0.6
			}
			return 0.2
		}, 0},
		{"clean: even ink", 10, func(_, _ int) float64 { return 0.3 }, 0},
		{"no ink", 10, func(_, _ int) float64 { return 0 }, 0},
	} {
		var sheets []*sheet
		for i := range tc.sheets {
			sheets = append(sheets, shareSheet(w, func(x int) float64 { return tc.share(i, x) }))
		}
		if got := depthOf(sheets); got != tc.want {
			t.Errorf("%s: depth %d, want %d", tc.name, got, tc.want)
		}
	}
}

// Clean cuts read no tear, however sparse the page and wherever its lines
// fall at the cuts; a shredder's torn strips read one.
func TestDepthOf(t *testing.T) {
	for _, tc := range []struct {
		name    string
		leading float64
		rows    int
		cols    int
	}{
		{"page cut 7×7", 1.5, 7, 7},
		{"sparse page cut 7×7", 4, 7, 7},
		{"page cut 12×12", 1.5, 12, 12},
		{"page cut into 20 strips", 1.5, 1, 20},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			p, _ := renderedGrid(t, "regular", tc.leading, tc.rows, tc.cols, seed)
			if d := depthOfPieces(t, p); d != 0 {
				t.Errorf("%s, seed %d: depth %d, want 0 for clean cuts", tc.name, seed, d)
			}
		}
	}
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		page, err := textpage.Render(textpage.Layout{Width: 1300, Height: 2800, Font: "regular", Size: 38, Leading: 1.5, Margin: 80, Top: 80}, rng)
		if err != nil {
			t.Fatal(err)
		}
		sh := textpage.Shredder{Width: 90, Jitter: 3, Torn: 3, Background: 255}
		ss, err := sh.Shred(page, textpage.Scan{Ink: 40, Paper: 235}, false, rng)
		if err != nil {
			t.Fatal(err)
		}
		imgs := make([]image.Image, len(ss))
		for i, s := range ss {
			imgs[i] = s.Image
		}
		p, err := puzzle.FromStrips(imgs)
		if err != nil {
			t.Fatal(err)
		}
		if d := depthOfPieces(t, p); d < 1 {
			t.Errorf("torn strips, seed %d: depth %d, want at least 1", seed, d)
		}
	}
}
