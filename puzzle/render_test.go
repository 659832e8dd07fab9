package puzzle

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// grayImage returns a w×h Gray image whose pixels, row by row, are 1, 2, 3...
func grayImage(w, h int) *image.Gray {
	m := image.NewGray(image.Rect(0, 0, w, h))
	for i := range m.Pix {
		m.Pix[i] = byte(i + 1)
	}
	return m
}

func TestTurnImageKnown(t *testing.T) {
	// The 3×2 image
	//	1 2 3
	//	4 5 6
	// turned by hand.
	tests := []struct {
		name string
		r    Rotation
		w, h int
		want []byte
	}{
		{name: "0", r: 0, w: 3, h: 2, want: []byte{1, 2, 3, 4, 5, 6}},
		{name: "90", r: 1, w: 2, h: 3, want: []byte{4, 1, 5, 2, 6, 3}},
		{name: "180", r: 2, w: 3, h: 2, want: []byte{6, 5, 4, 3, 2, 1}},
		{name: "270", r: 3, w: 2, h: 3, want: []byte{3, 6, 2, 5, 1, 4}},
		{name: "360 wraps to 0", r: 4, w: 3, h: 2, want: []byte{1, 2, 3, 4, 5, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := TurnImage(grayImage(3, 2), tt.r).(*image.Gray)
			if !ok {
				t.Fatalf("TurnImage of *image.Gray returned %T", got)
			}
			if want := image.Rect(0, 0, tt.w, tt.h); got.Rect != want {
				t.Fatalf("bounds %v, want %v", got.Rect, want)
			}
			for y := range tt.h {
				for x := range tt.w {
					if g, w := got.GrayAt(x, y).Y, tt.want[y*tt.w+x]; g != w {
						t.Errorf("pixel (%d,%d) = %d, want %d", x, y, g, w)
					}
				}
			}
		})
	}
}

// distinctImages returns a 5×3 image with a different colour at every
// pixel, in each pixel layout TurnImage handles, and one it does not know.
func distinctImages() []struct {
	name string
	img  image.Image
} {
	const w, h = 5, 3
	col := func(x, y int) color.NRGBA {
		return color.NRGBA{uint8(40 * x), uint8(80 * y), uint8(10*x + y), 255}
	}
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	nrgba := image.NewNRGBA(image.Rect(0, 0, w, h))
	rgba64 := image.NewRGBA64(image.Rect(0, 0, w, h))
	pal := image.NewPaletted(image.Rect(0, 0, w, h), nil)
	ycc := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	for y := range h {
		for x := range w {
			c := col(x, y)
			rgba.Set(x, y, c)
			nrgba.Set(x, y, c)
			rgba64.Set(x, y, c)
			pal.Palette = append(pal.Palette, c)
			pal.SetColorIndex(x, y, uint8(len(pal.Palette)-1))
			i := ycc.YOffset(x, y)
			ycc.Y[i], ycc.Cb[i], ycc.Cr[i] = uint8(10*x+y), uint8(20*y), uint8(30*x)
		}
	}
	// A window of a larger picture, as Cut makes tiles: its bounds do not
	// start at (0,0) and its rows are longer than the window.
	big := image.NewRGBA(image.Rect(-2, -1, w+4, h+3))
	for y := range h {
		for x := range w {
			big.Set(x+1, y+2, col(x, y))
		}
	}
	sub := big.SubImage(image.Rect(1, 2, 1+w, 2+h))
	return []struct {
		name string
		img  image.Image
	}{
		{"RGBA", rgba}, {"NRGBA", nrgba}, {"RGBA64", rgba64},
		{"Paletted", pal}, {"YCbCr", ycc}, {"sub-image", sub},
	}
}

// quarterTurn is the clockwise quarter turn written out on its own: in a
// W×H image, pixel (x,y) goes to (H-1-y, x).
func quarterTurn(x, y, h int) (int, int) { return h - 1 - y, x }

func sameColour(a, b color.Color) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	return ar == br && ag == bg && ab == bb && aa == ba
}

func TestTurnImagePixels(t *testing.T) {
	for _, im := range distinctImages() {
		for r := range Rotation(4) {
			t.Run(im.name+"/"+r.String(), func(t *testing.T) {
				src := im.img
				sb := src.Bounds()
				got := TurnImage(src, r)
				gb := got.Bounds()
				w, h := sb.Dx(), sb.Dy()
				if r == 0 {
					if got != src {
						t.Fatalf("rotation 0 returned a new image")
					}
				} else {
					wantB := image.Rect(0, 0, w, h)
					if r%2 == 1 {
						wantB = image.Rect(0, 0, h, w)
					}
					if gb != wantB {
						t.Fatalf("bounds %v, want %v", gb, wantB)
					}
				}
				for y := range h {
					for x := range w {
						// Apply r quarter turns, the image's size swapping
						// after each.
						dx, dy, cw, ch := x, y, w, h
						for range r {
							dx, dy = quarterTurn(dx, dy, ch)
							cw, ch = ch, cw
						}
						want := src.At(sb.Min.X+x, sb.Min.Y+y)
						if g := got.At(gb.Min.X+dx, gb.Min.Y+dy); !sameColour(g, want) {
							t.Fatalf("source (%d,%d) at (%d,%d) is %v, want %v", x, y, dx, dy, g, want)
						}
					}
				}
			})
		}
	}
}

func TestTurnImageFullCircle(t *testing.T) {
	for _, im := range distinctImages() {
		t.Run(im.name, func(t *testing.T) {
			src := im.img
			sb := src.Bounds()
			quarters := src
			for range 4 {
				quarters = TurnImage(quarters, 1)
			}
			there := TurnImage(TurnImage(src, 3), 1)
			halves := TurnImage(TurnImage(src, 2), 2)
			for _, got := range []image.Image{quarters, there, halves} {
				gb := got.Bounds()
				if gb.Size() != sb.Size() {
					t.Fatalf("size %v, want %v", gb.Size(), sb.Size())
				}
				for y := range sb.Dy() {
					for x := range sb.Dx() {
						if g, w := got.At(gb.Min.X+x, gb.Min.Y+y), src.At(sb.Min.X+x, sb.Min.Y+y); !sameColour(g, w) {
							t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, g, w)
						}
					}
				}
			}
		})
	}
}

func TestTurnImageNil(t *testing.T) {
	if got := TurnImage(nil, 1); got != nil {
		t.Errorf("TurnImage(nil) = %v, want nil", got)
	}
}

// pixel returns the colour of pixel (x,y) of m.
func pixel(m *image.RGBA, x, y int) [4]byte {
	i := m.PixOffset(x, y)
	return [4]byte(m.Pix[i : i+4])
}

// sidePoint returns a pixel well inside the triangle of side s of cell
// (row, col), for cells of n pixels.
func sidePoint(row, col, n int, s Side) (int, int) {
	x0, y0 := col*n, row*n
	switch s {
	case Top:
		return x0 + n/2, y0 + n/4
	case Right:
		return x0 + 3*n/4, y0 + n/2
	case Bottom:
		return x0 + n/2, y0 + 3*n/4
	}
	return x0 + n/4, y0 + n/2
}

func TestRenderLabelTriangles(t *testing.T) {
	tests := []struct {
		name  string
		rule  MatchRule
		edges [4]Label
		r     Rotation
		want  [4]Label // shown on Top, Right, Bottom, Left
	}{
		{name: "unturned", rule: Equal, edges: [4]Label{1, 2, 3, 4}, r: 0, want: [4]Label{1, 2, 3, 4}},
		// A clockwise quarter turn brings the left side to the top.
		{name: "quarter turn", rule: Equal, edges: [4]Label{1, 2, 3, 4}, r: 1, want: [4]Label{4, 1, 2, 3}},
		{name: "half turn", rule: Equal, edges: [4]Label{1, 2, 3, 4}, r: 2, want: [4]Label{3, 4, 1, 2}},
		{name: "three quarters", rule: Equal, edges: [4]Label{1, 2, 3, 4}, r: 3, want: [4]Label{2, 3, 4, 1}},
		{name: "corner with flats", rule: Equal, edges: [4]Label{Flat, 5, 6, Flat}, r: 1, want: [4]Label{Flat, Flat, 5, 6}},
		{name: "complement", rule: Complement, edges: [4]Label{1, -1, 2, -2}, r: 1, want: [4]Label{-2, 1, -1, 2}},
	}
	const n = 32 // the default label cell
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Puzzle{Rows: 1, Cols: 1, Rule: tt.rule, Rotatable: true,
				Pieces: []Piece{{ID: 0, Edges: tt.edges}}}
			b := NewBoard(1, 1)
			b.Set(Cell{0, 0}, Placement{Piece: 0, Rotation: tt.r})
			m := Render(p, b)
			if want := image.Rect(0, 0, n, n); m.Rect != want {
				t.Fatalf("bounds %v, want %v", m.Rect, want)
			}
			for _, s := range Sides {
				x, y := sidePoint(0, 0, n, s)
				if got, want := pixel(m, x, y), labelColour(tt.rule, tt.want[s]); got != want {
					t.Errorf("%v triangle at (%d,%d) is %v, want %v, the colour of label %d", s, x, y, got, want, tt.want[s])
				}
			}
			if got := pixel(m, 0, n/2); got != gridColour {
				t.Errorf("cell edge pixel is %v, want the grid colour %v", got, gridColour)
			}
		})
	}
}

// solved2x2 returns a 2×2 puzzle whose pieces fit in reading order,
// unturned: the inner joins carry labels 1 (top row), 2 (left column),
// 3 (right column) and 4 (bottom row), negated on one side under
// Complement.
func solved2x2(rule MatchRule) (*Puzzle, *Board) {
	m := func(l Label) Label { return rule.Mate(l) }
	p := &Puzzle{Rows: 2, Cols: 2, Rule: rule, Pieces: []Piece{
		{ID: 0, Edges: [4]Label{Flat, 1, 2, Flat}},
		{ID: 1, Edges: [4]Label{Flat, Flat, 3, m(1)}},
		{ID: 2, Edges: [4]Label{m(2), 4, Flat, Flat}},
		{ID: 3, Edges: [4]Label{m(3), Flat, Flat, m(4)}},
	}}
	b := NewBoard(2, 2)
	for i := range 4 {
		b.Cells[i] = Placement{Piece: PieceID(i)}
	}
	return p, b
}

// joinSamples returns, for each inner join of a 2×2 board of n-pixel
// cells, the pixels just either side of the grid line.
func joinSamples(n int) []struct {
	name           string
	ax, ay, bx, by int
} {
	return []struct {
		name           string
		ax, ay, bx, by int
	}{
		{"top row", n - 2, n / 2, n + 1, n / 2},
		{"bottom row", n - 2, n + n/2, n + 1, n + n/2},
		{"left column", n / 2, n - 2, n / 2, n + 1},
		{"right column", n + n/2, n - 2, n + n/2, n + 1},
	}
}

func TestRenderEqualJoinsMatch(t *testing.T) {
	const n = 32
	p, b := solved2x2(Equal)
	m := Render(p, b)
	for _, j := range joinSamples(n) {
		a, c := pixel(m, j.ax, j.ay), pixel(m, j.bx, j.by)
		if a != c {
			t.Errorf("%s join: %v on one side, %v on the other", j.name, a, c)
		}
		if a == flatColour || a == gridColour {
			t.Errorf("%s join drawn %v, a fixed colour, not a label's", j.name, a)
		}
	}
}

// hueDegrees returns the HSV hue of c, in degrees.
func hueDegrees(c [4]byte) float64 {
	r, g, b := float64(c[0]), float64(c[1]), float64(c[2])
	hi, lo := max(r, g, b), min(r, g, b)
	d := hi - lo
	if d == 0 {
		return 0
	}
	var h float64
	switch hi {
	case r:
		h = math.Mod((g-b)/d, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return math.Mod(60*h+360, 360)
}

func brightness(c [4]byte) int { return int(c[0]) + int(c[1]) + int(c[2]) }

func TestRenderComplementJoinsShareHue(t *testing.T) {
	const n = 32
	// 8-bit rounding moves the hue of the lightest shade by under a degree.
	const hueTolerance = 2.0
	p, b := solved2x2(Complement)
	m := Render(p, b)
	for _, j := range joinSamples(n) {
		// The first sample of every join is the tab (+k) side.
		tab, blank := pixel(m, j.ax, j.ay), pixel(m, j.bx, j.by)
		if tab == blank {
			t.Errorf("%s join: tab and blank both %v; they should differ", j.name, tab)
		}
		dh := math.Abs(hueDegrees(tab) - hueDegrees(blank))
		if dh = min(dh, 360-dh); dh > hueTolerance {
			t.Errorf("%s join: tab %v hue %.1f°, blank %v hue %.1f°; want one hue",
				j.name, tab, hueDegrees(tab), blank, hueDegrees(blank))
		}
		if brightness(tab) <= brightness(blank) {
			t.Errorf("%s join: tab %v is not lighter than blank %v", j.name, tab, blank)
		}
	}
}

func TestLabelColourPalette(t *testing.T) {
	// Eternity II uses 22 colours plus the frame; give headroom.
	const labels = 30
	for _, rule := range []MatchRule{Equal, Complement} {
		seen := map[[4]byte]Label{flatColour: Flat, gridColour: -1000, holeDark: -1001, holeLight: -1002}
		for l := Label(-labels); l <= labels; l++ {
			if l == Flat {
				continue
			}
			c := labelColour(rule, l)
			if prev, dup := seen[c]; dup {
				t.Errorf("%v: labels %d and %d share colour %v", rule, prev, l, c)
			}
			seen[c] = l
			if again := labelColour(rule, l); again != c {
				t.Errorf("%v: label %d drawn %v then %v", rule, l, c, again)
			}
		}
		if got := labelColour(rule, Flat); got != flatColour {
			t.Errorf("%v: flat drawn %v, want %v", rule, got, flatColour)
		}
	}
	// Consecutive labels are the usual case (generators number colours
	// from 1): golden-ratio steps put their hues 360°/φ² ≈ 137.5° apart,
	// less a degree or so of 8-bit rounding.
	for l := Label(1); l < labels; l++ {
		a, b := hueDegrees(labelColour(Equal, l)), hueDegrees(labelColour(Equal, l+1))
		if d := math.Abs(a - b); min(d, 360-d) < 135 {
			t.Errorf("labels %d and %d have hues %.0f° and %.0f°, too close", l, l+1, a, b)
		}
	}
	// The extremes of Label must not overflow.
	_ = labelColour(Complement, math.MinInt32)
	_ = labelColour(Equal, math.MaxInt32)
}

func isHoleColour(c [4]byte) bool { return c == holeDark || c == holeLight }

func TestRenderHoles(t *testing.T) {
	const n = 32
	labelPuzzle, _ := solved2x2(Equal)
	imagePuzzle := tilePuzzle(8)
	tests := []struct {
		name  string
		p     *Puzzle
		cells []Placement
		n     int
	}{
		{name: "empty cell", p: labelPuzzle, n: n, cells: []Placement{Empty, {Piece: 1}, {Piece: 2}, {Piece: 3}}},
		{name: "unknown piece", p: labelPuzzle, n: n, cells: []Placement{{Piece: 99}, {Piece: 1}, {Piece: 2}, {Piece: 3}}},
		{name: "negative piece", p: labelPuzzle, n: n, cells: []Placement{{Piece: -7}, {Piece: 1}, {Piece: 2}, {Piece: 3}}},
		{name: "image puzzle", p: imagePuzzle, n: 8, cells: []Placement{Empty, {Piece: 1}, {Piece: 2}, {Piece: 3}}},
		{name: "nil puzzle", p: nil, n: n, cells: []Placement{{Piece: 0}, {Piece: 1}, {Piece: 2}, {Piece: 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &Board{Rows: 2, Cols: 2, Cells: tt.cells}
			m := Render(tt.p, b)
			if want := image.Rect(0, 0, 2*tt.n, 2*tt.n); m.Rect != want {
				t.Fatalf("bounds %v, want %v", m.Rect, want)
			}
			dark, light := 0, 0
			for y := 1; y < tt.n-1; y++ {
				for x := 1; x < tt.n-1; x++ {
					switch pixel(m, x, y) {
					case holeDark:
						dark++
					case holeLight:
						light++
					}
				}
			}
			if inner := (tt.n - 2) * (tt.n - 2); dark+light != inner || dark == 0 || light == 0 {
				t.Errorf("hole cell has %d dark and %d light pixels of %d inside the frame; want a checker of both", dark, light, inner)
			}
			if tt.p == nil {
				return
			}
			if c := pixel(m, tt.n+tt.n/2, tt.n+tt.n/4); isHoleColour(c) {
				t.Errorf("placed cell (1,1) drawn as a hole")
			}
		})
	}
}

// tilePuzzle returns a 2×2 image puzzle of n×n tiles in which every pixel
// of every tile has its own colour (for n up to 16), so any misplaced,
// mis-turned or mis-scaled pixel shows.
func tilePuzzle(n int) *Puzzle {
	p := &Puzzle{Rows: 2, Cols: 2, Rotatable: true}
	for id := range 4 {
		m := image.NewNRGBA(image.Rect(0, 0, n, n))
		for y := range n {
			for x := range n {
				m.SetNRGBA(x, y, color.NRGBA{uint8(60 * id), uint8(16 * x), uint8(16 * y), 255})
			}
		}
		p.Pieces = append(p.Pieces, Piece{ID: PieceID(id), Image: m})
	}
	return p
}

func TestRenderImages(t *testing.T) {
	const tile = 8
	p := tilePuzzle(tile)
	b := NewBoard(2, 2)
	// Each cell holds a different piece at a different rotation.
	b.Cells = []Placement{{Piece: 2, Rotation: 0}, {Piece: 0, Rotation: 1}, {Piece: 3, Rotation: 2}, {Piece: 1, Rotation: 3}}
	tests := []struct {
		name  string
		cell  int // pixels; 0 means Render's default
		scale int // cell pixels per tile pixel
	}{
		{name: "tile size", cell: 0, scale: 1},
		{name: "doubled", cell: 2 * tile, scale: 2},
		{name: "tripled", cell: 3 * tile, scale: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m *image.RGBA
			if tt.cell == 0 {
				m = Render(p, b)
			} else {
				m = RenderCells(p, b, tt.cell)
			}
			n := tile * tt.scale
			if want := image.Rect(0, 0, 2*n, 2*n); m.Rect != want {
				t.Fatalf("bounds %v, want %v", m.Rect, want)
			}
			for i, pl := range b.Cells {
				c := b.CellAt(i)
				src := p.Pieces[pl.Piece].Image
				for y := range tile {
					for x := range tile {
						dx, dy := x, y
						for range pl.Rotation {
							dx, dy = quarterTurn(dx, dy, tile)
						}
						want := src.At(x, y).(color.NRGBA)
						// Sample the middle of the scaled-up source pixel.
						px, py := c.Col*n+dx*tt.scale+tt.scale/2, c.Row*n+dy*tt.scale+tt.scale/2
						if got := pixel(m, px, py); got != [4]byte{want.R, want.G, want.B, want.A} {
							t.Fatalf("cell %v: tile pixel (%d,%d) turned %v should be at (%d,%d) as %v; found %v",
								c, x, y, pl.Rotation, px, py, want, got)
						}
					}
				}
			}
		})
	}
}

func TestRenderImagesShrink(t *testing.T) {
	// Half-size cells keep every other tile pixel: (2x, 2y).
	const tile, n = 8, 4
	p := tilePuzzle(tile)
	b := NewBoard(1, 1)
	b.Cells[0] = Placement{Piece: 1}
	m := RenderCells(p, b, n)
	src := p.Pieces[1].Image
	for y := range n {
		for x := range n {
			want := src.At(2*x, 2*y).(color.NRGBA)
			if got := pixel(m, x, y); got != [4]byte{want.R, want.G, want.B, want.A} {
				t.Errorf("pixel (%d,%d) = %v, want tile pixel (%d,%d) %v", x, y, got, 2*x, 2*y, want)
			}
		}
	}
}

func TestRenderMismatchedBoard(t *testing.T) {
	p, _ := solved2x2(Equal)
	tests := []struct {
		name string
		b    *Board
		want image.Rectangle
	}{
		{name: "taller than the puzzle", b: NewBoard(3, 1), want: image.Rect(0, 0, 32, 96)},
		{name: "wider, cells of another puzzle", want: image.Rect(0, 0, 96, 32),
			b: &Board{Rows: 1, Cols: 3, Cells: []Placement{{Piece: 3, Rotation: 7}, {Piece: 4}, {Piece: 0}}}},
		{name: "fewer cells than its size", b: &Board{Rows: 2, Cols: 2, Cells: []Placement{{Piece: 1}}}, want: image.Rect(0, 0, 64, 64)},
		{name: "more cells than its size", b: &Board{Rows: 1, Cols: 1, Cells: make([]Placement, 5)}, want: image.Rect(0, 0, 32, 32)},
		{name: "nil board draws the puzzle's", b: nil, want: image.Rect(0, 0, 64, 64)},
		{name: "no rows", b: &Board{Rows: 0, Cols: 4}, want: image.Rectangle{}},
		{name: "negative size", b: &Board{Rows: -2, Cols: -3}, want: image.Rectangle{}},
		{name: "absurd size", b: &Board{Rows: 1 << 30, Cols: 1 << 30}, want: image.Rectangle{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Render(p, tt.b).Rect; got != tt.want {
				t.Errorf("bounds %v, want %v", got, tt.want)
			}
		})
	}
	t.Run("nil puzzle and board", func(t *testing.T) {
		if got := Render(nil, nil).Rect; !got.Empty() {
			t.Errorf("bounds %v, want empty", got)
		}
	})
}

func TestRenderCellSize(t *testing.T) {
	tests := []struct {
		name             string
		rows, cols, cell int
		want             int
		wantOK           bool
	}{
		{name: "as asked", rows: 3, cols: 4, cell: 32, want: 32, wantOK: true},
		{name: "raised to the minimum", rows: 3, cols: 4, cell: 1, want: minCell, wantOK: true},
		{name: "negative raised", rows: 3, cols: 4, cell: -9, want: minCell, wantOK: true},
		// 2^26 pixels / 2^20 cells leaves 64 pixels a cell, 8×8.
		{name: "shrunk to fit", rows: 1 << 10, cols: 1 << 10, cell: 32, want: 8, wantOK: true},
		{name: "overflowing request", rows: 1, cols: 1, cell: math.MaxInt, want: 1 << 13, wantOK: true},
		{name: "one pixel a cell", rows: 1 << 13, cols: 1 << 13, cell: 32, want: 1, wantOK: true},
		{name: "too many cells", rows: 1 << 14, cols: 1 << 13, cell: 32, wantOK: false},
		{name: "empty", rows: 0, cols: 5, cell: 32, wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := renderCellSize(tt.rows, tt.cols, tt.cell)
			if ok != tt.wantOK || (ok && got != tt.want) {
				t.Errorf("renderCellSize(%d, %d, %d) = %d, %v; want %d, %v", tt.rows, tt.cols, tt.cell, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestRenderCellsMinimum(t *testing.T) {
	p, b := solved2x2(Equal)
	if got, want := RenderCells(p, b, 1).Rect, image.Rect(0, 0, 2*minCell, 2*minCell); got != want {
		t.Errorf("bounds %v, want %v", got, want)
	}
}

func TestTriangleMaskCoversCell(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 8, 31, 32} {
		var count [5]int
		for y, runs := range triangleMask(n) {
			x := 0
			for _, rn := range runs {
				if rn.x0 != x || rn.x1 <= rn.x0 {
					t.Fatalf("n=%d row %d: run %+v does not follow x=%d", n, y, rn, x)
				}
				x = rn.x1
				count[rn.class] += rn.x1 - rn.x0
			}
			if x != n {
				t.Fatalf("n=%d row %d covers %d pixels", n, y, x)
			}
		}
		// Left and Right take no diagonal pixels, so they are equal and
		// no larger than Top and Bottom.
		if count[Left] != count[Right] || count[Right] > count[Bottom] || count[Bottom] > count[Top] {
			t.Errorf("n=%d: triangle sizes top %d right %d bottom %d left %d", n, count[Top], count[Right], count[Bottom], count[Left])
		}
	}
}

// benchBoard returns a 50×50 label puzzle with random labels and a board
// holding every piece turned at random.
func benchBoard() (*Puzzle, *Board) {
	const side = 50
	rng := rand.New(rand.NewPCG(1, 2))
	p := &Puzzle{Rows: side, Cols: side, Rule: Complement, Rotatable: true}
	b := NewBoard(side, side)
	for i := range side * side {
		var e [4]Label
		for s := range e {
			e[s] = Label(rng.IntN(45) - 22) // about Eternity II's 22 colours, both signs
		}
		p.Pieces = append(p.Pieces, Piece{ID: PieceID(i), Edges: e})
		b.Cells[i] = Placement{Piece: PieceID(i), Rotation: Rotation(rng.IntN(4))}
	}
	return p, b
}

func BenchmarkRender(b *testing.B) {
	p, board := benchBoard()
	for b.Loop() {
		Render(p, board)
	}
}
