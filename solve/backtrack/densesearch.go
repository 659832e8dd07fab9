package backtrack

import (
	"math"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// window returns how many placements the search may make before it calls
// run.Step for the last of them. The window ends where Step has something
// to do: a context poll, a Progress event, the iteration budget or the
// stall limit, so that counting the placements before it in bulk changes
// nothing Step would have done one at a time.
func (dn *dense) window() int64 {
	it := dn.run.Stats.Iterations
	end := (it/pollEvery + 1) * pollEvery
	if pe := dn.set.ProgressEvery; pe > 0 {
		end = min(end, (it/pe+1)*pe)
	}
	if m := dn.set.MaxIterations; m > 0 {
		end = min(end, m)
	}
	if st := dn.set.Stall; st > 0 {
		end = min(end, dn.lastImprove+st)
	}
	if dn.order == MostConstrained {
		// Each placement scans the board: keep a window to about 2^18
		// cells scanned, so that the context is looked at often enough.
		end = min(end, it+max(1, (1<<18)/int64(dn.cells)))
	}
	return max(end-it, 1)
}

// flush reports the placements of the window so far, left placements
// before its end, with placed pieces on the board. Every placement is
// undone once unless it is still on the board, so the backtracks are the
// placements less those.
func (dn *dense) flush(left int64, placed int) {
	n := dn.win - left
	dn.run.Stats.Iterations += n
	dn.run.Stats.Nodes += n
	dn.run.Stats.Backtracks = dn.run.Stats.Nodes - int64(placed)
	dn.win = left
}

// step ends a window with placed pieces on the board: it reports its
// placements, the last through run.Step, and opens the next. It returns
// the next window's length, or 0 when the run must end.
func (dn *dense) step(placed int) int64 {
	dn.flush(1, placed)
	dn.win = 0
	dn.run.Stats.Nodes++
	dn.run.Stats.Backtracks++ // Nodes went up; the placed pieces did not
	// Step polls the context only every 256 steps; a window may end
	// between, so look at it here.
	if !dn.run.Step() || dn.run.Done() {
		dn.record(placed)
		return 0
	}
	dn.win = dn.window()
	return dn.win
}

// record hands the run the board with placed pieces if it is deeper than
// any it had. The search calls it before undoing a placement and when it
// stops: the first undo after a descent to a new depth holds the deepest
// board, as the general search keeps it.
func (dn *dense) record(placed int) {
	if placed > dn.recorded {
		dn.run.Fallback(dn.materialise(placed))
		dn.recorded = placed
	}
}

// materialise writes the first placed choices of the stack, with the
// preplaced pieces, onto the board and returns it.
func (dn *dense) materialise(placed int) *puzzle.Board {
	b := dn.board
	for i := range b.Cells {
		if !dn.preplaced[i] {
			b.Cells[i] = puzzle.Empty
		}
	}
	for _, fr := range dn.stack[:placed] {
		b.Cells[fr.cell] = puzzle.Placement{Piece: puzzle.PieceID(fr.elem >> 2), Rotation: puzzle.Rotation(fr.elem & 3)}
	}
	return b
}

// preplacedFit reports whether the pieces on the board before the search
// fit each other and the rim, since the search checks only what it places.
func (dn *dense) preplacedFit() bool { return edge.Cost(dn.labels, dn.board) == 0 }

// search runs the depth-first search, calling onSolution with each
// solution (the stack holds it) until onSolution returns false, the space
// is exhausted or the run must end.
func (dn *dense) search(onSolution func() bool) {
	if dn.run.Status() != 0 || !dn.preplacedFit() {
		return
	}
	if dn.depth == 0 {
		onSolution()
		return
	}
	dn.win = dn.window()
	if dn.order == MostConstrained {
		dn.searchDynamic(onSolution)
	} else {
		dn.searchStatic(onSolution)
	}
}

// solution reports a complete board found with left placements to go in
// the window, and reports whether the search goes on.
func (dn *dense) solution(left int64, onSolution func() bool) bool {
	dn.flush(left, dn.depth)
	ok := onSolution()
	if _, c := dn.run.Best(); c < dn.bestCost {
		// The run took the board as an improvement: the stall limit
		// counts from here.
		dn.bestCost = c
		dn.lastImprove = dn.run.Stats.Iterations
	}
	return ok
}

// The two search loops below keep their state in local variables and
// leave the loop only for what is rare: the end of a reporting window, a
// solution, the first undo after a descent to a new depth.

// searchStatic is the search over a fixed order of cells. An undo only
// frees the piece: no later key reads a cell beyond the current depth.
func (dn *dense) searchStatic(onSolution func() bool) {
	var (
		stack   = dn.stack
		items   = dn.items
		starts  = dn.starts
		out     = dn.out
		cellOut = dn.cellOut
		used    = dn.used
		last    = len(stack) - 1
		left    = dn.win
		d       = 0
		fr      = &stack[0]
	)
	// open sets fr to its cell's candidates.
	open := func(fr *denseFrame) {
		var key int32
		if fr.slow {
			key = dn.slowKey(fr)
		} else {
			key = fr.off + int32(cellOut[fr.a]>>fr.sa&0xffff) + int32(cellOut[fr.b]>>fr.sb&0xffff)*fr.mb
		}
		fr.pos, fr.end = starts[key], starts[key+1]
	}
	open(fr)
	for {
		i, end := fr.pos, fr.end
		if fr.mask == 0 {
			for ; i < end && used[items[i]>>2]; i++ {
			}
		} else {
			i = dn.scanChecked(fr)
		}
		if i == end {
			// Nothing more fits here: undo the placement one level up.
			if d == 0 {
				dn.flush(left, 0)
				return
			}
			if d > dn.recorded {
				dn.record(d)
			}
			d--
			fr = &stack[d]
			used[fr.elem>>2] = false
			continue
		}
		e := items[i]
		fr.pos, fr.elem = i+1, e
		cellOut[fr.cell] = out[e]
		used[e>>2] = true
		if left--; left == 0 {
			if left = dn.step(d + 1); left == 0 {
				return
			}
		}
		if d == last {
			if !dn.solution(left, onSolution) {
				return
			}
			dn.record(d + 1)
			used[e>>2] = false
			continue
		}
		d++
		fr = &stack[d]
		open(fr)
	}
}

// scanChecked returns the position of fr's next candidate that is unused
// and shows the labels its checked sides need, or fr.end.
func (dn *dense) scanChecked(fr *denseFrame) int32 {
	i := fr.pos
	for ; i < fr.end; i++ {
		c := dn.items[i]
		if !dn.used[c>>2] && dn.own[c]&fr.mask == fr.need {
			break
		}
	}
	return i
}

// slowKey returns the bucket of fr's cell, which has more than two key
// sides or sides to check, and sets what its candidates must show on the
// latter.
func (dn *dense) slowKey(fr *denseFrame) int32 {
	s := fr.more
	key := fr.off
	for j := range s.k {
		key += int32(dn.cellOut[s.kCell[j]]>>s.kShift[j]&0xffff) * s.stride[j]
	}
	var need uint64
	for j := range s.nc {
		need |= (dn.cellOut[s.cCell[j]] >> s.cShift[j] & 0xffff) << s.cSide[j]
	}
	fr.need = need
	return key
}

// searchDynamic is the search that fills next the cell with the fewest
// fitting pieces (MostConstrained). Its tables are built as the cells'
// signatures turn up: most of the 2^4 neighbour patterns a cell could
// show never do.
func (dn *dense) searchDynamic(onSolution func() bool) {
	var (
		stack = dn.stack
		own   = dn.own
		used  = dn.used
		last  = dn.depth - 1
		left  = dn.win
		d     = 0
		fr    = &stack[0]
	)
	dn.pick(fr)
	for {
		// Placing and undoing may build tables, and move the items.
		items := dn.items
		i, end := fr.pos, fr.end
		for ; i < end; i++ {
			c := items[i]
			if !used[c>>2] && own[c]&fr.mask == fr.need {
				break
			}
		}
		if i == end {
			if d == 0 {
				dn.flush(left, 0)
				return
			}
			if d > dn.recorded {
				dn.record(d)
			}
			d--
			fr = &stack[d]
			dn.unplace(fr.cell)
			continue
		}
		e := items[i]
		fr.pos, fr.elem = i+1, e
		dn.place(fr.cell, e)
		if left--; left == 0 {
			if left = dn.step(d + 1); left == 0 {
				return
			}
		}
		if d == last {
			if !dn.solution(left, onSolution) {
				return
			}
			dn.record(d + 1)
			dn.unplace(fr.cell)
			continue
		}
		d++
		fr = &stack[d]
		dn.pick(fr)
	}
}

// place puts element e in cell c and tells c's neighbours, refreshing the
// candidates of those still undecided.
func (dn *dense) place(c, e int32) {
	dn.elem[c], dn.cellOut[c] = e, dn.out[e]
	dn.used[e>>2] = true
	for s, n := range dn.nbr[c] {
		if n >= 0 {
			dn.known[n] |= 1 << puzzle.Side(s).Opposite()
			if dn.elem[n] < 0 {
				dn.refresh(n)
			}
		}
	}
}

// unplace empties cell c, undoing place.
func (dn *dense) unplace(c int32) {
	dn.used[dn.elem[c]>>2] = false
	dn.elem[c], dn.cellOut[c] = -1, 0
	for s, n := range dn.nbr[c] {
		if n >= 0 {
			dn.known[n] &^= 1 << puzzle.Side(s).Opposite()
			if dn.elem[n] < 0 {
				dn.refresh(n)
			}
		}
	}
	dn.refresh(c)
}

// cellRun is the candidate run of an undecided cell in a dynamic order, kept
// up to date as its neighbours fill and empty.
type cellRun struct {
	pos, end   int32
	need, mask uint64
}

// refresh recomputes the candidate run of undecided cell c.
func (dn *dense) refresh(c int32) {
	ti := int(dn.sig[dn.rim[c]<<4|dn.known[c]])
	if ti < 0 {
		ti = dn.table(dn.rim[c], dn.known[c])
	}
	t := &dn.tabs[ti]
	key := t.off
	for j := range t.k {
		s := t.key[j]
		key += int32(dn.cellOut[dn.nbr[c][s]]>>(16*uint(s.Opposite()))&0xffff) * t.stride[j]
	}
	r := &dn.runs[c]
	r.pos, r.end = dn.starts[key], dn.starts[key+1]
	r.need, r.mask = 0, t.mask
	for j := range t.nc {
		s := t.check[j]
		r.need |= (dn.cellOut[dn.nbr[c][s]] >> (16 * uint(s.Opposite())) & 0xffff) << (16 * uint(s))
	}
}

// fits counts the unused candidates in r, stopping at limit.
func (dn *dense) fits(r *cellRun, limit int) int {
	n := 0
	if r.mask == 0 {
		for _, c := range dn.items[r.pos:r.end] {
			if !dn.used[c>>2] {
				if n++; n == limit {
					break
				}
			}
		}
		return n
	}
	for _, c := range dn.items[r.pos:r.end] {
		if !dn.used[c>>2] && dn.own[c]&r.mask == r.need {
			if n++; n == limit {
				break
			}
		}
	}
	return n
}

// pick opens fr at the undecided cell with the fewest fitting pieces among
// those beside a decided cell (the first in row-major order on a tie), or,
// before anything is decided, among the rim cells, as the general search
// does. A cell with at most one fit is taken at once.
func (dn *dense) pick(fr *denseFrame) {
	best, bestN := int32(-1), math.MaxInt
	for _, rimOnly := range [2]bool{false, true} {
		for c := range int32(dn.cells) {
			if dn.elem[c] >= 0 || (!rimOnly && dn.known[c] == 0) || (rimOnly && dn.rim[c] == 0) {
				continue
			}
			if n := dn.fits(&dn.runs[c], bestN); n < bestN {
				best, bestN = c, n
				if n <= 1 {
					break
				}
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		best = int32(slices.Index(dn.elem, -1))
	}
	r := &dn.runs[best]
	fr.cell, fr.pos, fr.end, fr.need, fr.mask = best, r.pos, r.end, r.need, r.mask
}

// each calls found with every board the solution on the stack stands for:
// one per combination of the equivalent turns of its symmetric pieces.
func (dn *dense) each(found func(*puzzle.Board) bool) bool {
	b := dn.materialise(dn.depth)
	var sym []int32
	var mult []int8
	for _, fr := range dn.stack {
		if m := dn.mult[fr.elem]; m > 1 {
			sym, mult = append(sym, fr.cell), append(mult, m)
		}
	}
	// An odometer over the turns: a piece showing the same labels under
	// m turns repeats them every 4/m quarter turns.
	digit := make([]int8, len(sym))
	for {
		if !found(b) {
			return false
		}
		j := 0
		for ; j < len(sym); j++ {
			c := sym[j]
			b.Cells[c].Rotation = b.Cells[c].Rotation.Add(puzzle.Rotation(4 / mult[j]))
			if digit[j]++; digit[j] < mult[j] {
				break
			}
			digit[j] = 0 // the turns came full circle: carry
		}
		if j == len(sym) {
			return true
		}
	}
}

// boards is the search as exact.Search: every solution board.
func (dn *dense) boards(found func(*puzzle.Board) bool) {
	dn.search(func() bool { return dn.each(found) })
}

// count counts the solutions and finishes the run.
func (dn *dense) count() (Count, error) {
	var c Count
	turns := int64(len(dn.board.Turns()))
	dn.search(func() bool {
		c.Arrangements++
		return true
	})
	c.Raw = satMul(c.Arrangements, dn.factor)
	c.Distinct = c.Raw
	if dn.p.Rotatable && dn.depth == dn.cells {
		// Nothing is preplaced, so every solution turned as a whole is
		// another, never itself: the solutions come in classes of
		// equal size. (A preplaced piece, fixed or from a warm start,
		// is in no turned copy where it must be: then each solution is
		// its own class.)
		c.Distinct = satDiv(c.Arrangements, dn.factor, turns)
	}
	res, err := dn.run.Finish(solve.Exhausted)
	if res != nil {
		c.Status, c.Stats = res.Status, res.Stats
	}
	return c, err
}
