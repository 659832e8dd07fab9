package edge_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// handEdges are the pieces of a 2×2 tab-and-blank puzzle drawn by hand. In
// the solution, pieces 0 1 / 2 3 sit unturned in reading order:
//
//	  0        0
//	0 [0] +1 -1 [1] 0
//	  +2       +3
//	  -2       -3
//	0 [2] +4 -4 [3] 0
//	  0        0
var handEdges = [4][4]puzzle.Label{
	{0, +1, +2, 0},
	{0, 0, +3, -1},
	{-2, +4, 0, 0},
	{-3, 0, 0, -4},
}

// handPuzzle returns the hand-made 2×2 puzzle under rule. Under Equal the
// labels lose their signs, so the same joins fit under both rules.
func handPuzzle(rule puzzle.MatchRule, rotatable bool) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: rule, Rotatable: rotatable}
	for i, e := range handEdges {
		if rule == puzzle.Equal {
			for s, l := range e {
				e[s] = max(l, -l)
			}
		}
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: e})
	}
	return p
}

// board builds a board from rows of placements written as piece/rotation
// pairs; a negative piece is a hole.
func board(rows ...[]puzzle.Placement) *puzzle.Board {
	b := puzzle.NewBoard(len(rows), len(rows[0]))
	for r, row := range rows {
		for c, pl := range row {
			if pl.Piece < 0 {
				pl = puzzle.Empty
			}
			b.Set(puzzle.Cell{Row: r, Col: c}, pl)
		}
	}
	return b
}

// pl is shorthand for a placement in table tests.
func pl(piece puzzle.PieceID, r puzzle.Rotation) puzzle.Placement {
	return puzzle.Placement{Piece: piece, Rotation: r}
}

// hole is shorthand for an empty cell in table tests.
var hole = puzzle.Empty

// newRand returns the explicit random source of a randomized test.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909)) }

// planted returns a random rows×cols puzzle under rule and its solution
// board. Each inner join gets a label of magnitude 1..kinds (with a random
// sign under Complement) and each rim side is flat, so the solution costs 0.
// Pieces are shuffled and, when rotatable, stored turned so that the
// solution's rotation undoes the turn. Few kinds make many pieces share
// labels, which is what stresses an index.
func planted(rng *rand.Rand, rows, cols int, rule puzzle.MatchRule, kinds int, rotatable bool) (*puzzle.Puzzle, *puzzle.Board) {
	shown := make([][4]puzzle.Label, rows*cols) // labels each cell shows when solved
	label := func() puzzle.Label {
		l := puzzle.Label(1 + rng.IntN(kinds))
		if rule == puzzle.Complement && rng.IntN(2) == 0 {
			l = -l
		}
		return l
	}
	for r := range rows {
		for c := range cols {
			i := r*cols + c
			if c+1 < cols {
				l := label()
				shown[i][puzzle.Right], shown[i+1][puzzle.Left] = l, rule.Mate(l)
			}
			if r+1 < rows {
				l := label()
				shown[i][puzzle.Bottom], shown[i+cols][puzzle.Top] = l, rule.Mate(l)
			}
		}
	}
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Rule: rule, Rotatable: rotatable, Pieces: make([]puzzle.Piece, rows*cols)}
	sol := puzzle.NewBoard(rows, cols)
	for cell, id := range rng.Perm(rows * cols) {
		var rot puzzle.Rotation
		if rotatable {
			rot = puzzle.Rotation(rng.IntN(4))
		}
		var e [4]puzzle.Label
		for _, s := range puzzle.Sides {
			e[rot.Source(s)] = shown[cell][s]
		}
		p.Pieces[id] = puzzle.Piece{ID: puzzle.PieceID(id), Edges: e}
		sol.Cells[cell] = pl(puzzle.PieceID(id), rot)
	}
	return p, sol
}

// perturbed returns a copy of sol with moves random swaps and turns, then
// each cell emptied with probability holes: boards between solved and
// scrambled, with both fitting and clashing joins.
func perturbed(rng *rand.Rand, p *puzzle.Puzzle, sol *puzzle.Board, moves int, holes float64) *puzzle.Board {
	b := sol.Clone()
	turns := p.Turns()
	for range moves {
		i, j := rng.IntN(len(b.Cells)), rng.IntN(len(b.Cells))
		b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]
		b.Cells[i].Rotation = turns[rng.IntN(len(turns))]
	}
	for i := range b.Cells {
		if rng.Float64() < holes {
			b.Cells[i] = puzzle.Empty
		}
	}
	return b
}

func TestNewLabelsErrors(t *testing.T) {
	tests := []struct {
		name string
		p    *puzzle.Puzzle
	}{
		{"nil puzzle", nil},
		{"no pieces", &puzzle.Puzzle{Rows: 1, Cols: 1}},
		{"unknown rule", &puzzle.Puzzle{Rows: 1, Cols: 1, Rule: puzzle.MatchRule(7), Pieces: []puzzle.Piece{{}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if l, err := edge.NewLabels(tt.p); err == nil {
				t.Errorf("NewLabels = %v, nil; want an error", l)
			}
			if c, err := edge.NewCandidates(tt.p); err == nil {
				t.Errorf("NewCandidates = %v, nil; want an error", c)
			}
		})
	}
}

func TestLabelsAccessors(t *testing.T) {
	for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
		l, err := edge.NewLabels(handPuzzle(rule, true))
		if err != nil {
			t.Fatal(err)
		}
		if l.Rule() != rule {
			t.Errorf("Rule() = %v, want %v", l.Rule(), rule)
		}
		if l.Pieces() != len(handEdges) {
			t.Errorf("%v: Pieces() = %d, want %d", rule, l.Pieces(), len(handEdges))
		}
	}
}

// TestEdgeTurned checks a turned piece against labels worked out by hand: a
// quarter turn clockwise carries the old left side to the top.
func TestEdgeTurned(t *testing.T) {
	p := &puzzle.Puzzle{Rows: 1, Cols: 1, Rotatable: true, Pieces: []puzzle.Piece{{ID: 0, Edges: [4]puzzle.Label{1, 2, 3, 4}}}}
	l, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		r    puzzle.Rotation
		want [4]puzzle.Label // top, right, bottom, left
	}{
		{"unturned", 0, [4]puzzle.Label{1, 2, 3, 4}},
		{"quarter turn", 1, [4]puzzle.Label{4, 1, 2, 3}},
		{"half turn", 2, [4]puzzle.Label{3, 4, 1, 2}},
		{"three quarters", 3, [4]puzzle.Label{2, 3, 4, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [4]puzzle.Label
			for _, s := range puzzle.Sides {
				got[s] = l.Edge(pl(0, tt.r), s)
			}
			if got != tt.want {
				t.Errorf("turned by %v shows %v, want %v", tt.r, got, tt.want)
			}
		})
	}
}

// TestEdgeAgreesWithPiece checks the scorer's precomputed table against the
// piece's own Edge, which goes through Rotation.Source, for every piece,
// rotation and side of random puzzles.
func TestEdgeAgreesWithPiece(t *testing.T) {
	rng := newRand(1)
	for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
		p, _ := planted(rng, 4, 5, rule, 6, true)
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Pieces {
			for r := puzzle.Rotation(0); r < 4; r++ {
				for _, s := range puzzle.Sides {
					if got, want := l.Edge(pl(puzzle.PieceID(i), r), s), p.Pieces[i].Edge(r, s); got != want {
						t.Errorf("%v: Edge(%d/%d, %v) = %d, want %d", rule, i, r, s, got, want)
					}
				}
			}
		}
	}
}

func TestFitsAndScore(t *testing.T) {
	// Piece 0 shows 1 2 3 4 unturned; the others carry the labels the cases
	// join it to. Piece 3 is all flat.
	edges := [][4]puzzle.Label{
		{1, 2, 3, 4},
		{5, 5, 5, -2},
		{5, 5, 5, 2},
		{0, 0, 0, 0},
		{-4, 5, 5, 5},
	}
	tests := []struct {
		name string
		rule puzzle.MatchRule
		a    puzzle.Placement
		s    puzzle.Side
		b    puzzle.Placement
		want bool
	}{
		{"equal: same label fits", puzzle.Equal, pl(0, 0), puzzle.Right, pl(2, 0), true},
		{"equal: opposite sign does not fit", puzzle.Equal, pl(0, 0), puzzle.Right, pl(1, 0), false},
		{"equal: flat fits nothing, not even flat", puzzle.Equal, pl(3, 0), puzzle.Right, pl(3, 0), false},
		{"equal: other label does not fit", puzzle.Equal, pl(0, 0), puzzle.Right, pl(4, 1), false},
		{"complement: +k fits -k", puzzle.Complement, pl(0, 0), puzzle.Right, pl(1, 0), true},
		{"complement: -k fits +k", puzzle.Complement, pl(1, 0), puzzle.Left, pl(0, 0), true},
		{"complement: +k does not fit +k", puzzle.Complement, pl(0, 0), puzzle.Right, pl(2, 0), false},
		{"complement: flat fits nothing, not even flat", puzzle.Complement, pl(3, 0), puzzle.Bottom, pl(3, 2), false},
		// Turned by 1, piece 0 shows its old left side (4) on top, which
		// faces the bottom of piece 4 turned by 2: its old top side (-4).
		{"complement: turned pieces", puzzle.Complement, pl(0, 1), puzzle.Top, pl(4, 2), true},
		{"complement: turned the other way", puzzle.Complement, pl(0, 3), puzzle.Top, pl(4, 2), false},
		// Turned by 1, piece 2 shows its old left side (2) on top, which
		// faces the bottom of piece 0 turned by 1: its old right side (2).
		{"equal: turned pieces", puzzle.Equal, pl(2, 1), puzzle.Top, pl(0, 1), true},
		{"equal: turned against unturned", puzzle.Equal, pl(2, 1), puzzle.Top, pl(0, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &puzzle.Puzzle{Rows: 3, Cols: 3, Rule: tt.rule, Rotatable: true}
			for i, e := range edges {
				p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: e})
			}
			l, err := edge.NewLabels(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Fits(tt.a, tt.s, tt.b); got != tt.want {
				t.Errorf("Fits(%v, %v, %v) = %v, want %v (labels %d and %d)", tt.a, tt.s, tt.b, got, tt.want, l.Edge(tt.a, tt.s), l.Edge(tt.b, tt.s.Opposite()))
			}
			// The join seen from the other piece is the same join.
			if got := l.Fits(tt.b, tt.s.Opposite(), tt.a); got != tt.want {
				t.Errorf("Fits(%v, %v, %v) = %v, want %v", tt.b, tt.s.Opposite(), tt.a, got, tt.want)
			}
			want := 1.0 // a mismatched join costs 1
			if tt.want {
				want = 0
			}
			if got := l.Score(tt.a, tt.s, tt.b); got != want {
				t.Errorf("Score(%v, %v, %v) = %v, want %v", tt.a, tt.s, tt.b, got, want)
			}
		})
	}
}

func TestScoreFrame(t *testing.T) {
	// Piece 0 is flat on top and left only.
	p := &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: puzzle.Complement, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 3, -3, 0}},
	}}
	l, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		a    puzzle.Placement
		s    puzzle.Side
		want float64
	}{
		{"flat side outside", pl(0, 0), puzzle.Top, 0},
		{"other flat side outside", pl(0, 0), puzzle.Left, 0},
		{"tab outside", pl(0, 0), puzzle.Right, 1},
		{"blank outside", pl(0, 0), puzzle.Bottom, 1},
		// Turned by 1, the old left side (flat) shows on top and the old
		// top side (flat) on the right.
		{"turned: flat now on top", pl(0, 1), puzzle.Top, 0},
		{"turned: flat now on the right", pl(0, 1), puzzle.Right, 0},
		{"turned: tab now at the bottom", pl(0, 1), puzzle.Bottom, 1},
		{"turned: blank now on the left", pl(0, 1), puzzle.Left, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := l.ScoreFrame(tt.a, tt.s); got != tt.want {
				t.Errorf("ScoreFrame(%v, %v) = %v, want %v", tt.a, tt.s, got, tt.want)
			}
		})
	}
}

// TestScoreSymmetric checks that a join costs the same seen from either
// piece, for every pair of oriented pieces: the identity between CellCost and
// Cost rests on it.
func TestScoreSymmetric(t *testing.T) {
	rng := newRand(2)
	for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
		p, _ := planted(rng, 3, 3, rule, 2, true)
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		fits := 0
		for i := range p.Pieces {
			for j := range p.Pieces {
				for r := puzzle.Rotation(0); r < 4; r++ {
					for q := puzzle.Rotation(0); q < 4; q++ {
						a, b := pl(puzzle.PieceID(i), r), pl(puzzle.PieceID(j), q)
						for _, s := range puzzle.Sides {
							x, y := l.Score(a, s, b), l.Score(b, s.Opposite(), a)
							if x != y {
								t.Fatalf("%v: Score(%v, %v, %v) = %v but Score(%v, %v, %v) = %v", rule, a, s, b, x, b, s.Opposite(), a, y)
							}
							if x == 0 {
								fits++
							}
						}
					}
				}
			}
		}
		if fits == 0 {
			t.Errorf("%v: no pair fits; the test checked only mismatches", rule)
		}
	}
}
