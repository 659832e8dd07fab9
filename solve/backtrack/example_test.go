package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// A scrambled tab/blank jigsaw, solved by a row scan.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, truth, err := puzzle.GenerateShapes(8, 10, 0, rng)
	if err != nil {
		panic(err)
	}
	p, truth, _ = puzzle.Scramble(p, truth, rng)

	res, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}

// With few shapes a jigsaw has several solutions; each appears in four
// turned copies when the pieces may rotate.
func ExampleSolver_Count() {
	rng := rand.New(rand.NewPCG(3, 4))
	p, truth, _ := puzzle.GenerateShapes(3, 3, 1, rng)
	p, _, _ = puzzle.Scramble(p, truth, rng)

	c, err := backtrack.New().Count(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Status, c.Raw == 4*c.Distinct, c.Distinct >= 1)
	// Output:
	// exhausted true true
}

// All yields the solutions lazily; stop whenever you have enough.
func ExampleSolver_All() {
	rng := rand.New(rand.NewPCG(5, 6))
	p, truth, _ := puzzle.GenerateShapes(3, 4, 1, rng)
	p, _, _ = puzzle.Scramble(p, truth, rng)

	n := 0
	for b, err := range backtrack.New().All(context.Background(), solve.Problem{Puzzle: p}) {
		if err != nil {
			panic(err)
		}
		n++
		fmt.Println(puzzle.Mismatches(p, b))
		if n == 2 {
			break
		}
	}
	// Output:
	// 0
	// 0
}

// An edge-matching puzzle in the style of Eternity II: few colours, the
// frame with colours of its own, pieces that turn. Raw counts every
// solution board, Distinct the boards up to turning the whole board, and
// Arrangements counts once the boards that differ only in the turn of a
// symmetric piece (here one whose opposite sides match).
func ExampleSolver_Count_edgeMatching() {
	rng := rand.New(rand.NewPCG(3, 1))
	p, truth, err := puzzle.GenerateColours(4, 4, 2, 2, rng)
	if err != nil {
		panic(err)
	}
	p, _, _ = puzzle.Scramble(p, truth, rng)

	c, err := backtrack.New(backtrack.WithOrder(backtrack.RowScan)).Count(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Status, c.Raw, c.Distinct, c.Arrangements)
	// Output:
	// exhausted 7296 1824 3648
}
