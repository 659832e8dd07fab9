package esp

import (
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
)

// The thesis's chapter 4 measures on one 10 × 15 puzzle of 150 pieces;
// the layouts below are for that board.
const (
	thesisRows = 10
	thesisCols = 15
)

// Layout is a named arrangement of empty cells on the 10 × 15 board.
type Layout struct {
	// Name identifies the layout in reports: its class and hole count.
	Name string
	// Class is the thesis's class of layout ("isolated", "shared line",
	// "frame", "phantom"), by which results are summarised.
	Class string
	// Holes are the empty cells.
	Holes []puzzle.Cell
}

func at(rc ...[2]int) []puzzle.Cell {
	out := make([]puzzle.Cell, len(rc))
	for i, c := range rc {
		out[i] = puzzle.Cell{Row: c[0], Col: c[1]}
	}
	return out
}

// MultiLayouts returns the hole layouts of espmulti on a 10 × 15 board,
// covering the thesis's classes (chapter 4, Figs. 31-32, whose own layouts
// are not in its text): holes isolated in distinct rows and columns, holes
// sharing a row or column, holes on the frame and in corners, and
// symmetric layouts whose marked lines cross at phantom points.
func MultiLayouts() []Layout {
	return []Layout{
		{"isolated-2", "isolated", at([2]int{2, 3}, [2]int{6, 11})},
		{"isolated-3", "isolated", at([2]int{1, 2}, [2]int{4, 8}, [2]int{7, 12})},
		{"isolated-4", "isolated", at([2]int{1, 1}, [2]int{3, 6}, [2]int{5, 10}, [2]int{8, 13})},
		{"isolated-5", "isolated", at([2]int{1, 2}, [2]int{3, 5}, [2]int{4, 9}, [2]int{6, 12}, [2]int{8, 7})},
		{"row-2", "shared line", at([2]int{4, 3}, [2]int{4, 10})},
		{"adjacent-2", "shared line", at([2]int{5, 5}, [2]int{5, 6})},
		{"column-3", "shared line", at([2]int{2, 6}, [2]int{6, 6}, [2]int{7, 9})},
		{"cross-5", "shared line", at([2]int{2, 7}, [2]int{4, 4}, [2]int{4, 7}, [2]int{4, 10}, [2]int{7, 7})},
		{"frame-2", "frame", at([2]int{0, 4}, [2]int{9, 10})},
		{"corners-2", "frame", at([2]int{0, 0}, [2]int{9, 14})},
		{"frame-corner-3", "frame", at([2]int{0, 0}, [2]int{0, 7}, [2]int{6, 14})},
		{"frame-inner-3", "frame", at([2]int{8, 0}, [2]int{2, 2}, [2]int{2, 9})},
		{"diagonal-3", "phantom", at([2]int{2, 2}, [2]int{4, 4}, [2]int{6, 6})},
		{"rectangle-4", "phantom", at([2]int{2, 3}, [2]int{2, 11}, [2]int{7, 3}, [2]int{7, 11})},
		{"mixed-5", "phantom", at([2]int{0, 6}, [2]int{3, 3}, [2]int{3, 11}, [2]int{6, 7}, [2]int{9, 0})},
	}
}

// SimilarPuzzle returns the similar-pieces case of espsimilar (the
// thesis's Figs. 27-28, rebuilt on labels): a 10 × 15 puzzle of unique
// labels, unscrambled, whose piece at (5,7) is missing and in which two
// joins of the rows above and below the hole share their labels with
// joins of row 1. A side on those joins then fits two pieces; the first
// match leads the plain count along row 1, so neither the piece above nor
// the piece below the hole sees its row whole, the hole's column goes
// unmarked, and pieces on the frame mark rows that hold no hole. The
// extended count follows both branches and finds the rows whole. It
// returns the puzzle, its solution and the hole.
func SimilarPuzzle(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, puzzle.Cell, error) {
	p, sol, err := puzzle.GenerateUnique(thesisRows, thesisCols, rng)
	if err != nil {
		return nil, nil, puzzle.Cell{}, err
	}
	id := func(r, c int) int { return r*thesisCols + c }
	// share gives the horizontal join right of (r2,c2) the label of the
	// join right of (r1,c1).
	share := func(r1, c1, r2, c2 int) {
		l := p.Pieces[id(r1, c1)].Edges[puzzle.Right]
		p.Pieces[id(r2, c2)].Edges[puzzle.Right] = l
		p.Pieces[id(r2, c2+1)].Edges[puzzle.Left] = l
	}
	share(4, 8, 1, 1)
	share(6, 8, 1, 4)
	share(0, 8, 0, 2)
	share(9, 8, 1, 7)
	hole := puzzle.Cell{Row: 5, Col: 7}
	q, b, err := Remove(p, sol, hole)
	if err != nil {
		return nil, nil, puzzle.Cell{}, err
	}
	return q, b, hole, nil
}
