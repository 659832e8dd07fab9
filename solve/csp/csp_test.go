package csp_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/csp"
)

func TestNames(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{name: "forward checking", got: csp.ForwardChecking.String(), want: "forward checking"},
		{name: "arc consistency", got: csp.ArcConsistency.String(), want: "arc consistency"},
		{name: "unknown propagation", got: csp.Propagation(7).String(), want: "Propagation(7)"},
		{name: "thesis order", got: csp.ThesisOrder.String(), want: "thesis order"},
		{name: "row major", got: csp.RowMajor.String(), want: "row major"},
		{name: "mrv", got: csp.MRV.String(), want: "mrv"},
		{name: "unknown order", got: csp.Order(9).String(), want: "Order(9)"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}

// TestRejects checks that bad settings and scorers give errors, from every
// entry point, rather than panics.
func TestRejects(t *testing.T) {
	p, _ := scrambledUnique(t, 2, 2, 1)
	l := constScorer{}
	// 300×300 turning pieces need 3.8 GiB of domains, over the limit.
	huge := &puzzle.Puzzle{Rows: 300, Cols: 300, Pieces: make([]puzzle.Piece, 300*300), Rotatable: true}
	for i := range huge.Pieces {
		huge.Pieces[i].ID = puzzle.PieceID(i)
	}
	tests := []struct {
		name    string
		solver  *csp.Solver
		problem solve.Problem
		is      error
	}{
		{name: "unknown propagation", solver: csp.New(csp.WithPropagation(csp.Propagation(5))), problem: solve.Problem{Puzzle: p}},
		{name: "unknown order", solver: csp.New(csp.WithOrder(csp.Order(5))), problem: solve.Problem{Puzzle: p}},
		{name: "scorer not labels", solver: csp.New(), problem: solve.Problem{Puzzle: p, Scorer: l}, is: csp.ErrNotLabels},
		{name: "no puzzle", solver: csp.New(), problem: solve.Problem{}},
		{name: "too large", solver: csp.New(), problem: solve.Problem{Puzzle: huge}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check := func(what string, err error) {
				t.Helper()
				if err == nil || tc.is != nil && !errors.Is(err, tc.is) {
					t.Errorf("%s: error %v, want %v", what, err, tc.is)
				}
			}
			_, err := tc.solver.Solve(context.Background(), tc.problem)
			check("Solve", err)
			_, err = tc.solver.Count(context.Background(), tc.problem)
			check("Count", err)
			var last error
			for _, err := range tc.solver.All(context.Background(), tc.problem) {
				last = err
			}
			check("All", last)
		})
	}
}

type constScorer struct{}

func (constScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return 0 }

// TestCountStats checks the propagation counters against what they must
// be on a puzzle that needs search: work was done and pruned something,
// arc consistency visits fewer nodes than forward checking, and the
// deepest level is the whole board.
func TestCountStats(t *testing.T) {
	in := instance{kind: "shapes", rows: 5, cols: 5, pairs: 3}
	p, _ := in.build(t, 1)
	var nodes [2]int64
	for i, pg := range propagations {
		c, err := csp.New(csp.WithPropagation(pg)).Count(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		st := c.Stats
		if st.Propagations <= 0 || st.Prunings <= 0 || st.MaxDepth != 25 || st.Nodes != st.Iterations || st.Backtracks != st.Nodes {
			t.Errorf("%v: implausible counters %+v", pg, st)
		}
		nodes[i] = st.Nodes
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("arc consistency visited %d nodes, forward checking %d; it should prune more", nodes[1], nodes[0])
	}
}

// TestThesisPreset checks that Thesis is ThesisOrder with ArcConsistency,
// down to the counters, and that options apply in order.
func TestThesisPreset(t *testing.T) {
	in := instance{kind: "shapes", rows: 4, cols: 4, pairs: 2}
	p, _ := in.build(t, 2)
	pr := solve.Problem{Puzzle: p}
	count := func(s *csp.Solver) csp.Stats {
		c, err := s.Count(context.Background(), pr)
		if err != nil {
			t.Fatal(err)
		}
		c.Stats.Runtime = 0
		return c.Stats
	}
	thesis := count(csp.New(csp.Thesis()))
	if want := count(csp.New(csp.WithOrder(csp.ThesisOrder), csp.WithPropagation(csp.ArcConsistency))); thesis != want {
		t.Errorf("Thesis() counts %+v, ThesisOrder with ArcConsistency %+v", thesis, want)
	}
	later := count(csp.New(csp.Thesis(), csp.WithPropagation(csp.ForwardChecking)))
	if want := count(csp.New(csp.WithOrder(csp.ThesisOrder))); later != want {
		t.Errorf("a later option did not win: %+v, want %+v", later, want)
	}
	if def, mrv := count(csp.New()), count(csp.New(csp.WithOrder(csp.MRV), csp.WithPropagation(csp.ForwardChecking))); def != mrv {
		t.Errorf("the default counts %+v, MRV with forward checking %+v", def, mrv)
	}
}

// TestTargetBelowZero checks that a target no board can meet stops the
// search at its first solution, as Exhausted: a board of cost 0 is proven
// the best there is, and the other solutions cannot improve on it.
func TestTargetBelowZero(t *testing.T) {
	// A 3×3 puzzle of turning pieces has each solution in 4 turned copies
	// (a square board), so enumerating them all would visit more nodes
	// than stopping at the first.
	p, _ := scrambledUnique(t, 3, 3, 2)
	pr := solve.Problem{Puzzle: p}
	for _, o := range orders {
		for _, pg := range propagations {
			t.Run(fmt.Sprintf("%v/%v", o, pg), func(t *testing.T) {
				s := csp.New(csp.WithOrder(o), csp.WithPropagation(pg))
				count, err := s.Count(context.Background(), pr)
				if err != nil || count.Raw < 4 {
					t.Fatalf("Count = %+v, %v; want at least the 4 turned copies", count, err)
				}
				first, err := s.Solve(context.Background(), pr)
				if err != nil || first.Status != solve.Solved {
					t.Fatalf("Solve = %v, %v; want solved", first.Status, err)
				}
				res, err := s.Solve(context.Background(), pr, solve.WithTarget(-1))
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != solve.Exhausted || res.Cost != 0 || !res.Board.Equal(first.Board) {
					t.Errorf("with target -1: status %v, cost %v, board\n%v\nwant exhausted, 0 and the first solution\n%v",
						res.Status, res.Cost, res.Board, first.Board)
				}
				if res.Stats.Nodes != first.Stats.Nodes || res.Stats.Nodes >= count.Stats.Nodes {
					t.Errorf("with target -1: %d nodes; want the first solution's %d, fewer than the count's %d",
						res.Stats.Nodes, first.Stats.Nodes, count.Stats.Nodes)
				}
			})
		}
	}
}
