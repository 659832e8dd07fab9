package puzzle

import (
	"errors"
	"fmt"
)

// Board is a Rows × Cols grid of placements, stored row-major in Cells.
// An empty cell holds Empty.
type Board struct {
	// Rows and Cols are the board's size, kept with the cells so that a
	// board can be checked and printed without its puzzle.
	Rows, Cols int
	// Cells holds cell (r, c) at index r*Cols + c; a flat slice lets
	// solvers copy and compare whole boards cheaply.
	Cells []Placement
}

// NewBoard returns an empty board of the given size. Sizes below 0 count
// as 0; validate a puzzle before building boards from its size.
func NewBoard(rows, cols int) *Board {
	rows, cols = max(rows, 0), max(cols, 0)
	b := &Board{Rows: rows, Cols: cols, Cells: make([]Placement, rows*cols)}
	for i := range b.Cells {
		b.Cells[i] = Empty
	}
	return b
}

// NewBoardFor returns an empty board the size of p's, with p's fixed pieces
// in place. A nil p gives an empty 0×0 board, and a fixed piece off the
// board is left out (Validate reports both); validate a puzzle before
// building boards from its size.
func NewBoardFor(p *Puzzle) *Board {
	if p == nil {
		return NewBoard(0, 0)
	}
	b := NewBoard(p.Rows, p.Cols)
	for _, f := range p.Fixed {
		if b.In(f.Cell) {
			b.Set(f.Cell, f.Placement)
		}
	}
	return b
}

// Index returns the position of c in Cells.
func (b *Board) Index(c Cell) int { return c.Row*b.Cols + c.Col }

// CellAt returns the cell at position i of Cells.
func (b *Board) CellAt(i int) Cell { return Cell{i / b.Cols, i % b.Cols} }

// In reports whether c lies on the board.
func (b *Board) In(c Cell) bool {
	return c.Row >= 0 && c.Row < b.Rows && c.Col >= 0 && c.Col < b.Cols
}

// At returns the placement in cell c, or Empty if c is off the board.
func (b *Board) At(c Cell) Placement {
	if !b.In(c) {
		return Empty
	}
	return b.Cells[b.Index(c)]
}

// Set puts p in cell c, which must be on the board.
func (b *Board) Set(c Cell, p Placement) { b.Cells[b.Index(c)] = p }

// Clone returns an independent copy of b.
func (b *Board) Clone() *Board {
	return &Board{Rows: b.Rows, Cols: b.Cols, Cells: append([]Placement(nil), b.Cells...)}
}

// Equal reports whether b and o hold the same placements on boards of the
// same size.
func (b *Board) Equal(o *Board) bool {
	if b == nil || o == nil {
		return b == o
	}
	if b.Rows != o.Rows || b.Cols != o.Cols || len(b.Cells) != len(o.Cells) {
		return false
	}
	for i := range b.Cells {
		if b.Cells[i] != o.Cells[i] {
			return false
		}
	}
	return true
}

// Placed returns how many cells hold a piece.
func (b *Board) Placed() int {
	n := 0
	for _, p := range b.Cells {
		if !p.IsEmpty() {
			n++
		}
	}
	return n
}

// Turn returns the board turned clockwise by r as a whole: cells move and
// every piece turns with them. A quarter turn swaps Rows and Cols.
//
// A malformed board, whose Cells is not Rows×Cols long (Validate says so),
// has no cell to move anywhere: Turn returns a copy of it as it is, so that
// a caller comparing turns of a board finds the fault where it checks the
// board, not in a panic here. A nil board turns to nil.
func (b *Board) Turn(r Rotation) *Board {
	if b == nil {
		return nil
	}
	if !b.wellFormed() {
		return b.Clone()
	}
	r &= 3
	rows, cols := b.Rows, b.Cols
	if r&1 == 1 {
		rows, cols = cols, rows
	}
	t := &Board{Rows: rows, Cols: cols, Cells: make([]Placement, len(b.Cells))}
	for i, p := range b.Cells {
		c := b.CellAt(i)
		var d Cell
		switch r {
		case 0:
			d = c
		case 1:
			d = Cell{c.Col, b.Rows - 1 - c.Row}
		case 2:
			d = Cell{b.Rows - 1 - c.Row, b.Cols - 1 - c.Col}
		case 3:
			d = Cell{b.Cols - 1 - c.Col, c.Row}
		}
		if !p.IsEmpty() {
			p.Rotation = p.Rotation.Add(r)
		}
		t.Set(d, p)
	}
	return t
}

// wellFormed reports whether b's Cells holds its Rows×Cols cells, without
// the product, which can overflow.
func (b *Board) wellFormed() bool {
	if b.Rows < 0 || b.Cols < 0 {
		return false
	}
	if b.Cols == 0 {
		return len(b.Cells) == 0
	}
	return len(b.Cells)%b.Cols == 0 && len(b.Cells)/b.Cols == b.Rows
}

// Turns returns the whole-board rotations that keep the board's shape: all
// four for a square board, 0 and 180° otherwise.
func (b *Board) Turns() []Rotation {
	if b.Rows == b.Cols {
		return []Rotation{0, 1, 2, 3}
	}
	return []Rotation{0, 2}
}

// Validate checks that b is a well-formed board for p: the same size, every
// piece known and placed at most once, rotations allowed by p, and p's fixed
// pieces in place. Holes are allowed. The error names the cell at fault.
func (b *Board) Validate(p *Puzzle) error {
	if b == nil {
		return errors.New("puzzle: nil board")
	}
	if p == nil {
		return errors.New("puzzle: nil puzzle")
	}
	if b.Rows != p.Rows || b.Cols != p.Cols {
		return fmt.Errorf("puzzle: board is %d×%d, puzzle is %d×%d", b.Rows, b.Cols, p.Rows, p.Cols)
	}
	if len(b.Cells) != b.Rows*b.Cols {
		return fmt.Errorf("puzzle: board of %d×%d has %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	where := make(map[PieceID]Cell, len(b.Cells))
	for i, pl := range b.Cells {
		if pl.IsEmpty() {
			if pl != Empty {
				return fmt.Errorf("puzzle: cell %v is a hole turned by %d: a hole has no rotation", b.CellAt(i), pl.Rotation)
			}
			continue
		}
		c := b.CellAt(i)
		if pl.Piece < 0 || int(pl.Piece) >= len(p.Pieces) {
			return fmt.Errorf("puzzle: cell %v holds piece %d; pieces are 0 to %d", c, pl.Piece, len(p.Pieces)-1)
		}
		if !pl.Rotation.Valid() {
			return fmt.Errorf("puzzle: cell %v turns piece %d by %d; rotations are 0 to 3", c, pl.Piece, pl.Rotation)
		}
		if !p.Allows(pl.Rotation) && !isFixed(p, c, pl) {
			if p.Rotatable {
				return fmt.Errorf("puzzle: cell %v turns piece %d by %v but the puzzle's pieces turn only by 0 or 180°", c, pl.Piece, pl.Rotation)
			}
			return fmt.Errorf("puzzle: cell %v turns piece %d by %v but the puzzle's pieces may not rotate", c, pl.Piece, pl.Rotation)
		}
		if prev, dup := where[pl.Piece]; dup {
			return fmt.Errorf("puzzle: piece %d is placed twice, at %v and %v", pl.Piece, prev, c)
		}
		where[pl.Piece] = c
	}
	for _, f := range p.Fixed {
		if got := b.At(f.Cell); got != f.Placement {
			return fmt.Errorf("puzzle: cell %v must hold fixed piece %v, holds %v", f.Cell, f.Placement, got)
		}
	}
	return nil
}

func isFixed(p *Puzzle, c Cell, pl Placement) bool {
	for _, f := range p.Fixed {
		if f.Cell == c && f.Placement == pl {
			return true
		}
	}
	return false
}

// Unplaced returns, in increasing order, the pieces of p that b does not
// place. A nil p has no pieces to leave out, so the answer is nil; a nil b
// places none, so the answer is every piece.
func (b *Board) Unplaced(p *Puzzle) []PieceID {
	if p == nil {
		return nil
	}
	used := make([]bool, len(p.Pieces))
	var cells []Placement
	if b != nil {
		cells = b.Cells
	}
	for _, pl := range cells {
		if pl.Piece >= 0 && int(pl.Piece) < len(used) {
			used[pl.Piece] = true
		}
	}
	var out []PieceID
	for i, u := range used {
		if !u {
			out = append(out, PieceID(i))
		}
	}
	return out
}
