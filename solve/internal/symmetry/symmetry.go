// Package symmetry folds whole-board turns out of solution counts, for the
// exact solvers.
package symmetry

import (
	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// Canonical reports whether solution b of p is the least, in cell order, of
// the turned copies of itself that are solutions too, so that counting only
// canonical solutions counts each class of turned solutions once. A puzzle
// whose pieces rotate has every solution turned by 180° as a solution too
// (and by 90° on a square board); fixed pieces or pieces that may not turn
// can break that, so then each turned copy is checked.
func Canonical(p *puzzle.Puzzle, labels *edge.Labels, b *puzzle.Board) bool {
	for _, t := range b.Turns()[1:] {
		tb := b.Turn(t)
		if !p.Rotatable || len(p.Fixed) > 0 {
			if tb.Validate(p) != nil || edge.Cost(labels, tb) != 0 {
				continue
			}
		}
		if less(tb, b) {
			return false
		}
	}
	return true
}

// less orders boards of one size by their cells, piece then rotation.
func less(a, b *puzzle.Board) bool {
	for i := range a.Cells {
		x, y := a.Cells[i], b.Cells[i]
		if x.Piece != y.Piece {
			return x.Piece < y.Piece
		}
		if x.Rotation != y.Rotation {
			return x.Rotation < y.Rotation
		}
	}
	return false
}
