package backtrack

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/reassemble/jigsaw/edge"
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
	// top sides, which the candidate index answers in one look-up. It is
	// the fastest order on edge-matching puzzles (see the package doc).
	RowScan Order = iota
	// MostConstrained fills next the empty cell beside the filled region
	// that has the fewest fitting pieces, failing at once on a cell with
	// none. It pays a scan of the frontier at every node and wins on
	// puzzles where the row scan meets dead ends late.
	MostConstrained
	// FrameFirst fills the frame first, clockwise from the top-left
	// corner (top row, right column, bottom row, left column), then the
	// inner cells in row-scan order. On edge-matching puzzles with frame
	// colours of their own (Eternity II) the frame is a small puzzle in
	// itself, solved first and fast; but each frame that closes must then
	// be refuted inside, and on the boards measured (6×6 to 8×8) that
	// costs more than RowScan saves.
	FrameFirst
	// Spiral fills the board ring by ring from the frame inwards, each
	// ring clockwise from its top-left corner. It needs somewhat fewer
	// placements than FrameFirst on the boards measured, and many more
	// than RowScan.
	Spiral
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (o Order) String() string {
	switch o {
	case RowScan:
		return "row scan"
	case MostConstrained:
		return "most constrained"
	case FrameFirst:
		return "frame first"
	case Spiral:
		return "spiral"
	}
	return fmt.Sprintf("Order(%d)", uint8(o))
}

// Option configures a Solver.
type Option func(*Solver)

// WithOrder sets the order in which cells are filled. Default: RowScan.
func WithOrder(o Order) Option { return func(s *Solver) { s.order = o } }

// Solver is an exact depth-first search over label puzzles. It places every
// piece exactly once (leaving exactly the cells the puzzle lacks pieces for
// empty, or the pieces it has too many of unplaced) and honours fixed
// pieces, a warm start's placements and the puzzle's rotation flag.
//
// A puzzle with exactly as many pieces as cells, the usual case, is solved
// by a dense engine specialised for it, others by a general search over
// edge.Candidates (see the package doc). Both visit the cells in the same
// order and report the same solutions.
//
// A Solver is immutable and may be used by several goroutines at once.
// Search is deterministic; the run's seed is reported but not needed.
// Stats.Iterations and Stats.Nodes count placements tried (a hole is a
// placement), Stats.Backtracks the placements undone. A piece that shows
// the same labels in several turns is tried in one of them by the dense
// engine and in each by the general search, so their counters differ on
// such puzzles.
type Solver struct {
	order   Order
	general bool // always use the general search (tests compare the two)
}

// New returns a backtracking solver.
func New(opts ...Option) *Solver {
	s := &Solver{}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
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
//
// A solution costs 0, the least any board can cost, so with a target below
// 0 (solve.WithTarget), which no board can meet, the search still stops at
// the first solution, and the result is Exhausted with that board: it is
// proven the best there is, though not Solved, since it misses the target.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, e, err := s.start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	return exact.First(run, e.boards)
}

// engine is one prepared search, dense or general.
type engine struct {
	dense   *dense
	general *state
}

// boards runs the search, calling found with each solution board.
func (e engine) boards(found func(*puzzle.Board) bool) {
	if e.dense != nil {
		e.dense.boards(found)
		return
	}
	e.general.search(found)
}

// start prepares a run and its search.
func (s *Solver) start(ctx context.Context, p solve.Problem, opts []solve.Option) (*solve.Run, engine, error) {
	if s.order > Spiral {
		return nil, engine{}, fmt.Errorf("backtrack: unknown %v: want RowScan, MostConstrained, FrameFirst or Spiral", s.order)
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, engine{}, err
	}
	if _, ok := run.Problem().Scorer.(*edge.Labels); !ok {
		return nil, engine{}, ErrNotLabels
	}
	if !s.general {
		if d := newDense(run, s.order); d != nil {
			return run, engine{dense: d}, nil
		}
	}
	st, err := s.newState(run)
	if err != nil {
		return nil, engine{}, err
	}
	return run, engine{general: st}, nil
}

// All yields every solution, lazily, in search order. Breaking out of the
// loop ends the search. Invalid input or the context ending yields a final
// (nil, err); an iteration budget ends the sequence silently.
func (s *Solver) All(ctx context.Context, p solve.Problem, opts ...solve.Option) iter.Seq2[*puzzle.Board, error] {
	return exact.All(ctx, func() (*solve.Run, exact.Search, error) {
		run, e, err := s.start(ctx, p, opts)
		if err != nil {
			return nil, nil, err
		}
		return run, e.boards, nil
	})
}

// Count is the outcome of counting solutions.
type Count struct {
	// Raw counts every solution board. It stops at math.MaxInt64.
	Raw int64
	// Distinct counts solutions up to whole-board turns: boards that are
	// the same picture turned as a whole count once. A puzzle whose pieces
	// rotate has every solution in 4 turned copies on a square board, 2 on
	// another (the seed shape-jigsaw solver's "at least 4 solutions").
	// With a fixed piece or a warm start no turned copy keeps it in place,
	// so each solution is its own class. It stops at math.MaxInt64.
	Distinct int64
	// Arrangements counts solutions up to the turns of symmetric pieces:
	// boards that differ only in how pieces are turned, each showing the
	// same labels on every side either way (a piece of one colour all
	// round, or one whose opposite sides match), count once; Raw counts
	// each turn. Identical pieces stay distinct: swapping two of them is
	// another arrangement. Edge-matching solvers usually count so, trying
	// a symmetric piece in one turn only.
	Arrangements int64
	// Status is Exhausted when every solution was counted.
	Status solve.Status
	// Stats counts the work done.
	Stats solve.Stats
}

// Count counts every solution, raw, up to whole-board turns and up to the
// turns of symmetric pieces. The counts are complete only when Status is
// Exhausted.
func (s *Solver) Count(ctx context.Context, p solve.Problem, opts ...solve.Option) (Count, error) {
	run, e, err := s.start(ctx, p, opts)
	if err != nil {
		return Count{}, err
	}
	if e.dense != nil {
		return e.dense.count()
	}
	st := e.general
	var c Count
	plain := st.plainTurns()
	search := func(found func(*puzzle.Board) bool) {
		st.search(func(b *puzzle.Board) bool {
			if plain(b) {
				c.Arrangements++
			}
			return found(b)
		})
	}
	var res *solve.Result
	c.Raw, c.Distinct, res, err = exact.Count(run, st.cands.Labels(), search)
	if res != nil {
		c.Status, c.Stats = res.Status, res.Stats
	}
	return c, err
}
