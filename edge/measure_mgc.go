package edge

import (
	"errors"
	"fmt"

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
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, err
	}
	row1 := flatRow(sides, 1)
	model := make([]float64, mgcModel*len(sides))
	n := sides[0].Len
	for i := range sides {
		if err := gradientModel(model[mgcModel*i:mgcModel*(i+1)], s.row(i), row1[i*s.width:(i+1)*s.width], n); err != nil {
			return nil, fmt.Errorf("edge: %s: %s: %w", m.Name(), sideName(i), err)
		}
	}
	return func(i, j int) float64 {
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
		}
		// S⁻¹ is positive definite, so only rounding could make the sum
		// negative; costs are never below 0.
		return max(sum, 0)
	}, nil
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
