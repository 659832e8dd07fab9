package puzzle_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// genSizes covers the degenerate boards (one cell, one row, one column), the
// smallest square, a two-row board whose rim pieces also face each other
// across the board, an odd rectangle and the Eternity II board.
var genSizes = []struct{ rows, cols int }{
	{1, 1}, {1, 2}, {1, 7}, {7, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {5, 7}, {16, 16},
}

// genSeeds is how many fixed seeds each generator test runs per size.
const genSeeds = 12

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// genJoin is one internal join: the cells on its top or left (a) and bottom
// or right (b), and the side of a facing b.
type genJoin struct {
	a, b puzzle.Cell
	side puzzle.Side
}

// genJoins lists the internal joins of a rows × cols board.
func genJoins(rows, cols int) []genJoin {
	var js []genJoin
	for r := range rows {
		for c := range cols {
			if c+1 < cols {
				js = append(js, genJoin{puzzle.Cell{Row: r, Col: c}, puzzle.Cell{Row: r, Col: c + 1}, puzzle.Right})
			}
			if r+1 < rows {
				js = append(js, genJoin{puzzle.Cell{Row: r, Col: c}, puzzle.Cell{Row: r + 1, Col: c}, puzzle.Bottom})
			}
		}
	}
	return js
}

// labelsOf returns the labels on both sides of join j on the planted
// solution, where piece i sits unturned in cell i.
func labelsOf(p *puzzle.Puzzle, j genJoin) (a, b puzzle.Label) {
	ia := j.a.Row*p.Cols + j.a.Col
	ib := j.b.Row*p.Cols + j.b.Col
	return p.Pieces[ia].Edges[j.side], p.Pieces[ib].Edges[j.side.Opposite()]
}

// checkPlanted checks what every generator promises: a valid rotatable
// puzzle whose piece i sits unturned in cell i, Flat exactly on the rim, and
// a solution that costs nothing.
func checkPlanted(t *testing.T, p *puzzle.Puzzle, b *puzzle.Board, rows, cols int, rule puzzle.MatchRule) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("puzzle does not validate: %v", err)
	}
	if err := b.Validate(p); err != nil {
		t.Fatalf("planted solution does not validate: %v", err)
	}
	if p.Rows != rows || p.Cols != cols || len(p.Pieces) != rows*cols {
		t.Fatalf("puzzle is %d×%d with %d pieces, want %d×%d with %d", p.Rows, p.Cols, len(p.Pieces), rows, cols, rows*cols)
	}
	if !p.Rotatable || p.Rule != rule || len(p.Fixed) != 0 || p.AllowExtra {
		t.Errorf("Rotatable %v, Rule %v, %d fixed, AllowExtra %v; want true, %v, 0, false", p.Rotatable, p.Rule, len(p.Fixed), p.AllowExtra, rule)
	}
	for i, pl := range b.Cells {
		if want := (puzzle.Placement{Piece: puzzle.PieceID(i)}); pl != want {
			t.Fatalf("cell %v holds %v, want %v", b.CellAt(i), pl, want)
		}
		c := b.CellAt(i)
		for _, s := range puzzle.Sides {
			onRim := !p.In(c.Neighbour(s))
			if flat := p.Pieces[i].Edges[s] == puzzle.Flat; flat != onRim {
				t.Fatalf("piece %d side %v: flat %v, on the rim %v", i, s, flat, onRim)
			}
		}
	}
	if m := puzzle.Mismatches(p, b); m != 0 {
		t.Errorf("Mismatches(planted) = %d, want 0", m)
	}
	if m, want := puzzle.Matches(p, b), len(genJoins(rows, cols)); m != want {
		t.Errorf("Matches(planted) = %d, want every join: %d", m, want)
	}
}

func TestGenerateUnique(t *testing.T) {
	for _, sz := range genSizes {
		t.Run(fmt.Sprintf("%dx%d", sz.rows, sz.cols), func(t *testing.T) {
			for seed := range uint64(genSeeds) {
				p, b, err := puzzle.GenerateUnique(sz.rows, sz.cols, newRand(seed))
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkPlanted(t, p, b, sz.rows, sz.cols, puzzle.Equal)

				// Each label 1..J appears exactly twice, once on each side
				// of the same join: every join has its own label.
				js := genJoins(sz.rows, sz.cols)
				count := make(map[puzzle.Label]int)
				for i := range p.Pieces {
					for _, l := range p.Pieces[i].Edges {
						if l != puzzle.Flat {
							count[l]++
						}
					}
				}
				for _, j := range js {
					la, lb := labelsOf(p, j)
					if la != lb {
						t.Fatalf("seed %d: join %v-%v has labels %d and %d", seed, j.a, j.b, la, lb)
					}
					if la < 1 || int(la) > len(js) {
						t.Fatalf("seed %d: join %v-%v has label %d, want 1 to %d", seed, j.a, j.b, la, len(js))
					}
					if count[la] != 2 {
						t.Fatalf("seed %d: label %d appears %d times, want 2", seed, la, count[la])
					}
				}
				if len(count) != len(js) {
					t.Fatalf("seed %d: %d distinct labels for %d joins", seed, len(count), len(js))
				}
			}
		})
	}
}

// TestGenerateUniqueOrder checks that labels are not dealt in join order,
// which would let a solver read positions off the labels.
func TestGenerateUniqueOrder(t *testing.T) {
	p, _, err := puzzle.GenerateUnique(5, 7, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	inOrder := 0
	for k, j := range genJoins(5, 7) {
		if la, _ := labelsOf(p, j); int(la) == k+1 {
			inOrder++
		}
	}
	// 58 joins: a random deal leaves about one in place.
	if inOrder > 10 {
		t.Errorf("%d of 58 joins carry their own index as label: labels are not shuffled", inOrder)
	}
}

// TestGenerateUniqueOnlySolutions counts, by brute force over every
// arrangement, the cost-0 boards of small unique-label puzzles: exactly the
// whole-board turns of the planted solution that keep the board's shape.
func TestGenerateUniqueOnlySolutions(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		want       int
	}{
		{name: "1x3 (0 and 180°)", rows: 1, cols: 3, want: 2},
		{name: "3x1 (0 and 180°)", rows: 3, cols: 1, want: 2},
		{name: "2x2 (four turns)", rows: 2, cols: 2, want: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := puzzle.GenerateUnique(tt.rows, tt.cols, newRand(7))
			if err != nil {
				t.Fatal(err)
			}
			n := tt.rows * tt.cols
			b := puzzle.NewBoard(tt.rows, tt.cols)
			used := make([]bool, n)
			solutions, boards := 0, 0
			var place func(i int)
			place = func(i int) {
				if i == n {
					boards++
					if puzzle.Mismatches(p, b) == 0 {
						solutions++
					}
					return
				}
				for id := range n {
					if used[id] {
						continue
					}
					used[id] = true
					for r := range puzzle.Rotation(4) {
						b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: r}
						place(i + 1)
					}
					used[id] = false
				}
			}
			place(0)
			if want := puzzle.SearchSpace(n, true); want.Cmp(bigInt(boards)) != 0 {
				t.Errorf("enumerated %d boards, SearchSpace says %v", boards, want)
			}
			if solutions != tt.want {
				t.Errorf("%d solutions, want %d", solutions, tt.want)
			}
		})
	}
}

func TestGenerateShapes(t *testing.T) {
	for _, pairs := range []int{0, 1, 3, 1000} {
		for _, sz := range genSizes {
			t.Run(fmt.Sprintf("pairs=%d/%dx%d", pairs, sz.rows, sz.cols), func(t *testing.T) {
				want := pairs
				if pairs <= 0 {
					want = puzzle.ShapePairs(sz.rows * sz.cols)
				}
				for seed := range uint64(genSeeds) {
					p, b, err := puzzle.GenerateShapes(sz.rows, sz.cols, pairs, newRand(seed))
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					checkPlanted(t, p, b, sz.rows, sz.cols, puzzle.Complement)
					for _, j := range genJoins(sz.rows, sz.cols) {
						la, lb := labelsOf(p, j)
						if la != -lb || la == 0 || la < -puzzle.Label(want) || la > puzzle.Label(want) {
							t.Fatalf("seed %d: join %v-%v has %d and %d, want +k and -k with 1 <= k <= %d", seed, j.a, j.b, la, lb, want)
						}
					}
				}
			})
		}
	}
}

// TestGenerateShapesSpread checks, on the Eternity II sized board, that
// every shape and both polarities occur: the draw is not stuck.
func TestGenerateShapesSpread(t *testing.T) {
	const pairs = 5
	p, _, err := puzzle.GenerateShapes(16, 16, pairs, newRand(3))
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[puzzle.Label]bool)
	for _, j := range genJoins(16, 16) {
		la, _ := labelsOf(p, j)
		seen[la] = true
	}
	for k := puzzle.Label(1); k <= pairs; k++ {
		if !seen[k] || !seen[-k] {
			t.Errorf("shape %d: tab on top/left side seen %v, blank seen %v; want both among 480 joins", k, seen[k], seen[-k])
		}
	}
}

func TestShapePairs(t *testing.T) {
	tests := []struct {
		name   string
		pieces int
		want   int
	}{
		{name: "none", pieces: 0, want: 1},
		{name: "negative", pieces: -3, want: 1},
		{name: "one", pieces: 1, want: 1},
		{name: "six", pieces: 6, want: 1},
		{name: "seven", pieces: 7, want: 2},
		{name: "twelve", pieces: 12, want: 2},
		// Seed 004 line 77: the 4x5 development puzzle, one sixth of 20 rounded up.
		{name: "4x5", pieces: 20, want: 4},
		{name: "16x16", pieces: 256, want: 43},
		{name: "100x100", pieces: 10000, want: 1667},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := puzzle.ShapePairs(tt.pieces); got != tt.want {
				t.Errorf("ShapePairs(%d) = %d, want %d", tt.pieces, got, tt.want)
			}
		})
	}
}

// alongFrameJoin says independently of the generator which joins run along
// the frame: a left-right join in the top or bottom row, or a top-bottom
// join in the leftmost or rightmost column.
func alongFrameJoin(rows, cols int, j genJoin) bool {
	if j.side == puzzle.Right {
		return j.a.Row == 0 || j.a.Row == rows-1
	}
	return j.a.Col == 0 || j.a.Col == cols-1
}

func TestGenerateColours(t *testing.T) {
	tests := []struct {
		name          string
		rows, cols    int
		frame, inner  int
		frameJoins    int
		innerJoins    int
		allColoursSet bool
	}{
		{name: "1x1 needs no colours", rows: 1, cols: 1, frameJoins: 0, innerJoins: 0},
		{name: "1x7 is all frame", rows: 1, cols: 7, frame: 3, frameJoins: 6},
		{name: "7x1 is all frame", rows: 7, cols: 1, frame: 3, frameJoins: 6},
		{name: "2x2 is all frame", rows: 2, cols: 2, frame: 2, frameJoins: 4},
		{name: "2x3 has one inner join", rows: 2, cols: 3, frame: 2, inner: 1, frameJoins: 6, innerJoins: 1},
		{name: "3x3", rows: 3, cols: 3, frame: 2, inner: 3, frameJoins: 8, innerJoins: 4},
		{name: "5x7", rows: 5, cols: 7, frame: 4, inner: 6, frameJoins: 20, innerJoins: 38},
		// Eternity II: 5 frame and 17 inner colours, 22 in all (seed 001 line 149); 60 frame
		// and 420 inner joins out of 480 (seed 001 line 139; histogram in the seed 001 notes).
		{name: "Eternity II 16x16", rows: 16, cols: 16, frame: 5, inner: 17, frameJoins: 60, innerJoins: 420, allColoursSet: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(genSeeds) {
				p, b, err := puzzle.GenerateColours(tt.rows, tt.cols, tt.frame, tt.inner, newRand(seed))
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkPlanted(t, p, b, tt.rows, tt.cols, puzzle.Equal)
				frameJoins, innerJoins := 0, 0
				frameSeen := make(map[puzzle.Label]bool)
				innerSeen := make(map[puzzle.Label]bool)
				for _, j := range genJoins(tt.rows, tt.cols) {
					la, lb := labelsOf(p, j)
					if la != lb {
						t.Fatalf("seed %d: join %v-%v has colours %d and %d", seed, j.a, j.b, la, lb)
					}
					if alongFrameJoin(tt.rows, tt.cols, j) {
						frameJoins++
						frameSeen[la] = true
						if la < 1 || int(la) > tt.frame {
							t.Fatalf("seed %d: frame join %v-%v has colour %d, want 1 to %d", seed, j.a, j.b, la, tt.frame)
						}
					} else {
						innerJoins++
						innerSeen[la] = true
						if int(la) <= tt.frame || int(la) > tt.frame+tt.inner {
							t.Fatalf("seed %d: inner join %v-%v has colour %d, want %d to %d", seed, j.a, j.b, la, tt.frame+1, tt.frame+tt.inner)
						}
					}
				}
				if frameJoins != tt.frameJoins || innerJoins != tt.innerJoins {
					t.Errorf("%d frame and %d inner joins, want %d and %d", frameJoins, innerJoins, tt.frameJoins, tt.innerJoins)
				}
				if tt.allColoursSet && (len(frameSeen) != tt.frame || len(innerSeen) != tt.inner) {
					t.Errorf("seed %d: %d frame and %d inner colours used, want all %d and %d", seed, len(frameSeen), len(innerSeen), tt.frame, tt.inner)
				}
			}
		})
	}
}

func TestGenerateErrors(t *testing.T) {
	rng := newRand(1)
	tests := []struct {
		name string
		gen  func() (*puzzle.Puzzle, *puzzle.Board, error)
		want string // a fragment the error must contain
	}{
		{"unique zero rows", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateUnique(0, 3, rng) }, "0 rows"},
		{"unique negative cols", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateUnique(3, -1, rng) }, "-1 columns"},
		{"unique too large", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateUnique(1<<13, 1<<12, rng) }, "8192×4096"},
		{"unique nil rng", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateUnique(2, 2, nil) }, "nil random source"},
		{"shapes zero cols", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateShapes(2, 0, 3, rng) }, "0 columns"},
		{"shapes nil rng", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateShapes(2, 2, 3, nil) }, "nil random source"},
		{"shapes too many pairs", func() (*puzzle.Puzzle, *puzzle.Board, error) {
			tooMany := int64(math.MaxInt32) + 1 // one more than a Label holds
			return puzzle.GenerateShapes(2, 2, int(tooMany), rng)
		}, "2147483648 shape pairs"},
		{"colours zero rows", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(0, 0, 1, 1, rng) }, "0 rows"},
		{"colours no frame colour", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(3, 3, 0, 2, rng) }, "8 joins along its frame"},
		{"colours no frame colour in a row", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(1, 4, 0, 2, rng) }, "frameColours must be at least 1"},
		{"colours no inner colour", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(3, 3, 2, 0, rng) }, "4 inner joins"},
		{"colours negative", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(1, 1, -1, 0, rng) }, "must not be negative"},
		{"colours overflow", func() (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateColours(3, 3, math.MaxInt32, 1, rng)
		}, "do not fit a Label"},
		{"colours nil rng", func() (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateColours(3, 3, 1, 1, nil) }, "nil random source"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.want, "shape pairs") && strconv.IntSize < 64 {
				t.Skip("an int cannot hold more shape pairs than a Label")
			}
			p, b, err := tt.gen()
			if err == nil {
				t.Fatalf("no error, want one containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
			if p != nil || b != nil {
				t.Errorf("got a puzzle or board with the error")
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	gens := []struct {
		name string
		gen  func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error)
	}{
		{"unique", func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) { return puzzle.GenerateUnique(5, 7, rng) }},
		{"shapes", func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateShapes(5, 7, 0, rng)
		}},
		{"colours", func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateColours(5, 7, 3, 4, rng)
		}},
		{"scrambled", func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			p, b, err := puzzle.GenerateUnique(5, 7, rng)
			if err != nil {
				return nil, nil, err
			}
			return puzzle.Scramble(p, b, rng)
		}},
	}
	for _, g := range gens {
		t.Run(g.name, func(t *testing.T) {
			p1, b1, err1 := g.gen(newRand(42))
			p2, b2, err2 := g.gen(newRand(42))
			p3, _, err3 := g.gen(newRand(43))
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatal(err1, err2, err3)
			}
			if !reflect.DeepEqual(p1, p2) || !b1.Equal(b2) {
				t.Errorf("same seed, different puzzles")
			}
			if reflect.DeepEqual(p1, p3) {
				t.Errorf("seeds 42 and 43 give the same puzzle")
			}
		})
	}
}

// TestGenerateLarge checks that a 100×100 puzzle comes out whole; the
// timing target is BenchmarkGenerateShapes.
func TestGenerateLarge(t *testing.T) {
	p, b, err := puzzle.GenerateUnique(100, 100, newRand(5))
	if err != nil {
		t.Fatal(err)
	}
	checkPlanted(t, p, b, 100, 100, puzzle.Equal)
}

// turnedEdges returns what placement pl shows on each side.
func turnedEdges(p *puzzle.Puzzle, pl puzzle.Placement) [4]puzzle.Label {
	return p.Pieces[pl.Piece].Turned(pl.Rotation)
}

func TestScramble(t *testing.T) {
	gens := []struct {
		name string
		gen  func(rows, cols int, rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error)
	}{
		{"unique", puzzle.GenerateUnique},
		{"shapes", func(rows, cols int, rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateShapes(rows, cols, 0, rng)
		}},
		{"colours", func(rows, cols int, rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
			return puzzle.GenerateColours(rows, cols, 3, 4, rng)
		}},
	}
	for _, g := range gens {
		for _, rotatable := range []bool{true, false} {
			for _, sz := range genSizes {
				t.Run(fmt.Sprintf("%s/rotatable=%v/%dx%d", g.name, rotatable, sz.rows, sz.cols), func(t *testing.T) {
					for seed := range uint64(genSeeds) {
						p, b, err := g.gen(sz.rows, sz.cols, newRand(seed))
						if err != nil {
							t.Fatal(err)
						}
						p.Rotatable = rotatable
						q, qb, err := puzzle.Scramble(p, b, newRand(seed+1000))
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						checkScrambled(t, p, b, q, qb)
						for i, pl := range qb.Cells {
							if !rotatable && pl.Rotation != 0 {
								t.Fatalf("seed %d: cell %v holds %v in a puzzle whose pieces may not rotate", seed, qb.CellAt(i), pl)
							}
						}
					}
				})
			}
		}
	}
}

// checkScrambled checks that q, qb is p, b in disguise: same shape and
// rule, a valid cost-0 solution that shows in every cell exactly the labels
// b shows there.
func checkScrambled(t *testing.T, p *puzzle.Puzzle, b *puzzle.Board, q *puzzle.Puzzle, qb *puzzle.Board) {
	t.Helper()
	if err := q.Validate(); err != nil {
		t.Fatalf("scrambled puzzle does not validate: %v", err)
	}
	if err := qb.Validate(q); err != nil {
		t.Fatalf("scrambled solution does not validate: %v", err)
	}
	if q.Rows != p.Rows || q.Cols != p.Cols || q.Rule != p.Rule || q.Rotatable != p.Rotatable || len(q.Pieces) != len(p.Pieces) {
		t.Fatalf("scrambled puzzle %d×%d %v rotatable=%v with %d pieces; want %d×%d %v rotatable=%v with %d",
			q.Rows, q.Cols, q.Rule, q.Rotatable, len(q.Pieces), p.Rows, p.Cols, p.Rule, p.Rotatable, len(p.Pieces))
	}
	if got, want := puzzle.Mismatches(q, qb), puzzle.Mismatches(p, b); got != want {
		t.Errorf("Mismatches after scramble = %d, before %d", got, want)
	}
	for i, pl := range qb.Cells {
		if pl.IsEmpty() != b.Cells[i].IsEmpty() {
			t.Fatalf("cell %v holds %v, was %v", qb.CellAt(i), pl, b.Cells[i])
		}
		if pl.IsEmpty() {
			continue
		}
		if got, want := turnedEdges(q, pl), turnedEdges(p, b.Cells[i]); got != want {
			t.Fatalf("cell %v shows %v after scramble, %v before", qb.CellAt(i), got, want)
		}
	}
}

// TestScrambleMoves checks that a large puzzle's pieces really change
// places and turns.
func TestScrambleMoves(t *testing.T) {
	p, b, err := puzzle.GenerateShapes(10, 10, 0, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	_, qb, err := puzzle.Scramble(p, b, newRand(2))
	if err != nil {
		t.Fatal(err)
	}
	moved, turned := 0, 0
	for i, pl := range qb.Cells {
		if pl.Piece != puzzle.PieceID(i) {
			moved++
		}
		if pl.Rotation != 0 {
			turned++
		}
	}
	// A random shuffle of 100 leaves about 1 in place; random turns leave about 25 unturned.
	if moved < 90 || turned < 50 {
		t.Errorf("%d of 100 pieces moved and %d turned; want at least 90 and 50", moved, turned)
	}
}

func TestScrambleFixed(t *testing.T) {
	t.Run("rotatable", func(t *testing.T) {
		// Scramble once to get turned pieces, pin three of them, scramble again.
		p0, b0, err := puzzle.GenerateUnique(4, 5, newRand(1))
		if err != nil {
			t.Fatal(err)
		}
		p, b, err := puzzle.Scramble(p0, b0, newRand(2))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []puzzle.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: 3, Col: 4}} {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: b.At(c)})
		}
		q, qb, err := puzzle.Scramble(p, b, newRand(3))
		if err != nil {
			t.Fatal(err)
		}
		checkScrambled(t, p, b, q, qb)
		checkFixed(t, p, q, qb)
	})
	t.Run("not rotatable, fixed piece turned", func(t *testing.T) {
		p, b, err := puzzle.GenerateUnique(3, 3, newRand(1))
		if err != nil {
			t.Fatal(err)
		}
		// Store the centre piece upside down and pin it the right way up.
		p.Rotatable = false
		p.Pieces[4].Edges = p.Pieces[4].Turned(2)
		centre := puzzle.Cell{Row: 1, Col: 1}
		b.Set(centre, puzzle.Placement{Piece: 4, Rotation: 2})
		p.Fixed = []puzzle.FixedPiece{{Cell: centre, Placement: b.At(centre)}}
		q, qb, err := puzzle.Scramble(p, b, newRand(2))
		if err != nil {
			t.Fatal(err)
		}
		checkScrambled(t, p, b, q, qb)
		checkFixed(t, p, q, qb)
		if r := q.Fixed[0].Placement.Rotation; r != 2 {
			t.Errorf("fixed centre piece turned by %v, want 180°: pieces of this puzzle may not turn", r)
		}
	})
}

// checkFixed checks that q pins the same cells as p, each to the piece that
// now shows there the same labels, as its solution qb does.
func checkFixed(t *testing.T, p, q *puzzle.Puzzle, qb *puzzle.Board) {
	t.Helper()
	if len(q.Fixed) != len(p.Fixed) {
		t.Fatalf("%d fixed pieces after scramble, %d before", len(q.Fixed), len(p.Fixed))
	}
	for i, f := range q.Fixed {
		old := p.Fixed[i]
		if f.Cell != old.Cell {
			t.Errorf("fixed entry %d moved from %v to %v", i, old.Cell, f.Cell)
		}
		if qb.At(f.Cell) != f.Placement {
			t.Errorf("fixed entry %d pins %v, the solution holds %v there", i, f.Placement, qb.At(f.Cell))
		}
		if got, want := turnedEdges(q, f.Placement), turnedEdges(p, old.Placement); got != want {
			t.Errorf("fixed entry %d shows %v, showed %v", i, got, want)
		}
	}
}

// tile returns a w×h image whose every pixel differs, so any wrong turn
// shows.
func tile(id, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(id), uint8(x), uint8(y), 255})
		}
	}
	return img
}

// samePixels reports whether a and b hold the same colours, position by
// position from their top-left corners.
func samePixels(a, b image.Image) bool {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Dx() != rb.Dx() || ra.Dy() != rb.Dy() {
		return false
	}
	for y := range ra.Dy() {
		for x := range ra.Dx() {
			if a.At(ra.Min.X+x, ra.Min.Y+y) != b.At(rb.Min.X+x, rb.Min.Y+y) {
				return false
			}
		}
	}
	return true
}

func TestScrambleImages(t *testing.T) {
	p, b, err := puzzle.GenerateShapes(3, 4, 0, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Pieces {
		p.Pieces[i].Image = tile(i, 4, 4)
	}
	q, qb, err := puzzle.Scramble(p, b, newRand(2))
	if err != nil {
		t.Fatal(err)
	}
	checkScrambled(t, p, b, q, qb)
	turned := 0
	for i, pl := range qb.Cells {
		if pl.Rotation != 0 {
			turned++
		}
		// Shown as the solution places it, the new piece looks like the old one.
		if got := puzzle.TurnImage(q.Pieces[pl.Piece].Image, pl.Rotation); !samePixels(got, p.Pieces[i].Image) {
			t.Errorf("cell %v: piece %d turned by %v does not show old piece %d's picture", qb.CellAt(i), pl.Piece, pl.Rotation, i)
		}
	}
	if turned == 0 {
		t.Fatalf("no piece turned: the test checks nothing about images")
	}
}

func TestScrambleHolesAndNoSolution(t *testing.T) {
	p, b, err := puzzle.GenerateUnique(3, 3, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	// Drop the last piece: its cell becomes a hole.
	p.Pieces = p.Pieces[:8]
	b.Set(puzzle.Cell{Row: 2, Col: 2}, puzzle.Empty)
	q, qb, err := puzzle.Scramble(p, b, newRand(2))
	if err != nil {
		t.Fatal(err)
	}
	checkScrambled(t, p, b, q, qb)

	q2, qb2, err := puzzle.Scramble(p, nil, newRand(2))
	if err != nil {
		t.Fatal(err)
	}
	if qb2 != nil {
		t.Errorf("nil solution gave board %v", qb2)
	}
	if !reflect.DeepEqual(q, q2) {
		t.Errorf("the puzzle depends on whether a solution was given")
	}
}

func TestScrambleErrors(t *testing.T) {
	p, b, err := puzzle.GenerateUnique(2, 2, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	dup := b.Clone()
	dup.Cells[1] = dup.Cells[0]
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		b    *puzzle.Board
		rng  *rand.Rand
		want string
	}{
		{name: "nil puzzle", p: nil, b: b, rng: newRand(1), want: "nil puzzle"},
		{name: "invalid puzzle", p: &puzzle.Puzzle{Rows: 0, Cols: 2}, b: b, rng: newRand(1), want: "0 rows"},
		{name: "wrong board size", p: p, b: puzzle.NewBoard(3, 3), rng: newRand(1), want: "board is 3×3"},
		{name: "piece twice", p: p, b: dup, rng: newRand(1), want: "placed twice"},
		{name: "nil rng", p: p, b: b, rng: nil, want: "nil random source"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := puzzle.Scramble(tt.p, tt.b, tt.rng)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func BenchmarkGenerateShapes(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := newRand(1)
			for b.Loop() {
				if _, _, err := puzzle.GenerateShapes(n, n, 0, rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
