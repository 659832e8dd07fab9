package polyomino

import (
	"errors"
	"fmt"
	"iter"
	"strings"
)

// Puzzle is a tiling puzzle: a board to cover exactly with tiles, without
// overlap, each tile square on a board square of its colour. Tiles are told
// apart by their index: two solutions that swap congruent tiles differ.
//
// When the tiles' area exceeds the board's, a solution uses a subset of the
// tiles whose area equals the board's (Subsets lists them); when it falls
// short there is no solution.
type Puzzle struct {
	// Name labels the puzzle in reports; Parse leaves it empty.
	Name string
	// Board is the region to cover.
	Board Shape
	// Tiles are the pieces, indexed from 0.
	Tiles []Shape
}

// Validate reports a puzzle that cannot be posed: an empty board, a board
// whose bounding box holds more than 2^24 cells, no tiles, or an empty tile.
func (p *Puzzle) Validate() error {
	if p.Board.Len() == 0 {
		return errors.New("polyomino: the board is empty")
	}
	if err := p.checkBox(); err != nil {
		return err
	}
	if len(p.Tiles) == 0 {
		return errors.New("polyomino: the puzzle has no tiles")
	}
	for i, t := range p.Tiles {
		if t.Len() == 0 {
			return fmt.Errorf("polyomino: tile %d is empty", i)
		}
	}
	return nil
}

// maxBoxCells bounds the board's bounding box, which grids and symmetry
// tables allocate whole: a few squares far apart would otherwise ask for
// an impossible grid.
const maxBoxCells = 1 << 24

// checkBox reports a board whose bounding box is too large to draw.
func (p *Puzzle) checkBox() error {
	rows, cols := p.Board.Size()
	if rows < 0 || cols < 0 || cols > 0 && rows > maxBoxCells/cols {
		return fmt.Errorf("polyomino: the board's bounding box is %d×%d cells, more than %d", rows, cols, maxBoxCells)
	}
	return nil
}

// Area returns the board's area and the sum of the tiles' areas.
func (p *Puzzle) Area() (board, tiles int) {
	for _, t := range p.Tiles {
		tiles += t.Len()
	}
	return p.Board.Len(), tiles
}

// Subsets yields, in lexicographic order of their members, the sets of tile
// indices whose areas add up to the board's: a single set of every tile when
// the areas are equal, none when the tiles fall short. Each yielded slice is
// fresh and increasing.
//
// The seed's program enumerates subsets the same way but stops exploring a
// branch as soon as one tile overshoots the area left, which skips subsets
// that leave that tile out when tiles differ in size; Subsets does not.
func (p *Puzzle) Subsets() iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		n := len(p.Tiles)
		area := p.Board.Len()
		// suffix[i] is the area of tiles i.., to prune branches that
		// cannot reach the board's area.
		suffix := make([]int, n+1)
		for i := n - 1; i >= 0; i-- {
			suffix[i] = suffix[i+1] + p.Tiles[i].Len()
		}
		// reach[i] has bit a set when some subset of tiles i.. covers
		// area a exactly, so that every branch walked leads to a set:
		// without it, tiles that can never add up to the board would be
		// tried in all 2^n combinations. It is skipped when it would
		// take more than 32 MB.
		var reach [][]uint64
		words := area/64 + 1
		if n*words <= 1<<22 {
			reach = make([][]uint64, n+1)
			for i := range reach {
				reach[i] = make([]uint64, words)
			}
			reach[n][0] = 1
			for i := n - 1; i >= 0; i-- {
				a := p.Tiles[i].Len()
				copy(reach[i], reach[i+1])
				for x := area - a; x >= 0; x-- {
					if reach[i+1][x/64]>>(x%64)&1 == 1 {
						reach[i][(x+a)/64] |= 1 << ((x + a) % 64)
					}
				}
			}
		}
		var set []int
		var walk func(i, left int) bool
		walk = func(i, left int) bool {
			if left == 0 {
				return yield(append([]int(nil), set...))
			}
			if i == n || left > suffix[i] || reach != nil && reach[i][left/64]>>(left%64)&1 == 0 {
				return true
			}
			if a := p.Tiles[i].Len(); a <= left {
				set = append(set, i)
				ok := walk(i+1, left-a)
				set = set[:len(set)-1]
				if !ok {
					return false
				}
			}
			return walk(i+1, left)
		}
		if area > 0 {
			walk(0, area)
		}
	}
}

// Symmetries returns the transforms that map the board onto itself with its
// colours, in value order. These are the symmetries that can map one
// solution onto another, so they are the group by which Fold folds
// solutions.
func (p *Puzzle) Symmetries() []Transform { return p.Board.Symmetries() }

// Placement lays a tile on the board: tile Tile, turned by Transform, with
// the bounding box of the turned shape starting at board cell At.
type Placement struct {
	// Tile indexes Puzzle.Tiles.
	Tile int
	// Transform turns or mirrors the tile before it is laid down.
	Transform Transform
	// At is where the turned shape's bounding box starts, not its first
	// square, so that every orientation is placed the same way.
	At Cell
}

// Solution is a set of placements, one per tile used.
type Solution []Placement

// Squares returns the board squares that pl covers, with the tile's
// colours. It fails if pl names no tile or transform.
func (p *Puzzle) Squares(pl Placement) ([]Square, error) {
	if pl.Tile < 0 || pl.Tile >= len(p.Tiles) {
		return nil, fmt.Errorf("polyomino: placement of tile %d: the puzzle has tiles 0 to %d", pl.Tile, len(p.Tiles)-1)
	}
	if !pl.Transform.Valid() {
		return nil, fmt.Errorf("polyomino: placement of tile %d: invalid %v", pl.Tile, pl.Transform)
	}
	sq := p.Tiles[pl.Tile].Transform(pl.Transform).Squares()
	for i := range sq {
		sq[i].Cell = sq[i].Cell.Add(pl.At)
	}
	return sq, nil
}

// Grid is a solution drawn on the board's bounding box.
type Grid struct {
	// Rows and Cols are the size of the board's bounding box, which
	// includes the cells of an irregular board that are not squares.
	Rows, Cols int
	// Tiles holds, row by row, the tile covering each cell, or -1.
	Tiles []int
}

// At returns the tile covering c, or -1 if none does or c lies outside the
// bounding box.
func (g Grid) At(c Cell) int {
	if c.Row < 0 || c.Row >= g.Rows || c.Col < 0 || c.Col >= g.Cols {
		return -1
	}
	return g.Tiles[c.Row*g.Cols+c.Col]
}

// Grid draws s on the board's bounding box. It fails, naming the tile and
// cell, if a placement is invalid, leaves the board, lands on a square of
// another colour or overlaps another, or a tile is placed twice; it does not
// require the board to be covered.
func (p *Puzzle) Grid(s Solution) (Grid, error) {
	if err := p.checkBox(); err != nil {
		return Grid{}, err
	}
	rows, cols := p.Board.Size()
	g := Grid{Rows: rows, Cols: cols, Tiles: make([]int, rows*cols)}
	for i := range g.Tiles {
		g.Tiles[i] = -1
	}
	used := make([]bool, len(p.Tiles))
	for _, pl := range s {
		sq, err := p.Squares(pl)
		if err != nil {
			return Grid{}, err
		}
		if used[pl.Tile] {
			return Grid{}, fmt.Errorf("polyomino: tile %d is placed twice", pl.Tile)
		}
		used[pl.Tile] = true
		for _, q := range sq {
			colour, ok := p.Board.Colour(q.Cell)
			switch {
			case !ok:
				return Grid{}, fmt.Errorf("polyomino: tile %d covers %v, off the board", pl.Tile, q.Cell)
			case colour != q.Colour:
				return Grid{}, fmt.Errorf("polyomino: tile %d puts colour %q on %v, a square of colour %q", pl.Tile, q.Colour, q.Cell, colour)
			case g.At(q.Cell) >= 0:
				return Grid{}, fmt.Errorf("polyomino: tiles %d and %d overlap at %v", g.At(q.Cell), pl.Tile, q.Cell)
			}
			g.Tiles[q.Row*cols+q.Col] = pl.Tile
		}
	}
	return g, nil
}

// Check reports whether s solves p: every placement valid, no overlap, each
// tile used at most once (exactly once when the tiles' area equals the
// board's), and the board covered.
func (p *Puzzle) Check(s Solution) error {
	g, err := p.Grid(s)
	if err != nil {
		return err
	}
	for i := range p.Board.Len() {
		c := p.Board.At(i).Cell
		if g.At(c) < 0 {
			return fmt.Errorf("polyomino: board cell %v is not covered", c)
		}
	}
	return nil
}

// tileSymbols label tiles in drawings, cycling when there are more tiles.
const tileSymbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// Render draws s on the board: each cell shows the letter of the tile that
// covers it (A for tile 0, B for tile 1, ..., then lower case and digits,
// repeating after 62 tiles), '.' for an uncovered board cell and a space off
// the board. Lines end in newlines and carry no trailing spaces. It fails as
// Grid does.
func (p *Puzzle) Render(s Solution) (string, error) {
	g, err := p.Grid(s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	line := make([]byte, g.Cols)
	for r := range g.Rows {
		for c := range g.Cols {
			switch t := g.At(Cell{r, c}); {
			case t >= 0:
				line[c] = tileSymbols[t%len(tileSymbols)]
			case isBoard(p.Board, Cell{r, c}):
				line[c] = '.'
			default:
				line[c] = ' '
			}
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func isBoard(s Shape, c Cell) bool {
	_, ok := s.Colour(c)
	return ok
}
