package lp_test

import (
	"github.com/reassemble/jigsaw/internal/badinput"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/lp"
)

// TestBadInput gives the model builder and the model's methods every kind of
// mistake a caller can make: an invalid or unsuitable puzzle, an unknown
// formulation, a model too large to build, boards and points that do not fit
// the model. Each must be refused with an error that names what is wrong and
// where, without a panic, and a model too large must be refused before its
// variables are allocated.
func TestBadInput(t *testing.T) {
	// A fixed seed: any 2×2 puzzle does.
	p, truth, err := puzzle.GenerateUnique(2, 2, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := lp.New(p, lp.EdgeMatching)
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(q *puzzle.Puzzle)) *puzzle.Puzzle {
		q := p.Clone()
		edit(q)
		return q
	}
	// big is a 32×32 puzzle of turning pieces: 1024 cells of 4096 elements
	// each, 4M placement variables, well within the variables' bound but
	// with far too many coefficients for either squared formulation.
	big := &puzzle.Puzzle{Rows: 32, Cols: 32, Rotatable: true, Pieces: make([]puzzle.Piece, 32*32)}
	for i := range big.Pieces {
		big.Pieces[i].ID = puzzle.PieceID(i)
	}
	board := func(cells ...puzzle.Placement) *puzzle.Board {
		return &puzzle.Board{Rows: 2, Cols: 2, Cells: cells}
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	good := truth.Cells
	fractional := make([]float64, m.Vars())
	for i := range fractional {
		fractional[i] = 0.25
	}
	nan := make([]float64, m.Vars())
	for i := range nan {
		nan[i] = math.NaN()
	}

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold.
		wantIn []string
		// huge marks a row whose input asks for a huge model: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		{name: "nil puzzle", call: func() error { _, err := lp.New(nil, lp.EdgeMatching); return err },
			wantIn: []string{"lp:", "nil puzzle"}},
		{name: "invalid puzzle", call: func() error {
			_, err := lp.New(with(func(q *puzzle.Puzzle) { q.Pieces[1].ID = 5 }), lp.Thesis)
			return err
		}, wantIn: []string{"lp:", "piece 1 has ID 5"}},
		{name: "huge board", call: func() error {
			_, err := lp.New(with(func(q *puzzle.Puzzle) { q.Rows, q.Cols = 1<<31, 1<<31 }), lp.EdgeMatching)
			return err
		}, wantIn: []string{"lp:", "larger than"}, huge: true},
		{name: "unknown formulation", call: func() error { _, err := lp.New(p, 9); return err },
			wantIn: []string{"formulation 9"}},
		{name: "fewer pieces than cells", call: func() error {
			_, err := lp.New(with(func(q *puzzle.Puzzle) { q.Pieces = q.Pieces[:3] }), lp.EdgeMatching)
			return err
		}, wantIn: []string{"3 pieces for 4 cells"}},
		{name: "more pieces than cells", call: func() error {
			_, err := lp.New(with(func(q *puzzle.Puzzle) {
				q.AllowExtra = true
				q.Pieces = append(q.Pieces, puzzle.Piece{ID: 4})
			}), lp.EdgeMatching)
			return err
		}, wantIn: []string{"5 pieces for 4 cells"}},
		{name: "fixed piece", call: func() error {
			_, err := lp.New(with(func(q *puzzle.Puzzle) {
				q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 0}, Placement: pl(2, 0)}}
			}), lp.Thesis)
			return err
		}, wantIn: []string{"fixes piece 2 at cell (1,0)"}},
		{name: "too many placement variables", call: func() error {
			q := &puzzle.Puzzle{Rows: 64, Cols: 64, Rotatable: true, Pieces: make([]puzzle.Piece, 64*64)}
			for i := range q.Pieces {
				q.Pieces[i].ID = puzzle.PieceID(i)
			}
			_, err := lp.New(q, lp.ThesisSummed)
			return err
		}, wantIn: []string{"64×64", "placement variables"}},
		{name: "edge-matching model too large", call: func() error { _, err := lp.New(big, lp.EdgeMatching); return err },
			wantIn: []string{"32×32", "4096 elements", "coefficients"}, huge: true},
		{name: "thesis model too large", call: func() error { _, err := lp.New(big, lp.Thesis); return err },
			wantIn: []string{"32×32", "modulus rows"}, huge: true},
		{name: "nil board", call: func() error { _, err := m.Evaluate(nil); return err }, wantIn: []string{"nil board"}},
		{name: "board of the wrong size", call: func() error { _, err := m.Point(puzzle.NewBoard(2, 3)); return err },
			wantIn: []string{"2×3", "2×2"}},
		{name: "board with cells missing", call: func() error { _, err := m.Point(board(good[0])); return err },
			wantIn: []string{"2×2", "1 cells"}},
		{name: "board with cells to spare", call: func() error {
			_, err := m.Evaluate(board(append(append([]puzzle.Placement(nil), good...), good...)...))
			return err
		}, wantIn: []string{"2×2", "8 cells"}},
		{name: "board with a hole", call: func() error { _, err := m.Point(board(good[0], good[1], puzzle.Empty, good[3])); return err },
			wantIn: []string{"cell (1,0) is empty"}},
		{name: "board naming an unknown piece", call: func() error { _, err := m.Point(board(good[0], pl(7, 0), good[2], good[3])); return err },
			wantIn: []string{"cell (0,1)", "piece 7"}},
		{name: "board with a rotation out of range", call: func() error { _, err := m.Point(board(good[0], good[1], good[2], pl(3, 6))); return err },
			wantIn: []string{"cell (1,1)", "piece 3"}},
		{name: "board placing a piece twice", call: func() error { _, err := m.Evaluate(board(good[0], good[0], good[2], good[3])); return err },
			wantIn: []string{"violates row", "piece_p"}},
		{name: "point of the wrong length", call: func() error { _, err := m.Round(make([]float64, 3)); return err },
			wantIn: []string{"3 values", "variables"}},
		{name: "nil point", call: func() error { _, err := m.Round(nil); return err }, wantIn: []string{"0 values"}},
		{name: "fractional point", call: func() error { _, err := m.Round(fractional); return err },
			wantIn: []string{"cell (0,0)", "fractional"}},
		{name: "NaN point", call: func() error { _, err := m.Round(nan); return err },
			wantIn: []string{"cell (0,0)", "fractional"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}
