package eternity_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

func TestOfficialCensus(t *testing.T) {
	inst := formatLoad(t, "instances/e2-16x16-v00.json")
	c := eternity.TakeCensus(inst.Puzzle)
	// Digest §1.1 and the public anchors: 4 corners, 56 edges, 196 inner;
	// 5 frame colours on 24 sides each; 17 inner colours, 5 on 48 sides
	// and 12 on 50; 64 grey sides.
	if c.Count[eternity.Corner] != 4 || c.Count[eternity.Edge] != 56 || c.Count[eternity.Inner] != 196 || c.Count[eternity.Odd] != 0 {
		t.Errorf("kinds %v, want 4 corners, 56 edges, 196 inner", c.Count)
	}
	if c.Grey != 64 {
		t.Errorf("%d grey sides, want 64", c.Grey)
	}
	if n := len(c.FrameColours()); n != eternity.OfficialFrameColours {
		t.Errorf("%d frame colours, want %d", n, eternity.OfficialFrameColours)
	}
	if n := len(c.InnerColours()); n != eternity.OfficialInnerColours {
		t.Errorf("%d inner colours, want %d", n, eternity.OfficialInnerColours)
	}
	for l, n := range c.Frame {
		if n != 24 {
			t.Errorf("frame colour %d on %d sides, want 24", l, n)
		}
	}
	sides := map[int]int{}
	for _, n := range c.Inside {
		sides[n]++
	}
	if want := map[int]int{48: 5, 50: 12}; !reflect.DeepEqual(sides, want) {
		t.Errorf("inner colours by side count %v, want %v", sides, want)
	}
	// Pieces 173, 199 and 233 counted from 1 (the seed's R2).
	if want := []puzzle.PieceID{172, 198, 232}; !reflect.DeepEqual(c.RepeatedCorners, want) {
		t.Errorf("repeated corners %v, want %v", c.RepeatedCorners, want)
	}
	if len(c.Duplicates) != 0 || len(c.Symmetric) != 0 {
		t.Errorf("duplicates %v, symmetric %v; the official set has neither", c.Duplicates, c.Symmetric)
	}
}

func TestCensusSmall(t *testing.T) {
	p := &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: puzzle.Equal, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 2, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 1, 2}}, // piece 0 turned once
		{ID: 2, Edges: [4]puzzle.Label{3, 0, 3, 0}}, // grey sides facing
		{ID: 3, Edges: [4]puzzle.Label{4, 4, 4, 4}},
	}}
	c := eternity.TakeCensus(p)
	if want := [4]int{eternity.Inner: 1, eternity.Corner: 2, eternity.Odd: 1}; c.Count != want {
		t.Errorf("kinds %v, want %v", c.Count, want)
	}
	if want := [][]puzzle.PieceID{{0, 1}}; !reflect.DeepEqual(c.Duplicates, want) {
		t.Errorf("duplicates %v, want %v", c.Duplicates, want)
	}
	if want := []puzzle.PieceID{2, 3}; !reflect.DeepEqual(c.Symmetric, want) {
		t.Errorf("symmetric %v, want %v", c.Symmetric, want)
	}
	if want := []puzzle.PieceID{2, 3}; !reflect.DeepEqual(c.RepeatedCorners, want) {
		t.Errorf("repeated corners %v, want %v", c.RepeatedCorners, want)
	}
}

func TestCheck(t *testing.T) {
	good, _ := formatPuzzle(t, 5, 5, 9)
	oddColour := good.Clone()
	for i := range oddColour.Pieces {
		if eternity.KindOf(&oddColour.Pieces[i]) == eternity.Inner {
			oddColour.Pieces[i].Edges[0] = 99 // one side of a colour nobody else has
			break
		}
	}
	noCorner := good.Clone()
	for i := range noCorner.Pieces {
		if eternity.KindOf(&noCorner.Pieces[i]) == eternity.Corner {
			noCorner.Pieces[i].Edges = [4]puzzle.Label{7, 7, 7, 7}
			break
		}
	}
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		want []string // parts of the error; none for a good puzzle
	}{
		{"generated", good, nil},
		{"odd colour", oddColour, []string{"colour 99 is on 1 inner sides"}},
		{"corner lost", noCorner, []string{"3 corner pieces", "10 inner pieces"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := eternity.Check(tc.p)
			if len(tc.want) == 0 {
				if err != nil {
					t.Errorf("Check: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Check: nil, want errors about %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Check: %v\nwant it to say %q", err, w)
				}
			}
		})
	}
}
