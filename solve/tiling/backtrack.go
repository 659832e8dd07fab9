package tiling

// The seed's backtracker (seed 003 §2.2, as its author's code runs it):
// take the first empty board cell in row-major order; try each unused tile,
// in input order, in each of its distinct orientations, laid so that the
// first square of its top row covers that cell; after each placement, record
// a solution if the board is full, or else recurse unless the hole-size
// rules find a dead end.

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
)

// seedSearch is the backtracker's state. Cells are board indices: the
// board's squares in row-major order.
type seedSearch struct {
	t      *tracker
	bounds Bounds
	l      *layout
	area   int
	// free marks board cells not yet covered.
	free   []bool
	filled int
	// at[shape][orientation][cell] is the placement of the orientation
	// with its anchor square on cell, an index into the layout's fits,
	// or -1 where it leaves the board or lands on other colours:
	// everything but overlap is checked once. Identical tiles share a
	// shape's tables.
	at   [][][]int32
	size []int // tile areas
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

func newSeedSearch(p *polyomino.Puzzle, l *layout, b Bounds, t *tracker) *seedSearch {
	n := len(l.board)
	s := &seedSearch{t: t, bounds: b, l: l, area: n, used: make([]bool, len(p.Tiles))}
	s.free = make([]bool, n)
	for i := range s.free {
		s.free[i] = true
	}
	s.sameSize = p.Tiles[0].Len()
	for _, tile := range p.Tiles {
		s.size = append(s.size, tile.Len())
		if tile.Len() != s.sameSize {
			s.sameSize = 0
		}
	}
	s.at = make([][][]int32, len(l.shapes))
	for si, sh := range l.shapes {
		s.at[si] = make([][]int32, len(sh.fits))
		for k, f := range sh.fits {
			at := make([]int32, n)
			for i := range at {
				at[i] = -1
			}
			for j, a := range f.anchors {
				at[a] = int32(j)
			}
			s.at[si][k] = at
		}
	}
	s.adj = make([][]int32, n)
	s.mark = make([]uint32, n)
	for cell, q := range l.board {
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				diagonal := dr != 0 && dc != 0
				if dr == 0 && dc == 0 || diagonal && b != SeedHoleBounds {
					continue
				}
				if d := l.index(polyomino.Cell{Row: q.Row + dr, Col: q.Col + dc}); d >= 0 {
					s.adj[cell] = append(s.adj[cell], int32(d))
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
	for set := range p.Subsets() {
		// Subsets of many tiles can be many: look at the context
		// between them too, not only at search nodes.
		if s.t.ctx.Err() != nil {
			s.t.end(solve.Canceled)
			return false
		}
		s.participants = set
		if !s.play(0, found) {
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
		si := s.l.shapeOf[t]
		sh := &s.l.shapes[si]
	orientations:
		for k, at := range s.at[si] {
			j := at[pos]
			if j < 0 {
				continue
			}
			f := &sh.fits[k]
			cells := f.cells[int(j)*s.size[t] : int(j+1)*s.size[t]]
			for _, c := range cells {
				if !s.free[c] {
					continue orientations
				}
			}
			s.place(t, cells, true)
			anchor := s.l.board[pos].Cell
			s.stack = append(s.stack, polyomino.Placement{
				Tile:      t,
				Transform: sh.orients[k].Transform,
				At:        polyomino.Cell{Row: anchor.Row, Col: anchor.Col - f.anchorCol},
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

// startBacktrack lays out p's placements and begins the run. The search is
// nil when there is none to run: the tiles cannot cover the board, or the
// run has already ended (the context ended while laying out, say). The
// error is a puzzle over the bound or an observer's own error.
func (s *Solver) startBacktrack(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option) (*tracker, *seedSearch, error) {
	start := time.Now()
	var l *layout
	if !tooFew(p) {
		var err error
		if l, err = newLayout(ctx, p, m, s.limit(), true); err != nil && !errors.Is(err, errBuildCanceled) {
			return nil, nil, err
		}
	}
	// A layout cut short by the context leaves l nil, and begin finds
	// the context ended.
	t, err := begin(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	t.start = start
	if t.status != 0 || l == nil {
		return t, nil, nil
	}
	return t, newSeedSearch(p, l, s.bounds, t), nil
}

func (s *Solver) firstBacktrack(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option) (polyomino.Solution, Result, error) {
	t, search, err := s.startBacktrack(ctx, p, m, opts)
	if err != nil {
		return nil, Result{}, err
	}
	var sol polyomino.Solution
	if search != nil {
		search.run(p, func(x polyomino.Solution) bool {
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
	t, search, err := s.startBacktrack(ctx, p, m, opts)
	if err != nil {
		yield(nil, err)
		return
	}
	broke := false
	if search != nil {
		search.run(p, func(x polyomino.Solution) bool {
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
