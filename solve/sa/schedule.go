package sa

import (
	"fmt"
	"math"
)

// StartRule says how each cycle's first temperature is set.
type StartRule uint8

const (
	// FixedStart starts every cycle at Schedule.T0, whatever the board
	// costs. The temperature is then in the units of the problem's
	// scorer: T0 = 1 suits label puzzles, whose joins cost 0 or 1.
	FixedStart StartRule = iota
	// CostStart starts every cycle at T0 times the cost of the board the
	// cycle starts from: the thesis's code (T0 = 1). The rule is free of
	// the scorer's units, and a reheat from a better board is cooler.
	CostStart
	// CostPerPieceStart starts every cycle at T0 times the cost of the
	// board divided by the number of pieces that move: the thesis's
	// prose.
	CostPerPieceStart
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (r StartRule) String() string {
	switch r {
	case FixedStart:
		return "fixed"
	case CostStart:
		return "cost"
	case CostPerPieceStart:
		return "cost per piece"
	}
	return fmt.Sprintf("StartRule(%d)", uint8(r))
}

// Schedule is a cooling schedule: how hot each cycle starts, how it cools,
// and how long it stays at each temperature. A cycle is a run of
// temperature steps; after the last, the solver reheats and starts the
// next cycle (see WithMaxCycles and WithReheat). Schedules are plain
// values: copy a preset and change a field to vary it.
type Schedule struct {
	// Start and T0 set each cycle's first temperature (see StartRule).
	Start StartRule
	T0    float64 // a temperature, or a multiplier of the cost, as Start says
	// Factor multiplies the temperature after each step: geometric
	// cooling. It lies in (0, 1]; 1 anneals at one temperature.
	Factor float64
	// Steps is the number of temperature steps per cycle.
	Steps int
	// Trials is the number of moves tried at each temperature.
	Trials int
	// Accepts ends a step early, once more than Accepts moves were
	// accepted at it; 0 never ends a step early.
	Accepts int
	// Frozen ends a cycle early after a step that accepted no move.
	Frozen bool
	// HoldOnImprove keeps the temperature after a step that lowered the
	// cost (its last board costs less than its first): the next step
	// runs at the same temperature instead of a cooler one.
	HoldOnImprove bool
	// K, when positive, makes the acceptance relative, as in Skiena's
	// annealing code: a move that raises the cost by delta is accepted
	// with probability exp(-(delta/cost)/(K·T)), cost being the board's
	// cost before the move. 0 is plain Metropolis, exp(-delta/T).
	K float64
}

// ThesisSchedule is the thesis's schedule (seed 000, App. 5 L7340-7346
// and the annealing and simulate procedures L7443-7531; prose
// L2600-2632):
// each cycle starts at the cost of the current board, cools geometrically
// by 0.75 over at most 20 steps of 1,400 trials, goes on to the next step
// after more than 800 accepted moves ("goodswap > glimit"), and ends early
// when a step accepts nothing. The temperature falls only after a step
// that accepted a move: the code leaves the loop instead.
//
// Where the seed disagrees with itself: the prose starts at the cost
// divided by the number of pieces (L2579-2580, L2618-2620), the code at
// the cost itself, under a comment that says "divided by number of slots"
// (L7513-7514). The preset follows the code; ThesisPerPieceSchedule is
// the prose's. The prose also calls the cooling "linear" (L2560-2564),
// while the code multiplies by 0.75 (L7526): the preset is geometric, as
// the code is.
//
// The thesis's cost (L7712-7801) counts each mismatched join twice, once
// from each of its pieces, and prices no rim; here the cost is the
// problem's scorer's. Since each cycle starts at the cost itself, doubling
// the cost doubles the temperature and every delta alike and leaves the
// acceptance unchanged; the rim term, which edge.Labels adds, is new.
func ThesisSchedule() Schedule {
	return Schedule{Start: CostStart, T0: 1, Factor: 0.75, Steps: 20, Trials: 1400, Accepts: 800, Frozen: true}
}

// ThesisPerPieceSchedule is ThesisSchedule started, as the thesis's prose
// says (seed 000 L2579-2580, L2618-2620), at the cost of the board divided
// by the number of pieces.
func ThesisPerPieceSchedule() Schedule {
	s := ThesisSchedule()
	s.Start = CostPerPieceStart
	return s
}

// EternitySchedule is the Eternity II thesis's schedule (seed 001 §4.2.2,
// Fig. 18, §5.1.2): T0 = 1, 500 cooling steps of 1,000 moves, the
// temperature multiplied by 0.9 after each step unless the step raised the
// score. It runs one cycle.
//
// Fig. 18 lowers the temperature at the top of each step and raises it
// back at the bottom of a step that raised the score; the first step thus
// runs at 0.9. The preset runs its first step at the stated T0 = 1 and
// lowers after each step that did not raise the score, which is the same
// rule one step earlier. The seed maximises matched edges out of 544; the
// preset minimises the scorer's cost, which for edge.Labels on a puzzle
// whose rim sides are flat is 544 minus that score on 16×16, so the
// deltas are the same.
func EternitySchedule() Schedule {
	return Schedule{Start: FixedStart, T0: 1, Factor: 0.9, Steps: 500, Trials: 1000, HoldOnImprove: true}
}

// SkienaSchedule is EternitySchedule with the two constants of Skiena's
// annealing code that seed 001 left out: a cooling fraction of 0.97
// instead of 0.9, and the acceptance exp(-(delta/cost)/(K·T)) with
// K = 0.01.
func SkienaSchedule() Schedule {
	s := EternitySchedule()
	s.Factor = 0.97
	s.K = 0.01
	return s
}

// StrongSchedule is a schedule of this package's own, not a seed's, for
// edge-matching puzzles of a few hundred pieces priced 0 or 1 per join:
// each cycle cools from T0 = 0.8 by 0.99 over 300 steps of 100,000 moves,
// to about 0.04, where a move that costs one more join passes once in
// some 10^11 tries; with unbounded cycles the solver then reheats. On a
// 16×16 Eternity-style puzzle a cycle is 30 million moves, a few seconds;
// slower cooling did better per move than faster cooling with more
// reheats. It pairs with StrongMoves.
func StrongSchedule() Schedule {
	return Schedule{Start: FixedStart, T0: 0.8, Factor: 0.99, Steps: 300, Trials: 100000}
}

// validate reports what is wrong with s.
func (s Schedule) validate() error {
	switch {
	case s.Start > CostPerPieceStart:
		return fmt.Errorf("sa: unknown start rule %v", s.Start)
	case !(s.T0 >= 0) || math.IsInf(s.T0, 1):
		return fmt.Errorf("sa: schedule T0 is %v: it must be finite and at least 0", s.T0)
	case !(s.Factor > 0 && s.Factor <= 1):
		return fmt.Errorf("sa: schedule Factor is %v: it must lie in (0, 1]", s.Factor)
	case s.Steps < 1:
		return fmt.Errorf("sa: schedule Steps is %d: a cycle needs at least one step", s.Steps)
	case s.Trials < 1:
		return fmt.Errorf("sa: schedule Trials is %d: a step needs at least one trial", s.Trials)
	case s.Accepts < 0:
		return fmt.Errorf("sa: schedule Accepts is %d: it must be at least 0", s.Accepts)
	case !(s.K >= 0) || math.IsInf(s.K, 1):
		return fmt.Errorf("sa: schedule K is %v: it must be finite and at least 0", s.K)
	}
	return nil
}

// start returns the first temperature of a cycle from a board of the given
// cost with the given number of movable pieces.
func (s Schedule) start(cost float64, pieces int) float64 {
	switch s.Start {
	case CostStart:
		return s.T0 * cost
	case CostPerPieceStart:
		return s.T0 * cost / float64(max(pieces, 1))
	}
	return s.T0
}
