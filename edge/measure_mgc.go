package edge

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// MGC returns the Mahalanobis Gradient Compatibility of A. C. Gallagher,
// "Jigsaw puzzles with pieces of unknown orientation" (CVPR 2012).
//
// Near side i the image changes, across the side, by the gradients
// g_k = a_k − a'_k (row 0 minus row 1, per channel). Their mean μ_i and
// 3×3 covariance S_i describe how side i's picture behaves at its border.
// Placing side j against i creates the gradients across the join
// G_k = b_(Len−1−k) − a_k (the facing pixel of side j's row 0 minus side
// i's row 0), and the measure is how unlikely those are under that model:
//
//	D(i, j) = Σ_k (G_k − μ_i) S_i⁻¹ (G_k − μ_i)ᵀ
//
// Gallagher sums both directions, D(i, j) + D(j, i); tables that need a
// symmetric value add them, so D here is one direction only.
//
// On a flat or one-coloured border every gradient is the same and S_i is
// singular. As Gallagher does, nine dummy gradients join the Len real ones
// before μ_i and S_i are taken: (0,0,0), (1,1,1), (−1,−1,−1) and ±1 on
// each channel alone. They sum to zero and their scatter is 2·I + 2·11ᵀ,
// so S_i ⪰ 2/(Len+8)·I whatever the picture: its inverse always exists
// and no further ridge is added. S_i is the sample covariance (divided by
// Len+8, the Len+9 gradients less one); the scale matters when values of
// different sides are compared, as tables do. μ_i and S_i⁻¹ are computed
// once per side in Bind.
func MGC() Measure { return mgc{} }

type mgc struct{}

func (mgc) Name() string { return "mgc" }

func (mgc) Depth() int { return MinDepth }

// mgcDummies are Gallagher's nine dummy gradients.
var mgcDummies = [9][3]float64{
	{0, 0, 0}, {1, 1, 1}, {-1, -1, -1},
	{0, 0, 1}, {0, 1, 0}, {1, 0, 0},
	{-1, 0, 0}, {0, -1, 0}, {0, 0, -1},
}

// mgcModel is stride of a side's model in the flat slice: μ (3 values),
// then the upper triangle of S⁻¹ row by row (6 values).
const mgcModel = 9

func (m mgc) Bind(sides []Profile) (Dissimilarity, error) {
	d, _, err := m.bindBounded(sides)
	return d, err
}

// bindBounded binds the measure and its lower bound. A side's cost is the
// sum over its n pixels of a positive definite quadratic form q of the
// gradient residual v; the form is convex, so the sum is at least n times
// q of the mean residual (Jensen), which needs only each side's mean
// colour: some fifteen operations instead of several hundred.
func (m mgc) bindBounded(sides []Profile) (d Dissimilarity, lower *quadBound, err error) {
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, nil, err
	}
	row1 := flatRow(sides, 1)
	model := make([]float64, mgcModel*len(sides))
	mean := make([]float64, 3*len(sides))
	n := sides[0].Len
	for i := range sides {
		if err := gradientModel(model[mgcModel*i:mgcModel*(i+1)], s.row(i), row1[i*s.width:(i+1)*s.width], n); err != nil {
			return nil, nil, fmt.Errorf("edge: %s: %s: %w", m.Name(), sideName(i), err)
		}
		row := s.row(i)
		for k := 0; k+2 < len(row); k += 3 {
			for c := range 3 {
				mean[3*i+c] += float64(row[k+c])
			}
		}
		for c := range 3 {
			mean[3*i+c] /= float64(n)
		}
	}
	// sumTo is d's sum, given up once it passes stop (every term is at
	// least 0, up to rounding).
	sumTo := func(i, j int, stop float64) float64 {
		a, b := s.row(i), s.face(j)
		b = b[:len(a)]
		md := model[mgcModel*i : mgcModel*(i+1)]
		mu0, mu1, mu2 := md[0], md[1], md[2]
		s00, s01, s02, s11, s12, s22 := md[3], md[4], md[5], md[6], md[7], md[8]
		var sum float64
		for k := 0; k+2 < len(a); k += 3 {
			x := float64(b[k]) - float64(a[k]) - mu0
			y := float64(b[k+1]) - float64(a[k+1]) - mu1
			z := float64(b[k+2]) - float64(a[k+2]) - mu2
			sum += s00*x*x + s11*y*y + s22*z*z + 2*(s01*x*y+s02*x*z+s12*y*z)
			if sum > stop {
				return sum
			}
		}
		return sum
	}
	inf := math.Inf(1)
	d = func(i, j int) float64 {
		// S⁻¹ is positive definite, so only rounding could make the sum
		// negative; costs are never below 0.
		return max(sumTo(i, j, inf), 0)
	}
	// The same bound taken over each of boundSegments runs of a side's
	// pixels rather than the whole side is tighter, and still a few
	// dozen operations: segRow holds each run's mean of side i's row 0,
	// segFace of its facing pixels.
	segRow := make([]float64, 3*boundSegments*len(sides))
	segFace := make([]float64, 3*boundSegments*len(sides))
	segLen := make([]float64, boundSegments)
	for g := range boundSegments {
		segLen[g] = float64(segmentEnd(g+1, n)-segmentEnd(g, n)) * (1 - 1e-6)
	}
	for i := range sides {
		row, face := s.row(i), s.face(i)
		for g := range boundSegments {
			lo, hi := segmentEnd(g, n), segmentEnd(g+1, n)
			for c := range 3 {
				var r, f float64
				for k := lo; k < hi; k++ {
					r += float64(row[3*k+c])
					f += float64(face[3*k+c])
				}
				segRow[3*(boundSegments*i+g)+c] = r / float64(hi-lo)
				segFace[3*(boundSegments*i+g)+c] = f / float64(hi-lo)
			}
		}
	}
	// segmentBound is the bound over runs of d(i, j).
	segmentBound := func(i, j int) float64 {
		md := model[mgcModel*i : mgcModel*(i+1)]
		s00, s01, s02, s11, s12, s22 := md[3], md[4], md[5], md[6], md[7], md[8]
		a := segRow[3*boundSegments*i : 3*boundSegments*(i+1)]
		b := segFace[3*boundSegments*j : 3*boundSegments*(j+1)]
		var sum float64
		for g := range boundSegments {
			x := b[3*g] - a[3*g] - md[0]
			y := b[3*g+1] - a[3*g+1] - md[1]
			z := b[3*g+2] - a[3*g+2] - md[2]
			sum += segLen[g] * max(s00*x*x+s11*y*y+s22*z*z+2*(s01*x*y+s02*x*z+s12*y*z), 0)
		}
		return sum
	}
	lower = &quadBound{scale: float64(n) * (1 - 1e-6), mean: mean, model: model}
	lower.joinUpTo = func(i, j int, limit float64) (float64, bool) {
		// A partial sum a millionth past limit leaves the join's
		// float32 above limit, whatever the rounding.
		stop := limit * (1 + 1e-6)
		if n >= 2*boundSegments && segmentBound(i, j)+segmentBound(j, i) > stop {
			return 0, false
		}
		first := sumTo(i, j, stop)
		if first > stop {
			return 0, false
		}
		second := sumTo(j, i, stop-max(first, 0))
		if max(first, 0)+second > stop {
			return 0, false
		}
		return max(first, 0) + max(second, 0), true
	}
	return d, lower, nil
}

// boundSegments is the number of runs of pixels over which quadBound's
// finer bound is taken.
const boundSegments = 4

// segmentEnd is where the g-th of boundSegments runs of n pixels begins.
func segmentEnd(g, n int) int { return g * n / boundSegments }

// quadBound bounds from below a measure whose cost of side i against side
// j is a sum over the side's pixels of the positive definite quadratic form
// of side i's model applied to the residual (pixel of j − pixel of i − μ
// of i): by Jensen's inequality at least the pixel count times the form of
// the mean residual, mean of j − mean of i − μ of i.
type quadBound struct {
	// scale is the pixel count, less a millionth of it for rounding,
	// which in the sum's several hundred operations stays far below
	// that.
	scale float64
	mean  []float64 // each side's mean colour, 3 values a side
	model []float64 // each side's μ and form, mgcModel values a side
	// joinUpTo returns d(i, j) + d(j, i), or false once that is sure to
	// be dearer than limit as a float32, having stopped summing early.
	joinUpTo func(i, j int, limit float64) (float64, bool)
}

// pruneIndex orders each side's candidates so that a side need bound only
// those near it. The bound's first term is the side's positive definite
// form of the candidate's mean colour less the side's centre (its mean
// plus μ), at least the form's smallest eigenvalue times the squared
// distance, and so at least that times the squared difference of the two
// projected on any unit axis. Sorted by that projection, the candidates
// that can beat a cost lie in one run of positions.
type pruneIndex struct {
	groups []candGroup // one per side of the pieces (Type 1), or one (Type 2)
	// centre is each side's centre projected on the axis; floor is the
	// pixel count times the smallest eigenvalue of its form, less a safety
	// margin for rounding (0 when the form is too ill-conditioned to
	// tell).
	centre, floor []float64
}

// candGroup is one list of candidates: in a Type 1 puzzle the sides a given
// side faces (side s of every piece), in a Type 2 one every side. Candidate
// k is side first + k·step.
type candGroup struct {
	first, step int
	proj        []float64 // candidates' mean colours on the axis, ascending
	cand        []int32   // candidate at each position
	// packed holds what the bounds need of each candidate, in position
	// order: its mean colour, its mean plus μ, and its form, 12 values.
	packed []float64
}

// index builds the pruneIndex of the puzzle's sides. The axis is the one
// along which the sides' mean colours spread most (their first principal
// component), which splits them finest.
func (q *quadBound) index(rot bool) (*pruneIndex, error) {
	sides := len(q.mean) / 3
	n := sides / 4
	var mu [3]float64
	for j := range sides {
		for c := range 3 {
			mu[c] += q.mean[3*j+c]
		}
	}
	for c := range mu {
		mu[c] /= float64(sides)
	}
	spread := mat.NewSymDense(3, nil)
	for j := range sides {
		for r := range 3 {
			for c := r; c < 3; c++ {
				spread.SetSym(r, c, spread.At(r, c)+(q.mean[3*j+r]-mu[r])*(q.mean[3*j+c]-mu[c]))
			}
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(spread, true) {
		return nil, errors.New("edge: the spread of the sides' mean colours has no eigen decomposition")
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	axis := [3]float64{vecs.At(0, 2), vecs.At(1, 2), vecs.At(2, 2)}
	on := func(x, y, z float64) float64 { return axis[0]*x + axis[1]*y + axis[2]*z }

	ix := &pruneIndex{centre: make([]float64, sides), floor: make([]float64, sides)}
	form := mat.NewSymDense(3, nil)
	var vals [3]float64
	for i := range sides {
		md := q.model[mgcModel*i : mgcModel*(i+1)]
		m := q.mean[3*i : 3*i+3]
		ix.centre[i] = on(m[0]+md[0], m[1]+md[1], m[2]+md[2])
		form.SetSym(0, 0, md[3])
		form.SetSym(0, 1, md[4])
		form.SetSym(0, 2, md[5])
		form.SetSym(1, 1, md[6])
		form.SetSym(1, 2, md[7])
		form.SetSym(2, 2, md[8])
		if !eig.Factorize(form, false) {
			continue // floor 0: the side bounds every candidate
		}
		eig.Values(vals[:])
		// The eigenvalues are exact to a few ulps of the largest.
		ix.floor[i] = q.scale * max(0, vals[0]-1e-9*vals[2])
	}

	group := func(first, step, count int) candGroup {
		g := candGroup{first: first, step: step, proj: make([]float64, count), cand: make([]int32, count), packed: make([]float64, 0, 12*count)}
		for k := range g.cand {
			g.cand[k] = int32(k)
		}
		key := make([]float64, count)
		for k := range key {
			j := first + k*step
			key[k] = on(q.mean[3*j], q.mean[3*j+1], q.mean[3*j+2])
		}
		slices.SortStableFunc(g.cand, func(a, b int32) int { return cmp.Compare(key[a], key[b]) })
		for pos, k := range g.cand {
			j := first + int(k)*step
			g.proj[pos] = key[k]
			md := q.model[mgcModel*j : mgcModel*(j+1)]
			m := q.mean[3*j : 3*j+3]
			g.packed = append(g.packed, m[0], m[1], m[2], m[0]+md[0], m[1]+md[1], m[2]+md[2], md[3], md[4], md[5], md[6], md[7], md[8])
		}
		return g
	}
	if rot {
		ix.groups = []candGroup{group(0, 1, sides)}
	} else {
		for s := range 4 {
			ix.groups = append(ix.groups, group(s, 4, n))
		}
	}
	return ix, nil
}

// candidates returns the group side i draws its partners from.
func (ix *pruneIndex) candidates(i int) *candGroup {
	if len(ix.groups) == 1 {
		return &ix.groups[0]
	}
	return &ix.groups[(i+2)&3]
}

// reach returns the positions [lo, hi) of g whose candidates side i may
// join for no more than limit: outside them, the bound's first term alone
// passes limit by a margin that rounding to float32 cannot close.
func (ix *pruneIndex) reach(i int, g *candGroup, limit float64) (lo, hi int) {
	f := ix.floor[i]
	if f <= 0 || math.IsInf(limit, 1) {
		return 0, len(g.proj)
	}
	r := math.Sqrt(limit / (f * (1 - 1e-5)))
	c := ix.centre[i]
	lo = sort.Search(len(g.proj), func(p int) bool { return g.proj[p] >= c-r })
	hi = sort.Search(len(g.proj), func(p int) bool { return g.proj[p] > c+r })
	return lo, hi
}

// joinBounds writes into dst[k] the bound of the join of side i with the
// k-th candidate of cands (a run of a candGroup's packed values), both
// directions summed. It is the inner loop of NewSparse's pruning.
func (q *quadBound) joinBounds(i int, cands []float64, dst []float32) {
	md := q.model[mgcModel*i : mgcModel*(i+1)]
	mi0, mi1, mi2 := q.mean[3*i], q.mean[3*i+1], q.mean[3*i+2]
	c0, c1, c2 := mi0+md[0], mi1+md[1], mi2+md[2]
	s00, s01, s02, s11, s12, s22 := md[3], md[4], md[5], md[6], md[7], md[8]
	for k := range dst {
		e := cands[12*k : 12*k+12 : 12*k+12]
		x, y, z := e[0]-c0, e[1]-c1, e[2]-c2
		v := max(s00*x*x+s11*y*y+s22*z*z+2*(s01*x*y+s02*x*z+s12*y*z), 0)
		x, y, z = mi0-e[3], mi1-e[4], mi2-e[5]
		w := max(e[6]*x*x+e[9]*y*y+e[11]*z*z+2*(e[7]*x*y+e[8]*x*z+e[10]*y*z), 0)
		dst[k] = float32(q.scale*v + q.scale*w)
	}
}

// pairBound is the bound of the join of sides i and j, both directions
// summed, as joinBounds computes it.
func (q *quadBound) pairBound(i, j int) float32 {
	var dst [1]float32
	md := q.model[mgcModel*j : mgcModel*(j+1)]
	m := q.mean[3*j : 3*j+3]
	cand := [12]float64{m[0], m[1], m[2], m[0] + md[0], m[1] + md[1], m[2] + md[2], md[3], md[4], md[5], md[6], md[7], md[8]}
	q.joinBounds(i, cand[:], dst[:])
	return dst[0]
}

// gradientModel writes into dst the mean of the n gradients row0 − row1
// together with the dummy gradients, and the upper triangle of the
// inverse of their covariance.
func gradientModel(dst []float64, row0, row1 []float32, n int) error {
	count := float64(n + len(mgcDummies))
	var mu [3]float64
	for k := range n {
		for c := range 3 {
			mu[c] += float64(row0[3*k+c]) - float64(row1[3*k+c])
		}
	}
	// The dummies add nothing to the sum.
	for c := range mu {
		mu[c] /= count
	}
	var cov [3][3]float64
	add := func(g [3]float64) {
		for r := range 3 {
			for c := r; c < 3; c++ {
				cov[r][c] += (g[r] - mu[r]) * (g[c] - mu[c])
			}
		}
	}
	for k := range n {
		add([3]float64{
			float64(row0[3*k]) - float64(row1[3*k]),
			float64(row0[3*k+1]) - float64(row1[3*k+1]),
			float64(row0[3*k+2]) - float64(row1[3*k+2]),
		})
	}
	for _, g := range mgcDummies {
		add(g)
	}
	sym := mat.NewSymDense(3, nil)
	for r := range 3 {
		for c := r; c < 3; c++ {
			sym.SetSym(r, c, cov[r][c]/(count-1))
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(sym) {
		return errors.New("gradient covariance is not positive definite")
	}
	var inv mat.SymDense
	if err := chol.InverseTo(&inv); err != nil {
		return fmt.Errorf("inverting the gradient covariance: %w", err)
	}
	copy(dst[:3], mu[:])
	dst[3], dst[4], dst[5] = inv.At(0, 0), inv.At(0, 1), inv.At(0, 2)
	dst[6], dst[7], dst[8] = inv.At(1, 1), inv.At(1, 2), inv.At(2, 2)
	return nil
}
