package csp

import (
	"math/bits"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// A cell is in one of three states.
const (
	// untouched: undecided, and no constraint has narrowed its domain yet,
	// so the domain is implicit: its kind's initial domain less the
	// elements of placed pieces. Far from the filled region most cells are
	// untouched, and keeping their domains implicit spares forward
	// checking on a large board the cost of removing every placed piece
	// from thousands of domains.
	untouched uint8 = iota
	// open: undecided, with its domain stored in state.dom.
	open
	// decided: holds a piece or is a hole.
	decided
)

// entry is one undo record: the old value of a domain word, or (word < 0)
// a cell that was touched.
type entry struct {
	cell int32
	word int32
	old  uint64
}

// state is one search over a model: the board being filled, the domains,
// the trail that undoes them and the stack of choice points.
type state struct {
	m     *model
	run   *solve.Run
	prop  Propagation
	order Order

	board  *puzzle.Board
	cstate []uint8
	// dom holds the domain of open cell c in dom[c*words:(c+1)*words], one
	// bit per element; size[c] counts it. Bit w of the index
	// nz[c*nzWords:(c+1)*nzWords] is set when word w of the domain is not
	// zero, so that walking a small domain of a large puzzle skips its
	// empty words 64 at a time. A cell keeps its words and index when it
	// goes back to untouched; they stay consistent with each other.
	dom     []uint64
	nz      []uint64
	nzWords int
	size    []int32
	// used has the bits of every element of every placed piece.
	used []uint64
	// kindUsed[k] counts the elements of init[k] whose piece is placed;
	// untouched[k] counts the untouched cells of kind k.
	kindUsed  [16]int32
	untouched [16]int32
	// holes is how many more cells may stay empty, toFill how many cells
	// are undecided and empty how many open cells have an empty domain.
	holes, toFill, empty int
	// The open cells are openCells[:nOpen], in no particular order, with
	// openAt[c] the position of cell c, so that the work per choice
	// follows the open cells rather than the whole board.
	openCells []int32
	openAt    []int32
	nOpen     int
	// byKind[k] lists the cells of kind k in row-major order; the cells
	// before byKind[k][firstAt[k]] are all touched or decided. Untouched
	// cells of one kind are alike to the cell orders (see choose), so
	// the first of them stands for all.
	byKind  [16][]int32
	kindAt  []int32 // position of each cell in its kind's list
	firstAt [16]int

	trail []entry
	stack []frame

	// The arc-consistency work list: the cells whose domains changed, each
	// with the elements it lost since it was last taken from the list
	// (delta), or marked for a full revision of its arcs (full).
	queue  []int32
	queued []bool
	full   []bool
	delta  [][]int32
	// The per-label scratch of revise: for the labels a neighbour shows,
	// the first piece showing it and whether another piece does too,
	// valid where stamp equals epoch.
	stamp []uint32
	epoch uint32
	first []int32
	many  []bool
	// scratch is a zeroed domain-sized bitset for restrict.
	scratch []uint64

	// atRoot says the changes made are never undone, so need no trail.
	atRoot        bool
	centre        int32
	deepest       int
	recordPending bool
	aborted       bool
	polls         int
	stats         searchStats
}

// searchStats are the counters Stats reports beyond solve.Stats.
type searchStats struct {
	propagations, prunings int64
	maxDepth               int
}

// frame is a choice point: a cell, the next element of its domain to try,
// and the counters to restore when its choice is undone.
type frame struct {
	cell   int32
	next   int32
	hole   bool // leaving the cell empty is still to try
	placed bool // the cell holds this frame's current choice
	isHole bool // the current choice is the hole
	mark   int  // trail length when the cell was chosen
	holes  int
	toFill int
	empty  int
}

func newState(run *solve.Run, m *model, prop Propagation, order Order, board *puzzle.Board) *state {
	st := &state{
		m:       m,
		run:     run,
		prop:    prop,
		order:   order,
		board:   board,
		cstate:  make([]uint8, m.cells),
		dom:     make([]uint64, m.cells*m.words),
		nzWords: (m.words + 63) / 64,
		size:    make([]int32, m.cells),
		used:    make([]uint64, m.words),
		scratch: make([]uint64, m.words),
		queued:  make([]bool, m.cells),
		full:    make([]bool, m.cells),
		delta:   make([][]int32, m.cells),
		stamp:   make([]uint32, len(m.mate)),
		first:   make([]int32, len(m.mate)),
		many:    make([]bool, len(m.mate)),

		openCells: make([]int32, m.cells),
		openAt:    make([]int32, m.cells),
		kindAt:    make([]int32, m.cells),
	}
	st.nz = make([]uint64, m.cells*st.nzWords)
	p := m.p
	// The thesis starts at the centre slot; on a board with an even side
	// the cell just above or left of the middle.
	st.centre = int32((p.Rows-1)/2*p.Cols + (p.Cols-1)/2)
	for c := range m.cells {
		k := m.kind[c]
		st.untouched[k]++
		st.kindAt[c] = int32(len(st.byKind[k]))
		st.byKind[k] = append(st.byKind[k], int32(c))
		st.openCells[c], st.openAt[c] = int32(c), int32(c)
	}
	return st
}

// cellDomain returns the stored domain of cell c.
func (st *state) cellDomain(c int32) []uint64 {
	w := st.m.words
	return st.dom[int(c)*w : int(c)*w+w : int(c)*w+w]
}

// cellIndex returns the index of the non-zero words of cell c's domain.
func (st *state) cellIndex(c int32) []uint64 {
	w := st.nzWords
	return st.nz[int(c)*w : int(c)*w+w : int(c)*w+w]
}

// touch stores the implicit domain of untouched cell c and makes it open.
func (st *state) touch(c int32) {
	k := st.m.kind[c]
	d, ix, init := st.cellDomain(c), st.cellIndex(c), st.m.init[k]
	clear(ix)
	n := 0
	for w := range d {
		x := init[w] &^ st.used[w]
		d[w] = x
		if x != 0 {
			ix[w>>6] |= 1 << (w & 63)
			n += bits.OnesCount64(x)
		}
	}
	st.opened(c, k, n)
}

// touchFitting makes untouched cell c open with the elements of its
// implicit domain that show label id on side s: touch and restrict in one
// pass over the short list of such elements. id < 0 leaves it empty.
func (st *state) touchFitting(c int32, s puzzle.Side, id int32) {
	k := st.m.kind[c]
	d, ix, init := st.cellDomain(c), st.cellIndex(c), st.m.init[k]
	for i, y := range ix {
		for ; y != 0; y &= y - 1 {
			d[i<<6+bits.TrailingZeros64(y)] = 0
		}
		ix[i] = 0
	}
	n := 0
	if id >= 0 {
		for _, e := range st.m.elementsWith(s, id) {
			w, b := e>>6, uint64(1)<<(e&63)
			if init[w]&b != 0 && st.used[w]&b == 0 {
				d[w] |= b
				ix[w>>6] |= 1 << (w & 63)
				n++
			}
		}
	}
	st.stats.prunings += int64(st.m.initSize[k] - int(st.kindUsed[k]) - n)
	st.opened(c, k, n)
	if st.prop == ArcConsistency {
		st.enqueueFull(c)
	}
}

// opened records that cell c of kind k is open with n elements.
func (st *state) opened(c int32, k uint8, n int) {
	st.cstate[c] = open
	st.addOpen(c)
	st.size[c] = int32(n)
	st.untouched[k]--
	if n == 0 {
		st.empty++
	}
	if !st.atRoot {
		st.trail = append(st.trail, entry{cell: c, word: -1})
	}
}

// firstUntouched returns the first untouched cell of kind k in row-major
// order, or -1.
func (st *state) firstUntouched(k uint8) int32 {
	list := st.byKind[k]
	for i := st.firstAt[k]; i < len(list); i++ {
		if st.cstate[list[i]] == untouched {
			st.firstAt[k] = i
			return list[i]
		}
	}
	st.firstAt[k] = len(list)
	return -1
}

// addOpen and removeOpen keep the set of open cells. Undo needs only the
// set back, not the order, so each undoes the other.
func (st *state) addOpen(c int32) {
	i := st.openAt[c]
	x := st.openCells[st.nOpen]
	st.openCells[i], st.openAt[x] = x, i
	st.openCells[st.nOpen], st.openAt[c] = c, int32(st.nOpen)
	st.nOpen++
}

func (st *state) removeOpen(c int32) {
	st.nOpen--
	i := st.openAt[c]
	x := st.openCells[st.nOpen]
	st.openCells[i], st.openAt[x] = x, i
	st.openCells[st.nOpen], st.openAt[c] = c, int32(st.nOpen)
}

// setWord replaces word w of open cell c's domain by v, a subset of it,
// keeping the undo record and the counters.
func (st *state) setWord(c int32, w int, v uint64) {
	d := st.cellDomain(c)
	old := d[w]
	if !st.atRoot {
		st.trail = append(st.trail, entry{cell: c, word: int32(w), old: old})
	}
	removed := bits.OnesCount64(old) - bits.OnesCount64(v)
	d[w] = v
	if v == 0 {
		st.nz[int(c)*st.nzWords+w>>6] &^= 1 << (w & 63)
	}
	st.size[c] -= int32(removed)
	st.stats.prunings += int64(removed)
	if st.size[c] == 0 {
		st.empty++
	}
	if st.prop == ArcConsistency {
		if !st.full[c] {
			for x := old &^ v; x != 0; x &= x - 1 {
				st.delta[c] = append(st.delta[c], int32(w<<6+bits.TrailingZeros64(x)))
			}
		}
		st.enqueue(c)
	}
}

// undo restores the domains and cell states to what they were when the
// trail was mark entries long.
func (st *state) undo(mark int) {
	words := st.m.words
	for i := len(st.trail) - 1; i >= mark; i-- {
		e := st.trail[i]
		if e.word < 0 {
			c, k := e.cell, st.m.kind[e.cell]
			st.cstate[c] = untouched
			st.removeOpen(c)
			st.untouched[k]++
			if at := int(st.kindAt[c]); at < st.firstAt[k] {
				st.firstAt[k] = at
			}
			continue
		}
		at := int(e.cell)*words + int(e.word)
		st.size[e.cell] += int32(bits.OnesCount64(e.old) - bits.OnesCount64(st.dom[at]))
		st.dom[at] = e.old
		// Only a word that was not zero is ever recorded.
		st.nz[int(e.cell)*st.nzWords+int(e.word>>6)] |= 1 << (e.word & 63)
	}
	st.trail = st.trail[:mark]
}

// use marks piece p placed, or (on false) no longer placed.
func (st *state) use(p int32, on bool) {
	w, mask := st.m.pieceBits(p)
	if on {
		st.used[w] |= mask
	} else {
		st.used[w] &^= mask
	}
	for _, k := range st.m.kinds {
		n := int32(bits.OnesCount64(st.m.init[k][w] & mask))
		if on {
			st.kindUsed[k] += n
		} else {
			st.kindUsed[k] -= n
		}
	}
}

// allDifferent removes the elements of piece p, just placed, from every
// open domain: the first half of the thesis's Trim Slot. Untouched domains
// leave it out implicitly.
func (st *state) allDifferent(p int32) {
	w, mask := st.m.pieceBits(p)
	words := st.m.words
	for _, c := range st.openCells[:st.nOpen] {
		if x := st.dom[int(c)*words+w]; x&mask != 0 {
			st.setWord(c, w, x&^mask)
		}
	}
	st.stats.propagations++
}

// forward restricts the undecided neighbours of cell c to the elements that
// fit the piece there, which shows label fit[s] on side s: the second half
// of Trim Slot. fit[s] is the id a neighbour must show back, -1 for none.
func (st *state) forward(c int32, fit *[4]int32) {
	for _, s := range puzzle.Sides {
		n := st.m.link[4*c+int32(s)]
		if n < 0 || st.cstate[n] == decided {
			continue
		}
		st.stats.propagations++
		if st.cstate[n] == untouched {
			st.touchFitting(n, s.Opposite(), fit[s])
		} else {
			st.restrict(n, s.Opposite(), fit[s])
		}
	}
}

// restrict keeps in open cell c's domain the elements showing label id on
// side s; id < 0 keeps none. It walks the domain or the list of elements
// with that label, whichever is shorter.
func (st *state) restrict(c int32, s puzzle.Side, id int32) {
	d, ix := st.cellDomain(c), st.cellIndex(c)
	if id < 0 {
		for i, y := range ix {
			for ; y != 0; y &= y - 1 {
				st.setWord(c, i<<6+bits.TrailingZeros64(y), 0)
			}
		}
		return
	}
	list := st.m.elementsWith(s, id)
	if int(st.size[c]) <= len(list) {
		lid := st.m.lid
		for i, y := range ix {
			for ; y != 0; y &= y - 1 {
				w := i<<6 + bits.TrailingZeros64(y)
				x := d[w]
				keep := x
				for z := x; z != 0; z &= z - 1 {
					b := bits.TrailingZeros64(z)
					if lid[4*(w<<6+b)+int(s)] != id {
						keep &^= 1 << b
					}
				}
				if keep != x {
					st.setWord(c, w, keep)
				}
			}
		}
		return
	}
	sc := st.scratch
	for _, e := range list {
		w, b := e>>6, uint64(1)<<(e&63)
		sc[w] |= d[w] & b
	}
	for i, y := range ix {
		for ; y != 0; y &= y - 1 {
			w := i<<6 + bits.TrailingZeros64(y)
			if d[w] != sc[w] {
				st.setWord(c, w, sc[w])
			}
		}
	}
	for _, e := range list {
		sc[e>>6] = 0
	}
}

// forcedHoles returns how many undecided cells have nothing left to hold
// and so must stay empty.
func (st *state) forcedHoles() int {
	n := st.empty
	for _, k := range st.m.kinds {
		if st.untouched[k] > 0 && st.m.initSize[k] == int(st.kindUsed[k]) {
			n += int(st.untouched[k])
		}
	}
	return n
}

func (st *state) enqueue(c int32) {
	if !st.queued[c] {
		st.queued[c] = true
		st.queue = append(st.queue, c)
	}
}

// enqueueFull puts cell c on the work list for a full revision of the
// arcs towards it, as when nothing is known of what it lost.
func (st *state) enqueueFull(c int32) {
	st.full[c] = true
	st.delta[c] = st.delta[c][:0]
	st.enqueue(c)
}

func (st *state) clearQueue() {
	for _, c := range st.queue {
		st.queued[c], st.full[c] = false, false
		st.delta[c] = st.delta[c][:0]
	}
	st.queue = st.queue[:0]
}

// pollEvery sets how many arc revisions pass between two looks at the
// context: a revision takes microseconds, so a cancelled run still ends
// within a millisecond or so of propagation.
const pollEvery = 64

// arcConsistency revises arcs until no domain changes: the thesis's Trim
// List ("ripplize"), with a work list of changed cells instead of repeated
// sweeps, which reaches the same fixpoint. A cell taken from the list has
// the arcs towards it revised only for the labels it lost (reviseDelta),
// unless it is marked for a full revision. It is called only when no cell
// may stay empty, and reports false on a wipe-out or cancellation.
func (st *state) arcConsistency() bool {
	for len(st.queue) > 0 {
		n := st.queue[len(st.queue)-1]
		st.queue = st.queue[:len(st.queue)-1]
		full := st.full[n]
		st.queued[n], st.full[n] = false, false
		if st.cstate[n] != open {
			st.delta[n] = st.delta[n][:0]
			continue
		}
		for _, s := range puzzle.Sides {
			c := st.m.link[4*n+int32(s)]
			if c < 0 || st.cstate[c] != open {
				continue
			}
			if st.polls++; st.polls%pollEvery == 0 && st.run.Done() {
				st.aborted = true
				st.delta[n] = st.delta[n][:0]
				st.clearQueue()
				return false
			}
			var ok bool
			if full {
				ok = st.revise(c, s.Opposite(), n)
			} else {
				ok = st.reviseDelta(c, s.Opposite(), n)
			}
			if !ok {
				st.delta[n] = st.delta[n][:0]
				st.clearQueue()
				return false
			}
		}
		st.delta[n] = st.delta[n][:0]
	}
	return true
}

// reviseDelta is revise for the elements neighbour n lost since it was
// last taken from the work list: only the elements of c whose label on
// side s is the mate of a label those show on the facing side can have
// lost their support, so it rechecks those labels alone, through the lists
// of elements by label.
func (st *state) reviseDelta(c int32, s puzzle.Side, n int32) bool {
	st.stats.propagations++
	m := st.m
	ns := s.Opposite()
	st.epoch++
	if st.epoch == 0 {
		clear(st.stamp)
		st.epoch = 1
	}
	ep := st.epoch
	dn, dc := st.cellDomain(n), st.cellDomain(c)
	for _, lost := range st.delta[n] {
		shown := m.lid[4*lost+int32(ns)]
		if st.stamp[shown] == ep {
			continue
		}
		st.stamp[shown] = ep
		// Mates pair labels both ways: the elements of c that need
		// shown are those whose label is its mate.
		need := m.mate[shown]
		if need < 0 {
			continue
		}
		first, many := int32(-1), false
		for _, b := range m.elementsWith(ns, shown) {
			if dn[b>>6]&(1<<(b&63)) == 0 {
				continue
			}
			if p := m.piece(b); first < 0 {
				first = p
			} else if p != first {
				many = true
				break
			}
		}
		if many {
			continue
		}
		for _, a := range m.elementsWith(s, need) {
			w, bit := int(a>>6), uint64(1)<<(a&63)
			if dc[w]&bit != 0 && (first < 0 || m.piece(a) == first) {
				st.setWord(c, w, dc[w]&^bit)
			}
		}
	}
	return st.size[c] > 0
}

// revise removes from open cell c the elements with no support in its
// open neighbour n on side s of c: an element of n that fits it and is of
// another piece. It reports false when c's domain empties.
func (st *state) revise(c int32, s puzzle.Side, n int32) bool {
	st.stats.propagations++
	m := st.m
	ns := int(s.Opposite())
	st.epoch++
	if st.epoch == 0 {
		clear(st.stamp)
		st.epoch = 1
	}
	ep := st.epoch
	dn := st.cellDomain(n)
	for i, y := range st.cellIndex(n) {
		for ; y != 0; y &= y - 1 {
			w := i<<6 + bits.TrailingZeros64(y)
			for x := dn[w]; x != 0; x &= x - 1 {
				e := int32(w<<6 + bits.TrailingZeros64(x))
				id, p := m.lid[4*e+int32(ns)], m.piece(e)
				if st.stamp[id] != ep {
					st.stamp[id], st.first[id], st.many[id] = ep, p, false
				} else if st.first[id] != p {
					st.many[id] = true
				}
			}
		}
	}
	d := st.cellDomain(c)
	for i, y := range st.cellIndex(c) {
		for ; y != 0; y &= y - 1 {
			w := i<<6 + bits.TrailingZeros64(y)
			x := d[w]
			keep := x
			for z := x; z != 0; z &= z - 1 {
				b := bits.TrailingZeros64(z)
				e := int32(w<<6 + b)
				id := m.mate[m.lid[4*e+int32(s)]]
				if id < 0 || st.stamp[id] != ep || !st.many[id] && st.first[id] == m.piece(e) {
					keep &^= 1 << b
				}
			}
			if keep != x {
				st.setWord(c, w, keep)
			}
		}
	}
	return st.size[c] > 0
}
