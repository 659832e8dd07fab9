package eternity_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

func TestPresetIn(t *testing.T) {
	// The seed's orientation: piece 139 on I8 turned twice (digest §1.2,
	// public anchors), the clue hints 208 C3 3, 255 C14 3, 181 N3 3,
	// 249 N14 0.
	want := []puzzle.FixedPiece{
		{Cell: puzzle.Cell{Row: 8, Col: 7}, Placement: puzzle.Placement{Piece: 138, Rotation: 2}},
		{Cell: puzzle.Cell{Row: 2, Col: 2}, Placement: puzzle.Placement{Piece: 207, Rotation: 3}},
		{Cell: puzzle.Cell{Row: 2, Col: 13}, Placement: puzzle.Placement{Piece: 254, Rotation: 3}},
		{Cell: puzzle.Cell{Row: 13, Col: 2}, Placement: puzzle.Placement{Piece: 180, Rotation: 3}},
		{Cell: puzzle.Cell{Row: 13, Col: 13}, Placement: puzzle.Placement{Piece: 248, Rotation: 0}},
	}
	tests := []struct {
		name   string
		preset eternity.Preset
		want   []puzzle.FixedPiece
	}{
		{"none", eternity.NoHints, nil},
		{"centre", eternity.Centre, want[:1]},
		{"clues", eternity.Clues, want[1:]},
		{"all", eternity.AllHints, want},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.preset.In(0); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("In(0) = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPresetForJSONSet(t *testing.T) {
	inst := formatLoad(t, "instances/e2-16x16-v00.json")
	turn, err := eternity.OfficialTurn(inst.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	// The eternity2.dev set shows frame pieces grey side up: a half turn
	// from the seed's file.
	if turn != 2 {
		t.Errorf("OfficialTurn = %v, want 180°", turn)
	}
	hints, err := eternity.AllHints.For(inst.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	// The file's own hint list holds the same five hints, and three
	// pinned corners besides.
	for _, h := range hints {
		found := false
		for _, f := range inst.Puzzle.Fixed {
			found = found || f == h
		}
		if !found {
			t.Errorf("preset hint %v is not among the file's hints %v", h, inst.Puzzle.Fixed)
		}
	}
	q, err := eternity.WithHints(inst.Puzzle, eternity.AllHints)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Fixed) != len(inst.Puzzle.Fixed) {
		t.Errorf("WithHints added %d fixed pieces to a file that has them all", len(q.Fixed)-len(inst.Puzzle.Fixed))
	}
	bare := inst.Puzzle.Clone()
	bare.Fixed = nil
	q, err = eternity.WithHints(bare, eternity.Centre)
	if err != nil {
		t.Fatal(err)
	}
	if want := (puzzle.FixedPiece{Cell: puzzle.Cell{Row: 8, Col: 7}, Placement: puzzle.Placement{Piece: 138}}); len(q.Fixed) != 1 || q.Fixed[0] != want {
		t.Errorf("centre hint %v, want %v", q.Fixed, want)
	}
	if len(bare.Fixed) != 0 {
		t.Errorf("WithHints changed its argument")
	}
	clash := bare.Clone()
	clash.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 8, Col: 7}, Placement: puzzle.Placement{Piece: 5}}}
	if _, err := eternity.WithHints(clash, eternity.Centre); err == nil || !strings.Contains(err.Error(), "contradicts") {
		t.Errorf("WithHints over a different fixed piece: %v, want a contradiction", err)
	}
}

func TestOfficialTurnRefuses(t *testing.T) {
	small, _ := formatPuzzle(t, 6, 6, 2)
	big, _ := formatPuzzle(t, 16, 16, 2) // scrambled: grey sides face every way
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		want string
	}{
		{"nil", nil, "nil puzzle"},
		{"6x6", small, "16×16"},
		{"scrambled", big, "different sides"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := eternity.OfficialTurn(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("OfficialTurn: %v, want an error about %q", err, tc.want)
			}
		})
	}
}

func TestParsePreset(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want eternity.Preset
		ok   bool
	}{
		{"none", "none", eternity.NoHints, true},
		{"centre", "centre", eternity.Centre, true},
		{"center", "Center", eternity.Centre, true},
		{"clues include the centre", "clues", eternity.AllHints, true},
		{"unknown", "corner", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := eternity.ParsePreset(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("ParsePreset(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
			}
		})
	}
}

// TestOfficialRules checks the rule variants on the eternity2.dev set,
// whose file fixes the five hints and three corners: each variant keeps
// its hints as the file turns them, and nothing else.
func TestOfficialRules(t *testing.T) {
	inst := formatLoad(t, "instances/e2-16x16-v00.json")
	p := inst.Puzzle
	if len(p.Fixed) != 8 {
		t.Fatalf("the file fixes %d pieces, want 8 (its hints and three corners)", len(p.Fixed))
	}
	inFile := map[puzzle.FixedPiece]bool{}
	for _, f := range p.Fixed {
		inFile[f] = true
	}
	tests := []struct {
		name   string
		preset eternity.Preset
		want   int
	}{
		{"none", eternity.NoHints, 0},
		{"centre", eternity.Centre, 1},
		{"all", eternity.AllHints, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := eternity.OfficialRules(p, tc.preset)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Fixed) != tc.want {
				t.Errorf("%d pieces fixed, want %d", len(q.Fixed), tc.want)
			}
			for _, f := range q.Fixed {
				if !inFile[f] {
					t.Errorf("hint %v is not the file's", f)
				}
			}
			if len(p.Fixed) != 8 {
				t.Error("OfficialRules changed the puzzle it was given")
			}
		})
	}
	small, _, err := puzzle.GenerateColours(10, 10, 3, 7, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eternity.OfficialRules(small, eternity.Centre); err == nil || !strings.Contains(err.Error(), "16×16") {
		t.Errorf("the official rules on a 10×10 puzzle: err = %v", err)
	}
}
