package local

import (
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
)

// Neighbour codes in Layout.nb besides a slot index.
const (
	rim  = -1 // the side faces the outside of the board
	none = -2 // a spare slot: the side faces nothing
)

// Layout is the fixed part of a search: the board's shape, which slots a
// move may touch, and the pricer. Slots 0 to Cells()-1 are the board's cells
// in row-major order; the slots after them are spares, holding the pieces
// a puzzle with AllowExtra leaves off the board. A Layout is immutable and
// shared by every State of a search.
type Layout struct {
	Rows, Cols int
	// Pricer prices joins.
	Pricer *Pricer
	// Free lists the slots moves may change: the board's cells that hold
	// no fixed piece, in row-major order, then the spare slots.
	Free []int
	// FreePieces lists the pieces that are not fixed, in increasing order.
	FreePieces []int
	// Rotatable reports whether moves may turn pieces.
	Rotatable bool

	slots   int
	nb      []int32 // nb[4*slot+side]: neighbouring slot, rim or none
	fixed   []Elem  // fixed[slot]: the fixed element, or NoElem
	blocked []bool  // blocked[slot]: the slot holds a fixed piece
	// rowFixed[r] and colFixed[c] report whether a row or column holds a
	// fixed piece, which rules out swapping it whole.
	rowFixed, colFixed []bool
}

// NewLayout lays out p, priced by pr. p must be valid.
func NewLayout(p *puzzle.Puzzle, pr *Pricer) *Layout {
	cells := p.Rows * p.Cols
	l := &Layout{Rows: p.Rows, Cols: p.Cols, Pricer: pr, Rotatable: p.Rotatable,
		rowFixed: make([]bool, p.Rows), colFixed: make([]bool, p.Cols)}
	fixedPiece := make([]bool, len(p.Pieces))
	fixedCells := make([]Elem, cells)
	for i := range fixedCells {
		fixedCells[i] = NoElem
	}
	for _, f := range p.Fixed {
		fixedCells[f.Cell.Row*p.Cols+f.Cell.Col] = ElemOf(f.Placement)
		fixedPiece[f.Placement.Piece] = true
		l.rowFixed[f.Cell.Row] = true
		l.colFixed[f.Cell.Col] = true
	}
	for i, fp := range fixedPiece {
		if !fp {
			l.FreePieces = append(l.FreePieces, i)
		}
	}
	for i, e := range fixedCells {
		if e == NoElem {
			l.Free = append(l.Free, i)
		}
	}
	spare := max(0, len(l.FreePieces)-len(l.Free))
	l.slots = cells + spare
	for i := range spare {
		l.Free = append(l.Free, cells+i)
	}
	l.fixed = append(fixedCells, make([]Elem, spare)...)
	l.blocked = make([]bool, l.slots)
	for i := cells; i < l.slots; i++ {
		l.fixed[i] = NoElem
	}
	for i := range cells {
		l.blocked[i] = fixedCells[i] != NoElem
	}
	l.nb = make([]int32, 4*l.slots)
	for i := range l.slots {
		for _, s := range puzzle.Sides {
			k := 4*i + int(s)
			if i >= cells {
				l.nb[k] = none
				continue
			}
			dr, dc := s.Step()
			r, c := i/p.Cols+dr, i%p.Cols+dc
			if r < 0 || r >= p.Rows || c < 0 || c >= p.Cols {
				l.nb[k] = rim
			} else {
				l.nb[k] = int32(r*p.Cols + c)
			}
		}
	}
	return l
}

// Cells returns the number of board cells.
func (l *Layout) Cells() int { return l.Rows * l.Cols }

// Slots returns the number of slots: board cells, then spares.
func (l *Layout) Slots() int { return l.slots }

// Fixed reports whether slot i holds a fixed piece.
func (l *Layout) Fixed(i int) bool { return l.blocked[i] }

// RowFixed reports whether row r holds a fixed piece.
func (l *Layout) RowFixed(r int) bool { return l.rowFixed[r] }

// ColFixed reports whether column c holds a fixed piece.
func (l *Layout) ColFixed(c int) bool { return l.colFixed[c] }

// Neighbour returns the slot on side s of slot i, or -1 when that side
// faces the outside of the board or i is a spare slot.
func (l *Layout) Neighbour(i int, s puzzle.Side) int {
	return max(-1, int(l.nb[4*i+int(s)]))
}

// Adjacent returns the side of slot i that faces slot j, or false.
func (l *Layout) Adjacent(i, j int) (puzzle.Side, bool) {
	for _, s := range puzzle.Sides {
		if int(l.nb[4*i+int(s)]) == j {
			return s, true
		}
	}
	return 0, false
}

// State is a board under search: an element per slot and the board's cost,
// kept current by every move. The zero State is not usable; make one with
// NewState.
type State struct {
	L *Layout
	// Cells holds the element in each slot. Moves keep Cost in step;
	// code that writes Cells directly calls Recompute.
	Cells []Elem
	cost  float64

	// Scratch for region moves.
	mark   []uint32
	epoch  uint32
	region []int
}

// NewState returns a state with the fixed pieces in place and every other
// slot empty, cost recomputed.
func NewState(l *Layout) *State {
	s := &State{L: l, Cells: append([]Elem(nil), l.fixed...)}
	s.Recompute()
	return s
}

// Clone returns an independent copy of s sharing its layout.
func (s *State) Clone() *State {
	return &State{L: s.L, Cells: append([]Elem(nil), s.Cells...), cost: s.cost}
}

// CopyFrom makes s equal to o, which shares its layout, without allocating.
func (s *State) CopyFrom(o *State) {
	copy(s.Cells, o.Cells)
	s.cost = o.cost
}

// Cost returns the board's cost as the moves have kept it.
func (s *State) Cost() float64 { return s.cost }

// Recompute prices the whole board afresh, stores and returns the cost.
// Incremental updates of float costs drift by rounding; searches call it
// now and then, and after writing Cells directly.
func (s *State) Recompute() float64 {
	pr := s.L.Pricer
	if pr.how == byLabels {
		s.cost = s.recomputeLabels()
		return s.cost
	}
	var c float64
	for i := range s.L.Cells() {
		e := s.Cells[i]
		if e < 0 {
			continue
		}
		for _, side := range puzzle.Sides {
			n := s.L.nb[4*i+int(side)]
			switch {
			case n == rim:
				c += pr.Frame(e, side)
			case n >= 0 && (side == puzzle.Right || side == puzzle.Bottom):
				if f := s.Cells[n]; f >= 0 {
					c += pr.Join(e, side, f)
				}
			}
		}
	}
	s.cost = c
	return c
}

// recomputeLabels is Recompute for label puzzles: integer compares of the
// facing labels, which population methods call once per child.
func (s *State) recomputeLabels() float64 {
	pr := s.L.Pricer
	f, nb := pr.facing, s.L.nb
	var miss int
	var rimCost float64
	for i, e := range s.Cells[:s.L.Cells()] {
		if e < 0 {
			continue
		}
		k := 4 * int(e)
		if n := nb[4*i+int(puzzle.Right)]; n >= 0 {
			if o := s.Cells[n]; o >= 0 && f[k+int(puzzle.Right)] != f[4*int(o)+int(puzzle.Left)] {
				miss++
			}
		} else {
			rimCost += float64(pr.frameCost[k+int(puzzle.Right)])
		}
		if n := nb[4*i+int(puzzle.Bottom)]; n >= 0 {
			if o := s.Cells[n]; o >= 0 && f[k+int(puzzle.Bottom)] != f[4*int(o)+int(puzzle.Top)] {
				miss++
			}
		} else {
			rimCost += float64(pr.frameCost[k+int(puzzle.Bottom)])
		}
		if nb[4*i+int(puzzle.Top)] == rim {
			rimCost += float64(pr.frameCost[k+int(puzzle.Top)])
		}
		if nb[4*i+int(puzzle.Left)] == rim {
			rimCost += float64(pr.frameCost[k+int(puzzle.Left)])
		}
	}
	return float64(miss) + rimCost
}

// Shuffle deals the free pieces at random into the free slots, each in a
// random rotation when pieces turn (the thesis's random start: every piece
// exactly once). Free cells left over stay empty.
func (s *State) Shuffle(rng *rand.Rand) {
	l := s.L
	for _, i := range l.Free {
		s.Cells[i] = NoElem
	}
	slots := len(l.Free)
	// A random choice of slots for the pieces: a partial Fisher–Yates
	// over the slot list, so that holes land anywhere.
	order := make([]int, slots)
	copy(order, l.Free)
	for k, piece := range l.FreePieces {
		j := k + rng.IntN(slots-k)
		order[k], order[j] = order[j], order[k]
		e := Elem(piece << 2)
		if l.Rotatable {
			e |= Elem(rng.IntN(4))
		}
		s.Cells[order[k]] = e
	}
	s.Recompute()
}

// Load sets s from board b, which must be valid for the puzzle: pieces b
// leaves off go to the spare slots, then to empty free cells.
func (s *State) Load(b *puzzle.Board) error {
	l := s.L
	if b.Rows != l.Rows || b.Cols != l.Cols {
		return fmt.Errorf("local: board is %d×%d, layout is %d×%d", b.Rows, b.Cols, l.Rows, l.Cols)
	}
	copy(s.Cells, l.fixed)
	placed := make([]bool, l.Pricer.Pieces())
	for i, pl := range b.Cells {
		if !l.blocked[i] {
			s.Cells[i] = ElemOf(pl)
		}
		if !pl.IsEmpty() {
			placed[pl.Piece] = true
		}
	}
	next := l.Cells()
	for _, piece := range l.FreePieces {
		if placed[piece] {
			continue
		}
		for next < l.slots && s.Cells[next] != NoElem {
			next++
		}
		if next == l.slots {
			// No spare slot left: use an empty free cell.
			next = 0
			for next < l.Cells() && (l.blocked[next] || s.Cells[next] != NoElem) {
				next++
			}
			if next == l.Cells() {
				return fmt.Errorf("local: no slot for piece %d", piece)
			}
		}
		s.Cells[next] = Elem(piece << 2)
		next = l.Cells()
	}
	s.Recompute()
	return nil
}

// Board writes the board's cells into dst, allocating it when nil or of
// the wrong size, and returns it.
func (s *State) Board(dst *puzzle.Board) *puzzle.Board {
	if dst == nil || dst.Rows != s.L.Rows || dst.Cols != s.L.Cols || len(dst.Cells) != s.L.Cells() {
		dst = puzzle.NewBoard(s.L.Rows, s.L.Cols)
	}
	for i := range dst.Cells {
		dst.Cells[i] = s.Cells[i].Placement()
	}
	return dst
}
