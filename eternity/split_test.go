package eternity

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// splitPuzzle is a generated 4×4 colour puzzle with many solutions
// (10,752), so that every split depth has several branches.
func splitPuzzle(t testing.TB) *puzzle.Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(21, 7))
	p, _, err := puzzle.GenerateColours(4, 4, 2, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSplitSumsToCount(t *testing.T) {
	p := splitPuzzle(t)
	fixed := p.Clone()
	fixed.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 1}, Placement: mustFirst(t, p).At(puzzle.Cell{Row: 0, Col: 1})}}
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		opts []ExactOption
	}{
		{name: "plain", p: p},
		{name: "folded", p: p, opts: []ExactOption{ExactFoldTurns()}},
		{name: "hint in the first row", p: fixed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := NewExact(tc.p, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			want, wantSt, err := x.Count(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if want == 0 {
				t.Fatal("the puzzle has no solution to split")
			}
			for _, depth := range []int{0, 1, 2, 5, x.Depth(), x.Depth() + 3} {
				branches, st, err := x.Split(context.Background(), depth)
				if err != nil {
					t.Fatal(err)
				}
				if st.Status != solve.Exhausted {
					t.Errorf("depth %d: split status %v", depth, st.Status)
				}
				count, nodes := uint64(0), st.Nodes
				for i, b := range branches {
					if got := len(b.Prefix()); got != min(depth, x.Depth()) {
						t.Errorf("depth %d: branch %d has a prefix of %d", depth, i, got)
					}
					n, bst, err := b.Run(context.Background())
					if err != nil || bst.Status != solve.Exhausted || !b.Done() {
						t.Fatalf("depth %d branch %d: status %v, error %v", depth, i, bst.Status, err)
					}
					count += n
					nodes += bst.Nodes
				}
				if count != want || nodes != wantSt.Nodes {
					t.Errorf("depth %d: %d branches sum to %d boards and %d placements; the whole search %d and %d", depth, len(branches), count, nodes, want, wantSt.Nodes)
				}
			}
		})
	}
}

// mustFirst returns the first solution of p.
func mustFirst(t testing.TB, p *puzzle.Puzzle) *puzzle.Board {
	t.Helper()
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := x.First(context.Background())
	if err != nil || b == nil {
		t.Fatalf("no first solution: %v", err)
	}
	return b
}

// TestBranchPrefixIsHints checks that a branch's prefix, added to the
// puzzle's fixed pieces, gives a puzzle with the branch's count.
func TestBranchPrefixIsHints(t *testing.T) {
	p := splitPuzzle(t)
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	branches, _, err := x.Split(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range branches[:min(4, len(branches))] {
		n, _, err := b.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		q := p.Clone()
		q.Fixed = append(q.Fixed, b.Prefix()...)
		xq, err := NewExact(q)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := xq.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if m != n {
			t.Errorf("branch %d counts %d; its prefix as hints gives %d", i, n, m)
		}
	}
}

// TestBranchResume stops a branch again and again, carrying it across
// each stop as JSON, and checks that it ends with the count and nodes of
// a branch run straight through.
func TestBranchResume(t *testing.T) {
	p := splitPuzzle(t)
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	straight, _, err := x.Split(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	broken, _, err := x.Split(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for i := range straight {
		want, wantSt, err := straight[i].Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		b := broken[i]
		stops := 0
		for !b.Done() {
			// Stop after 997 placements: a prime, so that the stops
			// fall at every kind of point of the search.
			b.s.window = 997
			b.s.tick = func(*search) int64 { return 0 }
			if _, st, err := b.Run(context.Background()); err != nil || (st.Status != solve.Canceled && st.Status != solve.Exhausted) {
				t.Fatalf("branch %d: status %v, error %v", i, st.Status, err)
			}
			data, err := json.Marshal(b.Checkpoint())
			if err != nil {
				t.Fatal(err)
			}
			var cp Checkpoint
			if err := json.Unmarshal(data, &cp); err != nil {
				t.Fatal(err)
			}
			if b, err = x.Resume(cp); err != nil {
				t.Fatalf("branch %d, stop %d: %v", i, stops, err)
			}
			stops++
		}
		total += stops
		got, st, err := b.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got != want || st.Nodes != wantSt.Nodes || st.Status != solve.Exhausted {
			t.Errorf("branch %d resumed %d times: %d boards, %d placements, %v; straight through %d and %d", i, stops, got, st.Nodes, st.Status, want, wantSt.Nodes)
		}
	}
	if total < 10*len(straight) {
		t.Errorf("%d stops over %d branches: the test stops too rarely to test resuming", total, len(straight))
	}
}

func TestResumeRejects(t *testing.T) {
	p := splitPuzzle(t)
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	other, err := NewExact(p, ExactFoldTurns())
	if err != nil {
		t.Fatal(err)
	}
	branches, _, err := x.Split(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	good := branches[0].Checkpoint()
	edit := func(f func(cp *Checkpoint)) Checkpoint {
		cp := good
		cp.Stack = append([]int32(nil), good.Stack...)
		f(&cp)
		return cp
	}
	tests := []struct {
		name string
		x    *Exact
		cp   Checkpoint
		want string
	}{
		{name: "other options", x: other, cp: good, want: "another puzzle or other options"},
		{name: "prefix past the stack", x: x, cp: edit(func(cp *Checkpoint) { cp.Prefix = 5 }), want: "prefix of 5"},
		{name: "piece twice", x: x, cp: edit(func(cp *Checkpoint) { cp.Stack[1] = cp.Stack[0] }), want: "does not fit"},
		{name: "unknown piece", x: x, cp: edit(func(cp *Checkpoint) { cp.Stack[1] = 4000 }), want: "does not fit"},
		{name: "next out of range", x: x, cp: edit(func(cp *Checkpoint) { cp.Next = 1000 }), want: "next candidate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.x.Resume(tc.cp)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	if _, err := x.Resume(good); err != nil {
		t.Errorf("the branch's own checkpoint: %v", err)
	}
}
