package eternity

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// The known answers of the shared data's README, and how they read.
//
// The README's solution counts (131 for em_6x6_b3_i5_s1, 100 for
// brendan/set1_06x06) come from Dave Clark's C solver run without a
// target depth. That program raises its target one cell at a time and
// bumps its solution counter each time the search first reaches the new
// depth, then once per complete board: it prints boards + (cells − 1),
// 96 + 35 = 131 and 65 + 35 = 100. Its placement counts (9,544,174 and
// 14,518,615) are honest: a row scan that tries every turn of every piece,
// the pinned corner counted as one placement. Both boards count turns of a
// symmetric piece separately: em_6x6 has a piece of one colour all round,
// so its 96 boards are 24 arrangements of colours, each in the piece's four
// turns.
func TestExactSharedCounts(t *testing.T) {
	tests := []struct {
		name string
		file string
		fold bool
		// boards: solution boards with piece 0 pinned top-left.
		boards uint64
		// nodes: committed placements, the pinned corner included.
		nodes uint64
		// readme: the solution count the data's README quotes.
		readme uint64
	}{
		// 96 and 9,544,174: the README's placements; 96 = 131 − 35.
		{name: "em_6x6 json", file: "generated/em_6x6_b3_i5_s1.json", boards: 96, nodes: 9_544_174, readme: 131},
		{name: "em_6x6 heule", file: "generated/em_6x6_b3_i5_s1.heule.txt", boards: 96, nodes: 9_544_174, readme: 131},
		// Folding tries the one-colour piece in one turn, not four:
		// 6,287,449 placements, measured here, the count unchanged.
		{name: "em_6x6 folded", file: "generated/em_6x6_b3_i5_s1.json", fold: true, boards: 96, nodes: 6_287_449, readme: 131},
		// 65 and 14,518,615: the README's placements; 65 = 100 − 35.
		{name: "brendan 6x6", file: "brendan/set1_06x06.txt", boards: 65, nodes: 14_518_615, readme: 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := loadShared(t, tc.file)
			opts := []ExactOption{ExactPinCorner(0)}
			if tc.fold {
				opts = append(opts, ExactFoldTurns())
			}
			x, err := NewExact(p, opts...)
			if err != nil {
				t.Fatal(err)
			}
			n, st, err := x.Count(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d boards, %d placements in %v (%.1f M/s)", n, st.Nodes, st.Runtime, st.Rate()/1e6)
			if n != tc.boards || st.Nodes != tc.nodes || st.Status != solve.Exhausted {
				t.Errorf("%d boards, %d placements, status %v; want %d, %d, exhausted", n, st.Nodes, st.Status, tc.boards, tc.nodes)
			}
			if got := n + uint64(p.Cells()-1); got != tc.readme {
				t.Errorf("boards + cells − 1 = %d, want the README's %d", got, tc.readme)
			}
		})
	}
}

// TestExactSharedFirst checks the first solutions the shared data's
// README times.
func TestExactSharedFirst(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		opts  []ExactOption
		nodes uint64 // 0: not known in advance
		limit time.Duration
		long  bool
	}{
		// The 7×7 generated board: 42 s for a public Go solver (README);
		// in decreasing piece order this search needs about 5·10⁷
		// placements, under a second.
		{name: "em_7x7 descending", file: "generated/em_7x7_b3_i6_s1.json", opts: []ExactOption{ExactDescending()}, nodes: 50_044_446, limit: 60 * time.Second},
		// bench-easy: 3,577,121,570 placements before the first solution
		// (README), in decreasing piece order.
		{name: "bench-easy descending", file: "bench-easy.json", opts: []ExactOption{ExactDescending()}, nodes: 3_577_121_570, limit: 10 * time.Minute, long: true},
		// Its pieces are numbered in the order of the planted solution,
		// so increasing order walks straight to it: 256 − 18 hints.
		{name: "bench-easy ascending", file: "bench-easy.json", nodes: 238, limit: time.Minute},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && !*long {
				t.Skip("long case: run with -long")
			}
			p := loadShared(t, tc.file)
			x, err := NewExact(p, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), tc.limit)
			defer cancel()
			b, st, err := x.First(ctx)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d placements in %v (%.1f M/s), status %v", st.Nodes, st.Runtime, st.Rate()/1e6, st.Status)
			if b == nil {
				t.Fatalf("no solution: status %v", st.Status)
			}
			if err := b.Validate(p); err != nil || puzzle.Mismatches(p, b) != 0 || b.Placed() != p.Cells() {
				t.Fatalf("the board is not a solution (%v):\n%v", err, b)
			}
			if tc.nodes != 0 && st.Nodes != tc.nodes {
				t.Errorf("%d placements, want %d", st.Nodes, tc.nodes)
			}
		})
	}
}

// TestExactCountsAgree compares the counts with the general backtracking
// solver's on generated colour puzzles, with and without hints, pins,
// folding and turning.
func TestExactCountsAgree(t *testing.T) {
	tests := []struct {
		name              string
		rows, cols        int
		frame, inner      int
		seed              uint64
		fixed, notRotated bool
	}{
		{name: "3x3 2/2", rows: 3, cols: 3, frame: 2, inner: 2, seed: 1},
		{name: "4x4 2/3", rows: 4, cols: 4, frame: 2, inner: 3, seed: 2},
		{name: "3x5 2/3", rows: 3, cols: 5, frame: 2, inner: 3, seed: 3},
		{name: "4x4 2/3 fixed", rows: 4, cols: 4, frame: 2, inner: 3, seed: 4, fixed: true},
		{name: "4x4 1/2 not rotated", rows: 4, cols: 4, frame: 1, inner: 2, seed: 5, notRotated: true},
		{name: "1x5 2/2", rows: 1, cols: 5, frame: 2, inner: 2, seed: 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(tc.seed, 7))
			p, sol, err := puzzle.GenerateColours(tc.rows, tc.cols, tc.frame, tc.inner, rng)
			if err != nil {
				t.Fatal(err)
			}
			if tc.fixed {
				c := puzzle.Cell{Row: 1, Col: 2}
				p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
			}
			if tc.notRotated {
				p.Rotatable = false
			}
			want, err := backtrack.New().Count(context.Background(), solve.Problem{Puzzle: p})
			if err != nil {
				t.Fatal(err)
			}
			if want.Raw < 1 && !tc.notRotated {
				t.Fatalf("the planted solution is not counted: %+v", want)
			}
			for _, fold := range []bool{false, true} {
				var opts []ExactOption
				if fold {
					opts = append(opts, ExactFoldTurns())
				}
				x, err := NewExact(p, opts...)
				if err != nil {
					t.Fatal(err)
				}
				got, st, err := x.Count(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if int64(got) != want.Raw || st.Status != solve.Exhausted {
					t.Errorf("fold %v: %d boards (%v), want %d", fold, got, st.Status, want.Raw)
				}
			}
		})
	}
}

// TestExactPinFoldsBoardTurns checks that a pinned count is the count up
// to whole-board turns on a square board.
func TestExactPinFoldsBoardTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 7))
	p, _, err := puzzle.GenerateColours(4, 4, 2, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	all, _, err := x.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var pinned uint64
	for id := range p.Pieces {
		if _, ok := cornerTurn(p, puzzle.PieceID(id)); !ok {
			continue
		}
		xp, err := NewExact(p, ExactPinCorner(puzzle.PieceID(id)))
		if err != nil {
			t.Fatal(err)
		}
		n, _, err := xp.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if pinned == 0 {
			pinned = n
		}
		if n != pinned {
			t.Errorf("pinning corner piece %d gives %d boards, another corner %d", id, n, pinned)
		}
	}
	if all == 0 || all != 4*pinned {
		t.Errorf("%d boards in all, %d with a corner pinned: want four times as many", all, pinned)
	}
}

func TestNewExactErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 7))
	p, sol, err := puzzle.GenerateColours(3, 3, 2, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	corner := sol.At(puzzle.Cell{}).Piece
	centre := sol.At(puzzle.Cell{Row: 1, Col: 1}).Piece
	holes := p.Clone()
	holes.Pieces = holes.Pieces[:8]
	fixedCorner := p.Clone()
	fixedCorner.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: sol.At(puzzle.Cell{})}}
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		opts []ExactOption
		want string // part of the error
	}{
		{name: "invalid puzzle", p: &puzzle.Puzzle{}, want: "rows"},
		{name: "holes", p: holes, want: "8 pieces for 9 cells"},
		{name: "pin a centre piece", p: p, opts: []ExactOption{ExactPinCorner(centre)}, want: "not a corner piece"},
		{name: "pin an unknown piece", p: p, opts: []ExactOption{ExactPinCorner(9)}, want: "pieces are 0 to 8"},
		{name: "pin on a fixed cell", p: fixedCorner, opts: []ExactOption{ExactPinCorner(centre)}, want: "is fixed there"},
		{name: "pin a fixed piece", p: fixedCorner, opts: []ExactOption{ExactPinCorner(corner)}, want: "is fixed there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewExact(tc.p, tc.opts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// TestExactClashingHints checks that fixed pieces that do not fit leave
// no solution, rather than an error.
func TestExactClashingHints(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 7))
	p, sol, err := puzzle.GenerateColours(3, 3, 2, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	// The top-left corner piece, fixed in the centre, fits no join.
	p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: sol.At(puzzle.Cell{})}}
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	n, st, err := x.Count(context.Background())
	if err != nil || n != 0 || st.Status != solve.Exhausted || st.Nodes != 0 {
		t.Errorf("count %d, stats %+v, error %v; want 0 boards, no placement, exhausted", n, st, err)
	}
	if b, st, _ := x.First(context.Background()); b != nil || st.Status != solve.Exhausted {
		t.Errorf("First found %v, status %v; want none, exhausted", b, st.Status)
	}
}

func TestExactCanceled(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 7))
	p, _, err := puzzle.GenerateColours(12, 12, 1, 1, rng)
	if err != nil {
		t.Fatal(err)
	}
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, st, err := x.Count(ctx)
	if err != nil || st.Status != solve.Canceled {
		t.Fatalf("status %v, error %v; want canceled", st.Status, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the count ended %v after it began, with a 20ms deadline", d)
	}
	//lint:ignore SA1012 a nil context is the error checked here
	if _, _, err := x.Count(nil); err == nil {
		t.Error("Count accepted a nil context")
	}
}

// BenchmarkExact measures the placements per second of the shared
// targets.
func BenchmarkExact(b *testing.B) {
	cases := []struct {
		name  string
		file  string
		opts  []ExactOption
		count bool
	}{
		{name: "count em_6x6 pinned", file: "generated/em_6x6_b3_i5_s1.json", opts: []ExactOption{ExactPinCorner(0)}, count: true},
		{name: "count brendan 6x6 pinned", file: "brendan/set1_06x06.txt", opts: []ExactOption{ExactPinCorner(0)}, count: true},
		{name: "first em_7x7 descending", file: "generated/em_7x7_b3_i6_s1.json", opts: []ExactOption{ExactDescending()}},
		{name: "first bench-easy descending", file: "bench-easy.json", opts: []ExactOption{ExactDescending()}},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			x, err := NewExact(loadShared(b, bc.file), bc.opts...)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			var spent time.Duration
			for b.Loop() {
				var st ExactStats
				if bc.count {
					_, st, err = x.Count(context.Background())
				} else {
					_, st, err = x.First(context.Background())
				}
				if err != nil {
					b.Fatal(err)
				}
				nodes += st.Nodes
				spent += st.Runtime
			}
			b.ReportMetric(float64(nodes)/spent.Seconds()/1e6, "Mplacements/s")
		})
	}
}
