package puzzle_test

import (
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

// A quarter turn clockwise brings each side's label round to the next side:
// what was on the left now shows on top.
func ExampleRotation_Source() {
	r := puzzle.Rotation(1)
	for _, s := range puzzle.Sides {
		fmt.Printf("turned %v, the %v side shows the unturned %v side\n", r, s, r.Source(s))
	}
	// Output:
	// turned 90°, the top side shows the unturned left side
	// turned 90°, the right side shows the unturned top side
	// turned 90°, the bottom side shows the unturned right side
	// turned 90°, the left side shows the unturned bottom side
}

// Edge reads a piece's labels as they show once it is turned, so code that
// matches sides never has to work out the rotation itself.
func ExamplePiece_Edge() {
	p := puzzle.Piece{Edges: [4]puzzle.Label{puzzle.Top: 1, puzzle.Right: 2, puzzle.Bottom: 3, puzzle.Left: 4}}
	for r := range puzzle.Rotation(4) {
		fmt.Printf("%4v:", r)
		for _, s := range puzzle.Sides {
			fmt.Printf(" %v %d", s, p.Edge(r, s))
		}
		fmt.Println()
	}
	// Output:
	//   0°: top 1 right 2 bottom 3 left 4
	//  90°: top 4 right 1 bottom 2 left 3
	// 180°: top 3 right 4 bottom 1 left 2
	// 270°: top 2 right 3 bottom 4 left 1
}

// Turning a whole board moves the cells and turns every piece with them, so
// a solution turned as a whole still fits together. A quarter turn makes a
// 2×3 board 3×2.
func ExampleBoard_Turn() {
	b := puzzle.NewBoard(2, 3)
	b.Set(puzzle.Cell{Row: 0, Col: 0}, puzzle.Placement{Piece: 0})
	b.Set(puzzle.Cell{Row: 0, Col: 1}, puzzle.Placement{Piece: 1, Rotation: 1})
	b.Set(puzzle.Cell{Row: 0, Col: 2}, puzzle.Placement{Piece: 2})
	b.Set(puzzle.Cell{Row: 1, Col: 0}, puzzle.Placement{Piece: 3, Rotation: 3})
	b.Set(puzzle.Cell{Row: 1, Col: 2}, puzzle.Placement{Piece: 5})
	fmt.Print(b)
	fmt.Print(b.Turn(1))
	// Output:
	// board 2x3
	//   0 1/1   2
	// 3/3   .   5
	// board 3x2
	//   3 0/1
	//   . 1/2
	// 5/1 2/1
}

// Validate names what is wrong, here a board too small for its pieces; a
// puzzle that mixes in pieces from elsewhere says so with AllowExtra.
func ExamplePuzzle_Validate() {
	p := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Complement}
	for i := range 3 {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{0, 1, 0, -1}})
	}
	fmt.Println(p.Validate())
	p.AllowExtra = true
	fmt.Println(p.Validate())

	p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 2}, Placement: puzzle.Placement{Piece: 1}}}
	fmt.Println(p.Validate())
	// Output:
	// puzzle: 3 pieces for 2 cells (1×2): set AllowExtra if some pieces do not belong
	// <nil>
	// puzzle: fixed piece 1 (entry 0) at cell (0,2) is off the 1×2 board
}
