package exact

import (
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

func TestCanonicalPicksOnePerClass(t *testing.T) {
	// A 2×2 puzzle with one solution up to turns: exactly one of the four
	// turned copies is canonical.
	p := &puzzle.Puzzle{Rows: 2, Cols: 2, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 2, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 3, 1}},
		{ID: 2, Edges: [4]puzzle.Label{2, 4, 0, 0}},
		{ID: 3, Edges: [4]puzzle.Label{3, 0, 0, 4}},
	}}
	sol := &puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{{Piece: 0}, {Piece: 1}, {Piece: 2}, {Piece: 3}}}
	labels, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	if edge.Cost(labels, sol) != 0 {
		t.Fatal("the hand-made solution does not fit")
	}
	n := 0
	for _, r := range sol.Turns() {
		if Canonical(p, labels, sol.Turn(r)) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d of the 4 turned copies are canonical, want 1", n)
	}
	// With a fixed piece only the unturned copy is a solution, so it is
	// canonical on its own.
	p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: puzzle.Placement{Piece: 3, Rotation: 2}}}
	if !Canonical(p, labels, sol.Turn(2)) {
		t.Fatal("the only solution keeping the fixed piece is not canonical")
	}
}
