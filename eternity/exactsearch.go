package eternity

import (
	"context"
	"errors"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// errNilContext reports a nil context.
var errNilContext = errors.New("eternity: nil context")

// pollEvery is how many placements pass between two looks at the
// context: at tens of millions of placements a second, about a
// millisecond.
const pollEvery = 1 << 16

// frame is the search's choice point at one depth: its step, the rest
// of the candidate run and the element placed, kept together so that
// the loop reads one struct per level.
type frame struct {
	step
	pos, end int32
	elem     int32
}

// mates holds what a placed piece asks of its right and bottom
// neighbours: the labels they must show on their left and top, the
// first premultiplied by the key's stride.
type mates struct{ r, b int32 }

// search is one run of an Exact: the mutable state that the immutable
// tables drive. The search below depth base is fixed (a branch's
// prefix); it ends when depth base runs out of candidates.
type search struct {
	x      *Exact
	used   []bool  // per piece
	cm     []mates // per cell, and one past the board that stays flat
	frames []frame
	base   int // the depth below which the search does not go back
	last   int // the depth whose placements complete a solution
	// The position to go on from: depth d, whose candidates run from
	// pos to end.
	d        int
	pos, end int32
	done     bool // the search space below base is covered

	nodes     uint64
	solutions uint64
	// tick is called every window placements, before the next one; it
	// returns the next window, or 0 to stop. Nil polls ctx.
	ctx    context.Context
	tick   func(s *search) int64
	window int64
}

// newSearch returns a search at its start, with the preplaced pieces in.
func (x *Exact) newSearch(ctx context.Context) *search {
	s := &search{
		x:      x,
		used:   make([]bool, len(x.p.Pieces)),
		cm:     make([]mates, x.cells+1),
		frames: make([]frame, len(x.steps)+1),
		ctx:    ctx,
		window: pollEvery,
		last:   len(x.steps) - 1,
	}
	for c, e := range x.preplaced {
		if e >= 0 {
			s.used[e>>2] = true
			s.cm[c] = mates{x.mateR[e] * x.ncol, x.mateB[e]}
		}
	}
	for i, st := range x.steps {
		s.frames[i].step = st
	}
	s.open()
	if !x.fits {
		s.done = true
	}
	return s
}

// open sets the position to the start of depth d's candidates.
func (s *search) open() {
	if s.d >= len(s.x.steps) {
		s.pos, s.end = 0, 0
		return
	}
	f := &s.frames[s.d]
	k := f.off + s.cm[f.l].r + s.cm[f.t].b
	s.pos, s.end = s.x.starts[k], s.x.starts[k+1]
}

// push places element e at the current depth, as the search would, and
// opens the next depth. It reports false, changing nothing, when e is not
// among the depth's remaining candidates or its piece is in use.
func (s *search) push(e int32) bool {
	if s.d >= len(s.x.steps) || e < 0 || int(e>>2) >= len(s.used) || s.used[e>>2] {
		return false
	}
	i := s.pos
	for i < s.end && s.x.cands[i].elem != e {
		i++
	}
	if i == s.end {
		return false
	}
	c := s.x.cands[i]
	f := &s.frames[s.d]
	f.pos, f.end, f.elem = i+1, s.end, e
	s.used[e>>2] = true
	s.cm[f.cell] = mates{c.r, c.b}
	s.d++
	s.open()
	return true
}

// poll is the tick of a plain search: it stops when ctx ends.
func (s *search) poll() int64 {
	if s.tick != nil {
		return s.tick(s)
	}
	select {
	case <-s.ctx.Done():
		return 0
	default:
		return pollEvery
	}
}

// run goes on with the search until the space below base is covered,
// found returns false, or a tick stops it. found is called with every
// solution (the frames hold it) and says whether to go on. run reports
// whether the space was covered.
func (s *search) run(found func() bool) bool {
	x := s.x
	if s.done {
		return true
	}
	if s.last < s.base {
		// Nothing to fill: the fixed pieces, if they fit, are the
		// one solution.
		s.done = true
		found()
		return true
	}
	if x.small != nil {
		return s.runSmall(found)
	}
	var (
		cands  = x.cands
		last   = s.last
		starts = x.starts
		used   = s.used
		cm     = s.cm
		frames = s.frames
		base   = s.base
		d      = s.d
		f      = &frames[d]
		pos    = s.pos
		end    = s.end
		nodes  = s.nodes
		left   = s.window
	)
	for {
		for pos < end && used[cands[pos].elem>>2] {
			pos++
		}
		if pos == end {
			if d == base {
				s.d, s.pos, s.end, s.nodes, s.done = d, pos, end, nodes, true
				return true
			}
			d--
			f = &frames[d]
			used[f.elem>>2] = false
			pos, end = f.pos, f.end
			continue
		}
		if left == 0 {
			s.d, s.pos, s.end, s.nodes = d, pos, end, nodes
			if left = s.poll(); left == 0 {
				return false
			}
		}
		left--
		nodes++
		c := cands[pos]
		pos++
		f.pos, f.end, f.elem = pos, end, c.elem
		if d == last {
			s.d, s.pos, s.end, s.nodes, s.window = d, pos, end, nodes, left
			if !found() {
				return false
			}
			continue
		}
		used[c.elem>>2] = true
		cm[f.cell] = mates{c.r, c.b}
		d++
		f = &frames[d]
		k := f.off + cm[f.l].r + cm[f.t].b
		pos, end = starts[k], starts[k+1]
	}
}

// factor returns how many boards the solution on the frames stands for:
// the product of its folded pieces' equivalent turns.
func (s *search) factor() uint64 {
	if !s.x.cfg.fold {
		return 1
	}
	f := uint64(1)
	for _, fr := range s.frames[:len(s.x.steps)] {
		f *= uint64(s.x.mult[fr.elem])
	}
	return f
}

// board writes the search's first n placements, with the preplaced
// pieces, on b, emptying the other cells.
func (s *search) board(b *puzzle.Board, n int) {
	x := s.x
	for c, e := range x.preplaced {
		b.Cells[c] = puzzle.Empty
		if e >= 0 {
			b.Cells[c] = puzzle.Placement{Piece: puzzle.PieceID(e >> 2), Rotation: puzzle.Rotation(e & 3)}
		}
	}
	for i, fr := range s.frames[:n] {
		b.Cells[x.steps[i].cell] = puzzle.Placement{Piece: puzzle.PieceID(fr.elem >> 2), Rotation: puzzle.Rotation(fr.elem & 3)}
	}
}

// status turns how run ended into a status.
func status(covered bool, solved bool) solve.Status {
	switch {
	case solved:
		return solve.Solved
	case covered:
		return solve.Exhausted
	}
	return solve.Canceled
}

// First returns the first solution in the search order, or nil when
// there is none (status Exhausted) or ctx ended the search first (status
// Canceled, err nil). The error is non-nil only for a nil context.
func (x *Exact) First(ctx context.Context) (*puzzle.Board, ExactStats, error) {
	start := time.Now()
	if ctx == nil {
		return nil, ExactStats{}, errNilContext
	}
	s := x.newSearch(ctx)
	var b *puzzle.Board
	covered := s.run(func() bool {
		b = puzzle.NewBoardFor(x.p)
		s.board(b, len(x.steps))
		return false
	})
	return b, ExactStats{Nodes: s.nodes, Runtime: time.Since(start), Status: status(covered, b != nil)}, nil
}

// Count counts the solution boards: every board that fills the cells,
// fits the rim and every join, and keeps the fixed pieces (and the pin).
// Boards that differ only in the turn of a symmetric piece count
// separately. When ctx ends the search first, the count so far comes
// back with status Canceled.
func (x *Exact) Count(ctx context.Context) (uint64, ExactStats, error) {
	start := time.Now()
	if ctx == nil {
		return 0, ExactStats{}, errNilContext
	}
	s := x.newSearch(ctx)
	covered := s.run(func() bool {
		s.solutions += s.factor()
		return true
	})
	return s.solutions, ExactStats{Nodes: s.nodes, Runtime: time.Since(start), Status: status(covered, false)}, nil
}
