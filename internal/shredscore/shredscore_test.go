package shredscore

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFromName(t *testing.T) {
	got, err := FromName("dir/D00107.jpeg")
	if err != nil || got != (Truth{Page: "D001", Pos: 7}) {
		t.Errorf("FromName = %+v, %v; want page D001, position 7", got, err)
	}
	for _, bad := range []string{"x.png", "D001ab.jpg"} {
		if _, err := FromName(bad); err == nil {
			t.Errorf("FromName(%q) accepted it", bad)
		}
	}
}

func TestAccuracy(t *testing.T) {
	truth := map[string]Truth{}
	for i, n := range []string{"a1", "a2", "a3", "a4", "b1", "b2"} {
		page := "A"
		if n[0] == 'b' {
			page = "B"
		}
		truth[n] = Truth{Page: page, Pos: []int{1, 2, 3, 4, 1, 2}[i]}
	}
	up := func(names ...string) []Placed {
		var out []Placed
		for _, n := range names {
			out = append(out, Placed{Name: n})
		}
		return out
	}
	turned := func(names ...string) []Placed {
		out := up(names...)
		for i := range out {
			out[i].Turned = true
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		order []Placed
		blank map[string]bool
		want  float64
	}{
		{"right", up("a1", "a2", "a3", "a4", "b1", "b2"), nil, 4.0 / 5},
		{"pages swapped", up("b1", "b2", "a1", "a2", "a3", "a4"), nil, 4.0 / 5},
		{"reversed upright", up("a4", "a3", "a2", "a1"), nil, 0},
		{"reversed and turned", turned("a4", "a3", "a2", "a1"), nil, 1},
		{"one turned wrong", append(up("a1", "a2"), Placed{Name: "a3", Turned: true}), nil, 1.0 / 2},
		{"blank left out", up("a1", "a3", "a4", "a2"), map[string]bool{"a2": true}, 1},
		{"blank kept", up("a1", "a3", "a4", "a2"), nil, 1.0 / 3},
		{"unknown strip", up("a1", "x", "a2"), nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Scored over the strips of the order, not of truth.
			sub := map[string]Truth{}
			for _, p := range tc.order {
				if tr, ok := truth[p.Name]; ok {
					sub[p.Name] = tr
				}
			}
			if got := Accuracy(tc.order, sub, tc.blank); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("Accuracy = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestGridAccuracy(t *testing.T) {
	// A 2×3 page: a b c over d e f.
	truth := map[string]Cell{
		"a": {0, 0}, "b": {0, 1}, "c": {0, 2},
		"d": {1, 0}, "e": {1, 1}, "f": {1, 2},
	}
	up := func(rows ...string) [][]GridPlaced {
		var g [][]GridPlaced
		for _, r := range rows {
			var line []GridPlaced
			for _, n := range strings.Fields(r) {
				if n == "-" {
					n = ""
				}
				line = append(line, GridPlaced{Name: n})
			}
			g = append(g, line)
		}
		return g
	}
	turned := func(rows ...string) [][]GridPlaced {
		g := up(rows...)
		for _, line := range g {
			for i := range line {
				line[i].Turned = true
			}
		}
		return g
	}
	oneTurned := up("a b c", "d e f")
	oneTurned[1][2].Turned = true
	for _, tc := range []struct {
		name  string
		grid  [][]GridPlaced
		blank map[string]bool
		want  float64
	}{
		{"right", up("a b c", "d e f"), nil, 1},
		{"upside down as a whole", turned("f e d", "c b a"), nil, 1},
		{"rows swapped", up("d e f", "a b c"), nil, 4.0 / 7},
		{"mirrored, not turned", up("c b a", "f e d"), nil, 3.0 / 7},
		{"one piece turned", oneTurned, nil, 5.0 / 7},
		{"one piece missing", up("a b c", "d e -"), nil, 5.0 / 7},
		{"blank left out", up("a b c", "d e -"), map[string]bool{"f": true}, 1},
		{"blank kept", up("a b c", "d e -"), nil, 5.0 / 7},
		{"blank moved", up("a b c", "d f e"), map[string]bool{"f": true}, 3.0 / 5},
		{"all blank", up("a b c", "d e f"), map[string]bool{"a": true, "b": true, "c": true, "d": true, "e": true, "f": true}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := GridAccuracy(tc.grid, truth, tc.blank); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("GridAccuracy = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBlank(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 20, 40))
	for i := range img.Pix {
		img.Pix[i] = 250
	}
	if !Blank(img, nil) {
		t.Error("white strip not blank")
	}
	// The blur (weights 1 4 6 4 1) keeps a 2×2 black speck at 250·156/256
	// = 152, above 127; a 3×3 one falls to 250·60/256 = 58.
	for y := 10; y < 12; y++ {
		for x := 5; x < 7; x++ {
			img.SetGray(x, y, color.Gray{})
		}
	}
	if !Blank(img, nil) {
		t.Error("a 2×2 speck made the strip inked")
	}
	for i := range 3 {
		img.SetGray(7, 10+i, color.Gray{})
		img.SetGray(5+i, 12, color.Gray{})
	}
	if Blank(img, nil) {
		t.Error("a 3×3 dark speck left the strip blank")
	}
	// Outside the mask, dark pixels are background.
	mask := image.NewGray(img.Rect)
	for i := range mask.Pix {
		mask.Pix[i] = 255
	}
	for y := 8; y < 14; y++ {
		for x := 3; x < 9; x++ {
			mask.SetGray(x, y, color.Gray{})
		}
	}
	if !Blank(img, mask) {
		t.Error("a speck outside the paper made the strip inked")
	}
}

// opaque hides an image's type, so that it is read through its colours.
type opaque struct{ image.Image }

// The bytes of an NRGBA picture and a grey mask read as their colours do,
// whatever the alpha and wherever the bounds start.
func TestGreyLevelsFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := image.Rect(3, 5, 14, 30)
	img := image.NewNRGBA(r)
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(256))
	}
	mask := image.NewGray(image.Rect(-2, 1, 9, 26))
	for i := range mask.Pix {
		mask.Pix[i] = uint8(rng.IntN(256))
	}
	for _, m := range []image.Image{nil, mask} {
		want := greyLevels(opaque{img}, nil)
		if m != nil {
			want = greyLevels(opaque{img}, opaque{m})
		}
		got := greyLevels(img, m)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mask %v: fast levels differ (-colours +bytes):\n%s", m != nil, diff)
		}
	}
}
