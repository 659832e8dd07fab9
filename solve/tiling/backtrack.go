package tiling

// The seed's backtracker (seed 003 §2.2, as its author's code runs it):
// take the first empty board cell in row-major order; try each unused tile,
// in input order, in each of its distinct orientations, laid so that the
// first square of its top row covers that cell; after each placement, record
// a solution if the board is full, or else recurse unless the hole-size
// rules find a dead end.

import (
	"context"
	"slices"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
)

// seedSearch is the backtracker's state. Cells are indices into the board's
// bounding box, row-major.
type seedSearch struct {
	t      *tracker
	bounds Bounds
	cols   int
	area   int
	// free marks board cells not yet covered; off-board cells are never
	// free.
	free   []bool
	filled int
	// fit[tile][orientation][cell] lists the cells the orientation covers
	// when its anchor square is on cell, or nil where it leaves the board
	// or lands on other colours: everything but overlap is checked once.
	fit [][][][]int32
	// anchor[tile][orientation] is the anchor square's column in the
	// oriented shape, to turn an anchor cell back into a Placement.
	anchor  [][]int
	orients [][]polyomino.Orientation
	size    []int // tile areas
	// sameSize is the area of every tile when all tiles have the same
	// area, else 0: it selects the seed's rule for equal tiles.
	sameSize     int
	participants []int
	used         []bool
	stack        []polyomino.Placement
	// adj lists each board cell's neighbouring board cells for the hole
	// fill; mark, gen and fill are its scratch space.
	adj   [][]int32
	mark  []uint32
	gen   uint32
	fill  []int32
	holes []int
}

func newSeedSearch(p *polyomino.Puzzle, m polyomino.Mode, b Bounds, t *tracker) *seedSearch {
	rows, cols := p.Board.Size()
	s := &seedSearch{t: t, bounds: b, cols: cols, area: p.Board.Len(), used: make([]bool, len(p.Tiles))}
	n := rows * cols
	s.free = make([]bool, n)
	for i := range p.Board.Len() {
		c := p.Board.At(i).Cell
		s.free[c.Row*cols+c.Col] = true
	}
	s.sameSize = p.Tiles[0].Len()
	for i, tile := range p.Tiles {
		s.size = append(s.size, tile.Len())
		if tile.Len() != s.sameSize {
			s.sameSize = 0
		}
		os := tile.Orientations(m)
		s.orients = append(s.orients, os)
		s.fit = append(s.fit, make([][][]int32, len(os)))
		s.anchor = append(s.anchor, make([]int, len(os)))
		for k, o := range os {
			a := o.Shape.At(0) // row 0, leftmost: the seed's anchor
			s.anchor[i][k] = a.Col
			s.fit[i][k] = make([][]int32, n)
			for cell := range n {
				r0, c0 := cell/cols, cell%cols-a.Col
				cells := make([]int32, 0, o.Shape.Len())
				for j := range o.Shape.Len() {
					q := o.Shape.At(j)
					at := polyomino.Cell{Row: r0 + q.Row, Col: c0 + q.Col}
					colour, ok := p.Board.Colour(at)
					if !ok || colour != q.Colour {
						cells = nil
						break
					}
					cells = append(cells, int32(at.Row*cols+at.Col))
				}
				s.fit[i][k][cell] = cells
			}
		}
	}
	s.adj = make([][]int32, n)
	s.mark = make([]uint32, n)
	for cell := range n {
		if !s.free[cell] {
			continue
		}
		r, c := cell/cols, cell%cols
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				diagonal := dr != 0 && dc != 0
				if dr == 0 && dc == 0 || diagonal && b != SeedHoleBounds {
					continue
				}
				rr, cc := r+dr, c+dc
				if rr >= 0 && rr < rows && cc >= 0 && cc < cols && s.free[rr*cols+cc] {
					s.adj[cell] = append(s.adj[cell], int32(rr*cols+cc))
				}
			}
		}
	}
	return s
}

// run searches every subset of tiles whose area is the board's, calling
// found with each solution; found returns false to stop. It reports whether
// the search ran to its end.
func (s *seedSearch) run(p *polyomino.Puzzle, found func(polyomino.Solution) bool) bool {
	first := slices.Index(s.free, true)
	for set := range p.Subsets() {
		// Subsets of many tiles can be many: look at the context
		// between them too, not only at search nodes.
		if s.t.ctx.Err() != nil {
			s.t.end(solve.Canceled)
			return false
		}
		s.participants = set
		if !s.play(first, found) {
			return false
		}
	}
	return true
}

// play fills cell pos, the first empty one, in every way and recurses.
func (s *seedSearch) play(pos int, found func(polyomino.Solution) bool) bool {
	for _, t := range s.participants {
		if s.used[t] {
			continue
		}
	orientations:
		for k, fits := range s.fit[t] {
			cells := fits[pos]
			if cells == nil {
				continue
			}
			for _, c := range cells {
				if !s.free[c] {
					continue orientations
				}
			}
			s.place(t, cells, true)
			s.stack = append(s.stack, polyomino.Placement{
				Tile:      t,
				Transform: s.orients[t][k].Transform,
				At:        polyomino.Cell{Row: pos / s.cols, Col: pos%s.cols - s.anchor[t][k]},
			})
			ok := s.t.node()
			if ok {
				switch {
				case s.filled == s.area:
					s.t.solutions++
					sol := slices.Clone(s.stack)
					slices.SortFunc(sol, func(a, b polyomino.Placement) int { return a.Tile - b.Tile })
					ok = found(sol)
				case !s.deadEnd():
					next := pos
					for !s.free[next] {
						next++
					}
					ok = s.play(next, found)
				}
			}
			s.stack = s.stack[:len(s.stack)-1]
			s.place(t, cells, false)
			if !ok {
				return false
			}
		}
	}
	return true
}

// place lays tile t on cells, or lifts it off.
func (s *seedSearch) place(t int, cells []int32, on bool) {
	for _, c := range cells {
		s.free[c] = !on
	}
	s.used[t] = on
	if on {
		s.filled += len(cells)
	} else {
		s.filled -= len(cells)
	}
}

// deadEnd applies the seed's hole-size rules to the empty cells.
func (s *seedSearch) deadEnd() bool {
	if s.bounds == NoBounds {
		return false
	}
	s.findHoles()
	if s.sameSize > 0 {
		for _, h := range s.holes {
			if h%s.sameSize != 0 {
				return true
			}
		}
		return false
	}
	minHole, maxHole := slices.Min(s.holes), slices.Max(s.holes)
	// minCount and maxCount are the holes of the smallest and largest
	// size less the tiles left of those sizes, as in the seed's code.
	minCount, maxCount := 0, 0
	for _, h := range s.holes {
		if h == minHole {
			minCount++
		}
		if h == maxHole {
			maxCount++
		}
	}
	minTile, maxTile := s.area+1, 0
	for _, t := range s.participants {
		if s.used[t] {
			continue
		}
		a := s.size[t]
		minTile, maxTile = min(minTile, a), max(maxTile, a)
		if a == minHole {
			minCount--
		}
		if a == maxHole {
			maxCount--
		}
	}
	return minTile > minHole || minTile == minHole && minCount > 0 ||
		maxTile > maxHole || maxTile == maxHole && maxCount < 0
}

// findHoles leaves the sizes of the connected regions of empty cells in
// s.holes.
func (s *seedSearch) findHoles() {
	s.gen++
	s.holes = s.holes[:0]
	for cell, free := range s.free {
		if !free || s.mark[cell] == s.gen {
			continue
		}
		s.mark[cell] = s.gen
		s.fill = append(s.fill[:0], int32(cell))
		size := 0
		for len(s.fill) > 0 {
			c := s.fill[len(s.fill)-1]
			s.fill = s.fill[:len(s.fill)-1]
			size++
			for _, d := range s.adj[c] {
				if s.free[d] && s.mark[d] != s.gen {
					s.mark[d] = s.gen
					s.fill = append(s.fill, d)
				}
			}
		}
		s.holes = append(s.holes, size)
	}
}

func (s *Solver) firstBacktrack(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option) (polyomino.Solution, Result, error) {
	t, err := begin(ctx, opts)
	if err != nil {
		return nil, Result{}, err
	}
	var sol polyomino.Solution
	if t.status == 0 && !tooFew(p) {
		newSeedSearch(p, m, s.bounds, t).run(p, func(x polyomino.Solution) bool {
			sol = x
			t.end(solve.Solved)
			return false
		})
	}
	err = t.finish()
	res := Result{Solutions: t.solutions, Unique: t.solutions, Status: t.status, Stats: t.stats()}
	return sol, res, err
}

func (s *Solver) allBacktrack(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option, yield func(polyomino.Solution, error) bool) {
	t, err := begin(ctx, opts)
	if err != nil {
		yield(nil, err)
		return
	}
	broke := false
	if t.status == 0 && !tooFew(p) {
		newSeedSearch(p, m, s.bounds, t).run(p, func(x polyomino.Solution) bool {
			if !yield(x, nil) {
				broke = true
				t.end(solve.Stopped)
				return false
			}
			return true
		})
	}
	err = t.finish()
	switch {
	case broke:
	case err != nil:
		yield(nil, err)
	case t.status == solve.Canceled:
		yield(nil, context.Cause(ctx))
	}
}
