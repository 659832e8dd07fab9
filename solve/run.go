package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// EventKind names a point in a run.
type EventKind uint8

const (
	// Started: the run has checked its input and begins.
	Started EventKind = iota + 1
	// Improved: a board better than every earlier one was found.
	Improved
	// Progress: another Settings.ProgressEvery iterations were done.
	Progress
	// Finished: the run ends; Status says why.
	Finished
)

// String returns the kind in lower case, so that a progress log reads
// "improved" rather than a number.
func (k EventKind) String() string {
	switch k {
	case Started:
		return "started"
	case Improved:
		return "improved"
	case Progress:
		return "progress"
	case Finished:
		return "finished"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event reports a run's progress to an observer.
type Event struct {
	// Kind says which of the other fields hold news: an observer usually
	// switches on it.
	Kind EventKind
	// Cost is the best cost so far, +Inf before any board was scored.
	Cost float64
	// Board is the best board so far, or nil. It belongs to the solver and
	// is valid only during the call: Clone it to keep it.
	Board *puzzle.Board
	// Stats counts the work done so far.
	Stats Stats
	// Status is why the run ended, in Finished events only.
	Status Status
}

// Observer receives a run's events synchronously, on the solver's
// goroutine. Returning ErrStop ends the run normally with status Stopped;
// any other error ends it and Solve returns that error.
type Observer func(Event) error

// Run carries the book-keeping every solver shares: the settings, the one
// random source, the counters, the best board and why the run ends. A
// solver calls Start, then Step once per iteration and Offer for each
// complete board it scores, and returns Finish. Run is not safe for
// concurrent use: workers report to the solver's goroutine.
type Run struct {
	ctx      context.Context
	problem  Problem
	settings Settings
	rng      *rand.Rand
	start    time.Time

	// Stats are the run's counters; the solver adds to them directly,
	// except Iterations, which Step counts.
	Stats Stats

	best        *puzzle.Board
	bestCost    float64
	fallback    *puzzle.Board
	lastImprove int64
	nextReport  int64
	status      Status
	err         error
}

// ctxCheckMask sets how often Step polls the context: every 256 steps keeps
// the poll cheap while a step of up to a few hundred microseconds still
// returns well within 100 ms of cancellation.
const ctxCheckMask = 255

// Start prepares p, resolves opts and sends the Started event. The error is
// non-nil for invalid input (including a WithInitial board that does not
// fit the puzzle) or an observer's error.
func Start(ctx context.Context, p Problem, opts ...Option) (*Run, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	s := NewSettings(opts...)
	if math.IsNaN(s.Target) {
		// No cost is at or below NaN: the run could never be solved.
		return nil, errors.New("solve: WithTarget(NaN): the target must be a number")
	}
	if p.Scorer == nil && p.Puzzle != nil && p.Puzzle.Validate() == nil && p.Puzzle.HasImages() && ctx.Err() == nil {
		// A picture puzzle is priced by its pixels: build the default
		// table here, where the context and the worker budget are known,
		// so that its time counts in the run.
		t, err := edge.NewTable(ctx, p.Puzzle, edge.DefaultMeasure(), s.Workers)
		switch {
		case err == nil:
			p.Scorer = t
		case ctx.Err() != nil:
			// Cancelled while pricing: the run ends at once, as
			// Canceled, with the label scorer standing in.
		default:
			return nil, fmt.Errorf("solve: pricing the picture's joins: %w", err)
		}
	}
	p, err := p.Prepare()
	if err != nil {
		return nil, err
	}
	if s.Initial != nil {
		if err := s.Initial.Validate(p.Puzzle); err != nil {
			return nil, fmt.Errorf("solve: initial board: %w", err)
		}
	}
	r := &Run{
		ctx:        ctx,
		problem:    p,
		settings:   s,
		rng:        rand.New(rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15)),
		start:      time.Now(),
		bestCost:   math.Inf(1),
		nextReport: s.ProgressEvery,
	}
	if err := r.emit(Started); err != nil && !errors.Is(err, ErrStop) {
		return nil, err
	}
	if ctx.Err() != nil {
		// Ended before it began: no solver should take a step.
		r.End(Canceled)
	}
	return r, nil
}

// Problem returns the prepared problem; its Scorer is never nil.
func (r *Run) Problem() Problem { return r.problem }

// Settings returns the resolved run options.
func (r *Run) Settings() Settings { return r.settings }

// Rand returns the run's random source, seeded from Settings.Seed.
func (r *Run) Rand() *rand.Rand { return r.rng }

// Best returns the best board offered so far and its cost, or nil and +Inf.
// The board belongs to the run.
func (r *Run) Best() (*puzzle.Board, float64) { return r.best, r.bestCost }

// Done reports whether the run must end. It polls the context on every call,
// for solvers whose iterations are long.
func (r *Run) Done() bool {
	if r.status != 0 {
		return true
	}
	if r.ctx.Err() != nil {
		r.status = Canceled
		return true
	}
	return false
}

// Step counts one iteration and reports whether the run may go on. It ends
// the run on cancellation, the iteration budget or a stall, and sends
// Progress events.
func (r *Run) Step() bool {
	if r.status != 0 {
		return false
	}
	r.Stats.Iterations++
	it := r.Stats.Iterations
	if it&ctxCheckMask == 0 && r.ctx.Err() != nil {
		r.status = Canceled
		return false
	}
	if it >= r.nextReport {
		r.nextReport += r.settings.ProgressEvery
		if r.emit(Progress) != nil {
			return false
		}
	}
	if r.settings.MaxIterations > 0 && it >= r.settings.MaxIterations {
		r.status = IterationLimit
		return false
	}
	if r.settings.Stall > 0 && it-r.lastImprove >= r.settings.Stall {
		r.status = Stalled
		return false
	}
	return true
}

// Offer proposes a scored board. If it beats the best so far, the run keeps
// a copy and sends an Improved event; at or below the target cost it ends
// the run as Solved. It reports whether the run may go on.
func (r *Run) Offer(b *puzzle.Board, cost float64) bool {
	if r.status != 0 {
		return false
	}
	if cost < r.bestCost {
		if r.best == nil || r.best.Rows != b.Rows || r.best.Cols != b.Cols {
			r.best = b.Clone()
		} else {
			copy(r.best.Cells, b.Cells)
		}
		r.bestCost = cost
		r.lastImprove = r.Stats.Iterations
		if r.emit(Improved) != nil {
			return false
		}
		if cost <= r.settings.Target {
			r.status = Solved
			return false
		}
	}
	return true
}

// Fallback records a board to return if the run ends before any board was
// offered: a tree search keeps its deepest partial board here. The run
// keeps a copy.
func (r *Run) Fallback(b *puzzle.Board) {
	if r.fallback == nil {
		r.fallback = b.Clone()
		return
	}
	copy(r.fallback.Cells, b.Cells)
}

// End ends the run with status s unless it has already ended.
func (r *Run) End(s Status) {
	if r.status == 0 {
		r.status = s
	}
}

// Status returns why the run ended, or 0 while it goes on.
func (r *Run) Status() Status { return r.status }

// Finish ends the run with status s unless it had already ended, sends the
// Finished event and returns the result. The board is the best offered, or
// else the fallback, or else the puzzle's fixed pieces on an empty board;
// its cost is computed afresh from the problem's scorer.
func (r *Run) Finish(s Status) (*Result, error) {
	r.End(s)
	r.Stats.Runtime = time.Since(r.start)
	b := r.best
	if b == nil {
		b = r.fallback
		if b == nil {
			b = puzzle.NewBoardFor(r.problem.Puzzle)
		}
		r.best = b
	}
	// The result's cost is recomputed rather than trusted, so that it is
	// honest whatever incremental book-keeping the method kept.
	cost := edge.Cost(r.problem.Scorer, b)
	r.bestCost = cost
	if err := r.emit(Finished); err != nil && r.err == nil {
		r.err = err
	}
	res := &Result{
		Board:    b,
		Cost:     cost,
		Status:   r.status,
		Seed:     r.settings.Seed,
		Unplaced: b.Unplaced(r.problem.Puzzle),
		Stats:    r.Stats,
	}
	if r.err != nil {
		return res, r.err
	}
	return res, nil
}

// emit sends an event; an observer's ErrStop ends the run as Stopped and
// any other error ends it and is kept for Finish.
func (r *Run) emit(k EventKind) error {
	o := r.settings.Observer
	if o == nil {
		return nil
	}
	st := r.Stats
	st.Runtime = time.Since(r.start)
	ev := Event{Kind: k, Cost: r.bestCost, Board: r.best, Stats: st}
	if k == Finished {
		ev.Status = r.status
	}
	err := o(ev)
	if err == nil || k == Finished && errors.Is(err, ErrStop) {
		return nil
	}
	if errors.Is(err, ErrStop) {
		r.End(Stopped)
	} else {
		r.End(Stopped)
		if r.err == nil {
			r.err = err
		}
	}
	return err
}
