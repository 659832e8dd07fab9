package eternity_test

import (
	"context"
	"fmt"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

// The 3×3 board of seed 001's EternityEditor figure, one piece per cell,
// sides top, right, bottom, left: a perfect solution with 4 colours.
var seedFixture = [9][4]puzzle.Label{
	{0, 1, 3, 0}, {0, 3, 1, 1}, {0, 0, 4, 3},
	{3, 2, 1, 0}, {1, 1, 4, 2}, {4, 0, 3, 1},
	{1, 4, 0, 0}, {4, 2, 0, 4}, {3, 0, 0, 2},
}

func fixturePuzzle() *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 3, Cols: 3, Rule: puzzle.Equal, Rotatable: true}
	for i, e := range seedFixture {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: e})
	}
	return p
}

// Counting the solutions of a small edge-matching puzzle, all of them and
// with its first piece pinned in the top-left corner, which on a square
// board counts them up to turning the whole board.
func ExampleExact_Count() {
	p := fixturePuzzle()
	x, err := eternity.NewExact(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	all, st, err := x.Count(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	pinned, err := eternity.NewExact(p, eternity.ExactPinCorner(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	up, _, err := pinned.Count(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solutions:", all, st.Status)
	fmt.Println("up to turning the board:", up)
	// Output:
	// solutions: 8 exhausted
	// up to turning the board: 2
}

// Splitting a search into branches that can run apart, and summing them.
func ExampleExact_Split() {
	x, err := eternity.NewExact(fixturePuzzle())
	if err != nil {
		fmt.Println(err)
		return
	}
	branches, _, err := x.Split(context.Background(), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	var total uint64
	for _, b := range branches {
		n, _, err := b.Run(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("branch with %v in %v: %d\n", b.Prefix()[0].Placement, b.Prefix()[0].Cell, n)
		total += n
	}
	fmt.Println("total:", total)
	// Output:
	// branch with 0/0 in (0,0): 2
	// branch with 2/3 in (0,0): 2
	// branch with 6/1 in (0,0): 2
	// branch with 8/2 in (0,0): 2
	// total: 8
}
