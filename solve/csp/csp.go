package csp

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

// Propagation is how far the solver narrows domains after each choice.
type Propagation uint8

const (
	// ForwardChecking is the thesis's Trim Slot: after a piece is placed,
	// its other turns leave every domain and each undecided neighbour keeps
	// only the elements that fit it.
	ForwardChecking Propagation = iota
	// ArcConsistency is forward checking followed by the thesis's Trim
	// List ("ripplize") run to a fixpoint: an element stays in a cell's
	// domain only if every undecided neighbour still holds an element of
	// another piece that fits it. It prunes far more per choice and costs
	// far more per choice.
	ArcConsistency
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (p Propagation) String() string {
	switch p {
	case ForwardChecking:
		return "forward checking"
	case ArcConsistency:
		return "arc consistency"
	}
	return fmt.Sprintf("Propagation(%d)", uint8(p))
}

// Order is the order in which the search picks the cell to fill next.
type Order uint8

const (
	// ThesisOrder is the thesis's dynamic slot order: the centre cell
	// first, then the cell with the fewest elements left (minimum remaining
	// values), on a tie the one with the fewest undecided neighbours, then
	// the first in row-major order.
	ThesisOrder Order = iota
	// RowMajor fills cells row by row, left to right, from the top-left
	// corner, as a plain backtracking search does.
	RowMajor
	// MRV fills next the cell with the fewest elements left, the first in
	// row-major order on a tie. It typically opens in a corner, where the
	// frame leaves fewest pieces.
	MRV
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (o Order) String() string {
	switch o {
	case ThesisOrder:
		return "thesis order"
	case RowMajor:
		return "row major"
	case MRV:
		return "mrv"
	}
	return fmt.Sprintf("Order(%d)", uint8(o))
}

// Option configures a Solver.
type Option func(*Solver)

// WithPropagation sets how far domains are narrowed after each choice.
// Default: ForwardChecking.
func WithPropagation(p Propagation) Option { return func(s *Solver) { s.prop = p } }

// WithOrder sets the order in which cells are filled. Default: MRV.
func WithOrder(o Order) Option { return func(s *Solver) { s.order = o } }

// Thesis configures the solver as the thesis's: ThesisOrder with
// ArcConsistency.
func Thesis() Option {
	return func(s *Solver) { s.order, s.prop = ThesisOrder, ArcConsistency }
}

// Solver is the thesis's constraint-satisfaction solver for label puzzles.
// It places every piece exactly once (leaving empty exactly the cells the
// puzzle lacks pieces for, or the pieces it has too many of unplaced),
// honours fixed pieces and the puzzle's rotation flag, and keeps the sides
// on the board's rim flat.
//
// A Solver is immutable and may be used by several goroutines at once.
// Search is deterministic; the run's seed is reported but not needed.
// Stats.Iterations and Stats.Nodes count the choices tried (an element or a
// hole put in a cell, whether or not propagation then fails), and
// Stats.Backtracks the choices undone.
type Solver struct {
	prop  Propagation
	order Order
}

// New returns a CSP solver.
func New(opts ...Option) *Solver {
	s := &Solver{prop: ForwardChecking, order: MRV}
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
// scorer of its puzzle: constraint propagation needs labels that fit or do
// not.
var ErrNotLabels = errors.New("csp: the problem's scorer must be nil or an *edge.Labels")

// maxDomainBytes bounds the memory of the domains, one bit per cell and
// oriented piece: 1 GiB holds a 200×200 puzzle of turning pieces.
const maxDomainBytes = 1 << 30

// start begins a run and builds its search.
func (s *Solver) start(ctx context.Context, p solve.Problem, opts []solve.Option) (*solve.Run, *state, error) {
	if s.prop > ArcConsistency {
		return nil, nil, fmt.Errorf("csp: unknown propagation %v", s.prop)
	}
	if s.order > MRV {
		return nil, nil, fmt.Errorf("csp: unknown order %v", s.order)
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, nil, err
	}
	labels, ok := run.Problem().Scorer.(*edge.Labels)
	if !ok {
		return nil, nil, ErrNotLabels
	}
	pz := run.Problem().Puzzle
	elems := len(pz.Pieces) * len(pz.Turns())
	if need := int64(pz.Cells()) * int64((elems+63)/64) * 8; need > maxDomainBytes {
		return nil, nil, fmt.Errorf("csp: a %d×%d board with %d oriented pieces needs %d MiB of domains, more than the %d MiB allowed; package backtrack keeps no domains",
			pz.Rows, pz.Cols, elems, need>>20, maxDomainBytes>>20)
	}
	board := puzzle.NewBoardFor(pz)
	if init := run.Settings().Initial; init != nil {
		// A warm start keeps its placements, which were validated
		// against the puzzle by solve.Start.
		copy(board.Cells, init.Cells)
	}
	placed := board.Placed()
	noHoles := pz.Cells()-placed <= len(pz.Pieces)-placed
	m := newModel(pz, labels, noHoles)
	return run, newState(run, m, s.prop, s.order, board), nil
}

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
	run, st, err := s.start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	return exact.First(run, st.search)
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

// Stats counts the work of a counting run: the run's counters and those
// of constraint propagation.
type Stats struct {
	// Stats holds the counters every method keeps, embedded so that a
	// counting run's figures read like any run's.
	solve.Stats
	// Propagations counts domain revisions: a neighbour narrowed by a
	// placed piece, an all-different sweep after a placement, an arc
	// revised by arc consistency.
	Propagations int64
	// Prunings counts the elements those revisions removed.
	Prunings int64
	// MaxDepth is the most cells the search had filled at once, not
	// counting pre-placed pieces.
	MaxDepth int
}

// Count is the outcome of counting solutions.
type Count struct {
	// Raw counts every solution board.
	Raw int64
	// Distinct counts solutions up to whole-board turns: boards that are
	// the same picture turned as a whole count once. A puzzle whose pieces
	// rotate has every solution in 4 turned copies on a square board, 2 on
	// another.
	Distinct int64
	// Status is Exhausted when every solution was counted, and otherwise
	// says why counting stopped early (Canceled, IterationLimit, Stopped).
	Status solve.Status
	// Stats counts the work done.
	Stats Stats
}

// Count counts every solution, raw and up to whole-board turns, as the
// thesis's solver does when it enumerates. The counts are complete only
// when Status is Exhausted; otherwise they are the solutions found so far.
func (s *Solver) Count(ctx context.Context, p solve.Problem, opts ...solve.Option) (Count, error) {
	run, st, err := s.start(ctx, p, opts)
	if err != nil {
		return Count{}, err
	}
	var c Count
	var res *solve.Result
	c.Raw, c.Distinct, res, err = exact.Count(run, st.m.labels, st.search)
	if res != nil {
		c.Status = res.Status
		c.Stats = Stats{
			Stats:        res.Stats,
			Propagations: st.stats.propagations,
			Prunings:     st.stats.prunings,
			MaxDepth:     st.stats.maxDepth,
		}
	}
	return c, err
}
