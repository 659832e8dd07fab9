package solvetest

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
)

// BadCase is one way of calling a solver wrongly, for BadInput.
type BadCase struct {
	// Name names the mistake in the subtest's name.
	Name string
	// Solver is the solver to call; nil means BadInput's newSolver().
	// A method's own option mistakes go here.
	Solver solve.Solver
	// Ctx is the run's context; nil means context.Background().
	Ctx context.Context
	// Problem is the puzzle; nil means BadPuzzle().
	Problem *puzzle.Puzzle
	// NilPuzzle passes no puzzle at all.
	NilPuzzle bool
	// Scorer is the problem's scorer; nil means the default.
	Scorer edge.Scorer
	// Opts are run options, after a budget of 2,000 iterations that keeps
	// every accepted run short.
	Opts []solve.Option
	// WantIn lists fragments the error must hold; empty means the input
	// is accepted.
	WantIn []string
	// WantStatus lists the statuses an accepted input's run may end
	// with; its board must keep the fixed pieces.
	WantStatus []solve.Status
	// Huge marks an input that claims a huge size: refusing it must
	// allocate under 2 MiB.
	Huge bool
}

// Ends are the statuses of a run of an accepted input that the budget or
// the method itself ends.
var Ends = []solve.Status{solve.Solved, solve.Exhausted, solve.Done, solve.IterationLimit}

// BadPuzzle returns a small valid puzzle to spoil: 2×2 labels, rotatable,
// one solution up to turns, piece 3 fixed in cell (1,1).
func BadPuzzle() *puzzle.Puzzle {
	return &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: puzzle.Equal, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 2, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 3, 1}},
		{ID: 2, Edges: [4]puzzle.Label{2, 4, 0, 0}},
		{ID: 3, Edges: [4]puzzle.Label{3, 0, 0, 4}},
	}, Fixed: []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 3}}}}
}

// BadInput calls newSolver's solvers with every mistake a caller can make
// in the problem and the run options, then with the method's own rows:
// each must be refused with an error naming what is wrong and where, or,
// where the contract promises a normal end, end with that status and a
// valid board. None may panic, and a huge input must be refused before
// anything its size is allocated.
func BadInput(t *testing.T, newSolver func() solve.Solver, own ...BadCase) {
	t.Helper()
	for _, tc := range append(commonBadCases(t), own...) {
		t.Run(tc.Name, func(t *testing.T) { runBadCase(t, newSolver, tc) })
	}
}

func commonBadCases(t *testing.T) []BadCase {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	with := func(edit func(p *puzzle.Puzzle)) *puzzle.Puzzle {
		p := BadPuzzle()
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
	return []BadCase{
		{Name: "nil puzzle", NilPuzzle: true, WantIn: []string{"no puzzle"}},
		{Name: "zero rows", Problem: with(func(p *puzzle.Puzzle) { p.Rows = 0 }), WantIn: []string{"0 rows"}},
		{Name: "negative columns", Problem: with(func(p *puzzle.Puzzle) { p.Cols = -1 }), WantIn: []string{"-1 columns"}},
		{Name: "huge board", Problem: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = 1<<30, 1<<30 }),
			WantIn: []string{"1073741824×1073741824", "larger than"}, Huge: true},
		{Name: "huge board whose cell count overflows", Problem: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = math.MaxInt, 3 }),
			WantIn: []string{"larger than"}, Huge: true},
		{Name: "no pieces", Problem: with(func(p *puzzle.Puzzle) { p.Pieces, p.Fixed = nil, nil }), WantIn: []string{"no pieces"}},
		{Name: "more pieces than cells", Problem: with(func(p *puzzle.Puzzle) { p.Cols, p.Fixed = 1, nil }),
			WantIn: []string{"4 pieces for 2 cells"}},
		{Name: "piece ID out of order", Problem: with(func(p *puzzle.Puzzle) { p.Pieces[1].ID = 0 }),
			WantIn: []string{"piece 1 has ID 0"}},
		{Name: "unknown match rule", Problem: with(func(p *puzzle.Puzzle) { p.Rule = 7 }), WantIn: []string{"match rule 7"}},
		{Name: "fixed piece off the board", Problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Cell = puzzle.Cell{Row: -1, Col: 0} }),
			WantIn: []string{"fixed piece 3", "cell (-1,0)"}},
		{Name: "fixed piece unknown", Problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Piece = 4 }),
			WantIn: []string{"names piece 4"}},
		{Name: "fixed rotation out of range", Problem: with(func(p *puzzle.Puzzle) { p.Fixed[0].Placement.Rotation = 4 }),
			WantIn: []string{"fixed piece 3", "rotation 4"}},
		{Name: "fixed pieces that share a cell", Problem: with(func(p *puzzle.Puzzle) {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: pl(0, 0)})
		}), WantIn: []string{"cell (1,1) is fixed twice"}},
		{Name: "one piece fixed twice", Problem: with(func(p *puzzle.Puzzle) {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: pl(3, 0)})
		}), WantIn: []string{"piece 3 is fixed twice"}},
		{Name: "initial board of the wrong size", Opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(2, 3))},
			WantIn: []string{"initial board", "2×3"}},
		{Name: "initial board naming an unknown piece",
			Opts:   []solve.Option{solve.WithInitial(&puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(5, 0), puzzle.Empty, puzzle.Empty, pl(3, 0)}})},
			WantIn: []string{"initial board", "cell (0,0)", "piece 5"}},
		{Name: "initial board without the fixed piece",
			Opts:   []solve.Option{solve.WithInitial(&puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(3, 0), puzzle.Empty, puzzle.Empty, puzzle.Empty}})},
			WantIn: []string{"initial board", "cell (1,1)", "fixed piece 3"}},
		{Name: "scorer built for another puzzle", Scorer: otherScorer, WantIn: []string{"scorer", "2 pieces", "4"}},
		{Name: "NaN target", Opts: []solve.Option{solve.WithTarget(math.NaN())}, WantIn: []string{"WithTarget"}},
		{Name: "cancelled context", Ctx: cancelled, WantStatus: []solve.Status{solve.Canceled}},
		{Name: "cancelled context with a budget", Ctx: cancelled, Opts: []solve.Option{solve.WithMaxIterations(5)}, WantStatus: []solve.Status{solve.Canceled}},
	}
}

func runBadCase(t *testing.T, newSolver func() solve.Solver, tc BadCase) {
	t.Helper()
	s := tc.Solver
	if s == nil {
		s = newSolver()
	}
	ctx := tc.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	p := tc.Problem
	if p == nil && !tc.NilPuzzle {
		p = BadPuzzle()
	}
	opts := append([]solve.Option{solve.WithMaxIterations(2000)}, tc.Opts...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := solveNoPanic(t, ctx, s, solve.Problem{Puzzle: p, Scorer: tc.Scorer}, opts)
	runtime.ReadMemStats(&after)
	if tc.Huge {
		// A 2 MiB allowance covers the error message and the test's own
		// book-keeping, not a board or a population.
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
			t.Errorf("refusing the input allocated %d bytes", grew)
		}
	}
	if len(tc.WantIn) == 0 {
		if err != nil {
			t.Fatalf("Solve: %v", err)
		}
		if !slices.Contains(tc.WantStatus, res.Status) {
			t.Errorf("status %v, want one of %v", res.Status, tc.WantStatus)
		}
		// Even a run that took no step returns a board that honours the
		// fixed pieces.
		if err := res.Board.Validate(p); err != nil {
			t.Errorf("the result's board: %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("Solve accepted the input (status %v); want an error naming %q", res.Status, tc.WantIn)
	}
	for _, w := range tc.WantIn {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not name %q", err, w)
		}
	}
}

// solveNoPanic runs s and turns a panic into a test failure.
func solveNoPanic(t *testing.T, ctx context.Context, s solve.Solver, p solve.Problem, opts []solve.Option) (res *solve.Result, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	return s.Solve(ctx, p, opts...)
}
