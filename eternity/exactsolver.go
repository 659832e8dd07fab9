package eternity

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// ExactSolver is the exact search as a solve.Solver and solve.Enumerator,
// with the book-keeping of solve.Run: run options, observer events,
// iteration budgets (one iteration is one placement), cancellation and a
// warm start. It works from the puzzle's labels: a Problem whose Scorer is
// neither nil nor an *edge.Labels is refused with ErrNotLabels.
//
// Puzzles the colour-pair tables do not fit, those with holes (fewer
// pieces than cells) or with more than a thousand distinct labels, are
// handed to the general backtracking solver (package solve/backtrack),
// which finds the same solutions.
type ExactSolver struct {
	opts []ExactOption
}

// NewExactSolver returns the solver; opts configure every search it
// runs.
func NewExactSolver(opts ...ExactOption) *ExactSolver {
	return &ExactSolver{opts: opts}
}

// ErrNotLabels is returned by every search of this package (ExactSolver,
// Hunt, Breaks) for a problem whose scorer is not the label scorer of its
// puzzle: they all work from colours, joins that fit or do not.
var ErrNotLabels = errors.New("eternity: the search needs a nil scorer or an *edge.Labels")

// delegate reports whether p is better handed to the general solver:
// puzzles with holes or too many labels.
func delegate(p solve.Problem) bool {
	pz := p.Puzzle
	if pz == nil || pz.Validate() != nil {
		return false
	}
	if len(pz.Pieces) < pz.Cells() {
		return true
	}
	labels := make(map[puzzle.Label]bool)
	for i := range pz.Pieces {
		for _, l := range pz.Pieces[i].Edges {
			labels[l] = true
			if len(labels) > maxColours-2 {
				return true
			}
		}
	}
	return false
}

// labelsOnly checks the problem's scorer.
func labelsOnly(p solve.Problem) error {
	if p.Scorer == nil {
		return nil
	}
	if _, ok := p.Scorer.(*edge.Labels); !ok {
		return fmt.Errorf("%w: the exact search compares colours, not a %T", ErrNotLabels, p.Scorer)
	}
	return nil
}

// Solve searches for the first solution in the search order. The result
// is Solved with it, Exhausted when there is none, or ends as the run
// options say, with the deepest partial board the search stood at when it
// ended a window of placements (every 65,536 at most). A warm start's
// pieces are tried in place first; if no solution keeps them, the search
// runs again without them. With solve.WithWorkers(n), n > 1, and neither
// a warm start nor an iteration or stall budget, the search runs on n
// goroutines (FirstParallel); a run that ends before a solution then
// returns the deepest of the partial boards the workers stood at when
// they looked at the context (every 65,536 placements each, and when they
// stopped).
func (sv *ExactSolver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if err := labelsOnly(p); err != nil {
		return nil, err
	}
	if delegate(p) {
		return backtrack.New().Solve(ctx, p, opts...)
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Status() != 0 {
		return run.Finish(run.Status())
	}
	pz := run.Problem().Puzzle
	warm := run.Settings().Initial
	if set := run.Settings(); set.Workers > 1 && warm == nil && set.MaxIterations == 0 && set.Stall == 0 {
		return sv.solveParallel(ctx, run, set.Workers)
	}
	for _, w := range []*puzzle.Board{warm, nil} {
		xopts := sv.opts
		if w != nil {
			xopts = append(xopts[:len(xopts):len(xopts)], exactWarm(w))
		}
		x, err := NewExact(pz, xopts...)
		if err != nil {
			return nil, err
		}
		a := &adapter{run: run}
		s := a.start(ctx, x)
		b := puzzle.NewBoardFor(pz)
		covered := s.run(func() bool {
			a.flush(s)
			s.board(b, len(x.steps))
			_, before := run.Best()
			ok := run.Offer(b, edge.Cost(run.Problem().Scorer, b))
			if _, after := run.Best(); after < before {
				a.lastImprove = run.Stats.Iterations
			}
			return ok
		})
		a.finish(s, covered)
		if !covered || run.Status() != 0 || warm == nil {
			break
		}
	}
	return run.Finish(solve.Exhausted)
}

// solveParallel is Solve on several workers (FirstParallel). Iteration
// budgets need the one goroutine that counts them, so Solve takes this
// path only without them.
func (sv *ExactSolver) solveParallel(ctx context.Context, run *solve.Run, workers int) (*solve.Result, error) {
	x, err := NewExact(run.Problem().Puzzle, sv.opts...)
	if err != nil {
		return nil, err
	}
	keep := newDeepest()
	b, st, err := x.firstParallel(ctx, workers, keep)
	if err != nil {
		return nil, err
	}
	if b == nil {
		if d := keep.best(); d != nil {
			run.Fallback(d)
		}
	}
	run.Stats.Nodes += int64(st.Nodes)
	run.Stats.Iterations += int64(st.Nodes)
	if b != nil {
		// Offer marks the run Solved when the board meets the target;
		// otherwise a zero-cost board is still the best there is.
		run.Offer(b, edge.Cost(run.Problem().Scorer, b))
		return run.Finish(solve.Exhausted)
	}
	return run.Finish(st.Status)
}

// All yields every solution, lazily, in search order; boards that differ
// only in the turn of a symmetric piece come one after another. Breaking
// out of the loop ends the search. Invalid input or the context ending
// yields a final (nil, err); an iteration budget ends the sequence
// silently. A warm start plays no part: every solution is yielded.
func (sv *ExactSolver) All(ctx context.Context, p solve.Problem, opts ...solve.Option) iter.Seq2[*puzzle.Board, error] {
	return func(yield func(*puzzle.Board, error) bool) {
		if err := labelsOnly(p); err != nil {
			yield(nil, err)
			return
		}
		if delegate(p) {
			for b, err := range backtrack.New().All(ctx, p, opts...) {
				if !yield(b, err) {
					return
				}
			}
			return
		}
		run, err := solve.Start(ctx, p, opts...)
		if err != nil {
			yield(nil, err)
			return
		}
		x, err := NewExact(run.Problem().Puzzle, sv.opts...)
		if err != nil {
			yield(nil, err)
			return
		}
		stopped := false
		if run.Status() == 0 {
			a := &adapter{run: run}
			s := a.start(ctx, x)
			covered := s.run(func() bool {
				a.flush(s)
				ok := s.each(func(b *puzzle.Board) bool {
					if !yield(b, nil) {
						stopped = true
						return false
					}
					return true
				})
				return ok
			})
			a.finish(s, covered)
		}
		if stopped {
			run.End(solve.Stopped)
		}
		_, err = run.Finish(solve.Exhausted)
		if stopped {
			return
		}
		if err == nil && run.Status() == solve.Canceled {
			err = ctx.Err()
		}
		if err != nil {
			yield(nil, err)
		}
	}
}

// each calls found with every board the solution on the search's frames
// stands for, a fresh board each, one per combination of the equivalent
// turns of its symmetric pieces when turns are folded. It reports whether
// found wants more.
func (s *search) each(found func(*puzzle.Board) bool) bool {
	x := s.x
	b := puzzle.NewBoardFor(x.p)
	s.board(b, len(x.steps))
	var cells []int
	var mult []uint8
	if x.cfg.fold {
		for i, fr := range s.frames[:len(x.steps)] {
			if m := x.mult[fr.elem]; m > 1 {
				cells, mult = append(cells, int(x.steps[i].cell)), append(mult, m)
			}
		}
	}
	digit := make([]uint8, len(cells))
	for {
		if !found(b.Clone()) {
			return false
		}
		j := 0
		for ; j < len(cells); j++ {
			// A piece showing the same labels under m turns repeats
			// them every 4/m quarter turns.
			c := cells[j]
			b.Cells[c].Rotation = b.Cells[c].Rotation.Add(puzzle.Rotation(4 / mult[j]))
			if digit[j]++; digit[j] < mult[j] {
				break
			}
			digit[j] = 0
		}
		if j == len(cells) {
			return true
		}
	}
}

// adapter reports a search's placements to a solve.Run: one iteration
// per placement, in windows that end where Step has something to do.
type adapter struct {
	run         *solve.Run
	flushed     uint64 // placements already added to the run's counters
	lastImprove int64  // the iteration of the last improvement
	deep        int    // the depth of the run's fallback board, -1 for none
	buf         *puzzle.Board
}

// start returns the search for x, reporting to the run.
func (a *adapter) start(ctx context.Context, x *Exact) *search {
	s := x.newSearch(ctx)
	s.nodes = 0
	a.flushed = 0
	s.tick = a.tick
	s.window = a.window()
	a.deep = -1
	return s
}

// window returns how many placements may pass before the run's next
// event: a context poll, a Progress event, the iteration budget or the
// stall limit.
func (a *adapter) window() int64 {
	set := a.run.Settings()
	it := a.run.Stats.Iterations
	end := (it/pollEvery + 1) * pollEvery
	if pe := set.ProgressEvery; pe > 0 {
		end = min(end, (it/pe+1)*pe)
	}
	if m := set.MaxIterations; m > 0 {
		end = min(end, m)
	}
	if st := set.Stall; st > 0 {
		end = min(end, a.lastImprove+st)
	}
	return max(end-it, 1)
}

// tick ends a window: its placements go to the run, the last through
// Step. It returns the next window, or 0 when the run must end.
func (a *adapter) tick(s *search) int64 {
	n := int64(s.nodes - a.flushed)
	a.run.Stats.Iterations += n - 1
	a.run.Stats.Nodes += n
	a.flushed = s.nodes
	if s.d > a.deep {
		// The deepest partial board so far, for a run that ends
		// without a solution.
		if a.buf == nil {
			a.buf = puzzle.NewBoardFor(s.x.p)
		}
		s.board(a.buf, s.d)
		a.run.Fallback(a.buf)
		a.deep = s.d
	}
	if !a.run.Step() || a.run.Done() {
		return 0
	}
	return a.window()
}

// flush adds the placements so far to the run's counters before a
// solution is offered, keeping back the window's last placement when the
// window has just ended, for tick to report through Step.
func (a *adapter) flush(s *search) {
	n := int64(s.nodes - a.flushed)
	if s.window == 0 {
		n--
	}
	a.run.Stats.Iterations += n
	a.run.Stats.Nodes += n
	a.flushed += uint64(n)
}

// finish reports the placements since the last window.
func (a *adapter) finish(s *search, covered bool) {
	n := int64(s.nodes - a.flushed)
	a.run.Stats.Iterations += n
	a.run.Stats.Nodes += n
	a.flushed = s.nodes
	placed := int64(s.d)
	if covered {
		placed = 0
	}
	a.run.Stats.Backtracks = max(0, a.run.Stats.Nodes-placed)
}
