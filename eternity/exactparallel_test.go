package eternity

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestFirstParallel checks that the parallel search finds a solution
// whenever the sequential one does, reports none for a puzzle without
// one, and ends when cancelled.
func TestFirstParallel(t *testing.T) {
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(seed, 7))
		p, truth, err := puzzle.GenerateColours(5, 5, 2, 3, rng)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = true
		if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
			t.Fatal(err)
		}
		x, err := NewExact(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3} {
			b, st, err := x.FirstParallel(context.Background(), workers)
			if err != nil {
				t.Fatal(err)
			}
			if b == nil || st.Status != solve.Solved {
				t.Fatalf("seed %d, %d workers: no solution (%v) for a puzzle with a planted one", seed, workers, st.Status)
			}
			l, _ := edge.NewLabels(p)
			if err := b.Validate(p); err != nil || edge.Cost(l, b) != 0 || len(b.Unplaced(p)) != 0 {
				t.Fatalf("seed %d, %d workers: board is not a solution: %v, cost %v", seed, workers, err, edge.Cost(l, b))
			}
		}
	}
	// No solution: two pieces swapped for copies of a third break every
	// board.
	rng := rand.New(rand.NewPCG(9, 9))
	p, _, err := puzzle.GenerateColours(4, 4, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	p.Pieces[5].Edges = [4]puzzle.Label{1, 1, 1, 1}
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	b, st, err := x.FirstParallel(context.Background(), 2)
	if err != nil || b != nil || st.Status != solve.Exhausted {
		t.Fatalf("unsolvable puzzle: board %v, status %v, err %v; want none, exhausted", b, st.Status, err)
	}
	// Cancellation.
	p, _, err = puzzle.GenerateColours(9, 9, 3, 9, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	if x, err = NewExact(p); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, st, err = x.FirstParallel(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if st.Status == solve.Canceled && time.Since(start) > time.Second {
		t.Errorf("cancelled search returned after %v", time.Since(start))
	}
}

func TestExactSolverWorkersContract(t *testing.T) {
	// The workers race, so which solution of several comes back may
	// differ from run to run, as solve.WithWorkers allows.
	solvetest.Run(t, func() solve.Solver { return workersSolver{NewExactSolver()} }, solvetest.Config{Complete: true, LabelsOnly: true, Unreproducible: true})
}

// workersSolver runs a solver with two workers.
type workersSolver struct{ s solve.Solver }

func (w workersSolver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	return w.s.Solve(ctx, p, append([]solve.Option{solve.WithWorkers(2)}, opts...)...)
}

// TestFirstEitherWay checks the race of the two scan directions on oblong
// boards: the board found solves the puzzle as given, fixed pieces in
// place, whichever direction found it.
func TestFirstEitherWay(t *testing.T) {
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 3))
		p, truth, err := puzzle.GenerateColours(3, 6, 2, 3, rng)
		if err != nil {
			t.Fatal(err)
		}
		p.Rotatable = true
		if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
			t.Fatal(err)
		}
		// A fixed piece off the diagonal, so that a board turned back
		// the wrong way would misplace it.
		p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 4}, Placement: truth.At(puzzle.Cell{Row: 0, Col: 4})}}
		l, _ := edge.NewLabels(p)
		x, err := NewExact(p)
		if err != nil {
			t.Fatal(err)
		}
		b, st, err := x.FirstParallel(context.Background(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if b == nil || st.Status != solve.Solved {
			t.Fatalf("seed %d: no solution (%v)", seed, st.Status)
		}
		if err := b.Validate(p); err != nil || edge.Cost(l, b) != 0 || b.Rows != 3 || b.Cols != 6 {
			t.Fatalf("seed %d: %d×%d board is not a solution: %v, cost %v", seed, b.Rows, b.Cols, err, edge.Cost(l, b))
		}
		// The turned way on its own: its solution, turned back, solves p.
		q := quarterTurned(p)
		if err := truth.Turn(1).Validate(q); err != nil {
			t.Fatalf("seed %d: the true board turned does not fit the turned puzzle: %v", seed, err)
		}
		y, err := NewExact(q)
		if err != nil {
			t.Fatal(err)
		}
		tb, _, err := y.First(context.Background())
		if err != nil || tb == nil || tb.Rows != 6 || tb.Cols != 3 {
			t.Fatalf("seed %d: turned puzzle: board %v, err %v", seed, tb, err)
		}
		back := tb.Turn(3)
		if err := back.Validate(p); err != nil || edge.Cost(l, back) != 0 {
			t.Fatalf("seed %d: the turned solution turned back is not a solution: %v, cost %v", seed, err, edge.Cost(l, back))
		}
	}
}
