package puzzle

import (
	"errors"
	"fmt"
	"image"
	"math"
)

// Label is a discrete side descriptor: a colour, a shape or a pair label.
// Flat (0) is a straight border side.
type Label int32

// MinLabel is the least label a piece may carry: -MinLabel must be a label
// too, and the one int32 below it is kept for "any label" in look-ups.
const MinLabel Label = math.MinInt32 + 1

// Flat is the label of a straight side that belongs on the outside of the
// board. It never fits another side.
const Flat Label = 0

// MatchRule says which labels fit each other across a shared edge.
type MatchRule uint8

const (
	// Equal fits two sides that carry the same non-flat label: Eternity II
	// colours and the thesis's pair labels.
	Equal MatchRule = iota
	// Complement fits a tab +k to a blank -k: the shape-coded jigsaws.
	Complement
)

// Fits reports whether a side labelled a fits a facing side labelled b.
// A flat side fits nothing: it belongs on the outside of the board.
func (m MatchRule) Fits(a, b Label) bool {
	if a == Flat || b == Flat {
		return false
	}
	if m == Complement {
		return a == -b
	}
	return a == b
}

// Mate returns the label that fits a under the rule: a itself for Equal,
// -a for Complement. Mate(Flat) is Flat, the outside of the board.
func (m MatchRule) Mate(a Label) Label {
	if m == Complement {
		return -a
	}
	return a
}

// Valid reports whether m is a known rule.
func (m MatchRule) Valid() bool { return m <= Complement }

// String returns the rule's lower-case name, as the text formats spell
// it; an invalid rule shows its number.
func (m MatchRule) String() string {
	switch m {
	case Equal:
		return "equal"
	case Complement:
		return "complement"
	}
	return fmt.Sprintf("MatchRule(%d)", uint8(m))
}

// PieceID indexes a piece in Puzzle.Pieces, from 0.
type PieceID int32

// NoPiece marks an empty cell (a hole) on a board.
const NoPiece PieceID = -1

// Piece is one piece in its unrotated orientation: square in most
// puzzles, or oblong, as the strips and rectangles of a shredded document
// are (its picture then gives its shape, and a picture with an alpha
// channel says which pixels are the piece and which the background).
type Piece struct {
	// ID is the piece's index in Puzzle.Pieces.
	ID PieceID
	// Edges holds the label of each side, indexed by Side.
	Edges [4]Label
	// Image is the piece's picture, unrotated, or nil for a label puzzle.
	Image image.Image
}

// Edge returns the label that shows on side s when the piece is turned by r.
func (p *Piece) Edge(r Rotation, s Side) Label { return p.Edges[r.Source(s)] }

// Turned returns the four labels the piece shows when turned by r, indexed
// by Side.
func (p *Piece) Turned(r Rotation) [4]Label {
	var e [4]Label
	for _, s := range Sides {
		e[s] = p.Edges[r.Source(s)]
	}
	return e
}

// Placement is a piece in a cell, turned by Rotation.
type Placement struct {
	// Piece is the piece placed, or NoPiece for a hole.
	Piece PieceID
	// Rotation turns the piece clockwise from its unrotated sides; what it
	// shows on each side is Rotation.Source's to say.
	Rotation Rotation
}

// Empty is the placement of a hole.
var Empty = Placement{Piece: NoPiece}

// IsEmpty reports whether the placement holds no piece.
func (p Placement) IsEmpty() bool { return p.Piece == NoPiece }

// String returns "piece/quarter-turns", as the board text format writes a
// cell, or "-" for a hole: short enough to print a board a row per line.
func (p Placement) String() string {
	if p.IsEmpty() {
		return "-"
	}
	return fmt.Sprintf("%d/%d", p.Piece, p.Rotation)
}

// FixedPiece pins a piece to a cell in a given rotation: Eternity II's hints,
// or a fragment whose place is known. Every solver honours it.
type FixedPiece struct {
	// Cell is where the piece is pinned.
	Cell Cell
	// Placement is the piece and the rotation it is pinned in, which holds
	// even when the puzzle's pieces may not otherwise turn.
	Placement Placement
}

// Puzzle is a rectangular board of Rows × Cols cells and the pieces to place
// on it.
type Puzzle struct {
	// Rows and Cols are the board's size, which need not match the number
	// of pieces: a puzzle may have holes or pieces left over.
	Rows, Cols int
	// Pieces are indexed by their ID.
	Pieces []Piece
	// Rule says which labels fit.
	Rule MatchRule
	// Rotatable lets solvers turn pieces; when false every piece keeps
	// rotation 0 unless a fixed piece says otherwise.
	Rotatable bool
	// HalfTurns limits the turns of a Rotatable puzzle's pieces to 0 and
	// 180°: strips and other oblong pieces, whose quarter turn fits no
	// cell, and documents, whose lines of text run across the board. It
	// means nothing unless Rotatable is set.
	HalfTurns bool
	// Fixed pins pieces to cells.
	Fixed []FixedPiece
	// AllowExtra accepts more pieces than cells (fragments of other
	// puzzles mixed in); solvers report the pieces left over as unplaced.
	// Without it, more pieces than cells is an error, since it usually
	// means a wrong board size.
	AllowExtra bool
}

// Cells returns the number of cells on the board.
func (p *Puzzle) Cells() int { return p.Rows * p.Cols }

// In reports whether c lies on the board.
func (p *Puzzle) In(c Cell) bool {
	return c.Row >= 0 && c.Row < p.Rows && c.Col >= 0 && c.Col < p.Cols
}

// Missing returns how many cells stay empty when every piece is placed.
func (p *Puzzle) Missing() int { return max(0, p.Cells()-len(p.Pieces)) }

// HasImages reports whether every piece has a picture.
func (p *Puzzle) HasImages() bool {
	for i := range p.Pieces {
		if p.Pieces[i].Image == nil {
			return false
		}
	}
	return len(p.Pieces) > 0
}

// maxCells bounds the board so that Rows*Cols and per-cell tables stay
// reasonable on any machine.
const maxCells = 1 << 24

// Validate reports the first thing wrong with the puzzle, naming the piece or
// cell at fault, or nil.
func (p *Puzzle) Validate() error {
	if p == nil {
		return errors.New("puzzle: nil puzzle")
	}
	if p.Rows <= 0 || p.Cols <= 0 {
		return fmt.Errorf("puzzle: board of %d rows and %d columns: both must be at least 1", p.Rows, p.Cols)
	}
	if p.Rows > maxCells/p.Cols {
		return fmt.Errorf("puzzle: board of %d×%d cells is larger than %d cells", p.Rows, p.Cols, maxCells)
	}
	if !p.Rule.Valid() {
		return fmt.Errorf("puzzle: unknown match rule %d", p.Rule)
	}
	if len(p.Pieces) == 0 {
		return errors.New("puzzle: no pieces")
	}
	if len(p.Pieces) > p.Cells() && !p.AllowExtra {
		return fmt.Errorf("puzzle: %d pieces for %d cells (%d×%d): set AllowExtra if some pieces do not belong", len(p.Pieces), p.Cells(), p.Rows, p.Cols)
	}
	for i := range p.Pieces {
		if p.Pieces[i].ID != PieceID(i) {
			return fmt.Errorf("puzzle: piece %d has ID %d: IDs must equal the piece's index", i, p.Pieces[i].ID)
		}
		for _, s := range Sides {
			if p.Pieces[i].Edges[s] == MinLabel-1 {
				return fmt.Errorf("puzzle: piece %d has label %d on its %v side; labels must be at least %d, so that every label has a complement", i, MinLabel-1, s, MinLabel)
			}
		}
	}
	seenCell := make(map[Cell]int, len(p.Fixed))
	seenPiece := make(map[PieceID]int, len(p.Fixed))
	for i, f := range p.Fixed {
		if !p.In(f.Cell) {
			return fmt.Errorf("puzzle: fixed piece %d (entry %d) at cell %v is off the %d×%d board", f.Placement.Piece, i, f.Cell, p.Rows, p.Cols)
		}
		if f.Placement.Piece < 0 || int(f.Placement.Piece) >= len(p.Pieces) {
			return fmt.Errorf("puzzle: fixed entry %d at cell %v names piece %d; pieces are 0 to %d", i, f.Cell, f.Placement.Piece, len(p.Pieces)-1)
		}
		if !f.Placement.Rotation.Valid() {
			return fmt.Errorf("puzzle: fixed piece %d at cell %v has rotation %d; rotations are 0 to 3", f.Placement.Piece, f.Cell, f.Placement.Rotation)
		}
		if j, dup := seenCell[f.Cell]; dup {
			return fmt.Errorf("puzzle: cell %v is fixed twice (entries %d and %d)", f.Cell, j, i)
		}
		if j, dup := seenPiece[f.Placement.Piece]; dup {
			return fmt.Errorf("puzzle: piece %d is fixed twice (entries %d and %d)", f.Placement.Piece, j, i)
		}
		seenCell[f.Cell] = i
		seenPiece[f.Placement.Piece] = i
	}
	return nil
}

// Clone returns a deep copy of the puzzle's slices; piece images are shared,
// since images are not modified.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Pieces = append([]Piece(nil), p.Pieces...)
	q.Fixed = append([]FixedPiece(nil), p.Fixed...)
	return &q
}

// Turns returns the rotations a solver may give pieces: all four when the
// puzzle is rotatable, 0 and 180° when it is limited to HalfTurns, only 0
// otherwise.
func (p *Puzzle) Turns() []Rotation {
	switch {
	case p.Rotatable && p.HalfTurns:
		return []Rotation{0, 2}
	case p.Rotatable:
		return []Rotation{0, 1, 2, 3}
	}
	return []Rotation{0}
}

// Allows reports whether the puzzle lets a piece be turned by r: one of
// Turns.
func (p *Puzzle) Allows(r Rotation) bool {
	switch {
	case !r.Valid():
		return false
	case r == 0:
		return true
	case p.Rotatable && p.HalfTurns:
		return r == 2
	}
	return p.Rotatable
}
