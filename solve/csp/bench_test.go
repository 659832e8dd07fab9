package csp_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/csp"
)

var long = flag.Bool("long", false, "run the long benchmark cases")

// scrambledUnique returns the thesis's unique-label puzzle of the given
// size, shuffled and turned.
func scrambledUnique(tb testing.TB, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	p, sol, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		tb.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		tb.Fatal(err)
	}
	return p, sol
}

// BenchmarkSolve times a first solution of the thesis's unique-label
// puzzles with turning pieces, for every order and propagation, and
// backtrack's two orders on the same puzzles for comparison. The thesis's
// benchmark size is 10×15 (seed 000, L9993-9998); 100×100 is far beyond
// it. Arc consistency on 100×100 takes one to two seconds, most of it in
// the full revision at the root, and runs only with -long.
func BenchmarkSolve(b *testing.B) {
	cases := []struct {
		rows, cols int
		longAC     bool
	}{
		{10, 15, false},
		{30, 30, false},
		{100, 100, true},
	}
	for _, c := range cases {
		p, _ := scrambledUnique(b, c.rows, c.cols, 1)
		pr := solve.Problem{Puzzle: p}
		for _, o := range orders {
			for _, pg := range propagations {
				b.Run(fmt.Sprintf("unique-%dx%d/%v/%v", c.rows, c.cols, o, pg), func(b *testing.B) {
					if c.longAC && pg == csp.ArcConsistency && !*long {
						b.Skip("long case: run with -long")
					}
					benchSolve(b, csp.New(csp.WithOrder(o), csp.WithPropagation(pg)), pr)
				})
			}
		}
		for _, o := range []backtrack.Order{backtrack.RowScan, backtrack.MostConstrained} {
			b.Run(fmt.Sprintf("unique-%dx%d/backtrack-%v", c.rows, c.cols, o), func(b *testing.B) {
				benchSolve(b, backtrack.New(backtrack.WithOrder(o)), pr)
			})
		}
	}
}

func benchSolve(b *testing.B, s solve.Solver, pr solve.Problem) {
	var nodes int64
	for b.Loop() {
		res, err := s.Solve(context.Background(), pr)
		if err != nil || res.Status != solve.Solved {
			b.Fatalf("status %v err %v", res.Status, err)
		}
		nodes = res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkCount times counting every solution of small tab/blank puzzles
// with few shapes, which have many solutions and dead ends, for every order
// and propagation and for backtrack's two orders.
func BenchmarkCount(b *testing.B) {
	cases := []instance{
		{kind: "shapes", rows: 3, cols: 3, pairs: 1},
		{kind: "shapes", rows: 4, cols: 4, pairs: 2},
		{kind: "shapes", rows: 5, cols: 5, pairs: 3},
		{kind: "shapes", rows: 6, cols: 6, pairs: 4},
		{kind: "colours", rows: 5, cols: 5, pairs: 3},
	}
	for _, in := range cases {
		p, _ := in.build(b, 1)
		pr := solve.Problem{Puzzle: p}
		for _, o := range orders {
			for _, pg := range propagations {
				b.Run(fmt.Sprintf("%v/%v/%v", in, o, pg), func(b *testing.B) {
					s := csp.New(csp.WithOrder(o), csp.WithPropagation(pg))
					var c csp.Count
					for b.Loop() {
						var err error
						c, err = s.Count(context.Background(), pr)
						if err != nil || c.Status != solve.Exhausted {
							b.Fatalf("status %v err %v", c.Status, err)
						}
					}
					b.ReportMetric(float64(c.Stats.Nodes), "nodes")
					b.ReportMetric(float64(c.Raw), "solutions")
				})
			}
		}
		for _, o := range []backtrack.Order{backtrack.RowScan, backtrack.MostConstrained} {
			b.Run(fmt.Sprintf("%v/backtrack-%v", in, o), func(b *testing.B) {
				s := backtrack.New(backtrack.WithOrder(o))
				var c backtrack.Count
				for b.Loop() {
					var err error
					c, err = s.Count(context.Background(), pr)
					if err != nil || c.Status != solve.Exhausted {
						b.Fatalf("status %v err %v", c.Status, err)
					}
				}
				b.ReportMetric(float64(c.Stats.Nodes), "nodes")
				b.ReportMetric(float64(c.Raw), "solutions")
			})
		}
	}
}
