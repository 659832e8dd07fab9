package esp

import (
	"errors"
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

// Remove returns a copy of p without the pieces that solution places in
// cells, and solution re-expressed for it, with those cells empty: the
// thesis's way of making a puzzle with missing pieces ("mark as blank").
// The remaining pieces keep their order and are renumbered from 0; fixed
// pieces are renumbered with them. It is an error to remove a cell that
// solution leaves empty, that lies off the board or that holds a fixed
// piece.
func Remove(p *puzzle.Puzzle, solution *puzzle.Board, cells ...puzzle.Cell) (*puzzle.Puzzle, *puzzle.Board, error) {
	if err := p.Validate(); err != nil {
		return nil, nil, fmt.Errorf("esp: cannot remove pieces: %w", err)
	}
	if solution == nil {
		return nil, nil, errors.New("esp: cannot remove pieces: nil solution board")
	}
	if err := solution.Validate(p); err != nil {
		return nil, nil, fmt.Errorf("esp: cannot remove pieces: %w", err)
	}
	gone := make([]bool, len(p.Pieces))
	for _, c := range cells {
		if !p.In(c) {
			return nil, nil, fmt.Errorf("esp: cannot remove cell %v: it is off the %d×%d board", c, p.Rows, p.Cols)
		}
		pl := solution.At(c)
		if pl.IsEmpty() {
			return nil, nil, fmt.Errorf("esp: cannot remove cell %v: the solution leaves it empty", c)
		}
		if gone[pl.Piece] {
			return nil, nil, fmt.Errorf("esp: cell %v is removed twice", c)
		}
		for _, f := range p.Fixed {
			if f.Placement.Piece == pl.Piece {
				return nil, nil, fmt.Errorf("esp: cannot remove cell %v: it holds fixed piece %d", c, pl.Piece)
			}
		}
		gone[pl.Piece] = true
	}
	if len(cells) >= len(p.Pieces) {
		return nil, nil, fmt.Errorf("esp: cannot remove %d cells from a puzzle of %d pieces: at least one piece must remain", len(cells), len(p.Pieces))
	}
	newID := make([]puzzle.PieceID, len(p.Pieces))
	q := p.Clone()
	q.Pieces = q.Pieces[:0]
	for i, pc := range p.Pieces {
		if gone[i] {
			newID[i] = puzzle.NoPiece
			continue
		}
		newID[i] = puzzle.PieceID(len(q.Pieces))
		pc.ID = newID[i]
		q.Pieces = append(q.Pieces, pc)
	}
	for i := range q.Fixed {
		q.Fixed[i].Placement.Piece = newID[q.Fixed[i].Placement.Piece]
	}
	b := solution.Clone()
	for i, pl := range b.Cells {
		if !pl.IsEmpty() {
			if id := newID[pl.Piece]; id == puzzle.NoPiece {
				b.Cells[i] = puzzle.Empty
			} else {
				b.Cells[i].Piece = id
			}
		}
	}
	return q, b, nil
}
