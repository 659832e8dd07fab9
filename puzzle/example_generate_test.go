package puzzle_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
)

// ExampleGenerateUnique builds the thesis's 3×4 test puzzle: every join has
// its own label, so the planted solution is the only one up to turning the
// whole board, hidden among 4^12·12! arrangements.
func ExampleGenerateUnique() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, solution, err := puzzle.GenerateUnique(3, 4, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("pieces:", len(p.Pieces))
	fmt.Println("joins matched:", puzzle.Matches(p, solution))
	fmt.Println("mismatches:", puzzle.Mismatches(p, solution))
	fmt.Println("arrangements:", puzzle.SearchSpace(len(p.Pieces), p.Rotatable))
	// Output:
	// pieces: 12
	// joins matched: 17
	// mismatches: 0
	// arrangements: 8036313307545600
}

// ExampleGenerateShapes builds a tab/blank puzzle with the default number
// of shapes, one sixth of the pieces.
func ExampleGenerateShapes() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, solution, err := puzzle.GenerateShapes(4, 5, 0, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rule:", p.Rule)
	fmt.Println("shape pairs:", puzzle.ShapePairs(len(p.Pieces)))
	fmt.Println("mismatches:", puzzle.Mismatches(p, solution))
	// Output:
	// rule: complement
	// shape pairs: 4
	// mismatches: 0
}

// ExampleGenerateColours builds a board with Eternity II's proportions:
// 16×16, 5 colours on the joins along the frame and 17 inside.
func ExampleGenerateColours() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, solution, err := puzzle.GenerateColours(16, 16, 5, 17, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	colours := make(map[puzzle.Label]bool)
	for _, piece := range p.Pieces {
		for _, l := range piece.Edges {
			if l != puzzle.Flat {
				colours[l] = true
			}
		}
	}
	fmt.Println("colours used:", len(colours))
	fmt.Printf("score: %d/480\n", puzzle.Matches(p, solution))
	// Output:
	// colours used: 22
	// score: 480/480
}

// ExampleScramble hides a planted solution: the pieces are shuffled and
// turned, and the solution follows them, so it still fits perfectly.
func ExampleScramble() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, solution, err := puzzle.GenerateShapes(6, 6, 0, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	q, hidden, err := puzzle.Scramble(p, solution, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("valid:", hidden.Validate(q) == nil)
	fmt.Println("mismatches:", puzzle.Mismatches(q, hidden))
	// Output:
	// valid: true
	// mismatches: 0
}

// Example_metrics scores a near miss: a solver's board that has the picture
// turned a quarter (no fault when orientation is unknown) and two corner
// pieces swapped.
func Example_metrics() {
	truth := puzzle.NewBoard(3, 3)
	for i := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	got := truth.Clone()
	got.Cells[0], got.Cells[8] = got.Cells[8], got.Cells[0]
	got = got.Turn(1)

	fmt.Printf("direct:     %.3f\n", puzzle.DirectComparison(truth, got))
	fmt.Printf("neighbours: %.3f\n", puzzle.NeighbourComparison(truth, got))
	fmt.Println("perfect:", puzzle.Perfect(truth, got))
	fmt.Println("perfect when turned as a whole:", puzzle.Perfect(truth, truth.Turn(1)))
	// Output:
	// direct:     0.778
	// neighbours: 0.667
	// perfect: false
	// perfect when turned as a whole: true
}

// Example_shifted shows the picture rebuilt one column too far right: no
// piece is in its cell, but 9 of 12 are where a common shift puts them.
func Example_shifted() {
	truth := puzzle.NewBoard(3, 4)
	got := puzzle.NewBoard(3, 4)
	for i := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
		if c := truth.CellAt(i); c.Col < 3 {
			got.Set(puzzle.Cell{Row: c.Row, Col: c.Col + 1}, truth.Cells[i])
		}
	}
	fmt.Printf("direct:  %.2f\n", puzzle.DirectComparison(truth, got))
	fmt.Printf("shifted: %.2f\n", puzzle.ShiftedDirectComparison(truth, got))
	// Output:
	// direct:  0.00
	// shifted: 0.75
}

// ExampleSearchSpace prints the thesis's count for a 4×4 puzzle: far too many
// arrangements to try one by one.
func ExampleSearchSpace() {
	fmt.Println(puzzle.SearchSpace(16, true))
	fmt.Println(puzzle.SearchSpace(16, false))
	// Output:
	// 89862698310039502848000
	// 20922789888000
}
