package sa_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/sa"
)

// The thesis's annealer on one of its test puzzles: a 4×4 unique-label
// puzzle, shuffled and turned, annealed until it is perfect.
func Example_thesis() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, truth, _ := puzzle.GenerateUnique(4, 4, rng)
	p, truth, _ = puzzle.Scramble(p, truth, rng)

	res, err := sa.New(sa.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithMaxIterations(100_000_000))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}

// Seed 001's annealer on an Eternity II-style puzzle: 8×8 with 5 frame
// and 9 inner colours. Its one cycle of 500 steps of 1,000 moves ends the
// run, with status done, whether or not the board is perfect. The same
// schedule with the Strong preset's moves gets further.
func Example_eternity() {
	rng := rand.New(rand.NewPCG(3, 4))
	p, truth, _ := puzzle.GenerateColours(8, 8, 5, 9, rng)
	p, _, _ = puzzle.Scramble(p, truth, rng)

	var steps int
	res, err := sa.New(sa.Eternity(), sa.WithTrace(func(sa.Trace) { steps++ })).
		Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println("eternity:", res.Status, res.Cost, steps, res.Stats.Iterations)

	res, err = sa.New(sa.Eternity(), sa.WithMoves(sa.StrongMoves())).
		Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println("strong moves:", res.Status, res.Cost)
	// Output:
	// eternity: done 36 500 500000
	// strong moves: done 21
}
