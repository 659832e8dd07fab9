// Package local is the board state and move machinery that the local-search
// and evolutionary methods share: a board of oriented pieces with its cost,
// kept up to date in O(1) per move for the moves every method uses (swap
// two pieces, turn one, swap rows or columns, swap rectangular blocks),
// under any edge.Scorer, with frame costs, fixed pieces, holes and spare
// pieces.
//
// A piece in a given rotation is an element: 4*piece + rotation. Elements
// let a move and its price be two integer loads instead of a Placement
// built and passed through an interface.
package local

import (
	"math"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// Elem is a piece in a rotation, 4*piece + rotation; NoElem is an empty cell.
type Elem int32

// NoElem marks an empty cell or slot.
const NoElem Elem = -1

// ElemOf returns the element of a placement, NoElem for Empty.
func ElemOf(pl puzzle.Placement) Elem {
	if pl.IsEmpty() {
		return NoElem
	}
	return Elem(pl.Piece)<<2 | Elem(pl.Rotation&3)
}

// Placement returns the placement of e.
func (e Elem) Placement() puzzle.Placement {
	if e < 0 {
		return puzzle.Empty
	}
	return puzzle.Placement{Piece: puzzle.PieceID(e >> 2), Rotation: puzzle.Rotation(e & 3)}
}

// Piece returns e's piece.
func (e Elem) Piece() int { return int(e >> 2) }

// Rotation returns e's rotation.
func (e Elem) Rotation() puzzle.Rotation { return puzzle.Rotation(e & 3) }

// Turned returns e's piece turned to rotation r.
func (e Elem) Turned(r puzzle.Rotation) Elem { return e&^3 | Elem(r&3) }

// maxDense bounds the entries of a dense price table per direction: 2^22
// float32 entries, 32 MiB for both directions, covers 2,048 oriented
// elements (512 rotatable or 2,048 fixed-orientation pieces). Larger
// puzzles ask the scorer for each join.
const maxDense = 1 << 22

// pricing says how a Pricer prices a join.
type pricing uint8

const (
	byLabels pricing = iota // compare labels under the match rule
	byTable                 // read a dense table
	byScorer                // call the scorer
)

// Pricer prices joins of elements under a scorer, as fast as the scorer
// allows: label scorers compare labels, small puzzles read a dense table
// built once, and the rest call the scorer.
type Pricer struct {
	scorer edge.Scorer
	frame  edge.FrameScorer
	how    pricing
	// facing[4*e+s] is the label element e shows on side s (byLabels),
	// stored so that two facing sides fit exactly when their stored
	// values are equal: under Complement the labels on the Left and Top
	// are negated, and a flat Left or Top side becomes math.MinInt32, a
	// value no label takes, so that it fits nothing.
	facing []int32
	// frameCost[4*e+s] prices side s of e on the rim (nil: rim is free).
	frameCost []float32
	// Dense tables, byTable: right[a*n+b] prices b right of a,
	// down[a*n+b] prices b below a, for dense indices a, b.
	right, down []float32
	dense       int  // dense indices per piece: 1 or 4
	rotatable   bool // whether the dense index holds rotations
	pieces      int
}

// NewPricer prepares the pricing of p's joins under s.
func NewPricer(p *puzzle.Puzzle, s edge.Scorer) *Pricer {
	n := len(p.Pieces)
	pr := &Pricer{scorer: s, pieces: n, rotatable: p.Rotatable}
	pr.frame, _ = s.(edge.FrameScorer)
	if l, ok := s.(*edge.Labels); ok && l.Pieces() == n {
		pr.how = byLabels
		pr.facing = facingLabels(l, n)
	} else {
		pr.dense = 1
		if p.Rotatable {
			pr.dense = 4
		}
		m := n * pr.dense
		if m*m <= maxDense {
			pr.how = byTable
			pr.right = make([]float32, m*m)
			pr.down = make([]float32, m*m)
			for a := range m {
				ea := pr.fromDense(a)
				for b := range m {
					eb := pr.fromDense(b)
					if ea.Piece() == eb.Piece() {
						continue
					}
					pr.right[a*m+b] = float32(s.Score(ea.Placement(), puzzle.Right, eb.Placement()))
					pr.down[a*m+b] = float32(s.Score(ea.Placement(), puzzle.Bottom, eb.Placement()))
				}
			}
		} else {
			pr.how = byScorer
		}
	}
	if pr.frame != nil {
		pr.frameCost = make([]float32, 16*n)
		for e := range Elem(4 * n) {
			for _, side := range puzzle.Sides {
				pr.frameCost[4*int(e)+int(side)] = float32(pr.frame.ScoreFrame(e.Placement(), side))
			}
		}
	}
	return pr
}

// facingLabels returns the labels of every element's sides in the form
// Pricer.facing describes.
func facingLabels(l *edge.Labels, n int) []int32 {
	f := make([]int32, 16*n)
	for e := range Elem(4 * n) {
		for _, side := range puzzle.Sides {
			v := int32(l.Edge(e.Placement(), side))
			if side == puzzle.Left || side == puzzle.Top {
				switch {
				case v == int32(puzzle.Flat):
					v = math.MinInt32
				case l.Rule() == puzzle.Complement:
					v = -v
				}
			}
			f[4*int(e)+int(side)] = v
		}
	}
	return f
}

// Pieces returns the number of pieces the pricer knows.
func (pr *Pricer) Pieces() int { return pr.pieces }

func (pr *Pricer) fromDense(i int) Elem {
	if pr.dense == 4 {
		return Elem(i)
	}
	return Elem(i << 2)
}

// denseIndex returns e's dense index, or false when the table does not hold
// it (a fixed piece turned in a puzzle whose pieces do not turn).
func (pr *Pricer) denseIndex(e Elem) (int, bool) {
	if pr.dense == 4 {
		return int(e), true
	}
	return int(e >> 2), e&3 == 0
}

// Join prices b on side s of a. Neither is NoElem.
func (pr *Pricer) Join(a Elem, s puzzle.Side, b Elem) float64 {
	switch pr.how {
	case byLabels:
		if pr.facing[4*int(a)+int(s)] == pr.facing[4*int(b)+int(s.Opposite())] {
			return 0
		}
		return 1
	case byTable:
		i, ok1 := pr.denseIndex(a)
		j, ok2 := pr.denseIndex(b)
		if ok1 && ok2 {
			m := pr.pieces * pr.dense
			switch s {
			case puzzle.Right:
				return float64(pr.right[i*m+j])
			case puzzle.Bottom:
				return float64(pr.down[i*m+j])
			case puzzle.Left:
				return float64(pr.right[j*m+i])
			default:
				return float64(pr.down[j*m+i])
			}
		}
	}
	// Price a join the way edge.Cost does, left to right and top to
	// bottom, so that asymmetric scorers agree with it.
	switch s {
	case puzzle.Right, puzzle.Bottom:
		return pr.scorer.Score(a.Placement(), s, b.Placement())
	default:
		return pr.scorer.Score(b.Placement(), s.Opposite(), a.Placement())
	}
}

// Frame prices side s of e facing the outside of the board.
func (pr *Pricer) Frame(e Elem, s puzzle.Side) float64 {
	if pr.frameCost == nil {
		return 0
	}
	return float64(pr.frameCost[4*int(e)+int(s)])
}

// HasFrame reports whether the rim has a price.
func (pr *Pricer) HasFrame() bool { return pr.frameCost != nil }
