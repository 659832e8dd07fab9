package eternity

import "github.com/reassemble/jigsaw/puzzle"

// The scores count what a board gets right. Two conventions are in use and
// both are here:
//
//   - Score counts matched inner joins, two placed pieces showing the same
//     non-grey colour across a shared edge: 480 at most on 16×16, the
//     figure of the prize (Verhaard's 467, the record 470).
//   - Score544 is the seed's fitness: an inner join counts when the two
//     colours are equal, grey facing grey included, and each grey side on
//     the rim of the board counts too: 2·16·17 = 544 at most on 16×16. Its
//     mean over random boards of the official set is 25.75, the seed's
//     25.8, only because grey joins inside the board count; without them
//     it would be 23.9.
//
// Both read boards as solvers return them and never panic: a malformed
// board scores 0 and a cell naming a piece p does not have counts as a
// hole, whose sides score nothing.

// MaxScore returns the number of inner joins of a rows × cols board,
// 2·rows·cols − rows − cols: the best Score.
func MaxScore(rows, cols int) int {
	if rows < 1 || cols < 1 {
		return 0
	}
	return 2*rows*cols - rows - cols
}

// MaxScore544 returns the best Score544 of a rows × cols board: its inner
// joins plus its 2·(rows+cols) rim sides, 544 on 16×16.
func MaxScore544(rows, cols int) int {
	if rows < 1 || cols < 1 {
		return 0
	}
	return MaxScore(rows, cols) + 2*(rows+cols)
}

// Score returns the number of inner joins of b whose two pieces show the
// same non-grey colour (puzzle.Equal's Fits; it is puzzle.Matches).
func Score(p *puzzle.Puzzle, b *puzzle.Board) int { return puzzle.Matches(p, b) }

// Score544 returns the seed's score: inner joins whose two colours are
// equal, grey joins included, plus grey sides on the rim.
func Score544(p *puzzle.Puzzle, b *puzzle.Board) int {
	n := 0
	scan(p, b, func(_ int, s puzzle.Side, a, c puzzle.Label, inner bool) {
		switch {
		case inner && (s == puzzle.Right || s == puzzle.Bottom) && a == c:
			n++
		case !inner && a == puzzle.Flat:
			n++
		}
	})
	return n
}

// Conflicts returns, per cell of b (row-major), how many of its four sides
// are wrong: facing a placed piece that does not fit it (same non-grey
// colour), or on the rim and not grey. A side facing a hole is not counted,
// since the missing piece is unknown. The cells' conflicts add up to twice
// the unmatched joins plus the rim faults; a solution has none. A malformed
// board gives nil.
func Conflicts(p *puzzle.Puzzle, b *puzzle.Board) []int {
	if p == nil || !wellFormed(b) {
		return nil
	}
	out := make([]int, len(b.Cells))
	scan(p, b, func(i int, _ puzzle.Side, a, c puzzle.Label, inner bool) {
		if (inner && !p.Rule.Fits(a, c)) || (!inner && a != puzzle.Flat) {
			out[i]++
		}
	})
	return out
}

func wellFormed(b *puzzle.Board) bool {
	return b != nil && b.Rows >= 0 && b.Cols >= 0 && len(b.Cells) == b.Rows*b.Cols
}

// known reports whether pl names a piece of p in a valid rotation.
func known(p *puzzle.Puzzle, pl puzzle.Placement) bool {
	return pl.Piece >= 0 && int(pl.Piece) < len(p.Pieces) && pl.Rotation.Valid()
}

// scan calls f for every side of every known piece on b that faces another
// known piece (inner) or the outside of the board (not inner), with the
// cell's index, the side, the label a the piece shows there and, for an
// inner join, the label c facing it. Each inner join is seen from both of
// its cells.
func scan(p *puzzle.Puzzle, b *puzzle.Board, f func(i int, s puzzle.Side, a, c puzzle.Label, inner bool)) {
	if p == nil || !wellFormed(b) {
		return
	}
	for i, pl := range b.Cells {
		if !known(p, pl) {
			continue
		}
		cell := b.CellAt(i)
		pc := &p.Pieces[pl.Piece]
		for _, s := range puzzle.Sides {
			a := pc.Edge(pl.Rotation, s)
			n := cell.Neighbour(s)
			if !b.In(n) {
				f(i, s, a, puzzle.Flat, false)
				continue
			}
			if q := b.At(n); known(p, q) {
				f(i, s, a, p.Pieces[q.Piece].Edge(q.Rotation, s.Opposite()), true)
			}
		}
	}
}
