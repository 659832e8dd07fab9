package jigsaw_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// Example is the package documentation's worked example, run: a tab/blank
// puzzle of 192 pieces with a planted solution is shuffled, its pieces
// turned, and solved exactly. Randomness comes from the one source passed
// in, so the run replays.
func Example() {
	rng := rand.New(rand.NewPCG(1, 1))
	p, truth, err := puzzle.GenerateShapes(12, 16, 0, rng) // 0: ceil(N/6) shape pairs
	if err != nil {
		fmt.Println(err)
		return
	}
	p, truth, err = puzzle.Scramble(p, truth, rng) // shuffle and turn the pieces
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := backtrack.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		fmt.Println(err) // invalid input; a budget or a cancelled context is a status
		return
	}
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}
