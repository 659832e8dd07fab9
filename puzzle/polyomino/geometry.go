package polyomino

import (
	"fmt"
	"strings"
)

// Cell is a square of the plane: Row 0 is the top row, Col 0 the left
// column, as everywhere in the module. Shapes keep their cells translated so
// that their bounding box starts at (0, 0); board positions are cells of the
// board's bounding box.
type Cell struct {
	// Row and Col may be negative while a shape is being turned; shapes
	// and board positions keep them from 0.
	Row, Col int
}

// Add returns c moved by d.
func (c Cell) Add(d Cell) Cell { return Cell{c.Row + d.Row, c.Col + d.Col} }

// String returns "(row,col)", the form error messages use to name a cell.
func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.Row, c.Col) }

// Square is a cell with a colour. In the text format the colour is the
// character drawn in the cell; a tile's square may only cover a board square
// of the same colour.
type Square struct {
	// Cell is embedded so that a square moves and compares as its cell
	// does.
	Cell
	// Colour is the character the text format draws in the square; a
	// shape without colours uses one character throughout.
	Colour rune
}

// Transform is one of the 8 symmetries of the square, the dihedral group
// D4: an optional left-right mirror followed by 0 to 3 clockwise quarter
// turns. Quarter turns are clockwise as in package puzzle; Transform is not
// puzzle.Rotation because it acts on whole shapes and includes mirrors.
type Transform uint8

// The 8 transforms. The value is the number of quarter turns, plus 4 when the
// shape is mirrored first, so t&3 is the turn and t&4 the mirror.
const (
	Identity        Transform = iota // leaves every cell in place
	Rotate90                         // a clockwise quarter turn
	Rotate180                        // a half turn
	Rotate270                        // an anticlockwise quarter turn
	Mirror                           // left-right mirror image (about a vertical axis)
	MirrorRotate90                   // Mirror, then a clockwise quarter turn: mirror about the anti-diagonal
	MirrorRotate180                  // Mirror, then a half turn: top-bottom mirror image
	MirrorRotate270                  // Mirror, then an anticlockwise quarter turn: mirror about the main diagonal
)

// Transforms lists the 8 transforms in value order, for callers to range
// over; the package itself does not read it.
var Transforms = [8]Transform{Identity, Rotate90, Rotate180, Rotate270, Mirror, MirrorRotate90, MirrorRotate180, MirrorRotate270}

// Valid reports whether t is one of the 8 transforms.
func (t Transform) Valid() bool { return t < 8 }

// Turns returns the clockwise quarter turns of t, 0 to 3.
func (t Transform) Turns() int { return int(t & 3) }

// Mirrored reports whether t reverses handedness, turning a chiral tile into
// its mirror image.
func (t Transform) Mirrored() bool { return t&4 != 0 }

// Apply maps c about the origin. The result may have negative coordinates;
// Shape.Transform translates it back into place.
func (t Transform) Apply(c Cell) Cell {
	if t.Mirrored() {
		c.Col = -c.Col
	}
	for range t.Turns() {
		// A clockwise quarter turn sends the top row to the right
		// column: (r, c) → (c, -r).
		c = Cell{c.Col, -c.Row}
	}
	return c
}

// compose[t][u] is the transform that applies t, then u. It is filled by
// watching where the two transforms send two cells that pin down any linear
// map, so no hand-written table can be wrong.
var compose = func() (tab [8][8]Transform) {
	probe := [2]Cell{{0, 1}, {1, 0}}
	for t := range Transform(8) {
		for u := range Transform(8) {
			for v := range Transform(8) {
				if v.Apply(probe[0]) == u.Apply(t.Apply(probe[0])) && v.Apply(probe[1]) == u.Apply(t.Apply(probe[1])) {
					tab[t][u] = v
				}
			}
		}
	}
	return tab
}()

// Then returns the transform that applies t, then u.
func (t Transform) Then(u Transform) Transform { return compose[t&7][u&7] }

// Inverse returns the transform that undoes t: mirrors undo themselves, turns
// are undone by the opposite turn.
func (t Transform) Inverse() Transform {
	if t.Mirrored() {
		return t
	}
	return (4 - t) & 3
}

var transformNames = [8]string{"identity", "rotate90", "rotate180", "rotate270", "mirror", "mirror+rotate90", "mirror+rotate180", "mirror+rotate270"}

// String returns the transform's name ("mirror+rotate90"), which says in
// what order the mirror and the turn apply.
func (t Transform) String() string {
	if !t.Valid() {
		return fmt.Sprintf("Transform(%d)", uint8(t))
	}
	return transformNames[t]
}

// Mode says which transforms a tile may undergo when it is placed.
type Mode uint8

// The orientation modes. None, Rotate and Reflect are the three modes of the
// seed's tables; ReflectOnly is the fourth mode of the seed's code.
const (
	// None places tiles exactly as drawn.
	None Mode = iota
	// Rotate allows the 4 quarter turns, no mirror images.
	Rotate
	// Reflect allows all 8 transforms: turns and mirror images.
	Reflect
	// ReflectOnly allows the mirror images about the two axes and, since
	// doing both is a half turn, the half turn: the symmetry group of a
	// rectangle, but no quarter turns.
	ReflectOnly
)

// Modes lists the modes in value order, for callers to range over; the
// package itself does not read it.
var Modes = [4]Mode{None, Rotate, Reflect, ReflectOnly}

var modeTransforms = [4][]Transform{
	None:        {Identity},
	Rotate:      {Identity, Rotate90, Rotate180, Rotate270},
	Reflect:     {Identity, Rotate90, Rotate180, Rotate270, Mirror, MirrorRotate90, MirrorRotate180, MirrorRotate270},
	ReflectOnly: {Identity, Rotate180, Mirror, MirrorRotate180},
}

// Valid reports whether m is one of the four modes.
func (m Mode) Valid() bool { return m < 4 }

// Transforms returns the transforms m allows, identity first, in the order
// the seed's code tries them. The slice is the caller's.
func (m Mode) Transforms() []Transform {
	if !m.Valid() {
		return nil
	}
	return append([]Transform(nil), modeTransforms[m]...)
}

// Allows reports whether m allows t.
func (m Mode) Allows(t Transform) bool {
	if !m.Valid() {
		return false
	}
	for _, u := range modeTransforms[m] {
		if u == t {
			return true
		}
	}
	return false
}

var modeNames = [4]string{"none", "rotate", "reflect", "reflect-only"}

// String returns the mode's name as ParseMode reads it.
func (m Mode) String() string {
	if !m.Valid() {
		return fmt.Sprintf("Mode(%d)", uint8(m))
	}
	return modeNames[m]
}

// ParseMode reads a mode name: none, rotate, reflect or reflect-only, in any
// case.
func ParseMode(s string) (Mode, error) {
	for m := range Mode(len(modeNames)) {
		if strings.EqualFold(s, modeNames[m]) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("polyomino: unknown mode %q: want none, rotate, reflect or reflect-only", s)
}
