package tiling

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/exactcover"
)

// ExactCoverProblem returns the exact-cover form of puzzle p in mode m, and the
// placement each option stands for.
//
// There is one item per tile, named "t0", "t1", ..., and one per board cell,
// named "r3c4" for row 3, column 4 of the board's bounding box. There is one
// option per placement of a distinct orientation of a tile (as
// Shape.Orientations lists them) on board squares of the same colours; it
// holds the tile's item and the items of the cells it covers in row-major
// order. Options come tile by tile, orientation by orientation, then by
// position in row-major order.
//
// When the tiles' area equals or falls short of the board's, every item is
// primary, tiles first, as in Knuth's polyomino programs. When it exceeds the
// board's, a solution uses only some tiles: the cells come first and are
// primary, and the tiles are secondary.
//
// The board is walked square by square, not over its bounding box, so a
// sparse board costs its area. A puzzle with more than MaxOptions options is
// refused, before they are allocated, with an error wrapping ErrTooLarge
// that gives their number.
func ExactCoverProblem(p *polyomino.Puzzle, m polyomino.Mode) (*exactcover.Problem, []polyomino.Placement, error) {
	if err := check(p, m); err != nil {
		return nil, nil, err
	}
	return exactCoverProblem(context.Background(), p, m, MaxOptions)
}

// exactCoverProblem is ExactCoverProblem for a checked puzzle, with a
// context polled while it builds and a bound on the options: the error
// wraps ErrTooLarge over it, or is errBuildCanceled.
func exactCoverProblem(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, limit int64) (*exactcover.Problem, []polyomino.Placement, error) {
	l, err := newLayout(ctx, p, m, limit, false)
	if err != nil {
		return nil, nil, err
	}
	nb, nt := len(l.board), len(p.Tiles)
	board, tiles := p.Area()
	optional := tiles > board
	tileBase, cellBase := 0, nt
	xc := exactcover.NewProblem(nb+nt, 0)
	if optional {
		tileBase, cellBase = nb, 0
		xc = exactcover.NewProblem(nb, nt)
	}
	for i, q := range l.board {
		xc.SetName(cellBase+i, fmt.Sprintf("r%dc%d", q.Row, q.Col))
	}
	for t := range nt {
		xc.SetName(tileBase+t, fmt.Sprintf("t%d", t))
	}
	var elemCount int64
	for t := range p.Tiles {
		s := &l.shapes[l.shapeOf[t]]
		for k, o := range s.orients {
			elemCount += int64(len(s.fits[k].anchors)) * int64(1+o.Shape.Len())
		}
	}
	xc.Grow(int(l.options), int(elemCount))
	places := make([]polyomino.Placement, 0, l.options)
	elems := make([]exactcover.Elem, 0, 16)
	for t := range p.Tiles {
		s := &l.shapes[l.shapeOf[t]]
		for k, o := range s.orients {
			f := &s.fits[k]
			size := o.Shape.Len()
			for j, a := range f.anchors {
				if len(places)%pollAnchors == 0 && ctx.Err() != nil {
					return nil, nil, errBuildCanceled
				}
				elems = append(elems[:0], exactcover.Elem{Item: int32(tileBase + t)})
				for _, c := range f.cells[j*size : (j+1)*size] {
					elems = append(elems, exactcover.Elem{Item: int32(cellBase) + c})
				}
				if _, err := xc.AddOption(elems...); err != nil {
					return nil, nil, fmt.Errorf("tiling: tile %d: %w", t, err)
				}
				at := l.board[a].Cell
				places = append(places, polyomino.Placement{Tile: t, Transform: o.Transform, At: polyomino.Cell{Row: at.Row, Col: at.Col - f.anchorCol}})
			}
		}
	}
	return xc, places, nil
}

// solution turns chosen options into a Solution sorted by tile.
func solution(places []polyomino.Placement, options []int) polyomino.Solution {
	sol := make(polyomino.Solution, len(options))
	for i, o := range options {
		sol[i] = places[o]
	}
	slices.SortFunc(sol, func(a, b polyomino.Placement) int { return a.Tile - b.Tile })
	return sol
}

func (s *Solver) firstExact(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option) (polyomino.Solution, Result, error) {
	if tooFew(p) {
		res, err := noSearch(ctx, opts)
		return nil, res, err
	}
	start := time.Now()
	xc, places, err := exactCoverProblem(ctx, p, m, s.limit())
	if err != nil {
		res, err := buildFailed(ctx, err, opts, start)
		return nil, res, err
	}
	opt, status, st, err := exactcover.New(s.engine...).Solve(ctx, xc, opts...)
	res := Result{Status: status, Stats: Stats{Nodes: st.Nodes, Updates: st.Updates, Runtime: time.Since(start)}}
	if opt == nil {
		return nil, res, err
	}
	res.Solutions, res.Unique = 1, 1
	return solution(places, opt), res, err
}

func (s *Solver) allExact(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option, yield func(polyomino.Solution, error) bool) {
	if tooFew(p) {
		if res, err := noSearch(ctx, opts); err != nil {
			yield(nil, err)
		} else if res.Status == solve.Canceled {
			yield(nil, context.Cause(ctx))
		}
		return
	}
	xc, places, err := exactCoverProblem(ctx, p, m, s.limit())
	if err != nil {
		if res, err := buildFailed(ctx, err, opts, time.Now()); err != nil {
			yield(nil, err)
		} else if res.Status == solve.Canceled {
			yield(nil, context.Cause(ctx))
		}
		return
	}
	for opt, err := range exactcover.New(s.engine...).All(ctx, xc, opts...) {
		if err != nil {
			yield(nil, err)
			return
		}
		if !yield(solution(places, opt), nil) {
			return
		}
	}
}

func (s *Solver) countExact(ctx context.Context, p *polyomino.Puzzle, m polyomino.Mode, opts []solve.Option) (Result, error) {
	if tooFew(p) {
		return noSearch(ctx, opts)
	}
	start := time.Now()
	xc, _, err := exactCoverProblem(ctx, p, m, s.limit())
	if err != nil {
		return buildFailed(ctx, err, opts, start)
	}
	c, err := exactcover.New(s.engine...).Count(ctx, xc, opts...)
	return Result{
		Solutions: c.Solutions,
		Status:    c.Status,
		Stats:     Stats{Nodes: c.Stats.Nodes, Updates: c.Stats.Updates, Runtime: time.Since(start)},
	}, err
}
