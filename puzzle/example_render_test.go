package puzzle_test

import (
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

// Example_render draws a two-piece strip whose pieces share label 1 across
// their join: the join reads as one colour from both sides of the grid line,
// and the flat frame sides are grey.
func Example_render() {
	p := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Equal, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{puzzle.Flat, 1, puzzle.Flat, puzzle.Flat}},
		{ID: 1, Edges: [4]puzzle.Label{puzzle.Flat, puzzle.Flat, puzzle.Flat, 1}},
	}}
	b := puzzle.NewBoard(1, 2)
	b.Set(puzzle.Cell{Row: 0, Col: 0}, puzzle.Placement{Piece: 0})
	b.Set(puzzle.Cell{Row: 0, Col: 1}, puzzle.Placement{Piece: 1})

	img := puzzle.Render(p, b) // 32-pixel cells
	fmt.Println("bounds:", img.Bounds())
	fmt.Println("left of the join: ", img.RGBAAt(30, 16))
	fmt.Println("right of the join:", img.RGBAAt(33, 16))
	fmt.Println("top, a flat side: ", img.RGBAAt(16, 8))
	// Output:
	// bounds: (0,0)-(64,32)
	// left of the join:  {70 118 235 255}
	// right of the join: {70 118 235 255}
	// top, a flat side:  {150 150 150 255}
}
