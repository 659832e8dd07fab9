package greedy_test

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// astronaut is the astronaut photograph cut into pieces of size pixels
// and scrambled, with its MGC table. At 28 pixels (324 pieces) the placer
// alone leaves part of its dark background astray (neighbour 0.94), which
// the short GAs mend.
func astronaut(t *testing.T, size int) (solve.Problem, *puzzle.Board) {
	t.Helper()
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "astronaut.png"))
	if err != nil {
		t.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, size)
	if err != nil {
		t.Fatal(err)
	}
	if p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 4))); err != nil {
		t.Fatal(err)
	}
	tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return solve.Problem{Puzzle: p, Scorer: tb}, truth
}

// TestEvolution checks that the short GAs after the placer find a cheaper
// and truer board where the placer alone goes astray, and that the result
// replays for a seed whatever the number of workers.
func TestEvolution(t *testing.T) {
	prob, truth := astronaut(t, 28)
	plain, err := greedy.New().Solve(context.Background(), prob)
	if err != nil {
		t.Fatal(err)
	}
	var boards []*puzzle.Board
	for _, workers := range []int{1, 2, 1} {
		res, err := greedy.New(greedy.WithEvolution(2)).Solve(context.Background(), prob,
			solve.WithSeed(1), solve.WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Board.Validate(prob.Puzzle); err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		boards = append(boards, res.Board)
	}
	for i, b := range boards[1:] {
		if !b.Equal(boards[0]) {
			t.Errorf("run %d with seed 1 gave another board than the first", i+2)
		}
	}
	before, after := edge.Cost(prob.Scorer, plain.Board), edge.Cost(prob.Scorer, boards[0])
	nbBefore, nbAfter := puzzle.NeighbourComparison(truth, plain.Board), puzzle.NeighbourComparison(truth, boards[0])
	if !(after < before) || !(nbAfter > nbBefore) {
		t.Errorf("evolution: cost %.4g, neighbour %.3f; the placer alone: cost %.4g, neighbour %.3f; want both better",
			after, nbAfter, before, nbBefore)
	}
}

// TestEvolutionCancel cancels runs at several points, some inside the GA
// runs: each returns a valid board with no error, complete once the
// placer has finished one.
func TestEvolutionCancel(t *testing.T) {
	prob, _ := astronaut(t, 28)
	// A run past the first growth's placements has a complete board.
	placements := int64(2 * len(prob.Puzzle.Pieces))
	for _, after := range []time.Duration{time.Millisecond, 30 * time.Millisecond, 150 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		res, err := greedy.New(greedy.WithEvolution(4)).Solve(ctx, prob, solve.WithSeed(1), solve.WithWorkers(2))
		cancel()
		if err != nil {
			t.Fatalf("cancelled after %v: %v", after, err)
		}
		if res.Board == nil {
			t.Fatalf("cancelled after %v: no board", after)
		}
		if err := res.Board.Validate(prob.Puzzle); err != nil {
			t.Fatalf("cancelled after %v: %v", after, err)
		}
		if res.Stats.Iterations > placements && res.Board.Placed() != len(prob.Puzzle.Pieces) {
			t.Errorf("cancelled after %v, %d iterations in: %d of %d pieces placed", after, res.Stats.Iterations, res.Board.Placed(), len(prob.Puzzle.Pieces))
		}
		if res.Status != solve.Canceled && res.Status != solve.Done {
			t.Errorf("cancelled after %v: status %v", after, res.Status)
		}
	}
}

// TestEvolutionBudget gives the run an iteration budget the GA runs must
// share: the run ends on it, its board complete.
func TestEvolutionBudget(t *testing.T) {
	prob, _ := astronaut(t, 28)
	// Without the last stage's exchanges, whose every pair tried counts,
	// the plain run's iterations leave the GA runs next to nothing.
	plain, err := greedy.New(greedy.WithExchanges(false)).Solve(context.Background(), prob)
	if err != nil {
		t.Fatal(err)
	}
	limit := plain.Stats.Iterations + 20
	res, err := greedy.New(greedy.WithEvolution(4), greedy.WithExchanges(false)).Solve(context.Background(), prob,
		solve.WithSeed(1), solve.WithMaxIterations(limit))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.IterationLimit {
		t.Errorf("status %v, want %v", res.Status, solve.IterationLimit)
	}
	if res.Stats.Iterations > limit {
		t.Errorf("%d iterations, budget %d", res.Stats.Iterations, limit)
	}
	if res.Board.Placed() != len(prob.Puzzle.Pieces) {
		t.Error("the board is not complete")
	}
}

// TestEvolutionPatience checks that WithEvolutionPatience ends the GA runs
// early: with a patience of one generation the runs make fewer
// generations than with none, which lets every run go its 30.
func TestEvolutionPatience(t *testing.T) {
	prob, _ := astronaut(t, 28)
	iterations := func(patience int) int64 {
		res, err := greedy.New(greedy.WithEvolution(2), greedy.WithEvolutionPatience(patience)).Solve(context.Background(), prob,
			solve.WithSeed(1), solve.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		if res.Board.Placed() != len(prob.Puzzle.Pieces) {
			t.Fatalf("patience %d: the board is not complete", patience)
		}
		return res.Stats.Iterations
	}
	if short, full := iterations(1), iterations(0); short >= full {
		t.Errorf("%d iterations with a patience of one generation, %d with none", short, full)
	}
}

// TestEvolutionTarget ends a run by its target while the placer works, the
// first GA runs under way beside it: the run ends solved, and none of
// their goroutines outlives it. The puzzle's 1,024 pieces take the GA runs
// far longer than the grace given to goroutines that are ending.
func TestEvolutionTarget(t *testing.T) {
	prob, _ := astronaut(t, 16)
	before := runtime.NumGoroutine()
	res, err := greedy.New(greedy.WithEvolution(4)).Solve(context.Background(), prob,
		solve.WithSeed(1), solve.WithWorkers(2), solve.WithTarget(math.Inf(1)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Solved {
		t.Errorf("status %v, want %v", res.Status, solve.Solved)
	}
	// A goroutine that has signalled its end may take a moment to go.
	for deadline := time.Now().Add(100 * time.Millisecond); runtime.NumGoroutine() > before && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the run, %d before", n, before)
	}
}

// TestEvolutionNilContext solves with a nil context, which solve.Start
// reads as context.Background: the GA runs must too.
func TestEvolutionNilContext(t *testing.T) {
	prob, _ := astronaut(t, 28)
	var none context.Context
	res, err := greedy.New(greedy.WithEvolution(2)).Solve(none, prob, solve.WithSeed(1), solve.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Done || res.Board.Placed() != len(prob.Puzzle.Pieces) {
		t.Errorf("status %v with %d of %d pieces placed, want done and all", res.Status, res.Board.Placed(), len(prob.Puzzle.Pieces))
	}
}
