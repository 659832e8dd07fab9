package eternity_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// ExampleNewBreaks searches a 10×10 puzzle in the style of Eternity II,
// its pieces shuffled and turned, with a budget of iterations (placements,
// then the polish's moves): the score depends on the seed and the budget,
// never on the machine.
func ExampleNewBreaks() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, _, _ := puzzle.GenerateColours(10, 10, 4, 9, rng)
	p.Rotatable = true
	p, _, _ = puzzle.Scramble(p, nil, rng)

	res, err := eternity.NewBreaks().Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithMaxIterations(20_000_000), solve.WithSeed(1))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d/%d joins, %v\n", eternity.Score(p, res.Board), eternity.MaxScore(10, 10), res.Status)
	// Output: 171/180 joins, iteration limit
}
