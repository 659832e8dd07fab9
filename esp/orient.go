package esp

import "github.com/reassemble/jigsaw/puzzle"

// unknownTurn marks a piece whose turn the matches do not fix.
const unknownTurn = -1

// orient works out each piece's turn from its unique matches, relative to
// a reference piece read unturned: when a side of a piece fits exactly one
// side of one other piece, and that side fits back only the first, the two
// are neighbours in every solution, and the side that fits fixes the
// second piece's turn given the first's. Following such matches from the
// reference turns its whole component consistently. Only the largest
// component is kept; the turns of pieces outside it stay unknown, since
// nothing relates them to the reference. It returns nil when two matches
// disagree on a piece's turn, which similar pieces can cause, when no
// match is unique, or when the puzzle's pieces do not rotate.
func (k *counter) orient() []int8 {
	if k.turns != 4 {
		return nil
	}
	n := len(k.p.Pieces)
	turn := make([]int8, n)
	for i := range turn {
		turn[i] = unknownTurn
	}
	comp := make([]int32, n)
	var best, bestSize int32 = -1, 0
	queue := make([]int32, 0, n)
	for start := range n {
		if turn[start] != unknownTurn {
			continue
		}
		id := int32(start)
		turn[start] = 0
		comp[start] = id
		queue = append(queue[:0], id)
		for head := 0; head < len(queue); head++ {
			a := queue[head]
			e := a*int32(k.turns) + int32(turn[a])
			for _, s := range puzzle.Sides {
				x := k.unique(e, s)
				if x < 0 {
					continue
				}
				b, tb := k.piece(x), int8(x%int32(k.turns))
				switch {
				case turn[b] == unknownTurn:
					turn[b], comp[b] = tb, id
					queue = append(queue, b)
				case turn[b] != tb:
					return nil
				}
			}
		}
		if size := int32(len(queue)); size > bestSize {
			best, bestSize = id, size
		}
	}
	if bestSize < 2 {
		// No unique match: nothing is oriented.
		return nil
	}
	for i := range turn {
		if comp[i] != best {
			turn[i] = unknownTurn
		}
	}
	return turn
}

// unique returns the one element of another piece that fits e's side s
// when that element fits back only e, or -1.
func (k *counter) unique(e int32, s puzzle.Side) int32 {
	x := k.sole(e, s)
	if x < 0 || k.sole(x, s.Opposite()) != e {
		return -1
	}
	return x
}

// sole returns the partner of e on side s if it is the only one, or -1.
func (k *counter) sole(e int32, s puzzle.Side) int32 {
	found := int32(-1)
	for _, x := range k.partners(e, s) {
		if k.piece(x) == k.piece(e) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = x
	}
	return found
}

// frameTurns returns the whole-board turns, relative to the reference
// piece, under which the oriented pieces may lie on the board. A solution
// turned half a revolution is a solution, so turns come in pairs; on a
// board that is not square only one pair puts the rows across, and the
// oriented pieces' whole lines tell which: in the right pair a line across
// spans the width and a line down the height. When they do not tell, as
// on a square board, all four turns remain.
func (k *counter) frameTurns(turn []int8) []puzzle.Rotation {
	h, w := k.p.Rows, k.p.Cols
	var votes [2]int
	for i, t := range turn {
		if t == unknownTurn {
			continue
		}
		e := int32(i*k.turns) + int32(t)
		c := k.plainCounts(e)
		across := c[puzzle.Left] + c[puzzle.Right]
		down := c[puzzle.Top] + c[puzzle.Bottom]
		if across == w-1 && down == h-1 {
			votes[0]++
		}
		if across == h-1 && down == w-1 {
			votes[1]++
		}
	}
	switch {
	case votes[0] > votes[1]:
		return []puzzle.Rotation{0, 2}
	case votes[1] > votes[0]:
		return []puzzle.Rotation{1, 3}
	}
	return []puzzle.Rotation{0, 1, 2, 3}
}

// plainCounts returns the plain count of e on each side.
func (k *counter) plainCounts(e int32) [4]int {
	var c [4]int
	for _, s := range puzzle.Sides {
		c[s] = k.plain(e, s)
	}
	return c
}
