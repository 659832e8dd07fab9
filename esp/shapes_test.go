package esp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
)

// shapeLine renders a candidate for comparison: its size and verdict.
func shapeLine(s esp.ShapeCandidate) string {
	return fmt.Sprintf("%dx%d %v misfit %d", s.Rows, s.Cols, s.Search, s.Misfit)
}

func TestShapes(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int
		upright    bool
		holes      []puzzle.Cell
		missing    int
		want       []string
	}{
		{
			// The thesis's future work (seed 000, L4871-4874): four
			// pieces could form 2×2 or 4×1; their eight flat sides fit
			// only the 2×2's rim of 8.
			name: "2x2, none missing", rows: 2, cols: 2,
			want: []string{"2x2 found misfit 0", "1x4 ruled out misfit 2"},
		},
		{
			// L4875-4883: the same four pieces could be part of a 3×2
			// with two missing; the empty column faces their flat
			// sides.
			name: "2x2 as part of a larger board", rows: 2, cols: 2, missing: 2,
			want: []string{"2x3 found misfit 2", "1x6 ruled out misfit 6"},
		},
		{
			// Upright pieces tell a 2×3 from a 3×2: both are searched,
			// and the turned one has no board.
			name: "2x3 upright", rows: 2, cols: 3, upright: true,
			want: []string{"2x3 found misfit 0", "3x2 no board misfit 0", "1x6 ruled out misfit 4", "6x1 ruled out misfit 4"},
		},
		{
			// The thesis's 10×15 (seed 000, chapter 4) with a hole in
			// the middle: 150 cells; only 10×15 has a rim of 50, and the
			// search finds it.
			name: "10x15, one missing", rows: 10, cols: 15, holes: cells([2]int{3, 4}), missing: 1,
			want: []string{"10x15 found misfit 0", "6x25 ruled out misfit 12", "5x30 ruled out misfit 20",
				"3x50 ruled out misfit 56", "2x75 ruled out misfit 104", "1x150 ruled out misfit 252"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(8, 9))
			p, sol, err := puzzle.GenerateUnique(tc.rows, tc.cols, rng)
			if err != nil {
				t.Fatal(err)
			}
			if tc.upright {
				p.Rotatable = false
			} else if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
				t.Fatal(err)
			}
			if p, _, err = esp.Remove(p, sol, tc.holes...); err != nil {
				t.Fatal(err)
			}
			// The size is unknown: Shapes must not read it.
			p.Rows, p.Cols = 0, 0
			got, err := esp.Shapes(context.Background(), p, tc.missing)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, s := range got {
				lines = append(lines, shapeLine(s))
				if s.Search == esp.Found {
					q := p.Clone()
					q.Rows, q.Cols = s.Rows, s.Cols
					if err := esp.Verify(q, s.Board); err != nil {
						t.Errorf("%dx%d: %v", s.Rows, s.Cols, err)
					}
				}
				if (s.Search == esp.RuledOut) != (s.Why != "") {
					t.Errorf("%dx%d: verdict %v with reason %q", s.Rows, s.Cols, s.Search, s.Why)
				}
			}
			if diff := cmp.Diff(tc.want, lines); diff != "" {
				t.Errorf("shapes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestShapesRejects(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, sol, err := puzzle.GenerateUnique(2, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	fixed := p.Clone()
	fixed.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: sol.Cells[0]}}
	cases := []struct {
		name    string
		p       *puzzle.Puzzle
		missing int
	}{
		{name: "nil puzzle", p: nil},
		{name: "negative missing", p: p, missing: -1},
		{name: "fixed pieces", p: fixed},
		{name: "no pieces", p: &puzzle.Puzzle{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := esp.Shapes(context.Background(), tc.p, tc.missing); err == nil {
				t.Error("Shapes accepted it")
			}
		})
	}
}
