package puzzle

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Scramble returns a copy of p with its pieces shuffled and, when p is
// Rotatable, each turned by a random rotation (0 or 180° under HalfTurns),
// together with solution re-expressed for the new puzzle. A generated puzzle keeps its solution in
// plain sight (piece i in cell i, unturned); Scramble hides it, so that a
// solver cannot succeed by reading piece IDs or by leaving pieces as they
// come.
//
// Piece i of p becomes piece perm[i] of the new puzzle, turned clockwise by
// some t: its Edges are p's piece turned by t (Piece.Turned) and its Image is
// turned to match. A placement of piece i turned by r becomes piece perm[i]
// turned by r-t, which shows the same labels on the same sides, so the
// returned board costs exactly what solution cost on p. Fixed pieces are
// remapped the same way. A nil solution is allowed and gives a nil board.
//
// Images are turned with TurnImage; a pictureless piece stays pictureless.
func Scramble(p *Puzzle, solution *Board, rng *rand.Rand) (*Puzzle, *Board, error) {
	if err := p.Validate(); err != nil {
		return nil, nil, fmt.Errorf("puzzle: cannot scramble: %w", err)
	}
	if solution != nil {
		if err := solution.Validate(p); err != nil {
			return nil, nil, fmt.Errorf("puzzle: cannot scramble with this solution: %w", err)
		}
	}
	if rng == nil {
		return nil, nil, errors.New("puzzle: nil random source: pass a *rand.Rand so the scramble can be reproduced")
	}

	n := len(p.Pieces)
	perm := rng.Perm(n)
	turn := make([]Rotation, n)
	if turns := p.Turns(); len(turns) > 1 {
		for i := range turn {
			turn[i] = turns[rng.IntN(len(turns))]
		}
	}

	q := p.Clone()
	for i := range p.Pieces {
		old := &p.Pieces[i]
		q.Pieces[perm[i]] = Piece{
			ID:    PieceID(perm[i]),
			Edges: old.Turned(turn[i]),
			Image: TurnImage(old.Image, turn[i]),
		}
	}
	remap := func(pl Placement) Placement {
		if pl.IsEmpty() {
			return pl
		}
		return Placement{Piece: PieceID(perm[pl.Piece]), Rotation: pl.Rotation.Add(turn[pl.Piece].Inverse())}
	}
	for i, f := range q.Fixed {
		q.Fixed[i].Placement = remap(f.Placement)
	}

	if solution == nil {
		return q, nil, nil
	}
	b := solution.Clone()
	for i, pl := range b.Cells {
		b.Cells[i] = remap(pl)
	}
	return q, b, nil
}
