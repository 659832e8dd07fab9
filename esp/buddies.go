package esp

import (
	"errors"
	"fmt"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// PredictBuddies runs Empty Slot Prediction on a picture puzzle, whose
// sides carry pixels rather than labels: two sides count as fitting when
// they are best buddies under c (edge.BestBuddies), each the other's best
// partner, and a side without a best buddy counts as fitting nothing, as a
// side beside a hole does in a label puzzle. Where the buddies are the
// true neighbours the counts read as a unique-label puzzle's; a false or
// missing buddy breaks a line that is whole, and marks lines that hold no
// hole, so the prediction is a guide for a placer rather than the
// thesis's near-certainty.
//
// c must have been built for p (same number of pieces, same rotatability).
func PredictBuddies(p *puzzle.Puzzle, c edge.Compatibility, opts ...Option) (*Prediction, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("esp: cannot predict: %w", err)
	}
	if c == nil {
		return nil, errors.New("esp: cannot predict: nil compatibility")
	}
	if c.Pieces() != len(p.Pieces) || c.Rotatable() != p.Rotatable {
		return nil, fmt.Errorf("esp: cannot predict: the compatibility ranks %d pieces (rotatable %v), the puzzle has %d (rotatable %v)",
			c.Pieces(), c.Rotatable(), len(p.Pieces), p.Rotatable)
	}
	return predict(buddyLabels(p, edge.BestBuddies(c)), puzzle.Equal, newConfig(opts)), nil
}

// buddyLabels returns a copy of p whose sides carry labels that fit
// exactly as the best buddies pair them: a pair shares the label one more
// than its lower side index, and a side without a buddy is flat.
func buddyLabels(p *puzzle.Puzzle, buddies []int32) *puzzle.Puzzle {
	q := p.Clone()
	q.Rule = puzzle.Equal
	for i := range q.Pieces {
		for _, s := range puzzle.Sides {
			side := int32(4*i) + int32(s)
			l := puzzle.Flat
			if j := buddies[side]; j >= 0 {
				l = puzzle.Label(min(side, j) + 1)
			}
			q.Pieces[i].Edges[s] = l
		}
	}
	return q
}
