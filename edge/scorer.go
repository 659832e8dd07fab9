package edge

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// A Scorer prices placing b on side s of a: 0 is a perfect fit, larger is
// worse. Neither placement is empty. Implementations are safe for
// concurrent use.
type Scorer interface {
	// Score prices one join. It takes placements rather than sides so
	// that a scorer can look at whole pieces (as pixel measures do) and
	// turn them with Rotation.Source itself.
	Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64
}

// A FrameScorer also prices a side that faces the outside of the board.
// Scorers that know nothing of frames leave the outside free.
type FrameScorer interface {
	Scorer
	// ScoreFrame prices side s of a facing the outside of the board.
	ScoreFrame(a puzzle.Placement, s puzzle.Side) float64
}

// Cost returns the cost of board b under scorer s: the sum over every pair
// of horizontally or vertically adjacent pieces, each pair counted once, plus
// the frame costs of sides on the board's rim when s is a FrameScorer. A side
// that faces a hole costs nothing: the missing piece is unknown.
//
// Cost never panics on a board a user made: as for the puzzle package's
// metrics, a nil or malformed board (Cells not Rows*Cols long) costs 0, and
// a cell holding a piece that a scorer reporting its Pieces() (Labels, the
// compatibility tables) does not know counts as a hole. A nil scorer prices
// nothing: the cost is NaN.
func Cost(s Scorer, b *puzzle.Board) float64 {
	if s == nil {
		return math.NaN()
	}
	if b == nil || b.Rows < 0 || b.Cols < 0 || (b.Cols > 0 && b.Rows > len(b.Cells)/b.Cols) || len(b.Cells) != b.Rows*b.Cols {
		return 0
	}
	n := -1 // pieces the scorer knows, or -1 if it does not say
	if c, ok := s.(interface{ Pieces() int }); ok {
		n = c.Pieces()
	}
	placed := func(pl puzzle.Placement) bool {
		return !pl.IsEmpty() && (n < 0 || pl.Piece >= 0 && int(pl.Piece) < n)
	}
	fs, _ := s.(FrameScorer)
	var total float64
	for i, a := range b.Cells {
		if !placed(a) {
			continue
		}
		c := b.CellAt(i)
		if c.Col+1 < b.Cols {
			if r := b.Cells[i+1]; placed(r) {
				total += s.Score(a, puzzle.Right, r)
			}
		}
		if c.Row+1 < b.Rows {
			if d := b.Cells[i+b.Cols]; placed(d) {
				total += s.Score(a, puzzle.Bottom, d)
			}
		}
		if fs != nil {
			total += frameCost(fs, b, c, a)
		}
	}
	return total
}

// frameCost prices the sides of a, in cell c, that face the outside.
func frameCost(fs FrameScorer, b *puzzle.Board, c puzzle.Cell, a puzzle.Placement) float64 {
	var total float64
	if c.Row == 0 {
		total += fs.ScoreFrame(a, puzzle.Top)
	}
	if c.Col == b.Cols-1 {
		total += fs.ScoreFrame(a, puzzle.Right)
	}
	if c.Row == b.Rows-1 {
		total += fs.ScoreFrame(a, puzzle.Bottom)
	}
	if c.Col == 0 {
		total += fs.ScoreFrame(a, puzzle.Left)
	}
	return total
}

// CellCost returns what the piece in cell c contributes to the board's cost:
// its joins with its placed neighbours and, for a FrameScorer, its sides on
// the rim. It is 0 for an empty cell. Local search uses it for the change a
// move makes.
func CellCost(s Scorer, b *puzzle.Board, c puzzle.Cell) float64 {
	a := b.At(c)
	if a.IsEmpty() {
		return 0
	}
	var total float64
	for _, side := range puzzle.Sides {
		n := c.Neighbour(side)
		if !b.In(n) {
			continue
		}
		o := b.At(n)
		if o.IsEmpty() {
			continue
		}
		// Price each join the way Cost does, left to right and top to
		// bottom, so that the two agree for asymmetric scorers too.
		if side == puzzle.Right || side == puzzle.Bottom {
			total += s.Score(a, side, o)
		} else {
			total += s.Score(o, side.Opposite(), a)
		}
	}
	if fs, ok := s.(FrameScorer); ok {
		total += frameCost(fs, b, c, a)
	}
	return total
}
