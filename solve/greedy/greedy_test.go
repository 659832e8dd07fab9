package greedy_test

import (
	"context"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
	"time"

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

// TestCancelWhilePricing cancels a run while the default table of a
// picture puzzle is being built: a normal end, not an error.
func TestCancelWhilePricing(t *testing.T) {
	p, _, err := puzzle.Cut(smooth(8*40, 8*40), 8)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	res, err := greedy.New().Solve(ctx, solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatalf("err = %v, want a normal end", err)
	}
	if res.Status != solve.Canceled && res.Status != solve.Done {
		t.Fatalf("status %v", res.Status)
	}
	if err := res.Board.Validate(p); err != nil {
		t.Fatal(err)
	}
}

// TestUnknownSizeKeepsOrientation: a picture that grows too tall for the
// board must not be turned when its pieces may not turn.
func TestUnknownSizeKeepsOrientation(t *testing.T) {
	p, _, err := puzzle.Cut(smooth(8, 8*3), 8)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Clone()
	q.Rows, q.Cols = 1, 3 // the picture is 3 tall and 1 wide
	res, err := greedy.New(greedy.WithUnknownSize()).Solve(context.Background(), solve.Problem{Puzzle: q})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Board.Validate(q); err != nil {
		t.Fatal(err)
	}
}
