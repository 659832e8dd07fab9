package tabu

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// newTestSearch prepares a search of p by a solver with opts, from a
// random board dealt by the run's source.
func newTestSearch(t *testing.T, p *puzzle.Puzzle, opts ...Option) *search {
	t.Helper()
	run, err := solve.Start(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	l, st, err := local.Begin(run)
	if err != nil {
		t.Fatal(err)
	}
	return newSearch(New(opts...), run, l, st)
}

func generate(t *testing.T, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	p, sol, err := puzzle.GenerateUnique(rows, cols, rand.New(rand.NewPCG(seed, 3)))
	if err != nil {
		t.Fatal(err)
	}
	return p, sol
}

func TestListFIFO(t *testing.T) {
	m := func(a int32) move { return move{kind: rowSwap, a: a, b: a + 1} }
	tests := []struct {
		name     string
		size     int
		add      []move
		clear    bool
		tabu     []move
		free     []move
		wantSize int
	}{
		{name: "empty", size: 3, free: []move{m(0), {}}},
		{name: "below capacity", size: 3, add: []move{m(0), m(1)}, tabu: []move{m(0), m(1)}, free: []move{m(2), {kind: colSwap, a: 0, b: 1}}, wantSize: 2},
		{name: "full", size: 3, add: []move{m(0), m(1), m(2)}, tabu: []move{m(0), m(1), m(2)}, wantSize: 3},
		{name: "oldest leaves first", size: 3, add: []move{m(0), m(1), m(2), m(3)}, tabu: []move{m(1), m(2), m(3)}, free: []move{m(0)}, wantSize: 3},
		{name: "wraps twice", size: 2, add: []move{m(0), m(1), m(2), m(3), m(4)}, tabu: []move{m(3), m(4)}, free: []move{m(0), m(1), m(2)}, wantSize: 2},
		{name: "a move twice takes two entries", size: 2, add: []move{m(0), m(0), m(1)}, tabu: []move{m(0), m(1)}, wantSize: 2},
		{name: "cleared", size: 3, add: []move{m(0), m(1)}, clear: true, free: []move{m(0), m(1), {}}},
		{name: "size 0 forbids nothing", size: 0, add: []move{m(0)}, free: []move{m(0)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := newList(tc.size)
			for _, x := range tc.add {
				l.add(x)
			}
			if tc.clear {
				l.clear()
			}
			for _, x := range tc.tabu {
				if !l.contains(x) {
					t.Errorf("%+v is not tabu; want tabu", x)
				}
			}
			for _, x := range tc.free {
				if l.contains(x) {
					t.Errorf("%+v is tabu; want free", x)
				}
			}
			if got := l.len(); got != tc.wantSize {
				t.Errorf("list holds %d entries, want %d", got, tc.wantSize)
			}
		})
	}
}

// TestColumnSwapOnRectangularBoard checks that a column move exchanges two
// real columns, where the thesis's swapcol, indexing row + col·rows on a
// row-major board, exchanges two runs of slots instead.
func TestColumnSwapOnRectangularBoard(t *testing.T) {
	const rows, cols, a, b = 3, 5, 1, 4
	p, sol := generate(t, rows, cols, 1)
	ts := newTestSearch(t, p)
	if err := ts.s.Load(sol); err != nil {
		t.Fatal(err)
	}
	before := slices.Clone(ts.s.Cells)
	ts.apply(move{kind: colSwap, a: a, b: b})

	var changed []int
	for i := range before {
		if ts.s.Cells[i] != before[i] {
			changed = append(changed, i)
		}
	}
	var column []int
	for r := range rows {
		column = append(column, r*cols+a, r*cols+b)
	}
	slices.Sort(column)
	if !slices.Equal(changed, column) {
		t.Errorf("the swap of columns %d and %d changed cells %v; want %v, the two columns", a, b, changed, column)
	}
	for r := range rows {
		if got, want := ts.s.Cells[r*cols+a], before[r*cols+b]; got != want {
			t.Errorf("cell (%d,%d) holds %v; want %v from column %d", r, a, got, want, b)
		}
		if got, want := ts.s.Cells[r*cols+b], before[r*cols+a]; got != want {
			t.Errorf("cell (%d,%d) holds %v; want %v from column %d", r, b, got, want, a)
		}
	}
	// The thesis's slots: row + col·rows for row 0..rows−1, 1-based there.
	var thesis []int
	for r := range rows {
		thesis = append(thesis, r+a*rows, r+b*rows)
	}
	slices.Sort(thesis)
	if slices.Equal(thesis, column) {
		t.Fatalf("on a %d×%d board the thesis's indexing gives the columns too; the test shows nothing", rows, cols)
	}
	if got, want := ts.s.Cost(), ts.s.Recompute(); got != want {
		t.Errorf("after the swap the kept cost is %g, the board costs %g", got, want)
	}
}

func TestThesisFormulas(t *testing.T) {
	tests := []struct {
		name                string
		rows, cols          int
		opts                []Option
		tenure, restartWant int
	}{
		// The thesis's 3×3 example: listsize 12, a tabu list of 6
		// (seed 000 L7832, L8228).
		{name: "3x3", rows: 3, cols: 3, tenure: 6, restartWant: 12},
		// 5·4 + 4·3 = 32 ordered row and column pairs.
		{name: "4x5", rows: 4, cols: 5, tenure: 16, restartWant: 32},
		{name: "one row", rows: 1, cols: 4, tenure: 6, restartWant: 12},
		{name: "options", rows: 3, cols: 3, opts: []Option{WithTenure(2), WithRestartAfter(7)}, tenure: 2, restartWant: 7},
		{name: "no list, no restart", rows: 3, cols: 3, opts: []Option{WithTenure(0), WithRestartAfter(0)}, tenure: 0, restartWant: 0},
		{name: "negative is the formula", rows: 3, cols: 3, opts: []Option{WithTenure(-5), WithRestartAfter(-1)}, tenure: 6, restartWant: 12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := generate(t, tc.rows, tc.cols, 1)
			ts := newTestSearch(t, p, tc.opts...)
			if got := len(ts.tabu.items); got != tc.tenure {
				t.Errorf("tabu list of %d entries, want %d", got, tc.tenure)
			}
			if ts.restartAfter != tc.restartWant {
				t.Errorf("restart after %d steps, want %d", ts.restartAfter, tc.restartWant)
			}
		})
	}
}

// thesisPass is checknhood as the thesis wrote it (seed 000 L8079–8212):
// every candidate written into the board and the whole board priced
// afresh, each strict improvement kept.
func thesisPass(s *local.State) {
	free := s.L.Free
	cost := s.Recompute()
	for i := 1; i < len(free); i++ {
		a := free[i]
		for _, b := range free[:i] {
			if s.Cells[a] < 0 && s.Cells[b] < 0 {
				continue
			}
			for swapped := range 2 {
				x, y := s.Cells[a], s.Cells[b]
				if swapped == 1 {
					x, y = y, x
				}
				nx, ny := 1, 1
				if s.L.Rotatable {
					nx, ny = rotations(x), rotations(y)
				}
				for rx := range nx {
					for ry := range ny {
						oa, ob := s.Cells[a], s.Cells[b]
						s.Cells[a], s.Cells[b] = turned(x, rx), turned(y, ry)
						if c := s.Recompute(); c < cost {
							cost = c
						} else {
							s.Cells[a], s.Cells[b] = oa, ob
						}
					}
				}
			}
		}
	}
	s.Recompute()
}

// TestImprovePassIsTheThesis checks the improvement pass, with its pricing
// shortcuts, against the thesis's procedure run literally, on boards with
// turning and fixed-orientation pieces, holes, spares and fixed pieces.
func TestImprovePassIsTheThesis(t *testing.T) {
	shapes := func(rows, cols, pairs int) func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateShapes(rows, cols, pairs, rng)
		}
	}
	tests := []struct {
		name string
		gen  func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error)
		edit func(p *puzzle.Puzzle, sol *puzzle.Board)
	}{
		{name: "unique 4x5", gen: func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateUnique(4, 5, rng)
		}},
		{name: "shapes 4x4 with ties", gen: shapes(4, 4, 2)},
		{name: "fixed orientation", gen: shapes(4, 4, 2), edit: func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Rotatable = false }},
		{name: "holes", gen: shapes(4, 4, 3), edit: func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Pieces = p.Pieces[:13] }},
		{name: "spares", gen: shapes(4, 3, 3), edit: func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Rows, p.AllowExtra = 3, true }},
		{name: "fixed pieces", gen: shapes(4, 4, 2), edit: func(p *puzzle.Puzzle, sol *puzzle.Board) {
			for _, c := range []puzzle.Cell{{Row: 1, Col: 2}, {Row: 3, Col: 0}} {
				p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, sol, err := tc.gen(rand.New(rand.NewPCG(11, 12)))
			if err != nil {
				t.Fatal(err)
			}
			if tc.edit != nil {
				tc.edit(p, sol)
			}
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			ts := newTestSearch(t, p)
			rng := rand.New(rand.NewPCG(13, 14))
			for deal := range 20 {
				ts.s.Shuffle(rng)
				ref := ts.s.Clone()
				if ts.improvePass() {
					t.Fatal("the pass asked to stop a run that goes on")
				}
				thesisPass(ref)
				if !slices.Equal(ts.s.Cells, ref.Cells) {
					t.Fatalf("deal %d: the pass left\n%v\nthe thesis's procedure\n%v", deal, ts.s.Cells, ref.Cells)
				}
				if got, want := ts.s.Cost(), ts.s.Recompute(); got != want {
					t.Fatalf("deal %d: the pass kept cost %g; the board costs %g", deal, got, want)
				}
			}
		})
	}
}

// TestMovesKeepTheBoard applies every kind of move many times to boards
// with fixed pieces, holes and spares: every piece stays once, fixed
// pieces stay put and the kept cost stays the board's.
func TestMovesKeepTheBoard(t *testing.T) {
	tests := []struct {
		name string
		edit func(p *puzzle.Puzzle, sol *puzzle.Board)
	}{
		{name: "plain"},
		{name: "fixed", edit: func(p *puzzle.Puzzle, sol *puzzle.Board) {
			c := puzzle.Cell{Row: 2, Col: 1}
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
		}},
		{name: "holes", edit: func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Pieces = p.Pieces[:len(p.Pieces)-4] }},
		{name: "spares", edit: func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Rows--; p.AllowExtra = true }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, sol := generate(t, 5, 6, 21)
			if tc.edit != nil {
				tc.edit(p, sol)
			}
			ts := newTestSearch(t, p, WithNeighbourhood(Rows|Cols|Blocks|Pairs))
			want := pieceCount(ts.s)
			seen := make(map[kind]bool)
			for step := range 2000 {
				m := ts.pick()
				seen[m.kind] = true
				ts.apply(m)
				if step%50 == 0 {
					ts.improvePass()
				}
				if got := pieceCount(ts.s); !slices.Equal(got, want) {
					t.Fatalf("step %d, move %+v: piece counts %v, want %v", step, m, got, want)
				}
				for _, f := range p.Fixed {
					if got := ts.s.Cells[f.Cell.Row*p.Cols+f.Cell.Col]; got != local.ElemOf(f.Placement) {
						t.Fatalf("step %d, move %+v: fixed cell %v holds %v", step, m, f.Cell, got)
					}
				}
				if got, want := ts.s.Cost(), ts.s.Recompute(); got != want {
					t.Fatalf("step %d, move %+v: kept cost %g, board costs %g", step, m, got, want)
				}
			}
			for _, k := range []kind{colSwap, rowSwap, blockSwap, pairSwap} {
				if !seen[k] {
					t.Errorf("2000 steps never made a move of kind %d", k)
				}
			}
		})
	}
}

// pieceCount counts each piece on the state's slots; the last entry
// counts empty slots.
func pieceCount(s *local.State) []int {
	n := make([]int, s.L.Pricer.Pieces()+1)
	for _, e := range s.Cells {
		if e < 0 {
			n[len(n)-1]++
		} else {
			n[e.Piece()]++
		}
	}
	return n
}

func TestKindsFallBack(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		nb         Neighbourhood
		fix        []puzzle.Cell
		want       []kind
	}{
		{name: "thesis", rows: 3, cols: 4, nb: RowsCols, want: []kind{colSwap, rowSwap}},
		{name: "rows only", rows: 3, cols: 4, nb: Rows, want: []kind{rowSwap}},
		{name: "one row", rows: 1, cols: 4, nb: RowsCols, want: []kind{colSwap}},
		{name: "rows on one row", rows: 1, cols: 4, nb: Rows, want: []kind{pairSwap}},
		{name: "every row pinned", rows: 2, cols: 2, nb: RowsCols, fix: []puzzle.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 1}}, want: []kind{pairSwap}},
		{name: "one piece", rows: 1, cols: 1, nb: RowsCols | Blocks | Pairs, want: []kind{none}},
		{name: "all", rows: 2, cols: 2, nb: Rows | Cols | Blocks | Pairs, want: []kind{colSwap, rowSwap, blockSwap, pairSwap}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, sol := generate(t, tc.rows, tc.cols, 5)
			for _, c := range tc.fix {
				p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
			}
			ts := newTestSearch(t, p, WithNeighbourhood(tc.nb))
			if !slices.Equal(ts.kinds, tc.want) {
				t.Errorf("kinds %v, want %v", ts.kinds, tc.want)
			}
		})
	}
}
