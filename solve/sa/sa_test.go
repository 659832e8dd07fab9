package sa_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/sa"
)

// scrambled returns a generated puzzle, shuffled and turned.
func scrambled(tb testing.TB, gen func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error), seed uint64) *puzzle.Puzzle {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	p, sol, err := gen(rng)
	if err != nil {
		tb.Fatal(err)
	}
	p, _, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func unique(rows, cols int) func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
	return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return puzzle.GenerateUnique(rows, cols, rng)
	}
}

func colours(rows, cols, frame, inner int) func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
	return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return puzzle.GenerateColours(rows, cols, frame, inner, rng)
	}
}

// TestThesisSolves runs the thesis's preset on the thesis's test puzzles
// (unique labels, seed 000 Table 4) and on a small Eternity-style one, to
// a perfect board, over several seeds.
func TestThesisSolves(t *testing.T) {
	cases := []struct {
		name string
		gen  func(*rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error)
	}{
		{name: "unique-3x3", gen: unique(3, 3)},
		{name: "unique-3x4", gen: unique(3, 4)},
		{name: "colours-4x4", gen: colours(4, 4, 2, 3)},
	}
	for _, tc := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			p := scrambled(t, tc.gen, seed)
			// A budget far above what these sizes need, so that a
			// broken search fails instead of running forever.
			res, err := sa.New(sa.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithSeed(seed), solve.WithMaxIterations(50_000_000))
			if err != nil {
				t.Fatalf("%s seed %d: %v", tc.name, seed, err)
			}
			if res.Status != solve.Solved || res.Cost != 0 {
				t.Errorf("%s seed %d: status %v cost %v after %d moves, want solved at 0", tc.name, seed, res.Status, res.Cost, res.Stats.Iterations)
			}
			t.Logf("%s seed %d: %d moves", tc.name, seed, res.Stats.Iterations)
		}
	}
}

// TestDeterminism runs the Eternity preset's whole schedule on a 16×16
// puzzle twice per seed: the same seed must give the same board and
// counters, and another seed another board.
func TestDeterminism(t *testing.T) {
	p := scrambled(t, colours(16, 16, 5, 17), 2)
	run := func(seed uint64) *solve.Result {
		res, err := sa.New(sa.Eternity()).Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b, c := run(5), run(5), run(6)
	a.Stats.Runtime, b.Stats.Runtime = 0, 0
	if a.Cost != b.Cost || a.Stats != b.Stats || !slices.Equal(a.Board.Cells, b.Board.Cells) {
		t.Errorf("seed 5 twice: cost %v then %v, stats %+v then %+v", a.Cost, b.Cost, a.Stats, b.Stats)
	}
	if slices.Equal(a.Board.Cells, c.Board.Cells) {
		t.Errorf("seeds 5 and 6 gave the same board")
	}
}
