package puzzle

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// The generators build label puzzles with a planted solution: piece i sits
// in cell i (row-major) unturned, every side on the rim is Flat and no side
// inside is. Solvers are measured against that board, so a generator must
// never leave a second reading of the joins open by accident: each one
// documents how unique its solution is.
//
// Every generated puzzle is Rotatable, as in the seeds' test puzzles, and
// draws all its randomness from the rng it is given, in a fixed order: the
// same seed gives the same puzzle.

// GenerateUnique returns the thesis's test model: a rows × cols puzzle under
// the Equal rule in which every internal join has its own label. The labels
// 1 to J, for J internal joins, are dealt to the joins in random order, so
// nothing in a label betrays where its join lies. Because no two joins share
// a label, the planted solution is the only one up to whole-board turns.
func GenerateUnique(rows, cols int, rng *rand.Rand) (*Puzzle, *Board, error) {
	if err := checkGenerate(rows, cols, rng); err != nil {
		return nil, nil, err
	}
	labels := rng.Perm(joinCount(rows, cols))
	next := 0
	p, b := plant(rows, cols, Equal, func(Cell, Side) (Label, Label) {
		l := Label(labels[next] + 1)
		next++
		return l, l
	})
	return p, b, nil
}

// GenerateShapes returns a tab/blank puzzle under the Complement rule, as in
// the shape-coded jigsaws: each internal join gets a shape k drawn uniformly
// from 1 to pairs and a random polarity, one side +k and the other -k.
// pairs <= 0 means ShapePairs(rows*cols). Shapes repeat, so other solutions
// than the planted one may exist, the fewer the more pairs there are.
func GenerateShapes(rows, cols, pairs int, rng *rand.Rand) (*Puzzle, *Board, error) {
	if err := checkGenerate(rows, cols, rng); err != nil {
		return nil, nil, err
	}
	if pairs <= 0 {
		pairs = ShapePairs(rows * cols)
	}
	if pairs > math.MaxInt32 {
		return nil, nil, fmt.Errorf("puzzle: %d shape pairs do not fit a Label (at most %d)", pairs, math.MaxInt32)
	}
	p, b := plant(rows, cols, Complement, func(Cell, Side) (Label, Label) {
		k := Label(1 + rng.IntN(pairs))
		if rng.IntN(2) == 0 {
			return k, -k
		}
		return -k, k
	})
	return p, b, nil
}

// ShapePairs returns the default number of tab/blank shape pairs for a
// puzzle of the given number of pieces: one sixth of the pieces, rounded up,
// and at least 1. Fewer shapes leave many solutions; more make the search
// trivial, since a side then fits almost only its true neighbour.
func ShapePairs(pieces int) int {
	if pieces <= 6 {
		return 1
	}
	return (pieces + 5) / 6
}

// GenerateColours returns an edge-matching puzzle in the style of Eternity II
// under the Equal rule. Joins between two rim pieces along the frame (both
// pieces touch the same outside edge of the board) get colours 1 to
// frameColours; every other internal join gets a colour from
// frameColours+1 to frameColours+innerColours. Colours are drawn uniformly
// and independently, so a colour may go unused on a small board. Eternity II
// itself has 5 frame and 17 inner colours on 16 × 16.
//
// A count may be 0 only if the board has no joins of that kind: a single
// row or column, or a 2 × 2 board, has no inner joins, and a 1 × 1 board has
// none at all.
func GenerateColours(rows, cols, frameColours, innerColours int, rng *rand.Rand) (*Puzzle, *Board, error) {
	if err := checkGenerate(rows, cols, rng); err != nil {
		return nil, nil, err
	}
	if frameColours < 0 || innerColours < 0 {
		return nil, nil, fmt.Errorf("puzzle: %d frame and %d inner colours: counts must not be negative", frameColours, innerColours)
	}
	if frameColours > math.MaxInt32-innerColours {
		return nil, nil, fmt.Errorf("puzzle: %d frame and %d inner colours do not fit a Label (at most %d in all)", frameColours, innerColours, math.MaxInt32)
	}
	frame := 0
	forEachJoin(rows, cols, func(a Cell, s Side) {
		if alongFrame(rows, cols, a, a.Neighbour(s)) {
			frame++
		}
	})
	inner := joinCount(rows, cols) - frame
	if frame > 0 && frameColours < 1 {
		return nil, nil, fmt.Errorf("puzzle: a %d×%d board has %d joins along its frame: frameColours must be at least 1, got %d", rows, cols, frame, frameColours)
	}
	if inner > 0 && innerColours < 1 {
		return nil, nil, fmt.Errorf("puzzle: a %d×%d board has %d inner joins: innerColours must be at least 1, got %d", rows, cols, inner, innerColours)
	}
	p, b := plant(rows, cols, Equal, func(a Cell, s Side) (Label, Label) {
		var l Label
		if alongFrame(rows, cols, a, a.Neighbour(s)) {
			l = Label(1 + rng.IntN(frameColours))
		} else {
			l = Label(frameColours + 1 + rng.IntN(innerColours))
		}
		return l, l
	})
	return p, b, nil
}

// alongFrame reports whether the join between cells a and b runs along the
// frame: both cells touch the same outside edge of the board. A join
// between a top-rim and a bottom-rim cell of a two-row board crosses the
// board instead, as an Eternity II border piece's inward join does.
func alongFrame(rows, cols int, a, b Cell) bool {
	return (a.Row == 0 && b.Row == 0) ||
		(a.Row == rows-1 && b.Row == rows-1) ||
		(a.Col == 0 && b.Col == 0) ||
		(a.Col == cols-1 && b.Col == cols-1)
}

// checkGenerate rejects the arguments every generator shares.
func checkGenerate(rows, cols int, rng *rand.Rand) error {
	if rows < 1 || cols < 1 {
		return fmt.Errorf("puzzle: cannot generate a board of %d rows and %d columns: both must be at least 1", rows, cols)
	}
	if rows > maxCells/cols {
		return fmt.Errorf("puzzle: cannot generate a %d×%d board: more than %d cells", rows, cols, maxCells)
	}
	if rng == nil {
		return errors.New("puzzle: nil random source: pass a *rand.Rand so the puzzle can be reproduced")
	}
	return nil
}

// joinCount returns the number of internal joins of a rows × cols board.
func joinCount(rows, cols int) int { return rows*(cols-1) + (rows-1)*cols }

// forEachJoin calls f once per internal join, as the cell on its top or left
// and the side (Right or Bottom) facing the other cell, in row-major order
// of that cell with its Right join first. The generators draw labels in this
// order, which is what makes a seed reproduce a puzzle.
func forEachJoin(rows, cols int, f func(a Cell, s Side)) {
	for r := range rows {
		for c := range cols {
			if c+1 < cols {
				f(Cell{r, c}, Right)
			}
			if r+1 < rows {
				f(Cell{r, c}, Bottom)
			}
		}
	}
}

// plant builds a rotatable puzzle whose piece i sits unturned in cell i,
// Flat on the rim, with label(a, s) giving the labels of cell a's side s and
// of its neighbour's facing side for every internal join.
func plant(rows, cols int, rule MatchRule, label func(a Cell, s Side) (Label, Label)) (*Puzzle, *Board) {
	p := &Puzzle{Rows: rows, Cols: cols, Pieces: make([]Piece, rows*cols), Rule: rule, Rotatable: true}
	b := &Board{Rows: rows, Cols: cols, Cells: make([]Placement, rows*cols)}
	for i := range p.Pieces {
		p.Pieces[i].ID = PieceID(i)
		b.Cells[i] = Placement{Piece: PieceID(i)}
	}
	forEachJoin(rows, cols, func(a Cell, s Side) {
		i := b.Index(a)
		j := b.Index(a.Neighbour(s))
		p.Pieces[i].Edges[s], p.Pieces[j].Edges[s.Opposite()] = label(a, s)
	})
	return p, b
}
