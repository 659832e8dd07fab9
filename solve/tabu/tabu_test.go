package tabu_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// scrambledUnique returns the thesis's unique-label puzzle of the given
// size, shuffled and turned, and its solution.
func scrambledUnique(tb testing.TB, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	p, sol, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		tb.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		tb.Fatal(err)
	}
	return p, sol
}

// unsolvable returns a scrambled 4×4 unique-label puzzle one of whose
// inner sides carries a label no other side has, so that no board costs 0.
func unsolvable(tb testing.TB) *puzzle.Puzzle {
	tb.Helper()
	p, _ := scrambledUnique(tb, 4, 4, 99)
	for i := range p.Pieces {
		for s, l := range p.Pieces[i].Edges {
			if l != puzzle.Flat {
				p.Pieces[i].Edges[s] = 1 << 20 // above the 24 labels of a 4×4 board
				return p
			}
		}
	}
	tb.Fatal("no inner side to break")
	return nil
}

// mustSolve runs s on p and fails unless it solves p within maxSteps.
func mustSolve(t *testing.T, s *tabu.Solver, p *puzzle.Puzzle, maxSteps int64, opts ...solve.Option) *solve.Result {
	t.Helper()
	res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p}, append(opts, solve.WithMaxIterations(maxSteps))...)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Solved || res.Cost != 0 {
		t.Fatalf("status %v, cost %g after %d steps; want solved at cost 0", res.Status, res.Cost, res.Stats.Iterations)
	}
	if err := res.Board.Validate(p); err != nil {
		t.Fatalf("solved board is not valid: %v", err)
	}
	return res
}

// TestSolvesThesisPuzzles solves the thesis's test model (seed 000, Table 4
// sizes, L3592–3604) with the thesis's settings. The bound is generous:
// these sizes take tens to a few hundred steps.
func TestSolvesThesisPuzzles(t *testing.T) {
	for _, size := range [][2]int{{3, 3}, {3, 4}, {4, 4}, {4, 5}} {
		for seed := range uint64(4) {
			p, _ := scrambledUnique(t, size[0], size[1], seed)
			res := mustSolve(t, tabu.New(tabu.Thesis()), p, 20000, solve.WithSeed(seed))
			t.Logf("%d×%d seed %d: %d steps, %d evaluations, %d restarts", size[0], size[1], seed, res.Stats.Iterations, res.Stats.Evaluations, res.Stats.Restarts)
		}
	}
}

func TestNeighbourhoods(t *testing.T) {
	for _, nb := range []tabu.Neighbourhood{tabu.Rows, tabu.Cols, tabu.Blocks, tabu.Pairs, tabu.RowsCols | tabu.Blocks, tabu.Rows | tabu.Cols | tabu.Blocks | tabu.Pairs} {
		t.Run(nb.String(), func(t *testing.T) {
			p, _ := scrambledUnique(t, 3, 4, 8)
			mustSolve(t, tabu.New(tabu.WithNeighbourhood(nb)), p, 20000)
		})
	}
}

func TestOptionsOutOfRange(t *testing.T) {
	p, _ := scrambledUnique(t, 2, 2, 1)
	for _, tc := range []struct {
		name string
		opt  tabu.Option
	}{
		{name: "aspiration above 1", opt: tabu.WithAspiration(1.5)},
		{name: "negative aspiration", opt: tabu.WithAspiration(-0.1)},
		{name: "NaN aspiration", opt: tabu.WithAspiration(math.NaN())},
		{name: "empty neighbourhood", opt: tabu.WithNeighbourhood(0)},
		{name: "unknown move kind", opt: tabu.WithNeighbourhood(1 << 6)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tabu.New(tc.opt).Solve(context.Background(), solve.Problem{Puzzle: p})
			if err == nil {
				t.Errorf("Solve accepted the option (status %v)", res.Status)
			}
		})
	}
}

// TestBudgets checks that the run's budgets end a search that cannot
// succeed with the status they name.
func TestBudgets(t *testing.T) {
	p := unsolvable(t)
	for _, tc := range []struct {
		name   string
		opt    solve.Option
		status solve.Status
	}{
		{name: "iterations", opt: solve.WithMaxIterations(300), status: solve.IterationLimit},
		{name: "stall", opt: solve.WithStall(100), status: solve.Stalled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tabu.New().Solve(context.Background(), solve.Problem{Puzzle: p}, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.status || res.Cost == 0 {
				t.Errorf("status %v at cost %g; want %v above 0", res.Status, res.Cost, tc.status)
			}
		})
	}
}

// TestRestarts checks diversification on a puzzle the search cannot finish:
// the thesis's rule restarts it, more often the sooner it gives up, and 0
// never restarts it.
func TestRestarts(t *testing.T) {
	p := unsolvable(t)
	restarts := func(opts ...tabu.Option) int64 {
		res, err := tabu.New(opts...).Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(600))
		if err != nil {
			t.Fatal(err)
		}
		return res.Stats.Restarts
	}
	thesis, soon, never := restarts(), restarts(tabu.WithRestartAfter(2)), restarts(tabu.WithRestartAfter(0))
	if thesis == 0 {
		t.Errorf("the thesis's rule (restart after 24 steps without a better board) never restarted in 600 steps")
	}
	if soon <= thesis {
		t.Errorf("restarting after 2 steps restarted %d times, the thesis's rule %d; want more", soon, thesis)
	}
	if never != 0 {
		t.Errorf("WithRestartAfter(0) restarted %d times", never)
	}
}

// TestWithoutLocalSearch checks that without the improvement a step
// prices its move alone.
func TestWithoutLocalSearch(t *testing.T) {
	p := unsolvable(t)
	res, err := tabu.New(tabu.WithLocalSearch(false)).Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(500))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Evaluations == 0 || res.Stats.Evaluations > res.Stats.Iterations {
		t.Errorf("%d evaluations in %d steps; want one per move made", res.Stats.Evaluations, res.Stats.Iterations)
	}
}

// TestAspiration checks the two ends of the aspiration range on a puzzle
// the search cannot finish: always aspiring keeps every result, so the
// tabu list never stops a step; never aspiring lets it.
func TestAspiration(t *testing.T) {
	p := unsolvable(t)
	for _, tc := range []struct {
		name string
		p    float64
		// everyStep is whether every step makes its move: one evaluation
		// of the move and 32·15·16/2 = 3,840 of the improvement on 4×4.
		everyStep bool
	}{
		{name: "always", p: 1, everyStep: true},
		{name: "never", p: 0, everyStep: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tabu.New(tabu.WithAspiration(tc.p), tabu.WithRestartAfter(0)).Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(200))
			if err != nil {
				t.Fatal(err)
			}
			// The step that meets the iteration budget is counted but
			// not taken.
			const perStep = 3841
			taken := res.Stats.Iterations - 1
			got := res.Stats.Evaluations == taken*perStep
			if got != tc.everyStep {
				t.Errorf("%d evaluations in %d steps (every step moves: %v); want every step to move: %v", res.Stats.Evaluations, taken, got, tc.everyStep)
			}
		})
	}
}

func TestDeterminism(t *testing.T) {
	p, _ := scrambledUnique(t, 4, 5, 3)
	run := func(seed uint64) *solve.Result {
		res, err := tabu.New().Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	ignore := cmpopts.IgnoreFields(solve.Stats{}, "Runtime")
	a, b, c := run(5), run(5), run(6)
	if diff := cmp.Diff(a, b, ignore); diff != "" {
		t.Errorf("the same seed gave another run (-first +second):\n%s", diff)
	}
	if cmp.Equal(a.Stats, c.Stats, ignore) {
		t.Errorf("seeds 5 and 6 gave the same counters %+v; the seed seems unused", a.Stats)
	}
}
