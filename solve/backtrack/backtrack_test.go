package backtrack_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

var orders = []backtrack.Order{backtrack.RowScan, backtrack.MostConstrained, backtrack.FrameFirst, backtrack.Spiral}

func TestContract(t *testing.T) {
	for _, o := range orders {
		t.Run(o.String(), func(t *testing.T) {
			solvetest.Run(t, func() solve.Solver { return backtrack.New(backtrack.WithOrder(o)) }, solvetest.Config{Complete: true, LabelsOnly: true})
		})
		// The general search alone, on the puzzles the dense engine
		// would take.
		t.Run(o.String()+"/general", func(t *testing.T) {
			solvetest.Run(t, func() solve.Solver { return backtrack.New(backtrack.WithOrder(o), backtrack.WithGeneral()) }, solvetest.Config{Complete: true, LabelsOnly: true})
		})
	}
}

// scrambled returns a generated puzzle, shuffled and turned, with its
// planted solution.
func scrambled(t testing.TB, kind string, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var (
		p   *puzzle.Puzzle
		sol *puzzle.Board
		err error
	)
	switch kind {
	case "shapes":
		p, sol, err = puzzle.GenerateShapes(rows, cols, 0, rng)
	case "unique":
		p, sol, err = puzzle.GenerateUnique(rows, cols, rng)
	case "colours":
		p, sol, err = puzzle.GenerateColours(rows, cols, 3, 5, rng)
	default:
		t.Fatalf("unknown kind %q", kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p, sol
}

func TestSolvesGenerated(t *testing.T) {
	tests := []struct {
		kind       string
		rows, cols int
		rotatable  bool
	}{
		{"shapes", 1, 1, true},
		{"shapes", 1, 7, true},
		{"shapes", 6, 1, false},
		{"shapes", 5, 5, true},
		{"shapes", 8, 11, true},
		{"shapes", 9, 9, false},
		{"unique", 2, 2, true},
		{"unique", 10, 7, true},
		{"colours", 5, 5, true},
	}
	for _, tc := range tests {
		for _, o := range orders {
			for seed := uint64(1); seed <= 3; seed++ {
				name := fmt.Sprintf("%s-%dx%d-rot=%v-%v-seed%d", tc.kind, tc.rows, tc.cols, tc.rotatable, o, seed)
				t.Run(name, func(t *testing.T) {
					p, truth := scrambled(t, tc.kind, tc.rows, tc.cols, seed)
					if !tc.rotatable {
						p, truth = unturn(p, truth)
					}
					res, err := backtrack.New(backtrack.WithOrder(o)).Solve(context.Background(), solve.Problem{Puzzle: p})
					if err != nil {
						t.Fatal(err)
					}
					if res.Status != solve.Solved || res.Cost != 0 {
						t.Fatalf("status %v cost %v, want solved at 0", res.Status, res.Cost)
					}
					if err := res.Board.Validate(p); err != nil {
						t.Fatal(err)
					}
					if got := puzzle.Mismatches(p, res.Board); got != 0 {
						t.Fatalf("solution has %d mismatches", got)
					}
					if res.Board.Placed() != p.Cells() {
						t.Fatalf("placed %d of %d", res.Board.Placed(), p.Cells())
					}
					_ = truth
				})
			}
		}
	}
}

// unturn returns the puzzle with every piece stored as it lies in the
// solution and rotation switched off, so the solution keeps rotation 0.
func unturn(p *puzzle.Puzzle, sol *puzzle.Board) (*puzzle.Puzzle, *puzzle.Board) {
	q := p.Clone()
	q.Rotatable = false
	s := sol.Clone()
	for i, pl := range sol.Cells {
		if pl.IsEmpty() {
			continue
		}
		q.Pieces[pl.Piece].Edges = p.Pieces[pl.Piece].Turned(pl.Rotation)
		s.Cells[i].Rotation = 0
	}
	return q, s
}

func TestUniqueSolutionFound(t *testing.T) {
	// The thesis's model has one solution up to whole-board turns, so the
	// first solution found is the planted one, turned.
	p, truth := scrambled(t, "unique", 6, 6, 3)
	res, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if !puzzle.Perfect(truth, res.Board) {
		t.Fatalf("not the planted solution:\n%v\nwant (up to a turn)\n%v", res.Board, truth)
	}
}

func TestExhaustedWithoutSolution(t *testing.T) {
	p, _ := scrambled(t, "shapes", 4, 4, 1)
	// A tab that nothing can take: the planted join loses its mate.
	for s, l := range p.Pieces[0].Edges {
		if l != puzzle.Flat {
			p.Pieces[0].Edges[s] = 1000
			break
		}
	}
	for _, o := range orders {
		res, err := backtrack.New(backtrack.WithOrder(o)).Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Exhausted {
			t.Fatalf("%v: status %v, want exhausted", o, res.Status)
		}
		if res.Board.Validate(p) != nil {
			t.Fatalf("%v: invalid partial board", o)
		}
		if res.Board.Placed() == 0 {
			t.Fatalf("%v: no partial board returned", o)
		}
	}
}

func TestMissingAndExtraPieces(t *testing.T) {
	for _, o := range orders {
		t.Run(o.String(), func(t *testing.T) {
			p, truth := scrambled(t, "shapes", 4, 5, 2)
			// Drop the piece planted at cell (1,2): one hole.
			gone := truth.At(puzzle.Cell{Row: 1, Col: 2}).Piece
			q := p.Clone()
			q.Pieces = nil
			for _, pc := range p.Pieces {
				if pc.ID == gone {
					continue
				}
				pc.ID = puzzle.PieceID(len(q.Pieces))
				q.Pieces = append(q.Pieces, pc)
			}
			res, err := backtrack.New(backtrack.WithOrder(o)).Solve(context.Background(), solve.Problem{Puzzle: q})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved || res.Board.Placed() != len(q.Pieces) || len(res.Unplaced) != 0 {
				t.Fatalf("missing piece: status %v, placed %d of %d, unplaced %v", res.Status, res.Board.Placed(), len(q.Pieces), res.Unplaced)
			}

			// One piece too many: a copy of a corner with a label no
			// other piece has, so it cannot be part of the picture.
			x := p.Clone()
			x.AllowExtra = true
			extra := puzzle.Piece{ID: puzzle.PieceID(len(x.Pieces)), Edges: [4]puzzle.Label{0, 0, 77, 78}}
			x.Pieces = append(x.Pieces, extra)
			res, err = backtrack.New(backtrack.WithOrder(o)).Solve(context.Background(), solve.Problem{Puzzle: x})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved || len(res.Unplaced) != 1 || res.Unplaced[0] != extra.ID {
				t.Fatalf("extra piece: status %v, unplaced %v, want [%d]", res.Status, res.Unplaced, extra.ID)
			}
		})
	}
}

func TestFixedPieces(t *testing.T) {
	p, truth := scrambled(t, "shapes", 5, 5, 4)
	// Pin two planted pieces; the search must keep them and still solve.
	for _, c := range []puzzle.Cell{{Row: 2, Col: 2}, {Row: 0, Col: 4}} {
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: truth.At(c)})
	}
	for _, o := range orders {
		res, err := backtrack.New(backtrack.WithOrder(o)).Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Solved {
			t.Fatalf("%v: status %v", o, res.Status)
		}
		for _, f := range p.Fixed {
			if res.Board.At(f.Cell) != f.Placement {
				t.Fatalf("%v: fixed piece at %v moved", o, f.Cell)
			}
		}
	}
	// A fixed piece in a place where it cannot fit leaves no solution.
	bad := p.Clone()
	bad.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 2, Col: 2}, Placement: truth.At(puzzle.Cell{Row: 0, Col: 0})}}
	res, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: bad})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Exhausted {
		t.Fatalf("corner fixed in the middle: status %v, want exhausted", res.Status)
	}
}

func TestRejectsOtherScorers(t *testing.T) {
	p, _ := scrambled(t, "shapes", 2, 2, 1)
	_, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: constScorer{}})
	if !errors.Is(err, backtrack.ErrNotLabels) {
		t.Fatalf("err = %v, want ErrNotLabels", err)
	}
}

type constScorer struct{}

func (constScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return 0 }

var _ edge.Scorer = constScorer{}

// TestTargetBelowZero checks that a target no board can meet stops the
// search at its first solution, as Exhausted: a board of cost 0 is proven
// the best there is, and the other solutions cannot improve on it.
func TestTargetBelowZero(t *testing.T) {
	// A 3×3 puzzle of turning pieces has each solution in 4 turned copies
	// (a square board), so enumerating them all would visit more nodes
	// than stopping at the first.
	p, _ := scrambled(t, "unique", 3, 3, 2)
	pr := solve.Problem{Puzzle: p}
	count, err := backtrack.New().Count(context.Background(), pr)
	if err != nil || count.Raw < 4 {
		t.Fatalf("Count = %+v, %v; want at least the 4 turned copies", count, err)
	}
	tests := []struct {
		name   string
		solver *backtrack.Solver
	}{
		{name: "dense", solver: backtrack.New()},
		{name: "general", solver: backtrack.New(backtrack.WithGeneral())},
		{name: "most constrained", solver: backtrack.New(backtrack.WithOrder(backtrack.MostConstrained))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first, err := tc.solver.Solve(context.Background(), pr)
			if err != nil || first.Status != solve.Solved {
				t.Fatalf("Solve = %v, %v; want solved", first.Status, err)
			}
			res, err := tc.solver.Solve(context.Background(), pr, solve.WithTarget(-1))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Exhausted || res.Cost != 0 {
				t.Errorf("with target -1: status %v, cost %v; want exhausted, 0", res.Status, res.Cost)
			}
			if !res.Board.Equal(first.Board) {
				t.Errorf("with target -1: board\n%v\nwant the first solution\n%v", res.Board, first.Board)
			}
			if res.Stats.Nodes != first.Stats.Nodes || res.Stats.Nodes >= count.Stats.Nodes {
				t.Errorf("with target -1: %d nodes; want the first solution's %d, fewer than the count's %d",
					res.Stats.Nodes, first.Stats.Nodes, count.Stats.Nodes)
			}
		})
	}
}
