package lp

import (
	"errors"
	"fmt"
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// Formulation chooses how a Model expresses that neighbouring pieces must
// fit. Every formulation shares the placement variables and the assignment
// rows; they differ in the rows that tie neighbours together and in the
// objective.
type Formulation uint8

const (
	// EdgeMatching is a sound linearisation of the puzzle's match rule. A
	// binary mismatch indicator m per internal join is forced to 1 whenever
	// the element in the join's first cell has no fitting element facing
	// it, by one row per join and element e of the first cell:
	//
	//	x(c,e) - Σ_{f fits e} x(d,f) - m(c,d) <= 0
	//
	// and placing a non-flat side on the rim is charged in the objective.
	// The objective, Σ m plus the rim charges, equals at every 0/1 point the
	// cost edge.Labels gives the board (mismatched joins plus non-flat rim
	// sides), so the integer optimum is 0 exactly when the puzzle has a
	// solution.
	EdgeMatching Formulation = iota
	// Thesis is the thesis's Appendix 2 as printed, with two typos
	// corrected: vertical pairs compare bottom with top values (the print
	// repeats right and left), and piece k owns elements 4k-3 to 4k (the
	// print's 4k to 4k+3 is off by one). Its "modulus substitution" rows,
	// one per pair of neighbouring cells (p, q) and pair of elements (j, k),
	//
	//	R(j)·x(p,j) - L(k)·x(q,k) >= 0
	//
	// cannot all hold at a 0/1 point when the values are positive: for
	// every j not placed in p the row says 0 >= L(k) for the element k
	// placed in q. The model is therefore infeasible for every puzzle of
	// positive values, such as the thesis's and those of
	// puzzle.GenerateUnique, and for those with turning pieces so is its
	// relaxation (see the package documentation).
	Thesis
	// ThesisSummed is the thesis's model with the modulus substitution
	// applied to the values actually placed, which is what its goal
	// function implies: one row per pair of neighbouring cells,
	//
	//	Σ_j R(j)·x(p,j) - Σ_k L(k)·x(q,k) >= 0.
	//
	// At a 0/1 point every difference is then at least 0, so the goal is 0
	// only when every pair matches: the integer model is sound for a
	// solvable puzzle. Its relaxation is not: spreading every cell evenly
	// over all elements already satisfies every row at objective 0.
	ThesisSummed
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (f Formulation) String() string {
	switch f {
	case EdgeMatching:
		return "edge-matching"
	case Thesis:
		return "thesis"
	case ThesisSummed:
		return "thesis-summed"
	}
	return fmt.Sprintf("Formulation(%d)", uint8(f))
}

// sense is the comparison of a row with its right-hand side.
type sense int8

const (
	le sense = iota // <=
	eq              // =
	ge              // >=
)

func (s sense) String() string {
	switch s {
	case le:
		return "<="
	case ge:
		return ">="
	}
	return "="
}

// term is coef·variable.
type term struct {
	v    int
	coef float64
}

// row is one linear constraint, named for the LP file and for errors.
type row struct {
	name  string
	terms []term
	sense sense
	rhs   float64
	// redundant marks the one assignment row implied by the others; the
	// relaxation drops it, since the simplex needs full row rank.
	redundant bool
}

// maxTerms bounds a model's non-zero coefficients, so that a formulation
// whose rows grow with the square of the elements (Thesis) fails with an
// error on a large board instead of exhausting memory: the 3×3 thesis
// model has about 31,000.
const maxTerms = 1 << 24

// Model is the 0/1 integer program of a puzzle: which element (a piece in
// one rotation, the thesis's term) goes in which cell, minimising an
// objective that is 0 exactly at the solutions. Every variable is binary.
// A Model is immutable once built and safe for concurrent use.
type Model struct {
	form       Formulation
	rows, cols int
	turns      []puzzle.Rotation
	pieces     int
	// elems is the number of elements: pieces × len(turns). Element e is
	// piece e/len(turns) turned by turns[e%len(turns)].
	elems int
	// edges[e] holds the labels element e shows, indexed by Side.
	edges [][4]puzzle.Label
	rule  puzzle.MatchRule
	// flat is the least value a flat side reads in the thesis's models
	// (value).
	flat float64

	names []string  // per variable
	obj   []float64 // objective coefficient per variable
	cons  []row
	terms int
	// joins lists the internal joins as (first cell, side facing the
	// second): Right and Bottom of each cell, in row-major order.
	joins []join
}

type join struct {
	a puzzle.Cell
	s puzzle.Side
}

// New builds the model of p in formulation f. The model places every
// piece in exactly one cell, so p must have as many pieces as cells, and
// none of them fixed.
func New(p *puzzle.Puzzle, f Formulation) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("lp: %w", err)
	}
	if f > ThesisSummed {
		return nil, fmt.Errorf("lp: unknown formulation %d", f)
	}
	if len(p.Pieces) != p.Cells() {
		return nil, fmt.Errorf("lp: the model puts one piece in every cell: %d pieces for %d cells (%d×%d)", len(p.Pieces), p.Cells(), p.Rows, p.Cols)
	}
	if len(p.Fixed) > 0 {
		f := p.Fixed[0]
		return nil, fmt.Errorf("lp: the model has no fixed pieces, as the thesis's has none; the puzzle fixes piece %d at cell %v", f.Placement.Piece, f.Cell)
	}
	m := &Model{form: f, rows: p.Rows, cols: p.Cols, turns: p.Turns(), pieces: len(p.Pieces), rule: p.Rule}
	m.elems = m.pieces * len(m.turns)
	cells := p.Cells()
	// Cells × elements must stay small: even EdgeMatching has one row per
	// join and element, and the thesis's own model squares the elements.
	if cells > maxTerms/m.elems {
		return nil, fmt.Errorf("lp: a %d×%d board with %d elements needs %d placement variables; the model is for small puzzles (at most %d)", p.Rows, p.Cols, m.elems, int64(cells)*int64(m.elems), maxTerms)
	}
	m.edges = make([][4]puzzle.Label, m.elems)
	for e := range m.edges {
		m.edges[e] = p.Pieces[e/len(m.turns)].Turned(m.turns[e%len(m.turns)])
	}
	for r := range p.Rows {
		for c := range p.Cols {
			for _, s := range []puzzle.Side{puzzle.Right, puzzle.Bottom} {
				if p.In(puzzle.Cell{Row: r, Col: c}.Neighbour(s)) {
					m.joins = append(m.joins, join{puzzle.Cell{Row: r, Col: c}, s})
				}
			}
		}
	}

	// The formulations' rows grow with the square of the elements: refuse
	// a model too large before the variables are named.
	switch {
	case f == EdgeMatching && len(m.joins) > 0 && len(m.joins)*m.elems*(m.elems+2) > maxTerms:
		return nil, fmt.Errorf("lp: a %d×%d board with %d elements needs more than %d coefficients; the model is for small puzzles", m.rows, m.cols, m.elems, maxTerms)
	case f == Thesis && len(m.joins)*m.elems*m.elems*2 > maxTerms:
		return nil, fmt.Errorf("lp: the thesis's model of a %d×%d board has %d modulus rows; at most %d coefficients are built", m.rows, m.cols, len(m.joins)*m.elems*m.elems, maxTerms)
	}
	m.names = make([]string, cells*m.elems)
	for i := range cells {
		for e := range m.elems {
			m.names[i*m.elems+e] = "x_" + m.cellName(m.cell(i)) + "_" + m.elemName(e)
		}
	}
	m.obj = make([]float64, len(m.names))
	m.assignment()
	if f == EdgeMatching {
		m.edgeMatching()
	} else {
		m.flat = flatBase(m.edges)
		m.thesis()
	}
	return m, nil
}

// assignment adds the rows every formulation shares: one element per
// cell, and each piece once over its elements and the cells.
func (m *Model) assignment() {
	cells := m.rows * m.cols
	for i := range cells {
		r := row{name: "cell_" + m.cellName(m.cell(i)), sense: eq, rhs: 1}
		for e := range m.elems {
			r.terms = append(r.terms, term{m.x(i, e), 1})
		}
		m.add(r)
	}
	t := len(m.turns)
	for pc := range m.pieces {
		r := row{name: fmt.Sprintf("piece_p%d", pc), sense: eq, rhs: 1}
		for i := range cells {
			for e := pc * t; e < (pc+1)*t; e++ {
				r.terms = append(r.terms, term{m.x(i, e), 1})
			}
		}
		// The cell rows and the piece rows both sum to Σ x, so any one
		// row is implied by the others; drop the last.
		r.redundant = pc == m.pieces-1
		m.add(r)
	}
}

// edgeMatching adds EdgeMatching's mismatch indicators, fit rows and rim
// charges.
func (m *Model) edgeMatching() {
	cells := m.rows * m.cols
	for i := range cells {
		c := m.cell(i)
		for e := range m.elems {
			for _, s := range puzzle.Sides {
				if !m.in(c.Neighbour(s)) && m.edges[e][s] != puzzle.Flat {
					m.obj[m.x(i, e)]++
				}
			}
		}
	}
	for _, j := range m.joins {
		mv := len(m.names)
		b := j.a.Neighbour(j.s)
		m.names = append(m.names, "m_"+m.cellName(j.a)+"_"+m.cellName(b))
		m.obj = append(m.obj, 1)
		ia, ib := m.index(j.a), m.index(b)
		back := j.s.Opposite()
		for e := range m.elems {
			r := row{name: "fit_" + m.cellName(j.a) + "_" + m.cellName(b) + "_" + m.elemName(e), sense: le}
			r.terms = append(r.terms, term{m.x(ia, e), 1})
			for f := range m.elems {
				if f/len(m.turns) != e/len(m.turns) && m.rule.Fits(m.edges[e][j.s], m.edges[f][back]) {
					r.terms = append(r.terms, term{m.x(ib, f), -1})
				}
			}
			r.terms = append(r.terms, term{mv, -1})
			m.add(r)
		}
	}
}

// thesis adds the goal and modulus rows of Thesis and ThesisSummed.
//
// The thesis's goal sums, over pairs of neighbours (p, q) and over all
// elements j and k, R(j)·x(p,j) - L(k)·x(q,k): every term repeats once for
// each element of the other cell. The model keeps one copy, which divides
// the goal by the number of elements and changes no solution.
func (m *Model) thesis() {
	for _, j := range m.joins {
		b := j.a.Neighbour(j.s)
		ia, ib := m.index(j.a), m.index(b)
		back := j.s.Opposite()
		for e := range m.elems {
			m.obj[m.x(ia, e)] += m.value(e, j.s)
			m.obj[m.x(ib, e)] -= m.value(e, back)
		}
		prefix := "mod_" + m.cellName(j.a) + "_" + m.cellName(b)
		if m.form == ThesisSummed {
			r := row{name: prefix, sense: ge}
			for e := range m.elems {
				r.terms = append(r.terms, term{m.x(ia, e), m.value(e, j.s)})
			}
			for e := range m.elems {
				r.terms = append(r.terms, term{m.x(ib, e), -m.value(e, back)})
			}
			m.add(r)
			continue
		}
		for e := range m.elems {
			for f := range m.elems {
				m.add(row{
					name:  prefix + "_" + m.elemName(e) + "_" + m.elemName(f),
					terms: []term{{m.x(ia, e), m.value(e, j.s)}, {m.x(ib, f), -m.value(f, back)}},
					sense: ge,
				})
			}
		}
	}
}

// value is the number the thesis's model reads on side s of element e: its
// R, B (s is Right or Bottom, the first cell of a pair) or L, T (the second
// cell). The thesis's labels are shared symbols, equal on two sides that
// fit; here a side on the second cell reads the label its partner would
// carry (MatchRule.Mate), so that "equal values" means "fits" under either
// rule. A flat side reads a value of its own above every label, so that it
// matches nothing, as the border sides of the thesis's puzzles matched
// nothing.
func (m *Model) value(e int, s puzzle.Side) float64 {
	l := m.edges[e][s]
	if l == puzzle.Flat {
		piece := e / len(m.turns)
		source := m.turns[e%len(m.turns)].Source(s)
		return m.flat + float64(4*piece+int(source))
	}
	if s == puzzle.Left || s == puzzle.Top {
		l = m.rule.Mate(l)
	}
	return float64(l)
}

// flatBase returns one more than the largest label magnitude.
func flatBase(edges [][4]puzzle.Label) float64 {
	var most float64
	for _, es := range edges {
		for _, l := range es {
			most = math.Max(most, math.Abs(float64(l)))
		}
	}
	return most + 1
}

func (m *Model) add(r row) {
	m.terms += len(r.terms)
	m.cons = append(m.cons, r)
}

func (m *Model) cell(i int) puzzle.Cell  { return puzzle.Cell{Row: i / m.cols, Col: i % m.cols} }
func (m *Model) index(c puzzle.Cell) int { return c.Row*m.cols + c.Col }
func (m *Model) x(i, e int) int          { return i*m.elems + e }
func (m *Model) in(c puzzle.Cell) bool {
	return c.Row >= 0 && c.Row < m.rows && c.Col >= 0 && c.Col < m.cols
}

// element returns the element of a placement, or -1 if the puzzle does not
// allow its rotation.
func (m *Model) element(pl puzzle.Placement) int {
	for t, r := range m.turns {
		if r == pl.Rotation {
			return int(pl.Piece)*len(m.turns) + t
		}
	}
	return -1
}

func (m *Model) cellName(c puzzle.Cell) string { return fmt.Sprintf("r%dc%d", c.Row, c.Col) }
func (m *Model) elemName(e int) string {
	return fmt.Sprintf("p%dr%d", e/len(m.turns), m.turns[e%len(m.turns)])
}

// Formulation returns the model's formulation.
func (m *Model) Formulation() Formulation { return m.form }

// Vars returns the number of variables, all binary: the placements and,
// for EdgeMatching, one mismatch indicator per internal join.
func (m *Model) Vars() int { return len(m.names) }

// Placements returns the number of placement variables x(cell, element):
// cells × pieces × rotations, 9 × 36 = 324 for a 3×3 puzzle of turning
// pieces, the thesis's count.
func (m *Model) Placements() int { return m.rows * m.cols * m.elems }

// Constraints returns the number of rows, including the one assignment row
// the others imply.
func (m *Model) Constraints() int { return len(m.cons) }

// Nonzeros returns the number of non-zero coefficients in the rows.
func (m *Model) Nonzeros() int { return m.terms }

// Name returns the name of variable i, as WriteLP writes it: x_r0c1_p3r2
// places piece 3 turned by 2 quarter turns in row 0, column 1, and
// m_r0c0_r0c1 flags a mismatch between two cells.
func (m *Model) Name(i int) string { return m.names[i] }

// Point returns the 0/1 point of a board: the placement variables of its
// placements set to 1 and, for EdgeMatching, the mismatch indicators of
// its mismatched joins. The board must fill every cell with the puzzle's
// pieces in rotations the puzzle allows.
func (m *Model) Point(b *puzzle.Board) ([]float64, error) {
	if b == nil {
		return nil, errors.New("lp: nil board")
	}
	if b.Rows != m.rows || b.Cols != m.cols {
		return nil, fmt.Errorf("lp: board is %d×%d, the model %d×%d", b.Rows, b.Cols, m.rows, m.cols)
	}
	if len(b.Cells) != m.rows*m.cols {
		return nil, fmt.Errorf("lp: board of %d×%d has %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	x := make([]float64, len(m.names))
	for i, pl := range b.Cells {
		if pl.IsEmpty() {
			return nil, fmt.Errorf("lp: cell %v is empty; the model fills every cell", m.cell(i))
		}
		if pl.Piece < 0 || int(pl.Piece) >= m.pieces {
			return nil, fmt.Errorf("lp: cell %v holds piece %d; pieces are 0 to %d", m.cell(i), pl.Piece, m.pieces-1)
		}
		e := m.element(pl)
		if e < 0 {
			return nil, fmt.Errorf("lp: cell %v turns piece %d by %v, which the puzzle does not allow", m.cell(i), pl.Piece, pl.Rotation)
		}
		x[m.x(i, e)] = 1
	}
	if m.form == EdgeMatching {
		// Each indicator takes the least value its fit rows allow.
		for r := range m.cons {
			if m.cons[r].sense != le {
				continue
			}
			var lhs float64
			mv := -1
			for _, t := range m.cons[r].terms {
				if t.v >= m.Placements() {
					mv = t.v
					continue
				}
				lhs += t.coef * x[t.v]
			}
			if mv >= 0 && lhs > 0 {
				x[mv] = 1
			}
		}
	}
	return x, nil
}

// Evaluate returns the objective at a board's 0/1 point (Point), or an
// error naming the first row the point violates. Under EdgeMatching the
// objective is the board's edge.Labels cost.
func (m *Model) Evaluate(b *puzzle.Board) (float64, error) {
	x, err := m.Point(b)
	if err != nil {
		return 0, err
	}
	for _, r := range m.cons {
		var lhs float64
		for _, t := range r.terms {
			lhs += t.coef * x[t.v]
		}
		const tol = 1e-9
		if (r.sense == le && lhs > r.rhs+tol) || (r.sense == ge && lhs < r.rhs-tol) || (r.sense == eq && math.Abs(lhs-r.rhs) > tol) {
			return 0, fmt.Errorf("lp: the board violates row %s: %g %v %g", r.name, lhs, r.sense, r.rhs)
		}
	}
	var f float64
	for v, c := range m.obj {
		f += c * x[v]
	}
	return f, nil
}

// Round reads a board off a point of the model, such as a relaxation's
// Values: each cell gets the element whose placement variable is within
// 10⁻⁶ of 1. It returns an error naming the first cell that has none, which
// is where the point is fractional.
func (m *Model) Round(x []float64) (*puzzle.Board, error) {
	if len(x) != len(m.names) {
		return nil, fmt.Errorf("lp: point has %d values; the model has %d variables", len(x), len(m.names))
	}
	b := puzzle.NewBoard(m.rows, m.cols)
	for i := range b.Cells {
		for e := range m.elems {
			if x[m.x(i, e)] > 1-fracTol {
				t := len(m.turns)
				b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(e / t), Rotation: m.turns[e%t]}
				break
			}
		}
		if b.Cells[i].IsEmpty() {
			return nil, fmt.Errorf("lp: no element of cell %v is at 1: the point is fractional there", m.cell(i))
		}
	}
	return b, nil
}
