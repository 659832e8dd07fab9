package tiling_test

import (
	"context"
	"errors"
	"github.com/reassemble/jigsaw/internal/badinput"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/exactcover"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// TestBadInput gives First, All, Count and ExactCoverProblem every kind of
// mistake a caller can make: no puzzle, an unknown mode or solver option,
// polyomino puzzles that are malformed (no board, no tiles, an empty tile,
// a board spanning a huge box) or too large to lay out. Each row must get
// an error that names what is wrong and where (the tile, the limit and the
// count over it), or the documented status; none may panic, and a puzzle
// too large must be refused before its table is allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// p is a 1×3 board and two tiles, a domino and a monomino: two
	// solutions.
	p := &polyomino.Puzzle{Board: shape(t, "###"), Tiles: []polyomino.Shape{shape(t, "##"), shape(t, "#")}}
	sq := func(r, c int) polyomino.Square {
		return polyomino.Square{Cell: polyomino.Cell{Row: r, Col: c}, Colour: '#'}
	}
	// far is a board of two squares 2^20 rows and columns apart: a few
	// bytes that span a box of 2^40 cells.
	far, err := polyomino.NewShape(sq(0, 0), sq(1<<20, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	// many is a 33×33 board and 1089 monominoes, each a tile of its own:
	// 1089 × 1089 = 1,185,921 placements, each an option, more than
	// MaxOptions.
	many := &polyomino.Puzzle{Board: shape(t, strings.Repeat(strings.Repeat("#", 33)+"\n", 33))}
	for range 1089 {
		many.Tiles = append(many.Tiles, shape(t, "#"))
	}
	first := func(s *tiling.Solver, ctx context.Context, q *polyomino.Puzzle, m polyomino.Mode, want solve.Status) func() error {
		return func() error {
			_, res, err := s.First(ctx, q, m, solve.WithMaxIterations(10000))
			if err == nil && res.Status != want {
				return errors.New("status " + res.Status.String() + ", want " + want.String())
			}
			return err
		}
	}
	count := func(s *tiling.Solver, q *polyomino.Puzzle, m polyomino.Mode) func() error {
		return func() error { _, err := s.Count(context.Background(), q, m); return err }
	}
	all := func(s *tiling.Solver, q *polyomino.Puzzle, m polyomino.Mode) func() error {
		return func() error {
			for _, err := range s.All(context.Background(), q, m) {
				if err != nil {
					return err
				}
			}
			return nil
		}
	}
	ecp := func(q *polyomino.Puzzle, m polyomino.Mode) func() error {
		return func() error { _, _, err := tiling.ExactCoverProblem(q, m); return err }
	}
	bg := context.Background()

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed and checks its answer itself.
		wantIn []string
		// tooLarge says the error must wrap tiling.ErrTooLarge.
		tooLarge bool
		// huge marks a row whose input would lay out a huge table:
		// refusing it must allocate next to nothing.
		huge bool
	}{
		{name: "nil puzzle", call: first(tiling.New(), bg, nil, polyomino.Rotate, 0), wantIn: []string{"nil puzzle"}},
		{name: "unknown mode", call: first(tiling.New(), bg, p, 9, 0), wantIn: []string{"invalid", "Mode(9)"}},
		{name: "no board", call: first(tiling.New(), bg, &polyomino.Puzzle{Tiles: p.Tiles}, polyomino.Rotate, 0),
			wantIn: []string{"board is empty"}},
		{name: "no tiles", call: count(tiling.New(), &polyomino.Puzzle{Board: p.Board}, polyomino.Rotate), wantIn: []string{"no tiles"}},
		{name: "empty tile", call: all(tiling.New(), &polyomino.Puzzle{Board: p.Board, Tiles: []polyomino.Shape{p.Tiles[0], {}}}, polyomino.None),
			wantIn: []string{"tile 1 is empty"}},
		{name: "board spanning a huge box", call: first(tiling.New(), bg, &polyomino.Puzzle{Board: far, Tiles: p.Tiles[1:]}, polyomino.None, 0),
			wantIn: []string{"1048577×1048577", "bounding box"}, huge: true},
		{name: "unknown method", call: first(tiling.New(tiling.WithMethod(5)), bg, p, polyomino.Rotate, 0), wantIn: []string{"Method(5)"}},
		{name: "unknown bounds", call: count(tiling.New(tiling.WithMethod(tiling.Backtrack), tiling.WithBounds(8)), p, polyomino.Rotate),
			wantIn: []string{"Bounds(8)"}},
		{name: "unknown exact-cover engine", call: first(tiling.New(tiling.WithEngine(exactcover.WithEngine(6))), bg, p, polyomino.Rotate, 0),
			wantIn: []string{"Engine(6)"}},
		{name: "nil options", call: first(tiling.New(nil, tiling.WithEngine(nil)), bg, p, polyomino.Rotate, solve.Solved)},
		{name: "negative bound keeps the default", call: first(tiling.New(tiling.WithMaxOptions(-1)), bg, p, polyomino.Rotate, solve.Solved)},
		{name: "nil context", call: first(tiling.New(), nil, p, polyomino.Rotate, solve.Solved)},
		{name: "cancelled context", call: first(tiling.New(), cancelled, p, polyomino.Rotate, solve.Canceled)},
		{name: "cancelled backtracker", call: first(tiling.New(tiling.WithMethod(tiling.Backtrack)), cancelled, p, polyomino.Rotate, solve.Canceled)},
		{name: "tiles that cannot cover the board", call: first(tiling.New(), bg, &polyomino.Puzzle{Board: p.Board, Tiles: p.Tiles[1:]}, polyomino.Rotate, solve.Exhausted)},
		{name: "too many options", call: first(tiling.New(), bg, many, polyomino.None, 0),
			wantIn: []string{"1185921 options", "1089 tiles on 1089 board squares", "limit of 1048576"}, tooLarge: true, huge: true},
		// The domino lies in 2 places, the monomino in 3.
		{name: "too many options to count", call: count(tiling.New(tiling.WithMaxOptions(4)), p, polyomino.Rotate),
			wantIn: []string{"5 options", "more than the limit of 4"}, tooLarge: true},
		{name: "too many table entries", call: all(tiling.New(tiling.WithMethod(tiling.Backtrack), tiling.WithMaxOptions(1)), p, polyomino.Rotate),
			wantIn: []string{"entries", "limit of 1"}, tooLarge: true},
		{name: "exact-cover form of a nil puzzle", call: ecp(nil, polyomino.None), wantIn: []string{"nil puzzle"}},
		{name: "exact-cover form in an unknown mode", call: ecp(p, 200), wantIn: []string{"Mode(200)"}},
		{name: "exact-cover form of too many options", call: ecp(many, polyomino.Rotate), wantIn: []string{"1185921 options"}, tooLarge: true, huge: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}
