package edge

import "math"

// BestBuddies reports, for every side i, the side j such that j is i's best
// partner and i is j's, or -1: Pomeranz, Shemesh and Ben-Shahar's best
// buddies (CVPR 2011), the pairs that Paikin and Tal's greedy placer (CVPR
// 2015) trusts most. Being told so by both sides, a best-buddy pair is
// far more often a true neighbour pair than a side's best match alone.
//
// A best partner must be unique: a side whose two best partners cost the
// same has no best buddy, since the index order that breaks the tie in Best
// says nothing about the picture. (A list that keeps a single partner, as a
// Sparse built with k = 1 does, cannot show a tie; its one partner is taken
// as the best.) The result is symmetric: out[i] == j exactly when
// out[j] == i.
func BestBuddies(c Compatibility) []int32 {
	out := make([]int32, 4*c.Pieces())
	for i := range out {
		out[i] = -1
		j, ok := uniqueBest(c, i)
		if !ok {
			continue
		}
		if back, ok := uniqueBest(c, j); ok && back == i {
			out[i] = int32(j)
		}
	}
	return out
}

// uniqueBest returns side i's best partner, or false when it has none or
// shares the best cost with another.
func uniqueBest(c Compatibility, i int) (int, bool) {
	b := c.Best(i)
	if len(b) == 0 || (len(b) > 1 && b[1].Cost == b[0].Cost) {
		return 0, false
	}
	return int(b[0].Side), true
}

// Confidence returns, for every side i, how distinctive its best match is:
//
//	conf(i) = 1 − J(i, b₁) / J(i, b₂)
//
// where J is the join cost (Compatibility.Join) and b₁, b₂ are i's best and
// second-best partners (Best(i)[0] and Best(i)[1]). This is Paikin and Tal's
// compatibility (CVPR 2015, eq. 2) of a side with its best partner, taken
// over the symmetric join cost rather than their one-way dissimilarity.
// For a rotatable puzzle b₂ may be another side of b₁'s piece, as in their
// Type 2 solver, which ranks every piece in every rotation.
//
// Since costs are at least 0, conf(i) lies in [0, 1]: near 1 when the best
// match is much cheaper than any other, 0 when two partners tie. It is 0
// when i keeps fewer than two partners (a Sparse with k = 1, or a puzzle of
// one or two pieces), when J(i, b₂) = 0 (two perfect fits) and when
// J(i, b₁) = +Inf (no possible fit); it is 1 when only J(i, b₂) is +Inf.
// A negative cost, which no measure should give, is clamped into [0, 1].
func Confidence(c Compatibility) []float32 {
	out := make([]float32, 4*c.Pieces())
	for i := range out {
		b := c.Best(i)
		if len(b) < 2 {
			continue
		}
		best, second := float64(b[0].Cost), float64(b[1].Cost)
		switch {
		case second == 0 || math.IsInf(best, 1):
			// 0: ambiguous or hopeless.
		case math.IsInf(second, 1):
			out[i] = 1
		default:
			out[i] = float32(min(1, max(0, 1-best/second)))
		}
	}
	return out
}
