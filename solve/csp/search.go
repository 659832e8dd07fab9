package csp

import (
	"math/bits"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// search runs the depth-first search, calling found with each complete
// board (owned by the search: copy it to keep it) until found returns false,
// the space is exhausted or the run must end. It is the thesis's Fit Piece
// with an explicit stack in place of recursion, so that All can stop and
// resume it without goroutines.
func (st *state) search(found func(*puzzle.Board) bool) {
	run := st.run
	// A context that ended before the start, or during the set-up of a
	// large board, ends the run before any node: a small puzzle might
	// otherwise be refuted before the first periodic look at it.
	if run.Done() || !st.root() || run.Done() {
		return
	}
	if st.toFill == 0 {
		found(st.board)
		return
	}
	st.push()
	for len(st.stack) > 0 {
		f := &st.stack[len(st.stack)-1]
		if f.placed {
			// The board may still be the deepest one reached: keep it
			// before the first undo.
			st.flushDeepest()
			st.retract(f)
			run.Stats.Backtracks++
		}
		if !st.advance(f) {
			st.stack = st.stack[:len(st.stack)-1]
			continue
		}
		run.Stats.Nodes++
		if !run.Step() {
			st.flushDeepest()
			return
		}
		ok := st.propagate(f)
		if st.aborted {
			st.flushDeepest()
			return
		}
		if !ok {
			continue
		}
		depth := len(st.stack)
		st.stats.maxDepth = max(st.stats.maxDepth, depth)
		if st.toFill == 0 {
			if !found(st.board) {
				return
			}
			continue
		}
		if depth > st.deepest {
			// The deepest partial board is what a stopped or exhausted
			// search returns; it is copied only when the search is about
			// to leave it, since a descent sets a new record at every
			// step.
			st.deepest = depth
			st.recordPending = true
		}
		st.push()
	}
}

// flushDeepest hands the deepest board to the run if it was not yet copied.
func (st *state) flushDeepest() {
	if st.recordPending {
		st.run.Fallback(st.board)
		st.recordPending = false
	}
}

// root sets up the search: it places the pre-placed pieces (fixed, or from
// a warm start), checks that they fit, restricts their neighbours and, under
// arc consistency, runs the thesis's initial Trim List. It reports false
// when that already leaves no solution.
func (st *state) root() bool {
	m := st.m
	st.atRoot = true
	defer func() { st.atRoot = false }()
	placed := 0
	for c, pl := range st.board.Cells {
		if pl.IsEmpty() {
			continue
		}
		st.cstate[c] = decided
		st.untouched[m.kind[c]]--
		st.use(int32(pl.Piece), true)
		placed++
	}
	st.toFill = m.cells - placed
	st.holes = max(0, st.toFill-(len(m.p.Pieces)-placed))
	if !st.preplacedFit() {
		return false
	}
	if st.prop == ArcConsistency {
		for c, cs := range st.cstate {
			if cs == untouched {
				st.touch(int32(c))
			}
		}
	}
	for c, pl := range st.board.Cells {
		if pl.IsEmpty() {
			continue
		}
		var fit [4]int32
		for _, s := range puzzle.Sides {
			fit[s] = m.fitFor(m.labels.Edge(pl, s))
		}
		st.forward(int32(c), &fit)
	}
	ok := st.forcedHoles() <= st.holes
	if ok && st.prop == ArcConsistency && st.holes == 0 {
		for _, c := range st.openCells[:st.nOpen] {
			st.enqueueFull(c)
		}
		ok = st.arcConsistency()
	}
	st.clearQueue()
	return ok
}

// preplacedFit reports whether the pre-placed pieces fit each other and the
// rim, since the search checks only the cells it fills.
func (st *state) preplacedFit() bool { return edge.Cost(st.m.labels, st.board) == 0 }

// push opens a choice point at the next cell the order picks.
func (st *state) push() {
	c := st.choose()
	if st.cstate[c] == untouched {
		st.touch(c)
	}
	st.stack = append(st.stack, frame{
		cell:   c,
		hole:   st.holes > 0,
		mark:   len(st.trail),
		holes:  st.holes,
		toFill: st.toFill,
		empty:  st.empty,
	})
}

// advance puts the frame's next untried choice in its cell and reports
// whether there was one: the elements of the cell's domain in increasing
// order, then the hole if a cell may still stay empty.
func (st *state) advance(f *frame) bool {
	if e := st.nextElement(f.cell, f.next); e >= 0 {
		f.next = e + 1
		st.board.Cells[f.cell] = st.m.placement(e)
		st.use(st.m.piece(e), true)
		st.settle(f, false)
		return true
	}
	f.next = int32(st.m.elems)
	if f.hole {
		f.hole = false
		if st.size[f.cell] == 0 {
			st.empty--
		}
		st.holes--
		st.settle(f, true)
		return true
	}
	return false
}

// nextElement returns the least element of open cell c's domain at or
// after from, or -1.
func (st *state) nextElement(c, from int32) int32 {
	if int(from) >= st.m.elems {
		return -1
	}
	d, ix := st.cellDomain(c), st.cellIndex(c)
	w := int(from >> 6)
	// The rest of the first word, then the next non-zero words.
	if x := d[w] & (^uint64(0) << (from & 63)); x != 0 {
		return int32(w<<6 + bits.TrailingZeros64(x))
	}
	w++
	for i := w >> 6; i < len(ix); i++ {
		y := ix[i]
		if i == w>>6 {
			y &= ^uint64(0) << (w & 63)
		}
		if y != 0 {
			w = i<<6 + bits.TrailingZeros64(y)
			return int32(w<<6 + bits.TrailingZeros64(d[w]))
		}
	}
	return -1
}

// settle marks the frame's cell decided by its current choice.
func (st *state) settle(f *frame, hole bool) {
	st.cstate[f.cell] = decided
	st.removeOpen(f.cell)
	st.toFill--
	f.placed, f.isHole = true, hole
}

// retract undoes the frame's current choice and everything its
// propagation did.
func (st *state) retract(f *frame) {
	st.undo(f.mark)
	if !f.isHole {
		pl := st.board.Cells[f.cell]
		st.use(int32(pl.Piece), false)
		st.board.Cells[f.cell] = puzzle.Empty
	}
	st.cstate[f.cell] = open
	st.addOpen(f.cell)
	st.holes, st.toFill, st.empty = f.holes, f.toFill, f.empty
	f.placed = false
}

// propagate narrows the domains after the frame's choice: forward checking
// for a piece, and under arc consistency the Trim List fixpoint whenever no
// cell may stay empty (while one may, any neighbour can turn out a hole
// and every element has support). It reports false when some undecided
// cell is left with nothing although no hole remains for it.
func (st *state) propagate(f *frame) bool {
	ac := st.prop == ArcConsistency
	if f.isHole {
		// A hole constrains nothing, but its neighbours are opened so
		// that an untouched cell never has a decided neighbour, which
		// choose relies on.
		for _, s := range puzzle.Sides {
			if n := st.m.link[4*f.cell+int32(s)]; n >= 0 && st.cstate[n] == untouched {
				st.touch(n)
			}
		}
		ok := st.forcedHoles() <= st.holes
		if ok && ac && st.holes == 0 && f.holes == 1 {
			// The last hole is taken: supports through a hole are gone.
			for _, c := range st.openCells[:st.nOpen] {
				st.enqueueFull(c)
			}
			ok = st.arcConsistency()
		}
		st.clearQueue()
		return ok
	}
	m := st.m
	e := int32(f.next - 1)
	st.allDifferent(m.piece(e))
	var fit [4]int32
	for _, s := range puzzle.Sides {
		fit[s] = m.mate[m.lid[4*e+int32(s)]]
	}
	st.forward(f.cell, &fit)
	ok := st.forcedHoles() <= st.holes
	if ok && ac && st.holes == 0 {
		ok = st.arcConsistency()
	}
	st.clearQueue()
	return ok
}

// choose returns the undecided cell to fill next.
//
// The dynamic orders look at the open cells and, for each kind of cell, at
// the first untouched one: an untouched cell has no decided neighbour (a
// placed piece opens its neighbours, a hole too), so all untouched cells of
// one kind have the same domain and the same number of undecided
// neighbours, and the first of them in row-major order is the one a scan
// of the whole board would pick.
func (st *state) choose() int32 {
	if st.order == RowMajor {
		// Every cell before the parent's is decided.
		from := int32(0)
		if n := len(st.stack); n > 0 {
			from = st.stack[n-1].cell + 1
		}
		for c := from; ; c++ {
			if st.cstate[c] != decided {
				return c
			}
		}
	}
	if st.order == ThesisOrder && len(st.stack) == 0 && st.cstate[st.centre] != decided {
		return st.centre
	}
	thesis := st.order == ThesisOrder
	best := candidate{cell: -1}
	for _, c := range st.openCells[:st.nOpen] {
		x := candidate{cell: c, size: int(st.size[c])}
		if thesis && (best.cell < 0 || x.size <= best.size) {
			x.free = st.undecidedNeighbours(c)
		}
		if x.before(best) {
			best = x
		}
	}
	for _, k := range st.m.kinds {
		if st.untouched[k] == 0 {
			continue
		}
		c := st.firstUntouched(k)
		x := candidate{cell: c, size: st.m.initSize[k] - int(st.kindUsed[k])}
		if thesis {
			x.free = 4 - bits.OnesCount8(k)
		}
		if x.before(best) {
			best = x
		}
	}
	return best.cell
}

// candidate is a cell with what the orders rank it by: the size of its
// domain, then (for ThesisOrder; 0 otherwise) its number of undecided
// neighbours, then its place in row-major order. The thesis's listing
// compares ties against the neighbour count of the first undecided cell
// even after a cell with a smaller domain has replaced it; this compares
// against the current choice, as its text intends.
type candidate struct {
	cell       int32
	size, free int
}

// before reports whether x ranks before y; a cell of -1 ranks last.
func (x candidate) before(y candidate) bool {
	switch {
	case y.cell < 0:
		return true
	case x.size != y.size:
		return x.size < y.size
	case x.free != y.free:
		return x.free < y.free
	}
	return x.cell < y.cell
}

// undecidedNeighbours counts the cells beside c, on the board, that are
// undecided: the thesis's count of unfilled linked slots.
func (st *state) undecidedNeighbours(c int32) int {
	n := 0
	for _, s := range puzzle.Sides {
		if x := st.m.link[4*c+int32(s)]; x >= 0 && st.cstate[x] != decided {
			n++
		}
	}
	return n
}
