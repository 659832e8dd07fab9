package lp

import (
	"fmt"
	"math"
	"time"

	"github.com/reassemble/jigsaw/puzzle"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// maxDense bounds the dense standard-form matrix Relax builds (8 bytes an
// entry): gonum's simplex works on dense matrices and factors its basis
// afresh at every pivot, so a larger program would take too long anyway.
const maxDense = 1 << 22

const (
	// fracTol is how far from 0 and 1 a value must be to count as
	// fractional: well above what loosening the rows moves a vertex.
	fracTol = 1e-6
	// costTol is the simplex's optimality tolerance on reduced costs.
	costTol = 1e-10
	// feasTol is the largest phase-one optimum taken for feasible.
	feasTol = 1e-9
	// pivotTol is the least pivot the basis completion accepts.
	pivotTol = 1e-9
	// maxLoosen is the most Relax loosens an inequality row by.
	maxLoosen = 2e-7
)

// Relaxation is the optimum of a model's linear relaxation: every binary
// variable allowed anywhere in [0, 1].
type Relaxation struct {
	// Feasible is false when no point satisfies the relaxed rows, and so
	// no 0/1 point either; Objective and the figures of the point are then
	// zero.
	Feasible bool
	// Objective is the relaxation's optimum, a lower bound on the integer
	// optimum.
	Objective float64
	// Values holds the optimal point, one value per model variable in the
	// order Model.Name numbers them.
	Values []float64
	// Vars and Constraints are the size of the standard-form program
	// solved: the model's variables plus one slack per inequality row, and
	// the model's rows less the one assignment row the others imply.
	Vars, Constraints int
	// Fractional counts the model's variables strictly between 0 and 1 at
	// the optimum, and MaxFraction is the largest of them (0 when none).
	// A relaxation whose optimum is fractional does not say where the
	// pieces go.
	Fractional  int
	MaxFraction float64 // the largest fractional value, 0 when none
	// Runtime is the time Relax took, building the matrices included.
	Runtime time.Duration
}

// Relax solves the model's linear relaxation with gonum's simplex
// (gonum.org/v1/gonum/optimize/convex/lp.Simplex).
//
// The simplex takes a program in standard form, min cᵀx subject to Ax = b
// and x >= 0, with A of full row rank: each inequality row gets a slack
// variable, and the assignment row the others imply is left out. The
// bounds x <= 1 need no rows: the assignment rows imply them for the
// placements, and an EdgeMatching indicator never exceeds 1 at an optimum,
// since its cost is positive and its rows bound it below by at most 1.
//
// Relax hands gonum a starting basis rather than let it look for one:
// gonum tests each column's independence by a condition number, which on
// these degenerate 0/1 rows is slow and fails as singular from 2×3 boards
// up. EdgeMatching starts from the basis of a 0/1 point, which its rows
// always admit; the thesis's models first run phase one, minimising the
// sum of artificial variables on the equality rows, which also proves a
// relaxation infeasible.
//
// Gonum's ratio test takes the first row at a tie, however small its
// pivot, so that on degenerate vertices it soon pivots on rounding noise
// and stops with a singular basis (3×3 EdgeMatching does so after half a
// minute). Relax therefore loosens each <= row (EdgeMatching's fit rows)
// by a different amount below 2·10⁻⁷, the classic perturbation against
// degeneracy. The program solved is then a relaxation of the relaxation:
// its optimum is still a lower bound on the integer optimum, within
// 2·10⁻⁷ times the sum of the fit rows' dual values of the exact
// relaxation's. (Loosening the thesis's >= rows as well would keep phase
// one on its 2×2 model wandering for more than ten minutes instead of half
// a minute.) A value counts as fractional when it is more than 10⁻⁶ from 0
// and from 1.
//
// An infeasible relaxation is a result, not an error (Feasible is false).
// Relax returns an error when the standard form would exceed 2^22 dense
// entries (the 3×3 Thesis model alone has 15,552 modulus rows), or when
// the simplex fails numerically.
func (m *Model) Relax() (res Relaxation, err error) {
	start := time.Now()
	sf, err := m.standardForm()
	if err != nil {
		return Relaxation{}, err
	}
	rows, cols := sf.a.Dims()
	res = Relaxation{Vars: cols, Constraints: rows}
	defer func() { res.Runtime = time.Since(start) }()

	basis := m.crashBasis(sf)
	if basis == nil {
		var feasible bool
		if basis, feasible, err = m.phaseOne(sf); err != nil || !feasible {
			return res, err
		}
	}
	f, x, err := simplex(sf.c, sf.a, sf.b, basis)
	if err != nil {
		return res, fmt.Errorf("lp: phase two of the %v relaxation (%d rows, %d columns): %w", m.form, rows, cols, err)
	}
	res.Feasible = true
	res.Objective = f
	res.Values = x[:m.Vars()]
	for _, v := range res.Values {
		if v > fracTol && v < 1-fracTol {
			res.Fractional++
			res.MaxFraction = max(res.MaxFraction, v)
		}
	}
	return res, nil
}

// phaseOne finds a first vertex of the relaxation, or reports that it has
// none: it minimises the sum of artificial variables over [A | I] from
// the basis of the rows' slacks and artificials, which the rows hold at
// b >= 0, and completes the support of the vertex it reaches to a basis.
func (m *Model) phaseOne(sf standard) (basis []int, feasible bool, err error) {
	rows, cols := sf.a.Dims()
	one := mat.NewDense(rows, cols+len(sf.art), nil)
	one.Slice(0, rows, 0, cols).(*mat.Dense).Copy(sf.a)
	c1 := make([]float64, cols+len(sf.art))
	basis = make([]int, rows)
	copy(basis, sf.slack)
	for k, i := range sf.art {
		one.Set(i, cols+k, 1)
		c1[cols+k] = 1
		basis[i] = cols + k
	}
	f1, x1, err := simplex(c1, one, sf.b, basis)
	if err != nil {
		return nil, false, fmt.Errorf("lp: phase one of the %v relaxation (%d rows, %d columns): %w", m.form, rows, cols, err)
	}
	if f1 > feasTol {
		return nil, false, nil
	}
	// The support of a vertex is linearly independent, and completing it
	// to a basis leaves the point as it is.
	order := make([]int, 0, cols)
	for j := range cols {
		if x1[j] > pivotTol {
			order = append(order, j)
		}
	}
	for j := cols - 1; j >= 0; j-- { // slacks first: they are unit columns
		if x1[j] <= pivotTol {
			order = append(order, j)
		}
	}
	basis = completeBasis(sf.a, order)
	if len(basis) < rows {
		return nil, false, fmt.Errorf("lp: the %v relaxation's rows are linearly dependent (rank %d of %d rows)", m.form, len(basis), rows)
	}
	return basis, true, nil
}

// crashBasis returns a feasible starting basis built from a 0/1 point, for
// the EdgeMatching model, whose rows every assignment satisfies once its
// mismatch indicators are set; nil for the others. The point puts piece i
// unturned in cell i. Its basis holds, for the assignment rows, the
// placements of a spanning tree of the bipartite graph of cells and
// pieces (piece i in cell i, and every piece in cell 0: with one row left
// out, the incidence matrix of a tree is non-singular), and for each fit
// row its slack, except that a mismatched join's indicator replaces the
// slack of the row its placed element leaves unsupported.
func (m *Model) crashBasis(sf standard) []int {
	if m.form != EdgeMatching {
		return nil
	}
	t := len(m.turns)
	b := &puzzle.Board{Rows: m.rows, Cols: m.cols, Cells: make([]puzzle.Placement, m.rows*m.cols)}
	for i := range b.Cells {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: m.turns[0]}
	}
	x, err := m.Point(b)
	if err != nil {
		return nil
	}
	basis := make([]int, 0, len(sf.b))
	for i := range m.pieces {
		basis = append(basis, m.x(i, i*t))
		if i > 0 {
			basis = append(basis, m.x(0, i*t))
		}
	}
	i := -1
	for _, r := range m.cons {
		if r.redundant {
			continue
		}
		i++
		if r.sense != le {
			continue
		}
		var lhs float64
		for _, tm := range r.terms[:len(r.terms)-1] {
			lhs += tm.coef * x[tm.v]
		}
		if lhs > 0 {
			basis = append(basis, r.terms[len(r.terms)-1].v) // the indicator
		} else {
			basis = append(basis, sf.slack[i])
		}
	}
	return basis
}

// standard is a model's relaxation in standard form.
type standard struct {
	a    *mat.Dense
	b, c []float64
	// slack[i] is the column of row i's slack or surplus variable when it
	// can start basic (its value b[i] or -b[i] not negative), or -1.
	slack []int
	// art lists the rows that need an artificial variable to start.
	art []int
}

func (m *Model) standardForm() (standard, error) {
	var keep []int
	ineq := 0
	for i, r := range m.cons {
		if r.redundant {
			continue
		}
		keep = append(keep, i)
		if r.sense != eq {
			ineq++
		}
	}
	rows, cols := len(keep), m.Vars()+ineq
	if rows > maxDense/cols {
		return standard{}, fmt.Errorf("lp: the relaxation of this %v model has %d rows and %d columns in standard form; Relax solves at most %d dense entries", m.form, rows, cols, maxDense)
	}
	sf := standard{a: mat.NewDense(rows, cols, nil), b: make([]float64, rows), c: make([]float64, cols), slack: make([]int, rows)}
	copy(sf.c, m.obj)
	next := m.Vars()
	for i, k := range keep {
		r := m.cons[k]
		for _, t := range r.terms {
			sf.a.Set(i, t.v, sf.a.At(i, t.v)+t.coef)
		}
		// Every right-hand side is 0 or 1: a slack starts basic at
		// b >= 0, a surplus at b <= 0.
		sf.b[i] = r.rhs
		sf.slack[i] = -1
		switch r.sense {
		case le:
			sf.b[i] += loosen(i)
			sf.a.Set(i, next, 1)
			sf.slack[i] = next
			next++
		case ge:
			sf.a.Set(i, next, -1)
			if sf.b[i] <= 0 {
				sf.slack[i] = next
			}
			next++
		}
		if sf.slack[i] < 0 {
			sf.art = append(sf.art, i)
		}
	}
	return sf, nil
}

// loosen returns how far Relax loosens <= row i: between 1 and 2
// times maxLoosen, spread over the rows by the golden ratio so that no two
// rows get the same amount and no vertex stays degenerate by accident.
func loosen(i int) float64 {
	return maxLoosen / 2 * (1 + math.Mod(float64(i)*0.6180339887498949, 1))
}

// simplex calls gonum's Simplex from a starting basis. Simplex panics when
// the basis it is given is singular or infeasible; numerical trouble is
// reported here as an error instead.
func simplex(c []float64, a *mat.Dense, b []float64, basis []int) (f float64, x []float64, err error) {
	defer func() {
		if p := recover(); p != nil {
			f, x, err = math.NaN(), nil, fmt.Errorf("starting basis rejected: %v", p)
		}
	}()
	return lp.Simplex(c, a, b, costTol, basis)
}

// completeBasis returns the first columns of a, taken in the given order,
// that are linearly independent, up to one per row: Gaussian elimination
// with the largest remaining entry as pivot.
func completeBasis(a *mat.Dense, order []int) []int {
	rows, _ := a.Dims()
	var (
		basis  []int
		done   [][]float64 // reduced columns accepted
		pivots []int       // the pivot row of each
	)
	for _, j := range order {
		if len(basis) == rows {
			break
		}
		v := mat.Col(nil, j, a)
		for k, u := range done {
			if f := v[pivots[k]] / u[pivots[k]]; f != 0 {
				for i, ui := range u {
					if ui != 0 {
						v[i] -= f * ui
					}
				}
			}
		}
		p := 0
		for i := range v {
			if math.Abs(v[i]) > math.Abs(v[p]) {
				p = i
			}
		}
		if math.Abs(v[p]) < pivotTol {
			continue
		}
		done = append(done, v)
		pivots = append(pivots, p)
		basis = append(basis, j)
	}
	return basis
}
