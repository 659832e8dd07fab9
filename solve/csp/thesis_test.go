package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/csp"
)

// TestThesisSizes reproduces the thesis's enumeration on its test sizes
// (seed 000, chapter 2, L949-957: 2x2, 2x3, 2x4, 3x3, 2x5, 3x4, 3x5, 4x4 and
// 4x5): a unique-label puzzle with turning pieces has exactly one solution
// up to turning the whole board, which shows as 4 boards on a square board
// and as 2 on any other, where a quarter turn does not fit the board.
func TestThesisSizes(t *testing.T) {
	sizes := [][2]int{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {2, 5}, {3, 4}, {3, 5}, {4, 4}, {4, 5}}
	for _, sz := range sizes {
		rows, cols := sz[0], sz[1]
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%dx%d-seed%d", rows, cols, seed), func(t *testing.T) {
				p, truth := scrambledUnique(t, rows, cols, seed)
				want := int64(2)
				if rows == cols {
					want = 4
				}
				for _, o := range orders {
					for _, pg := range propagations {
						s := csp.New(csp.WithOrder(o), csp.WithPropagation(pg))
						c, err := s.Count(context.Background(), solve.Problem{Puzzle: p})
						if err != nil {
							t.Fatal(err)
						}
						if c.Status != solve.Exhausted || c.Raw != want || c.Distinct != 1 {
							t.Errorf("%v, %v: %v with raw %d, distinct %d; want exhausted with raw %d, distinct 1", o, pg, c.Status, c.Raw, c.Distinct, want)
						}
						res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p})
						if err != nil {
							t.Fatal(err)
						}
						if res.Status != solve.Solved || !puzzle.Perfect(truth, res.Board) {
							t.Errorf("%v, %v: %v, perfect %v; want the planted solution", o, pg, res.Status, puzzle.Perfect(truth, res.Board))
						}
					}
				}
			})
		}
	}
}

// TestThesisLarge solves the thesis's 150-piece benchmark size, 10 rows by
// 15 columns (seed 000, chapter 4, L9993-9998), with its own settings and
// the others, and finds the planted picture.
func TestThesisLarge(t *testing.T) {
	p, truth := scrambledUnique(t, 10, 15, 3)
	solvers := map[string]*csp.Solver{"thesis": csp.New(csp.Thesis()), "default": csp.New()}
	for _, o := range orders {
		for _, pg := range propagations {
			solvers[fmt.Sprintf("%v/%v", o, pg)] = csp.New(csp.WithOrder(o), csp.WithPropagation(pg))
		}
	}
	for name, s := range solvers {
		res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Solved || res.Cost != 0 || !puzzle.Perfect(truth, res.Board) {
			t.Errorf("%s: %v at cost %v, perfect %v", name, res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
		}
	}
	// Enumerating, as the thesis's solver does, finds the picture and its
	// half turn only.
	c, err := csp.New(csp.Thesis()).Count(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != solve.Exhausted || c.Raw != 2 || c.Distinct != 1 {
		t.Errorf("thesis count: %v raw %d distinct %d; want exhausted, 2 and 1", c.Status, c.Raw, c.Distinct)
	}
	// Arc consistency at the root already pins every piece to its place
	// up to the half turn, and the first choice pins the rest: the search
	// meets no dead end and visits 150 nodes per picture.
	if c.Stats.Nodes != 2*150 || c.Stats.MaxDepth != 150 {
		t.Errorf("%d nodes, max depth %d; want 300 and 150", c.Stats.Nodes, c.Stats.MaxDepth)
	}
}
