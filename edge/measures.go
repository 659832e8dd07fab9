package edge

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// The pixel measures of this file compare the touching pixel lines of two
// sides: row 0 of side i at position k against row 0 of side j at the
// facing position Len-1-k. Bind copies those rows into flat slices, once in
// clockwise order and once reversed, so that pricing a pair walks two
// contiguous slices in step, allocates nothing and only reads shared data.

// strips holds row 0 of every bound side, flattened.
type strips struct {
	// width is the number of floats per side: Len × 3 channels.
	width int
	// row0 holds row 0 of side i, clockwise, at [i*width, (i+1)*width).
	row0 []float32
	// facing holds row 0 of side i with its positions reversed (channels
	// kept in order), so that facing[j][k] is the pixel that faces
	// position k of the side j is placed against.
	facing []float32
}

func (s *strips) row(i int) []float32 { return s.row0[i*s.width : (i+1)*s.width] }

func (s *strips) face(j int) []float32 { return s.facing[j*s.width : (j+1)*s.width] }

// newStrips checks the sides for a measure that reads depth rows and
// flattens their outermost rows.
func newStrips(name string, sides []Profile, depth int) (*strips, error) {
	if err := checkSides(name, sides, depth); err != nil {
		return nil, err
	}
	n := sides[0].Len
	s := &strips{width: 3 * n, row0: flatRow(sides, 0)}
	s.facing = reversePositions(s.row0, s.width)
	return s, nil
}

// sideName names side i of a profile slice indexed 4*piece+side.
func sideName(i int) string {
	return fmt.Sprintf("side %d (piece %d, %v)", i, i/4, puzzle.Side(i%4))
}

// checkSides reports the first profile a measure reading depth rows cannot
// use: none at all, a malformed or too shallow one, one whose length
// differs from side 0, or a pixel value that is not a finite number.
func checkSides(name string, sides []Profile, depth int) error {
	if len(sides) == 0 {
		return fmt.Errorf("edge: %s: no sides to bind", name)
	}
	n := sides[0].Len
	for i := range sides {
		p := &sides[i]
		switch {
		case p.Len < 1:
			return fmt.Errorf("edge: %s: %s is %d pixels long", name, sideName(i), p.Len)
		case p.Len != n:
			return fmt.Errorf("edge: %s: %s is %d pixels long but side 0 is %d: every side must have the same length", name, sideName(i), p.Len, n)
		case p.Depth < depth:
			return fmt.Errorf("edge: %s: %s is %d pixels deep; the measure reads %d", name, sideName(i), p.Depth, depth)
		case len(p.Pix) != 3*p.Len*p.Depth:
			return fmt.Errorf("edge: %s: %s holds %d values; %d pixels long and %d deep needs %d", name, sideName(i), len(p.Pix), p.Len, p.Depth, 3*p.Len*p.Depth)
		}
		for k, v := range p.Pix[:3*n*depth] {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				px := k / 3
				return fmt.Errorf("edge: %s: %s has value %v at depth %d, position %d, channel %d", name, sideName(i), v, px/n, px%n, k%3)
			}
		}
	}
	return nil
}

// flatRow copies row d of every side, side after side.
func flatRow(sides []Profile, d int) []float32 {
	w := 3 * sides[0].Len
	out := make([]float32, len(sides)*w)
	for i := range sides {
		copy(out[i*w:(i+1)*w], sides[i].Pix[d*w:(d+1)*w])
	}
	return out
}

// reversePositions returns rows (sides of width floats each) with the
// pixels of every side in reverse order and each pixel's channels kept.
func reversePositions(rows []float32, width int) []float32 {
	out := make([]float32, len(rows))
	n := width / 3
	for base := 0; base < len(rows); base += width {
		for k := range n {
			src, dst := base+3*k, base+3*(n-1-k)
			copy(out[dst:dst+3], rows[src:src+3])
		}
	}
	return out
}

// quantised returns the grid, 256 or 257 steps to the unit, on which every
// value in the first depth rows of the sides lies within [0, 256), or 0 when
// there is none: SideProfile reads 8-bit images on a grid of 1/256 and
// 16-bit ones (Cut keeps their depth) on a grid of 1/257. Differences of
// such values are then multiples of the step, which lets the (L_p)^q
// measures look powers up in a table.
func quantised(sides []Profile, depth int) int {
	for _, grid := range []float32{256, 257} {
		if onGrid(sides, depth, grid) {
			return int(grid)
		}
	}
	return 0
}

// onGrid reports whether every value of the first depth rows of the sides
// lies in [0, 256) within float32 rounding of a multiple of 1/grid.
func onGrid(sides []Profile, depth int, grid float32) bool {
	for i := range sides {
		p := &sides[i]
		for _, v := range p.Pix[:3*p.Len*depth] {
			if !(v >= 0 && v < 256) {
				return false
			}
			x := v * grid
			if d := x - float32(int32(x+0.5)); d > 1e-3 || d < -1e-3 {
				return false
			}
		}
	}
	return true
}

// Euclidean returns Hynek's dissimilarity (seed 002, equations 1 and 2):
// the Euclidean distance between the two touching pixel lines,
//
//	D(i, j) = sqrt( Σ_k Σ_c (a_k,c − b_(Len−1−k),c)² )
//
// where a is row 0 of side i, b row 0 of side j, and c runs over the three
// channels. It reads only row 0 but asks for MinDepth rows, the least any
// measure asks for, so that one set of profiles serves every measure.
// Hynek compares column L of the left piece with column 1 of the right one
// position by position; reading both sides clockwise, the same pixels face
// each other at k and Len-1-k.
func Euclidean() Measure { return euclidean{} }

type euclidean struct{}

func (euclidean) Name() string { return "euclidean" }

func (euclidean) Depth() int { return MinDepth }

func (m euclidean) Bind(sides []Profile) (Dissimilarity, error) {
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, err
	}
	return func(i, j int) float64 {
		a, b := s.row(i), s.face(j)
		b = b[:len(a)]
		var sum float64
		for k := range a {
			d := float64(a[k]) - float64(b[k])
			sum += d * d
		}
		return math.Sqrt(sum)
	}, nil
}

// LpQ returns the (L_p)^q dissimilarity of Pomeranz, Shemesh and
// Ben-Shahar, "A fully automated greedy square jigsaw puzzle solver"
// (CVPR 2011):
//
//	D(i, j) = ( Σ_k Σ_c |a_k,c − b_(Len−1−k),c|^p )^(q/p)
//
// with a and b row 0 of sides i and j. A p below 1 charges large
// differences less than in proportion, so that a true join crossing a few
// sharp contours of the picture is not ruled out, while many small
// differences still add up. The power q/p keeps the order of the values
// for one side but compresses their range, which matters when values are
// added or compared across sides. Bind fails unless p and q are positive
// and finite.
//
// For profiles read from images (values on a 1/256 grid, as SideProfile
// makes them) the powers come from a table built once in Bind; other
// values use math.Pow. Both give the same numbers.
func LpQ(p, q float64) Measure { return lpq{p: p, q: q} }

// Pomeranz returns LpQ(0.3, 1/16), the exponents Pomeranz et al. found
// best on their test images. Its name is "pomeranz".
func Pomeranz() Measure { return pomeranzExponents }

type lpq struct{ p, q float64 }

// Name is "pomeranz" for Pomeranz's exponents and "lpq(p=P,q=Q)"
// otherwise.
func (m lpq) Name() string {
	if m == pomeranzExponents {
		return "pomeranz"
	}
	return fmt.Sprintf("lpq(p=%g,q=%g)", m.p, m.q)
}

// pomeranzExponents are the exponents Pomeranz et al. recommend.
var pomeranzExponents = lpq{p: 0.3, q: 1.0 / 16}

func (lpq) Depth() int { return MinDepth }

func (m lpq) Bind(sides []Profile) (Dissimilarity, error) {
	if err := checkExponents(m.Name(), m.p, m.q); err != nil {
		return nil, err
	}
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, err
	}
	// Differences of two values in [0, 256) stay below 256.
	pw := newPowers(m.p, 256, quantised(sides, 1))
	return func(i, j int) float64 {
		a, b := s.row(i), s.face(j)
		return pw.normQ(a, b, m.q)
	}, nil
}

// checkExponents rejects exponents that make (Σ|d|^p)^(q/p) meaningless.
func checkExponents(name string, p, q float64) error {
	if !(p > 0) || math.IsInf(p, 0) {
		return fmt.Errorf("edge: %s: exponent p = %v must be positive and finite", name, p)
	}
	if !(q > 0) || math.IsInf(q, 0) {
		return fmt.Errorf("edge: %s: exponent q = %v must be positive and finite", name, q)
	}
	return nil
}

// powers raises absolute differences to the power p.
type powers struct {
	p float64
	// grid is the number of steps to the unit the values lie on (see
	// quantised), and table[n] = (n/grid)^p for differences below the
	// bound given to newPowers; table is nil when the values lie on no
	// grid.
	grid  float32
	table []float64
}

// newPowers prepares |d|^p for differences below bound (a power of two)
// of values on the given grid (0: none).
func newPowers(p float64, bound int, grid int) *powers {
	pw := &powers{p: p, grid: float32(grid)}
	if grid > 0 {
		pw.table = make([]float64, bound*grid)
		for n := range pw.table {
			pw.table[n] = math.Pow(float64(n)/float64(grid), p)
		}
	}
	return pw
}

// normQ returns (Σ_k |a_k − b_k|^p)^(q/p) over the common length of a and
// b.
func (pw *powers) normQ(a, b []float32, q float64) float64 {
	b = b[:len(a)]
	var sum float64
	if t := pw.table; t != nil {
		g := pw.grid
		for k := range a {
			d := a[k] - b[k]
			if d < 0 {
				d = -d
			}
			// On the grid, d*g is within float32 rounding of an
			// integer below len(t).
			sum += t[int(d*g+0.5)]
		}
	} else {
		for k := range a {
			sum += math.Pow(math.Abs(float64(a[k])-float64(b[k])), pw.p)
		}
	}
	if sum == 0 {
		return 0
	}
	return math.Pow(sum, q/pw.p)
}

// Prediction returns the prediction-based dissimilarity of Pomeranz et al.
// (CVPR 2011): side i's two outermost rows extrapolate linearly one pixel
// past the side, and the prediction is compared with the pixels of side j
// that actually lie there, under the (L_p)^q norm with p = 0.3, q = 1/16:
//
//	D(i, j) = ( Σ_k Σ_c |2·a_k,c − a'_k,c − b_(Len−1−k),c|^p )^(q/p)
//
// where a and a' are rows 0 and 1 of side i and b is row 0 of side j.
// Pomeranz et al. add the prediction from j's side too; tables that need
// a symmetric value add D(j, i), which is exactly that term, so D here is
// one direction only. Unlike the plain distances it charges nothing for a
// colour ramp that continues across the join.
func Prediction() Measure { return prediction(pomeranzExponents) }

type prediction struct{ p, q float64 }

func (prediction) Name() string { return "prediction" }

func (prediction) Depth() int { return MinDepth }

func (m prediction) Bind(sides []Profile) (Dissimilarity, error) {
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, err
	}
	// The prediction 2a − a' lies in (−256, 512) for values in [0, 256),
	// so its difference from b stays below 512 in magnitude.
	pw := newPowers(m.p, 512, quantised(sides, 2))
	pred := flatRow(sides, 1)
	for k, a := range s.row0 {
		pred[k] = 2*a - pred[k]
	}
	return func(i, j int) float64 {
		a, b := pred[i*s.width:(i+1)*s.width], s.face(j)
		return pw.normQ(a, b, m.q)
	}, nil
}

// MeasureNames lists the names NewMeasure knows besides "lpq(p=P,q=Q)"
// and "log(NAME)" (Log of the measure NAME names):
// the measures of the literature, then the thesis's four.
func MeasureNames() []string {
	return []string{"mgc", "prediction", "pomeranz", "euclidean", "thesis1", "thesis2", "thesis3", "thesis4"}
}

// DefaultMeasure returns MGC, the measure that finds the true neighbour of
// a photograph's side most often on every kind of photograph measured.
// The fraction of sides whose cheapest partner is the true one, 28-pixel
// tiles, orientation known (unknown in brackets, where every side of every
// other piece competes):
//
//	measure      MIT 432 (10)    McGill 540 (10)   other photographs (8)
//	mgc          0.869 (0.843)   0.904 (0.870)     0.883 (0.932)
//	thesis1      0.774 (0.730)   0.729 (0.665)     0.791 (0.822)
//	euclidean    0.760 (0.713)   0.720 (0.653)     0.780 (0.807)
//	thesis4      0.735 (0.670)   0.689 (0.610)     0.779 (0.833)
//	prediction   0.744 (0.697)   0.675 (0.611)     0.775 (0.808)
//	pomeranz     0.767 (0.719)   0.704 (0.636)     0.774 (0.804)
//
// (halves of the two benchmark sets; the other photographs are the
// module's three test pictures, unknown orientation measured on those
// three only, and five scientific and everyday photographs).
// Mixtures of MGC with the others, by sum or by rank, found the true
// partner no more often. JPEG pictures are cut with smooth chroma and
// 16-bit ones keep their depth (see puzzle.Cut), which MGC's gradient
// model needs: with blocky chroma it finds 0.68 on McGill.
func DefaultMeasure() Measure { return MGC() }

// NewMeasure returns the measure whose Name is name: one of MeasureNames,
// or "lpq(p=P,q=Q)" for the (L_p)^q dissimilarity with any exponents.
func NewMeasure(name string) (Measure, error) {
	switch name {
	case "mgc":
		return MGC(), nil
	case "prediction":
		return Prediction(), nil
	case "pomeranz":
		return Pomeranz(), nil
	case "euclidean":
		return Euclidean(), nil
	case "thesis1", "thesis2", "thesis3", "thesis4":
		return Thesis(int(name[len(name)-1] - '0')), nil
	}
	if inner, ok := strings.CutPrefix(name, "log("); ok {
		if inner, ok = strings.CutSuffix(inner, ")"); ok {
			m, err := NewMeasure(inner)
			if err != nil {
				return nil, err
			}
			return Log(m), nil
		}
	}
	if args, ok := strings.CutPrefix(name, "lpq(p="); ok {
		if args, ok = strings.CutSuffix(args, ")"); ok {
			ps, qs, ok := strings.Cut(args, ",q=")
			p, perr := strconv.ParseFloat(ps, 64)
			q, qerr := strconv.ParseFloat(qs, 64)
			if ok && perr == nil && qerr == nil {
				if err := checkExponents(name, p, q); err != nil {
					return nil, err
				}
				return LpQ(p, q), nil
			}
		}
		return nil, fmt.Errorf("edge: measure %q: write the exponents as lpq(p=0.3,q=0.0625)", name)
	}
	return nil, fmt.Errorf("edge: unknown measure %q; choose one of %s, lpq(p=P,q=Q) or log(NAME)", name, strings.Join(MeasureNames(), ", "))
}
