package edge_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// joinsOnly hides the frame costs of a scorer: it is a Scorer but not a
// FrameScorer.
type joinsOnly struct{ s edge.Scorer }

func (j joinsOnly) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	return j.s.Score(a, s, b)
}

// bruteCost prices b cell by cell through Cell.Neighbour rather than index
// arithmetic: joins to the right and below, and sides whose neighbour lies
// off the board. It returns the two parts separately.
func bruteCost(l *edge.Labels, b *puzzle.Board) (joins, frame float64) {
	for r := range b.Rows {
		for c := range b.Cols {
			cell := puzzle.Cell{Row: r, Col: c}
			a := b.At(cell)
			if a.IsEmpty() {
				continue
			}
			for _, s := range puzzle.Sides {
				n := cell.Neighbour(s)
				switch {
				case !b.In(n):
					if l.Edge(a, s) != puzzle.Flat {
						frame++
					}
				case (s == puzzle.Right || s == puzzle.Bottom) && !b.At(n).IsEmpty():
					if !l.Rule().Fits(l.Edge(a, s), l.Edge(b.At(n), s.Opposite())) {
						joins++
					}
				}
			}
		}
	}
	return joins, frame
}

func TestCostHandBoards(t *testing.T) {
	// The boards hold the hand-made 2×2 puzzle (see handEdges), whose
	// solution is 0 1 / 2 3 unturned.
	tests := []struct {
		name string
		rule puzzle.MatchRule
		b    *puzzle.Board
		want float64
	}{
		{"complement: solution", puzzle.Complement, board([]puzzle.Placement{pl(0, 0), pl(1, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)}), 0},
		{"equal: solution", puzzle.Equal, board([]puzzle.Placement{pl(0, 0), pl(1, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)}), 0},
		{"empty board", puzzle.Complement, puzzle.NewBoard(2, 2), 0},
		{"solution with holes", puzzle.Complement, board([]puzzle.Placement{hole, pl(1, 0)}, []puzzle.Placement{pl(2, 0), hole}), 0},
		// Swapping the top pieces breaks three joins (flat against flat
		// between them, +3/-2 and +2/-3 below) and shows -1 and +1 on the
		// rim.
		{"complement: top row swapped", puzzle.Complement, board([]puzzle.Placement{pl(1, 0), pl(0, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)}), 3 + 2},
		{"equal: top row swapped", puzzle.Equal, board([]puzzle.Placement{pl(1, 0), pl(0, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)}), 3 + 2},
		// Piece 3 turned by 2 shows 0 -4 -3 0: flat toward both
		// neighbours (2 joins) and -4, -3 on the rim (2 sides).
		{"last piece turned", puzzle.Complement, board([]puzzle.Placement{pl(0, 0), pl(1, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 2)}), 2 + 2},
		// Alone, piece 0 in the bottom-right corner shows +1 and +2 on the
		// rim; the holes beside it cost nothing.
		{"lone piece among holes", puzzle.Complement, board([]puzzle.Placement{hole, hole}, []puzzle.Placement{hole, pl(0, 0)}), 2},
		// On a 1×1 board all four sides are rim: piece 2 shows -2 and +4.
		{"one cell", puzzle.Complement, board([]puzzle.Placement{pl(2, 0)}), 2},
		// Swapping the left pieces puts 2's +4 against 1's -1, 0's +1
		// against 3's -4 and 2's flat bottom on 0's flat top (3 joins), and
		// shows 2's -2 and 0's +2 on the rim.
		{"left column swapped", puzzle.Complement, board([]puzzle.Placement{pl(2, 0), pl(1, 0)}, []puzzle.Placement{pl(0, 0), pl(3, 0)}), 3 + 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := edge.NewLabels(handPuzzle(tt.rule, true))
			if err != nil {
				t.Fatal(err)
			}
			if got := edge.Cost(l, tt.b); got != tt.want {
				t.Errorf("Cost = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCostPlainScorer checks that a scorer without frame costs leaves the rim
// free: the swapped board of TestCostHandBoards keeps only its 3 joins.
func TestCostPlainScorer(t *testing.T) {
	l, err := edge.NewLabels(handPuzzle(puzzle.Complement, true))
	if err != nil {
		t.Fatal(err)
	}
	b := board([]puzzle.Placement{pl(1, 0), pl(0, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)})
	if got, want := edge.Cost(joinsOnly{l}, b), 3.0; got != want {
		t.Errorf("Cost = %v, want %v", got, want)
	}
}

// recorder counts the calls a cost function makes.
type recorder struct {
	joins  map[[2]puzzle.PieceID]int // keyed left/top piece first
	frames map[frameSide]int
}

type frameSide struct {
	piece puzzle.PieceID
	side  puzzle.Side
}

func (r *recorder) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if s == puzzle.Left || s == puzzle.Top {
		a, b = b, a
	}
	r.joins[[2]puzzle.PieceID{a.Piece, b.Piece}]++
	return 1
}

func (r *recorder) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	r.frames[frameSide{a.Piece, s}]++
	return 1
}

// TestCostCountsEachJoinOnce runs Cost with a scorer that records its calls
// and checks that each pair of neighbouring pieces and each rim side of a
// placed piece is priced exactly once, and nothing else is.
func TestCostCountsEachJoinOnce(t *testing.T) {
	rng := newRand(3)
	for trial := range 20 {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		p, sol := planted(rng, rows, cols, puzzle.Complement, 3, true)
		b := perturbed(rng, p, sol, rows*cols, 0.3)

		wantJoins := map[[2]puzzle.PieceID]int{}
		wantFrames := map[frameSide]int{}
		for i, a := range b.Cells {
			if a.IsEmpty() {
				continue
			}
			cell := b.CellAt(i)
			for _, s := range puzzle.Sides {
				n := cell.Neighbour(s)
				switch {
				case !b.In(n):
					wantFrames[frameSide{a.Piece, s}] = 1
				case (s == puzzle.Right || s == puzzle.Bottom) && !b.At(n).IsEmpty():
					wantJoins[[2]puzzle.PieceID{a.Piece, b.At(n).Piece}] = 1
				}
			}
		}

		r := &recorder{joins: map[[2]puzzle.PieceID]int{}, frames: map[frameSide]int{}}
		got := edge.Cost(r, b)
		if want := float64(len(wantJoins) + len(wantFrames)); got != want {
			t.Errorf("trial %d (%d×%d): Cost = %v, want %v joins and rim sides", trial, rows, cols, got, want)
		}
		if !mapsEqual(r.joins, wantJoins) {
			t.Errorf("trial %d: joins priced %v, want each of %v once", trial, r.joins, wantJoins)
		}
		if !mapsEqual(r.frames, wantFrames) {
			t.Errorf("trial %d: rim sides priced %v, want each of %v once", trial, r.frames, wantFrames)
		}
	}
}

func mapsEqual[K comparable](a, b map[K]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestCostMatchesBruteForce(t *testing.T) {
	rng := newRand(4)
	for trial := range 200 {
		rule := puzzle.MatchRule(trial % 2)
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		p, sol := planted(rng, rows, cols, rule, 2, trial%4 < 2)
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := edge.Cost(l, sol); got != 0 {
			t.Fatalf("trial %d: planted solution costs %v, want 0", trial, got)
		}
		b := perturbed(rng, p, sol, rng.IntN(rows*cols+1), 0.2*rng.Float64())
		joins, frame := bruteCost(l, b)
		if got, want := edge.Cost(l, b), joins+frame; got != want {
			t.Errorf("trial %d (%v, %d×%d): Cost = %v, want %v joins + %v rim sides", trial, rule, rows, cols, got, joins, frame)
		}
		if got := edge.Cost(joinsOnly{l}, b); got != joins {
			t.Errorf("trial %d: Cost without frame = %v, want %v", trial, got, joins)
		}
	}
}

func TestCellCostHand(t *testing.T) {
	l, err := edge.NewLabels(handPuzzle(puzzle.Complement, true))
	if err != nil {
		t.Fatal(err)
	}
	// The top row swapped, as in TestCostHandBoards.
	swapped := board([]puzzle.Placement{pl(1, 0), pl(0, 0)}, []puzzle.Placement{pl(2, 0), pl(3, 0)})
	tests := []struct {
		name string
		cell puzzle.Cell
		want float64
	}{
		// Piece 1: flat against flat on the right, +3 on -2 below, -1 on
		// the rim.
		{"top left", puzzle.Cell{Row: 0, Col: 0}, 1 + 1 + 1},
		// Piece 0: flat against flat on the left, +2 on -3 below, +1 on
		// the rim.
		{"top right", puzzle.Cell{Row: 0, Col: 1}, 1 + 1 + 1},
		// Piece 2: -2 under +3 above, +4 fits -4 on the right.
		{"bottom left", puzzle.Cell{Row: 1, Col: 0}, 1},
		{"bottom right", puzzle.Cell{Row: 1, Col: 1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := edge.CellCost(l, swapped, tt.cell); got != tt.want {
				t.Errorf("CellCost(%v) = %v, want %v", tt.cell, got, tt.want)
			}
		})
	}
	if got := edge.CellCost(l, board([]puzzle.Placement{hole, pl(1, 0)}), puzzle.Cell{Row: 0, Col: 0}); got != 0 {
		t.Errorf("CellCost of a hole = %v, want 0", got)
	}
}

// TestCellCostIdentity checks, on random boards, that the cell costs add up
// to each join twice (once from each side) and each rim side once:
//
//	Σ CellCost(c) = 2·J + F,  where Cost = J + F,
//
// J being the joins' part (Cost without frame) and F the rim's part. It also
// checks what local search relies on: changing one cell changes Cost by the
// change in that cell's CellCost.
func TestCellCostIdentity(t *testing.T) {
	rng := newRand(5)
	for trial := range 200 {
		rule := puzzle.MatchRule(trial % 2)
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		p, sol := planted(rng, rows, cols, rule, 2, trial%4 < 2)
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		b := perturbed(rng, p, sol, rng.IntN(rows*cols+1), 0.2*rng.Float64())
		joins, frame := bruteCost(l, b)

		var sum, sumPlain float64
		for i := range b.Cells {
			sum += edge.CellCost(l, b, b.CellAt(i))
			sumPlain += edge.CellCost(joinsOnly{l}, b, b.CellAt(i))
		}
		if want := 2*joins + frame; sum != want {
			t.Errorf("trial %d (%v, %d×%d): Σ CellCost = %v, want 2·%v + %v", trial, rule, rows, cols, sum, joins, frame)
		}
		if want := 2 * edge.Cost(joinsOnly{l}, b); sumPlain != want {
			t.Errorf("trial %d: Σ CellCost without frame = %v, want %v", trial, sumPlain, want)
		}

		// Put a random placement, or a hole, in a random cell.
		cell := b.CellAt(rng.IntN(len(b.Cells)))
		next := b.Clone()
		next.Set(cell, puzzle.Empty)
		if rng.IntN(4) > 0 {
			next.Set(cell, pl(puzzle.PieceID(rng.IntN(len(p.Pieces))), puzzle.Rotation(rng.IntN(4))))
		}
		dCost := edge.Cost(l, next) - edge.Cost(l, b)
		dCell := edge.CellCost(l, next, cell) - edge.CellCost(l, b, cell)
		if dCost != dCell {
			t.Errorf("trial %d: %v → %v in cell %v changes Cost by %v but CellCost by %v", trial, b.At(cell), next.At(cell), cell, dCost, dCell)
		}
	}
}

func BenchmarkCost(b *testing.B) {
	// A 50×50 rotatable tab-and-blank puzzle, half of it scrambled so that
	// joins both fit and clash.
	rng := newRand(8)
	p, sol := planted(rng, benchSide, benchSide, puzzle.Complement, benchKinds, true)
	l, err := edge.NewLabels(p)
	if err != nil {
		b.Fatal(err)
	}
	board := perturbed(rng, p, sol, benchSide*benchSide/2, 0)
	var c float64
	for b.Loop() {
		c = edge.Cost(l, board)
	}
	b.ReportMetric(c, "cost")
}

// sideValues prices a join by the values of the two pieces' own sides that
// meet, as an oblong piece's scorer would: +Inf when either piece lies a
// quarter turn off, which an oblong piece cannot.
type sideValues [][4]float64

func (v sideValues) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if a.Rotation&1 != 0 || b.Rotation&1 != 0 {
		return math.Inf(1)
	}
	return 1 + math.Abs(v[a.Piece][a.Rotation.Source(s)]-v[b.Piece][b.Rotation.Source(s.Opposite())])
}

// TestScorerCompatibilityHalfTurns ranks oblong pieces that turn by half
// turns only under a scorer that refuses quarter turns: every pair of
// sides of one axis is priced as the pieces meet, and sides of different
// axes never meet.
func TestScorerCompatibilityHalfTurns(t *testing.T) {
	v := sideValues{{1, 2, 3, 4}, {10, 20, 30, 40}, {5, 7, 11, 13}}
	p := &puzzle.Puzzle{Rows: 1, Cols: 3, Pieces: make([]puzzle.Piece, len(v)), Rotatable: true, HalfTurns: true}
	c, err := edge.NewScorerCompatibility(p, v)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 * len(v) {
		finite := 0
		for j := range 4 * len(v) {
			got := c.Join(i, j)
			want := math.Inf(1)
			if i/4 != j/4 && i%2 == j%2 {
				want = 1 + math.Abs(v[i/4][i%4]-v[j/4][j%4])
				finite++
			}
			if got != want {
				t.Errorf("side %d of piece %d against side %d of piece %d: %v, want %v", i%4, i/4, j%4, j/4, got, want)
			}
		}
		if best := c.Best(i); len(best) != finite {
			t.Errorf("side %d of piece %d has %d partners ranked, want %d", i%4, i/4, len(best), finite)
		}
	}
}
