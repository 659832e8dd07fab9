package lp_test

import (
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/lp"
)

// The thesis's Appendix 2 writes the 3×3 puzzle as a 0/1 program of 324
// variables; as printed, its modulus rows square the elements.
func Example_appendix2() {
	rng := rand.New(rand.NewPCG(1, 1))
	p, _, err := puzzle.GenerateUnique(3, 3, rng)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range []lp.Formulation{lp.Thesis, lp.ThesisSummed, lp.EdgeMatching} {
		m, err := lp.New(p, f)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-13v %d placements, %d variables, %d constraints, %d non-zeros\n",
			f, m.Placements(), m.Vars(), m.Constraints(), m.Nonzeros())
	}
	// Output:
	// thesis        324 placements, 324 variables, 15570 constraints, 31752 non-zeros
	// thesis-summed 324 placements, 324 variables, 30 constraints, 1512 non-zeros
	// edge-matching 324 placements, 336 variables, 450 constraints, 1800 non-zeros
}

// A two-piece puzzle whose pieces keep their orientation, written in CPLEX
// LP format for any MIP solver. The objective charges a labelled side on
// the rim and a mismatched join; the fit rows force the join's indicator
// up when the left piece's right side finds no partner.
func ExampleModel_WriteLP() {
	p, _, err := puzzle.GenerateUnique(1, 2, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		log.Fatal(err)
	}
	p.Rotatable = false
	m, err := lp.New(p, lp.EdgeMatching)
	if err != nil {
		log.Fatal(err)
	}
	if err := m.WriteLP(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// \ 1x2 puzzle, 2 elements (pieces x rotations), formulation edge-matching
	// \ 5 binary variables (4 placements), 6 constraints
	// Minimize
	//  obj: x_r0c0_p1r0 + x_r0c1_p0r0 + m_r0c0_r0c1
	// Subject To
	//  cell_r0c0: x_r0c0_p0r0 + x_r0c0_p1r0 = 1
	//  cell_r0c1: x_r0c1_p0r0 + x_r0c1_p1r0 = 1
	//  piece_p0: x_r0c0_p0r0 + x_r0c1_p0r0 = 1
	//  piece_p1: x_r0c0_p1r0 + x_r0c1_p1r0 = 1
	//  fit_r0c0_r0c1_p0r0: x_r0c0_p0r0 - x_r0c1_p1r0 - m_r0c0_r0c1 <= 0
	//  fit_r0c0_r0c1_p1r0: x_r0c0_p1r0 - m_r0c0_r0c1 <= 0
	// Bounds
	//  0 <= x_r0c0_p0r0 <= 1
	//  0 <= x_r0c0_p1r0 <= 1
	//  0 <= x_r0c1_p0r0 <= 1
	//  0 <= x_r0c1_p1r0 <= 1
	//  0 <= m_r0c0_r0c1 <= 1
	// Binary
	//  x_r0c0_p0r0 x_r0c0_p1r0 x_r0c1_p0r0 x_r0c1_p1r0 m_r0c0_r0c1
	// End
}

// Relaxing the thesis's goal gives 0 on a fractional point that places no
// piece; the sound model's relaxation of a unique-label 2×2 puzzle lands
// on its solution.
func ExampleModel_Relax() {
	rng := rand.New(rand.NewPCG(2, 2))
	p, truth, err := puzzle.GenerateUnique(2, 2, rng)
	if err != nil {
		log.Fatal(err)
	}
	if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
		log.Fatal(err)
	}
	for _, f := range []lp.Formulation{lp.ThesisSummed, lp.EdgeMatching} {
		m, err := lp.New(p, f)
		if err != nil {
			log.Fatal(err)
		}
		r, err := m.Relax()
		if err != nil {
			log.Fatal(err)
		}
		opt := r.Objective
		if math.Abs(opt) < 1e-6 { // the simplex's rounding noise
			opt = 0
		}
		b, err := m.Round(r.Values)
		fmt.Printf("%v: optimum %.3f, fractional %v, solved %v\n", f, opt, r.Fractional > 0, err == nil && puzzle.Perfect(truth, b))
	}
	// Output:
	// thesis-summed: optimum 0.000, fractional true, solved false
	// edge-matching: optimum 0.000, fractional false, solved true
}
