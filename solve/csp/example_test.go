package csp_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/csp"
)

// The thesis's 150-piece benchmark: a 10×15 unique-label puzzle, shuffled
// and turned, solved by the thesis's own settings.
func Example_thesis() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, truth, err := puzzle.GenerateUnique(10, 15, rng)
	if err != nil {
		panic(err)
	}
	p, truth, _ = puzzle.Scramble(p, truth, rng)

	res, err := csp.New(csp.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}

// Enumerating, as the thesis's solver does: a unique-label puzzle has one
// solution up to turning the whole board, which shows as four boards on a
// square board and two on any other.
func ExampleSolver_Count() {
	for _, size := range [][2]int{{4, 4}, {4, 5}} {
		rng := rand.New(rand.NewPCG(3, 4))
		p, truth, _ := puzzle.GenerateUnique(size[0], size[1], rng)
		p, _, _ = puzzle.Scramble(p, truth, rng)

		c, err := csp.New(csp.Thesis()).Count(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%dx%d: %v, %d boards, %d distinct\n", size[0], size[1], c.Status, c.Raw, c.Distinct)
	}
	// Output:
	// 4x4: exhausted, 4 boards, 1 distinct
	// 4x5: exhausted, 2 boards, 1 distinct
}

// Arc consistency prunes more per choice than forward checking, so the
// search visits fewer nodes; the counters say how much work each did.
func ExampleWithPropagation() {
	rng := rand.New(rand.NewPCG(5, 6))
	p, truth, _ := puzzle.GenerateShapes(5, 5, 3, rng)
	p, _, _ = puzzle.Scramble(p, truth, rng)

	for _, pg := range []csp.Propagation{csp.ForwardChecking, csp.ArcConsistency} {
		c, err := csp.New(csp.WithPropagation(pg)).Count(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %d solutions, %d nodes\n", pg, c.Raw, c.Stats.Nodes)
	}
	// Output:
	// forward checking: 8 solutions, 458 nodes
	// arc consistency: 8 solutions, 164 nodes
}

// All yields the solutions lazily; stop whenever you have enough.
func ExampleSolver_All() {
	rng := rand.New(rand.NewPCG(5, 6))
	p, truth, _ := puzzle.GenerateShapes(3, 4, 1, rng)
	p, _, _ = puzzle.Scramble(p, truth, rng)

	n := 0
	for b, err := range csp.New().All(context.Background(), solve.Problem{Puzzle: p}) {
		if err != nil {
			panic(err)
		}
		n++
		fmt.Println(puzzle.Mismatches(p, b), b.Placed())
		if n == 2 {
			break
		}
	}
	// Output:
	// 0 12
	// 0 12
}
