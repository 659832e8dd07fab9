package puzzle_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/puzzle"
)

// identicalPuzzle returns a 2×3 picture puzzle of 4-pixel tiles: piece 0
// a pattern, 1 a copy of it, 2 the pattern turned a quarter, 3 and 4 one
// flat colour, 5 another pattern.
func identicalPuzzle(rotatable bool) *puzzle.Puzzle {
	pattern := func(seed int) *image.RGBA {
		t := image.NewRGBA(image.Rect(0, 0, 4, 4))
		for y := range 4 {
			for x := range 4 {
				t.SetRGBA(x, y, color.RGBA{uint8(seed + 16*x + y), uint8(3 * x * y), 9, 255})
			}
		}
		return t
	}
	flat := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range flat.Pix {
		flat.Pix[i] = 200
	}
	tiles := []image.Image{pattern(0), pattern(0), puzzle.TurnImage(pattern(0), 1), flat, image.Image(flat), pattern(50)}
	p := &puzzle.Puzzle{Rows: 2, Cols: 3, Rule: puzzle.Equal, Rotatable: rotatable}
	for i, t := range tiles {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Image: t})
	}
	return p
}

func TestFindIdentical(t *testing.T) {
	tests := []struct {
		name      string
		rotatable bool
		want      [][]puzzle.PieceID
	}{
		{"orientation known", false, [][]puzzle.PieceID{{0, 1}, {3, 4}}},
		{"orientation unknown: turned copies count", true, [][]puzzle.PieceID{{0, 1, 2}, {3, 4}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := puzzle.FindIdentical(identicalPuzzle(tc.rotatable))
			if diff := cmp.Diff(tc.want, id.Groups()); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
	if g := puzzle.FindIdentical(nil).Groups(); len(g) != 0 {
		t.Errorf("a nil puzzle has groups %v", g)
	}
}

func TestIdenticalSame(t *testing.T) {
	id := puzzle.FindIdentical(identicalPuzzle(true))
	pl := func(p, r int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(p), Rotation: puzzle.Rotation(r)}
	}
	tests := []struct {
		a, b puzzle.Placement
		want bool
	}{
		{pl(0, 0), pl(1, 0), true},
		{pl(0, 1), pl(2, 0), true}, // piece 2 is piece 0 turned once
		{pl(0, 0), pl(2, 0), false},
		{pl(3, 0), pl(4, 3), true}, // a flat tile looks the same in any turn
		{pl(5, 0), pl(5, 0), true},
		{pl(5, 0), pl(5, 1), false},
		{puzzle.Empty, puzzle.Empty, true},
		{puzzle.Empty, pl(0, 0), false},
	}
	for _, tc := range tests {
		if got := id.Same(tc.a, tc.b); got != tc.want {
			t.Errorf("Same(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestRelabel checks that swapped copies are forgiven and other mistakes
// are not.
func TestRelabel(t *testing.T) {
	p := identicalPuzzle(true)
	id := puzzle.FindIdentical(p)
	truth := puzzle.NewBoard(2, 3)
	for i := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	pl := func(p, r int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(p), Rotation: puzzle.Rotation(r)}
	}
	// Copies swapped: 0 and 1 trade cells, piece 2 (0 turned) stands in
	// cell 0 turned back, piece 0 in cell 2 turned to look like piece 2,
	// the flat tiles swapped and turned.
	swapped := &puzzle.Board{Rows: 2, Cols: 3, Cells: []puzzle.Placement{pl(2, 3), pl(0, 0), pl(1, 1), pl(4, 2), pl(3, 1), pl(5, 0)}}
	got := id.Relabel(truth, swapped)
	if !puzzle.Perfect(truth, got) {
		t.Errorf("relabelled %v, want the truth %v", got.Cells, truth.Cells)
	}
	if puzzle.Perfect(truth, swapped) {
		t.Error("the strict comparison forgives swapped copies")
	}
	if cmp.Diff(puzzle.Render(p, swapped).Pix, puzzle.Render(p, got).Pix) != "" {
		t.Error("the relabelled board renders differently")
	}
	// A real mistake stays one: piece 5 and the flat piece 3 trade places.
	wrong := &puzzle.Board{Rows: 2, Cols: 3, Cells: []puzzle.Placement{pl(0, 0), pl(1, 0), pl(2, 0), pl(5, 0), pl(4, 0), pl(3, 0)}}
	if d := puzzle.DirectComparison(truth, id.Relabel(truth, wrong)); d != 4.0/6 {
		t.Errorf("direct comparison of a real swap, relabelled, is %v, want 4/6", d)
	}
	if id.Relabel(truth, nil) != nil {
		t.Error("relabelling nil gave a board")
	}
}
