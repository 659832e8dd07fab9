package greedy_test

import (
	"context"
	"image"
	"image/color"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
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

// flatShapes is a photograph-like picture with the regions that mislead
// pixel measures: a field of smooth random texture (seeded noise on a
// coarse grid, interpolated, plus a little grain), two large saturated
// white shapes whose inner tiles are all identical, and a sky band
// clipped to full blue, flat in one channel.
func flatShapes(w, h int, seed uint64) image.Image {
	rng := rand.New(rand.NewPCG(seed, 3))
	const grain = 5 // pixels between the texture's random values
	gw, gh := w/grain+2, h/grain+2
	coarse := make([][3]float64, gw*gh)
	for i := range coarse {
		for k := range 3 {
			coarse[i][k] = 40 + 170*rng.Float64()
		}
	}
	texture := func(x, y, k int) float64 {
		fx, fy := float64(x)/grain, float64(y)/grain
		x0, y0 := int(fx), int(fy)
		tx, ty := fx-float64(x0), fy-float64(y0)
		at := func(i, j int) float64 { return coarse[j*gw+i][k] }
		return (1-ty)*((1-tx)*at(x0, y0)+tx*at(x0+1, y0)) + ty*((1-tx)*at(x0, y0+1)+tx*at(x0+1, y0+1))
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cx, cy, rad := float64(w)*0.3, float64(h)*0.6, float64(h)*0.25
	for y := range h {
		for x := range w {
			fx, fy := float64(x), float64(y)
			var c color.RGBA
			switch {
			case y < h/5:
				// Clipped sky: blue saturated, red and green a gentle
				// gradient.
				c = color.RGBA{uint8(120 + 80*fx/float64(w)), uint8(160 + 40*fy/float64(h/5)), 255, 255}
			case (fx-cx)*(fx-cx)+(fy-cy)*(fy-cy) < rad*rad,
				x > w*3/5 && x < w*9/10 && y > h/3 && y < h*4/5:
				c = color.RGBA{255, 255, 255, 255}
			default:
				c = color.RGBA{
					uint8(texture(x, y, 0) + float64(rng.IntN(8))),
					uint8(texture(x, y, 1) + float64(rng.IntN(8))),
					uint8(texture(x, y, 2) + float64(rng.IntN(8))),
					255,
				}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// TestFlatRegions re-assembles a picture whose large flat, saturated
// regions give many joins the same cost, identical tiles counting as
// interchangeable: perfectly with orientation known; with it unknown the
// turned copies of near-white rim tiles may still trade places, so a few
// cells are allowed.
func TestFlatRegions(t *testing.T) {
	for _, tc := range []struct {
		rot     bool
		wantMin float64 // direct comparison
	}{{false, 1}, {true, 0.98}} {
		p, truth, err := puzzle.Cut(flatShapes(12*24, 12*16, 5), 12)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = tc.rot
		p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := edge.NewTable(context.Background(), p, edge.DefaultMeasure(), 2)
		if err != nil {
			t.Fatal(err)
		}
		res, err := greedy.New().Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: tb})
		if err != nil {
			t.Fatal(err)
		}
		id := puzzle.FindIdentical(p)
		if len(id.Groups()) == 0 {
			t.Fatal("the picture has no identical tiles; the test would not test them")
		}
		got := id.Relabel(truth, res.Board)
		if d := puzzle.DirectComparison(truth, got); d < tc.wantMin {
			t.Errorf("rotate=%v: direct %.3f, neighbour %.3f counting identical tiles as one, want direct at least %v", tc.rot,
				d, puzzle.NeighbourComparison(truth, got), tc.wantMin)
		}
	}
}

// TestStrays re-assembles fragments with two of the picture's pieces
// missing and one of another picture mixed in: the missing pieces' cells
// stay empty and the stranger is reported unplaced.
func TestStrays(t *testing.T) {
	p, truth := coffee(t)
	other, _, err := puzzle.Cut(flatShapes(28*12, 28*8, 5), 28)
	if err != nil {
		t.Fatal(err)
	}
	missing := map[int]bool{30: true, 100: true}
	var fragments []image.Image
	want := puzzle.NewBoard(p.Rows, p.Cols)
	for i, a := range truth.Cells {
		if missing[i] {
			continue
		}
		want.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(len(fragments))}
		fragments = append(fragments, p.Pieces[a.Piece].Image)
	}
	stranger := puzzle.PieceID(len(fragments))
	fragments = append(fragments, other.Pieces[50].Image)
	// WithEvolution leaves a puzzle with holes and a stranger to the
	// placer: the same board comes back.
	for _, evolution := range []int{0, 2} {
		for _, rot := range []bool{false, true} {
			q, err := puzzle.FromFragments(fragments, p.Rows, p.Cols)
			if err != nil {
				t.Fatal(err)
			}
			q.Rotatable, q.AllowExtra = rot, true
			res, err := greedy.New(greedy.WithStrays(true), greedy.WithEvolution(evolution)).Solve(context.Background(), solve.Problem{Puzzle: q}, solve.WithWorkers(2))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Unplaced, []puzzle.PieceID{stranger}) {
				t.Errorf("evolution %d, rotate=%v: unplaced %v, want the stranger %d alone", evolution, rot, res.Unplaced, stranger)
			}
			if d := puzzle.DirectComparison(want, res.Board); d != 1 || res.Board.Placed() != want.Placed() {
				t.Errorf("evolution %d, rotate=%v: direct %.3f with %d pieces placed, want 1 with %d", evolution, rot, d, res.Board.Placed(), want.Placed())
			}
		}
	}
	// Without the option the stranger takes one of the empty cells.
	q, err := puzzle.FromFragments(fragments, p.Rows, p.Cols)
	if err != nil {
		t.Fatal(err)
	}
	q.AllowExtra = true
	res, err := greedy.New().Solve(context.Background(), solve.Problem{Puzzle: q})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unplaced) != 0 {
		t.Errorf("without strays taken out: unplaced %v, want none", res.Unplaced)
	}
}

// TestAlternatives re-assembles a photograph priced by a weak measure
// (Euclidean), with MGC as the alternative: the growth under MGC is
// perfect, the Euclidean one is not, and the Euclidean measure prices the
// perfect board lower than its own, so the run keeps it.
func TestAlternatives(t *testing.T) {
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "coffee.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rot := range []bool{false, true} {
		p, truth, err := puzzle.Cut(img, 28)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = rot
		if p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 0x6a1))); err != nil {
			t.Fatal(err)
		}
		table := func(m edge.Measure) *edge.Table {
			tb, err := edge.NewTable(context.Background(), p, m, 0)
			if err != nil {
				t.Fatal(err)
			}
			return tb
		}
		weak, good := table(edge.Euclidean()), table(edge.MGC())
		problem := solve.Problem{Puzzle: p, Scorer: weak}
		// The last stage's exchanges would trade the alternative's
		// perfect board for one the weak measure prices lower, as they
		// should; this test is about the alternative's board being
		// offered and kept.
		alone, err := greedy.New(greedy.WithExchanges(false)).Solve(context.Background(), problem)
		if err != nil {
			t.Fatal(err)
		}
		if puzzle.Perfect(truth, alone.Board) {
			t.Fatalf("rotate=%v: the weak measure alone re-assembles the picture; the test needs one it cannot", rot)
		}
		both, err := greedy.New(greedy.WithAlternatives(good), greedy.WithExchanges(false)).Solve(context.Background(), problem)
		if err != nil {
			t.Fatal(err)
		}
		if !puzzle.Perfect(truth, both.Board) {
			t.Errorf("rotate=%v: neighbour %.3f with the alternative, want a perfect board", rot, puzzle.NeighbourComparison(truth, both.Board))
		}
		if both.Cost > alone.Cost {
			t.Errorf("rotate=%v: cost %v with the alternative, %v without: the run keeps the cheaper board", rot, both.Cost, alone.Cost)
		}
	}
	// A compatibility that prices no turned joins cannot serve a puzzle
	// whose pieces turn.
	p, _, err := puzzle.Cut(img, 28)
	if err != nil {
		t.Fatal(err)
	}
	flat, err := edge.NewTable(context.Background(), p, edge.MGC(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	if _, err := greedy.New(greedy.WithAlternatives(flat)).Solve(context.Background(), solve.Problem{Puzzle: p}); err == nil || !strings.Contains(err.Error(), "turn") {
		t.Errorf("an unturned alternative for turning pieces: error %v, want one saying the pieces turn", err)
	}
}

// TestWarmStart gives the solver the photograph's board with two blocks of
// pieces traded (a GA's typical leftover: segments built, misplaced): with
// solve.WithInitial it grows the rest again from the board's trusted
// region and returns the picture, and the result never costs more than
// the initial board.
func TestWarmStart(t *testing.T) {
	p, truth := coffee(t)
	p, truth, err := puzzle.Scramble(p, truth, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := edge.NewTable(context.Background(), p, edge.MGC(), 0)
	if err != nil {
		t.Fatal(err)
	}
	initial := truth.Clone()
	// Trade the 3×3 block at the top left with the one at the bottom right.
	for r := range 3 {
		for c := range 3 {
			a, b := puzzle.Cell{Row: r, Col: c}, puzzle.Cell{Row: p.Rows - 3 + r, Col: p.Cols - 3 + c}
			ia, ib := initial.Index(a), initial.Index(b)
			initial.Cells[ia], initial.Cells[ib] = initial.Cells[ib], initial.Cells[ia]
		}
	}
	prob := solve.Problem{Puzzle: p, Scorer: tab}
	var first *puzzle.Board
	watch := solve.WithObserver(func(ev solve.Event) error {
		if ev.Kind == solve.Improved && first == nil {
			first = ev.Board.Clone()
		}
		return nil
	})
	res, err := greedy.New().Solve(context.Background(), prob, solve.WithInitial(initial), watch)
	if err != nil {
		t.Fatal(err)
	}
	if first == nil || !first.Equal(initial) {
		t.Error("warm start: the first board offered is not the initial one")
	}
	if !puzzle.Perfect(truth, res.Board) {
		t.Errorf("warm start: neighbour %.3f, want the picture", puzzle.NeighbourComparison(truth, res.Board))
	}
	if res.Cost > edge.Cost(tab, initial) {
		t.Errorf("warm start: cost %g above the initial board's %g", res.Cost, edge.Cost(tab, initial))
	}
	// A board nothing improves comes back as it was.
	res, err = greedy.New().Solve(context.Background(), prob, solve.WithInitial(truth))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Board.Equal(truth) {
		t.Error("warm start from the picture itself: the board changed")
	}
}

// coffee cuts the coffee photograph into pieces of 28 pixels.
func coffee(t *testing.T) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "coffee.png"))
	if err != nil {
		t.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, 28)
	if err != nil {
		t.Fatal(err)
	}
	return p, truth
}
