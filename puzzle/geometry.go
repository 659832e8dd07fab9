package puzzle

import "fmt"

// Side names one of the four sides of a square piece or cell, clockwise from
// the top.
type Side uint8

// The four sides, clockwise.
const (
	Top Side = iota
	Right
	Bottom
	Left
)

// Sides lists the four sides in clockwise order, for range loops.
var Sides = [4]Side{Top, Right, Bottom, Left}

// Opposite returns the side facing s across a shared edge: a piece's Right
// touches its neighbour's Left.
func (s Side) Opposite() Side { return (s + 2) & 3 }

// Valid reports whether s is one of the four sides.
func (s Side) Valid() bool { return s < 4 }

// Step returns the offset from a cell to its neighbour on side s.
func (s Side) Step() (dRow, dCol int) {
	switch s {
	case Top:
		return -1, 0
	case Right:
		return 0, 1
	case Bottom:
		return 1, 0
	default:
		return 0, -1
	}
}

// String returns the side's lower-case name, as error messages and the
// text formats spell it; an invalid side shows its number.
func (s Side) String() string {
	switch s {
	case Top:
		return "top"
	case Right:
		return "right"
	case Bottom:
		return "bottom"
	case Left:
		return "left"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Rotation is a number of clockwise quarter turns, 0 to 3.
type Rotation uint8

// Valid reports whether r is one of the four rotations.
func (r Rotation) Valid() bool { return r < 4 }

// Source returns the side of the unrotated piece that shows on side s once
// the piece is turned by r: (s - r) mod 4. It is the one place in the module
// that relates rotated and unrotated sides.
func (r Rotation) Source(s Side) Side { return Side((uint8(s) - uint8(r)) & 3) }

// Target returns the side on which the unrotated side s shows once the piece
// is turned by r; it inverts Source.
func (r Rotation) Target(s Side) Side { return r.Inverse().Source(s) }

// Add returns the rotation of turning by r and then by o.
func (r Rotation) Add(o Rotation) Rotation { return (r + o) & 3 }

// Inverse returns the rotation that undoes r.
func (r Rotation) Inverse() Rotation { return (4 - r) & 3 }

// Degrees returns r as clockwise degrees: 0, 90, 180 or 270.
func (r Rotation) Degrees() int { return int(r&3) * 90 }

// String returns the rotation in degrees ("90°"), which reads without
// knowing that rotations count clockwise quarter turns.
func (r Rotation) String() string {
	if !r.Valid() {
		return fmt.Sprintf("Rotation(%d)", uint8(r))
	}
	return fmt.Sprintf("%d°", r.Degrees())
}

// Cell is a board position: Row 0 is the top row, Col 0 the left column.
type Cell struct {
	// Row and Col count from 0, as slices do, so that a cell indexes a
	// row-major board directly; files that count from 1 convert on load.
	Row, Col int
}

// Neighbour returns the cell next to c on side s. It may lie off the board.
func (c Cell) Neighbour(s Side) Cell {
	dr, dc := s.Step()
	return Cell{c.Row + dr, c.Col + dc}
}

// String returns "(row,col)", the form error messages use to name a cell.
func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.Row, c.Col) }
