package sa

import (
	"context"
	"fmt"
	"math"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// Reheat says which board a cycle after the first starts from.
type Reheat uint8

const (
	// FromCurrent goes on from the board the last cycle ended on, as the
	// thesis does (seed 000 L7501-7531).
	FromCurrent Reheat = iota
	// FromBest goes back to the best board found so far.
	FromBest
	// FromRandom deals a fresh random board, a restart counted in
	// Stats.Restarts.
	FromRandom
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (r Reheat) String() string {
	switch r {
	case FromCurrent:
		return "from current"
	case FromBest:
		return "from best"
	case FromRandom:
		return "from random"
	}
	return fmt.Sprintf("Reheat(%d)", uint8(r))
}

// Trace describes one finished temperature step, for WithTrace.
type Trace struct {
	// Cycle and Step number the step from 0: Step within its cycle.
	Cycle, Step int
	// Temperature is the temperature the step ran at.
	Temperature float64
	// Trials and Accepted count the moves tried and accepted.
	Trials, Accepted int
	// From and Cost are the costs of the board at the start and at the
	// end of the step.
	From, Cost float64
}

// Option configures a Solver.
type Option func(*Solver)

// WithSchedule sets the cooling schedule. Default: ThesisSchedule().
func WithSchedule(s Schedule) Option { return func(sv *Solver) { sv.sched = s } }

// WithMoves sets the mix of moves. Default: ThesisMoves().
func WithMoves(m Moves) Option { return func(sv *Solver) { sv.moves = m } }

// WithMaxCycles ends the run, with status solve.Done, after n cycles of
// the schedule. n <= 0 reheats without end, as the thesis does until its
// board is perfect: bound such a run by the context or by
// solve.WithMaxIterations. Default: 0, unbounded.
func WithMaxCycles(n int) Option { return func(sv *Solver) { sv.cycles = max(n, 0) } }

// WithReheat sets the board each cycle after the first starts from; its
// temperature is the schedule's start. Default: FromCurrent.
func WithReheat(r Reheat) Option { return func(sv *Solver) { sv.reheat = r } }

// WithTrace calls f after every temperature step, on the solving
// goroutine, to follow the schedule; a Solver that several goroutines use
// at once calls f from each. Default: none.
func WithTrace(f func(Trace)) Option { return func(sv *Solver) { sv.trace = f } }

// Thesis configures the solver as the thesis's annealer (seed 000, Ch. 3
// L2242-2727, App. 5 L7322-7808): ThesisSchedule, ThesisMoves, cycles
// without end from the current board until the board is perfect.
func Thesis() Option {
	return func(sv *Solver) {
		sv.sched, sv.moves, sv.cycles, sv.reheat = ThesisSchedule(), ThesisMoves(), 0, FromCurrent
	}
}

// Eternity configures the solver as seed 001's annealer (§4.2.2, Fig. 18,
// §5.1.2): EternitySchedule, EternityMoves, one cycle of 500 steps, after
// which the run ends with status solve.Done.
func Eternity() Option {
	return func(sv *Solver) {
		sv.sched, sv.moves, sv.cycles, sv.reheat = EternitySchedule(), EternityMoves(), 1, FromCurrent
	}
}

// Strong configures the solver with this package's own settings for large
// edge-matching puzzles: StrongSchedule and StrongMoves, reheating without
// end from the best board found so far.
func Strong() Option {
	return func(sv *Solver) {
		sv.sched, sv.moves, sv.cycles, sv.reheat = StrongSchedule(), StrongMoves(), 0, FromBest
	}
}

// Solver is a simulated annealer: from a random deal (or the run's
// solve.WithInitial board) it tries random moves, accepts every move that
// does not raise the cost and one that raises it by delta with probability
// exp(-delta/T) (Metropolis), and lowers the temperature T step by step
// as its Schedule says.
//
// Stats.Iterations counts the moves tried, Stats.Evaluations the prices
// of moves worked out (one per move, seven for a SwapTurn, none for a
// trial that changes nothing) and the boards priced whole, and
// Stats.Restarts the fresh deals of FromRandom.
//
// A Solver is immutable and may be used by several goroutines at once.
type Solver struct {
	sched  Schedule
	moves  Moves
	cycles int
	reheat Reheat
	trace  func(Trace)
}

// New returns an annealer, the thesis's unless opts say otherwise.
func New(opts ...Option) *Solver {
	sv := &Solver{}
	Thesis()(sv)
	for _, o := range opts {
		if o != nil {
			o(sv)
		}
	}
	return sv
}

var _ solve.Solver = (*Solver)(nil)

// Solve anneals p. A run without a bound on cycles ends only when the board
// reaches the target, or by the context, an observer or the run's budget.
func (sv *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if err := sv.sched.validate(); err != nil {
		return nil, err
	}
	if err := sv.moves.validate(); err != nil {
		return nil, err
	}
	if sv.reheat > FromRandom {
		return nil, fmt.Errorf("sa: unknown reheat %v", sv.reheat)
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	l, s, err := local.Begin(run)
	if err != nil {
		return nil, err
	}
	run.Stats.Evaluations++
	tr := local.NewTracker(run)
	if !tr.Offer(s) || run.Done() || len(l.Free) == 0 {
		return run.Finish(solve.Done)
	}
	a := &annealer{
		sv: sv, run: run, s: s, tr: tr, free: l.Free,
		mix: newMixer(sv.moves, l.Rotatable), cost: s.Cost(),
	}
	a.rng.state = run.Rand().Uint64()
	if sv.reheat == FromBest {
		a.best, a.bestCost = s.Clone(), tr.Best()
	}
	a.anneal()
	run.Stats.Evaluations += a.evals
	return run.Finish(solve.Done)
}

// annealer is one run's search.
type annealer struct {
	sv   *Solver
	run  *solve.Run
	s    *local.State
	tr   *local.Tracker
	rng  wyrand
	free []int
	mix  mixer

	// cost is the board's cost, kept by the moves (see put).
	cost float64
	// temp is the temperature; k is the schedule's K.
	temp, k float64
	// expDelta caches exp(-d/temp) for the whole deltas d = 1..len-1 of
	// 0/1 scorers, refreshed whenever temp changes.
	expDelta [9]float64
	evals    int64

	// best is the best board so far, kept for FromBest.
	best     *local.State
	bestCost float64
}

// anneal runs cycles until the schedule, the target or the run ends them.
func (a *annealer) anneal() {
	sc := a.sv.sched
	a.k = sc.K
	for cycle := 0; a.sv.cycles == 0 || cycle < a.sv.cycles; cycle++ {
		if cycle > 0 {
			switch a.sv.reheat {
			case FromBest:
				a.s.CopyFrom(a.best)
			case FromRandom:
				a.s.Shuffle(a.run.Rand())
				a.run.Stats.Restarts++
			}
		}
		a.setTemp(sc.start(a.sync(), len(a.s.L.FreePieces)))
		if a.improved() {
			return
		}
		for step := range sc.Steps {
			first := a.cost
			accepted, trials := 0, 0
			for trials < sc.Trials {
				if !a.run.Step() {
					return
				}
				trials++
				ok, stop := a.try()
				if stop {
					return
				}
				if ok {
					accepted++
					if sc.Accepts > 0 && accepted > sc.Accepts {
						break
					}
				}
			}
			// Incremental float costs drift: price the board afresh
			// once a step.
			last := a.sync()
			if a.sv.trace != nil {
				a.sv.trace(Trace{Cycle: cycle, Step: step, Temperature: a.temp, Trials: trials, Accepted: accepted, From: first, Cost: last})
			}
			if sc.Frozen && accepted == 0 {
				break
			}
			if !(sc.HoldOnImprove && last < first) {
				a.setTemp(a.temp * sc.Factor)
			}
		}
	}
}

// setTemp sets the temperature and refreshes the cache of acceptance
// probabilities.
func (a *annealer) setTemp(t float64) {
	a.temp = t
	for d := 1; d < len(a.expDelta); d++ {
		a.expDelta[d] = a.metropolis(float64(d))
	}
}

// metropolis returns exp(-d/temp), 0 at temperature 0.
func (a *annealer) metropolis(d float64) float64 {
	if !(a.temp > 0) {
		return 0
	}
	return math.Exp(-d / a.temp)
}

// accept applies the acceptance rule to a move that changes the cost by
// d, from a board that cost before.
func (a *annealer) accept(d, before float64) bool {
	if d <= 0 {
		return true
	}
	var p float64
	switch {
	case a.k > 0:
		if !(before > 0) {
			return false
		}
		p = a.metropolis(d / (before * a.k))
	case d < float64(len(a.expDelta)) && d == math.Trunc(d):
		p = a.expDelta[int(d)]
	default:
		p = a.metropolis(d)
	}
	return a.rng.Float64() < p
}
