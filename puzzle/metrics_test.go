package puzzle_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// identity returns the board that holds piece i unturned in cell i.
func identity(rows, cols int) *puzzle.Board {
	b := puzzle.NewBoard(rows, cols)
	for i := range b.Cells {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	return b
}

// edit returns a copy of b changed by f.
func edit(b *puzzle.Board, f func(b *puzzle.Board)) *puzzle.Board {
	b = b.Clone()
	f(b)
	return b
}

// swapCells swaps the placements of cells i and j.
func swapCells(i, j int) func(*puzzle.Board) {
	return func(b *puzzle.Board) { b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i] }
}

// shifted returns b moved by (dr, dc): pieces pushed off the board are lost
// and the cells left behind are holes.
func shifted(b *puzzle.Board, dr, dc int) *puzzle.Board {
	s := puzzle.NewBoard(b.Rows, b.Cols)
	for i, pl := range b.Cells {
		c := b.CellAt(i)
		if d := (puzzle.Cell{Row: c.Row + dr, Col: c.Col + dc}); s.In(d) {
			s.Set(d, pl)
		}
	}
	return s
}

// grown returns b in the top-left corner of a larger rows × cols board.
func grown(b *puzzle.Board, rows, cols int) *puzzle.Board {
	g := puzzle.NewBoard(rows, cols)
	for i, pl := range b.Cells {
		g.Set(b.CellAt(i), pl)
	}
	return g
}

// labelPuzzle builds a puzzle from the pieces' edges (Top, Right, Bottom,
// Left).
func labelPuzzle(rows, cols int, rule puzzle.MatchRule, edges ...[4]puzzle.Label) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Rule: rule, Rotatable: true}
	for i, e := range edges {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: e})
	}
	return p
}

func TestMismatchesAndMatches(t *testing.T) {
	// A 3×3 unique-label puzzle has 12 joins; corner piece 0 holds
	// Flat, a, b, Flat and the centre piece 4 four other labels.
	p3, truth3, err := puzzle.GenerateUnique(3, 3, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	pair := func(rule puzzle.MatchRule, right, left puzzle.Label) *puzzle.Puzzle {
		return labelPuzzle(1, 2, rule, [4]puzzle.Label{0, right, 0, 0}, [4]puzzle.Label{0, 0, 0, left})
	}
	tests := []struct {
		name       string
		p          *puzzle.Puzzle
		b          *puzzle.Board
		mismatches int
		matches    int
	}{
		{name: "planted solution", p: p3, b: truth3, mismatches: 0, matches: 12},
		{name: "solution turned as a whole", p: p3, b: truth3.Turn(1), mismatches: 0, matches: 12},
		// Piece 4 in the corner shows two labels to the rim and fits neither
		// neighbour; piece 0 in the centre fits none of its four.
		{name: "corner and centre swapped", p: p3, b: edit(truth3, swapCells(0, 4)), mismatches: 2 + 6, matches: 6},
		// Turned a quarter, corner piece 0 shows Flat, Flat, a, b clockwise
		// from the top: b on the rim, Flat and a against its neighbours.
		{name: "corner turned", p: p3, b: edit(truth3, func(b *puzzle.Board) { b.Cells[0].Rotation = 1 }), mismatches: 3, matches: 10},
		{name: "centre missing", p: p3, b: edit(truth3, func(b *puzzle.Board) { b.Cells[4] = puzzle.Empty }), mismatches: 0, matches: 8},
		{name: "empty board", p: p3, b: puzzle.NewBoard(3, 3), mismatches: 0, matches: 0},
		{name: "unknown piece counts as a hole", p: p3, b: edit(truth3, func(b *puzzle.Board) { b.Cells[4].Piece = 99 }), mismatches: 0, matches: 8},
		{name: "malformed board", p: p3, b: &puzzle.Board{Rows: 3, Cols: 3, Cells: truth3.Cells[:5]}, mismatches: 0, matches: 0},
		{name: "nil board", p: p3, b: nil, mismatches: 0, matches: 0},
		{name: "nil puzzle", p: nil, b: truth3, mismatches: 0, matches: 0},
		{name: "equal labels fit under Equal", p: pair(puzzle.Equal, 3, 3), b: identity(1, 2), mismatches: 0, matches: 1},
		{name: "tab and blank fit under Complement", p: pair(puzzle.Complement, 3, -3), b: identity(1, 2), mismatches: 0, matches: 1},
		{name: "equal labels do not fit under Complement", p: pair(puzzle.Complement, 3, 3), b: identity(1, 2), mismatches: 1, matches: 0},
		{name: "tab and blank do not fit under Equal", p: pair(puzzle.Equal, 3, -3), b: identity(1, 2), mismatches: 1, matches: 0},
		{name: "flat sides never fit", p: pair(puzzle.Equal, 0, 0), b: identity(1, 2), mismatches: 1, matches: 0},
		// Piece 1 turned half a turn shows its 3 on the right, the rim.
		{name: "label on the rim", p: pair(puzzle.Equal, 3, 3), b: edit(identity(1, 2), func(b *puzzle.Board) { b.Cells[1].Rotation = 2 }), mismatches: 2, matches: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := puzzle.Mismatches(tt.p, tt.b); got != tt.mismatches {
				t.Errorf("Mismatches = %d, want %d", got, tt.mismatches)
			}
			if got := puzzle.Matches(tt.p, tt.b); got != tt.matches {
				t.Errorf("Matches = %d, want %d", got, tt.matches)
			}
		})
	}
}

func TestComparisons(t *testing.T) {
	truth3 := identity(3, 3) // 12 joins: 24 adjacencies
	truth23 := identity(2, 3)
	truth34 := identity(3, 4) // 17 joins: 34 adjacencies
	truth57 := identity(5, 7)
	holed := edit(truth3, func(b *puzzle.Board) { b.Cells[4] = puzzle.Empty }) // 8 pieces, 8 joins
	tests := []struct {
		name                        string
		truth, got                  *puzzle.Board
		direct, shifted, neighbours float64
	}{
		{name: "identical", truth: truth3, got: truth3, direct: 1, shifted: 1, neighbours: 1},
		{name: "square turned a quarter", truth: truth3, got: truth3.Turn(1), direct: 1, shifted: 1, neighbours: 1},
		{name: "square turned three quarters", truth: truth3, got: truth3.Turn(3), direct: 1, shifted: 1, neighbours: 1},
		{name: "rectangle turned half", truth: truth23, got: truth23.Turn(2), direct: 1, shifted: 1, neighbours: 1},
		{name: "turned truth against solution", truth: truth3.Turn(1), got: truth3, direct: 1, shifted: 1, neighbours: 1},
		// Swapping two corners loses both pieces' places and their 2 joins each.
		{name: "corners swapped", truth: truth3, got: edit(truth3, swapCells(0, 8)), direct: 7.0 / 9, shifted: 7.0 / 9, neighbours: 16.0 / 24},
		// Cells (0,3) and (2,3) are not neighbours: the swap breaks their
		// 3 + 4 joins out of 58.
		{name: "one swap in 35", truth: truth57, got: edit(truth57, swapCells(3, 17)), direct: 33.0 / 35, shifted: 33.0 / 35, neighbours: 102.0 / 116},
		{name: "swapped and turned", truth: truth3, got: edit(truth3, swapCells(0, 8)).Turn(2), direct: 7.0 / 9, shifted: 7.0 / 9, neighbours: 16.0 / 24},
		// The centre piece turned in place breaks its 4 joins.
		{name: "centre turned", truth: truth3, got: edit(truth3, func(b *puzzle.Board) { b.Cells[4].Rotation = 1 }), direct: 8.0 / 9, shifted: 8.0 / 9, neighbours: 16.0 / 24},
		// One column to the right: no piece in its cell, 9 of 12 in the
		// shifted cell, and 12 of 17 joins intact.
		{name: "shifted right", truth: truth34, got: shifted(truth34, 0, 1), direct: 0, shifted: 9.0 / 12, neighbours: 24.0 / 34},
		{name: "shifted up and left", truth: truth34, got: shifted(truth34, -1, -1), direct: 0, shifted: 6.0 / 12, neighbours: 14.0 / 34},
		{name: "shifted and turned", truth: truth3, got: shifted(truth3.Turn(1), 1, 0), direct: 0, shifted: 6.0 / 9, neighbours: 14.0 / 24},
		{name: "holes in both", truth: holed, got: holed, direct: 1, shifted: 1, neighbours: 1},
		// Losing corner piece 0 loses it and its 2 of the 8 joins.
		{name: "piece missing", truth: holed, got: edit(holed, func(b *puzzle.Board) { b.Cells[0] = puzzle.Empty }), direct: 7.0 / 8, shifted: 7.0 / 8, neighbours: 12.0 / 16},
		{name: "extra piece in truth's hole", truth: holed, got: truth3, direct: 1, shifted: 1, neighbours: 1},
		{name: "nothing placed", truth: truth3, got: puzzle.NewBoard(3, 3), direct: 0, shifted: 0, neighbours: 0},
		{name: "empty truth", truth: puzzle.NewBoard(2, 2), got: identity(2, 2), direct: 1, shifted: 1, neighbours: 1},
		{name: "single piece, no joins", truth: identity(1, 1), got: identity(1, 1), direct: 1, shifted: 1, neighbours: 1},
		{name: "single piece turned", truth: identity(1, 1), got: identity(1, 1).Turn(1), direct: 1, shifted: 1, neighbours: 1},
		// Only the turns that keep the shape compare directly; adjacencies
		// do not care about the board.
		{name: "rectangle turned a quarter", truth: truth23, got: truth23.Turn(1), direct: 0, shifted: 0, neighbours: 1},
		{name: "different sizes", truth: truth3, got: shifted(grown(truth3, 4, 4), 1, 1), direct: 0, shifted: 0, neighbours: 1},
		{name: "nil got", truth: truth3, got: nil},
		{name: "nil truth", truth: nil, got: truth3},
		{name: "malformed got", truth: truth3, got: &puzzle.Board{Rows: 3, Cols: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := puzzle.DirectComparison(tt.truth, tt.got); !near(got, tt.direct) {
				t.Errorf("DirectComparison = %v, want %v", got, tt.direct)
			}
			if got := puzzle.ShiftedDirectComparison(tt.truth, tt.got); !near(got, tt.shifted) {
				t.Errorf("ShiftedDirectComparison = %v, want %v", got, tt.shifted)
			}
			if got := puzzle.NeighbourComparison(tt.truth, tt.got); !near(got, tt.neighbours) {
				t.Errorf("NeighbourComparison = %v, want %v", got, tt.neighbours)
			}
			if got, want := puzzle.Perfect(tt.truth, tt.got), tt.direct == 1; got != want {
				t.Errorf("Perfect = %v, want %v", got, want)
			}
		})
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestComparisonsTurnInvariant checks, on random scrambled boards, that
// turning got as a whole changes none of the scores, and that the shifted
// comparison never scores below the direct one.
func TestComparisonsTurnInvariant(t *testing.T) {
	for seed := range uint64(20) {
		rng := newRand(seed)
		n := 2 + rng.IntN(5)
		truth := identity(n, n)
		got := truth.Clone()
		// A few random swaps and turns, and a hole.
		for range rng.IntN(2 * n) {
			i, j := rng.IntN(n*n), rng.IntN(n*n)
			got.Cells[i], got.Cells[j] = got.Cells[j], got.Cells[i]
			got.Cells[i].Rotation = puzzle.Rotation(rng.IntN(4))
		}
		got.Cells[rng.IntN(n*n)] = puzzle.Empty
		d, s, nb := puzzle.DirectComparison(truth, got), puzzle.ShiftedDirectComparison(truth, got), puzzle.NeighbourComparison(truth, got)
		if s < d {
			t.Errorf("seed %d: shifted %v below direct %v", seed, s, d)
		}
		for r := puzzle.Rotation(1); r < 4; r++ {
			turned := got.Turn(r)
			if d2 := puzzle.DirectComparison(truth, turned); d2 != d {
				t.Errorf("seed %d, turn %v: direct %v, unturned %v", seed, r, d2, d)
			}
			if s2 := puzzle.ShiftedDirectComparison(truth, turned); s2 != s {
				t.Errorf("seed %d, turn %v: shifted %v, unturned %v", seed, r, s2, s)
			}
			if nb2 := puzzle.NeighbourComparison(truth, turned); nb2 != nb {
				t.Errorf("seed %d, turn %v: neighbours %v, unturned %v", seed, r, nb2, nb)
			}
		}
	}
}
