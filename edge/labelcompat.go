package edge

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// LabelCompatibility ranks the sides of a label puzzle, so that methods
// written for picture puzzles (greedy placement, best buddies) work on
// label puzzles too. A join costs 0 when the labels fit and 1 when they do
// not; a side's best partners are the sides of other pieces that fit it,
// up to DefaultK of them, in side order. It prices the frame as Labels does.
type LabelCompatibility struct {
	// Labels prices the joins and the frame; embedding it makes the
	// compatibility a Scorer and a FrameScorer, so that one value serves
	// both the methods that rank sides and those that price boards.
	*Labels
	rot  bool
	best [][]Match
}

var (
	_ Compatibility = (*LabelCompatibility)(nil)
	_ FrameScorer   = (*LabelCompatibility)(nil)
)

// NewLabelCompatibility ranks p's sides under its match rule.
func NewLabelCompatibility(p *puzzle.Puzzle) (*LabelCompatibility, error) {
	l, err := NewLabels(p)
	if err != nil {
		return nil, err
	}
	c := &LabelCompatibility{Labels: l, rot: p.Rotatable, best: make([][]Match, 4*len(p.Pieces))}
	bySide := make(map[puzzle.Label][]int32)
	for i := range c.best {
		lab := p.Pieces[i/4].Edges[i%4]
		if lab != puzzle.Flat {
			bySide[lab] = append(bySide[lab], int32(i))
		}
	}
	for i := range c.best {
		lab := p.Pieces[i/4].Edges[i%4]
		if lab == puzzle.Flat {
			continue
		}
		for _, j := range bySide[p.Rule.Mate(lab)] {
			if joinPossible(c.rot, i, int(j)) {
				c.best[i] = append(c.best[i], Match{Side: j})
				if len(c.best[i]) == DefaultK {
					break
				}
			}
		}
	}
	return c, nil
}

// Pieces implements Compatibility.
func (c *LabelCompatibility) Pieces() int { return len(c.best) / 4 }

// Rotatable implements Compatibility.
func (c *LabelCompatibility) Rotatable() bool { return c.rot }

// Join implements Compatibility: 0 for sides that fit, 1 for sides that do
// not, +Inf for sides that can never face each other.
func (c *LabelCompatibility) Join(i, j int) float64 {
	if !joinPossible(c.rot, i, j) {
		return math.Inf(1)
	}
	a := puzzle.Placement{Piece: puzzle.PieceID(i / 4)}
	b := puzzle.Placement{Piece: puzzle.PieceID(j / 4)}
	if c.Labels.rule.Fits(c.Labels.Edge(a, puzzle.Side(i%4)), c.Labels.Edge(b, puzzle.Side(j%4))) {
		return 0
	}
	return 1
}

// Best implements Compatibility.
func (c *LabelCompatibility) Best(i int) []Match { return c.best[i][:len(c.best[i]):len(c.best[i])] }
