package backtrack

import (
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// state is one search: the board being filled, which pieces are used, and
// an explicit stack of choice points, so that the search can stop and
// resume at a yield without recursion or goroutines.
type state struct {
	run   *solve.Run
	p     *puzzle.Puzzle
	cands *edge.Candidates
	order Order

	board   *puzzle.Board
	used    []bool
	decided []bool // cell filled or chosen as a hole
	// holes is how many more cells may stay empty.
	holes int
	// toFill is how many cells are still undecided.
	toFill int
	// static lists the undecided cells in the order's sequence, or is nil
	// for MostConstrained.
	static []int

	stack []frame
	// recorded is how many choices the board last handed to
	// run.Fallback held.
	recorded int
	scratch  []puzzle.Placement
}

// record hands the run the board, all of whose frames hold a choice, if it
// is deeper than any it had. The deepest partial board is what a stopped
// or exhausted search returns; it is copied only when the search is about
// to leave it (the first undo after a descent to a new depth) or stops
// there, since a descent sets a new record at every step.
func (st *state) record() {
	if len(st.stack) > st.recorded {
		st.run.Fallback(st.board)
		st.recorded = len(st.stack)
	}
}

// frame is a choice point: a cell and the placements left to try in it.
type frame struct {
	cell   int
	cands  []puzzle.Placement
	next   int
	hole   bool // leaving the cell empty is still to try
	placed bool // the cell holds this frame's current choice
}

func (s *Solver) newState(run *solve.Run) (*state, error) {
	prob := run.Problem()
	if _, ok := prob.Scorer.(*edge.Labels); !ok {
		return nil, ErrNotLabels
	}
	p := prob.Puzzle
	cands, err := edge.NewCandidates(p)
	if err != nil {
		return nil, err
	}
	st := &state{
		run:     run,
		p:       p,
		cands:   cands,
		order:   s.order,
		board:   puzzle.NewBoardFor(p),
		used:    make([]bool, len(p.Pieces)),
		decided: make([]bool, p.Cells()),
	}
	if init := run.Settings().Initial; init != nil {
		// A warm start keeps its placements, which were validated
		// against the puzzle by solve.Start.
		copy(st.board.Cells, init.Cells)
	}
	placed := 0
	for i, pl := range st.board.Cells {
		if !pl.IsEmpty() {
			st.used[pl.Piece] = true
			st.decided[i] = true
			placed++
		}
	}
	left := len(p.Pieces) - placed
	st.toFill = p.Cells() - placed
	st.holes = max(0, st.toFill-left)
	if s.order != MostConstrained {
		for _, i := range cellOrder(p.Rows, p.Cols, s.order) {
			if !st.decided[i] {
				st.static = append(st.static, i)
			}
		}
	}
	st.stack = make([]frame, 0, st.toFill)
	return st, nil
}

// search runs the depth-first search, calling found with each complete
// board (owned by the search: copy it to keep it) until found returns false,
// the space is exhausted or the run must end.
func (st *state) search(found func(*puzzle.Board) bool) {
	run := st.run
	if run.Status() != 0 {
		return // ended before it began
	}
	if st.toFill == 0 {
		if st.preplacedFit() {
			found(st.board)
		}
		return
	}
	if !st.preplacedFit() {
		return
	}
	st.push()
	for len(st.stack) > 0 {
		f := &st.stack[len(st.stack)-1]
		if f.placed {
			st.record()
			st.unplace(f)
			run.Stats.Backtracks++
		}
		if !st.advance(f) {
			st.pop()
			continue
		}
		run.Stats.Nodes++
		// A most-constrained node scans the board, so it polls the
		// context itself rather than every 256 steps.
		if !run.Step() || st.order == MostConstrained && run.Done() {
			st.record()
			return
		}
		if st.toFill == 0 {
			if !found(st.board) {
				return
			}
			continue
		}
		st.push()
	}
}

// preplacedFit reports whether the pieces already on the board (fixed or
// from a warm start) fit each other and the rim, since the search checks
// only the cells it fills.
func (st *state) preplacedFit() bool { return edge.Cost(st.cands.Labels(), st.board) == 0 }

// push opens a choice point at the next cell to fill.
func (st *state) push() {
	depth := len(st.stack)
	st.stack = st.stack[:depth+1]
	f := &st.stack[depth]
	var cell int
	if st.static == nil {
		cell = st.mostConstrained()
	} else {
		cell = st.static[depth]
	}
	f.cell, f.next, f.placed = cell, 0, false
	f.cands = st.fitting(f.cands[:0], cell)
	f.hole = st.holes > 0
}

func (st *state) pop() { st.stack = st.stack[:len(st.stack)-1] }

// advance puts the frame's next untried choice in its cell and reports
// whether there was one. Pieces come before the hole.
func (st *state) advance(f *frame) bool {
	for f.next < len(f.cands) {
		pl := f.cands[f.next]
		f.next++
		if st.used[pl.Piece] {
			continue
		}
		st.board.Cells[f.cell] = pl
		st.used[pl.Piece] = true
		st.decided[f.cell] = true
		st.toFill--
		f.placed = true
		return true
	}
	if f.hole {
		f.hole = false
		st.holes--
		st.decided[f.cell] = true
		st.toFill--
		f.placed = true
		return true
	}
	return false
}

// unplace undoes the frame's current choice.
func (st *state) unplace(f *frame) {
	pl := st.board.Cells[f.cell]
	if pl.IsEmpty() {
		st.holes++
	} else {
		st.used[pl.Piece] = false
		st.board.Cells[f.cell] = puzzle.Empty
	}
	st.decided[f.cell] = false
	st.toFill++
	f.placed = false
}

// fitting appends to dst the unused oriented pieces that fit cell given its
// decided neighbours and the rim, leaving out pieces that would show a flat
// side to an undecided cell that can no longer become a hole.
func (st *state) fitting(dst []puzzle.Placement, cell int) []puzzle.Placement {
	c := st.board.CellAt(cell)
	need, ok := st.cands.NeedAt(st.board, c)
	if !ok {
		return dst
	}
	// Sides facing undecided cells must not be flat when no cell may stay
	// empty: a flat side fits nothing inside the board.
	var noFlat [4]bool
	if st.holes == 0 {
		for _, s := range puzzle.Sides {
			n := c.Neighbour(s)
			noFlat[s] = st.board.In(n) && !st.decided[st.board.Index(n)]
		}
	}
	labels := st.cands.Labels()
	for _, pl := range st.cands.Base(need) {
		if st.used[pl.Piece] || !st.cands.Satisfies(pl, need) {
			continue
		}
		if st.holes == 0 && flatToward(labels, pl, &noFlat) {
			continue
		}
		dst = append(dst, pl)
	}
	return dst
}

func flatToward(labels *edge.Labels, pl puzzle.Placement, noFlat *[4]bool) bool {
	for _, s := range puzzle.Sides {
		if noFlat[s] && labels.Edge(pl, s) == puzzle.Flat {
			return true
		}
	}
	return false
}

// mostConstrained returns the undecided cell with the fewest choices among
// those beside a decided cell (the first in row-major order on a tie), or,
// before anything is decided, among the rim cells. A cell with at most one
// choice is returned at once: the search fails or is forced there.
func (st *state) mostConstrained() int {
	best, bestN := -1, int(^uint(0)>>1)
	for _, rimOnly := range [2]bool{false, true} {
		for i, d := range st.decided {
			if d || !st.constrained(i, rimOnly) {
				continue
			}
			st.scratch = st.fitting(st.scratch[:0], i)
			n := len(st.scratch)
			if st.holes > 0 {
				n++
			}
			if n < bestN {
				best, bestN = i, n
				if n <= 1 {
					return best
				}
			}
		}
		if best >= 0 {
			return best
		}
	}
	for i, d := range st.decided {
		if !d {
			return i
		}
	}
	return -1
}

// constrained reports whether cell i is beside a decided cell or, when
// rimOnly is set, on the rim of the board.
func (st *state) constrained(i int, rimOnly bool) bool {
	b := st.board
	c := b.CellAt(i)
	for _, s := range puzzle.Sides {
		n := c.Neighbour(s)
		if !b.In(n) {
			if rimOnly {
				return true
			}
			continue
		}
		if !rimOnly && st.decided[b.Index(n)] {
			return true
		}
	}
	return false
}

// plainTurns returns a test of whether a solution turns every piece the
// search placed by the least of the turns that show its labels, so that
// counting the boards it accepts counts each arrangement once
// (Count.Arrangements).
func (st *state) plainTurns() func(*puzzle.Board) bool {
	p := st.p
	least := make([]puzzle.Rotation, 4*len(p.Pieces))
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		for r := puzzle.Rotation(0); r < 4; r++ {
			least[4*id+int(r)] = r
			for _, q := range p.Turns() {
				if q < r && pc.Turned(q) == pc.Turned(r) {
					least[4*id+int(r)] = q
					break
				}
			}
		}
	}
	pre := slices.Clone(st.decided)
	return func(b *puzzle.Board) bool {
		for i, pl := range b.Cells {
			if !pl.IsEmpty() && !pre[i] && least[4*int(pl.Piece)+int(pl.Rotation)] != pl.Rotation {
				return false
			}
		}
		return true
	}
}
