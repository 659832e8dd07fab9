package polyomino

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Shape is a polyomino: a finite set of squares, each with a colour. A Shape
// is a value: it is kept translated so that its bounding box starts at
// (0, 0) and its squares are sorted row-major, so two shapes are equal
// exactly when they cover the same cells with the same colours. The zero
// Shape is empty.
type Shape struct {
	sq []Square
}

// NewShape returns the shape made of squares, translated to the origin. It
// fails if a cell is given twice.
func NewShape(squares ...Square) (Shape, error) {
	sq := slices.Clone(squares)
	slices.SortFunc(sq, cmpSquare)
	for i := 1; i < len(sq); i++ {
		if sq[i].Cell == sq[i-1].Cell {
			return Shape{}, fmt.Errorf("polyomino: cell %v given twice", sq[i].Cell)
		}
	}
	return normalise(sq), nil
}

// ParseShape reads a shape drawn as text: each line a row, each character a
// column, a space an empty cell and any other character a square of that
// colour. It is the text format of Parse for one figure, and meant for shapes
// written into programs:
//
//	ParseShape("##\n #") // the L tromino, all squares coloured '#'
//
// The figure need not be connected.
func ParseShape(s string) (Shape, error) {
	var sq []Square
	for r, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		col := 0
		for _, ch := range line {
			if err := checkChar(ch); err != nil {
				return Shape{}, fmt.Errorf("polyomino: shape line %d, column %d: %w", r+1, col+1, err)
			}
			if ch != ' ' {
				sq = append(sq, Square{Cell{r, col}, ch})
			}
			col++
		}
	}
	// The squares are already row-major and distinct.
	return normalise(sq), nil
}

// checkChar rejects the characters the text format cannot use as colours or
// spaces.
func checkChar(ch rune) error {
	switch {
	case ch == utf8.RuneError:
		return errors.New("invalid UTF-8 (or the replacement character U+FFFD)")
	case ch == '\t':
		return errors.New("a tab: columns would be ambiguous, use spaces")
	case ch < ' ' || ch == 0x7f:
		return fmt.Errorf("control character %U", ch)
	}
	return nil
}

func cmpSquare(a, b Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// normalise translates sorted squares, in place, so that the smallest row
// and column are 0.
func normalise(sq []Square) Shape {
	if len(sq) == 0 {
		return Shape{}
	}
	minR, minC := sq[0].Row, sq[0].Col
	for _, q := range sq[1:] {
		minC = min(minC, q.Col)
	}
	for i := range sq {
		sq[i].Row -= minR
		sq[i].Col -= minC
	}
	return Shape{sq}
}

// Len returns the number of squares, the shape's area.
func (s Shape) Len() int { return len(s.sq) }

// At returns the i-th square in row-major order, 0 <= i < Len().
func (s Shape) At(i int) Square { return s.sq[i] }

// Squares returns the squares in row-major order. The slice is the caller's.
func (s Shape) Squares() []Square { return slices.Clone(s.sq) }

// Size returns the height and width of the bounding box.
func (s Shape) Size() (rows, cols int) {
	for _, q := range s.sq {
		rows = max(rows, q.Row+1)
		cols = max(cols, q.Col+1)
	}
	return rows, cols
}

// Colour returns the colour of the square at c, and whether there is one.
func (s Shape) Colour(c Cell) (rune, bool) {
	i, ok := slices.BinarySearchFunc(s.sq, Square{Cell: c}, cmpSquare)
	if !ok {
		return 0, false
	}
	return s.sq[i].Colour, true
}

// Equal reports whether s and o cover the same cells with the same colours.
func (s Shape) Equal(o Shape) bool { return slices.Equal(s.sq, o.sq) }

// Transform returns s turned or mirrored by t and translated back to the
// origin.
func (s Shape) Transform(t Transform) Shape {
	sq := make([]Square, len(s.sq))
	for i, q := range s.sq {
		sq[i] = Square{t.Apply(q.Cell), q.Colour}
	}
	slices.SortFunc(sq, cmpSquare)
	return normalise(sq)
}

// Symmetries returns the transforms that leave s unchanged, colours
// included, in value order; Identity is always among them.
func (s Shape) Symmetries() []Transform {
	var sym []Transform
	for t := range Transform(8) {
		if s.Transform(t).Equal(s) {
			sym = append(sym, t)
		}
	}
	return sym
}

// Orientation is one way of laying a tile down: the transform applied and
// the shape it gives.
type Orientation struct {
	// Transform is the first of the transforms that give Shape, the one a
	// Placement records.
	Transform Transform
	// Shape is the tile turned by Transform, back at (0, 0), ready to be
	// laid at any cell.
	Shape Shape
}

// Orientations returns the distinct orientations of s that m allows, in the
// order of m.Transforms. Transforms that give a shape already listed, colours
// included, are left out, so a square tile has one orientation in every mode
// and each placement of a tile on a board is found once.
func (s Shape) Orientations(m Mode) []Orientation {
	var out []Orientation
next:
	for _, t := range m.Transforms() {
		o := s.Transform(t)
		for _, seen := range out {
			if seen.Shape.Equal(o) {
				continue next
			}
		}
		out = append(out, Orientation{t, o})
	}
	return out
}

// Connected reports whether the squares of s form one piece through shared
// sides. The empty shape is connected.
func (s Shape) Connected() bool {
	if len(s.sq) == 0 {
		return true
	}
	seen := make([]bool, len(s.sq))
	stack := []int{0}
	seen[0] = true
	n := 1
	for len(stack) > 0 {
		q := s.sq[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		for _, d := range neighbours {
			i, ok := slices.BinarySearchFunc(s.sq, Square{Cell: q.Add(d)}, cmpSquare)
			if ok && !seen[i] {
				seen[i] = true
				n++
				stack = append(stack, i)
			}
		}
	}
	return n == len(s.sq)
}

// neighbours are the four steps to the cells that share a side.
var neighbours = [4]Cell{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// String draws s as ParseShape reads it: one line per row, each square's
// colour in its column, spaces elsewhere, no trailing spaces, lines separated
// by newlines and no final newline. Colours that cannot be drawn show as '?'.
func (s Shape) String() string {
	var b strings.Builder
	row, col := 0, 0
	for _, q := range s.sq {
		for ; row < q.Row; row++ {
			b.WriteByte('\n')
			col = 0
		}
		for ; col < q.Col; col++ {
			b.WriteByte(' ')
		}
		ch := q.Colour
		if checkChar(ch) != nil || ch == ' ' || !utf8.ValidRune(ch) {
			ch = '?'
		}
		b.WriteRune(ch)
		col++
	}
	return b.String()
}
