package eternity

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// The hunt's own board machinery. Package eternity cannot import
// solve/internal/local (Go's internal rule keeps it to solve/...), so the
// few pieces the hunt needs are here, specialised to label puzzles: an
// element is 4*piece + rotation as in local, a board's cost is an integer
// (mismatched joins plus non-grey sides on the rim, edge.Labels' cost).

// Slot neighbour codes besides a slot index.
const (
	huntRim  = -1 // the side faces the outside of the board
	huntNone = -2 // a spare slot: the side faces nothing
)

// flatFacing is the stored label of a flat (grey) side: it fits nothing
// inside the board, as under puzzle.Equal a grey join is not a match.
const flatFacing = math.MinInt32

// huntModel is the immutable part of a hunt, shared by its workers.
type huntModel struct {
	rows, cols int
	cells      int // board cells; slots after them are spares
	slots      int
	nb         []int32 // nb[4*slot+side]: neighbour slot, huntRim or huntNone
	// facing[4*e+s] is the label element e shows on side s, stored so that
	// two facing sides fit exactly when the stored values are equal and the
	// one on the left or top side is the one transformed (Complement
	// negates it; a flat side there becomes flatFacing ^ 1, and on the
	// right or bottom flatFacing, so flat never fits).
	facing []int32
	// rimMiss[4*e+s] is 1 when side s of e is not grey: its cost on the rim.
	rimMiss []int8
	flat    []uint8 // flat[piece]: bit s set when side s of the unturned piece is grey

	fixed     []int32 // fixed[slot]: the fixed element, or -1
	free      []int   // free slots, row-major, then spares
	pieces    []int   // free pieces
	rotatable bool

	// Move classes: pieces move only between the slots of one class.
	// frameLock says the classes are the frame's: inner cells, edge cells
	// and corner cells, frame pieces kept in the one rotation that turns
	// their grey sides out.
	frameLock bool
	classes   [][]int
	classOf   []int8  // per slot, -1 for fixed slots
	mask      []uint8 // per slot, the rim sides as a bit set
	orient    []int8  // orient[16*piece+mask]: the rotation that turns the piece's grey sides to the rim sides mask
	movers    []int   // free slots of classes with two slots or more
	kindOf    []int8  // per piece: its number of grey sides (frame-lock kinds)
}

// newHuntModel lays out p, a valid puzzle, for the hunt. lock asks for
// frame-locked classes, which the model takes only when the puzzle allows
// them.
func newHuntModel(p *puzzle.Puzzle, lock bool) *huntModel {
	m := &huntModel{rows: p.Rows, cols: p.Cols, cells: p.Rows * p.Cols, rotatable: p.Rotatable}
	n := len(p.Pieces)
	m.facing = make([]int32, 16*n)
	m.rimMiss = make([]int8, 16*n)
	m.flat = make([]uint8, n)
	for i := range p.Pieces {
		for s, l := range p.Pieces[i].Edges {
			if l == puzzle.Flat {
				m.flat[i] |= 1 << s
			}
		}
		for r := range puzzle.Rotation(4) {
			t := p.Pieces[i].Turned(r)
			e := 4*i + int(r)
			for _, s := range puzzle.Sides {
				v := int32(t[s])
				left := s == puzzle.Left || s == puzzle.Top
				switch {
				case t[s] == puzzle.Flat && left:
					v = flatFacing ^ 1
				case t[s] == puzzle.Flat:
					v = flatFacing
				case left && p.Rule == puzzle.Complement:
					v = -v
				}
				m.facing[4*e+int(s)] = v
				if t[s] != puzzle.Flat {
					m.rimMiss[4*e+int(s)] = 1
				}
			}
		}
	}

	fixedPiece := make([]bool, n)
	fixedCell := make([]int32, m.cells)
	for i := range fixedCell {
		fixedCell[i] = -1
	}
	for _, f := range p.Fixed {
		fixedCell[f.Cell.Row*p.Cols+f.Cell.Col] = int32(f.Placement.Piece)<<2 | int32(f.Placement.Rotation&3)
		fixedPiece[f.Placement.Piece] = true
	}
	for i, fp := range fixedPiece {
		if !fp {
			m.pieces = append(m.pieces, i)
		}
	}
	for i, e := range fixedCell {
		if e < 0 {
			m.free = append(m.free, i)
		}
	}
	spare := max(0, len(m.pieces)-len(m.free))
	m.slots = m.cells + spare
	for i := range spare {
		m.free = append(m.free, m.cells+i)
	}
	m.fixed = append(fixedCell, make([]int32, spare)...)
	for i := m.cells; i < m.slots; i++ {
		m.fixed[i] = -1
	}
	m.nb = make([]int32, 4*m.slots)
	m.mask = make([]uint8, m.slots)
	for i := range m.slots {
		for _, s := range puzzle.Sides {
			k := 4*i + int(s)
			if i >= m.cells {
				m.nb[k] = huntNone
				continue
			}
			dr, dc := s.Step()
			r, c := i/p.Cols+dr, i%p.Cols+dc
			if r < 0 || r >= p.Rows || c < 0 || c >= p.Cols {
				m.nb[k] = huntRim
				m.mask[i] |= 1 << s
			} else {
				m.nb[k] = int32(r*p.Cols + c)
			}
		}
	}
	m.classOf = make([]int8, m.slots)
	for i := range m.classOf {
		m.classOf[i] = -1
	}
	if lock && m.lockable(p) {
		m.frameLock = true
		m.orient = make([]int8, 16*n)
		for i := range n {
			for mask := range 16 {
				m.orient[16*i+mask] = int8(bestTurn(m.flat[i], uint8(mask)))
			}
		}
		m.classes = make([][]int, 3)
		for _, i := range m.free {
			k := popcount4(m.mask[i])
			m.classes[k] = append(m.classes[k], i)
			m.classOf[i] = int8(k)
		}
	} else {
		m.classes = [][]int{m.free}
		for _, i := range m.free {
			m.classOf[i] = 0
		}
	}
	for _, cl := range m.classes {
		if len(cl) >= 2 {
			m.movers = append(m.movers, cl...)
		}
	}
	return m
}

// lockable reports whether p's free pieces can be kept in frame classes:
// pieces turn, the board is at least 2×2, there are no spare slots, every
// free piece has 0 grey sides, 1, or 2 adjacent ones, and each kind has as
// many free pieces as free cells with as many rim sides.
func (m *huntModel) lockable(p *puzzle.Puzzle) bool {
	if !p.Rotatable || p.Rows < 2 || p.Cols < 2 || m.slots != m.cells || len(m.pieces) != len(m.free) {
		return false
	}
	var pieces, cells [3]int
	frame := 0
	m.kindOf = make([]int8, len(p.Pieces))
	for _, i := range m.pieces {
		k := popcount4(m.flat[i])
		if k > 2 || (k == 2 && (m.flat[i] == 0b0101 || m.flat[i] == 0b1010)) {
			return false
		}
		m.kindOf[i] = int8(k)
		pieces[k]++
		if k > 0 {
			frame++
		}
	}
	for _, i := range m.free {
		cells[popcount4(m.mask[i])]++
	}
	return frame > 0 && pieces == cells
}

func popcount4(b uint8) int {
	return int(b&1 + b>>1&1 + b>>2&1 + b>>3&1)
}

// bestTurn returns the rotation that brings the grey sides flat of an
// unturned piece closest to the rim sides mask: the fewest sides where grey
// and rim disagree, the lowest rotation among equals.
func bestTurn(flat, mask uint8) puzzle.Rotation {
	best, bestR := 5, puzzle.Rotation(0)
	for r := range puzzle.Rotation(4) {
		// Turned clockwise by r, the side s of the piece shows what side
		// r.Source(s) showed unturned.
		var turned uint8
		for _, s := range puzzle.Sides {
			if flat&(1<<r.Source(s)) != 0 {
				turned |= 1 << s
			}
		}
		if d := popcount4(turned ^ mask); d < best {
			best, bestR = d, r
		}
	}
	return bestR
}

// cost prices a whole board of elements (one per slot).
func (m *huntModel) cost(cells []int32) int {
	c := 0
	for i := range m.cells {
		e := cells[i]
		if e < 0 {
			continue
		}
		for s := range 4 {
			n := m.nb[4*i+s]
			switch {
			case n == huntRim:
				c += int(m.rimMiss[4*int(e)+s])
			case n >= 0 && (s == 1 || s == 2): // right, bottom
				if o := cells[n]; o >= 0 && m.facing[4*int(e)+s] != m.facing[4*int(o)+s^2] {
					c++
				}
			}
		}
	}
	return c
}

// at prices element e in slot i against the current neighbours in cells
// and the rim, leaving out the join with slot skip.
func (m *huntModel) at(cells []int32, e int32, i, skip int) int {
	if e < 0 {
		return 0
	}
	c := 0
	f := m.facing[4*int(e) : 4*int(e)+4 : 4*int(e)+4]
	for s, n := range m.nb[4*i : 4*i+4 : 4*i+4] {
		switch {
		case n >= 0:
			if int(n) == skip {
				continue
			}
			if o := cells[n]; o >= 0 && f[s] != m.facing[4*int(o)+s^2] {
				c++
			}
		case n == huntRim:
			c += int(m.rimMiss[4*int(e)+s])
		}
	}
	return c
}

// bestAt returns the rotation of piece in slot i that costs least against
// its neighbours, leaving out slot skip, starting the search at rotation
// r0 so that ties are broken as the caller likes, and the cost.
func (m *huntModel) bestAt(cells []int32, piece int32, i, skip int, r0 uint) (int32, int) {
	// What each side must show, and whether it is priced at all.
	var need [4]int32
	var kind [4]uint8 // 0: free, 1: a neighbour, 2: the rim
	for s, n := range m.nb[4*i : 4*i+4 : 4*i+4] {
		switch {
		case n >= 0:
			if int(n) == skip {
				continue
			}
			if o := cells[n]; o >= 0 {
				need[s] = m.facing[4*int(o)+s^2]
				kind[s] = 1
			}
		case n == huntRim:
			kind[s] = 2
		}
	}
	best, bestE := 5, int32(-1)
	for k := range uint(4) {
		e := piece<<2 | int32((r0+k)&3)
		f := m.facing[4*int(e) : 4*int(e)+4 : 4*int(e)+4]
		c := 0
		for s := range 4 {
			switch kind[s] {
			case 1:
				if f[s] != need[s] {
					c++
				}
			case 2:
				c += int(m.rimMiss[4*int(e)+s])
			}
		}
		if c < best {
			best, bestE = c, e
		}
	}
	return bestE, best
}

// adjacent returns the side of slot i facing slot j, or -1.
func (m *huntModel) adjacent(i, j int) int {
	for s, n := range m.nb[4*i : 4*i+4] {
		if int(n) == j {
			return s
		}
	}
	return -1
}

// pair prices b on side s of a, either of which may be empty.
func (m *huntModel) pair(a int32, s int, b int32) int {
	if a < 0 || b < 0 || m.facing[4*int(a)+s] == m.facing[4*int(b)+s^2] {
		return 0
	}
	return 1
}

// set2Delta returns the change in cost of cells if slot i held x and slot
// j held y at once, i ≠ j.
func (m *huntModel) set2Delta(cells []int32, i int, x int32, j int, y int32) int {
	d := m.at(cells, x, i, j) + m.at(cells, y, j, i) - m.at(cells, cells[i], i, j) - m.at(cells, cells[j], j, i)
	if s := m.adjacent(i, j); s >= 0 {
		d += m.pair(x, s, y) - m.pair(cells[i], s, cells[j])
	}
	return d
}

// oriented returns element e turned the way slot i wants it: the frame
// class's one rotation when frame-locked, e itself otherwise.
func (m *huntModel) oriented(e int32, i int) int32 {
	if e < 0 || !m.frameLock || m.mask[i] == 0 {
		return e
	}
	p := e >> 2
	return p<<2 | int32(m.orient[16*int(p)+int(m.mask[i])])
}
