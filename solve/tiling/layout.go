package tiling

// Where tiles fit. Both methods start from the same table: for every
// distinct tile shape, in each of its orientations, the board squares on
// which the orientation's first square can lie with every square on a board
// square of its colour. It is found by walking the board's squares, not its
// bounding box, so a sparse board costs its area, not the box's; identical
// tiles share one entry, so a puzzle of many copies of a few shapes costs
// the shapes, not the copies; and the context is polled as it goes.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

// MaxOptions is the default bound on what a Solver lays out before it
// searches (WithMaxOptions changes it): for ExactCover, the exact-cover
// options, one per placement of a tile on the board; for Backtrack, the
// entries of its table, one per distinct tile orientation and board square.
// A puzzle over the bound is refused with an error wrapping ErrTooLarge,
// before the table is allocated.
//
// An option takes about 150 to 250 bytes for tiles of three to five squares
// (its placement, its elements in the Problem and in the engine), so the
// default keeps a build within a few hundred megabytes. Puzzles with many
// copies of one tile come near it first: every copy is a tile item of its
// own, with every placement of the shape as its options.
const MaxOptions = 1 << 20

// ErrTooLarge is wrapped by the error for a puzzle with more placements than
// the solver's bound (MaxOptions, or WithMaxOptions).
var ErrTooLarge = errors.New("tiling: puzzle too large")

// errBuildCanceled reports that the context ended while the table was being
// built: not an error for the caller, who reports the run as canceled.
var errBuildCanceled = errors.New("tiling: canceled while laying out placements")

// pollAnchors is how many anchor squares the layout tries between looks at
// the context: a try costs a few binary searches, well under a
// microsecond, so a cancelled build returns within a millisecond or so.
const pollAnchors = 1 << 12

// layout is where each distinct tile shape fits on the board.
type layout struct {
	// board holds the board's squares in row-major order; a square's
	// index here is its board index, the order of the cell items.
	board []polyomino.Square
	// grid maps a cell of the bounding box to its board index, or -1;
	// nil for a board too sparse for it, which then is searched.
	grid       []int32
	rows, cols int
	// shapes are the tiles' distinct shapes, shapeOf[t] tile t's.
	shapes  []shapeFits
	shapeOf []int
	// options counts the placements of tiles (not shapes): the
	// exact-cover options.
	options int64
}

// shapeFits is where one shape fits, orientation by orientation.
type shapeFits struct {
	orients []polyomino.Orientation
	fits    []fits
}

// fits lists the placements of one orientation in row-major order of
// their anchor, the orientation's first square (top row, leftmost).
type fits struct {
	// anchors holds each placement's anchor square, as a board index.
	anchors []int32
	// cells holds each placement's board squares, Len() per placement,
	// in the row-major order of the shape's squares.
	cells []int32
	// anchorCol is the anchor's column in the oriented shape: a
	// placement's At is its anchor cell less this many columns.
	anchorCol int
}

// newLayout finds where p's tiles fit in mode m. limit bounds the
// exact-cover options, or with backtrack set the backtracker's table (one
// entry per distinct orientation and board square); over it, nothing more
// is allocated and the error wraps ErrTooLarge. The error is
// errBuildCanceled if ctx ends first.
func newLayout(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, limit int64, backtrack bool) (*layout, error) {
	l := &layout{board: p.Board.Squares(), shapeOf: make([]int, len(p.Tiles))}
	l.rows, l.cols = p.Board.Size()
	n := int64(len(l.board))
	// A dense grid costs 4 bytes a cell of the bounding box; take it only
	// while that stays within a small multiple of the board's own size.
	if int64(l.rows) <= (16*n+1<<16)/max(int64(l.cols), 1) {
		l.grid = make([]int32, l.rows*l.cols)
		for i := range l.grid {
			l.grid[i] = -1
		}
		for i, q := range l.board {
			l.grid[q.Row*l.cols+q.Col] = int32(i)
		}
	}

	// Group identical tiles: they fit in the same places.
	copies := []int64(nil)
	byKey := make(map[string]int)
	for t, tile := range p.Tiles {
		k := shapeKey(tile)
		s, ok := byKey[k]
		if !ok {
			s = len(l.shapes)
			byKey[k] = s
			l.shapes = append(l.shapes, shapeFits{orients: tile.Orientations(m)})
			copies = append(copies, 0)
		}
		l.shapeOf[t] = s
		copies[s]++
	}
	if backtrack {
		var orients int64
		for _, s := range l.shapes {
			orients += int64(len(s.orients))
		}
		if entries := orients * n; entries > limit {
			return nil, fmt.Errorf("%w: the backtracker's table would have %d entries (%d tile orientations × %d board squares), more than the limit of %d",
				ErrTooLarge, entries, orients, n, limit)
		}
	}

	// Walk the board once per distinct orientation. Placements are kept
	// while the options they stand for stay within the limit; past it
	// they are only counted, for the error.
	tried := 0
	for si := range l.shapes {
		s := &l.shapes[si]
		s.fits = make([]fits, len(s.orients))
		for k, o := range s.orients {
			f := &s.fits[k]
			f.anchorCol = o.Shape.At(0).Col
			size := o.Shape.Len()
			for i := range l.board {
				if tried++; tried%pollAnchors == 0 && ctx.Err() != nil {
					return nil, errBuildCanceled
				}
				if !l.fit(o.Shape, i, nil) {
					continue
				}
				l.options += copies[si]
				if !backtrack && l.options > limit {
					continue
				}
				f.anchors = append(f.anchors, int32(i))
				f.cells = slices.Grow(f.cells, size)
				l.fit(o.Shape, i, func(c int32) { f.cells = append(f.cells, c) })
			}
		}
	}
	if !backtrack && l.options > limit {
		return nil, fmt.Errorf("%w: %d options (tile placements) for %d tiles on %d board squares, more than the limit of %d",
			ErrTooLarge, l.options, len(p.Tiles), n, limit)
	}
	return l, nil
}

// fit reports whether shape o fits with its first square on board square
// anchor, and passes the board index of each square it covers to each,
// when not nil.
func (l *layout) fit(o polyomino.Shape, anchor int, each func(int32)) bool {
	a := l.board[anchor].Cell
	a0 := o.At(0).Cell
	for j := range o.Len() {
		q := o.At(j)
		c := polyomino.Cell{Row: a.Row + q.Row - a0.Row, Col: a.Col + q.Col - a0.Col}
		i := l.index(c)
		if i < 0 || l.board[i].Colour != q.Colour {
			return false
		}
		if each != nil {
			each(int32(i))
		}
	}
	return true
}

// index returns the board index of cell c, or -1 if c is not on the board.
func (l *layout) index(c polyomino.Cell) int {
	if c.Row < 0 || c.Row >= l.rows || c.Col < 0 || c.Col >= l.cols {
		return -1
	}
	if l.grid != nil {
		return int(l.grid[c.Row*l.cols+c.Col])
	}
	i, ok := slices.BinarySearchFunc(l.board, c, func(q polyomino.Square, c polyomino.Cell) int {
		if q.Row != c.Row {
			return q.Row - c.Row
		}
		return q.Col - c.Col
	})
	if !ok {
		return -1
	}
	return i
}

// shapeKey is a string equal for two shapes exactly when they are equal.
func shapeKey(s polyomino.Shape) string {
	var b strings.Builder
	for i := range s.Len() {
		q := s.At(i)
		fmt.Fprintf(&b, "%d,%d,%d;", q.Row, q.Col, q.Colour)
	}
	return b.String()
}
