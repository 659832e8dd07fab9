package esp_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/reassemble/jigsaw/internal/badinput"
	"image"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// TestBadInput gives Predict, PredictBuddies, Shapes, Remove, Verify and
// the four solvers every kind of mistake a caller can make: no puzzle,
// malformed or huge boards, cells off the board or removed twice, boards
// that do not solve the puzzle, scorers of the wrong kind or built for
// another puzzle, and counts of missing pieces that are negative or huge.
// Each row must get an error that names what is wrong and where (the
// cell, the piece, the option), or the documented status; none may panic,
// and a huge size must be refused before anything its size is allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// full is a 3×3 puzzle of unique labels, unscrambled (GenerateUnique,
	// seed 5); holed is full without its centre piece.
	full, truth, err := puzzle.GenerateUnique(3, 3, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	holed, holedTruth, err := esp.Remove(full, truth, puzzle.Cell{Row: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(q *puzzle.Puzzle)) *puzzle.Puzzle {
		q := holed.Clone()
		edit(q)
		return q
	}
	// pictures is a 2×2 picture puzzle and a table priced for it; other is
	// a table of a 1×2 picture puzzle.
	cut := func(w, h int) (*puzzle.Puzzle, *edge.Table) {
		p, _, err := puzzle.Cut(image.NewRGBA(image.Rect(0, 0, w, h)), 4)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := edge.NewTable(context.Background(), p, edge.DefaultMeasure(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return p, tab
	}
	pictures, picturesTable := cut(8, 8)
	_, otherTable := cut(8, 4)
	turning := pictures.Clone()
	turning.Rotatable = true
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	predict := func(q *puzzle.Puzzle, opts ...esp.Option) func() error {
		return func() error { _, err := esp.Predict(q, opts...); return err }
	}
	buddies := func(q *puzzle.Puzzle, c edge.Compatibility) func() error {
		return func() error { _, err := esp.PredictBuddies(q, c); return err }
	}
	remove := func(q *puzzle.Puzzle, b *puzzle.Board, cells ...puzzle.Cell) func() error {
		return func() error { _, _, err := esp.Remove(q, b, cells...); return err }
	}
	verify := func(q *puzzle.Puzzle, b *puzzle.Board) func() error {
		return func() error { return esp.Verify(q, b) }
	}
	shapes := func(q *puzzle.Puzzle, missing int, opts ...esp.ShapeOption) func() error {
		return func() error { _, err := esp.Shapes(context.Background(), q, missing, opts...); return err }
	}
	// run solves with s and wants the status (any, if want is 0); a nil
	// error with another status is reported as an error.
	run := func(s solve.Solver, ctx context.Context, q *puzzle.Puzzle, sc edge.Scorer, want solve.Status, opts ...solve.Option) func() error {
		return func() error {
			res, err := s.Solve(ctx, solve.Problem{Puzzle: q, Scorer: sc}, append([]solve.Option{solve.WithMaxIterations(5000)}, opts...)...)
			if err != nil {
				return err
			}
			if want != 0 && res.Status != want {
				return errors.New("status " + res.Status.String() + ", want " + want.String())
			}
			return res.Board.Validate(q)
		}
	}
	solvers := []struct {
		name string
		new  func() solve.Solver
	}{
		{"ESP+FBF", func() solve.Solver { return esp.New() }},
		{"FBF", func() solve.Solver { return esp.NewFBF() }},
		{"wildcard", func() solve.Solver { return esp.NewWildcard() }},
		{"pictures", func() solve.Solver { return esp.NewPictures() }},
	}
	// Boards of 8 pieces and 892 or 999,992 holes, whose layouts a
	// solver must not list.
	bigBoard := with(func(q *puzzle.Puzzle) { q.Rows, q.Cols, q.Fixed = 30, 30, nil })
	hugeBoard := with(func(q *puzzle.Puzzle) { q.Rows, q.Cols, q.Fixed = 1000, 1000, nil })

	type row struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed and checks its answer itself.
		wantIn []string
		// huge marks a row whose input claims a huge size: it must
		// allocate next to nothing.
		huge bool
	}
	cases := []row{
		// Predict and PredictBuddies.
		{name: "predict nil puzzle", call: predict(nil), wantIn: []string{"nil puzzle"}},
		{name: "predict zero rows", call: predict(with(func(q *puzzle.Puzzle) { q.Rows = 0 })), wantIn: []string{"0 rows"}},
		{name: "predict huge board", call: predict(with(func(q *puzzle.Puzzle) { q.Rows, q.Cols = 1<<30, 1<<30 })),
			wantIn: []string{"larger than"}, huge: true},
		{name: "predict piece with a wrong ID", call: predict(with(func(q *puzzle.Puzzle) { q.Pieces[4].ID = 9 })),
			wantIn: []string{"piece 4 has ID 9"}},
		{name: "predict too many pieces", call: predict(with(func(q *puzzle.Puzzle) {
			q.Pieces = append(q.Pieces, full.Pieces[:3]...)
			for i := range q.Pieces {
				q.Pieces[i].ID = puzzle.PieceID(i)
			}
		})), wantIn: []string{"11 pieces for 9 cells"}},
		{name: "predict nil option", call: predict(holed, nil)},
		{name: "predict a huge sparse board", call: predict(hugeBoard)},
		{name: "buddies with no compatibility", call: buddies(pictures, nil), wantIn: []string{"nil"}},
		{name: "buddies of a table for another puzzle", call: buddies(pictures, otherTable), wantIn: []string{"2 pieces", "4"}},
		{name: "buddies of a table priced without turns", call: buddies(turning, picturesTable), wantIn: []string{"rotatable false", "rotatable true"}},
		{name: "buddies of a nil puzzle", call: buddies(nil, picturesTable), wantIn: []string{"nil puzzle"}},

		// Remove.
		{name: "remove from a nil puzzle", call: remove(nil, truth, puzzle.Cell{}), wantIn: []string{"nil puzzle"}},
		{name: "remove with a nil solution", call: remove(full, nil, puzzle.Cell{}), wantIn: []string{"nil solution board"}},
		{name: "remove with a solution of the wrong size", call: remove(full, puzzle.NewBoard(2, 3), puzzle.Cell{}), wantIn: []string{"2×3"}},
		{name: "remove a cell off the board", call: remove(full, truth, puzzle.Cell{Row: 3, Col: 0}), wantIn: []string{"(3,0)", "off the"}},
		{name: "remove a cell at a negative column", call: remove(full, truth, puzzle.Cell{Row: 0, Col: -1}), wantIn: []string{"(0,-1)"}},
		{name: "remove a cell twice", call: remove(full, truth, puzzle.Cell{Row: 1, Col: 2}, puzzle.Cell{Row: 1, Col: 2}), wantIn: []string{"(1,2)"}},
		{name: "remove an empty cell", call: remove(holed, holedTruth, puzzle.Cell{Row: 1, Col: 1}), wantIn: []string{"(1,1)", "empty"}},
		{name: "remove a fixed piece", call: remove(with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 1}, Placement: holedTruth.At(puzzle.Cell{Row: 0, Col: 1})}}
		}), holedTruth, puzzle.Cell{Row: 0, Col: 1}), wantIn: []string{"(0,1)", "fixed"}},
		{name: "remove every piece", call: remove(full, truth, allCells(3, 3)...), wantIn: []string{"9 cells", "9 pieces", "at least one piece must remain"}},

		// Verify.
		{name: "verify nil puzzle", call: verify(nil, holedTruth), wantIn: []string{"nil puzzle"}},
		{name: "verify nil board", call: verify(holed, nil), wantIn: []string{"nil board"}},
		{name: "verify a board of the wrong size", call: verify(holed, puzzle.NewBoard(3, 4)), wantIn: []string{"3×4"}},
		{name: "verify a board with a piece missing", call: verify(holed, func() *puzzle.Board {
			b := holedTruth.Clone()
			b.Set(puzzle.Cell{Row: 2, Col: 2}, puzzle.Empty)
			return b
		}()), wantIn: []string{"7 pieces placed, want 8"}},
		{name: "verify a board with two pieces swapped", call: verify(holed, func() *puzzle.Board {
			b := holedTruth.Clone()
			a, c := b.At(puzzle.Cell{Row: 0, Col: 0}), b.At(puzzle.Cell{Row: 0, Col: 1})
			b.Set(puzzle.Cell{Row: 0, Col: 0}, c)
			b.Set(puzzle.Cell{Row: 0, Col: 1}, a)
			return b
		}()), wantIn: []string{"(0,0)"}},
		{name: "verify a board with a turned piece", call: verify(holed, func() *puzzle.Board {
			b := holedTruth.Clone()
			b.Set(puzzle.Cell{Row: 2, Col: 0}, pl(int(b.At(puzzle.Cell{Row: 2, Col: 0}).Piece), 2))
			return b
		}()), wantIn: []string{"(2,0)"}},

		// Shapes.
		{name: "shapes of a nil puzzle", call: shapes(nil, 0), wantIn: []string{"nil puzzle"}},
		{name: "shapes with a negative count missing", call: shapes(holed, -1), wantIn: []string{"-1 missing"}},
		{name: "shapes with a count missing that overflows", call: shapes(holed, math.MaxInt),
			wantIn: []string{"8 pieces and 9223372036854775807 missing", "more cells than a board can hold"}, huge: true},
		{name: "shapes with a huge count missing", call: shapes(holed, 1<<30),
			wantIn: []string{"8 pieces and 1073741824 missing", "larger than"}, huge: true},
		{name: "shapes with 2^20 missing", call: shapes(holed, 1<<20),
			wantIn: []string{"8 pieces and 1048576 missing", "at most 1024"}, huge: true},
		{name: "shapes with 16 missing per piece", call: shapes(full, 16*9, esp.WithShapeBudget(0))},
		{name: "shapes with many missing, searched under a budget", call: shapes(holed, 1000, esp.WithShapeBudget(100))},
		{name: "shapes with a huge budget on no pieces", call: shapes(with(func(q *puzzle.Puzzle) { q.Pieces = nil }), 1), wantIn: []string{"no pieces"}},

		// Pictures' options.
		{name: "pictures with a nil placer", call: run(esp.NewPictures(esp.WithPlacer(nil)), context.Background(), pictures, picturesTable, solve.Solved)},
		{name: "pictures weighing no layouts", call: run(esp.NewPictures(esp.WithLayouts(-5)), context.Background(), pictures, picturesTable, solve.Solved)},
		{name: "pictures with a table for another puzzle", call: run(esp.NewPictures(), context.Background(), pictures, otherTable, solve.Solved),
			wantIn: []string{"2 pieces", "4"}},
	}
	// A wildcard run on a board of a million cells, 8 of them pieces, must
	// end within 100 ms of its context (the solver contract), though a
	// single node scans every cell.
	cases = append(cases, row{name: "wildcard cancelled on a huge sparse board", call: func() error {
		const wait, limit = 20 * time.Millisecond, 100 * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		begin := time.Now()
		res, err := esp.NewWildcard().Solve(ctx, solve.Problem{Puzzle: hugeBoard})
		if err != nil {
			return err
		}
		if took := time.Since(begin); took > wait+limit {
			return fmt.Errorf("the run took %v to end, want under %v", took, wait+limit)
		}
		if res.Status != solve.Canceled {
			return errors.New("status " + res.Status.String() + ", want canceled")
		}
		return res.Board.Validate(hugeBoard)
	}})
	for _, s := range solvers {
		labels := s.name != "pictures"
		cases = append(cases,
			row{name: s.name + " nil puzzle", call: run(s.new(), context.Background(), nil, nil, 0), wantIn: []string{"no puzzle"}},
			row{name: s.name + " negative columns", call: run(s.new(), context.Background(), with(func(q *puzzle.Puzzle) { q.Cols = -2 }), nil, 0),
				wantIn: []string{"-2 columns"}},
			row{name: s.name + " huge board", call: run(s.new(), context.Background(), with(func(q *puzzle.Puzzle) { q.Rows = math.MaxInt }), nil, 0),
				wantIn: []string{"larger than"}, huge: true},
			row{name: s.name + " fixed piece on a cell twice", call: run(s.new(), context.Background(), with(func(q *puzzle.Puzzle) {
				q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(0, 0)}, {Cell: puzzle.Cell{}, Placement: pl(1, 0)}}
			}), nil, 0), wantIn: []string{"cell (0,0) is fixed twice"}},
			row{name: s.name + " initial board of the wrong size", call: run(s.new(), context.Background(), holed, nil, 0,
				solve.WithInitial(puzzle.NewBoard(1, 1))), wantIn: []string{"initial board", "1×1"}},
			row{name: s.name + " NaN target", call: run(s.new(), context.Background(), holed, nil, 0, solve.WithTarget(math.NaN())),
				wantIn: []string{"WithTarget"}},
			row{name: s.name + " cancelled", call: run(s.new(), cancelled, holed, nil, solve.Canceled)},
		)
		if labels {
			cases = append(cases,
				row{name: s.name + " pixel scorer", call: run(s.new(), context.Background(), pictures, picturesTable, 0),
					wantIn: []string{"scorer must be nil or an *edge.Labels"}},
				row{name: s.name + " sparse board", call: run(s.new(), context.Background(), bigBoard, nil, 0)},
				row{name: s.name + " fixed pieces that clash", call: run(s.new(), context.Background(), with(func(q *puzzle.Puzzle) {
					q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: holedTruth.At(puzzle.Cell{Row: 2, Col: 2})}}
				}), nil, solve.Exhausted)},
			)
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}

// allCells lists every cell of a rows×cols board.
func allCells(rows, cols int) []puzzle.Cell {
	var cs []puzzle.Cell
	for r := range rows {
		for c := range cols {
			cs = append(cs, puzzle.Cell{Row: r, Col: c})
		}
	}
	return cs
}
