package tabu_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// The thesis's largest benchmark, a 4×5 unique-label puzzle shuffled and
// turned (seed 000, Table 4), solved by the thesis's tabu search.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, truth, err := puzzle.GenerateUnique(4, 5, rng)
	if err != nil {
		panic(err)
	}
	p, truth, _ = puzzle.Scramble(p, truth, rng)

	res, err := tabu.New(tabu.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	// A unique-label puzzle has one solution up to turning the whole
	// board, and Perfect allows that turn.
	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
	// Output:
	// solved 0 true
}

// On a square board the thesis's column swap exchanged rows (see the
// package documentation), so the search its square-board results come from
// swapped rows alone; WithNeighbourhood(tabu.Rows) runs that search.
func ExampleWithNeighbourhood() {
	rng := rand.New(rand.NewPCG(3, 4))
	p, truth, err := puzzle.GenerateUnique(4, 4, rng)
	if err != nil {
		panic(err)
	}
	p, _, _ = puzzle.Scramble(p, truth, rng)

	for _, nb := range []tabu.Neighbourhood{tabu.RowsCols, tabu.Rows} {
		res, err := tabu.New(tabu.WithNeighbourhood(nb)).Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			panic(err)
		}
		fmt.Println(nb, res.Status, res.Cost)
	}
	// Output:
	// rows+cols solved 0
	// rows solved 0
}
