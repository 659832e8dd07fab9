package solve

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// Problem is what to solve: a puzzle and the scorer that prices its joins.
type Problem struct {
	// Puzzle is the board and its pieces. It is only read: one puzzle
	// can be solved by several runs at once.
	Puzzle *puzzle.Puzzle
	// Scorer prices joins. Nil means, for a puzzle whose pieces all have
	// pictures, a dense table of the default pixel measure built by Start
	// (edge.NewTable with edge.DefaultMeasure), and otherwise the puzzle's
	// label rule (edge.Labels).
	Scorer edge.Scorer
}

// Solver is a re-assembly method.
//
// Solve returns the best board it found. Running out of budget, a cancelled
// ctx or an observer's ErrStop is a normal end: err is nil and
// Result.Status says why the run ended. err is non-nil only for invalid input
// or an observer's own error. Solve starts no goroutine that outlives the
// call and, for a given seed and one worker, always returns the same result.
type Solver interface {
	// Solve runs the method on p until it solves it, its budget or ctx
	// ends, or an observer stops it, and returns the best board found.
	Solve(ctx context.Context, p Problem, opts ...Option) (*Result, error)
}

// Enumerator is a complete method that can list every solution, lazily.
// The sequence yields each solution board once; a non-nil error is the last
// value yielded. Boards are the caller's to keep.
type Enumerator interface {
	Solver
	// All returns the solutions of p as a sequence rather than a slice,
	// so that a caller who needs a few does not pay for them all; the
	// search runs as the loop asks and stops when it breaks.
	All(ctx context.Context, p Problem, opts ...Option) iter.Seq2[*puzzle.Board, error]
}

// Status says why a run ended.
type Status uint8

const (
	// Solved: a board at or below the target cost was found.
	Solved Status = iota + 1
	// Exhausted: a complete search ended; the board is the best there is.
	Exhausted
	// IterationLimit: the iteration budget ran out.
	IterationLimit
	// Stalled: the best cost did not improve for the stall budget.
	Stalled
	// Stopped: an observer returned ErrStop.
	Stopped
	// Canceled: the context was cancelled or its deadline passed.
	Canceled
	// Done: a heuristic method ran to its natural end. Its board is the
	// best it found, not proven best.
	Done
)

// String returns the status in lower case, so that a result prints why
// the run ended in words; an unknown status shows its number.
func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case Exhausted:
		return "exhausted"
	case IterationLimit:
		return "iteration limit"
	case Stalled:
		return "stalled"
	case Stopped:
		return "stopped"
	case Canceled:
		return "canceled"
	case Done:
		return "done"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Stats counts the work a run did. Methods fill the counters that apply to
// them and leave the others zero.
type Stats struct {
	// Iterations counts the method's main steps: search nodes for
	// tree search, generations for a GA, moves tried for local search.
	Iterations int64
	// Evaluations counts cost evaluations, full or incremental.
	Evaluations int64
	// Nodes counts search-tree nodes (partial boards) visited.
	Nodes int64
	// Backtracks counts undone assignments.
	Backtracks int64
	// Restarts counts fresh starts.
	Restarts int64
	// Runtime is the wall-clock time of the run.
	Runtime time.Duration
}

// Result is the outcome of a run.
type Result struct {
	// Board is the best board found; never nil when err is nil.
	Board *puzzle.Board
	// Cost is Board's cost under the problem's scorer.
	Cost float64
	// Status says why the run ended.
	Status Status
	// Seed is the seed the run used, to replay it with WithSeed.
	Seed uint64
	// Unplaced lists, in increasing order, the pieces Board leaves out.
	Unplaced []puzzle.PieceID
	// Stats counts the work done.
	Stats Stats
}

// ErrStop, returned by an observer, ends a run normally with status
// Stopped.
var ErrStop = errors.New("solve: stopped by observer")

// Prepare checks p and fills in its default scorer. Every solver calls it
// first, so that bad input is reported the same way everywhere. A scorer
// that reports its pieces (edge.Compatibility, edge.Labels) must know every
// piece of the puzzle, and must have been built for turning pieces if the
// puzzle's pieces may turn.
func (p Problem) Prepare() (Problem, error) {
	if p.Puzzle == nil {
		return p, errors.New("solve: problem has no puzzle")
	}
	if err := p.Puzzle.Validate(); err != nil {
		return p, err
	}
	if p.Scorer == nil {
		l, err := edge.NewLabels(p.Puzzle)
		if err != nil {
			return p, err
		}
		p.Scorer = l
		return p, nil
	}
	// Scorers built from a puzzle index their tables by piece, so one
	// built from another puzzle would be read out of bounds mid-run; a
	// table priced without turns has no cost for a turned piece.
	if c, ok := p.Scorer.(interface{ Pieces() int }); ok && c.Pieces() < len(p.Puzzle.Pieces) {
		return p, fmt.Errorf("solve: the scorer prices %d pieces but the puzzle has %d: build the scorer from this puzzle", c.Pieces(), len(p.Puzzle.Pieces))
	}
	if c, ok := p.Scorer.(interface{ Rotatable() bool }); ok && p.Puzzle.Rotatable && !c.Rotatable() {
		return p, errors.New("solve: the scorer was built for pieces that keep their rotation but the puzzle lets them turn: build the scorer after setting Rotatable")
	}
	return p, nil
}
