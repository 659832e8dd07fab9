package ga_test

import (
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestContract(t *testing.T) {
	cases := []struct {
		name   string
		preset ga.Option
		// generations bounds each run: a few milliseconds a generation
		// at the thesis's population of 600 on the suite's 12×12
		// instance, far less for the others.
		generations int64
	}{
		{name: "thesis", preset: ga.Thesis(), generations: 25},
		{name: "eternity-steady-state", preset: ga.EternitySteadyState(), generations: 100},
		{name: "hynek", preset: ga.Hynek(), generations: 8},
		// A short schedule that ends before the budget, so that the
		// operator runs and the polish ends the run.
		{name: "hynek-extended", preset: ga.Options(ga.HynekExtended(), ga.WithSchedule(
			ga.Phase{Generations: 2, Population: 50, Crossover: 0.8},
			ga.Phase{Generations: 4, Population: 20, SequenceMatching: 1},
		)), generations: 8},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			solvetest.Run(t, func() solve.Solver { return ga.New(tc.preset) },
				solvetest.Config{Budget: solve.Options{solve.WithMaxIterations(tc.generations)}})
		})
	}
}
