package esp

import (
	"context"
	"errors"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// ErrNotLabels is returned for a problem whose scorer is not the label
// scorer of its puzzle: every method here decides fits by labels.
var ErrNotLabels = errors.New("esp: the problem's scorer must be nil or an *edge.Labels")

// Wildcard is the thesis's approach (a), the blank piece as a wildcard
// ("the blank tile in Scrabble"): the search may leave a cell empty while
// fewer cells are empty than pieces are missing, and a side facing an
// empty cell fits anything. Nothing fails against a blank, so constraint
// propagation loses its grip near one, which is why the thesis found it
// hundreds of times slower than a complete puzzle.
//
// A blank is never ruled out by propagation, so it is a live choice at
// every cell; by default it is tried first, before the pieces, as an
// element that fits everything heads every domain in the thesis's solver,
// and the search pays for that freedom as the thesis measured. With
// WithBlankLast it is tried only after every piece, which finds a hole in a
// puzzle of unique labels almost without search, since the cell no piece
// fits is the one left empty.
//
// A Wildcard is immutable and safe for concurrent use. Its search is
// deterministic. Stats.Nodes and Stats.Iterations count the cells chosen,
// Stats.Backtracks the choices undone.
type Wildcard struct {
	blankLast bool
}

// WildcardOption configures a Wildcard.
type WildcardOption func(*Wildcard)

// WithBlankLast tries leaving a cell empty only after every piece that fits
// it. Default: the blank is tried first.
func WithBlankLast() WildcardOption { return func(w *Wildcard) { w.blankLast = true } }

// NewWildcard returns the blank-wildcard solver.
func NewWildcard(opts ...WildcardOption) *Wildcard {
	w := &Wildcard{}
	for _, o := range opts {
		if o != nil {
			o(w)
		}
	}
	return w
}

// FBF is the thesis's approach (b), Fit Blank First: it chooses the empty
// cells first, unlinks them from their neighbours (whose sides facing them
// are then free), and solves the reduced puzzle, which is complete, so that
// every remaining cell must hold a piece and a wrong choice fails fast. It
// tries the layouts of the missing pieces' cells in lexicographic row-major
// order and stops at the first that solves.
//
// An FBF is immutable and safe for concurrent use. Its search is
// deterministic. Stats.Restarts counts the layouts tried; Stats.Nodes and
// Stats.Iterations count the cells chosen over all of them.
type FBF struct{}

// NewFBF returns the Fit Blank First solver.
func NewFBF() *FBF { return &FBF{} }

// Solver is the thesis's approach (c), Empty Slot Prediction driving Fit
// Blank First: Predict names the cells that are probably empty, and FBF
// tries the combinations of the missing number among them, in order, until
// one solves: first, per frame, those that put a hole on every marked
// line, then all of them. When none does, or nothing is predicted, it
// widens the search (see WithWidening) and in the end tries every layout,
// so it is complete.
//
// A Solver is immutable and safe for concurrent use. Its search is
// deterministic. Stats.Restarts counts the layouts tried; Stats.Nodes and
// Stats.Iterations count the cells chosen over all of them.
type Solver struct {
	cfg config
}

// New returns an ESP+FBF solver.
func New(opts ...Option) *Solver { return &Solver{cfg: newConfig(opts)} }

var (
	_ solve.Solver = (*Wildcard)(nil)
	_ solve.Solver = (*FBF)(nil)
	_ solve.Solver = (*Solver)(nil)
)

// setup is what every method starts from: the run, its label scorer and
// index, and the board of fixed pieces and warm-start placements.
type setup struct {
	run    *solve.Run
	labels *edge.Labels
	cands  *edge.Candidates
	base   *puzzle.Board
}

func start(ctx context.Context, p solve.Problem, opts []solve.Option) (*setup, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	labels, ok := run.Problem().Scorer.(*edge.Labels)
	if !ok {
		return nil, ErrNotLabels
	}
	pz := run.Problem().Puzzle
	cands, err := edge.NewCandidates(pz)
	if err != nil {
		return nil, err
	}
	base := puzzle.NewBoardFor(pz)
	if init := run.Settings().Initial; init != nil {
		// A warm start keeps its placements, which solve.Start checked
		// against the puzzle; its empty cells are undecided.
		for i, pl := range init.Cells {
			if !pl.IsEmpty() {
				base.Cells[i] = pl
			}
		}
	}
	return &setup{run: run, labels: labels, cands: cands, base: base}, nil
}

// Solve searches for the first solution with blank wildcards. The result is
// Solved with the solution, Exhausted when there is none (with the deepest
// partial board reached), or ends early as the run options say, again with
// the deepest partial board.
func (w *Wildcard) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	s, err := start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	if s.run.Done() {
		return s.run.Finish(solve.Canceled)
	}
	e := newEngine(s.run, s.labels, s.cands, s.base, true)
	e.blankFirst = !w.blankLast
	e.reset(s.base, nil)
	return finish(s.run, e.solve())
}

// finish ends a run by the outcome of its last search.
func finish(run *solve.Run, o outcome) (*solve.Result, error) {
	switch o {
	case found:
		return run.Finish(solve.Solved)
	case halted:
		return run.Finish(solve.Canceled)
	}
	return run.Finish(solve.Exhausted)
}

// Solve tries every layout of the empty cells in order and returns the
// first solution, as Wildcard.Solve does.
func (f *FBF) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	s, err := start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	l := newLayouts(s)
	return finish(s.run, l.try(l.eligible))
}

// Solve predicts the empty cells, tries the layouts among them and widens
// the search if none solves, returning the first solution as
// Wildcard.Solve does.
func (sv *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	s, err := start(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	l := newLayouts(s)
	if l.k == 0 || s.run.Done() {
		return finish(s.run, l.try(l.eligible))
	}
	pz := s.run.Problem().Puzzle
	pred := predict(pz, s.labels.Rule(), sv.cfg)
	for _, ps := range plan(pred, pz, sv.cfg) {
		l.accept = ps.accept
		if o := l.try(l.restrict(ps.cells)); o != failed {
			return finish(s.run, o)
		}
	}
	l.accept = nil
	return finish(s.run, l.try(l.eligible))
}

// layouts enumerates the layouts of the empty cells for FBF, remembering
// which cells earlier stages have covered, so that a later stage tries
// only the layouts that use a cell new to it.
type layouts struct {
	s       *setup
	e       *engine
	k       int
	cells   int
	fixed   []bool // cells that hold a piece before the search
	tried   []bool // cells every earlier stage could use
	chosen  []int
	untried []int
	// accept, if set, skips the layouts it rejects without solving them.
	accept func(holes []int) bool
	// eligible lists, row-major, the cells that may be empty.
	eligible []int
}

func newLayouts(s *setup) *layouts {
	pz := s.run.Problem().Puzzle
	l := &layouts{
		s:     s,
		e:     newEngine(s.run, s.labels, s.cands, s.base, false),
		k:     pz.Missing(),
		cells: pz.Cells(),
		fixed: make([]bool, pz.Cells()),
		tried: make([]bool, pz.Cells()),
	}
	placed := 0
	for i, pl := range s.base.Cells {
		if !pl.IsEmpty() {
			l.fixed[i] = true
			placed++
		}
	}
	// The cells to fill are the empty ones less the missing pieces'
	// cells; when the base already holds pieces the number empty stays
	// cells - pieces.
	for i := range l.cells {
		if !l.fixed[i] {
			l.eligible = append(l.eligible, i)
		}
	}
	return l
}

// restrict returns the cells of stage that may be empty, row-major.
func (l *layouts) restrict(stage []puzzle.Cell) []int {
	var out []int
	seen := make([]bool, l.cells)
	pz := l.s.run.Problem().Puzzle
	for _, c := range stage {
		i := c.Row*pz.Cols + c.Col
		if pz.In(c) && !l.fixed[i] && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// try runs FBF on every k-subset of cells (ascending) that uses at least
// one cell no earlier unfiltered call offered and that accept allows, then,
// if unfiltered, marks all of cells as offered.
func (l *layouts) try(cells []int) outcome {
	defer func() {
		// A filtered stage leaves layouts of its cells untried, so only
		// an unfiltered one may spare later stages its cells.
		if l.accept == nil {
			for _, i := range cells {
				l.tried[i] = true
			}
		}
	}()
	if l.k == 0 {
		l.e.reset(l.s.base, nil)
		return l.e.solve()
	}
	if len(cells) < l.k {
		return failed
	}
	// untried[i] counts the cells of cells[i:] no earlier call offered,
	// so that a branch that can no longer take a fresh cell is cut.
	l.untried = slices.Grow(l.untried[:0], len(cells)+1)[:len(cells)+1]
	l.untried[len(cells)] = 0
	for i := len(cells) - 1; i >= 0; i-- {
		l.untried[i] = l.untried[i+1]
		if !l.tried[cells[i]] {
			l.untried[i]++
		}
	}
	l.chosen = l.chosen[:0]
	return l.combine(cells, 0, false)
}

// combine extends l.chosen with cells from cells[from:] to k cells and
// solves each layout; fresh says l.chosen already holds a cell no earlier
// stage offered.
func (l *layouts) combine(cells []int, from int, fresh bool) outcome {
	if len(l.chosen) == l.k {
		if !fresh {
			return failed
		}
		if l.s.run.Done() {
			return halted
		}
		if l.accept != nil && !l.accept(l.chosen) {
			return failed
		}
		l.s.run.Stats.Restarts++
		l.e.reset(l.s.base, l.chosen)
		return l.e.solve()
	}
	if !fresh && l.untried[from] == 0 {
		return failed
	}
	for i := from; i <= len(cells)-(l.k-len(l.chosen)); i++ {
		l.chosen = append(l.chosen, cells[i])
		o := l.combine(cells, i+1, fresh || !l.tried[cells[i]])
		l.chosen = l.chosen[:len(l.chosen)-1]
		if o != failed {
			return o
		}
	}
	return failed
}
