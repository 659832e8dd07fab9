package backtrack_test

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBadInput gives Solve, All and Count every kind of mistake a caller
// can make: in the problem, in the run options and in the solver's own
// options. Each row must be refused with an error that names what is wrong
// and where, or, where the contract promises a normal end instead, end with
// that status; none may panic, and a huge board must be refused before
// anything the size of the board is allocated.
func TestBadInput(t *testing.T) {
	// The problem and run-option mistakes every solver must refuse.
	solvetest.BadInput(t, func() solve.Solver { return backtrack.New() })
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// good is a 2×2 label puzzle with one solution up to turns, its piece
	// 3 fixed in cell (1,1).
	good := func() *puzzle.Puzzle {
		return &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: puzzle.Equal, Rotatable: true, Pieces: []puzzle.Piece{
			{ID: 0, Edges: [4]puzzle.Label{0, 1, 2, 0}},
			{ID: 1, Edges: [4]puzzle.Label{0, 0, 3, 1}},
			{ID: 2, Edges: [4]puzzle.Label{2, 4, 0, 0}},
			{ID: 3, Edges: [4]puzzle.Label{3, 0, 0, 4}},
		}, Fixed: []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 3}}}}
	}
	with := func(edit func(p *puzzle.Puzzle)) *puzzle.Puzzle {
		p := good()
		edit(p)
		return p
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	budget := solve.WithMaxIterations(10000)
	solveWith := func(s *backtrack.Solver, ctx context.Context, p *puzzle.Puzzle, sc edge.Scorer, opts ...solve.Option) func() (solve.Status, error) {
		return func() (solve.Status, error) {
			res, err := s.Solve(ctx, solve.Problem{Puzzle: p, Scorer: sc}, append([]solve.Option{budget}, opts...)...)
			if err != nil {
				return 0, err
			}
			if err := res.Board.Validate(p); err != nil {
				return 0, errors.New("the result's board: " + err.Error())
			}
			return res.Status, nil
		}
	}
	solveP := func(p *puzzle.Puzzle, opts ...solve.Option) func() (solve.Status, error) {
		return solveWith(backtrack.New(), context.Background(), p, nil, opts...)
	}
	count := func(s *backtrack.Solver, p *puzzle.Puzzle, sc edge.Scorer) func() (solve.Status, error) {
		return func() (solve.Status, error) {
			c, err := s.Count(context.Background(), solve.Problem{Puzzle: p, Scorer: sc}, budget)
			return c.Status, err
		}
	}
	// all returns the final error of All, or Exhausted after a clean end.
	all := func(s *backtrack.Solver, ctx context.Context, p *puzzle.Puzzle) func() (solve.Status, error) {
		return func() (solve.Status, error) {
			for b, err := range s.All(ctx, solve.Problem{Puzzle: p}, budget) {
				if err != nil {
					return 0, err
				}
				if err := b.Validate(p); err != nil {
					return 0, err
				}
			}
			return solve.Exhausted, nil
		}
	}

	cases := []struct {
		name string
		call func() (solve.Status, error)
		// wantIn lists fragments the error must hold; empty means the
		// input is accepted and the run must end with one of wantStatus.
		wantIn     []string
		wantStatus []solve.Status
		// huge marks a row whose input claims a huge size: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		{name: "piece ID out of order", call: solveP(with(func(p *puzzle.Puzzle) { p.Pieces[2].ID = 7 })),
			wantIn: []string{"piece 2 has ID 7"}},
		{name: "fixed piece unknown", call: solveP(with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Piece = -2 })),
			wantIn: []string{"piece -2"}},
		// A fixed piece keeps the turn it is given even where pieces may
		// not turn (as Eternity II's hints do); this one then shows a
		// colour to the rim.
		{name: "fixed piece turned where pieces may not turn", call: solveP(with(func(p *puzzle.Puzzle) {
			p.Rotatable = false
			p.Fixed[0].Placement.Rotation = 1
		})), wantStatus: []solve.Status{solve.Exhausted}},
		// Fixed pieces whose labels clash are not malformed: the search
		// proves there is no solution.
		{name: "fixed pieces whose labels clash", call: solveP(with(func(p *puzzle.Puzzle) {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 0, Col: 1}, Placement: pl(0, 0)})
		})), wantStatus: []solve.Status{solve.Exhausted}},
		{name: "fixed piece turned to face the rim with a colour", call: solveP(with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Rotation = 2 })),
			wantStatus: []solve.Status{solve.Exhausted}},
		{name: "initial board that cannot be completed",
			call:       solveP(good(), solve.WithInitial(&puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(2, 0), puzzle.Empty, puzzle.Empty, pl(3, 0)}})),
			wantStatus: []solve.Status{solve.Exhausted}},
		{name: "scorer that is not labels", call: solveWith(backtrack.New(), context.Background(), good(), flatScorer{}),
			wantIn: []string{"scorer must be nil or an *edge.Labels"}},
		{name: "unknown order", call: solveWith(backtrack.New(backtrack.WithOrder(9)), context.Background(), good(), nil),
			wantIn: []string{"Order(9)"}},
		{name: "nil option", call: func() (solve.Status, error) {
			return solveWith(backtrack.New(nil, backtrack.WithOrder(backtrack.Spiral)), context.Background(), good(), nil)()
		}, wantStatus: []solve.Status{solve.Solved}},
		{name: "nil context", call: solveWith(backtrack.New(), nil, good(), nil), wantStatus: []solve.Status{solve.Solved}},
		{name: "holes in a large sparse board run to the budget", call: solveP(with(func(p *puzzle.Puzzle) {
			p.Rows, p.Cols, p.Fixed = 1000, 1000, nil
		})), wantStatus: []solve.Status{solve.IterationLimit, solve.Exhausted}},
		{name: "count a nil puzzle", call: count(backtrack.New(), nil, nil), wantIn: []string{"no puzzle"}},
		{name: "count with a scorer that is not labels", call: count(backtrack.New(), good(), flatScorer{}),
			wantIn: []string{"scorer must be nil or an *edge.Labels"}},
		{name: "count in an unknown order", call: count(backtrack.New(backtrack.WithOrder(200)), good(), nil), wantIn: []string{"Order(200)"}},
		{name: "count a huge board", call: count(backtrack.New(), with(func(p *puzzle.Puzzle) { p.Rows = 1 << 40 }), nil),
			wantIn: []string{"larger than"}, huge: true},
		{name: "all of a nil puzzle", call: all(backtrack.New(), context.Background(), nil), wantIn: []string{"no puzzle"}},
		{name: "all in an unknown order", call: all(backtrack.New(backtrack.WithOrder(4)), context.Background(), good()), wantIn: []string{"Order(4)"}},
		{name: "all with a cancelled context", call: all(backtrack.New(), cancelled, good()), wantIn: []string{"context canceled"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			status, err := noPanic(t, tc.call)
			runtime.ReadMemStats(&after)
			if tc.huge {
				// A 2 MiB allowance covers the error message and the
				// test's own book-keeping, not a board.
				if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
					t.Errorf("refusing the input allocated %d bytes", grew)
				}
			}
			if len(tc.wantIn) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(tc.wantStatus, status) {
					t.Errorf("status %v, want %v", status, tc.wantStatus)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted (status %v); want an error naming %q", status, tc.wantIn)
			}
			for _, w := range tc.wantIn {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

// noPanic calls f and turns a panic into a test failure.
func noPanic(t *testing.T, f func() (solve.Status, error)) (s solve.Status, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	return f()
}

// flatScorer prices every join at 0: a scorer, but not labels.
type flatScorer struct{}

func (flatScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return 0 }
