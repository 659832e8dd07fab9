package tiling

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/exactcover"
)

// Method is the search a Solver runs.
type Method uint8

const (
	// ExactCover solves the exact-cover form of the puzzle with dancing
	// links (package solve/exactcover).
	ExactCover Method = iota
	// Backtrack is the seed's backtracker with its hole-size bounds.
	Backtrack
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (m Method) String() string {
	switch m {
	case ExactCover:
		return "exact cover"
	case Backtrack:
		return "backtrack"
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// Bounds are the dead-end rules of the Backtrack method, checked after every
// placement that leaves the board unfilled. A hole is a connected region of
// empty board cells. If all tiles have the same area s, a hole whose size is
// not a multiple of s is a dead end. Otherwise it is a dead end when the
// smallest hole is smaller than the smallest tile left, or has its size and
// such holes outnumber the tiles left of that size, or when the largest hole
// is smaller than the largest tile left, or has its size and such tiles
// outnumber such holes.
type Bounds uint8

const (
	// HoleBounds applies the rules to holes connected through shared
	// sides, the regions a tile can fill.
	HoleBounds Bounds = iota
	// SeedHoleBounds applies the rules to holes connected through sides
	// or corners, as the seed's code computes them: larger holes, so
	// fewer dead ends found.
	SeedHoleBounds
	// NoBounds searches without dead-end rules.
	NoBounds
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (b Bounds) String() string {
	switch b {
	case HoleBounds:
		return "hole bounds"
	case SeedHoleBounds:
		return "seed hole bounds"
	case NoBounds:
		return "no bounds"
	}
	return fmt.Sprintf("Bounds(%d)", uint8(b))
}

// Solver solves tiling puzzles. A Solver is immutable and may be used by
// several goroutines at once.
type Solver struct {
	method   Method
	bounds   Bounds
	noUnique bool
	engine   []exactcover.Option
	// maxOptions is the bound set by WithMaxOptions; 0 means MaxOptions.
	maxOptions int64
}

// Option configures a Solver.
type Option func(*Solver)

// WithMethod sets the search. Default: ExactCover.
func WithMethod(m Method) Option { return func(s *Solver) { s.method = m } }

// WithBounds sets the dead-end rules of the Backtrack method; the ExactCover
// method ignores it. Default: HoleBounds.
func WithBounds(b Bounds) Option { return func(s *Solver) { s.bounds = b } }

// WithUnique sets whether Count also counts solutions up to the board's
// symmetries. Folding keeps one canonical form per distinct solution in
// memory and needs every solution built; without it, the ExactCover method
// counts without building solutions. Default: true.
func WithUnique(on bool) Option { return func(s *Solver) { s.noUnique = !on } }

// WithEngine passes options to the exact-cover engine, such as its choice
// rule. Default: none.
func WithEngine(opts ...exactcover.Option) Option {
	return func(s *Solver) { s.engine = append([]exactcover.Option(nil), opts...) }
}

// WithMaxOptions bounds what the solver lays out before it searches: the
// exact-cover options for ExactCover, the table entries for Backtrack (see
// MaxOptions). A puzzle over the bound is refused with an error wrapping
// ErrTooLarge, before the memory is allocated. n <= 0 keeps the default.
// Default: MaxOptions.
func WithMaxOptions(n int64) Option { return func(s *Solver) { s.maxOptions = max(n, 0) } }

// limit returns the solver's bound on its layout.
func (s *Solver) limit() int64 {
	if s.maxOptions > 0 {
		return s.maxOptions
	}
	return MaxOptions
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

// Stats counts a run's work.
type Stats struct {
	// Nodes counts search nodes. For ExactCover it is the engine's count
	// (Knuth's: the root and every option tried that did not complete a
	// solution); for Backtrack, every placement made.
	Nodes int64
	// Updates counts the engine's link updates (ExactCover, when Count
	// does not fold; otherwise 0).
	Updates int64
	// Runtime is the wall-clock time of the run, building included.
	Runtime time.Duration
}

// Result is the outcome of First or Count.
type Result struct {
	// Solutions counts the solutions found: complete when Status is
	// solve.Exhausted; 0 or 1 for First.
	Solutions int64
	// Unique counts them up to the board's symmetries (0 when the solver
	// does not fold).
	Unique int64
	// Status says why the run ended: solve.Solved (First found one),
	// solve.Exhausted (the search is complete), solve.Canceled,
	// solve.IterationLimit or solve.Stopped.
	Status solve.Status
	// Stats counts the work done.
	Stats Stats
}

// First returns the first solution found, with status solve.Solved, or nil
// with solve.Exhausted when there is none or with the reason the run ended
// first. The error is non-nil for an invalid puzzle, mode or option, a
// puzzle over the solver's bound (ErrTooLarge), or an observer's error other than
// solve.ErrStop.
func (s *Solver) First(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts ...solve.Option) (polyomino.Solution, Result, error) {
	if err := s.check(p, m); err != nil {
		return nil, Result{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if s.method == Backtrack {
		return s.firstBacktrack(ctx, p, m, opts)
	}
	return s.firstExact(ctx, p, m, opts)
}

// All yields every solution lazily, in search order, each a fresh Solution
// sorted by tile. It starts no goroutine; breaking out of the loop ends the
// search. The context ending, an invalid puzzle or option, a puzzle over the
// solver's bound (ErrTooLarge) or an observer's error yields a final
// (nil, err); an iteration limit or an observer's
// solve.ErrStop ends the sequence silently.
func (s *Solver) All(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts ...solve.Option) iter.Seq2[polyomino.Solution, error] {
	return func(yield func(polyomino.Solution, error) bool) {
		if err := s.check(p, m); err != nil {
			yield(nil, err)
			return
		}
		if ctx == nil {
			ctx = context.Background()
		}
		if s.method == Backtrack {
			s.allBacktrack(ctx, p, m, opts, yield)
			return
		}
		s.allExact(ctx, p, m, opts, yield)
	}
}

// Count counts the solutions and, unless WithUnique(false), the solutions up
// to the board's symmetries. A run ended early returns the counts so far
// with a nil error and the reason in Status; the error is non-nil for an
// invalid puzzle, mode or option, a puzzle over the solver's bound (ErrTooLarge),
// or an observer's error other than solve.ErrStop.
func (s *Solver) Count(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts ...solve.Option) (Result, error) {
	if err := s.check(p, m); err != nil {
		return Result{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if s.method == ExactCover && s.noUnique {
		return s.countExact(ctx, p, m, opts)
	}
	// The fold is made at the first solution: its tables cover the
	// board's bounding box, which a puzzle refused, cancelled or without
	// solutions should not pay for.
	var fold *polyomino.Fold
	var res Result
	rec := &recorder{}
	opts = rec.wrap(opts)
	start := time.Now()
	var err error
	for sol, e := range s.All(ctx, p, m, opts...) {
		if e != nil {
			// The search ends with its status recorded before this
			// last value: a cancelled run is a normal end.
			if rec.status != solve.Canceled {
				err = e
			}
			break
		}
		res.Solutions++
		if fold == nil && !s.noUnique {
			fold = polyomino.NewFold(p)
		}
		if fold != nil {
			if _, e := fold.Add(sol); e != nil {
				// The solvers build only valid solutions.
				return res, fmt.Errorf("tiling: internal error: %w", e)
			}
		}
	}
	if fold != nil {
		res.Unique = int64(fold.Len())
	}
	res.Status = rec.status
	res.Stats = Stats{Nodes: rec.nodes, Runtime: time.Since(start)}
	return res, err
}

// recorder notes the end of a run from its Finished event and passes every
// event on to the caller's observer.
type recorder struct {
	next   solve.Observer
	status solve.Status
	nodes  int64
}

func (r *recorder) wrap(opts []solve.Option) []solve.Option {
	r.next = solve.NewSettings(opts...).Observer
	return append(append([]solve.Option(nil), opts...), solve.WithObserver(r.observe))
}

func (r *recorder) observe(e solve.Event) error {
	if e.Kind == solve.Finished {
		r.status, r.nodes = e.Status, e.Stats.Nodes
	}
	if r.next != nil {
		return r.next(e)
	}
	return nil
}

// check rejects the solver's unknown settings, then what no method can
// solve.
func (s *Solver) check(p *polyomino.Puzzle, m polyomino.Mode) error {
	if s.method > Backtrack {
		return fmt.Errorf("tiling: unknown %v: want ExactCover or Backtrack", s.method)
	}
	if s.bounds > NoBounds {
		return fmt.Errorf("tiling: unknown %v: want HoleBounds, SeedHoleBounds or NoBounds", s.bounds)
	}
	return check(p, m)
}

// check rejects what no method can solve.
func check(p *polyomino.Puzzle, m polyomino.Mode) error {
	if p == nil {
		return errors.New("tiling: nil puzzle")
	}
	if !m.Valid() {
		return fmt.Errorf("tiling: invalid %v", m)
	}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("tiling: %w", err)
	}
	return nil
}

// tooFew reports whether the tiles cannot cover the board at all; both
// methods answer at once rather than search.
func tooFew(p *polyomino.Puzzle) bool {
	board, tiles := p.Area()
	return tiles < board
}
