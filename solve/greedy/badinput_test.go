package greedy_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBadInput gives the solver every mistake a caller can make in the
// problem and the run options (solvetest.BadInput) and then in the method's
// own options: each is refused with an error naming what is wrong, or ends
// the run normally where the contract says so.
func TestBadInput(t *testing.T) {
	ends := solvetest.Ends
	solvetest.BadInput(t, func() solve.Solver { return greedy.New() },
		solvetest.BadCase{Name: "nil option", Solver: greedy.New(nil, greedy.WithStarts(2)), WantStatus: ends},
		solvetest.BadCase{Name: "negative starts count as 1", Solver: greedy.New(greedy.WithStarts(-3)), WantStatus: ends},
		solvetest.BadCase{Name: "negative repair passes and segment rounds count as 0", Solver: greedy.New(greedy.WithRepair(-1), greedy.WithSegments(-2)), WantStatus: ends},
		solvetest.BadCase{Name: "starts beyond the pieces", Solver: greedy.New(greedy.WithStarts(1 << 40)), WantStatus: ends},
		solvetest.BadCase{Name: "unknown size with a fixed piece", Solver: greedy.New(greedy.WithUnknownSize()), WantStatus: ends},
		solvetest.BadCase{Name: "scorer pricing NaN", Scorer: nanScorer{}, WantIn: []string{"NaN", "side", "piece"}},
		solvetest.BadCase{Name: "nil alternative", Solver: greedy.New(greedy.WithAlternatives(nil)), WantIn: []string{"alternative compatibility 0", "nil"}},
		solvetest.BadCase{Name: "alternative of another puzzle", Solver: greedy.New(greedy.WithAlternatives(otherPuzzle(t))), WantIn: []string{"alternative compatibility 0", "1001 pieces"}},
		// NewScorerCompatibility's bound: 2048 pieces, 16n² float32 joins.
		solvetest.BadCase{Name: "own scorer on too many pieces", Scorer: nanScorer{}, Problem: flatRow(2049),
			WantIn: []string{"2049 pieces", "2048"}, Huge: true},
	)
}

// otherPuzzle returns a compatibility built for a puzzle of 1001 pieces.
func otherPuzzle(t *testing.T) edge.Compatibility {
	c, err := edge.NewLabelCompatibility(flatRow(1001))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }

// flatRow returns a 1×n puzzle of pieces with every side flat.
func flatRow(n int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 1, Cols: n, Pieces: make([]puzzle.Piece, n)}
	for i := range p.Pieces {
		p.Pieces[i].ID = puzzle.PieceID(i)
	}
	return p
}
