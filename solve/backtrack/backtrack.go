package backtrack

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/exact"
)

// Order is the order in which the search fills cells.
type Order uint8

const (
	// RowScan fills cells row by row, left to right, from the top-left
	// corner, as the backtracking solvers of the Eternity II and
	// shape-jigsaw studies do. Each cell is then constrained on its left and
	// top sides, which the candidate index answers in one look-up.
	RowScan Order = iota
	// MostConstrained fills next the empty cell beside the filled region
	// that has the fewest fitting pieces, failing at once on a cell with
	// none. It pays a scan of the frontier at every node and wins on
	// puzzles where the row scan meets dead ends late.
	MostConstrained
)

func (o Order) String() string {
	switch o {
	case RowScan:
		return "row scan"
	case MostConstrained:
		return "most constrained"
	}
	return fmt.Sprintf("Order(%d)", uint8(o))
}

// Option configures a Solver.
type Option func(*Solver)

// WithOrder sets the order in which cells are filled. Default: RowScan.
func WithOrder(o Order) Option { return func(s *Solver) { s.order = o } }

// Solver is an exact depth-first search over label puzzles. It places every
// piece exactly once (leaving exactly the cells the puzzle lacks pieces for
// empty, or the pieces it has too many of unplaced), honours fixed pieces
// and the puzzle's rotation flag, and uses edge.Candidates to find the
// pieces that fit a cell.
//
// A Solver is immutable and may be used by several goroutines at once.
// Search is deterministic; the run's seed is reported but not needed.
// Stats.Iterations and Stats.Nodes count placements tried (a hole is a
// placement), Stats.Backtracks the placements undone.
type Solver struct {
	order Order
}

// New returns a backtracking solver.
func New(opts ...Option) *Solver {
	s := &Solver{}
	for _, o := range opts {
		o(s)
	}
	return s
}

var (
	_ solve.Solver     = (*Solver)(nil)
	_ solve.Enumerator = (*Solver)(nil)
)

// ErrNotLabels is returned for a problem whose scorer is not the label
// scorer of its puzzle: backtracking needs labels that fit or do not.
var ErrNotLabels = errors.New("backtrack: the problem's scorer must be nil or an *edge.Labels")

// Solve searches for the first solution. The result is Solved with the
// solution, Exhausted when there is none (with the deepest partial board
// reached), or ends early as the run options say, again with the deepest
// partial board.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, st, err := s.start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	return exact.First(run, st.search)
}

// start prepares a run and its search state.
func (s *Solver) start(ctx context.Context, p solve.Problem, opts []solve.Option) (*solve.Run, *state, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.newState(run)
	if err != nil {
		return nil, nil, err
	}
	return run, st, nil
}

// All yields every solution, lazily, in search order. Breaking out of the
// loop ends the search. Invalid input or the context ending yields a final
// (nil, err); an iteration budget ends the sequence silently.
func (s *Solver) All(ctx context.Context, p solve.Problem, opts ...solve.Option) iter.Seq2[*puzzle.Board, error] {
	return exact.All(ctx, func() (*solve.Run, exact.Search, error) {
		run, st, err := s.start(ctx, p, opts)
		if err != nil {
			return nil, nil, err
		}
		return run, st.search, nil
	})
}

// Count is the outcome of counting solutions.
type Count struct {
	// Raw counts every solution board.
	Raw int64
	// Distinct counts solutions up to whole-board turns: boards that are
	// the same picture turned as a whole count once. A puzzle whose pieces
	// rotate has every solution in 4 turned copies on a square board, 2 on
	// another (the seed shape-jigsaw solver's "at least 4 solutions").
	Distinct int64
	// Status is Exhausted when every solution was counted.
	Status solve.Status
	// Stats counts the work done.
	Stats solve.Stats
}

// Count counts every solution, raw and up to whole-board turns. The counts
// are complete only when Status is Exhausted.
func (s *Solver) Count(ctx context.Context, p solve.Problem, opts ...solve.Option) (Count, error) {
	run, st, err := s.start(ctx, p, opts)
	if err != nil {
		return Count{}, err
	}
	var c Count
	var res *solve.Result
	c.Raw, c.Distinct, res, err = exact.Count(run, st.cands.Labels(), st.search)
	if res != nil {
		c.Status, c.Stats = res.Status, res.Stats
	}
	return c, err
}
