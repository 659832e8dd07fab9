package baseline_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/baseline"
)

// unique returns the thesis's unique-label puzzle, shuffled and turned,
// with its solution.
func unique(t *testing.T, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	p, sol, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p, sol
}

// TestSolvesSmall runs both baselines on the smallest sizes of the
// thesis's Table 2 (seed 000 L1316-1325), where they succeed well within
// the thesis's 40,000 attempts: ST on 2×2, SS on 2×2 and 2×3.
func TestSolvesSmall(t *testing.T) {
	cases := []struct {
		name       string
		solver     *baseline.Solver
		rows, cols int
	}{
		{name: "ST 2x2", solver: baseline.Random(), rows: 2, cols: 2},
		{name: "SS 2x2", solver: baseline.Structured(), rows: 2, cols: 2},
		{name: "SS 2x3", solver: baseline.Structured(), rows: 2, cols: 3},
	}
	for _, tc := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			p, _ := unique(t, tc.rows, tc.cols, seed)
			res, err := tc.solver.Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithSeed(seed))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved || res.Cost != 0 {
				t.Errorf("%s seed %d: status %v cost %v after %d attempts, want solved", tc.name, seed, res.Status, res.Cost, res.Stats.Iterations)
			}
		}
	}
}

// TestRotateCheck starts from the solution with one piece turned: SS's
// rotation pass mends it on the first attempt, while ST, limited to that
// attempt, ends with the board as dealt.
func TestRotateCheck(t *testing.T) {
	p, sol := unique(t, 3, 3, 4)
	b := sol.Clone()
	c := puzzle.Cell{Row: 1, Col: 1}
	pl := b.At(c)
	pl.Rotation = pl.Rotation.Add(2)
	b.Set(c, pl)
	for _, tc := range []struct {
		name   string
		solver *baseline.Solver
		want   solve.Status
	}{
		{name: "SS", solver: baseline.Structured(baseline.WithAttempts(1)), want: solve.Solved},
		{name: "ST", solver: baseline.Random(baseline.WithAttempts(1)), want: solve.Done},
	} {
		res, err := tc.solver.Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithInitial(b))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != tc.want || res.Stats.Iterations != 1 {
			t.Errorf("%s: status %v after %d attempts, want %v after 1", tc.name, res.Status, res.Stats.Iterations, tc.want)
		}
	}
}

// TestAttempts checks that a run ends, Done, after its attempts: 3×3 is
// beyond ST (the thesis estimates a year, L1327-1331).
func TestAttempts(t *testing.T) {
	p, _ := unique(t, 3, 3, 5)
	res, err := baseline.Random(baseline.WithAttempts(500)).Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Done || res.Stats.Iterations != 500 || res.Stats.Evaluations != 500 {
		t.Errorf("status %v after %d attempts and %d evaluations, want done after 500 of each", res.Status, res.Stats.Iterations, res.Stats.Evaluations)
	}
}
