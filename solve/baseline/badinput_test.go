package baseline_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/baseline"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBadInput gives the solver every mistake a caller can make in the
// problem and the run options (solvetest.BadInput) and then in the method's
// own options: each is refused with an error naming what is wrong, or ends
// the run normally where the contract says so.
func TestBadInput(t *testing.T) {
	ends := solvetest.Ends
	solvetest.BadInput(t, func() solve.Solver { return baseline.New() },
		solvetest.BadCase{Name: "nil option", Solver: baseline.New(nil), WantStatus: ends},
		solvetest.BadCase{Name: "negative attempts mean no bound", Solver: baseline.New(baseline.WithAttempts(-1)), WantStatus: ends},
		solvetest.BadCase{Name: "structured with a nil option", Solver: baseline.Structured(nil), WantStatus: ends},
		solvetest.BadCase{Name: "scorer pricing NaN", Scorer: nanScorer{}, WantStatus: ends},
	)
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }
