package tabu_test

import (
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
	"github.com/reassemble/jigsaw/solve/tabu"
)

func TestContract(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []tabu.Option
	}{
		{name: "thesis", opts: []tabu.Option{tabu.Thesis()}},
		{name: "all moves", opts: []tabu.Option{tabu.WithNeighbourhood(tabu.Rows | tabu.Cols | tabu.Blocks | tabu.Pairs)}},
		{name: "no local search", opts: []tabu.Option{tabu.WithLocalSearch(false)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solvetest.Run(t, func() solve.Solver { return tabu.New(tc.opts...) }, solvetest.Config{
				// A step on the suite's 12×12 instance prices about
				// 330,000 candidates (144·143/2 pairs × 32), about 5 ms;
				// 15 steps end a run there within the few hundred
				// milliseconds the suite asks for.
				Budget: solve.Options{solve.WithMaxIterations(15)},
			})
		})
	}
}
