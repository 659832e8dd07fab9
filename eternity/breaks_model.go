package eternity

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// The break search's immutable tables, shared by its workers.
//
// Colours are renumbered into keys, so that a join fits exactly when two
// keys are equal: keyGrey (0) is what a rim side needs, 1..K are the
// labels the pieces carry, and keyNone is what a grey side offers a
// neighbour inside the board, which no side needs. A piece's left and top
// sides are stored as the key they need from the neighbour (the Mate of
// their label), its right and bottom sides as the key they offer, so the
// rule (Equal or Complement) is settled once, here.

// Key sentinels besides the colour keys.
const (
	keyGrey = 0
	keyAny  = -1 // the neighbour is a hole: any side fits it
	keyOff  = -2 // a skip key no element has, and a side that is not checked
)

// breaksSpan is a run of the candidate lists: lists[off : off+n].
type breaksSpan struct{ off, n int32 }

// breaksModel lays a puzzle out for the break search.
type breaksModel struct {
	rows, cols int
	cells      int
	// The scan: depth d places a piece in cell[d], the free cells in
	// row-major order, but for the tail's rows, taken a column at a time.
	n        int
	cell     []int32
	class    []int32 // per depth: the candidate class of the cell
	leftCell []int32 // per depth: the free cell to the left, or -1 when leftNeed holds
	topCell  []int32
	leftNeed []int32 // per depth: the key the left side needs when leftCell < 0
	topNeed  []int32
	// rightWant and bottomWant are the key the right and bottom sides
	// must offer, when a fixed piece or (without frame classes) the rim is
	// there, or keyOff.
	rightWant, bottomWant []int32
	extra                 []bool // per depth: rightWant or bottomWant is set

	fixed []int32 // per cell: the fixed element, or -1
	base  int     // joins among fixed pieces that do not fit, and their sides on the rim that are not grey
	holes int     // cells that stay empty when every free piece is placed

	keys           int     // colour keys, keyGrey and keyNone included
	keyNone        int32   // keys-1
	lk, tk, rk, bk []int32 // per element (4*piece+rotation): need left, need top, offer right, offer bottom

	// Candidate lists: per class, the elements that may go to its cells,
	// as a whole (all), by the key their left side needs (byLeft) and by
	// the key their top side needs (byTop); the spans index lists, which
	// each worker copies and shuffles.
	lists   []int32
	classes int
	all     []breaksSpan // per class
	byLeft  []breaksSpan // per class*keys + key
	byTop   []breaksSpan
	// pairs, per (class*keys + left)*keys + top, when the puzzle has few
	// enough colours, hold the exact fits and then the elements that
	// break one of the two joins, so that the search reads one run with
	// nothing to skip; zeroMap, for other puzzles, holds the exact fits
	// alone.
	pairs   []breaksPair
	zeroMap map[int64]breaksSpan
	// shuffled are the runs a restart shuffles, in a fixed order.
	shuffled []breaksSpan

	frameLock bool
	pieces    int
}

// breaksPair is the candidates for a pair of needs: lists[off : off+n0]
// fit both, lists[off+n0 : off+n] break one join.
type breaksPair struct{ off, n0, n int32 }

// pairsMax bounds the pair tables, in entries of each kind: puzzles with
// thousands of distinct labels, for which they would be large, search
// with skips instead.
const pairsMax = 1 << 22

// breaksLayout is what the model takes from the options.
type breaksLayout struct {
	lock bool // frame classes, when the puzzle allows them
	tail int  // rows at the end scanned a column at a time
	// noPairs searches with skips as for puzzles of many colours, so that
	// the tests reach that path on small ones.
	noPairs bool
}

// newBreaksModel lays out p, a valid puzzle. With frame classes (lock and
// a puzzle that allows them: see huntModel.lockable), corner and edge
// pieces only go to the cells of their kind, turned grey side out, and
// inner pieces to inner cells; otherwise every free piece may go anywhere
// in any rotation it may take.
func newBreaksModel(p *puzzle.Puzzle, lay breaksLayout) *breaksModel {
	hm := newHuntModel(p, lay.lock)
	tail := lay.tail
	m := &breaksModel{rows: p.Rows, cols: p.Cols, cells: p.Rows * p.Cols, frameLock: hm.frameLock, pieces: len(p.Pieces)}
	m.fixed = hm.fixed[:m.cells]

	// Colour keys.
	key := map[puzzle.Label]int32{}
	for i := range p.Pieces {
		for _, l := range p.Pieces[i].Edges {
			if _, ok := key[l]; !ok && l != puzzle.Flat {
				key[l] = int32(len(key) + 1)
			}
		}
	}
	// A mate no piece carries needs a key of its own, which nothing offers.
	for i := range p.Pieces {
		for _, l := range p.Pieces[i].Edges {
			if mate := p.Rule.Mate(l); l != puzzle.Flat {
				if _, ok := key[mate]; !ok {
					key[mate] = int32(len(key) + 1)
				}
			}
		}
	}
	m.keys = len(key) + 2
	m.keyNone = int32(m.keys - 1)
	n := len(p.Pieces)
	m.lk, m.tk = make([]int32, 4*n), make([]int32, 4*n)
	m.rk, m.bk = make([]int32, 4*n), make([]int32, 4*n)
	for i := range p.Pieces {
		for r := range puzzle.Rotation(4) {
			t := p.Pieces[i].Turned(r)
			e := 4*i + int(r)
			need := func(l puzzle.Label) int32 {
				if l == puzzle.Flat {
					return keyGrey
				}
				return key[p.Rule.Mate(l)]
			}
			offer := func(l puzzle.Label) int32 {
				if l == puzzle.Flat {
					return m.keyNone
				}
				return key[l]
			}
			m.lk[e], m.tk[e] = need(t[puzzle.Left]), need(t[puzzle.Top])
			m.rk[e], m.bk[e] = offer(t[puzzle.Right]), offer(t[puzzle.Bottom])
		}
	}

	// The fixed pieces' own cost: joins between two of them, and their
	// sides on the rim.
	for i, e := range m.fixed {
		if e < 0 {
			continue
		}
		r, c := i/m.cols, i%m.cols
		if c == 0 && m.lk[e] != keyGrey {
			m.base++
		}
		if r == 0 && m.tk[e] != keyGrey {
			m.base++
		}
		if c == m.cols-1 && m.rk[e] != m.keyNone {
			m.base++
		}
		if r == m.rows-1 && m.bk[e] != m.keyNone {
			m.base++
		}
		if c+1 < m.cols && m.fixed[i+1] >= 0 && m.rk[e] != m.lk[m.fixed[i+1]] {
			m.base++
		}
		if r+1 < m.rows && m.fixed[i+m.cols] >= 0 && m.bk[e] != m.tk[m.fixed[i+m.cols]] {
			m.base++
		}
	}

	// The scan. Every cell's left and top neighbours come before it in
	// either part, which is all the tables need.
	tail = min(max(tail, 0), m.rows)
	head := m.rows - tail
	for i, e := range m.fixed[:head*m.cols] {
		if e < 0 {
			m.cell = append(m.cell, int32(i))
		}
	}
	for c := range m.cols {
		for r := head; r < m.rows; r++ {
			if i := r*m.cols + c; m.fixed[i] < 0 {
				m.cell = append(m.cell, int32(i))
			}
		}
	}
	free := len(m.cell)
	m.n = free
	m.holes = max(0, free-len(hm.pieces))
	m.classes = 1
	if m.frameLock {
		m.classes = 16 // by the cell's rim sides, a bit per side
	}
	for _, c := range m.cell {
		i := int(c)
		r, col := i/m.cols, i%m.cols
		cl := int32(0)
		if m.frameLock {
			cl = int32(hm.mask[i])
		}
		m.class = append(m.class, cl)
		lc, ln := int32(-1), int32(0)
		switch {
		case col == 0:
			ln = keyGrey
		case m.fixed[i-1] >= 0:
			ln = m.rk[m.fixed[i-1]]
		default:
			lc = int32(i - 1)
		}
		tc, tn := int32(-1), int32(0)
		switch {
		case r == 0:
			tn = keyGrey
		case m.fixed[i-m.cols] >= 0:
			tn = m.bk[m.fixed[i-m.cols]]
		default:
			tc = int32(i - m.cols)
		}
		m.leftCell, m.leftNeed = append(m.leftCell, lc), append(m.leftNeed, ln)
		m.topCell, m.topNeed = append(m.topCell, tc), append(m.topNeed, tn)
		rw, bw := int32(keyOff), int32(keyOff)
		switch {
		case col == m.cols-1:
			// Frame classes put grey out already.
			if !m.frameLock {
				rw = m.keyNone
			}
		case m.fixed[i+1] >= 0:
			rw = m.lk[m.fixed[i+1]]
		}
		switch {
		case r == m.rows-1:
			if !m.frameLock {
				bw = m.keyNone
			}
		case m.fixed[i+m.cols] >= 0:
			bw = m.tk[m.fixed[i+m.cols]]
		}
		m.rightWant, m.bottomWant = append(m.rightWant, rw), append(m.bottomWant, bw)
		m.extra = append(m.extra, rw != keyOff || bw != keyOff)
	}

	// The candidates of each class.
	members := make([][]int32, m.classes)
	turns := p.Turns()
	for _, piece := range hm.pieces {
		if !m.frameLock {
			for _, r := range turns {
				members[0] = append(members[0], int32(piece<<2|int(r)))
			}
			continue
		}
		kind := popcount4(hm.flat[piece])
		for mask := range 16 {
			if popcount4(uint8(mask)) != kind || (kind == 2 && (mask == 0b0101 || mask == 0b1010)) {
				continue
			}
			if kind == 0 {
				for r := range 4 {
					members[mask] = append(members[mask], int32(piece<<2|r))
				}
				continue
			}
			members[mask] = append(members[mask], int32(piece<<2|int(hm.orient[16*piece+mask])))
		}
	}
	k := m.keys
	m.all = make([]breaksSpan, m.classes)
	m.byLeft = make([]breaksSpan, m.classes*k)
	m.byTop = make([]breaksSpan, m.classes*k)
	elems := 0
	for _, es := range members {
		elems += len(es)
	}
	dense := m.classes*k*k <= pairsMax && 2*k*elems <= pairsMax && !lay.noPairs
	if dense {
		m.pairs = make([]breaksPair, m.classes*k*k)
	} else {
		m.zeroMap = map[int64]breaksSpan{}
	}
	// group appends the members of a class grouped by key, recording
	// each group's span.
	group := func(es []int32, keyOf func(e int32) int, set func(key int, s breaksSpan)) {
		count := map[int]int32{}
		var order []int
		for _, e := range es {
			kk := keyOf(e)
			if _, ok := count[kk]; !ok {
				order = append(order, kk)
			}
			count[kk]++
		}
		off := map[int]int32{}
		for _, kk := range order {
			sp := breaksSpan{off: int32(len(m.lists)), n: count[kk]}
			off[kk] = sp.off
			set(kk, sp)
			m.shuffled = append(m.shuffled, sp)
			m.lists = append(m.lists, make([]int32, count[kk])...)
		}
		for _, e := range es {
			kk := keyOf(e)
			m.lists[off[kk]] = e
			off[kk]++
		}
	}
	for cl, es := range members {
		if len(es) == 0 {
			continue
		}
		m.all[cl] = breaksSpan{off: int32(len(m.lists)), n: int32(len(es))}
		m.shuffled = append(m.shuffled, m.all[cl])
		m.lists = append(m.lists, es...)
		group(es, func(e int32) int { return int(m.lk[e]) }, func(kk int, s breaksSpan) { m.byLeft[cl*k+kk] = s })
		group(es, func(e int32) int { return int(m.tk[e]) }, func(kk int, s breaksSpan) { m.byTop[cl*k+kk] = s })
		if !dense {
			group(es, func(e int32) int { return int(m.lk[e])*k + int(m.tk[e]) }, func(kk int, s breaksSpan) {
				m.zeroMap[int64(cl)*int64(k)*int64(k)+int64(kk)] = s
			})
			continue
		}
		var zero, one []int32
		for l := range k {
			for t := range k {
				// From the elements that need l on the left or t on
				// top: the work is the size of the two groups.
				zero, one = zero[:0], one[:0]
				bl, bt := m.byLeft[cl*k+l], m.byTop[cl*k+t]
				for _, e := range m.lists[bl.off : bl.off+bl.n] {
					if int(m.tk[e]) == t {
						zero = append(zero, e)
					} else {
						one = append(one, e)
					}
				}
				for _, e := range m.lists[bt.off : bt.off+bt.n] {
					if int(m.lk[e]) != l {
						one = append(one, e)
					}
				}
				if len(zero)+len(one) == 0 {
					continue
				}
				off := int32(len(m.lists))
				m.pairs[(cl*k+l)*k+t] = breaksPair{off: off, n0: int32(len(zero)), n: int32(len(zero) + len(one))}
				m.shuffled = append(m.shuffled, breaksSpan{off, int32(len(zero))}, breaksSpan{off + int32(len(zero)), int32(len(one))})
				m.lists = append(append(m.lists, zero...), one...)
			}
		}
	}
	return m
}

// zero returns the span of class cl's elements that need left l and top t,
// from the map of a puzzle without pair tables.
func (m *breaksModel) zero(cl, l, t int32) breaksSpan {
	k := int64(m.keys)
	return m.zeroMap[(int64(cl)*k+int64(l))*k+int64(t)]
}

// schedule returns, per depth, the breaks allowed in all once the piece of
// that depth is placed: none while at most s0 pieces are placed, then a
// number rising evenly with the pieces placed to total at s1, and total
// from there on. The rise is rounded up, so that the first break is
// allowed right after s0.
func (m *breaksModel) schedule(s0, s1, total int) []int32 {
	s := make([]int32, m.n)
	for d := range s {
		switch placed := d + 1; {
		case placed <= s0:
			s[d] = 0
		case placed >= s1:
			s[d] = int32(total)
		default:
			s[d] = int32((total*(placed-s0) + s1 - s0 - 1) / (s1 - s0))
		}
	}
	return s
}

// depthAt returns the number of pieces placed at the given share of the
// scan, in whole cells, so that no rounding of a share moves a break.
func (m *breaksModel) depthAt(share float64) int { return int(math.Round(share * float64(m.n))) }
