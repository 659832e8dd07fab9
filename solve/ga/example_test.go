package ga_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
)

// The thesis's GA on a 3×3 puzzle of its test model (unique labels,
// turning pieces): one of the sizes of its Table 4.
func Example_thesis() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, truth, err := puzzle.GenerateUnique(3, 3, rng)
	if err != nil {
		panic(err)
	}
	p, truth, _ = puzzle.Scramble(p, truth, rng)

	res, err := ga.New(ga.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}

// Operators compose: here seed 001's steady-state GA with the thesis's
// crossover in place of the block crossover, for a bounded number of
// generations.
func ExampleNew() {
	rng := rand.New(rand.NewPCG(3, 4))
	p, _, err := puzzle.GenerateColours(8, 8, 3, 5, rng)
	if err != nil {
		panic(err)
	}
	s := ga.New(ga.EternitySteadyState(), ga.WithCrossover(ga.PrefixOrder(), 0.9))
	res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(50))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Stats.Iterations, res.Board.Validate(p) == nil)
	// Output:
	// iteration limit 50 true
}
