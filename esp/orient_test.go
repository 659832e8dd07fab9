package esp_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// TestOrientation checks the oriented prediction on turned pieces: every
// piece of the evidence is oriented, its turn agrees with the planted
// solution up to one whole-board turn, each frame holds k marked rows and
// k marked columns for k isolated holes (k² candidates against the (2k)²
// of the mirror marking), and one frame's candidates hold the holes of the
// solution or of the solution turned half a revolution.
func TestOrientation(t *testing.T) {
	layouts := esp.MultiLayouts()
	for _, name := range []string{"isolated-2", "isolated-3", "isolated-4", "isolated-5", "rectangle-4"} {
		i := slices.IndexFunc(layouts, func(l esp.Layout) bool { return l.Name == name })
		l := layouts[i]
		t.Run(name, func(t *testing.T) {
			p, sol := thesisPuzzle(t, 31, false, l.Holes...)
			pred, err := esp.Predict(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(pred.Frames) != 2 {
				t.Fatalf("%d frames on a 10×15 board, want 2", len(pred.Frames))
			}
			// The frame turn relating the reference to the solution is
			// one number for every piece.
			rel := -1
			for _, ev := range pred.Evidence {
				if !ev.Oriented {
					t.Errorf("piece %d is not oriented", ev.Piece)
					continue
				}
				r := solutionTurn(sol, ev.Piece)
				d := int(ev.Turn.Add(4 - r))
				if rel < 0 {
					rel = d
				} else if d != rel {
					t.Errorf("piece %d read at turn %v, solution %v: relative turn %d, others %d", ev.Piece, ev.Turn, r, d, rel)
				}
			}
			// rectangle-4 marks only two rows and two columns, and is
			// its own image under the half turn, so the mirror marking
			// loses nothing on it.
			k, symmetric := len(l.Holes), name == "rectangle-4"
			if symmetric {
				k = 2
			}
			mirror, err := esp.Predict(p, esp.WithOrientation(false))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range pred.Frames {
				if len(f.MarkedRows) != k || len(f.MarkedCols) != k {
					t.Errorf("frame %v marks %d rows and %d columns, want %d of each", f.Turn, len(f.MarkedRows), len(f.MarkedCols), k)
				}
			}
			if got, most := pred.Layouts(), mirror.Layouts(); !symmetric && got >= most {
				t.Errorf("oriented layouts %d, not fewer than the mirror marking's %d", got, most)
			}
			turned := make([]puzzle.Cell, len(l.Holes))
			for i, h := range l.Holes {
				turned[i] = puzzle.Cell{Row: p.Rows - 1 - h.Row, Col: p.Cols - 1 - h.Col}
			}
			if !slices.ContainsFunc(pred.Frames, func(f esp.Frame) bool {
				return holds(f, l.Holes) || holds(f, turned)
			}) {
				t.Errorf("no frame holds the holes %v or their turned images %v", l.Holes, turned)
			}
		})
	}
}

// solutionTurn returns the turn of piece id in the board.
func solutionTurn(b *puzzle.Board, id puzzle.PieceID) puzzle.Rotation {
	for _, pl := range b.Cells {
		if pl.Piece == id {
			return pl.Rotation
		}
	}
	return 0
}

func holds(f esp.Frame, cells []puzzle.Cell) bool {
	for _, c := range cells {
		if !slices.ContainsFunc(f.Candidates, func(x esp.Candidate) bool { return x.Cell == c }) {
			return false
		}
	}
	return true
}

// TestOrientationFrames checks the whole-board turns read: four on a square
// board, where a quarter turn is a solution too, and one when pieces keep
// their orientation.
func TestOrientationFrames(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int
		upright    bool
		want       []puzzle.Rotation
	}{
		{name: "square", rows: 8, cols: 8, want: []puzzle.Rotation{0, 1, 2, 3}},
		{name: "upright oblong", rows: 6, cols: 9, upright: true, want: []puzzle.Rotation{0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			p, sol, err := puzzle.GenerateUnique(tc.rows, tc.cols, rng)
			if err != nil {
				t.Fatal(err)
			}
			if tc.upright {
				p.Rotatable = false
			} else if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
				t.Fatal(err)
			}
			p, _, err = esp.Remove(p, sol, puzzle.Cell{Row: 2, Col: 3}, puzzle.Cell{Row: 5, Col: 6})
			if err != nil {
				t.Fatal(err)
			}
			pred, err := esp.Predict(p)
			if err != nil {
				t.Fatal(err)
			}
			var got []puzzle.Rotation
			for _, f := range pred.Frames {
				got = append(got, f.Turn)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("frame turns %v, want %v", got, tc.want)
			}
			res, err := esp.New().Solve(context.Background(), solve.Problem{Puzzle: p})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved {
				t.Fatalf("status %v", res.Status)
			}
			if err := esp.Verify(p, res.Board); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestOrientationCutOff checks that a piece the holes cut off from the rest
// keeps an unknown turn and falls back to the mirror marking: with (0,1)
// and (1,0) empty, nothing relates the corner piece at (0,0) to the others.
func TestOrientationCutOff(t *testing.T) {
	p, sol := thesisPuzzle(t, 31, false, puzzle.Cell{Row: 0, Col: 1}, puzzle.Cell{Row: 1, Col: 0})
	pred, err := esp.Predict(p)
	if err != nil {
		t.Fatal(err)
	}
	corner := sol.At(puzzle.Cell{Row: 0, Col: 0}).Piece
	seen := false
	for _, ev := range pred.Evidence {
		if ev.Piece == corner {
			seen = true
			if ev.Oriented {
				t.Errorf("the cut-off corner piece %d is oriented", corner)
			}
		} else if !ev.Oriented {
			t.Errorf("piece %d is not oriented", ev.Piece)
		}
	}
	if !seen {
		t.Errorf("no evidence from the cut-off corner piece %d", corner)
	}
	res, err := esp.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if err := esp.Verify(p, res.Board); res.Status != solve.Solved || err != nil {
		t.Errorf("status %v, verify: %v", res.Status, err)
	}
}

// TestMultiLayouts solves every layout of the suite, oriented, and checks
// each board independently.
func TestMultiLayouts(t *testing.T) {
	for _, l := range esp.MultiLayouts() {
		t.Run(l.Name, func(t *testing.T) {
			p, _ := thesisPuzzle(t, 31, false, l.Holes...)
			res, err := esp.New().Solve(context.Background(), solve.Problem{Puzzle: p})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved {
				t.Fatalf("status %v", res.Status)
			}
			if err := esp.Verify(p, res.Board); err != nil {
				t.Error(err)
			}
		})
	}
}
