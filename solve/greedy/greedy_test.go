package greedy_test

import (
	"context"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return greedy.New() }, solvetest.Config{})
}

// smooth is a picture with no two equal neighbourhoods: smooth gradients in
// all three channels, so every measure finds the true joins.
func smooth(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x*x + 3*y*y) % 256), 255})
		}
	}
	return img
}

func TestSolvesSyntheticPicture(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p, truth, err := puzzle.Cut(smooth(8*12, 8*9), 8)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = rot
		p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := greedy.New().Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if !puzzle.Perfect(truth, res.Board) {
			t.Errorf("rotate=%v: direct %.3f, neighbour %.3f, want a perfect reconstruction", rot,
				puzzle.DirectComparison(truth, res.Board), puzzle.NeighbourComparison(truth, res.Board))
		}
	}
}

func TestUnknownSize(t *testing.T) {
	// A 9×12 picture on a 14×14 board: the placer must not rely on the
	// board's size, and the picture lands shifted.
	p, truth, err := puzzle.Cut(smooth(8*12, 8*9), 8)
	if err != nil {
		t.Fatal(err)
	}
	p, truth, _ = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(3, 4)))
	big := p.Clone()
	big.Rows, big.Cols = 14, 14
	res, err := greedy.New(greedy.WithUnknownSize()).Solve(context.Background(), solve.Problem{Puzzle: big})
	if err != nil {
		t.Fatal(err)
	}
	if res.Board.Placed() != len(p.Pieces) {
		t.Fatalf("placed %d of %d pieces", res.Board.Placed(), len(p.Pieces))
	}
	// Compare on the big board: the truth moved into its top-left corner.
	want := puzzle.NewBoard(14, 14)
	for i, a := range truth.Cells {
		want.Set(truth.CellAt(i), a)
	}
	if got := puzzle.ShiftedDirectComparison(want, res.Board); got != 1 {
		t.Errorf("shift-tolerant direct comparison %.3f, want 1", got)
	}
}
