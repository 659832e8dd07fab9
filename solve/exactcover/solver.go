package exactcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"time"

	"github.com/reassemble/jigsaw/solve"
)

// Choice is the rule that picks the primary item to branch on.
type Choice uint8

const (
	// MRV branches on the primary item with the fewest remaining options
	// (minimum remaining values), the first such in item order, as
	// Knuth's DLX1 does; an item with none ends the node at once.
	MRV Choice = iota
	// Leftmost branches on the first primary item still to cover, in
	// item order, whatever its options: Algorithm X without a heuristic,
	// for comparison. It can be very much slower.
	Leftmost
)

// String returns a short name for reports, benchmark and subtest names,
// "MRV" in capitals as Knuth writes it; an unknown value shows its number.
func (c Choice) String() string {
	switch c {
	case MRV:
		return "MRV"
	case Leftmost:
		return "leftmost"
	}
	return fmt.Sprintf("Choice(%d)", uint8(c))
}

// Engine is the data structure the search runs on. Both run the same
// search — the same items chosen, the same options tried in the same
// order, the same node and update counts — and differ only in speed.
type Engine uint8

const (
	// Bitsets keeps the active options as a bitset: covering an item
	// clears its options' bits, a word at a time, and an item's count
	// of options is a popcount. Memory: about 16 bytes per element of
	// the options, and up to 8 MB of conflict masks for problems
	// without colours.
	Bitsets Engine = iota
	// DancingLinks is Knuth's DLX1/DLX2 structure: doubly linked item
	// lists of option nodes, unlinked and relinked in place. It is the
	// reference the bitset engine is tested against, uses 16 bytes per
	// element, and can be the faster where nodes do little work, as in
	// tiling with dominoes (by about a third); it is about four times
	// slower on pentomino packings.
	DancingLinks
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (e Engine) String() string {
	switch e {
	case Bitsets:
		return "bitsets"
	case DancingLinks:
		return "dancing links"
	}
	return fmt.Sprintf("Engine(%d)", uint8(e))
}

// Solver runs Algorithm X on exact-cover problems. A Solver is immutable
// and may be used by several goroutines at once. The search is
// deterministic: the same problem and options give the same solutions in
// the same order and the same counts, so the run's seed is not used.
//
// The run options of package solve apply: WithObserver (events with Board
// nil, Stats.Nodes and Stats.Iterations both the node count, Cost 0 once a
// solution was found and +Inf before), WithProgressEvery (in nodes) and
// WithMaxIterations (in nodes: the search visits at most that many and ends
// with status IterationLimit if it needed more). The context is polled
// every 1024 nodes, every 2^18 updates and every 1024 solutions, so a
// cancelled run returns within milliseconds.
type Solver struct {
	choice Choice
	engine Engine
}

// New returns a solver.
func New(opts ...Option) *Solver {
	s := &Solver{}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

// Option configures a Solver.
type Option func(*Solver)

// WithChoice sets the branching rule. Default: MRV.
func WithChoice(c Choice) Option { return func(s *Solver) { s.choice = c } }

// WithEngine sets the data structure the search runs on. Default: Bitsets.
func WithEngine(e Engine) Option { return func(s *Solver) { s.engine = e } }

// Stats counts work as Knuth's programs do, so counts compare exactly with
// DLX1 (and, for problems with colours, DLX2) run on the same .dlx input:
// Updates equals theirs, and Nodes plus the number of solutions equals
// their node count (they count the option completing a solution as a node
// too).
type Stats struct {
	// Nodes counts the nodes of the search tree: the root and every
	// option tried that did not complete a solution. DLX1 and DLX2
	// report Nodes plus the solutions found.
	Nodes int64
	// Updates counts the items unlinked by cover and the option nodes
	// unlinked from item lists by cover and purify, as DLX1 and DLX2
	// count them.
	Updates int64
	// Runtime is the wall-clock time of the run, including building the
	// engine's tables.
	Runtime time.Duration
}

// Count is the outcome of counting.
type Count struct {
	// Solutions counts the solutions found; it is complete only when
	// Status is solve.Exhausted.
	Solutions int64
	// Status says why the count ended.
	Status solve.Status
	// Stats counts the work done.
	Stats Stats
}

// Solve finds the first solution: the indices of the chosen options, in
// the order chosen. The status is solve.Solved with the solution,
// solve.Exhausted when there is none, or solve.Canceled,
// solve.IterationLimit or solve.Stopped when the run ended first, with a
// nil solution. The error is non-nil only for a nil or zero problem, an
// unknown Engine or Choice, or an observer's error other than
// solve.ErrStop.
//
// A problem without primary items has one solution, the empty one.
func (s *Solver) Solve(ctx context.Context, p *Problem, opts ...solve.Option) ([]int, solve.Status, Stats, error) {
	r, err := s.begin(ctx, p, opts)
	if err != nil {
		return nil, 0, Stats{}, err
	}
	var sol []int
	r.run(func(level int) bool {
		sol = r.d.solution(level)
		r.end(solve.Solved)
		return false
	})
	st, err := r.finish()
	return sol, r.status, st, err
}

// All yields every solution lazily, in search order, each as a fresh slice
// of option indices in the order chosen. It starts no goroutine: the search
// runs inside the loop. Breaking out of the loop ends the search (the
// observer sees status solve.Stopped). The context ending, a nil or zero
// problem, an unknown Engine or Choice or an observer's error yields a
// final (nil, err); an iteration limit or an observer's solve.ErrStop ends
// the sequence silently.
func (s *Solver) All(ctx context.Context, p *Problem, opts ...solve.Option) iter.Seq2[[]int, error] {
	return func(yield func([]int, error) bool) {
		r, err := s.begin(ctx, p, opts)
		if err != nil {
			yield(nil, err)
			return
		}
		broke := false
		r.run(func(level int) bool {
			if !yield(r.d.solution(level), nil) {
				broke = true
				r.end(solve.Stopped)
				return false
			}
			return true
		})
		_, err = r.finish()
		if broke {
			return
		}
		switch {
		case err != nil:
			yield(nil, err)
		case r.status == solve.Canceled:
			yield(nil, context.Cause(r.ctx))
		}
	}
}

// Count counts solutions without materialising them. The count is complete
// when Status is solve.Exhausted; a run ended early by the context, the
// iteration limit or an observer returns the count so far with a nil
// error, except that an observer's own error (other than solve.ErrStop) is
// returned.
func (s *Solver) Count(ctx context.Context, p *Problem, opts ...solve.Option) (Count, error) {
	r, err := s.begin(ctx, p, opts)
	if err != nil {
		return Count{}, err
	}
	r.run(nil)
	st, err := r.finish()
	return Count{Solutions: r.c.solutions, Status: r.status, Stats: st}, err
}

// ErrNilProblem is returned for a nil *Problem.
var ErrNilProblem = errors.New("exactcover: nil problem")

// How often the search stops to poll the context: a node of a large
// problem may do many updates, and a problem with many solutions may visit
// them with few nodes between.
const (
	pollNodes     = 1 << 10
	pollUpdates   = 1 << 18
	pollSolutions = 1 << 10
	pollScanned   = 1 << 20
)

// runner carries a run's settings and book-keeping around the engine.
type runner struct {
	ctx      context.Context
	settings solve.Settings
	start    time.Time
	d        engine
	c        *counters // d's counters
	t        thresholds
	// nextPoll and nextReport are the node counts of the next context
	// poll and Progress event.
	nextPoll, nextReport int64
	status               solve.Status
	err                  error
}

// begin resolves the options, builds the engine and sends Started.
func (s *Solver) begin(ctx context.Context, p *Problem, opts []solve.Option) (*runner, error) {
	if p == nil {
		return nil, ErrNilProblem
	}
	if p.start == nil {
		// A Problem literal has no option table to search.
		return nil, errors.New("exactcover: a zero Problem: make it with NewProblem or ReadDLX")
	}
	if s.engine > DancingLinks {
		return nil, fmt.Errorf("exactcover: unknown %v: want Bitsets or DancingLinks", s.engine)
	}
	if s.choice > Leftmost {
		return nil, fmt.Errorf("exactcover: unknown %v: want MRV or Leftmost", s.choice)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	r := &runner{
		ctx:      ctx,
		settings: solve.NewSettings(opts...),
		start:    time.Now(),
	}
	switch {
	case ctx.Err() != nil:
		// Ended before it began: building the engine's tables, which
		// takes time in proportion to the problem, would only delay
		// the answer.
		r.d = idle{&counters{}}
	case s.engine == DancingLinks:
		r.d = newDancer(p.compact(), s.choice == Leftmost)
	default:
		r.d = newBitsEngine(p.compact(), s.choice == Leftmost)
	}
	r.c = r.d.count()
	r.nextPoll = pollNodes
	r.nextReport = r.settings.ProgressEvery
	r.t = thresholds{updates: pollUpdates, solutions: pollSolutions, scanned: pollScanned}
	r.setNodeThreshold()
	if err := r.emit(solve.Started); err != nil && !errors.Is(err, solve.ErrStop) {
		return nil, err
	}
	if r.status == 0 && ctx.Err() != nil {
		r.end(solve.Canceled)
	}
	return r, nil
}

// run searches unless the run has already ended.
func (r *runner) run(visit visitor) {
	if r.status != 0 {
		return
	}
	if r.d.search(&r.t, r.check, visit) {
		r.end(solve.Exhausted)
	}
}

// check is the search's hook: before a node (atNode) it enforces the node
// budget; it polls the context and sends Progress events, and reports
// whether the search may go on.
func (r *runner) check(atNode bool) bool {
	d := r.c
	if r.status != 0 {
		return false
	}
	if limit := r.settings.MaxIterations; atNode && limit > 0 && d.nodes >= limit {
		r.end(solve.IterationLimit)
		return false
	}
	if d.nodes >= r.nextPoll || d.updates >= r.t.updates || d.solutions >= r.t.solutions || d.scanned >= r.t.scanned {
		if r.ctx.Err() != nil {
			r.end(solve.Canceled)
			return false
		}
		for r.nextPoll <= d.nodes {
			r.nextPoll += pollNodes
		}
		r.t.updates = d.updates + pollUpdates
		r.t.scanned = d.scanned + pollScanned
		r.t.solutions = d.solutions + pollSolutions
	}
	if d.nodes >= r.nextReport {
		for r.nextReport <= d.nodes {
			r.nextReport += r.settings.ProgressEvery
		}
		if r.emit(solve.Progress) != nil {
			return false
		}
	}
	r.setNodeThreshold()
	return true
}

// setNodeThreshold sets the node count of the next check: the next poll,
// report or the budget, whichever comes first.
func (r *runner) setNodeThreshold() {
	t := min(r.nextPoll, r.nextReport)
	if limit := r.settings.MaxIterations; limit > 0 {
		t = min(t, limit)
	}
	r.t.nodes = t
}

// end ends the run with status s unless it has already ended.
func (r *runner) end(s solve.Status) {
	if r.status == 0 {
		r.status = s
	}
}

// stats returns the counters so far.
func (r *runner) stats() Stats {
	return Stats{Nodes: r.c.nodes, Updates: r.c.updates, Runtime: time.Since(r.start)}
}

// finish sends Finished and returns the stats and the error to report.
func (r *runner) finish() (Stats, error) {
	if r.status == 0 {
		r.status = solve.Exhausted
	}
	st := r.stats()
	if err := r.emit(solve.Finished); err != nil && r.err == nil && !errors.Is(err, solve.ErrStop) {
		r.err = err
	}
	return st, r.err
}

// emit sends an event. An observer's ErrStop ends the run as Stopped; any
// other error ends it too and is kept for finish.
func (r *runner) emit(k solve.EventKind) error {
	o := r.settings.Observer
	if o == nil {
		return nil
	}
	st := r.stats()
	cost := math.Inf(1)
	if r.c.solutions > 0 {
		cost = 0
	}
	ev := solve.Event{
		Kind:  k,
		Cost:  cost,
		Stats: solve.Stats{Iterations: st.Nodes, Nodes: st.Nodes, Runtime: st.Runtime},
	}
	if k == solve.Finished {
		ev.Status = r.status
	}
	err := o(ev)
	if err == nil || k == solve.Finished {
		return err
	}
	r.end(solve.Stopped)
	if !errors.Is(err, solve.ErrStop) && r.err == nil {
		r.err = err
	}
	return err
}
