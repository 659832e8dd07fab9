package polyomino

import "bytes"

// Fold counts solutions up to the board's symmetries: two solutions are the
// same when a symmetry of the board, colours included, maps one onto the
// other tile for tile. This is the seed's "after symmetric solutions are
// removed" count.
//
// The seed compared every new solution with every kept one under each
// symmetry of the board's bounding box, O(n²) in the number of solutions.
// Fold hashes a canonical form instead: of the images of a solution under the
// board's symmetries, the least one, read as the row-major list of tiles per
// cell. Two solutions share a canonical form exactly when one maps onto the
// other, so counting distinct forms gives the seed's count in O(n).
//
// The symmetries used are those of the board itself (Puzzle.Symmetries), not
// of the orientation mode: a map that would turn a tile into an orientation
// the mode forbids never maps one found solution onto another, so it folds
// nothing and need not be excluded, and a mirror does fold two rotation-only
// solutions when every tile it touches is its own mirror image, as in the
// seed. Symmetries of the bounding box that change the board's shape or
// colours are left out for the same reason.
//
// A Fold is not safe for concurrent use.
type Fold struct {
	p     *Puzzle
	cols  int
	width int       // bytes per cell in a key
	perms [][]int32 // per board symmetry: key cell i reads grid[perm[i]]
	seen  map[string]struct{}
	key   []byte
	best  []byte
}

// NewFold returns an empty Fold for p's solutions. For a board too large
// for Puzzle.Validate the Fold is built empty, and Add and Key report the
// board as Puzzle.Grid does.
func NewFold(p *Puzzle) *Fold {
	rows, cols := p.Board.Size()
	f := &Fold{p: p, cols: cols, seen: make(map[string]struct{})}
	if p.checkBox() != nil {
		return f
	}
	switch n := len(p.Tiles); {
	case n < 1<<8-1:
		f.width = 1
	case n < 1<<16-1:
		f.width = 2
	default:
		f.width = 4
	}
	for _, t := range p.Symmetries() {
		// The board maps onto itself, so its bounding box does too:
		// translate the turned box back onto the original one.
		a, b := t.Apply(Cell{0, 0}), t.Apply(Cell{rows - 1, cols - 1})
		off := Cell{-min(a.Row, b.Row), -min(a.Col, b.Col)}
		perm := make([]int32, rows*cols)
		for r := range rows {
			for c := range cols {
				d := t.Apply(Cell{r, c}).Add(off)
				perm[r*cols+c] = int32(d.Row*cols + d.Col)
			}
		}
		f.perms = append(f.perms, perm)
	}
	return f
}

// Key returns the canonical form of s: equal for two solutions exactly when
// a board symmetry maps one onto the other. It fails as Puzzle.Grid does.
func (f *Fold) Key(s Solution) (string, error) {
	g, err := f.p.Grid(s)
	if err != nil {
		return "", err
	}
	f.canon(g.Tiles)
	return string(f.best), nil
}

// canon leaves the canonical form of grid in f.best.
func (f *Fold) canon(grid []int) {
	n := len(grid) * f.width
	if cap(f.key) < n {
		f.key, f.best = make([]byte, n), make([]byte, n)
	}
	f.key, f.best = f.key[:n], f.best[:n]
	for i, perm := range f.perms {
		k := f.key
		for j, src := range perm {
			// Tile t is stored as t+1 so that an uncovered cell (-1)
			// is 0; big-endian keeps byte order equal to tile order.
			v := uint32(grid[src] + 1)
			for b := f.width - 1; b >= 0; b-- {
				k[j*f.width+b] = byte(v)
				v >>= 8
			}
		}
		if i == 0 || bytes.Compare(k, f.best) < 0 {
			f.key, f.best = f.best, f.key
		}
	}
}

// Add records s and reports whether no solution recorded before is
// symmetric to it. It fails as Puzzle.Grid does, recording nothing.
func (f *Fold) Add(s Solution) (bool, error) {
	g, err := f.p.Grid(s)
	if err != nil {
		return false, err
	}
	f.canon(g.Tiles)
	if _, ok := f.seen[string(f.best)]; ok {
		return false, nil
	}
	f.seen[string(f.best)] = struct{}{}
	return true, nil
}

// Len returns the number of solutions recorded, up to symmetry.
func (f *Fold) Len() int { return len(f.seen) }
