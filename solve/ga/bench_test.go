package ga_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
)

// BenchmarkGenerations measures generations per second of every preset on
// a 16×16 puzzle in the style of Eternity II (5 frame and 17 inner
// colours, turning pieces; seed 001's instance size) and on the thesis's
// 3×4 unique-label puzzle. Seed 001 reports 13.6, 30.8 and 932.4
// generations/s for its simple, steady-state and incremental GAs on the
// real 16×16 puzzle (L1280, L1284, L1288).
func BenchmarkGenerations(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	e2, _, err := puzzle.GenerateColours(16, 16, 5, 17, rng)
	if err != nil {
		b.Fatal(err)
	}
	thesis, sol, err := puzzle.GenerateUnique(3, 4, rng)
	if err != nil {
		b.Fatal(err)
	}
	if thesis, _, err = puzzle.Scramble(thesis, sol, rng); err != nil {
		b.Fatal(err)
	}
	presets := []struct {
		name   string
		preset ga.Option
		// generations per timed run: enough to amortise the first
		// population.
		generations int64
	}{
		{"thesis", ga.Thesis(), 20},
		{"eternity-simple", ga.EternitySimple(), 50},
		{"eternity-steady-state", ga.EternitySteadyState(), 200},
		{"eternity-incremental", ga.EternityIncremental(), 5000},
		{"hynek", ga.Hynek(), 60},
		{"sholomon", ga.Sholomon(), 2},
	}
	for _, pz := range []struct {
		name string
		p    *puzzle.Puzzle
	}{{"e2-16x16", e2}, {"thesis-3x4", thesis}} {
		for _, pr := range presets {
			b.Run(pz.name+"/"+pr.name, func(b *testing.B) {
				s := ga.New(pr.preset)
				// The thesis's puzzles are solved within a few
				// generations; a target below any cost keeps them
				// running for the measure.
				opts := []solve.Option{solve.WithMaxIterations(pr.generations), solve.WithTarget(-1)}
				var gens, evals int64
				for b.Loop() {
					res, err := s.Solve(context.Background(), solve.Problem{Puzzle: pz.p}, opts...)
					if err != nil {
						b.Fatal(err)
					}
					gens += res.Stats.Iterations
					evals += res.Stats.Evaluations
				}
				sec := b.Elapsed().Seconds()
				b.ReportMetric(float64(gens)/sec, "gens/s")
				b.ReportMetric(float64(evals)/sec, "evals/s")
			})
		}
	}
}

// BenchmarkTurnedPicture measures the short GA runs that
// greedy.WithEvolution makes (Sholomon's GA, population 100, parents by
// tournaments of two) on a turned photograph: the coffee picture cut
// into 600 pieces of 20 pixels, priced by a table of the default measure
// on the log scale. Each run goes 10 generations; the table is built
// once. On two cores a run took 0.33–0.43 s, against 0.66–0.68 s when
// the kernel crossover read the table itself rather than its joins side
// by side.
func BenchmarkTurnedPicture(b *testing.B) {
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "coffee.png"))
	if err != nil {
		b.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, 20)
	if err != nil {
		b.Fatal(err)
	}
	p.Rotatable = true
	if p, _, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 2))); err != nil {
		b.Fatal(err)
	}
	table, err := edge.NewTable(context.Background(), p, edge.Log(edge.DefaultMeasure()), 0)
	if err != nil {
		b.Fatal(err)
	}
	s := ga.New(ga.Sholomon(), ga.WithPopulation(100), ga.WithGenerations(10), ga.WithSelection(ga.Tournament(2)))
	for b.Loop() {
		if _, err := s.Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: table}, solve.WithSeed(3)); err != nil {
			b.Fatal(err)
		}
	}
}
