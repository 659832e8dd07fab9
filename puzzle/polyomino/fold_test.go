package polyomino_test

import (
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

func TestFold(t *testing.T) {
	at := func(r, c int) polyomino.Cell { return polyomino.Cell{Row: r, Col: c} }
	// The four ways to cover a 2×2 square with two numbered dominoes are
	// one up to the square's symmetries: the quarter turn stands the
	// pair up, the half turn swaps them.
	d := mustShape(t, "##")
	square := &polyomino.Puzzle{Board: mustShape(t, "##\n##"), Tiles: []polyomino.Shape{d, d}}
	four := []polyomino.Solution{
		{{0, polyomino.Identity, at(0, 0)}, {1, polyomino.Identity, at(1, 0)}},
		{{1, polyomino.Identity, at(0, 0)}, {0, polyomino.Identity, at(1, 0)}},
		{{0, polyomino.Rotate90, at(0, 0)}, {1, polyomino.Rotate90, at(0, 1)}},
		{{1, polyomino.Rotate90, at(0, 0)}, {0, polyomino.Rotate90, at(0, 1)}},
	}
	// Two dominoes end to end on a bar: the mirror swaps them, unless
	// the bar's colours forbid the mirror.
	bar := &polyomino.Puzzle{Board: mustShape(t, "####"), Tiles: []polyomino.Shape{d, d}}
	xo := mustShape(t, "XO")
	striped := &polyomino.Puzzle{Board: mustShape(t, "XOXO"), Tiles: []polyomino.Shape{xo, xo}}
	two := []polyomino.Solution{
		{{0, polyomino.Identity, at(0, 0)}, {1, polyomino.Identity, at(0, 2)}},
		{{1, polyomino.Identity, at(0, 0)}, {0, polyomino.Identity, at(0, 2)}},
	}
	tests := []struct {
		name   string
		p      *polyomino.Puzzle
		sols   []polyomino.Solution
		unique int
	}{
		{"plain square", square, four, 1},
		{"plain bar", bar, two, 1},
		{"striped bar", striped, two, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := polyomino.NewFold(tc.p)
			for i, s := range tc.sols {
				if err := tc.p.Check(s); err != nil {
					t.Fatalf("solution %d: %v", i, err)
				}
				if _, err := f.Add(s); err != nil {
					t.Fatal(err)
				}
			}
			if f.Len() != tc.unique {
				t.Errorf("Len() = %d, want %d", f.Len(), tc.unique)
			}
		})
	}
	f := polyomino.NewFold(square)
	if _, err := f.Add(polyomino.Solution{{0, polyomino.Identity, at(1, 1)}}); err == nil {
		t.Error("Add accepted a tile off the board")
	}
	k0, _ := f.Key(four[0])
	k3, _ := f.Key(four[3])
	if k0 != k3 {
		t.Error("symmetric solutions have different keys")
	}
}
