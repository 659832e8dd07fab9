package polyomino_test

import (
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

// pentominoes are the 12 pentominoes drawn as Pentominoes returns them,
// by letter.
var pentominoes = func() map[string]string {
	m := map[string]string{}
	names, shapes := polyomino.Pentominoes()
	for i, n := range names {
		m[n] = shapes[i].String()
	}
	return m
}()

func mustShape(t testing.TB, s string) polyomino.Shape {
	t.Helper()
	sh, err := polyomino.ParseShape(s)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

func TestOrientations(t *testing.T) {
	// The orientation counts of the free pentominoes (with mirror
	// images: 63 fixed pentominoes in all), of the one-sided ones
	// (rotations only) and under the axis mirrors and the half turn, each
	// 8 divided by the size of the pentomino's symmetry group within the
	// mode's transforms: V and W are symmetric about a diagonal only, so
	// the axis mirrors give them 4.
	tests := []struct {
		name                   string
		reflect, rotate, flips int
	}{
		{"F", 8, 4, 4}, {"I", 2, 2, 1}, {"L", 8, 4, 4}, {"N", 8, 4, 4},
		{"P", 8, 4, 4}, {"T", 4, 4, 2}, {"U", 4, 4, 2}, {"V", 4, 4, 4},
		{"W", 4, 4, 4}, {"X", 1, 1, 1}, {"Y", 8, 4, 4}, {"Z", 4, 2, 2},
	}
	total := 0
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustShape(t, pentominoes[tc.name])
			for _, c := range []struct {
				mode polyomino.Mode
				want int
			}{{polyomino.None, 1}, {polyomino.Rotate, tc.rotate}, {polyomino.Reflect, tc.reflect}, {polyomino.ReflectOnly, tc.flips}} {
				os := s.Orientations(c.mode)
				if len(os) != c.want {
					t.Errorf("%s in mode %v: %d orientations, want %d", tc.name, c.mode, len(os), c.want)
				}
				for i, o := range os {
					if !o.Shape.Equal(s.Transform(o.Transform)) || !c.mode.Allows(o.Transform) {
						t.Errorf("%s orientation %d: shape is not the tile under %v, or the mode forbids it", tc.name, i, o.Transform)
					}
					for _, p := range os[:i] {
						if p.Shape.Equal(o.Shape) {
							t.Errorf("%s: orientations %v and %v are the same shape", tc.name, p.Transform, o.Transform)
						}
					}
				}
			}
			total += tc.reflect
		})
	}
	if total != 63 {
		t.Errorf("%d fixed pentominoes, want 63", total)
	}
}

func TestColouredOrientations(t *testing.T) {
	// A two-coloured domino has 4 orientations under rotation: each turn
	// puts its colours elsewhere, although the outline repeats.
	d := mustShape(t, "XO")
	if n := len(d.Orientations(polyomino.Rotate)); n != 4 {
		t.Errorf("XO domino: %d orientations under rotation, want 4", n)
	}
	if n := len(mustShape(t, "XX").Orientations(polyomino.Rotate)); n != 2 {
		t.Errorf("XX domino: %d orientations under rotation, want 2", n)
	}
	// A square of one colour is the same every way.
	if n := len(mustShape(t, "##\n##").Orientations(polyomino.Reflect)); n != 1 {
		t.Errorf("square tetromino: %d orientations, want 1", n)
	}
}

func TestSymmetries(t *testing.T) {
	tests := []struct {
		name  string
		shape string
		want  []polyomino.Transform
	}{
		{"square", "###\n###\n###", polyomino.Transforms[:]},
		{"rectangle", "###\n###", []polyomino.Transform{polyomino.Identity, polyomino.Rotate180, polyomino.Mirror, polyomino.MirrorRotate180}},
		// A checkerboard keeps its colours under the half turn and the
		// diagonal mirrors only (seed 003 digest §2.2).
		{"checkerboard", "XOXO\nOXOX\nXOXO\nOXOX", []polyomino.Transform{polyomino.Identity, polyomino.Rotate180, polyomino.MirrorRotate90, polyomino.MirrorRotate270}},
		{"F pentomino", pentominoes["F"], []polyomino.Transform{polyomino.Identity}},
		{"Z pentomino", pentominoes["Z"], []polyomino.Transform{polyomino.Identity, polyomino.Rotate180}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustShape(t, tc.shape).Symmetries(); !slices.Equal(got, tc.want) {
				t.Errorf("Symmetries() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestNewShape(t *testing.T) {
	s, err := polyomino.NewShape(
		polyomino.Square{Cell: polyomino.Cell{Row: 5, Col: 3}, Colour: 'a'},
		polyomino.Square{Cell: polyomino.Cell{Row: 4, Col: 4}, Colour: 'b'},
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := mustShape(t, " b\na"); !s.Equal(want) {
		t.Errorf("NewShape = %q, want %q", s, want)
	}
	if rows, cols := s.Size(); rows != 2 || cols != 2 {
		t.Errorf("Size() = %d, %d, want 2, 2", rows, cols)
	}
	if c, ok := s.Colour(polyomino.Cell{Row: 1, Col: 0}); !ok || c != 'a' {
		t.Errorf("Colour((1,0)) = %q, %v, want 'a', true", c, ok)
	}
	if _, ok := s.Colour(polyomino.Cell{Row: 0, Col: 0}); ok {
		t.Error("Colour((0,0)) found a square in a gap")
	}
	if s.Connected() {
		t.Error("two squares meeting at a corner count as connected")
	}
	_, err = polyomino.NewShape(polyomino.Square{Cell: polyomino.Cell{Row: 1, Col: 1}}, polyomino.Square{Cell: polyomino.Cell{Row: 1, Col: 1}})
	if err == nil {
		t.Error("NewShape accepted a cell given twice")
	}
}

func TestParseShape(t *testing.T) {
	tests := []struct {
		name, text string
		len        int
		wantErr    bool
	}{
		{"pentomino", pentominoes["W"], 5, false},
		{"indented", "\n   #\n  ##\n", 3, false},
		{"crlf", "#\r\n#", 2, false},
		{"empty", "", 0, false},
		{"tab", "#\t#", 0, true},
		{"control", "#\x01", 0, true},
		{"bad utf-8", "#\xff", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := polyomino.ParseShape(tc.text)
			if (err != nil) != tc.wantErr {
				t.Fatalf("ParseShape(%q) error = %v, want error %v", tc.text, err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if s.Len() != tc.len {
				t.Errorf("Len() = %d, want %d", s.Len(), tc.len)
			}
			if back := mustShape(t, s.String()); !back.Equal(s) {
				t.Errorf("String() %q does not read back as the shape", s.String())
			}
			if !s.Connected() {
				t.Errorf("%q is not connected", s)
			}
		})
	}
}

func TestPentominoes(t *testing.T) {
	names, shapes := polyomino.Pentominoes()
	if len(names) != 12 || len(shapes) != 12 {
		t.Fatalf("%d names and %d shapes, want 12", len(names), len(shapes))
	}
	// 63 fixed pentominoes under rotation and reflection (seeds-002-004
	// digest §5.1).
	fixed := 0
	for i, s := range shapes {
		if s.Len() != 5 || !s.Connected() {
			t.Errorf("%s: %d cells, connected %v", names[i], s.Len(), s.Connected())
		}
		fixed += len(s.Orientations(polyomino.Reflect))
	}
	if fixed != 63 {
		t.Errorf("%d fixed orientations, want 63", fixed)
	}
}
