package eternity_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBreaksBadInput gives the break search every mistake a caller can
// make in the problem and the run options (solvetest.BadInput), then in
// its own options: each is refused with an error naming the option and
// the value, or ends the run normally where the documentation says so.
func TestBreaksBadInput(t *testing.T) {
	ends := solvetest.Ends
	bp := solvetest.BadPuzzle()
	holes := bp.Clone()
	holes.Pieces, holes.Fixed = holes.Pieces[:3], nil
	sol := puzzle.NewBoardFor(bp)
	sol.Set(puzzle.Cell{Row: 0, Col: 0}, puzzle.Placement{Piece: 0})
	solvetest.BadInput(t, func() solve.Solver { return eternity.NewBreaks() },
		solvetest.BadCase{Name: "nil option", Solver: eternity.NewBreaks(nil), WantStatus: ends},
		solvetest.BadCase{Name: "NaN lead", Solver: eternity.NewBreaks(eternity.BreaksAuto(math.NaN(), 0.3)),
			WantIn: []string{"BreaksAuto", "lead NaN"}},
		solvetest.BadCase{Name: "negative lead", Solver: eternity.NewBreaks(eternity.BreaksAuto(-0.1, 0.3)),
			WantIn: []string{"BreaksAuto", "lead -0.1"}},
		solvetest.BadCase{Name: "rate above 1", Solver: eternity.NewBreaks(eternity.BreaksAuto(0, 2)),
			WantIn: []string{"BreaksAuto", "rate 2"}},
		solvetest.BadCase{Name: "infinite rate", Solver: eternity.NewBreaks(eternity.BreaksAuto(0, math.Inf(1))),
			WantIn: []string{"BreaksAuto", "rate +Inf"}},
		solvetest.BadCase{Name: "no breaks after the probe", Solver: eternity.NewBreaks(eternity.BreaksAuto(1, 0)), WantStatus: ends},
		solvetest.BadCase{Name: "NaN start", Solver: eternity.NewBreaks(eternity.BreaksSchedule(math.NaN(), 1, 3)),
			WantIn: []string{"BreaksSchedule", "start NaN"}},
		solvetest.BadCase{Name: "start above 1", Solver: eternity.NewBreaks(eternity.BreaksSchedule(1.5, 1, 3)),
			WantIn: []string{"BreaksSchedule", "start 1.5"}},
		solvetest.BadCase{Name: "negative end", Solver: eternity.NewBreaks(eternity.BreaksSchedule(0, -0.5, 3)),
			WantIn: []string{"BreaksSchedule", "end -0.5"}},
		solvetest.BadCase{Name: "end before start", Solver: eternity.NewBreaks(eternity.BreaksSchedule(0.8, 0.6, 3)),
			WantIn: []string{"BreaksSchedule", "end 0.6", "start 0.8"}},
		solvetest.BadCase{Name: "negative total", Solver: eternity.NewBreaks(eternity.BreaksSchedule(0.5, 1, -3)),
			WantIn: []string{"BreaksSchedule", "-3"}},
		solvetest.BadCase{Name: "no breaks at all", Solver: eternity.NewBreaks(eternity.BreaksSchedule(1, 1, 0)), WantStatus: ends},
		solvetest.BadCase{Name: "no break a placement", Solver: eternity.NewBreaks(eternity.BreaksPerPlacement(0)),
			WantIn: []string{"BreaksPerPlacement", "0"}},
		solvetest.BadCase{Name: "five breaks a placement", Solver: eternity.NewBreaks(eternity.BreaksPerPlacement(5)),
			WantIn: []string{"BreaksPerPlacement", "5"}},
		solvetest.BadCase{Name: "empty restart", Solver: eternity.NewBreaks(eternity.BreaksRestart(0)),
			WantIn: []string{"BreaksRestart", "0"}},
		solvetest.BadCase{Name: "negative growth", Solver: eternity.NewBreaks(eternity.BreaksRestartGrowth(-0.5)),
			WantIn: []string{"BreaksRestartGrowth", "-0.5"}},
		solvetest.BadCase{Name: "NaN growth", Solver: eternity.NewBreaks(eternity.BreaksRestartGrowth(math.NaN())),
			WantIn: []string{"BreaksRestartGrowth", "NaN"}},
		solvetest.BadCase{Name: "negative chunk", Solver: eternity.NewBreaks(eternity.BreaksChunk(-1)),
			WantIn: []string{"BreaksChunk", "-1"}},
		solvetest.BadCase{Name: "polish of the whole budget", Solver: eternity.NewBreaks(eternity.BreaksPolish(1)),
			WantIn: []string{"BreaksPolish", "share 1"}},
		solvetest.BadCase{Name: "negative polish", Solver: eternity.NewBreaks(eternity.BreaksPolish(-0.2)),
			WantIn: []string{"BreaksPolish", "-0.2"}},
		solvetest.BadCase{Name: "NaN polish", Solver: eternity.NewBreaks(eternity.BreaksPolish(math.NaN())),
			WantIn: []string{"BreaksPolish", "NaN"}},
		solvetest.BadCase{Name: "polish of nearly all", Solver: eternity.NewBreaks(eternity.BreaksPolish(0.9999)), WantStatus: ends},
		solvetest.BadCase{Name: "negative tail", Solver: eternity.NewBreaks(eternity.BreaksTail(-2)),
			WantIn: []string{"BreaksTail", "-2"}},
		// The first bad option is the one named.
		solvetest.BadCase{Name: "two bad options", Solver: eternity.NewBreaks(eternity.BreaksTail(-2), eternity.BreaksRestart(0)),
			WantIn: []string{"BreaksTail"}},
		solvetest.BadCase{Name: "tail longer than the board", Solver: eternity.NewBreaks(eternity.BreaksTail(1 << 40)), WantStatus: ends},
		solvetest.BadCase{Name: "huge restart and chunk", Solver: eternity.NewBreaks(eternity.BreaksRestart(math.MaxInt64), eternity.BreaksChunk(math.MaxInt64)),
			WantStatus: ends},
		solvetest.BadCase{Name: "scorer other than the labels", Scorer: weighted{}, WantIn: []string{"Breaks", "eternity_test.weighted"}},
		solvetest.BadCase{Name: "holes", Problem: holes, WantStatus: ends},
		// A warm start is valid input; the search builds its own boards.
		solvetest.BadCase{Name: "initial board", Opts: []solve.Option{solve.WithInitial(sol)}, WantStatus: ends},
	)
}

// weighted is a scorer that is not the puzzle's labels.
type weighted struct{}

func (weighted) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return 0.5 }

var _ edge.Scorer = weighted{}
