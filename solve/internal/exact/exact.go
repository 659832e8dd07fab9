// Package exact holds what the complete solvers (backtrack, csp) share:
// turning a search that reports complete boards into Solve, All and Count,
// and folding whole-board turns out of solution counts.
package exact

import (
	"context"
	"iter"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Search runs a complete search, calling found with each solution board
// (owned by the search) until found returns false, the space is exhausted,
// or the run must end.
type Search func(found func(*puzzle.Board) bool)

// First runs search until its first solution and finishes the run: Solved
// with the solution, or Exhausted, or as the run options end it.
//
// A solution that costs 0 ends the run even when the target is below 0
// (solve.WithTarget(-1), say), and then as Exhausted, not Solved: no board
// costs less than 0, so the first such solution is proven the best there
// is, and enumerating the others, all of cost 0, could not improve it.
// Solved would claim the target was met, which no board can do. A solution
// that costs more (a scorer that is not the puzzle's labels) lets the
// search go on for a better one.
func First(run *solve.Run, search Search) (*solve.Result, error) {
	search(func(b *puzzle.Board) bool {
		cost := edge.Cost(run.Problem().Scorer, b)
		if !run.Offer(b, cost) {
			return false
		}
		if cost <= 0 {
			run.End(solve.Exhausted)
			return false
		}
		return true
	})
	return run.Finish(solve.Exhausted)
}

// All adapts a search to a lazy sequence of solutions. start prepares the
// run and the search; its error, or the context ending, is yielded last.
// Breaking out of the loop ends the search; an iteration budget ends the
// sequence silently.
func All(ctx context.Context, start func() (*solve.Run, Search, error)) iter.Seq2[*puzzle.Board, error] {
	return func(yield func(*puzzle.Board, error) bool) {
		run, search, err := start()
		if err != nil {
			yield(nil, err)
			return
		}
		stopped := false
		search(func(b *puzzle.Board) bool {
			if !yield(b.Clone(), nil) {
				stopped = true
				return false
			}
			return true
		})
		if !stopped && run.Status() == solve.Canceled {
			yield(nil, context.Cause(ctx))
		}
	}
}

// Count runs search to the end, counting every solution raw and up to
// whole-board turns, and finishes the run (Exhausted when the count is
// complete).
func Count(run *solve.Run, labels *edge.Labels, search Search) (raw, distinct int64, res *solve.Result, err error) {
	p := run.Problem().Puzzle
	// A warm start's pieces are kept in place, and no turned copy of a
	// solution keeps a piece in its own cell and rotation: then every
	// solution is its own class.
	warm := run.Settings().Initial != nil && run.Settings().Initial.Placed() > 0
	search(func(b *puzzle.Board) bool {
		raw++
		if warm || Canonical(p, labels, b) {
			distinct++
		}
		return true
	})
	res, err = run.Finish(solve.Exhausted)
	return raw, distinct, res, err
}

// Canonical reports whether solution b of p is the least, in cell order, of
// the turned copies of itself that are solutions too, so that counting only
// canonical solutions counts each class of turned solutions once. A puzzle
// whose pieces rotate has every solution turned by 180° as a solution too
// (and by 90° on a square board); fixed pieces or pieces that may not turn
// can break that, so then each turned copy is checked. A warm start's
// pieces are not known here: Count treats them.
func Canonical(p *puzzle.Puzzle, labels *edge.Labels, b *puzzle.Board) bool {
	for _, t := range b.Turns()[1:] {
		tb := b.Turn(t)
		if !p.Rotatable || len(p.Fixed) > 0 {
			if tb.Validate(p) != nil || edge.Cost(labels, tb) != 0 {
				continue
			}
		}
		if less(tb, b) {
			return false
		}
	}
	return true
}

// less orders boards of one size by their cells, piece then rotation.
func less(a, b *puzzle.Board) bool {
	for i := range a.Cells {
		x, y := a.Cells[i], b.Cells[i]
		if x.Piece != y.Piece {
			return x.Piece < y.Piece
		}
		if x.Rotation != y.Rotation {
			return x.Rotation < y.Rotation
		}
	}
	return false
}
