package edge

import (
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

// Labels scores a label puzzle under its match rule: a join costs 0 when the
// two labels fit and 1 when they do not, and a side facing the outside costs
// 0 when it is flat and 1 otherwise. A board's cost is therefore its number
// of mismatched joins plus its non-flat sides on the rim, and a solution
// costs 0.
//
// Labels is immutable once built and safe for concurrent use.
type Labels struct {
	rule puzzle.MatchRule
	// turned[4*id+r] holds the labels piece id shows when turned by r,
	// so that scoring is two loads and a comparison.
	turned [][4]puzzle.Label
}

// NewLabels returns the label scorer for p's pieces and rule.
func NewLabels(p *puzzle.Puzzle) (*Labels, error) {
	if p == nil || len(p.Pieces) == 0 {
		return nil, fmt.Errorf("edge: puzzle has no pieces")
	}
	if !p.Rule.Valid() {
		return nil, fmt.Errorf("edge: unknown match rule %v", p.Rule)
	}
	l := &Labels{rule: p.Rule, turned: make([][4]puzzle.Label, 4*len(p.Pieces))}
	for i := range p.Pieces {
		for r := puzzle.Rotation(0); r < 4; r++ {
			l.turned[4*i+int(r)] = p.Pieces[i].Turned(r)
		}
	}
	return l, nil
}

// Rule returns the match rule the scorer applies.
func (l *Labels) Rule() puzzle.MatchRule { return l.rule }

// Pieces returns the number of pieces the scorer knows.
func (l *Labels) Pieces() int { return len(l.turned) / 4 }

// Edge returns the label placement a shows on side s.
func (l *Labels) Edge(a puzzle.Placement, s puzzle.Side) puzzle.Label {
	return l.turned[4*int(a.Piece)+int(a.Rotation&3)][s]
}

// Fits reports whether b on side s of a fits.
func (l *Labels) Fits(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) bool {
	return l.rule.Fits(l.Edge(a, s), l.Edge(b, s.Opposite()))
}

// Score implements Scorer.
func (l *Labels) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if l.Fits(a, s, b) {
		return 0
	}
	return 1
}

// ScoreFrame implements FrameScorer.
func (l *Labels) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	if l.Edge(a, s) == puzzle.Flat {
		return 0
	}
	return 1
}
