package esp_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Two pieces go missing from the thesis's 10×15 puzzle; Empty Slot
// Prediction names the rows and columns they break, and Fit Blank First
// tries the layouts among the crossings.
func Example_missingPieces() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, sol, _ := puzzle.GenerateUnique(10, 15, rng)
	p.Rotatable = false // pieces keep their orientation, as the thesis read them
	p, _, err := esp.Remove(p, sol, puzzle.Cell{Row: 2, Col: 3}, puzzle.Cell{Row: 6, Col: 9})
	if err != nil {
		panic(err)
	}

	pred, _ := esp.Predict(p)
	fmt.Println("candidates:", pred.Cells(), "phantoms:", pred.Phantoms())

	res, err := esp.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost, esp.Verify(p, res.Board) == nil)
	// Output:
	// candidates: [(2,3) (2,9) (6,3) (6,9)] phantoms: 2
	// solved 0 true
}

// Four pieces of a 2×2 puzzle, board size unknown: which boards could they
// fill with two pieces missing? The empty cells of a 2×3 can face their
// flat sides; a single line of six cannot take pieces with flat sides on
// adjacent edges.
func ExampleShapes() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, sol, _ := puzzle.GenerateUnique(2, 2, rng)
	p, _, _ = puzzle.Scramble(p, sol, rng)
	p.Rows, p.Cols = 0, 0 // unknown

	shapes, err := esp.Shapes(context.Background(), p, 2)
	if err != nil {
		panic(err)
	}
	for _, s := range shapes {
		fmt.Printf("%d×%d: %v, %d flat sides for a rim of %d\n", s.Rows, s.Cols, s.Search, s.FlatSides, s.Perimeter)
	}
	// Output:
	// 2×3: found, 8 flat sides for a rim of 10
	// 1×6: ruled out, 8 flat sides for a rim of 14
}
