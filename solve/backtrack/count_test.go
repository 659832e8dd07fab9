package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// bruteForce lists every solution of p by trying every arrangement of the
// pieces and every combination of their rotations: no index, no pruning
// beyond a finished board, so it shares nothing with the search under test.
func bruteForce(p *puzzle.Puzzle) []*puzzle.Board {
	n := len(p.Pieces)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	turns := p.Turns()
	var out []*puzzle.Board
	b := puzzle.NewBoard(p.Rows, p.Cols)
	var rot func(i int)
	rot = func(i int) {
		if i == n {
			if puzzle.Mismatches(p, b) == 0 {
				out = append(out, b.Clone())
			}
			return
		}
		for _, r := range turns {
			b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(perm[i]), Rotation: r}
			rot(i + 1)
		}
	}
	var permute func(k int)
	permute = func(k int) {
		if k == n {
			rot(0)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			permute(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	permute(0)
	return out
}

// naive lists every solution of p by filling cells in row-major order with
// every unused piece in every rotation, checking each against its left and
// top neighbours and the rim with puzzle.Mismatches on the partial board.
// It is the brute force with the hopeless branches cut, for boards too
// large to enumerate whole, and shares no code with the search under test.
func naive(p *puzzle.Puzzle) []*puzzle.Board {
	b := puzzle.NewBoard(p.Rows, p.Cols)
	used := make([]bool, len(p.Pieces))
	var out []*puzzle.Board
	var fill func(i int)
	fill = func(i int) {
		if i == len(b.Cells) {
			out = append(out, b.Clone())
			return
		}
		c := b.CellAt(i)
		for id := range p.Pieces {
			if used[id] {
				continue
			}
			for _, r := range p.Turns() {
				b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: r}
				// Rim sides are checked on the final board: a partial
				// board's right and bottom edges are not the rim yet.
				if joinsFit(p, b, c) {
					used[id] = true
					fill(i + 1)
					used[id] = false
				}
			}
		}
		b.Cells[i] = puzzle.Empty
	}
	fill(0)
	kept := out[:0]
	for _, s := range out {
		if puzzle.Mismatches(p, s) == 0 {
			kept = append(kept, s)
		}
	}
	return kept
}

// joinsFit reports whether the piece in cell c fits its left and top
// neighbours, judged by puzzle.Matches on a two-cell board.
func joinsFit(p *puzzle.Puzzle, b *puzzle.Board, c puzzle.Cell) bool {
	for _, n := range []puzzle.Cell{{Row: c.Row, Col: c.Col - 1}, {Row: c.Row - 1, Col: c.Col}} {
		if !b.In(n) {
			continue
		}
		pair := puzzle.NewBoard(c.Row-n.Row+1, c.Col-n.Col+1)
		pair.Cells[0] = b.At(n)
		pair.Cells[1] = b.At(c)
		if puzzle.Matches(p, pair) != 1 {
			return false
		}
	}
	return true
}

// orbits counts the solutions up to whole-board turns: two solutions are
// one when a turn of the board takes one to the other.
func orbits(sols []*puzzle.Board) int {
	seen := make(map[string]bool)
	count := 0
	for _, s := range sols {
		if seen[s.String()] {
			continue
		}
		count++
		for _, t := range s.Turns() {
			seen[s.Turn(t).String()] = true
		}
	}
	return count
}

func TestCountMatchesBruteForce(t *testing.T) {
	tests := []struct {
		rows, cols, pairs int
		rotatable         bool
	}{
		// Few shapes, so that several distinct solutions exist.
		{2, 2, 1, true},
		{2, 3, 1, true},
		{2, 3, 2, true},
		{3, 2, 1, true},
		{3, 3, 1, false},
		{3, 3, 2, false},
		{1, 4, 1, true},
		// Boards too large for the plain brute force: the naive
		// search checks them.
		{3, 3, 1, true},
		{3, 3, 2, true},
		{3, 4, 2, true},
		{4, 3, 1, false},
	}
	for _, tc := range tests {
		for seed := uint64(1); seed <= 3; seed++ {
			name := fmt.Sprintf("%dx%d-pairs%d-rot=%v-seed%d", tc.rows, tc.cols, tc.pairs, tc.rotatable, seed)
			t.Run(name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 11))
				p, sol, err := puzzle.GenerateShapes(tc.rows, tc.cols, tc.pairs, rng)
				if err != nil {
					t.Fatal(err)
				}
				p, _, err = puzzle.Scramble(p, sol, rng)
				if err != nil {
					t.Fatal(err)
				}
				p.Rotatable = tc.rotatable
				if !tc.rotatable {
					// Scramble turned the pieces; store them as
					// they lie in a solution so one exists.
					p, _ = unturn(p, mustSolve(t, p))
				}
				var want []*puzzle.Board
				if len(p.Pieces) <= 6 || !tc.rotatable && len(p.Pieces) <= 9 {
					want = bruteForce(p)
				} else {
					want = naive(p)
				}
				for _, o := range orders {
					got, err := backtrack.New(backtrack.WithOrder(o)).Count(context.Background(), solve.Problem{Puzzle: p})
					if err != nil {
						t.Fatal(err)
					}
					if got.Status != solve.Exhausted {
						t.Fatalf("%v: status %v", o, got.Status)
					}
					if got.Raw != int64(len(want)) || got.Distinct != int64(orbits(want)) {
						t.Errorf("%v: raw %d distinct %d, brute force %d and %d", o, got.Raw, got.Distinct, len(want), orbits(want))
					}
				}
			})
		}
	}
}

// mustSolve solves the rotatable form of p.
func mustSolve(t *testing.T, p *puzzle.Puzzle) *puzzle.Board {
	t.Helper()
	q := p.Clone()
	q.Rotatable = true
	res, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: q})
	if err != nil || res.Status != solve.Solved {
		t.Fatalf("no solution: %v %v", res.Status, err)
	}
	return res.Board
}

func TestAllEnumeratesCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	p, sol, err := puzzle.GenerateShapes(3, 3, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _ = puzzle.Scramble(p, sol, rng)
	s := backtrack.New()
	c, err := s.Count(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	for b, err := range s.All(context.Background(), solve.Problem{Puzzle: p}) {
		if err != nil {
			t.Fatal(err)
		}
		if puzzle.Mismatches(p, b) != 0 || b.Validate(p) != nil || b.Placed() != 9 {
			t.Fatalf("not a solution:\n%v", b)
		}
		if seen[b.String()] {
			t.Fatalf("solution yielded twice:\n%v", b)
		}
		seen[b.String()] = true
	}
	if int64(len(seen)) != c.Raw {
		t.Fatalf("All yielded %d boards, Count says %d", len(seen), c.Raw)
	}
	// A rotatable puzzle on a square board has its solutions in fours.
	if c.Raw != 4*c.Distinct || c.Raw == 0 {
		t.Fatalf("raw %d, distinct %d: want raw = 4 × distinct", c.Raw, c.Distinct)
	}
	// Breaking out early stops the search.
	n := 0
	for range s.All(context.Background(), solve.Problem{Puzzle: p}) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("took %d", n)
	}
}

func TestCountCanceled(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, sol, _ := puzzle.GenerateShapes(6, 6, 1, rng)
	p, _, _ = puzzle.Scramble(p, sol, rng)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, err := backtrack.New().Count(ctx, solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != solve.Canceled {
		t.Fatalf("status %v, want canceled", c.Status)
	}
}

// TestCountCanceledMidway cancels a count far too long to finish and
// checks that it ends promptly with the solutions found so far.
func TestCountCanceledMidway(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	// One shape pair on 12×12: more solutions than any run could count.
	p, sol, _ := puzzle.GenerateShapes(12, 12, 1, rng)
	p, _, _ = puzzle.Scramble(p, sol, rng)
	for _, o := range orders {
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled time.Time
		timer := time.AfterFunc(50*time.Millisecond, func() { cancelled = time.Now(); cancel() })
		c, err := backtrack.New(backtrack.WithOrder(o)).Count(ctx, solve.Problem{Puzzle: p})
		returned := time.Now()
		timer.Stop()
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if c.Status != solve.Canceled {
			t.Fatalf("%v: status %v after %d solutions, want canceled", o, c.Status, c.Raw)
		}
		if c.Raw == 0 || c.Stats.Nodes == 0 {
			t.Errorf("%v: no solutions counted before the cancel (%d nodes)", o, c.Stats.Nodes)
		}
		// The contract is 100 ms; the slack is for loaded machines.
		if late := returned.Sub(cancelled); late > 250*time.Millisecond {
			t.Errorf("%v: Count returned %v after the cancel", o, late)
		} else {
			t.Logf("%v: returned %v after the cancel with %d solutions so far", o, late, c.Raw)
		}
	}
}

// TestCountWarmStartDistinct: a warm start's piece stays where it is, so
// no turned copy of a solution is a solution and Distinct equals Raw.
func TestCountWarmStartDistinct(t *testing.T) {
	p := &puzzle.Puzzle{Rows: 1, Cols: 1, Rotatable: true, Pieces: []puzzle.Piece{{ID: 0}}}
	init := puzzle.NewBoard(1, 1)
	init.Cells[0] = puzzle.Placement{Piece: 0, Rotation: 1}
	for _, o := range orders {
		c, err := backtrack.New(backtrack.WithOrder(o)).Count(context.Background(), solve.Problem{Puzzle: p}, solve.WithInitial(init))
		if err != nil {
			t.Fatal(err)
		}
		if c.Raw != 1 || c.Distinct != 1 {
			t.Errorf("%v: raw %d distinct %d, want 1 and 1", o, c.Raw, c.Distinct)
		}
	}
}
