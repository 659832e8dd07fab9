package tabu_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// TestBadInput gives the solver every mistake a caller can make in the
// problem and the run options (solvetest.BadInput) and then in the method's
// own options: each is refused with an error naming what is wrong, or ends
// the run normally where the contract says so.
func TestBadInput(t *testing.T) {
	ends := solvetest.Ends
	solvetest.BadInput(t, func() solve.Solver { return tabu.New() },
		solvetest.BadCase{Name: "nil option", Solver: tabu.New(nil), WantStatus: ends},
		solvetest.BadCase{Name: "NaN aspiration", Solver: tabu.New(tabu.WithAspiration(math.NaN())), WantIn: []string{"aspiration", "NaN"}},
		solvetest.BadCase{Name: "aspiration above 1", Solver: tabu.New(tabu.WithAspiration(1.5)), WantIn: []string{"aspiration", "1.5"}},
		solvetest.BadCase{Name: "negative aspiration", Solver: tabu.New(tabu.WithAspiration(-0.1)), WantIn: []string{"aspiration", "-0.1"}},
		solvetest.BadCase{Name: "empty neighbourhood", Solver: tabu.New(tabu.WithNeighbourhood(0)), WantIn: []string{"neighbourhood"}},
		solvetest.BadCase{Name: "unknown neighbourhood", Solver: tabu.New(tabu.WithNeighbourhood(tabu.Rows | 0x40)), WantIn: []string{"neighbourhood", "0x40"}},
		solvetest.BadCase{Name: "negative tenure is the thesis's", Solver: tabu.New(tabu.WithTenure(-9)), WantStatus: ends},
		solvetest.BadCase{Name: "huge tenure", Solver: tabu.New(tabu.WithTenure(1 << 40)), WantIn: []string{"WithTenure(1099511627776)", "at most"}, Huge: true},
		solvetest.BadCase{Name: "negative restart is the thesis's", Solver: tabu.New(tabu.WithRestartAfter(-9)), WantStatus: ends},
		solvetest.BadCase{Name: "scorer pricing NaN", Scorer: nanScorer{}, WantStatus: ends},
	)
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }
