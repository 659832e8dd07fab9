package eternity

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// DefaultCellPixels is the cell size Render draws at.
const DefaultCellPixels = 48

// maxRenderPixels bounds the pictures Render draws, so that a corrupt size
// cannot ask for gigabytes.
const maxRenderPixels = 1 << 26

// Render draws board b of puzzle p in the puzzle's own style: every cell is
// four triangles meeting at its centre, one per side, each in the colour of
// the side it shows once turned, grey for the frame. Every colour number
// has its own hue and its own motif, a shape centred on the middle of the
// side, so that two matching sides make one whole shape across the join,
// as on the real pieces, and colours stay distinguishable in grey print.
// A join whose two sides do not match, and a coloured side on the rim, is
// marked with a red bar; holes are dark. Cells are cellPixels wide (at
// least 8; DefaultCellPixels when 0), shrunk if the picture would be huge.
func Render(p *puzzle.Puzzle, b *puzzle.Board, cellPixels int) *image.RGBA {
	if cellPixels == 0 {
		cellPixels = DefaultCellPixels
	}
	if p == nil || !wellFormed(b) || b.Rows == 0 || b.Cols == 0 {
		return image.NewRGBA(image.Rectangle{})
	}
	// Beyond 2^13 pixels a single cell exceeds maxRenderPixels, and a
	// larger n would overflow n*n below.
	n := min(max(cellPixels, 8), 1<<13)
	for n > 8 && b.Rows*b.Cols > maxRenderPixels/(n*n) {
		n /= 2
	}
	if b.Rows*b.Cols > maxRenderPixels/(n*n) {
		return image.NewRGBA(image.Rectangle{})
	}
	img := image.NewRGBA(image.Rect(0, 0, b.Cols*n, b.Rows*n))
	conflict := make([][4]bool, len(b.Cells))
	scan(p, b, func(i int, s puzzle.Side, a, c puzzle.Label, inner bool) {
		if (inner && !p.Rule.Fits(a, c)) || (!inner && a != puzzle.Flat) {
			conflict[i][s] = true
		}
	})
	for i, pl := range b.Cells {
		cell := b.CellAt(i)
		x0, y0 := cell.Col*n, cell.Row*n
		if !known(p, pl) {
			for y := range n {
				for x := range n {
					img.SetRGBA(x0+x, y0+y, holeColour(x, y, n))
				}
			}
			continue
		}
		sides := p.Pieces[pl.Piece].Turned(pl.Rotation)
		for y := range n {
			for x := range n {
				s := triangle(x, y, n)
				// u runs along side s from its left end seen from
				// the centre, v from the side inwards.
				u, v := sideFrame(x, y, n, s)
				c := sideColour(sides[s], u, v, n)
				if conflict[i][s] && v < max(2, n/12) && u > n/6 && u < n-1-n/6 {
					c = conflictColour
				}
				if x == 0 || y == 0 || x == n-1 || y == n-1 {
					c = gridColour
				}
				img.SetRGBA(x0+x, y0+y, c)
			}
		}
	}
	return img
}

// WritePNG writes Render(p, b, cellPixels) to w as PNG.
func WritePNG(w io.Writer, p *puzzle.Puzzle, b *puzzle.Board, cellPixels int) error {
	img := Render(p, b, cellPixels)
	if img.Rect.Empty() {
		return fmt.Errorf("eternity: nothing to draw: nil puzzle, or a board that is malformed or too large")
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("eternity: writing PNG: %w", err)
	}
	return nil
}

var (
	gridColour     = color.RGBA{40, 40, 40, 255}
	greyColour     = color.RGBA{150, 150, 150, 255}
	conflictColour = color.RGBA{230, 0, 0, 255}
)

// triangle returns the side whose triangle holds pixel (x, y) of an n×n
// cell; pixels on a diagonal go to Top or Bottom.
func triangle(x, y, n int) puzzle.Side {
	dx, dy := 2*x+1-n, 2*y+1-n
	ax, ay := dx, dy
	if ax < 0 {
		ax = -ax
	}
	if ay < 0 {
		ay = -ay
	}
	switch {
	case ay >= ax && dy <= 0:
		return puzzle.Top
	case ay >= ax:
		return puzzle.Bottom
	case dx > 0:
		return puzzle.Right
	}
	return puzzle.Left
}

// sideFrame returns pixel (x, y) of an n×n cell in the frame of side s: u
// along the side, clockwise, and v the distance in from it.
func sideFrame(x, y, n int, s puzzle.Side) (u, v int) {
	switch s {
	case puzzle.Top:
		return x, y
	case puzzle.Right:
		return y, n - 1 - x
	case puzzle.Bottom:
		return n - 1 - x, n - 1 - y
	}
	return n - 1 - y, x
}

// motifs is the number of distinct shapes; colour k has shape k mod motifs
// and hue k·φ around the wheel, so (hue, shape) differs for every colour.
const motifs = 8

// sideColour returns the colour of pixel (u, v) of a side labelled l: the
// label's hue as background, its motif in a lighter shade.
func sideColour(l puzzle.Label, u, v, n int) color.RGBA {
	if l == puzzle.Flat {
		return greyColour
	}
	k := int64(l)
	if k < 0 {
		k = -k
	}
	h := math.Mod(float64(k)*0.6180339887498949, 1)
	if motif(int(k%motifs), u, v, n) {
		return hsv(h, 0.25, 1)
	}
	return hsv(h, 0.8, 0.8)
}

// motif reports whether pixel (u, v) in a side's frame lies on shape m.
// Every shape is symmetric about the middle of the side, so that the two
// halves of matching sides meet as one figure.
func motif(m, u, v, n int) bool {
	// Coordinates relative to the middle of the side, in units of n/16.
	du := math.Abs(float64(2*u+1-n)) / 2 * 16 / float64(n)
	dv := float64(v) * 16 / float64(n)
	r := math.Hypot(du, dv)
	switch m {
	case 0: // a disc
		return r < 3.5
	case 1: // a ring
		return r > 3 && r < 5
	case 2: // a diamond
		return du+dv < 4.5
	case 3: // a square
		return du < 3 && dv < 3
	case 4: // a cross
		return (du < 1.2 && dv < 5) || (dv > 2 && dv < 4 && du < 4)
	case 5: // bands parallel to the side
		return int(dv)%3 == 0
	case 6: // a fan of bars across the side
		return int(du)%3 == 0 && dv < 6
	}
	// a chevron
	return math.Abs(dv-du) < 1.2 && du < 5
}

// hsv converts hue h in [0,1), saturation s and value v in [0,1] to RGBA.
func hsv(h, s, v float64) color.RGBA {
	h6 := h * 6
	i := int(h6) % 6
	f := h6 - math.Floor(h6)
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float64
	switch i {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	to8 := func(x float64) uint8 { return uint8(math.Round(x * 255)) }
	return color.RGBA{to8(r), to8(g), to8(b), 255}
}

// holeColour draws an empty cell as a dark checker.
func holeColour(x, y, n int) color.RGBA {
	q := max(1, n/4)
	if (x/q+y/q)%2 == 1 {
		return color.RGBA{70, 70, 70, 255}
	}
	return color.RGBA{30, 30, 30, 255}
}
