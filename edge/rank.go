package edge

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
)

// maxScorerPieces bounds NewScorerCompatibility: its table holds 16n²
// float32 values, 256 MB at this size.
const maxScorerPieces = 2048

// ScorerCompatibility ranks the sides of a puzzle under any Scorer, so that
// methods written for compatibility tables accept a user's own scorer. It
// prices every join once when built, with (4n)² calls of the scorer for n
// pieces: meant for puzzles of up to a few hundred pieces. For picture
// puzzles build a Table instead.
type ScorerCompatibility struct {
	// Scorer is the user's scorer, embedded so that boards are priced
	// by it exactly, not by the float32 table kept for ranking.
	Scorer
	n    int
	rot  bool
	half bool      // pieces turn by half turns only
	join []float32 // join[i*4n+j]
	best [][]Match
}

var _ Compatibility = (*ScorerCompatibility)(nil)

// NewScorerCompatibility prices p's joins under s. A join of side i of
// piece a and side j of piece b is priced with a turned so that side i
// shows on the right and b so that side j shows on the left; a Type 1
// puzzle's vertical joins are priced as they occur, a above b. When p's
// pieces turn by half turns only (HalfTurns), a side meets only the sides
// of its own axis, and a top or bottom side is priced with a turned 0 or
// 180° so that it shows at the bottom, b's side on top: oblong pieces,
// such as a document's, never lie a quarter turn off.
func NewScorerCompatibility(p *puzzle.Puzzle, s Scorer) (*ScorerCompatibility, error) {
	if p == nil || len(p.Pieces) == 0 {
		return nil, errors.New("edge: puzzle has no pieces")
	}
	if s == nil {
		return nil, errors.New("edge: nil scorer")
	}
	n := len(p.Pieces)
	if n > maxScorerPieces {
		return nil, fmt.Errorf("edge: ranking %d pieces under an arbitrary scorer would price %d joins; above %d pieces build a Table or Sparse from a Measure", n, 16*n*n, maxScorerPieces)
	}
	c := &ScorerCompatibility{Scorer: s, n: n, rot: p.Rotatable, half: p.Rotatable && p.HalfTurns, join: make([]float32, 16*n*n), best: make([][]Match, 4*n)}
	for i := range 4 * n {
		for j := range 4 * n {
			v := math.Inf(1)
			if joinPossible(c.rot, i, j) && (!c.half || i%2 == j%2) {
				v = c.price(i, j)
				if c.rot {
					// Either side may be the left one: average
					// the two, so that the join is symmetric.
					v = (v + c.price(j, i)) / 2
				}
				if math.IsNaN(v) {
					return nil, fmt.Errorf("edge: the scorer prices side %d of piece %d against side %d of piece %d as NaN", i%4, i/4, j%4, j/4)
				}
			}
			c.join[i*4*n+j] = float32(v)
		}
	}
	for i := range c.best {
		var all []Match
		for j := range 4 * n {
			if v := c.join[i*4*n+j]; !math.IsInf(float64(v), 1) {
				all = append(all, Match{Side: int32(j), Cost: v})
			}
		}
		slices.SortStableFunc(all, func(x, y Match) int {
			switch {
			case x.Cost < y.Cost:
				return -1
			case x.Cost > y.Cost:
				return 1
			}
			return 0
		})
		c.best[i] = all[:min(len(all), DefaultK):min(len(all), DefaultK)]
	}
	return c, nil
}

// price turns the two pieces so that side i faces side j across a
// vertical or horizontal join and asks the scorer.
func (c *ScorerCompatibility) price(i, j int) float64 {
	a, sa, b, sb := i/4, puzzle.Side(i%4), j/4, puzzle.Side(j%4)
	// Which board side side i shows on: as it is, for Type 1.
	on := puzzle.Right
	switch {
	case !c.rot:
		on = sa
	case c.half && (sa == puzzle.Top || sa == puzzle.Bottom):
		on = puzzle.Bottom
	}
	ra := puzzle.Rotation((int(on) - int(sa)) & 3)
	rb := puzzle.Rotation((int(on.Opposite()) - int(sb)) & 3)
	pa := puzzle.Placement{Piece: puzzle.PieceID(a), Rotation: ra}
	pb := puzzle.Placement{Piece: puzzle.PieceID(b), Rotation: rb}
	if on == puzzle.Left || on == puzzle.Top {
		// Price the join in reading order, as Cost does.
		return c.Scorer.Score(pb, on.Opposite(), pa)
	}
	return c.Scorer.Score(pa, on, pb)
}

// Pieces implements Compatibility.
func (c *ScorerCompatibility) Pieces() int { return c.n }

// Rotatable implements Compatibility.
func (c *ScorerCompatibility) Rotatable() bool { return c.rot }

// Join implements Compatibility.
func (c *ScorerCompatibility) Join(i, j int) float64 { return float64(c.join[i*4*c.n+j]) }

// Best implements Compatibility.
func (c *ScorerCompatibility) Best(i int) []Match { return c.best[i] }
