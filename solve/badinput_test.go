package solve_test

import (
	"context"
	"image"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// TestBadInput feeds Start every kind of mistake a caller can make in a
// problem or in the run options. Each row must be refused with an error
// that names what is wrong and where, or, where the documentation promises
// a normal end instead, give that status; none may panic, and a huge board
// must be refused before anything the size of the board is allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	twoByTwo := func() *puzzle.Puzzle {
		return &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: puzzle.Equal, Pieces: []puzzle.Piece{
			{ID: 0, Edges: [4]puzzle.Label{0, 1, 2, 0}},
			{ID: 1, Edges: [4]puzzle.Label{0, 0, 3, 1}},
			{ID: 2, Edges: [4]puzzle.Label{2, 4, 0, 0}},
			{ID: 3, Edges: [4]puzzle.Label{3, 0, 0, 4}},
		}}
	}
	with := func(edit func(p *puzzle.Puzzle)) *puzzle.Puzzle {
		p := twoByTwo()
		edit(p)
		return p
	}
	// A scorer built for row's three pieces, handed a puzzle of four.
	otherScorer, err := edge.NewLabels(row())
	if err != nil {
		t.Fatal(err)
	}
	// A table of pictures priced without turns, handed a puzzle whose
	// pieces may turn.
	pictures := func(rot bool) *puzzle.Puzzle {
		p, _, err := puzzle.Cut(image.NewRGBA(image.Rect(0, 0, 8, 8)), 4)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = rot
		return p
	}
	unturned, err := edge.NewTable(context.Background(), pictures(false), edge.DefaultMeasure(), 1)
	if err != nil {
		t.Fatal(err)
	}
	mixedTiles := pictures(false)
	mixedTiles.Pieces[1].Image = image.NewRGBA(image.Rect(0, 0, 5, 5))
	board := func(cells ...puzzle.Placement) *puzzle.Board {
		return &puzzle.Board{Rows: 2, Cols: 2, Cells: cells}
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}

	cases := []struct {
		name    string
		ctx     context.Context
		problem solve.Problem
		opts    []solve.Option
		// wantIn lists fragments the error must hold; empty means the
		// input is accepted and the run must end with wantStatus.
		wantIn     []string
		wantStatus solve.Status
		// huge marks a row whose input claims a huge board: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		{name: "nil puzzle", problem: solve.Problem{}, wantIn: []string{"no puzzle"}},
		{name: "zero rows", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Rows = 0 })},
			wantIn: []string{"0 rows", "at least 1"}},
		{name: "negative columns", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Cols = -2 })},
			wantIn: []string{"-2 columns"}},
		{name: "huge board", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = 1<<30, 1<<30 })},
			wantIn: []string{"1073741824×1073741824", "larger than"}, huge: true},
		{name: "huge board whose cell count overflows", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Rows, p.Cols = math.MaxInt, 2 })},
			wantIn: []string{"larger than"}, huge: true},
		{name: "no pieces", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Pieces = nil })},
			wantIn: []string{"no pieces"}},
		{name: "more pieces than cells", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Rows = 1 })},
			wantIn: []string{"4 pieces for 2 cells", "AllowExtra"}},
		{name: "piece ID out of order", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Pieces[2].ID = 7 })},
			wantIn: []string{"piece 2 has ID 7"}},
		{name: "unknown match rule", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Rule = 9 })},
			wantIn: []string{"match rule 9"}},
		{name: "label below MinLabel", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) { p.Pieces[3].Edges[puzzle.Left] = math.MinInt32 })},
			wantIn: []string{"piece 3", "left side"}},
		{name: "fixed piece off the board", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 2, Col: 0}, Placement: pl(0, 0)}}
		})}, wantIn: []string{"cell (2,0)", "off the 2×2 board"}},
		{name: "fixed piece unknown", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: pl(4, 0)}}
		})}, wantIn: []string{"names piece 4", "0 to 3"}},
		{name: "fixed hole", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Empty}}
		})}, wantIn: []string{"cell (1,1)", "piece -1"}},
		{name: "fixed rotation out of range", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: pl(0, 4)}}
		})}, wantIn: []string{"fixed piece 0", "rotation 4"}},
		{name: "two fixed pieces in one cell", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(0, 0)}, {Cell: puzzle.Cell{}, Placement: pl(1, 0)}}
		})}, wantIn: []string{"cell (0,0) is fixed twice"}},
		{name: "one piece fixed in two cells", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(0, 0)}, {Cell: puzzle.Cell{Row: 1}, Placement: pl(0, 0)}}
		})}, wantIn: []string{"piece 0 is fixed twice"}},
		{name: "initial board of the wrong size", problem: solve.Problem{Puzzle: twoByTwo()},
			opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(3, 2))}, wantIn: []string{"initial board", "3×2", "2×2"}},
		{name: "initial board with cells missing", problem: solve.Problem{Puzzle: twoByTwo()},
			opts: []solve.Option{solve.WithInitial(board(pl(0, 0)))}, wantIn: []string{"initial board", "1 cells"}},
		{name: "initial board naming an unknown piece", problem: solve.Problem{Puzzle: twoByTwo()},
			opts:   []solve.Option{solve.WithInitial(board(pl(0, 0), pl(9, 0), puzzle.Empty, puzzle.Empty))},
			wantIn: []string{"initial board", "cell (0,1)", "piece 9"}},
		{name: "initial board turning a piece of a puzzle without turns", problem: solve.Problem{Puzzle: twoByTwo()},
			opts:   []solve.Option{solve.WithInitial(board(pl(0, 0), pl(1, 2), puzzle.Empty, puzzle.Empty))},
			wantIn: []string{"initial board", "cell (0,1)", "may not rotate"}},
		{name: "initial board with a rotation out of range", problem: solve.Problem{Puzzle: twoByTwo()},
			opts:   []solve.Option{solve.WithInitial(board(pl(0, 0), pl(1, 7), puzzle.Empty, puzzle.Empty))},
			wantIn: []string{"initial board", "cell (0,1)", "by 7"}},
		{name: "initial board placing a piece twice", problem: solve.Problem{Puzzle: twoByTwo()},
			opts:   []solve.Option{solve.WithInitial(board(pl(0, 0), puzzle.Empty, puzzle.Empty, pl(0, 0)))},
			wantIn: []string{"initial board", "piece 0 is placed twice", "(0,0)", "(1,1)"}},
		{name: "initial board moving a fixed piece", problem: solve.Problem{Puzzle: with(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: pl(3, 0)}}
		})}, opts: []solve.Option{solve.WithInitial(board(pl(3, 0), puzzle.Empty, puzzle.Empty, puzzle.Empty))},
			wantIn: []string{"initial board", "cell (1,1)", "fixed piece"}},
		{name: "scorer built for another puzzle", problem: solve.Problem{Puzzle: twoByTwo(), Scorer: otherScorer},
			wantIn: []string{"scorer", "3 pieces", "4"}},
		{name: "unturned table for a puzzle whose pieces turn", problem: solve.Problem{Puzzle: pictures(true), Scorer: unturned},
			wantIn: []string{"scorer", "turn"}},
		{name: "picture puzzle with a tile of another size", problem: solve.Problem{Puzzle: mixedTiles},
			wantIn: []string{"pricing", "piece 1", "5×5"}},
		{name: "NaN target", problem: solve.Problem{Puzzle: twoByTwo()},
			opts: []solve.Option{solve.WithTarget(math.NaN())}, wantIn: []string{"WithTarget", "NaN"}},
		{name: "nil option among others", problem: solve.Problem{Puzzle: twoByTwo()},
			opts: []solve.Option{nil, solve.Options{nil}}, wantStatus: 0},
		{name: "cancelled context", ctx: cancelled, problem: solve.Problem{Puzzle: twoByTwo()},
			wantStatus: solve.Canceled},
		{name: "cancelled context with a picture puzzle to price", ctx: cancelled, problem: solve.Problem{Puzzle: pictures(true)},
			wantStatus: solve.Canceled},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r, err := noPanic(t, func() (*solve.Run, error) { return solve.Start(ctx, tc.problem, tc.opts...) })
			runtime.ReadMemStats(&after)
			if tc.huge {
				// A 2 MiB allowance covers the error message and the test's
				// own book-keeping, not a board.
				if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
					t.Errorf("refusing the input allocated %d bytes", grew)
				}
			}
			if len(tc.wantIn) == 0 {
				if err != nil {
					t.Fatalf("Start: %v", err)
				}
				if got := r.Status(); got != tc.wantStatus {
					t.Errorf("run status %v, want %v", got, tc.wantStatus)
				}
				return
			}
			if err == nil {
				t.Fatalf("Start accepted the input; want an error naming %q", tc.wantIn)
			}
			if r != nil {
				t.Errorf("Start returned a run alongside error %v", err)
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
func noPanic[T any](t *testing.T, f func() (T, error)) (v T, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	return f()
}
