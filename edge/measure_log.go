package edge

import (
	"context"
	"errors"
	"math"
)

// Log returns m on a logarithmic scale: a join that m prices D, both
// directions summed, costs log(1 + D). Each side's partners rank as they
// do under m, so best partners and best buddies are m's; what changes is
// what a board costs, the sum of its joins. Under m that sum is ruled by
// its dearest joins, and on a photograph's flat regions (sky, still water,
// clipped white), where m's model of a side is narrow, a handful of them
// can cost more than all the rest: a board that mends those few at the
// price of many slightly worse joins elsewhere prices lower, though it
// shows less of the picture. On the log scale a join counts by how many
// times dearer it is than another, not by how much, and a board whose
// joins are nearly all good prices lowest.
//
// Measured with the greedy solver as the jigsaw example runs it (a
// second growth under the prediction measure and short GA runs below
// 2,000 pieces, greedy.WithEvolution), which takes Paikin and Tal's
// compatibilities on m's own scale (Table.LogScaled) and prices boards on
// the log scale: mean neighbour comparison on the halves of the benchmark
// sets at 28 pixels, scramble seed 1, perfect reconstructions in brackets:
//
//	set (images)      orientation  mgc          log(mgc)
//	McGill 540 (10)   known        0.970 (6)    0.986 (7)
//	McGill 540 (10)   unknown      0.915 (6)    0.929 (6)
//	MIT 432 (10)      known        0.937 (6)    0.940 (7)
//	MIT 432 (10)      unknown      0.935 (5)    0.936 (6)
//	BGU 3,300 (3)     known        0.957 (1)    0.965 (1)
//	BGU 3,300 (3)     unknown      0.925 (1)    0.940 (1)
//
// Of five other photographs, three stayed perfect both ways, one lost
// 0.003 and 0.002 (the astronaut, 324 pieces) and one 0.003 turned (a
// rocket, 330 pieces, 0.990 to 0.987). Placing pieces by ratios of log
// costs instead, the boards still priced on the log scale, did worse on
// BGU than mgc itself: 0.951 known, 0.912 unknown.
//
// NewTable and NewSparse price with m, using m's lower bound where it has
// one, and rescale the sums; the Dissimilarity Bind returns gives each
// direction half of the log of the sum, which a table adds to the same
// cost up to rounding. The name is "log(" + m.Name() + ")", which
// NewMeasure reads back.
func Log(m Measure) Measure { return logScale{m} }

type logScale struct{ m Measure }

func (l logScale) Name() string {
	if l.m == nil {
		return "log(nil)"
	}
	return "log(" + l.m.Name() + ")"
}

func (l logScale) Depth() int {
	if l.m == nil {
		return MinDepth
	}
	return l.m.Depth()
}

func (l logScale) Bind(sides []Profile) (Dissimilarity, error) {
	if l.m == nil {
		return nil, errors.New("edge: log of a nil measure")
	}
	d, err := l.m.Bind(sides)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, errors.New("edge: measure " + l.m.Name() + " bound to a nil Dissimilarity")
	}
	return func(i, j int) float64 { return 0.5 * math.Log1p(d(i, j)+d(j, i)) }, nil
}

// unscaled returns the measure that prices m's joins before any rescaling,
// and whether m is on the log scale: tables price and rank with the inner
// measure, which may have a lower bound, and rescale the sums they keep.
func unscaled(m Measure) (Measure, bool) {
	if l, ok := m.(logScale); ok && l.m != nil {
		return l.m, true
	}
	return m, false
}

// logCost is the cost on the log scale of a join priced c, both directions
// summed.
func logCost(c float32) float32 { return float32(math.Log1p(float64(c))) }

// logCosts rescales costs in place, in chunks of rows on up to workers
// goroutines.
func logCosts(ctx context.Context, workers int, costs []float32) error {
	const chunk = 1 << 16
	return parallelRows(ctx, workers, (len(costs)+chunk-1)/chunk, func(ch int) error {
		for k := ch * chunk; k < min(len(costs), (ch+1)*chunk); k++ {
			costs[k] = logCost(costs[k])
		}
		return nil
	})
}

// logMatches rescales the costs of best-partner lists in place.
func logMatches(best []Match) {
	for k := range best {
		best[k].Cost = logCost(best[k].Cost)
	}
}
