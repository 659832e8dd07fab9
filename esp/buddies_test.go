package esp_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestPredictBuddies cuts a photograph into a 12×8 picture puzzle, removes
// one piece at random, and checks how often Empty Slot Prediction on best
// buddies names the hole (or, for turned pieces, its image under the half
// turn, which the board turned as a whole leaves empty). With the default
// measure, measured when the test was written, all ten upright trials named
// it and seven of the ten turned ones, where false buddies between turned
// pieces mislead the orientation; the thresholds leave a trial's room for
// a change of measure.
func TestPredictBuddies(t *testing.T) {
	img, err := puzzle.LoadImage("../testdata/chelsea.png")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		rotatable bool
		// atLeast of 10 trials must contain the hole.
		atLeast int
	}{
		{name: "upright", atLeast: 9},
		{name: "turned", rotatable: true, atLeast: 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hits := 0
			for seed := range uint64(10) {
				rng := rand.New(rand.NewPCG(seed, 3))
				// 37-pixel pieces cut the 451×300 photograph into 12×8.
				p, sol, err := puzzle.Cut(img, 37)
				if err != nil {
					t.Fatal(err)
				}
				if p.Rotatable = tc.rotatable; tc.rotatable {
					if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
						t.Fatal(err)
					}
				}
				hole := sol.CellAt(rng.IntN(p.Cells()))
				q, _, err := esp.Remove(p, sol, hole)
				if err != nil {
					t.Fatal(err)
				}
				tab, err := edge.NewTable(context.Background(), q, edge.DefaultMeasure(), 1)
				if err != nil {
					t.Fatal(err)
				}
				pred, err := esp.PredictBuddies(q, tab)
				if err != nil {
					t.Fatal(err)
				}
				turned := puzzle.Cell{Row: q.Rows - 1 - hole.Row, Col: q.Cols - 1 - hole.Col}
				if pred.Contains(hole) || (tc.rotatable && pred.Contains(turned)) {
					hits++
				}
			}
			if hits < tc.atLeast {
				t.Errorf("the hole was a candidate in %d of 10 trials, want at least %d", hits, tc.atLeast)
			}
		})
	}
}

func TestPredictBuddiesRejects(t *testing.T) {
	p, _ := thesisPuzzle(t, 5, true, puzzle.Cell{Row: 1, Col: 1})
	other, _ := thesisPuzzle(t, 5, true)
	comp, err := edge.NewLabelCompatibility(other)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		c    edge.Compatibility
	}{
		{name: "nil compatibility", c: nil},
		{name: "another puzzle's", c: comp},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := esp.PredictBuddies(p, tc.c); err == nil {
				t.Error("PredictBuddies accepted it")
			}
		})
	}
}
