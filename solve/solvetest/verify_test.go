package solvetest

import (
	"math"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// row2 is a 1×2 label puzzle: piece 0 is flat but for a tab +1 on its
// right, piece 1 flat but for a blank -1 on its left.
func row2() *puzzle.Puzzle {
	return &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Complement, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 0, -1}},
	}}
}

func board(rows, cols int, cells ...puzzle.Placement) *puzzle.Board {
	return &puzzle.Board{Rows: rows, Cols: cols, Cells: cells}
}

func pl(id puzzle.PieceID, r puzzle.Rotation) puzzle.Placement {
	return puzzle.Placement{Piece: id, Rotation: r}
}

func TestIndependentCost(t *testing.T) {
	p := row2()
	l, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		scorer edge.Scorer
		b      *puzzle.Board
		want   float64
	}{
		{name: "solution", b: board(1, 2, pl(0, 0), pl(1, 0)), want: 0},
		// Swapped: the join shows flat against flat (1) and the tab and the
		// blank face the rim (1 each).
		{name: "swapped", b: board(1, 2, pl(1, 0), pl(0, 0)), want: 3},
		// Piece 0 turned half way shows its tab on the rim at the left
		// and a flat side to the join.
		{name: "turned", b: board(1, 2, pl(0, 2), pl(1, 0)), want: 2},
		// Piece 0 on the right shows its tab on the rim; its flat left
		// side faces a hole, which costs nothing.
		{name: "hole beside a piece", b: board(1, 2, puzzle.Empty, pl(0, 0)), want: 1},
		{name: "empty", b: board(1, 2, puzzle.Empty, puzzle.Empty), want: 0},
		{name: "labels as a plain scorer", scorer: weighted{l}, b: board(1, 2, pl(1, 0), pl(0, 0)),
			// (1+0)%3 = 1: 0.5 + 0.25, and no frame cost.
			want: 0.75},
		{name: "weighted with frame", scorer: weightedFrame{weighted{l}}, b: board(1, 2, pl(1, 0), pl(0, 0)),
			want: 0.75 + 2*0.75},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prob := solve.Problem{Puzzle: p, Scorer: tc.scorer}
			got, err := independentCost(prob, tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("independentCost = %g, want %g", got, tc.want)
			}
			// The shared implementation must agree, or one of them is wrong.
			sc, err := scorerOf(prob)
			if err != nil {
				t.Fatal(err)
			}
			if shared := edge.Cost(sc, tc.b); shared != got {
				t.Errorf("edge.Cost = %g, independentCost = %g", shared, got)
			}
		})
	}
}

func TestCloseTo(t *testing.T) {
	cases := []struct {
		name string
		a, b float64
		want bool
	}{
		{name: "equal", a: 3, b: 3, want: true},
		{name: "rounding", a: 0.1 + 0.2, b: 0.3, want: true},
		{name: "large and relative", a: 1e12, b: 1e12 + 1, want: true},
		{name: "half apart", a: 1, b: 1.5, want: false},
		{name: "zero and tiny", a: 0, b: 1e-6, want: false},
		{name: "infinity and zero", a: math.Inf(1), b: 0, want: false},
		{name: "infinity and a large cost", a: math.Inf(1), b: 1e300, want: false},
		{name: "infinities", a: math.Inf(1), b: math.Inf(1), want: true},
		{name: "not a number", a: math.NaN(), b: math.NaN(), want: false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := closeTo(tc.a, tc.b); got != tc.want {
				t.Errorf("closeTo(%g, %g) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	p := row2()
	p.Pieces = append(p.Pieces, puzzle.Piece{ID: 2})
	p.AllowExtra = true
	cases := []struct {
		name string
		b    *puzzle.Board
		want []puzzle.PieceID
	}{
		{name: "all but the extra", b: board(1, 2, pl(0, 0), pl(1, 0)), want: []puzzle.PieceID{2}},
		{name: "none", b: board(1, 2, puzzle.Empty, puzzle.Empty), want: []puzzle.PieceID{0, 1, 2}},
		{name: "one and a hole", b: board(1, 2, puzzle.Empty, pl(2, 0)), want: []puzzle.PieceID{0, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := missing(p, tc.b); !slices.Equal(got, tc.want) {
				t.Errorf("missing = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCountSolutions(t *testing.T) {
	fixedRow := row2()
	fixedRow.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 1}, Placement: pl(1, 0)}}
	holeRow := row2()
	holeRow.Cols = 3
	cases := []struct {
		name string
		p    *puzzle.Puzzle
		want int
	}{
		// The row and the row turned half way: piece 1 on the left turned
		// by 180° shows its blank on the right, piece 0 turned so too.
		{name: "row", p: row2(), want: 2},
		{name: "row with a fixed piece", p: fixedRow, want: 1},
		// On three cells the two pieces sit side by side at the left or at
		// the right, or apart with the hole between them, each either way
		// round: a side facing the hole costs nothing.
		{name: "row with a hole", p: holeRow, want: 6},
		// GenerateUnique's doc: the planted solution is the only one up to
		// the four whole-board turns of a square board.
		{name: "unique 2x2", p: mustBuild(testingT{t}, "unique-2x2", 103, unique(2, 2)).problem.Puzzle, want: 4},
		{name: "unique 2x2 broken", p: unsolvableInstance(testingT{t}).problem.Puzzle, want: 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := countSolutions(solve.Problem{Puzzle: tc.p}, countLimit)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("countSolutions = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestInstances checks the suite's own instances: each is a valid puzzle,
// each planted solution is a perfect board, and the unsolvable ones have no
// solution, so that a failure of Run is the solver's.
func TestInstances(t *testing.T) {
	tt := testingT{t}
	var solvable []instance
	for _, list := range [][]instance{
		plantedInstances(tt), fixedInstances(tt), holeInstances(tt), extraInstances(tt), scorerInstances(tt),
	} {
		solvable = append(solvable, list...)
	}
	for _, inst := range solvable {
		t.Run(inst.name, func(t *testing.T) {
			p := inst.problem.Puzzle
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			if err := inst.solution.Validate(p); err != nil {
				t.Fatalf("planted solution: %v", err)
			}
			cost, err := independentCost(inst.problem, inst.solution)
			if err != nil {
				t.Fatal(err)
			}
			if cost != 0 {
				t.Errorf("planted solution costs %g\n%s", cost, boardString(inst.solution))
			}
			if got, want := placed(inst.solution), min(len(p.Pieces), p.Cells()); got != want {
				t.Errorf("planted solution places %d pieces, want %d", got, want)
			}
			if n, err := countSolutions(inst.problem, 1); err != nil || n != 1 {
				t.Errorf("countSolutions finds %d solutions (error %v); the planted one at least", n, err)
			}
		})
	}
	t.Run("unsolvable", func(t *testing.T) {
		inst := unsolvableInstance(tt)
		if n, err := countSolutions(inst.problem, 1); err != nil || n != 0 {
			t.Errorf("countSolutions finds %d solutions (error %v), want 0", n, err)
		}
	})
	t.Run("large", func(t *testing.T) {
		inst := largeInstance(tt)
		p := inst.problem.Puzzle
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		// One shape pair, and exactly one tab turned into a blank: the
		// imbalance that makes the puzzle unsolvable.
		balance := map[puzzle.Label]int{}
		for _, pc := range p.Pieces {
			for _, l := range pc.Edges {
				balance[max(l, -l)] += int(max(-1, min(1, l)))
			}
		}
		delete(balance, puzzle.Flat)
		if len(balance) != 1 {
			t.Errorf("%d shapes, want 1", len(balance))
		}
		for l, b := range balance {
			if b != 2 && b != -2 {
				t.Errorf("shape %d has %d more tabs than blanks, want ±2 (one side flipped)", l, b)
			}
		}
		if p.Cells() != len(p.Pieces) || p.Rule != puzzle.Complement || !p.Rotatable {
			t.Errorf("want a full rotatable tab/blank puzzle, got %d pieces on %d cells, rule %v, rotatable %v", len(p.Pieces), p.Cells(), p.Rule, p.Rotatable)
		}
	})
}

// TestInstancesAreFixed checks that instances do not depend on anything but
// their seeds: built twice, they are the same.
func TestInstancesAreFixed(t *testing.T) {
	a, b := largeInstance(testingT{t}), largeInstance(testingT{t})
	if !slices.Equal(a.problem.Puzzle.Pieces, b.problem.Puzzle.Pieces) {
		t.Errorf("the large instance differs between two builds")
	}
}
