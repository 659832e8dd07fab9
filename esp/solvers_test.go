package esp_test

import (
	"context"
	"testing"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

var solvers = []struct {
	name string
	new  func() solve.Solver
}{
	{"wildcard", func() solve.Solver { return esp.NewWildcard() }},
	{"wildcard-blank-last", func() solve.Solver { return esp.NewWildcard(esp.WithBlankLast()) }},
	{"fbf", func() solve.Solver { return esp.NewFBF() }},
	{"esp", func() solve.Solver { return esp.New() }},
	{"esp-extended", func() solve.Solver { return esp.New(esp.WithExtendedCount(true)) }},
	{"esp-unwidened", func() solve.Solver { return esp.New(esp.WithWidening(false)) }},
}

func TestContract(t *testing.T) {
	for _, s := range solvers {
		t.Run(s.name, func(t *testing.T) {
			solvetest.Run(t, s.new, solvetest.Config{Complete: true, LabelsOnly: true})
		})
	}
}

// TestMissingPieces checks every method on layouts of each class: the
// board must use every piece once and leave exactly the missing cells
// empty, as Verify and a count of its own confirm.
func TestMissingPieces(t *testing.T) {
	layouts := []struct {
		name  string
		holes []puzzle.Cell
		// slow marks layouts FBF alone takes too long on for a unit test.
		slow bool
	}{
		{name: "middle", holes: cells([2]int{3, 4})},
		{name: "corner", holes: cells([2]int{9, 0})},
		{name: "frame", holes: cells([2]int{0, 6})},
		{name: "two isolated", holes: cells([2]int{2, 3}, [2]int{6, 9}), slow: true},
		{name: "two adjacent", holes: cells([2]int{5, 5}, [2]int{5, 6}), slow: true},
		{name: "frame and inside", holes: cells([2]int{8, 0}, [2]int{2, 2}, [2]int{2, 9}), slow: true},
	}
	for _, l := range layouts {
		p, _ := thesisPuzzle(t, 21, false, l.holes...)
		for _, s := range solvers {
			if l.slow && (s.name == "fbf" || s.name == "esp-unwidened") {
				continue
			}
			t.Run(l.name+"/"+s.name, func(t *testing.T) {
				res, err := s.new().Solve(context.Background(), solve.Problem{Puzzle: p})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != solve.Solved || res.Cost != 0 {
					t.Fatalf("status %v, cost %v; want solved at 0", res.Status, res.Cost)
				}
				if err := esp.Verify(p, res.Board); err != nil {
					t.Error(err)
				}
				seen := make(map[puzzle.PieceID]bool)
				empty := 0
				for _, pl := range res.Board.Cells {
					if pl.IsEmpty() {
						empty++
					} else {
						seen[pl.Piece] = true
					}
				}
				if len(seen) != len(p.Pieces) || empty != len(l.holes) {
					t.Errorf("%d distinct pieces placed of %d, %d cells empty of %d missing", len(seen), len(p.Pieces), empty, len(l.holes))
				}
			})
		}
	}
}

func TestVerifyCatches(t *testing.T) {
	p, sol := thesisPuzzle(t, 5, true, puzzle.Cell{Row: 1, Col: 1})
	if err := esp.Verify(p, sol); err != nil {
		t.Fatalf("the planted solution fails: %v", err)
	}
	cases := []struct {
		name string
		edit func(b *puzzle.Board)
	}{
		{name: "swapped pieces", edit: func(b *puzzle.Board) { b.Cells[20], b.Cells[21] = b.Cells[21], b.Cells[20] }},
		{name: "second hole", edit: func(b *puzzle.Board) { b.Cells[40] = puzzle.Empty }},
		{name: "turned corner", edit: func(b *puzzle.Board) { b.Cells[0].Rotation = 1 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := sol.Clone()
			tc.edit(b)
			if esp.Verify(p, b) == nil {
				t.Error("Verify accepted a wrong board")
			}
		})
	}
}

func TestRemoveRejects(t *testing.T) {
	p, sol := thesisPuzzle(t, 5, true)
	cases := []struct {
		name  string
		cells []puzzle.Cell
	}{
		{name: "off the board", cells: cells([2]int{10, 0})},
		{name: "twice", cells: cells([2]int{1, 1}, [2]int{1, 1})},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := esp.Remove(p, sol, tc.cells...); err == nil {
				t.Error("Remove accepted it")
			}
		})
	}
}
