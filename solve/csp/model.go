package csp

import (
	"math/bits"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// model is the constraint network of one puzzle, fixed for a run: the
// elements (oriented pieces) with their labels as dense ids, the lists of
// elements by label, the board's links and the initial domain of each kind
// of cell. The search state in state.go changes; the model does not.
type model struct {
	p      *puzzle.Puzzle
	labels *edge.Labels

	cells int
	// turns are the rotations an element may have; element e is piece
	// e>>shift turned by turns[e&(len(turns)-1)], so that the elements of
	// one piece are adjacent bits of one word.
	turns []puzzle.Rotation
	shift uint
	elems int
	// words is the length of a domain bitset.
	words int

	// lid[4*e+s] is the id of the label element e shows on side s.
	lid []int32
	// mate[id] is the id of the one label that fits label id, or -1 when
	// nothing fits it (a flat side, or a label whose mate no piece has).
	mate []int32
	// idOf maps a label to its id.
	idOf map[puzzle.Label]int32
	// byLabel[s] lists the elements that show each label on side s: the
	// elements of label id are items[start[id]:start[id+1]], ascending.
	byLabel [4]struct{ start, items []int32 }

	// link[4*c+s] is the cell beside c on side s, or -1 off the board.
	link []int32
	// kind[c] has bit s set when side s of cell c is on the board's rim.
	kind []uint8
	// init[k] is the initial domain of the cells of kind k: the elements
	// flat on every rim side and, when no cell may stay empty, flat on no
	// other side. initSize[k] counts it. Only kinds on the board are built.
	init     [16][]uint64
	initSize [16]int
	kinds    []uint8 // the kinds present, ascending
	// noHoles says every undecided cell must receive a piece.
	noHoles bool
}

// newModel builds the network of p. noHoles says every undecided cell must
// receive a piece, so that an element showing a flat side towards another
// cell can be left out from the start.
func newModel(p *puzzle.Puzzle, labels *edge.Labels, noHoles bool) *model {
	turns := p.Turns()
	m := &model{
		p:      p,
		labels: labels,
		cells:  p.Cells(),
		turns:  turns,
		shift:  uint(bits.TrailingZeros(uint(len(turns)))),
		elems:  len(p.Pieces) * len(turns),
		idOf:   make(map[puzzle.Label]int32),

		noHoles: noHoles,
	}
	m.words = (m.elems + 63) / 64

	m.lid = make([]int32, 4*m.elems)
	var values []puzzle.Label
	for e := range m.elems {
		pl := m.placement(int32(e))
		for _, s := range puzzle.Sides {
			l := labels.Edge(pl, s)
			id, ok := m.idOf[l]
			if !ok {
				id = int32(len(values))
				m.idOf[l] = id
				values = append(values, l)
			}
			m.lid[4*e+int(s)] = id
		}
	}
	m.mate = make([]int32, len(values))
	rule := labels.Rule()
	for id, l := range values {
		m.mate[id] = -1
		if mid, ok := m.idOf[rule.Mate(l)]; ok && rule.Fits(l, values[mid]) {
			m.mate[id] = mid
		}
	}
	for _, s := range puzzle.Sides {
		b := &m.byLabel[s]
		b.start = make([]int32, len(values)+1)
		for e := range m.elems {
			b.start[m.lid[4*e+int(s)]+1]++
		}
		for id := range values {
			b.start[id+1] += b.start[id]
		}
		b.items = make([]int32, m.elems)
		fill := append([]int32(nil), b.start[:len(values)]...)
		for e := range m.elems {
			id := m.lid[4*e+int(s)]
			b.items[fill[id]] = int32(e)
			fill[id]++
		}
	}

	m.link = make([]int32, 4*m.cells)
	m.kind = make([]uint8, m.cells)
	for c := range m.cells {
		cell := puzzle.Cell{Row: c / p.Cols, Col: c % p.Cols}
		for _, s := range puzzle.Sides {
			n := cell.Neighbour(s)
			if p.In(n) {
				m.link[4*c+int(s)] = int32(n.Row*p.Cols + n.Col)
			} else {
				m.link[4*c+int(s)] = -1
				m.kind[c] |= 1 << s
			}
		}
		k := m.kind[c]
		if m.init[k] == nil {
			m.init[k] = make([]uint64, m.words)
		}
	}
	flat := int32(-1)
	if id, ok := m.idOf[puzzle.Flat]; ok {
		flat = id
	}
	for k := range m.init {
		if m.init[k] == nil {
			continue
		}
		m.kinds = append(m.kinds, uint8(k))
		for e := range m.elems {
			if m.admits(uint8(k), int32(e), flat, noHoles) {
				m.init[k][e>>6] |= 1 << (e & 63)
				m.initSize[k]++
			}
		}
	}
	return m
}

// admits reports whether element e may lie in a cell of kind k: its rim
// sides cost nothing against the outside as edge.Labels prices them, and,
// under noHoles, its other sides are not flat, since a flat side fits no
// piece.
func (m *model) admits(k uint8, e, flat int32, noHoles bool) bool {
	pl := m.placement(e)
	for _, s := range puzzle.Sides {
		if k&(1<<s) != 0 {
			if m.labels.ScoreFrame(pl, s) != 0 {
				return false
			}
		} else if noHoles && m.lid[4*e+int32(s)] == flat {
			return false
		}
	}
	return true
}

// placement returns the piece and rotation of element e.
func (m *model) placement(e int32) puzzle.Placement {
	return puzzle.Placement{
		Piece:    puzzle.PieceID(e >> m.shift),
		Rotation: m.turns[int(e)&(len(m.turns)-1)],
	}
}

// piece returns the piece of element e.
func (m *model) piece(e int32) int32 { return e >> m.shift }

// pieceBits returns the word and the mask that hold the elements of piece
// p in a domain bitset: all of them lie in one word, since the number of
// turns divides 64.
func (m *model) pieceBits(p int32) (word int, mask uint64) {
	first := int(p) << m.shift
	return first >> 6, (uint64(1)<<len(m.turns) - 1) << (first & 63)
}

// elementsWith returns the elements showing label id on side s.
func (m *model) elementsWith(s puzzle.Side, id int32) []int32 {
	b := &m.byLabel[s]
	return b.items[b.start[id]:b.start[id+1]]
}

// fitFor returns the id of the label a cell must show on side s.Opposite()
// to fit a piece showing label l on side s, or -1 when no piece fits it.
// Every piece's labels have ids, whatever its turn, since each piece has
// an element turned by 0.
func (m *model) fitFor(l puzzle.Label) int32 {
	id, ok := m.idOf[l]
	if !ok {
		return -1
	}
	return m.mate[id]
}
