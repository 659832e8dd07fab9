package polyomino_test

import (
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

func TestTransformApply(t *testing.T) {
	// Where each transform sends cell (1,2), worked out by hand from the
	// definitions: mirror (r,c)→(r,-c), clockwise quarter turn
	// (r,c)→(c,-r).
	tests := []struct {
		name string
		t    polyomino.Transform
		want polyomino.Cell
	}{
		{"identity", polyomino.Identity, polyomino.Cell{Row: 1, Col: 2}},
		{"rotate90", polyomino.Rotate90, polyomino.Cell{Row: 2, Col: -1}},
		{"rotate180", polyomino.Rotate180, polyomino.Cell{Row: -1, Col: -2}},
		{"rotate270", polyomino.Rotate270, polyomino.Cell{Row: -2, Col: 1}},
		{"mirror", polyomino.Mirror, polyomino.Cell{Row: 1, Col: -2}},
		{"anti-diagonal mirror", polyomino.MirrorRotate90, polyomino.Cell{Row: -2, Col: -1}},
		{"top-bottom mirror", polyomino.MirrorRotate180, polyomino.Cell{Row: -1, Col: 2}},
		{"transpose", polyomino.MirrorRotate270, polyomino.Cell{Row: 2, Col: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.t.Apply(polyomino.Cell{Row: 1, Col: 2}); got != tc.want {
				t.Errorf("%v.Apply((1,2)) = %v, want %v", tc.t, got, tc.want)
			}
		})
	}
}

// checkAlgebra checks the group laws of t and u on cell c.
func checkAlgebra(t *testing.T, a, b polyomino.Transform, c polyomino.Cell) {
	t.Helper()
	if got, want := a.Then(b).Apply(c), b.Apply(a.Apply(c)); got != want {
		t.Errorf("%v.Then(%v).Apply(%v) = %v, want %v", a, b, c, got, want)
	}
	if got := a.Inverse().Apply(a.Apply(c)); got != c {
		t.Errorf("%v.Inverse() does not undo %v: %v → %v", a, a, c, got)
	}
	if a.Then(a.Inverse()) != polyomino.Identity {
		t.Errorf("%v.Then(its inverse) = %v", a, a.Then(a.Inverse()))
	}
	// A mirror reverses handedness: the determinant of its matrix is -1.
	x, y := a.Apply(polyomino.Cell{Row: 1, Col: 0}), a.Apply(polyomino.Cell{Row: 0, Col: 1})
	if det := x.Row*y.Col - x.Col*y.Row; a.Mirrored() != (det < 0) {
		t.Errorf("%v.Mirrored() = %v, but its determinant is %d", a, a.Mirrored(), det)
	}
}

func TestTransformGroup(t *testing.T) {
	for _, a := range polyomino.Transforms {
		for _, b := range polyomino.Transforms {
			checkAlgebra(t, a, b, polyomino.Cell{Row: 3, Col: -7})
		}
	}
}

func FuzzTransform(f *testing.F) {
	f.Add(uint8(0), uint8(5), 1, 2)
	f.Add(uint8(3), uint8(7), -4, 9)
	f.Add(uint8(6), uint8(6), 0, 0)
	f.Fuzz(func(t *testing.T, a, b uint8, r, c int) {
		// Keep clear of overflow at the ends of int: negating MinInt
		// is not the map's fault.
		if r < -1<<40 || r > 1<<40 || c < -1<<40 || c > 1<<40 {
			return
		}
		checkAlgebra(t, polyomino.Transform(a%8), polyomino.Transform(b%8), polyomino.Cell{Row: r, Col: c})
	})
}

func TestModes(t *testing.T) {
	tests := []struct {
		name string
		mode polyomino.Mode
		n    int
	}{
		{"none", polyomino.None, 1},
		{"rotate", polyomino.Rotate, 4},
		{"reflect", polyomino.Reflect, 8},
		{"reflect-only", polyomino.ReflectOnly, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := tc.mode.Transforms()
			if len(ts) != tc.n || ts[0] != polyomino.Identity {
				t.Fatalf("%v.Transforms() = %v, want %d transforms, identity first", tc.mode, ts, tc.n)
			}
			// Each mode is a group, so that orientations of
			// orientations stay in the mode.
			for _, a := range ts {
				for _, b := range ts {
					if !tc.mode.Allows(a.Then(b)) {
						t.Errorf("%v allows %v and %v but not %v", tc.mode, a, b, a.Then(b))
					}
				}
			}
			m, err := polyomino.ParseMode(tc.mode.String())
			if err != nil || m != tc.mode {
				t.Errorf("ParseMode(%q) = %v, %v", tc.mode.String(), m, err)
			}
		})
	}
	if _, err := polyomino.ParseMode("spin"); err == nil {
		t.Error("ParseMode(\"spin\") succeeded")
	}
	if polyomino.Mode(9).Transforms() != nil || polyomino.Mode(9).Allows(polyomino.Identity) {
		t.Error("an invalid mode allows transforms")
	}
}
