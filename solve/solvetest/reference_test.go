package solvetest

import (
	"context"
	"iter"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Two small solvers written only with package solve's book-keeping: they
// keep the contract, so the suite must pass them, and the broken solvers of
// solvetest_test.go are built from them.

// exhaustive is a complete solver: depth-first over the cells in row-major
// order, trying every unused piece in every allowed rotation and, while
// pieces are short, a hole. It prunes any join or rim side that costs
// anything, so it finds the boards of cost 0.
type exhaustive struct{}

// search is one depth-first search of exhaustive.
type search struct {
	p      *puzzle.Puzzle
	sc     edge.Scorer
	fs     edge.FrameScorer
	b      *puzzle.Board
	used   []bool
	fixed  []bool
	holes  int
	node   func() bool
	leaf   func(b *puzzle.Board) bool
	deeper func(b *puzzle.Board)
	depth  int
}

func newSearch(p solve.Problem) *search {
	s := &search{p: p.Puzzle, sc: p.Scorer, b: puzzle.NewBoardFor(p.Puzzle)}
	s.fs, _ = p.Scorer.(edge.FrameScorer)
	s.used = make([]bool, len(s.p.Pieces))
	s.fixed = make([]bool, len(s.b.Cells))
	for _, f := range s.p.Fixed {
		s.used[f.Placement.Piece] = true
		s.fixed[s.b.Index(f.Cell)] = true
	}
	s.holes = s.p.Missing()
	return s
}

func (s *search) fits(i int, pl puzzle.Placement) bool {
	c := s.b.CellAt(i)
	for _, side := range puzzle.Sides {
		nb := c.Neighbour(side)
		if !s.b.In(nb) {
			if s.fs != nil && s.fs.ScoreFrame(pl, side) != 0 {
				return false
			}
			continue
		}
		if o := s.b.At(nb); !o.IsEmpty() && s.sc.Score(pl, side, o) != 0 {
			return false
		}
	}
	return true
}

// fill decides cell i and the cells after it; it returns false once the
// search must stop.
func (s *search) fill(i int) bool {
	if !s.node() {
		return false
	}
	if i == len(s.b.Cells) {
		return s.leaf(s.b)
	}
	if i > s.depth {
		s.depth = i
		if s.deeper != nil {
			s.deeper(s.b)
		}
	}
	if s.fixed[i] {
		return !s.fits(i, s.b.Cells[i]) || s.fill(i+1)
	}
	if s.holes > 0 {
		s.holes--
		ok := s.fill(i + 1)
		s.holes++
		if !ok {
			return false
		}
	}
	for id := range s.p.Pieces {
		if s.used[id] {
			continue
		}
		for _, r := range s.p.Turns() {
			pl := puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: r}
			if !s.fits(i, pl) {
				continue
			}
			s.used[id] = true
			s.b.Cells[i] = pl
			ok := s.fill(i + 1)
			s.b.Cells[i] = puzzle.Empty
			s.used[id] = false
			if !ok {
				return false
			}
		}
	}
	return true
}

func (exhaustive) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	r, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	s := newSearch(r.Problem())
	s.node = func() bool {
		r.Stats.Nodes++
		return r.Step()
	}
	s.leaf = func(b *puzzle.Board) bool {
		r.Stats.Evaluations++
		return r.Offer(b, edge.Cost(s.sc, b))
	}
	s.deeper = r.Fallback
	s.fill(0)
	return r.Finish(solve.Exhausted)
}

// All yields every board of cost 0, and a cancelled context as an error.
func (exhaustive) All(ctx context.Context, p solve.Problem, opts ...solve.Option) iter.Seq2[*puzzle.Board, error] {
	return func(yield func(*puzzle.Board, error) bool) {
		p, err := p.Prepare()
		if err != nil {
			yield(nil, err)
			return
		}
		if set := solve.NewSettings(opts...); set.Initial != nil {
			if err := set.Initial.Validate(p.Puzzle); err != nil {
				yield(nil, err)
				return
			}
		}
		s := newSearch(p)
		nodes := 0
		// Poll the context every 256 nodes, as solve.Run does.
		s.node = func() bool {
			nodes++
			return nodes&255 != 0 || ctx.Err() == nil
		}
		broke := false
		s.leaf = func(b *puzzle.Board) bool {
			broke = !yield(b.Clone(), nil)
			return !broke
		}
		if !s.fill(0) && !broke {
			yield(nil, ctx.Err())
		}
	}
}

// descent is an incomplete solver: a random arrangement improved by random
// swaps and turns that do not raise the cost, forever or until the budget
// ends. It ignores WithWorkers, as the contract allows.
type descent struct{}

func (descent) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	r, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	pz, sc, rng := r.Problem().Puzzle, r.Problem().Scorer, r.Rand()
	b := puzzle.NewBoardFor(pz)
	if init := r.Settings().Initial; init != nil {
		b = init.Clone()
	}
	var free []int // cells a move may change
	pinned := make([]bool, len(pz.Pieces))
	for _, f := range pz.Fixed {
		pinned[f.Placement.Piece] = true
	}
	on := make([]bool, len(pz.Pieces))
	for i, pl := range b.Cells {
		if !pl.IsEmpty() {
			on[pl.Piece] = true
		}
		if pl.IsEmpty() || !pinned[pl.Piece] {
			free = append(free, i)
		}
	}
	// spare holds the pieces off the board, in random order.
	var spare []puzzle.PieceID
	for id := range pz.Pieces {
		if !on[id] {
			spare = append(spare, puzzle.PieceID(id))
		}
	}
	rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	turns := pz.Turns()
	for _, i := range free {
		if b.Cells[i].IsEmpty() && len(spare) > 0 {
			b.Cells[i] = puzzle.Placement{Piece: spare[0], Rotation: turns[rng.IntN(len(turns))]}
			spare = spare[1:]
		}
	}
	cost := edge.Cost(sc, b)
	r.Stats.Evaluations++
	if r.Offer(b, cost) && len(free) > 0 {
		for r.Step() {
			i := free[rng.IntN(len(free))]
			old := b.Cells[i]
			j, k := -1, -1
			switch {
			case len(spare) > 0 && rng.IntN(4) == 0:
				// Swap the cell's piece with one off the board.
				k = rng.IntN(len(spare))
				b.Cells[i] = puzzle.Placement{Piece: spare[k], Rotation: turns[rng.IntN(len(turns))]}
			case len(turns) > 1 && rng.IntN(3) == 0 && !old.IsEmpty():
				b.Cells[i].Rotation = turns[rng.IntN(len(turns))]
			default:
				j = free[rng.IntN(len(free))]
				b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]
			}
			next := edge.Cost(sc, b)
			r.Stats.Evaluations++
			if next > cost {
				if j >= 0 {
					b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]
				}
				b.Cells[i] = old
				continue
			}
			if k >= 0 {
				spare[k] = old.Piece
				if old.IsEmpty() {
					spare = append(spare[:k], spare[k+1:]...)
				}
			}
			cost = next
			if !r.Offer(b, cost) {
				break
			}
		}
	}
	return r.Finish(solve.IterationLimit)
}
