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

// TestExactSolverWorkersKeepDeepest checks that ExactSolver on several
// workers, ended before a solution, returns a real partial board: the
// fixed pieces in place, more pieces placed, every join between them
// matched, turned back the right way on an oblong board (where half the
// workers scan the board turned a quarter). The puzzles have no solution:
// one inner piece shows a colour no other piece has, so the search runs
// until the context ends it, however fast the machine.
func TestExactSolverWorkersKeepDeepest(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
	}{
		{name: "square", rows: 9, cols: 9},
		{name: "oblong", rows: 8, cols: 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			p, truth, err := puzzle.GenerateColours(tc.rows, tc.cols, 3, 9, rng)
			if err != nil {
				t.Fatal(err)
			}
			p.Rotatable = true
			for i := range p.Pieces {
				if KindOf(&p.Pieces[i]) == Inner {
					p.Pieces[i].Edges[0] = 99
					break
				}
			}
			// A fixed piece off the diagonal, so that a board turned
			// back the wrong way would misplace it.
			at := puzzle.Cell{Row: 0, Col: 3}
			p.Fixed = []puzzle.FixedPiece{{Cell: at, Placement: truth.At(at)}}
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			res, err := NewExactSolver().Solve(ctx, solve.Problem{Puzzle: p}, solve.WithWorkers(2))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Canceled {
				t.Fatalf("status %v, want canceled: the puzzle has no solution", res.Status)
			}
			b := res.Board
			if b == nil || b.Rows != p.Rows || b.Cols != p.Cols {
				t.Fatalf("board %v, want a %d×%d partial board", b, p.Rows, p.Cols)
			}
			if err := b.Validate(p); err != nil {
				t.Fatalf("board is not valid: %v", err)
			}
			placed := p.Cells() - len(b.Unplaced(p)) - (len(p.Pieces) - p.Cells())
			if placed <= len(p.Fixed) {
				t.Fatalf("%d pieces placed, want more than the %d fixed", placed, len(p.Fixed))
			}
			if n := puzzle.Mismatches(p, b); n != 0 {
				t.Errorf("%d joins or rim sides of the partial board do not fit", n)
			}
			if Score(p, b) == 0 {
				t.Errorf("score 0 with %d pieces placed", placed)
			}
			t.Logf("%d pieces placed, score %d", placed, Score(p, b))
		})
	}
}

// TestDeepest checks the keeper of the parallel search's deepest partial
// board: a shallower offer leaves the kept board alone, and the board of a
// search of the quarter-turned puzzle is turned back.
func TestDeepest(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	p, truth, err := puzzle.GenerateColours(3, 5, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	// at returns a search of x that has placed the first n cells of the
	// scan as on board b.
	at := func(x *Exact, b *puzzle.Board, n int) *search {
		s := x.newSearch(context.Background())
		for d := range n {
			pl := b.Cells[x.steps[d].cell]
			if !s.push(int32(pl.Piece)<<2 | int32(pl.Rotation)) {
				t.Fatalf("depth %d: the true board's placement does not fit", d)
			}
		}
		return s
	}
	x, err := NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	k := newDeepest()
	if k.best() != nil {
		t.Fatal("a new keeper has a board")
	}
	for _, n := range []int{3, 7, 5} {
		k.offer(at(x, truth, n))
	}
	if got := p.Cells() - len(k.best().Unplaced(p)); got != 7 {
		t.Errorf("kept a board of %d pieces, want the deepest, 7", got)
	}
	for d := range 7 {
		c := x.steps[d].cell
		if k.best().Cells[c] != truth.Cells[c] {
			t.Fatalf("cell %d holds %v, want %v", c, k.best().Cells[c], truth.Cells[c])
		}
	}
	// The turned search, deeper: its board comes back turned to p's shape.
	y, err := newExact(quarterTurned(p), exactConfig{pin: -1})
	if err != nil {
		t.Fatal(err)
	}
	y.turned = true
	k.offer(at(y, truth.Turn(1), 9))
	b := k.best()
	if b.Rows != p.Rows || b.Cols != p.Cols || puzzle.Mismatches(p, b) != 0 {
		t.Fatalf("turned board: %d×%d with %d mismatches, want %d×%d with none", b.Rows, b.Cols, puzzle.Mismatches(p, b), p.Rows, p.Cols)
	}
	if got := p.Cells() - len(b.Unplaced(p)); got != 9 {
		t.Errorf("kept a board of %d pieces, want 9", got)
	}
}
