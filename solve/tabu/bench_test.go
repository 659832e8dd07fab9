package tabu_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// BenchmarkMoves measures delta evaluations per second on a 16×16
// Eternity II-like puzzle (5 frame and 17 inner colours, as Eternity II
// has), turning pieces, one core. "improve" runs the thesis's search,
// whose steps are almost all 2-piece improvement: about a million
// candidates a step (256·255/2 pairs × 32). "moves" runs row and column
// swaps alone, each priced over the 32 cells it moves (ns/move includes
// the steps the tabu list stops). The target is 10 million
// evaluations per second.
func BenchmarkMoves(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 16))
	p, _, err := puzzle.GenerateColours(16, 16, 5, 17, rng)
	if err != nil {
		b.Fatal(err)
	}
	pr := solve.Problem{Puzzle: p}
	for _, tc := range []struct {
		name  string
		s     *tabu.Solver
		steps int64
	}{
		{name: "improve", s: tabu.New(tabu.Thesis()), steps: 4},
		{name: "moves", s: tabu.New(tabu.WithLocalSearch(false)), steps: 1 << 16},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var evals int64
			seed := uint64(0)
			for b.Loop() {
				seed++
				res, err := tc.s.Solve(context.Background(), pr, solve.WithSeed(seed), solve.WithMaxIterations(tc.steps))
				if err != nil {
					b.Fatal(err)
				}
				evals += res.Stats.Evaluations
			}
			b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
			if tc.name == "moves" {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evals), "ns/move")
			}
		})
	}
}

// BenchmarkThesis times the thesis's search to a solved board on the
// thesis's test model at the sizes of its Table 4 (seed 000 L3592–3604:
// TS 1 ms at 2×2 to 21,297 ms at 4×5 on a 2.6 GHz Pentium 4). Each size is
// one scrambled puzzle; the runs cycle through 16 fixed seeds, so ns/op is
// a mean over those runs.
func BenchmarkThesis(b *testing.B) {
	for _, size := range [][2]int{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {2, 5}, {3, 4}, {3, 5}, {4, 4}, {4, 5}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			p, _ := scrambledUnique(b, size[0], size[1], 1)
			pr := solve.Problem{Puzzle: p}
			s := tabu.New(tabu.Thesis())
			var runs, steps, evals int64
			for b.Loop() {
				res, err := s.Solve(context.Background(), pr, solve.WithSeed(uint64(runs%16)))
				if err != nil || res.Status != solve.Solved {
					b.Fatalf("seed %d: status %v, error %v", runs%16, res.Status, err)
				}
				runs++
				steps += res.Stats.Iterations
				evals += res.Stats.Evaluations
			}
			b.ReportMetric(float64(steps)/float64(runs), "steps/op")
			b.ReportMetric(float64(evals)/float64(runs), "evals/op")
		})
	}
}
