package strips_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/strips"
)

// Example orders the strips of a page that were shuffled and scanned
// either way up. The strips here carry labels, strip i's right side
// matching strip i+1's left, so that the example needs no pictures; a
// shredded page's strips are priced by the document measures of package
// edge/document instead, which the solver reads the same way.
func Example() {
	const n = 12
	p := &puzzle.Puzzle{Rows: 1, Cols: n, Rule: puzzle.Equal, Rotatable: true, HalfTurns: true}
	truth := puzzle.NewBoard(1, n)
	for i := range n {
		// Top and bottom are the page's edges; the page's left and right
		// margins are flat too.
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{0, puzzle.Label(i + 1), 0, puzzle.Label(i)}})
		truth.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	p.Pieces[n-1].Edges[puzzle.Right] = puzzle.Flat
	p, truth, err := puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := strips.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, "cost", res.Cost, "perfect:", puzzle.Perfect(truth, res.Board))
	// Output:
	// solved cost 0 perfect: true
}
