package lp_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/lp"
)

// tol is the slack Relax's loosening of the rows (below 2·10⁻⁷ each) and
// rounding leave on an optimum of 0.
const tol = 1e-5

func TestRelax(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		form       lp.Formulation
		// integral: the relaxation's optimum is a 0/1 point, the planted
		// solution up to a turn of the board.
		integral bool
	}{
		// The sound model's relaxation of a unique-label puzzle lands on
		// the solution.
		{"2x2 edge matching", 2, 2, lp.EdgeMatching, true},
		{"2x3 edge matching", 2, 3, lp.EdgeMatching, true},
		// The thesis's goal, relaxed, is 0 on a fractional point.
		{"2x2 thesis summed", 2, 2, lp.ThesisSummed, false},
		{"3x3 thesis summed", 3, 3, lp.ThesisSummed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				p, truth := planted(t, tt.rows, tt.cols, seed)
				m, err := lp.New(p, tt.form)
				if err != nil {
					t.Fatal(err)
				}
				r, err := m.Relax()
				if err != nil {
					t.Fatal(err)
				}
				// The integer optimum is 0 (the planted board); the
				// relaxation's lies below it, and neither goal can go
				// below 0 on its rows.
				if !r.Feasible || math.Abs(r.Objective) > tol {
					t.Fatalf("seed %d: feasible %v, objective %v; want feasible with 0", seed, r.Feasible, r.Objective)
				}
				if len(r.Values) != m.Vars() || r.Runtime <= 0 {
					t.Fatalf("seed %d: %d values, runtime %v", seed, len(r.Values), r.Runtime)
				}
				if r.Constraints != m.Constraints()-1 || r.Vars <= m.Vars() {
					t.Errorf("seed %d: standard form %d×%d; want %d rows (one implied row left out) and slacks", seed, r.Constraints, r.Vars, m.Constraints()-1)
				}
				b, err := m.Round(r.Values)
				if tt.integral {
					if r.Fractional != 0 || err != nil || !puzzle.Perfect(truth, b) {
						t.Fatalf("seed %d: %d fractional values, board %v (%v); want the planted solution", seed, r.Fractional, b, err)
					}
					continue
				}
				if r.Fractional == 0 || r.MaxFraction <= 0 || r.MaxFraction >= 1 || err == nil {
					t.Fatalf("seed %d: %d fractional values, largest %v, round error %v; want a fractional optimum", seed, r.Fractional, r.MaxFraction, err)
				}
			}
		})
	}
}

func TestRelaxTooLarge(t *testing.T) {
	p, _ := planted(t, 3, 3, 1)
	m, err := lp.New(p, lp.Thesis)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Relax(); err == nil || !strings.Contains(err.Error(), "dense entries") {
		t.Fatalf("error %v, want the 3×3 thesis model refused as too large", err)
	}
}

func TestRound(t *testing.T) {
	p, truth := planted(t, 2, 2, 1)
	m, err := lp.New(p, lp.EdgeMatching)
	if err != nil {
		t.Fatal(err)
	}
	x, err := m.Point(truth)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := m.Round(x); err != nil || !b.Equal(truth) {
		t.Fatalf("round trip gives %v, %v; want %v", b, err, truth)
	}
	for i := range x {
		if x[i] == 1 {
			x[i] = 0.5
			break
		}
	}
	if _, err := m.Round(x); err == nil || !strings.Contains(err.Error(), "cell (0,0)") {
		t.Fatalf("error %v, want cell (0,0) named as fractional", err)
	}
	if _, err := m.Round(x[:3]); err == nil {
		t.Fatal("a short point was accepted")
	}
}
