package esp

import (
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

// Verify checks, from the labels alone, that b solves p with its missing
// pieces left out: b is a valid board for p (puzzle.Board.Validate), every
// piece is placed once and exactly p.Missing() cells are empty, every side
// on the rim is flat, and every two placed neighbours fit under p's rule.
// It shares no code with the solvers, so that it checks them. The error
// names the first cell at fault.
func Verify(p *puzzle.Puzzle, b *puzzle.Board) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("esp: verify: %w", err)
	}
	if err := b.Validate(p); err != nil {
		return fmt.Errorf("esp: verify: %w", err)
	}
	placed := b.Placed()
	if want := min(len(p.Pieces), p.Cells()); placed != want {
		return fmt.Errorf("esp: verify: %d pieces placed, want %d", placed, want)
	}
	if empty := p.Cells() - placed; empty != p.Missing() {
		return fmt.Errorf("esp: verify: %d cells empty, want %d", empty, p.Missing())
	}
	for i, pl := range b.Cells {
		if pl.IsEmpty() {
			continue
		}
		c := b.CellAt(i)
		labels := p.Pieces[pl.Piece].Turned(pl.Rotation)
		for _, s := range puzzle.Sides {
			n := c.Neighbour(s)
			if !b.In(n) {
				if labels[s] != puzzle.Flat {
					return fmt.Errorf("esp: verify: piece %d in cell %v shows label %d on its %v side, on the rim", pl.Piece, c, labels[s], s)
				}
				continue
			}
			o := b.At(n)
			if o.IsEmpty() {
				continue
			}
			other := p.Pieces[o.Piece].Turned(o.Rotation)[s.Opposite()]
			if !p.Rule.Fits(labels[s], other) {
				return fmt.Errorf("esp: verify: piece %d in cell %v shows %d on its %v side, which does not fit the %d of piece %d in cell %v", pl.Piece, c, labels[s], s, other, o.Piece, n)
			}
		}
	}
	return nil
}
