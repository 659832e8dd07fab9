package eternity_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// ExampleNewHunt searches a small puzzle in the style of Eternity II, its
// pieces shuffled and turned, for the most matching joins.
func ExampleNewHunt() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, _, _ := puzzle.GenerateColours(6, 6, 3, 4, rng)
	p.Rotatable = true
	p, _, _ = puzzle.Scramble(p, nil, rng)

	res, err := eternity.NewHunt().Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithMaxIterations(50_000_000), solve.WithSeed(1))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d/%d joins, %v\n", eternity.Score(p, res.Board), eternity.MaxScore(6, 6), res.Status)
	// Output: 60/60 joins, solved
}
