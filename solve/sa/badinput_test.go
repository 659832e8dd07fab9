package sa_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/sa"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBadInput gives the solver every mistake a caller can make in the
// problem and the run options (solvetest.BadInput) and then in the method's
// own options: each is refused with an error naming what is wrong, or ends
// the run normally where the contract says so.
func TestBadInput(t *testing.T) {
	ends := solvetest.Ends
	solvetest.BadInput(t, func() solve.Solver { return sa.New() },
		solvetest.BadCase{Name: "nil option", Solver: sa.New(nil), WantStatus: ends},
		solvetest.BadCase{Name: "NaN T0", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.T0 = math.NaN() }))), WantIn: []string{"T0", "NaN"}},
		solvetest.BadCase{Name: "infinite T0", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.T0 = math.Inf(1) }))), WantIn: []string{"T0", "+Inf"}},
		solvetest.BadCase{Name: "negative T0", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.T0 = -1 }))), WantIn: []string{"T0", "-1"}},
		solvetest.BadCase{Name: "zero factor", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Factor = 0 }))), WantIn: []string{"Factor", "0"}},
		solvetest.BadCase{Name: "factor above 1", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Factor = 1.5 }))), WantIn: []string{"Factor", "1.5"}},
		solvetest.BadCase{Name: "NaN factor", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Factor = math.NaN() }))), WantIn: []string{"Factor", "NaN"}},
		solvetest.BadCase{Name: "zero steps", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Steps = 0 }))), WantIn: []string{"Steps", "0"}},
		solvetest.BadCase{Name: "negative trials", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Trials = -5 }))), WantIn: []string{"Trials", "-5"}},
		solvetest.BadCase{Name: "negative accepts", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Accepts = -1 }))), WantIn: []string{"Accepts", "-1"}},
		solvetest.BadCase{Name: "NaN K", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.K = math.NaN() }))), WantIn: []string{"K", "NaN"}},
		solvetest.BadCase{Name: "unknown start rule", Solver: sa.New(sa.WithSchedule(sched(func(s *sa.Schedule) { s.Start = 9 }))), WantIn: []string{"start rule"}},
		solvetest.BadCase{Name: "zero schedule", Solver: sa.New(sa.WithSchedule(sa.Schedule{})), WantIn: []string{"Factor"}},
		solvetest.BadCase{Name: "every move weight 0", Solver: sa.New(sa.WithMoves(sa.Moves{})), WantIn: []string{"every move weight is 0"}},
		solvetest.BadCase{Name: "NaN move weight", Solver: sa.New(sa.WithMoves(sa.Moves{Swap: 1, Lines: math.NaN()})), WantIn: []string{"Lines", "NaN"}},
		solvetest.BadCase{Name: "infinite move weight", Solver: sa.New(sa.WithMoves(sa.Moves{Swap: math.Inf(1)})), WantIn: []string{"Swap", "+Inf"}},
		solvetest.BadCase{Name: "negative move weight", Solver: sa.New(sa.WithMoves(sa.Moves{Swap: 1, Turn: -1})), WantIn: []string{"Turn", "-1"}},
		solvetest.BadCase{Name: "independent move probability above 1", Solver: sa.New(sa.WithMoves(sa.Moves{Independent: true, Turn: 2})), WantIn: []string{"Turn 2"}},
		solvetest.BadCase{Name: "independent moves with block moves", Solver: sa.New(sa.WithMoves(sa.Moves{Independent: true, Swap: 0.5, Blocks: 1})), WantIn: []string{"Blocks 1"}},
		solvetest.BadCase{Name: "unknown reheat", Solver: sa.New(sa.WithReheat(7)), WantIn: []string{"reheat"}},
		solvetest.BadCase{Name: "negative cycles mean no bound", Solver: sa.New(sa.WithMaxCycles(-4)), WantStatus: ends},
		solvetest.BadCase{Name: "scorer pricing NaN", Scorer: nanScorer{}, WantStatus: ends},
	)
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }

// sched returns the thesis's schedule with one mistake made by edit.
func sched(edit func(*sa.Schedule)) sa.Schedule {
	s := sa.ThesisSchedule()
	edit(&s)
	return s
}
