package edge_test

import (
	"fmt"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// tabsAndBlanks is a 2×2 tab-and-blank puzzle: +k is a tab that fits the
// blank -k, 0 a straight side. Its solution is 0 1 / 2 3, unturned.
func tabsAndBlanks(rotatable bool) *puzzle.Puzzle {
	return &puzzle.Puzzle{
		Rows: 2, Cols: 2, Rule: puzzle.Complement, Rotatable: rotatable,
		Pieces: []puzzle.Piece{
			{ID: 0, Edges: [4]puzzle.Label{0, +1, +2, 0}}, // top, right, bottom, left
			{ID: 1, Edges: [4]puzzle.Label{0, 0, +3, -1}},
			{ID: 2, Edges: [4]puzzle.Label{-2, +4, 0, 0}},
			{ID: 3, Edges: [4]puzzle.Label{-3, 0, 0, -4}},
		},
	}
}

// Finding the pieces that fit a cell takes one map look-up, whatever the
// number of pieces: here, filling a board in reading order.
func Example_candidates() {
	c, err := edge.NewCandidates(tabsAndBlanks(true))
	if err != nil {
		fmt.Println(err)
		return
	}
	// Each corner piece, suitably turned, has flat left and top sides.
	fmt.Println("top-left corner:", c.LeftTop(puzzle.Flat, puzzle.Flat))

	b := puzzle.NewBoard(2, 2)
	b.Set(puzzle.Cell{Row: 0, Col: 0}, puzzle.Placement{Piece: 0})
	for _, cell := range []puzzle.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}} {
		need, ok := c.NeedAt(b, cell)
		if !ok {
			fmt.Println(cell, "cannot be filled")
			return
		}
		fits := c.AppendFitting(nil, need)
		fmt.Println(cell, "needs", need, "fits", fits)
		b.Set(cell, fits[0])
	}
	fmt.Println("cost:", edge.Cost(c.Labels(), b))
	// Output:
	// top-left corner: [0/0 1/3 2/1 3/2]
	// (0,1) needs [0 0 * -1] fits [1/0]
	// (1,0) needs [-2 * 0 0] fits [2/0]
	// (1,1) needs [-3 0 0 -4] fits [3/0]
	// cost: 0
}

// Cost counts a label puzzle's mismatched joins and the non-flat sides on
// its rim.
func ExampleCost() {
	p := tabsAndBlanks(false)
	l, err := edge.NewLabels(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	b := puzzle.NewBoard(2, 2)
	for i := range b.Cells {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	fmt.Println("solved:", edge.Cost(l, b))

	// Swapping the top pieces breaks three joins and puts a tab and a
	// blank on the rim.
	b.Cells[0], b.Cells[1] = b.Cells[1], b.Cells[0]
	fmt.Println("top row swapped:", edge.Cost(l, b))

	// A hole costs nothing: the missing piece is unknown. Emptying the
	// top-left cell leaves one broken join and one tab on the rim.
	b.Cells[0] = puzzle.Empty
	fmt.Println("with a hole:", edge.Cost(l, b))
	// Output:
	// solved: 0
	// top row swapped: 5
	// with a hole: 2
}

// CellCost prices what one cell contributes, which is all that changes when
// local search moves the piece in it.
func ExampleCellCost() {
	l, err := edge.NewLabels(tabsAndBlanks(true))
	if err != nil {
		fmt.Println(err)
		return
	}
	b := puzzle.NewBoard(2, 2)
	for i := range b.Cells {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	corner := puzzle.Cell{Row: 1, Col: 1}
	before, cost := edge.CellCost(l, b, corner), edge.Cost(l, b)

	// Turned by 180°, piece 3 shows flat sides to both neighbours and its
	// blanks to the rim.
	b.Set(corner, puzzle.Placement{Piece: 3, Rotation: 2})
	after := edge.CellCost(l, b, corner)
	fmt.Println("cell:", before, "->", after)
	fmt.Println("board:", cost, "->", cost+after-before, "=", edge.Cost(l, b))
	// Output:
	// cell: 0 -> 4
	// board: 0 -> 4 = 4
}

// A piece turned clockwise by a quarter shows its old left side on top.
func ExampleLabels_Edge() {
	l, err := edge.NewLabels(tabsAndBlanks(true))
	if err != nil {
		fmt.Println(err)
		return
	}
	for r := range puzzle.Rotation(4) {
		a := puzzle.Placement{Piece: 0, Rotation: r}
		var shown [4]puzzle.Label
		for _, s := range puzzle.Sides {
			shown[s] = l.Edge(a, s)
		}
		fmt.Printf("%v: %v\n", r, shown)
	}
	// Output:
	// 0°: [0 1 2 0]
	// 90°: [0 0 1 2]
	// 180°: [2 0 0 1]
	// 270°: [1 2 0 0]
}
