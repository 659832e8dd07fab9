package esp

import (
	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// outcome is how a search ended.
type outcome uint8

const (
	failed outcome = iota // no solution below this node
	found                 // a solution was offered
	halted                // the run must end: budget, context or observer
)

// engine is the depth-first search all three methods share: the thesis's
// CSP of chapter 4 with forward checking over every cell next to a placed
// piece and the minimum-remaining-values order, ties to the first cell in
// row-major order.
//
// Two modes differ in how a cell may stay empty. For Fit Blank First the
// empty cells are chosen before the search (hole): they are unlinked from
// the board, so the sides facing them are free, and every other cell must
// receive a piece. For the wildcard the search itself may leave a cell
// empty (blank) while blanks remain, and a side facing an empty cell, or
// a cell that may still become one, fits anything.
type engine struct {
	p      *puzzle.Puzzle
	cands  *edge.Candidates
	labels *edge.Labels
	run    *solve.Run
	wild   bool
	// blankFirst tries a cell empty before trying pieces there.
	blankFirst bool

	board *puzzle.Board
	// hole marks the cells that stay empty: chosen up front for FBF,
	// decided by the search for the wildcard.
	hole []bool
	used []bool
	// free counts unused pieces, toFill undecided cells and blanks the
	// cells the wildcard may still leave empty.
	free, toFill, blanks int

	depth, deepest int
	// work counts the cells and pieces looked at since the context was
	// last polled. A node of a large board with many holes scans every
	// cell, so polling once per so many nodes (as Step does) would leave
	// a cancelled run going for seconds; polling by work keeps the delay
	// to the time of pollWork cells, whatever the board.
	work int
	// bufs[d] holds the options of the cell chosen at depth d; spare is
	// scratch for the cell being compared.
	bufs  [][]puzzle.Placement
	spare []puzzle.Placement
}

// pollWork is the work between two polls of the context: some tens of
// microseconds of scanning, so that polling costs nothing measurable.
const pollWork = 1 << 14

// stopped is the cell choose returns when the run must end.
const stopped = -2

// busy counts n units of work and reports whether the run must end,
// polling the context once enough work has been done since the last poll.
func (e *engine) busy(n int) bool {
	e.work += n
	if e.work < pollWork {
		return false
	}
	e.work = 0
	return e.run.Done()
}

// newEngine prepares a search of the run's puzzle starting from base, a
// board holding the fixed pieces and any warm start.
func newEngine(run *solve.Run, labels *edge.Labels, cands *edge.Candidates, base *puzzle.Board, wild bool) *engine {
	p := run.Problem().Puzzle
	e := &engine{
		p:      p,
		cands:  cands,
		labels: labels,
		run:    run,
		wild:   wild,
		board:  base.Clone(),
		hole:   make([]bool, p.Cells()),
		used:   make([]bool, len(p.Pieces)),
		bufs:   make([][]puzzle.Placement, p.Cells()+1),
	}
	return e
}

// reset empties the board back to base and makes the given cells holes.
func (e *engine) reset(base *puzzle.Board, holes []int) {
	copy(e.board.Cells, base.Cells)
	clear(e.hole)
	clear(e.used)
	e.free = len(e.p.Pieces)
	e.toFill = 0
	for _, pl := range base.Cells {
		if !pl.IsEmpty() {
			e.used[pl.Piece] = true
			e.free--
		}
	}
	for _, c := range holes {
		e.hole[c] = true
	}
	for i, pl := range base.Cells {
		if pl.IsEmpty() && !e.hole[i] {
			e.toFill++
		}
	}
	e.blanks = 0
	if e.wild {
		e.blanks = max(0, e.toFill-e.free)
	}
	e.depth = 0
	e.work += 2 * len(base.Cells)
}

// solve searches from the current board. It reports found after offering
// a solution to the run.
func (e *engine) solve() outcome {
	if e.toFill == 0 {
		cost := edge.Cost(e.run.Problem().Scorer, e.board)
		e.run.Stats.Evaluations++
		if !e.run.Offer(e.board, cost) && e.run.Status() != solve.Solved {
			return halted
		}
		return found
	}
	if e.free+e.blanks < e.toFill {
		return failed
	}
	if !e.run.Step() {
		return halted
	}
	e.run.Stats.Nodes++
	cell, opts, blank := e.choose()
	switch {
	case cell == stopped:
		return halted
	case cell < 0:
		return failed
	}
	c := e.board.CellAt(cell)
	if blank && e.blankFirst {
		if r := e.leaveBlank(cell); r != failed {
			return r
		}
	}
	for _, pl := range opts {
		e.board.Set(c, pl)
		e.used[pl.Piece] = true
		e.free--
		e.toFill--
		e.down()
		r := e.solve()
		e.depth--
		e.toFill++
		e.free++
		e.used[pl.Piece] = false
		e.board.Set(c, puzzle.Empty)
		if r != failed {
			return r
		}
		e.run.Stats.Backtracks++
	}
	if blank && !e.blankFirst {
		return e.leaveBlank(cell)
	}
	return failed
}

// leaveBlank tries cell i empty.
func (e *engine) leaveBlank(i int) outcome {
	e.hole[i] = true
	e.blanks--
	e.toFill--
	e.down()
	r := e.solve()
	e.depth--
	e.toFill++
	e.blanks++
	e.hole[i] = false
	if r == failed {
		e.run.Stats.Backtracks++
	}
	return r
}

// down records a step deeper and keeps the deepest board as the run's
// fallback, so that a run that ends early returns its most complete board.
func (e *engine) down() {
	e.depth++
	if e.depth > e.deepest {
		e.deepest = e.depth
		e.run.Fallback(e.board)
	}
}

// choose returns the undecided cell with the fewest options, its pieces
// (in a buffer owned by the current depth) and whether it may stay blank,
// or -1 when some cell has no option at all, or stopped when the run must
// end. The cells considered are those
// next to a placed piece; when there are none (at the start, or on an
// island the holes cut off), the undecided cells with the most sides on the
// rim, where the frame leaves fewest pieces.
func (e *engine) choose() (int, []puzzle.Placement, bool) {
	// The options of the best cell so far live in bestBuf; the cell being
	// compared is listed into e.spare, and the two swap when it wins. Only
	// this depth's buffer and the shared spare are touched, so the lists
	// of shallower depths, still being walked, stay intact.
	best, bestN, bestBlank := -1, 0, false
	bestBuf := e.bufs[e.depth][:0]
	consider := func(i int) bool {
		opts, blank := e.options(i, e.spare[:0])
		n := len(opts)
		if blank {
			n++
		}
		if best < 0 || n < bestN {
			best, bestN, bestBlank = i, n, blank
			bestBuf, e.spare = opts, bestBuf
		} else {
			e.spare = opts
		}
		return n > 0
	}
	defer func() { e.bufs[e.depth] = bestBuf }()
	frontier := false
	for i, pl := range e.board.Cells {
		if e.busy(1) {
			return stopped, nil, false
		}
		if !pl.IsEmpty() || e.hole[i] || !e.touchesPiece(i) {
			continue
		}
		frontier = true
		if !consider(i) {
			return -1, nil, false
		}
	}
	if !frontier {
		most := -1
		for i, pl := range e.board.Cells {
			if e.busy(1) {
				return stopped, nil, false
			}
			if pl.IsEmpty() && !e.hole[i] {
				most = max(most, e.rimSides(i))
			}
		}
		for i, pl := range e.board.Cells {
			if e.busy(1) {
				return stopped, nil, false
			}
			if pl.IsEmpty() && !e.hole[i] && e.rimSides(i) == most {
				if !consider(i) {
					return -1, nil, false
				}
			}
		}
	}
	return best, bestBuf, bestBlank
}

// touchesPiece reports whether cell i has a placed neighbour.
func (e *engine) touchesPiece(i int) bool {
	c := e.board.CellAt(i)
	for _, s := range puzzle.Sides {
		if !e.board.At(c.Neighbour(s)).IsEmpty() {
			return true
		}
	}
	return false
}

// rimSides counts the sides of cell i on the board's rim.
func (e *engine) rimSides(i int) int {
	c := e.board.CellAt(i)
	n := 0
	for _, s := range puzzle.Sides {
		if !e.board.In(c.Neighbour(s)) {
			n++
		}
	}
	return n
}

// options appends to dst the unused oriented pieces that fit cell i, and
// reports whether the cell may stay blank (wildcard only). A piece fits
// when it shows flat sides on the rim, fits every placed neighbour, and
// shows no flat side towards a cell that must receive a piece; towards a
// cell the wildcard may still leave empty a flat side is allowed.
func (e *engine) options(i int, dst []puzzle.Placement) ([]puzzle.Placement, bool) {
	c := e.board.CellAt(i)
	blank := e.wild && e.blanks > 0
	need := edge.Free
	var mustFill [4]bool
	rule := e.labels.Rule()
	for _, s := range puzzle.Sides {
		n := c.Neighbour(s)
		if !e.board.In(n) {
			need[s] = puzzle.Flat
			continue
		}
		o := e.board.At(n)
		if o.IsEmpty() {
			mustFill[s] = !e.hole[e.board.Index(n)] && !blank
			continue
		}
		l := e.labels.Edge(o, s.Opposite())
		if l == puzzle.Flat {
			// A flat side faces this cell: no piece fits it, so only
			// a blank may go here.
			return dst, blank
		}
		need[s] = rule.Mate(l)
	}
	base := e.cands.Base(need)
	e.work += len(base)
	for _, pl := range base {
		if e.used[pl.Piece] || !e.cands.Satisfies(pl, need) {
			continue
		}
		ok := true
		for _, s := range puzzle.Sides {
			if mustFill[s] && e.labels.Edge(pl, s) == puzzle.Flat {
				ok = false
				break
			}
		}
		if ok {
			dst = append(dst, pl)
		}
	}
	return dst, blank
}
