package puzzle_test

import (
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// allRotations lists the four valid rotations, for exhaustive law checks.
var allRotations = [4]puzzle.Rotation{0, 1, 2, 3}

func TestSidesOrder(t *testing.T) {
	// DESIGN.md fixes the numbering: Top=0, Right=1, Bottom=2, Left=3,
	// clockwise; files and other packages index Edges by it.
	want := [4]puzzle.Side{puzzle.Top, puzzle.Right, puzzle.Bottom, puzzle.Left}
	if puzzle.Sides != want {
		t.Errorf("Sides = %v, want %v", puzzle.Sides, want)
	}
	for i, s := range puzzle.Sides {
		if int(s) != i {
			t.Errorf("Sides[%d] = %d, want %d", i, s, i)
		}
	}
}

func TestSide(t *testing.T) {
	tests := []struct {
		name       string
		s          puzzle.Side
		opposite   puzzle.Side
		dRow, dCol int
		str        string
	}{
		{name: "top", s: puzzle.Top, opposite: puzzle.Bottom, dRow: -1, dCol: 0, str: "top"},
		{name: "right", s: puzzle.Right, opposite: puzzle.Left, dRow: 0, dCol: 1, str: "right"},
		{name: "bottom", s: puzzle.Bottom, opposite: puzzle.Top, dRow: 1, dCol: 0, str: "bottom"},
		{name: "left", s: puzzle.Left, opposite: puzzle.Right, dRow: 0, dCol: -1, str: "left"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.s.Valid() {
				t.Errorf("%v.Valid() = false", tc.s)
			}
			if got := tc.s.Opposite(); got != tc.opposite {
				t.Errorf("%v.Opposite() = %v, want %v", tc.s, got, tc.opposite)
			}
			if got := tc.s.Opposite().Opposite(); got != tc.s {
				t.Errorf("%v.Opposite().Opposite() = %v", tc.s, got)
			}
			dr, dc := tc.s.Step()
			if dr != tc.dRow || dc != tc.dCol {
				t.Errorf("%v.Step() = (%d, %d), want (%d, %d)", tc.s, dr, dc, tc.dRow, tc.dCol)
			}
			// Stepping across an edge and back across the facing side
			// returns home: what Opposite promises about shared edges.
			or, oc := tc.s.Opposite().Step()
			if or != -dr || oc != -dc {
				t.Errorf("%v.Opposite().Step() = (%d, %d), want (%d, %d)", tc.s, or, oc, -dr, -dc)
			}
			if got := tc.s.String(); got != tc.str {
				t.Errorf("%d.String() = %q, want %q", uint8(tc.s), got, tc.str)
			}
		})
	}
}

func TestSideInvalid(t *testing.T) {
	tests := []struct {
		name string
		s    puzzle.Side
		str  string
	}{
		{name: "just past left", s: 4, str: "Side(4)"},
		{name: "largest", s: 255, str: "Side(255)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.s.Valid() {
				t.Errorf("Side(%d).Valid() = true", uint8(tc.s))
			}
			if got := tc.s.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
		})
	}
}

func TestCellNeighbour(t *testing.T) {
	c := puzzle.Cell{Row: 2, Col: 5}
	want := map[puzzle.Side]puzzle.Cell{
		puzzle.Top:    {Row: 1, Col: 5},
		puzzle.Right:  {Row: 2, Col: 6},
		puzzle.Bottom: {Row: 3, Col: 5},
		puzzle.Left:   {Row: 2, Col: 4},
	}
	for _, s := range puzzle.Sides {
		n := c.Neighbour(s)
		if n != want[s] {
			t.Errorf("%v.Neighbour(%v) = %v, want %v", c, s, n, want[s])
		}
		if back := n.Neighbour(s.Opposite()); back != c {
			t.Errorf("%v.Neighbour(%v).Neighbour(%v) = %v, want %v", c, s, s.Opposite(), back, c)
		}
	}
	// Neighbours may lie off the board: no clamping at row or column 0.
	if got := (puzzle.Cell{}).Neighbour(puzzle.Top); got != (puzzle.Cell{Row: -1, Col: 0}) {
		t.Errorf("(0,0).Neighbour(top) = %v, want (-1,0)", got)
	}
	if got := c.String(); got != "(2,5)" {
		t.Errorf("Cell.String() = %q, want %q", got, "(2,5)")
	}
}

// TestRotationSourceKnown pins Source to the convention by hand: a piece
// turned a quarter clockwise shows on top what was on its left.
func TestRotationSourceKnown(t *testing.T) {
	T, R, B, L := puzzle.Top, puzzle.Right, puzzle.Bottom, puzzle.Left
	// want[r][s] is (s - r) mod 4, written out.
	want := [4][4]puzzle.Side{
		{T, R, B, L},
		{L, T, R, B},
		{B, L, T, R},
		{R, B, L, T},
	}
	for _, r := range allRotations {
		for _, s := range puzzle.Sides {
			if got := r.Source(s); got != want[r][s] {
				t.Errorf("Rotation(%d).Source(%v) = %v, want %v", r, s, got, want[r][s])
			}
		}
	}
}

func TestRotationSourceTargetInverse(t *testing.T) {
	for _, r := range allRotations {
		for _, s := range puzzle.Sides {
			if got := r.Target(r.Source(s)); got != s {
				t.Errorf("r=%v: Target(Source(%v)) = %v", r, s, got)
			}
			if got := r.Source(r.Target(s)); got != s {
				t.Errorf("r=%v: Source(Target(%v)) = %v", r, s, got)
			}
		}
	}
	// The unrotated top moves to the right on a quarter turn.
	if got := puzzle.Rotation(1).Target(puzzle.Top); got != puzzle.Right {
		t.Errorf("Rotation(1).Target(top) = %v, want right", got)
	}
}

func TestRotationGroup(t *testing.T) {
	for _, r := range allRotations {
		if got := r.Add(0); got != r {
			t.Errorf("%d + 0 = %d", r, got)
		}
		if got := r.Add(r.Inverse()); got != 0 {
			t.Errorf("%d + inverse %d = %d, want 0", r, r.Inverse(), got)
		}
		if got := r.Inverse().Inverse(); got != r {
			t.Errorf("inverse of inverse of %d = %d", r, got)
		}
		if !r.Inverse().Valid() {
			t.Errorf("Inverse(%d) = %d, not a rotation", r, r.Inverse())
		}
		for _, o := range allRotations {
			sum := r.Add(o)
			if want := puzzle.Rotation((int(r) + int(o)) % 4); sum != want {
				t.Errorf("%d + %d = %d, want %d", r, o, sum, want)
			}
			if sum != o.Add(r) {
				t.Errorf("%d + %d = %d but %d + %d = %d", r, o, sum, o, r, o.Add(r))
			}
			for _, u := range allRotations {
				if a, b := sum.Add(u), r.Add(o.Add(u)); a != b {
					t.Errorf("(%d+%d)+%d = %d but %d+(%d+%d) = %d", r, o, u, a, r, o, u, b)
				}
			}
		}
	}
	// Spot values: the inverse of a quarter turn clockwise is three more.
	if got := puzzle.Rotation(1).Inverse(); got != 3 {
		t.Errorf("Inverse(1) = %d, want 3", got)
	}
	if got := puzzle.Rotation(2).Inverse(); got != 2 {
		t.Errorf("Inverse(2) = %d, want 2", got)
	}
}

// TestRotationComposition checks that turning by r and then by o is
// turning by r+o, both on sides and on a piece's labels.
func TestRotationComposition(t *testing.T) {
	p := puzzle.Piece{Edges: [4]puzzle.Label{1, 2, 3, 4}}
	for _, r := range allRotations {
		for _, o := range allRotations {
			for _, s := range puzzle.Sides {
				if a, b := r.Add(o).Source(s), r.Source(o.Source(s)); a != b {
					t.Errorf("(%d+%d).Source(%v) = %v, Source_%d(Source_%d(%v)) = %v", r, o, s, a, r, o, s, b)
				}
			}
			once := puzzle.Piece{Edges: p.Turned(r)}
			if got, want := once.Turned(o), p.Turned(r.Add(o)); got != want {
				t.Errorf("Turned(%d) then %d = %v, Turned(%d) = %v", r, o, got, r.Add(o), want)
			}
		}
	}
}

func TestRotationDegreesString(t *testing.T) {
	tests := []struct {
		name    string
		r       puzzle.Rotation
		valid   bool
		degrees int
		str     string
	}{
		{name: "none", r: 0, valid: true, degrees: 0, str: "0°"},
		{name: "quarter", r: 1, valid: true, degrees: 90, str: "90°"},
		{name: "half", r: 2, valid: true, degrees: 180, str: "180°"},
		{name: "three quarters", r: 3, valid: true, degrees: 270, str: "270°"},
		{name: "four", r: 4, valid: false, str: "Rotation(4)"},
		{name: "largest", r: 255, valid: false, str: "Rotation(255)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Valid(); got != tc.valid {
				t.Errorf("Rotation(%d).Valid() = %v, want %v", uint8(tc.r), got, tc.valid)
			}
			if tc.valid {
				if got := tc.r.Degrees(); got != tc.degrees {
					t.Errorf("Rotation(%d).Degrees() = %d, want %d", uint8(tc.r), got, tc.degrees)
				}
			}
			if got := tc.r.String(); got != tc.str {
				t.Errorf("Rotation(%d).String() = %q, want %q", uint8(tc.r), got, tc.str)
			}
		})
	}
}

// FuzzRotationAlgebra checks the rotation laws on valid values and that no
// method panics or leaves the four sides and rotations on any value.
func FuzzRotationAlgebra(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0))
	f.Add(uint8(1), uint8(2), uint8(3))
	f.Add(uint8(3), uint8(3), uint8(1))
	f.Add(uint8(2), uint8(1), uint8(2))
	f.Add(uint8(4), uint8(0), uint8(0))       // first invalid rotation
	f.Add(uint8(1), uint8(5), uint8(4))       // invalid operand and side
	f.Add(uint8(255), uint8(255), uint8(255)) // uint8 wrap-around
	f.Fuzz(func(t *testing.T, rb, ob, sb uint8) {
		r, o, s := puzzle.Rotation(rb), puzzle.Rotation(ob), puzzle.Side(sb)

		// Whatever the input, the arithmetic stays mod 4 and printing works.
		_ = r.Degrees()
		_, _ = s.Step()
		if r.String() == "" || s.String() == "" {
			t.Errorf("empty String for r=%d or s=%d", rb, sb)
		}
		for name, got := range map[string]puzzle.Side{
			"Source": r.Source(s), "Target": r.Target(s), "Opposite": s.Opposite(),
		} {
			if !got.Valid() {
				t.Errorf("r=%d s=%d: %s gave side %d", rb, sb, name, got)
			}
		}
		for name, got := range map[string]puzzle.Rotation{"Add": r.Add(o), "Inverse": r.Inverse()} {
			if !got.Valid() {
				t.Errorf("r=%d o=%d: %s gave rotation %d", rb, ob, name, got)
			}
		}
		if !r.Valid() || !o.Valid() || !s.Valid() {
			return
		}

		if r.Target(r.Source(s)) != s || r.Source(r.Target(s)) != s {
			t.Errorf("r=%d s=%d: Source and Target do not invert each other", rb, sb)
		}
		if r.Add(o) != o.Add(r) {
			t.Errorf("%d+%d != %d+%d", rb, ob, ob, rb)
		}
		if r.Add(r.Inverse()) != 0 || r.Inverse().Inverse() != r {
			t.Errorf("r=%d: inverse law fails", rb)
		}
		if r.Add(o).Source(s) != r.Source(o.Source(s)) {
			t.Errorf("r=%d o=%d s=%d: Source(r+o) != Source_r∘Source_o", rb, ob, sb)
		}
		if r.Degrees() != 90*int(r) || r.Add(o).Degrees() != (r.Degrees()+o.Degrees())%360 {
			t.Errorf("r=%d o=%d: degrees %d, %d", rb, ob, r.Degrees(), r.Add(o).Degrees())
		}
		if s.Opposite() != puzzle.Rotation(2).Source(s) {
			t.Errorf("s=%d: Opposite %v differs from a half turn's source %v", sb, s.Opposite(), puzzle.Rotation(2).Source(s))
		}
		p := puzzle.Piece{Edges: [4]puzzle.Label{1, 2, 3, 4}}
		q := puzzle.Piece{Edges: p.Turned(r)}
		if q.Turned(o) != p.Turned(r.Add(o)) {
			t.Errorf("r=%d o=%d: Turned(r) then o = %v, Turned(r+o) = %v", rb, ob, q.Turned(o), p.Turned(r.Add(o)))
		}
		if p.Edge(r, r.Target(s)) != p.Edges[s] {
			t.Errorf("r=%d s=%d: side %v does not show on Target", rb, sb, s)
		}
	})
}
