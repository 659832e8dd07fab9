package polyomino_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

func TestSubsets(t *testing.T) {
	tests := []struct {
		name  string
		board string
		tiles []string
		want  [][]int
	}{
		{"exact", "###", []string{"#", "##"}, [][]int{{0, 1}}},
		{"too few", "####", []string{"#", "##"}, nil},
		{"two of three", "##", []string{"#", "#", "#"}, [][]int{{0, 1}, {0, 2}, {1, 2}}},
		// Including the 2-square tile first overshoots a 3-square
		// board only with the 3-square tile; the seed's code would
		// stop there and miss {2}.
		{"mixed sizes", "###", []string{"##", "#", "###"}, [][]int{{0, 1}, {2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &polyomino.Puzzle{Board: mustShape(t, tc.board)}
			for _, s := range tc.tiles {
				p.Tiles = append(p.Tiles, mustShape(t, s))
			}
			var got [][]int
			for set := range p.Subsets() {
				got = append(got, set)
			}
			if !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Errorf("Subsets() = %v, want %v", got, tc.want)
			}
		})
	}
}

// dominoes is a 2×3 board to cover with three dominoes.
func dominoes(t *testing.T) *polyomino.Puzzle {
	d := mustShape(t, "##")
	return &polyomino.Puzzle{Board: mustShape(t, "###\n###"), Tiles: []polyomino.Shape{d, d, d}}
}

func TestCheck(t *testing.T) {
	p := dominoes(t)
	at := func(r, c int) polyomino.Cell { return polyomino.Cell{Row: r, Col: c} }
	tests := []struct {
		name string
		sol  polyomino.Solution
		msg  string // "" for a valid solution
	}{
		{"valid", polyomino.Solution{{0, polyomino.Rotate90, at(0, 0)}, {1, polyomino.Identity, at(0, 1)}, {2, polyomino.Identity, at(1, 1)}}, ""},
		{"overlap", polyomino.Solution{{0, polyomino.Identity, at(0, 0)}, {1, polyomino.Identity, at(0, 1)}}, "overlap at (0,1)"},
		{"off the board", polyomino.Solution{{0, polyomino.Identity, at(0, 2)}}, "off the board"},
		{"uncovered", polyomino.Solution{{0, polyomino.Identity, at(0, 0)}}, "(0,2) is not covered"},
		{"twice", polyomino.Solution{{0, polyomino.Identity, at(0, 0)}, {0, polyomino.Identity, at(1, 0)}}, "placed twice"},
		{"no such tile", polyomino.Solution{{3, polyomino.Identity, at(0, 0)}}, "tiles 0 to 2"},
		{"bad transform", polyomino.Solution{{0, 8, at(0, 0)}}, "invalid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Check(tc.sol)
			if tc.msg == "" {
				if err != nil {
					t.Errorf("Check = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Check = %v, want an error mentioning %q", err, tc.msg)
			}
		})
	}
	colours := &polyomino.Puzzle{Board: mustShape(t, "XO"), Tiles: []polyomino.Shape{mustShape(t, "OX")}}
	if err := colours.Check(polyomino.Solution{{0, polyomino.Identity, at(0, 0)}}); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("Check of mismatched colours = %v, want a colour error", err)
	}
	if err := colours.Check(polyomino.Solution{{0, polyomino.Rotate180, at(0, 0)}}); err != nil {
		t.Errorf("Check of the turned tile = %v, want nil", err)
	}
}

func TestRender(t *testing.T) {
	p := &polyomino.Puzzle{Board: mustShape(t, "###\n# #\n###"), Tiles: []polyomino.Shape{mustShape(t, "##"), mustShape(t, "#\n#\n#")}}
	got, err := p.Render(polyomino.Solution{{0, polyomino.Identity, polyomino.Cell{}}, {1, polyomino.Identity, polyomino.Cell{Row: 0, Col: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	// Tile 0 is A, tile 1 is B; uncovered board cells are dots and the
	// hole in the middle is a space.
	if want := "AAB\n. B\n..B\n"; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		p    polyomino.Puzzle
		msg  string
	}{
		{"no board", polyomino.Puzzle{Tiles: []polyomino.Shape{mustShape(t, "#")}}, "board is empty"},
		{"no tiles", polyomino.Puzzle{Board: mustShape(t, "#")}, "no tiles"},
		{"empty tile", polyomino.Puzzle{Board: mustShape(t, "#"), Tiles: []polyomino.Shape{{}}}, "tile 0 is empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.Validate(); err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Validate = %v, want an error mentioning %q", err, tc.msg)
			}
		})
	}
}

// TestSubsetsUnreachable: forty dominoes can never cover 41 cells; the
// walk must see that at once rather than try 2^40 combinations.
func TestSubsetsUnreachable(t *testing.T) {
	board, err := polyomino.ParseShape(strings.Repeat("#", 41))
	if err != nil {
		t.Fatal(err)
	}
	domino, err := polyomino.ParseShape("##")
	if err != nil {
		t.Fatal(err)
	}
	p := &polyomino.Puzzle{Board: board}
	for range 40 {
		p.Tiles = append(p.Tiles, domino)
	}
	for set := range p.Subsets() {
		t.Fatalf("yielded %v, want no subset", set)
	}
}
