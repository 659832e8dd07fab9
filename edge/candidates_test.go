package edge_test

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// bruteFitting lists the oriented pieces of p that satisfy n by trying every
// piece in every rotation p allows.
func bruteFitting(p *puzzle.Puzzle, n edge.Need) []puzzle.Placement {
	var out []puzzle.Placement
	for i := range p.Pieces {
		for _, r := range p.Turns() {
			ok := true
			for _, s := range puzzle.Sides {
				if n[s] != edge.Any && p.Pieces[i].Edge(r, s) != n[s] {
					ok = false
				}
			}
			if ok {
				out = append(out, pl(puzzle.PieceID(i), r))
			}
		}
	}
	return out
}

// sorted returns a sorted copy, so that lists are compared as sets: the
// index promises which pieces, not in what order.
func sorted(ps []puzzle.Placement) []puzzle.Placement {
	out := slices.Clone(ps)
	slices.SortFunc(out, func(a, b puzzle.Placement) int {
		return cmp.Or(cmp.Compare(a.Piece, b.Piece), cmp.Compare(a.Rotation, b.Rotation))
	})
	return out
}

// variants are the puzzles the randomized index tests run on.
var variants = []struct {
	name      string
	rule      puzzle.MatchRule
	rotatable bool
}{
	{"equal rotatable", puzzle.Equal, true},
	{"equal fixed orientation", puzzle.Equal, false},
	{"complement rotatable", puzzle.Complement, true},
	{"complement fixed orientation", puzzle.Complement, false},
}

// The randomized index tests use 6×7 boards with 3 label kinds: 42 pieces
// sharing few labels, so lists are long and hold several rotations of one
// piece.
const (
	testRows, testCols, testKinds = 6, 7, 3
	needsPerCase                  = 300
)

func TestLeftTopBruteForce(t *testing.T) {
	for seed, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			rng := newRand(uint64(100 + seed))
			p, _ := planted(rng, testRows, testCols, v.rule, testKinds, v.rotatable)
			c, err := edge.NewCandidates(p)
			if err != nil {
				t.Fatal(err)
			}
			found := 0
			for range needsPerCase {
				// Labels from -(kinds+1) to kinds+1 include flat sides and
				// labels no piece carries.
				left := puzzle.Label(rng.IntN(2*testKinds+3) - testKinds - 1)
				top := puzzle.Label(rng.IntN(2*testKinds+3) - testKinds - 1)
				n := edge.Need{top, edge.Any, edge.Any, left}
				got, want := c.LeftTop(left, top), bruteFitting(p, n)
				if !slices.Equal(sorted(got), want) {
					t.Fatalf("LeftTop(%d, %d) = %v, want %v", left, top, sorted(got), want)
				}
				found += len(got)
			}
			if found == 0 {
				t.Error("no look-up found a piece; the test compared only empty lists")
			}
		})
	}
}

// TestFittingBruteForce checks, for every subset of known sides, that Base
// filtered by Satisfies, AppendFitting and a brute-force scan agree.
func TestFittingBruteForce(t *testing.T) {
	for seed, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			rng := newRand(uint64(200 + seed))
			p, _ := planted(rng, testRows, testCols, v.rule, testKinds, v.rotatable)
			c, err := edge.NewCandidates(p)
			if err != nil {
				t.Fatal(err)
			}
			turns := p.Turns()
			for mask := range 16 {
				found := 0
				for i := range needsPerCase / 4 {
					// Half the needs copy an oriented piece, so they have
					// at least one fit; half are drawn at random.
					var shown [4]puzzle.Label
					if i%2 == 0 {
						shown = p.Pieces[rng.IntN(len(p.Pieces))].Turned(turns[rng.IntN(len(turns))])
					} else {
						for s := range shown {
							shown[s] = puzzle.Label(rng.IntN(2*testKinds+1) - testKinds)
						}
					}
					n := edge.Free
					for _, s := range puzzle.Sides {
						if mask&(1<<s) != 0 {
							n[s] = shown[s]
						}
					}
					want := bruteFitting(p, n)
					found += len(want)

					base := c.Base(n)
					var filtered []puzzle.Placement
					for _, x := range base {
						if c.Satisfies(x, n) {
							filtered = append(filtered, x)
						}
					}
					if got := sorted(filtered); !slices.Equal(got, want) {
						t.Fatalf("need %v: Base+Satisfies = %v, want %v", n, got, want)
					}
					// With at most two known sides the index is keyed on
					// all of them, so Base holds nothing else.
					if n.Known() <= 2 && len(base) != len(want) {
						t.Errorf("need %v: Base has %d placements, want exactly the %d fits", n, len(base), len(want))
					}

					prefix := []puzzle.Placement{pl(99, 3)} // AppendFitting must keep what dst holds
					got := c.AppendFitting(prefix, n)
					if len(got) == 0 || got[0] != prefix[0] {
						t.Fatalf("need %v: AppendFitting lost the head of dst: %v", n, got)
					}
					if got := sorted(got[1:]); !slices.Equal(got, want) {
						t.Fatalf("need %v: AppendFitting = %v, want %v", n, got, want)
					}
				}
				if found == 0 {
					t.Errorf("sides %04b: no need had a fit; the test compared only empty lists", mask)
				}
			}
		})
	}
}

// TestSharedListsSurviveAppend appends to every list the index hands out,
// as a caller building on a result might, and checks that no look-up sees the
// appended placements: the lists share storage and must not grow into each
// other.
func TestSharedListsSurviveAppend(t *testing.T) {
	rng := newRand(400)
	p, _ := planted(rng, testRows, testCols, puzzle.Complement, testKinds, true)
	c, err := edge.NewCandidates(p)
	if err != nil {
		t.Fatal(err)
	}
	stray := pl(puzzle.PieceID(len(p.Pieces)), 0) // no such piece
	var needs []edge.Need
	for i := range p.Pieces {
		for r := range puzzle.Rotation(4) {
			e := p.Pieces[i].Turned(r)
			needs = append(needs,
				edge.Need{e[puzzle.Top], edge.Any, edge.Any, e[puzzle.Left]},
				edge.Need{edge.Any, e[puzzle.Right], edge.Any, edge.Any},
				edge.Need{e[puzzle.Top], edge.Any, e[puzzle.Bottom], edge.Any})
		}
	}
	for _, n := range needs {
		_ = append(c.LeftTop(n[puzzle.Left], n[puzzle.Top]), stray)
		_ = append(c.Base(n), stray)
	}
	_ = append(c.Base(edge.Free), stray)
	for _, n := range needs {
		if got, want := sorted(c.AppendFitting(nil, n)), bruteFitting(p, n); !slices.Equal(got, want) {
			t.Fatalf("need %v after appends: AppendFitting = %v, want %v", n, got, want)
		}
		if slices.Contains(c.Base(n), stray) {
			t.Fatalf("need %v after appends: Base holds the appended %v", n, stray)
		}
	}
}

func TestSatisfies(t *testing.T) {
	c, err := edge.NewCandidates(handPuzzle(puzzle.Complement, true))
	if err != nil {
		t.Fatal(err)
	}
	// Piece 1 is 0 0 +3 -1; turned by 1 it shows -1 0 0 +3.
	tests := []struct {
		name string
		pl   puzzle.Placement
		n    edge.Need
		want bool
	}{
		{"free", pl(1, 0), edge.Free, true},
		{"all four sides", pl(1, 0), edge.Need{0, 0, 3, -1}, true},
		{"one side wrong", pl(1, 0), edge.Need{0, 0, 3, 1}, false},
		{"turned, all four sides", pl(1, 1), edge.Need{-1, 0, 0, 3}, true},
		{"turned, unturned labels", pl(1, 1), edge.Need{0, 0, 3, -1}, false},
		{"turned, one side known", pl(1, 1), edge.Need{edge.Any, edge.Any, edge.Any, 3}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Satisfies(tt.pl, tt.n); got != tt.want {
				t.Errorf("Satisfies(%v, %v) = %v, want %v", tt.pl, tt.n, got, tt.want)
			}
		})
	}
}

func TestNeedKnownString(t *testing.T) {
	tests := []struct {
		name  string
		n     edge.Need
		known int
		str   string
	}{
		{"free", edge.Free, 0, "[* * * *]"},
		{"corner", edge.Need{puzzle.Flat, edge.Any, edge.Any, puzzle.Flat}, 2, "[0 * * 0]"},
		{"three sides", edge.Need{-3, 5, edge.Any, 7}, 3, "[-3 5 * 7]"},
		{"all sides", edge.Need{1, -2, 3, -4}, 4, "[1 -2 3 -4]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.n.Known(); got != tt.known {
				t.Errorf("Known() = %d, want %d", got, tt.known)
			}
			if got := tt.n.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
		})
	}
}

func TestNeedAt(t *testing.T) {
	const A = edge.Any
	tests := []struct {
		name   string
		rule   puzzle.MatchRule
		b      *puzzle.Board
		cell   puzzle.Cell
		want   edge.Need
		wantOK bool
	}{
		{
			name: "empty corner gives flat rim sides",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{hole, hole}, []puzzle.Placement{hole, hole}),
			cell: puzzle.Cell{Row: 0, Col: 0}, want: edge.Need{0, A, A, 0}, wantOK: true,
		},
		{
			name: "inner cell among holes is free",
			rule: puzzle.Complement,
			b:    puzzle.NewBoard(3, 3),
			cell: puzzle.Cell{Row: 1, Col: 1}, want: edge.Free, wantOK: true,
		},
		{
			name: "complement: left neighbour's tab needs a blank",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{pl(0, 0), hole}, []puzzle.Placement{hole, hole}),
			cell: puzzle.Cell{Row: 0, Col: 1}, want: edge.Need{0, 0, A, -1}, wantOK: true,
		},
		{
			name: "complement: last cell of the solution needs piece 3",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{pl(0, 0), pl(1, 0)}, []puzzle.Placement{pl(2, 0), hole}),
			cell: puzzle.Cell{Row: 1, Col: 1}, want: handEdges[3], wantOK: true,
		},
		{
			name: "equal: last cell of the solution needs the same labels",
			rule: puzzle.Equal,
			b:    board([]puzzle.Placement{pl(0, 0), pl(1, 0)}, []puzzle.Placement{pl(2, 0), hole}),
			cell: puzzle.Cell{Row: 1, Col: 1}, want: edge.Need{3, 0, 0, 4}, wantOK: true,
		},
		{
			name: "hole neighbour gives Any",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{pl(0, 0), hole}, []puzzle.Placement{pl(2, 0), hole}),
			cell: puzzle.Cell{Row: 1, Col: 1}, want: edge.Need{A, 0, 0, -4}, wantOK: true,
		},
		{
			name: "flat side toward the cell fits nothing",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{pl(1, 0), hole}, []puzzle.Placement{hole, hole}),
			cell: puzzle.Cell{Row: 0, Col: 1}, wantOK: false,
		},
		// Piece 0 (0 +1 +2 0) turned by 1 shows 0 0 +1 +2.
		{
			name: "turned neighbour above",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{hole, pl(0, 1), hole}, []puzzle.Placement{hole, hole, hole}, []puzzle.Placement{hole, hole, hole}),
			cell: puzzle.Cell{Row: 1, Col: 1}, want: edge.Need{-1, A, A, A}, wantOK: true,
		},
		{
			name: "turned neighbour to the right",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{hole, pl(0, 1), hole}, []puzzle.Placement{hole, hole, hole}, []puzzle.Placement{hole, hole, hole}),
			cell: puzzle.Cell{Row: 0, Col: 0}, want: edge.Need{0, -2, A, 0}, wantOK: true,
		},
		{
			name: "turned neighbour shows a flat side to the left",
			rule: puzzle.Complement,
			b:    board([]puzzle.Placement{hole, pl(0, 1), hole}, []puzzle.Placement{hole, hole, hole}, []puzzle.Placement{hole, hole, hole}),
			cell: puzzle.Cell{Row: 0, Col: 2}, wantOK: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := edge.NewCandidates(handPuzzle(tt.rule, true))
			if err != nil {
				t.Fatal(err)
			}
			got, ok := c.NeedAt(tt.b, tt.cell)
			if ok != tt.wantOK {
				t.Fatalf("NeedAt(%v) ok = %v, want %v (need %v)", tt.cell, ok, tt.wantOK, got)
			}
			if ok && got != tt.want {
				t.Errorf("NeedAt(%v) = %v, want %v", tt.cell, got, tt.want)
			}
		})
	}
}

// TestNeedAtFindsSolution empties cells of planted solutions one at a time
// and checks that the piece taken out is among the fits of its cell, fully
// constrained by rim and neighbours.
func TestNeedAtFindsSolution(t *testing.T) {
	for seed, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			p, sol := planted(newRand(uint64(300+seed)), testRows, testCols, v.rule, testKinds, v.rotatable)
			c, err := edge.NewCandidates(p)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range sol.Cells {
				b := sol.Clone()
				b.Cells[i] = puzzle.Empty
				cell := b.CellAt(i)
				n, ok := c.NeedAt(b, cell)
				if !ok || n.Known() != 4 {
					t.Fatalf("cell %v: NeedAt = %v, %v; want four known sides", cell, n, ok)
				}
				if fits := c.AppendFitting(nil, n); !slices.Contains(fits, want) {
					t.Errorf("cell %v: need %v: fits %v lack the solution's %v", cell, n, fits, want)
				}
			}
		})
	}
}

func TestNotRotatableIndexesRotationZero(t *testing.T) {
	p := handPuzzle(puzzle.Complement, false)
	c, err := edge.NewCandidates(p)
	if err != nil {
		t.Fatal(err)
	}
	all := c.AppendFitting(nil, edge.Free)
	if want := []puzzle.Placement{pl(0, 0), pl(1, 0), pl(2, 0), pl(3, 0)}; !slices.Equal(sorted(all), want) {
		t.Errorf("AppendFitting(Free) = %v, want %v", all, want)
	}
	// Piece 1 turned by 3 would show flat left and top sides; unturned only
	// piece 0 does.
	if got, want := c.LeftTop(puzzle.Flat, puzzle.Flat), []puzzle.Placement{pl(0, 0)}; !slices.Equal(got, want) {
		t.Errorf("LeftTop(flat, flat) = %v, want %v", got, want)
	}

	p.Rotatable = true
	c, err = edge.NewCandidates(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(c.AppendFitting(nil, edge.Free)); got != 4*len(p.Pieces) {
		t.Errorf("rotatable: AppendFitting(Free) has %d placements, want %d", got, 4*len(p.Pieces))
	}
}

func TestCandidatesLabels(t *testing.T) {
	p := handPuzzle(puzzle.Equal, true)
	c, err := edge.NewCandidates(p)
	if err != nil {
		t.Fatal(err)
	}
	l := c.Labels()
	if l.Rule() != puzzle.Equal || l.Pieces() != len(p.Pieces) {
		t.Errorf("Labels() has rule %v and %d pieces, want %v and %d", l.Rule(), l.Pieces(), puzzle.Equal, len(p.Pieces))
	}
}

// The benchmarks index a 50×50 rotatable tab-and-blank puzzle with 8 label
// kinds (16 labels and flat): 10,000 oriented pieces.
const benchSide, benchKinds = 50, 8

// benchNeeds returns needs copied from random oriented pieces, with the first
// known sides of (left, top, right, bottom) constrained: the order a row scan
// meets them.
func benchNeeds(p *puzzle.Puzzle, known int) []edge.Need {
	rng := newRand(42)
	order := [4]puzzle.Side{puzzle.Left, puzzle.Top, puzzle.Right, puzzle.Bottom}
	needs := make([]edge.Need, 1024)
	for i := range needs {
		shown := p.Pieces[rng.IntN(len(p.Pieces))].Turned(puzzle.Rotation(rng.IntN(4)))
		needs[i] = edge.Free
		for _, s := range order[:known] {
			needs[i][s] = shown[s]
		}
	}
	return needs
}

func benchCandidates(b *testing.B) (*puzzle.Puzzle, *edge.Candidates) {
	p, _ := planted(newRand(7), benchSide, benchSide, puzzle.Complement, benchKinds, true)
	c, err := edge.NewCandidates(p)
	if err != nil {
		b.Fatal(err)
	}
	return p, c
}

func BenchmarkLeftTop(b *testing.B) {
	p, c := benchCandidates(b)
	needs := benchNeeds(p, 2)
	total, i := 0, 0
	for b.Loop() {
		n := needs[i&1023]
		total += len(c.LeftTop(n[puzzle.Left], n[puzzle.Top]))
		i++
	}
	b.ReportMetric(float64(total)/float64(i), "fits/op")
}

func BenchmarkAppendFitting(b *testing.B) {
	p, c := benchCandidates(b)
	for known := range 5 {
		b.Run(fmt.Sprintf("known=%d", known), func(b *testing.B) {
			needs := benchNeeds(p, known)
			var dst []puzzle.Placement
			total, i := 0, 0
			for b.Loop() {
				dst = c.AppendFitting(dst[:0], needs[i&1023])
				total += len(dst)
				i++
			}
			b.ReportMetric(float64(total)/float64(i), "fits/op")
		})
	}
}
