package greedy_test

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// TestBadInput gives the solver every kind of mistake a caller can make: in
// the problem, in the run options and in the method's own options. Each row
// must be refused with an error that names what is wrong and where, or,
// where the contract promises a normal end instead, end with that status
// and a board; none may panic, and a huge board must be refused before
// anything the size of the board is allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// good is a 2×2 label puzzle whose piece 3 is fixed in cell (1,1).
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
	small := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Equal, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}}, {ID: 1, Edges: [4]puzzle.Label{0, 0, 0, 1}},
	}}
	// A scorer built for small's two pieces, handed a puzzle of four.
	otherScorer, err := edge.NewLabels(small)
	if err != nil {
		t.Fatal(err)
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	// ends are the statuses of a run that the budget or the solver ends.
	ends := []solve.Status{solve.Solved, solve.Done, solve.IterationLimit}
	// budget keeps every accepted run short.
	budget := solve.WithMaxIterations(2000)

	cases := []struct {
		name    string
		solver  *greedy.Solver
		ctx     context.Context
		problem *puzzle.Puzzle
		scorer  edge.Scorer
		opts    []solve.Option
		// wantIn lists fragments the error must hold; empty means the
		// input is accepted and the run must end with one of wantStatus.
		wantIn     []string
		wantStatus []solve.Status
		// huge marks a row whose input claims a huge size: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		{name: "nil puzzle", wantIn: []string{"no puzzle"}},
		{name: "zero rows", problem: with(func(p *puzzle.Puzzle) { p.Rows = 0 }), wantIn: []string{"0 rows"}},
		{name: "negative columns", problem: with(func(p *puzzle.Puzzle) { p.Cols = -1 }), wantIn: []string{"-1 columns"}},
		{name: "huge board", problem: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = 1<<30, 1<<30 }),
			wantIn: []string{"1073741824×1073741824", "larger than"}, huge: true},
		{name: "huge board whose cell count overflows", problem: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = math.MaxInt, 3 }),
			wantIn: []string{"larger than"}, huge: true},
		{name: "no pieces", problem: with(func(p *puzzle.Puzzle) { p.Pieces, p.Fixed = nil, nil }), wantIn: []string{"no pieces"}},
		{name: "more pieces than cells", problem: with(func(p *puzzle.Puzzle) { p.Cols, p.Fixed = 1, nil }),
			wantIn: []string{"4 pieces for 2 cells"}},
		{name: "piece ID out of order", problem: with(func(p *puzzle.Puzzle) { p.Pieces[1].ID = 0 }),
			wantIn: []string{"piece 1 has ID 0"}},
		{name: "unknown match rule", problem: with(func(p *puzzle.Puzzle) { p.Rule = 7 }), wantIn: []string{"match rule 7"}},
		{name: "fixed piece off the board", problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Cell = puzzle.Cell{Row: -1, Col: 0} }),
			wantIn: []string{"fixed piece 3", "cell (-1,0)"}},
		{name: "fixed piece unknown", problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Piece = 4 }),
			wantIn: []string{"names piece 4"}},
		{name: "fixed rotation out of range", problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Rotation = 4 }),
			wantIn: []string{"fixed piece 3", "rotation 4"}},
		{name: "fixed pieces that share a cell", problem: with(func(p *puzzle.Puzzle) {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: pl(0, 0)})
		}), wantIn: []string{"cell (1,1) is fixed twice"}},
		{name: "one piece fixed twice", problem: with(func(p *puzzle.Puzzle) {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: pl(3, 0)})
		}), wantIn: []string{"piece 3 is fixed twice"}},
		{name: "initial board of the wrong size", opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(2, 3))},
			wantIn: []string{"initial board", "2×3"}},
		{name: "initial board naming an unknown piece",
			opts:   []solve.Option{solve.WithInitial(&puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(5, 0), puzzle.Empty, puzzle.Empty, pl(3, 0)}})},
			wantIn: []string{"initial board", "cell (0,0)", "piece 5"}},
		{name: "initial board without the fixed piece",
			opts:   []solve.Option{solve.WithInitial(&puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(3, 0), puzzle.Empty, puzzle.Empty, puzzle.Empty}})},
			wantIn: []string{"initial board", "cell (1,1)", "fixed piece 3"}},
		{name: "scorer built for another puzzle", scorer: otherScorer, wantIn: []string{"scorer", "2 pieces", "4"}},
		{name: "NaN target", opts: []solve.Option{solve.WithTarget(math.NaN())}, wantIn: []string{"WithTarget"}},
		{name: "cancelled context", ctx: cancelled, wantStatus: []solve.Status{solve.Canceled}},
		{name: "cancelled context with a budget", ctx: cancelled, opts: []solve.Option{budget}, wantStatus: []solve.Status{solve.Canceled}},
		{name: "nil option", solver: greedy.New(nil, greedy.WithStarts(2)), wantStatus: ends},
		{name: "negative starts count as 1", solver: greedy.New(greedy.WithStarts(-3)), wantStatus: ends},
		{name: "negative repair passes and segment rounds count as 0", solver: greedy.New(greedy.WithRepair(-1), greedy.WithSegments(-2)), wantStatus: ends},
		{name: "starts beyond the pieces", solver: greedy.New(greedy.WithStarts(1 << 40)), wantStatus: ends},
		{name: "unknown size with a fixed piece", solver: greedy.New(greedy.WithUnknownSize()), wantStatus: ends},
		{name: "scorer pricing NaN", scorer: nanScorer{}, wantIn: []string{"NaN", "side", "piece"}},
		// NewScorerCompatibility's bound: 2048 pieces, 16n² float32 joins.
		{name: "own scorer on too many pieces", scorer: nanScorer{}, problem: flatRow(2049),
			wantIn: []string{"2049 pieces", "2048"}, huge: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.solver
			if s == nil {
				s = greedy.New()
			}
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			p := tc.problem
			if p == nil && tc.name != "nil puzzle" {
				p = good()
			}
			opts := append([]solve.Option{budget}, tc.opts...)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := solveNoPanic(ctx, t, s, solve.Problem{Puzzle: p, Scorer: tc.scorer}, opts)
			runtime.ReadMemStats(&after)
			if tc.huge {
				// A 2 MiB allowance covers the error message and the
				// test's own book-keeping, not a board or a population.
				if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
					t.Errorf("refusing the input allocated %d bytes", grew)
				}
			}
			if len(tc.wantIn) == 0 {
				if err != nil {
					t.Fatalf("Solve: %v", err)
				}
				if !slices.Contains(tc.wantStatus, res.Status) {
					t.Errorf("status %v, want %v", res.Status, tc.wantStatus)
				}
				// Even a run that took no step returns a board that
				// honours the fixed pieces.
				if err := res.Board.Validate(p); err != nil {
					t.Errorf("the result's board: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Solve accepted the input (status %v); want an error naming %q", res.Status, tc.wantIn)
			}
			for _, w := range tc.wantIn {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

// solveNoPanic runs s and turns a panic into a test failure.
func solveNoPanic(ctx context.Context, t *testing.T, s solve.Solver, p solve.Problem, opts []solve.Option) (res *solve.Result, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	return s.Solve(ctx, p, opts...)
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }

// flatRow returns a 1×n puzzle of pieces with every side flat.
func flatRow(n int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 1, Cols: n, Pieces: make([]puzzle.Piece, n)}
	for i := range p.Pieces {
		p.Pieces[i].ID = puzzle.PieceID(i)
	}
	return p
}
