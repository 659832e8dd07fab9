package puzzle

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
)

// TurnImage returns img turned clockwise by r quarter turns, as a new image
// whose bounds start at (0,0). A quarter turn of a W×H image gives an H×W
// image in which source pixel (x,y), counted from the top-left corner,
// lands at (H-1-y, x); this is the turn that makes a piece's unrotated Top
// show on its Right, as Rotation.Source says.
//
// For r == 0 (mod 4) img itself is returned. Images of the standard library's
// pixel-slice types keep their type (a Paletted image keeps its palette);
// any other image comes back as *image.RGBA64, which holds every colour
// exactly. A nil img gives nil.
func TurnImage(img image.Image, r Rotation) image.Image {
	r &= 3
	if img == nil || r == 0 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.Rect(0, 0, w, h)
	if r&1 == 1 {
		out = image.Rect(0, 0, h, w)
	}
	// The pixel-slice types share one layout, so one byte mover serves
	// them all; only the bytes per pixel differ.
	switch s := img.(type) {
	case *image.RGBA:
		d := image.NewRGBA(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 4, w, h, r)
		return d
	case *image.NRGBA:
		d := image.NewNRGBA(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 4, w, h, r)
		return d
	case *image.RGBA64:
		d := image.NewRGBA64(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 8, w, h, r)
		return d
	case *image.NRGBA64:
		d := image.NewNRGBA64(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 8, w, h, r)
		return d
	case *image.Gray:
		d := image.NewGray(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 1, w, h, r)
		return d
	case *image.Gray16:
		d := image.NewGray16(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 2, w, h, r)
		return d
	case *image.Alpha:
		d := image.NewAlpha(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 1, w, h, r)
		return d
	case *image.Alpha16:
		d := image.NewAlpha16(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 2, w, h, r)
		return d
	case *image.CMYK:
		d := image.NewCMYK(out)
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 4, w, h, r)
		return d
	case *image.Paletted:
		d := image.NewPaletted(out, append(color.Palette(nil), s.Palette...))
		turnPix(d.Pix, s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], d.Stride, s.Stride, 1, w, h, r)
		return d
	}
	d := image.NewRGBA64(out)
	src, fast := img.(image.RGBA64Image)
	for y := range h {
		for x := range w {
			var c color.RGBA64
			if fast {
				c = src.RGBA64At(b.Min.X+x, b.Min.Y+y)
			} else {
				cr, cg, cb, ca := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				c = color.RGBA64{uint16(cr), uint16(cg), uint16(cb), uint16(ca)}
			}
			dx, dy := turnPoint(x, y, w, h, r)
			d.SetRGBA64(dx, dy, c)
		}
	}
	return d
}

// turnPoint returns where pixel (x,y) of a w×h image lands when the image
// is turned clockwise by r (0 to 3) quarter turns.
func turnPoint(x, y, w, h int, r Rotation) (int, int) {
	switch r {
	case 1:
		return h - 1 - y, x
	case 2:
		return w - 1 - x, h - 1 - y
	case 3:
		return y, w - 1 - x
	}
	return x, y
}

// turnPix moves the w×h pixels of src (starting at its first pixel, rows
// srcStride bytes apart, bpp bytes per pixel) into dst, turned by r.
func turnPix(dst, src []byte, dstStride, srcStride, bpp, w, h int, r Rotation) {
	for y := range h {
		row := src[y*srcStride : y*srcStride+w*bpp]
		for x := range w {
			dx, dy := turnPoint(x, y, w, h, r)
			o := dy*dstStride + dx*bpp
			copy(dst[o:o+bpp], row[x*bpp:x*bpp+bpp])
		}
	}
}

// defaultLabelCell is the cell size of label boards: large enough to see
// four colours per cell, small enough for a 50×50 board to fit a screen.
const defaultLabelCell = 32

// minCell is the smallest cell RenderCells draws: below it the four
// triangles and the grid line no longer read.
const minCell = 4

// maxRenderPixels bounds the picture (256 MiB of RGBA), so that a board with a
// corrupt size cannot demand an impossible allocation.
const maxRenderPixels = 1 << 26

// The fixed colours of a label board. The grid and holes are dark and grey,
// flat sides a lighter grey, so none is mistaken for a label's hue.
var (
	gridColour = [4]byte{24, 24, 24, 255}
	holeDark   = [4]byte{40, 40, 40, 255}
	holeLight  = [4]byte{64, 64, 64, 255}
	flatColour = [4]byte{150, 150, 150, 255}
)

// goldenHueStep is 1/φ: stepping the hue by it keeps every run of
// consecutive labels far apart on the colour wheel, however many there are.
const goldenHueStep = 0.6180339887498949

// labelColour returns the colour a side labelled l is drawn in under rule.
// The hue depends on |l| only, so under Complement a tab +k and its blank -k
// share a hue: the tab is drawn light, the blank dark, and a matching join
// reads as one colour across the grid line. Under Equal a negative label,
// which the rule does not pair with anything, is drawn greyer than its
// positive twin so the two do not look alike.
func labelColour(rule MatchRule, l Label) [4]byte {
	if l == Flat {
		return flatColour
	}
	m := int64(l)
	neg := m < 0
	if neg {
		m = -m
	}
	h := math.Mod(float64(m)*goldenHueStep, 1)
	s, v := 0.7, 0.92
	switch {
	case rule == Complement && !neg:
		s, v = 0.45, 1
	case rule == Complement && neg:
		s, v = 0.9, 0.6
	case neg:
		s, v = 0.35, 0.7
	}
	return hsvColour(h, s, v)
}

// hsvColour converts hue h in [0,1), saturation s and value v in [0,1] to
// an opaque RGBA colour.
func hsvColour(h, s, v float64) [4]byte {
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
	to8 := func(x float64) byte { return byte(math.Round(x * 255)) }
	return [4]byte{to8(r), to8(g), to8(b), 255}
}

// Render draws board b of puzzle p, one square cell per board cell.
//
// A label puzzle (one whose pieces carry no images) is drawn as Eternity II
// boards are: each cell is four triangles meeting at its centre, one per
// side, coloured by the label that shows on that side once the piece is
// turned, with a thin dark grid line around every cell. Flat sides are
// grey. Colours come from a fixed palette of well-separated hues (golden-
// ratio steps around the colour wheel), so the same label has the same
// colour in every picture. Under Complement a tab +k is a light and its
// blank -k a dark shade of one hue, so matching joins read as one colour.
//
// An image puzzle (p.HasImages) shows each piece's tile turned by its
// placement's rotation, scaled by nearest neighbour if the tile is not the
// cell's size.
//
// Holes, and cells naming a piece p does not have, are drawn as a dark
// checker. Cells are 32 pixels for label puzzles and the first piece's tile
// size for image puzzles; RenderCells chooses another size.
//
// Render draws b's own Rows × Cols even when they differ from p's, so that
// a wrong board can still be looked at; it never panics on a board that
// does not fit the puzzle. A nil board is drawn as p's empty board.
func Render(p *Puzzle, b *Board) *image.RGBA {
	cell := defaultLabelCell
	if p != nil && p.HasImages() {
		tb := p.Pieces[0].Image.Bounds()
		cell = max(tb.Dx(), tb.Dy())
	}
	return RenderCells(p, b, cell)
}

// RenderCells is Render with cells of cellPixels × cellPixels pixels. Cells
// smaller than 4 pixels are drawn at 4. If the picture would exceed 2^26
// pixels (the sign of a corrupt board size) the cells shrink to fit, and a
// board too large even at one pixel a cell gives an empty image.
func RenderCells(p *Puzzle, b *Board, cellPixels int) *image.RGBA {
	if b == nil {
		if p == nil {
			return image.NewRGBA(image.Rectangle{})
		}
		// No cells: every cell reads as a hole, and a corrupt puzzle
		// size allocates nothing before renderCellSize rejects it.
		b = &Board{Rows: p.Rows, Cols: p.Cols}
	}
	n, ok := renderCellSize(b.Rows, b.Cols, cellPixels)
	if !ok {
		return image.NewRGBA(image.Rectangle{})
	}
	dst := image.NewRGBA(image.Rect(0, 0, b.Cols*n, b.Rows*n))
	r := renderer{p: p, b: b, n: n, dst: dst}
	if p != nil && p.HasImages() {
		r.images()
	} else {
		r.labels()
	}
	return dst
}

// renderCellSize returns the cell size to draw a rows×cols board at when
// cellPixels are asked for: at least minCell, but shrunk so the picture
// stays within maxRenderPixels. It reports false when there is nothing to
// draw or the board is too large even at one pixel a cell.
func renderCellSize(rows, cols, cellPixels int) (int, bool) {
	if rows <= 0 || cols <= 0 || rows > maxRenderPixels/cols {
		return 0, false
	}
	n := max(cellPixels, minCell)
	// Compare by division: n*n may overflow for an absurd request.
	if limit := maxRenderPixels / (rows * cols); n > limit || n*n > limit {
		n = max(1, int(math.Sqrt(float64(limit))))
		for n > 1 && n*n > limit {
			n--
		}
	}
	return n, true
}

// renderer holds what every cell of one Render call needs.
type renderer struct {
	p   *Puzzle
	b   *Board
	n   int // cell size in pixels
	dst *image.RGBA
}

// piece returns the piece in cell (row, col) and its placement, or nil for
// a hole, a cell past the end of b.Cells, or a piece p does not have.
func (r *renderer) piece(row, col int) (*Piece, Placement) {
	i := row*r.b.Cols + col
	if i >= len(r.b.Cells) {
		return nil, Empty
	}
	pl := r.b.Cells[i]
	if r.p == nil || pl.Piece < 0 || int(pl.Piece) >= len(r.p.Pieces) {
		return nil, Empty
	}
	return &r.p.Pieces[pl.Piece], pl
}

// cellPix returns the offset in dst.Pix of the top-left pixel of a cell.
func (r *renderer) cellPix(row, col int) int {
	return row*r.n*r.dst.Stride + col*r.n*4
}

// run is a horizontal stretch [x0, x1) of one row of a cell that takes one
// colour: class 0 to 3 is the triangle of that Side, gridClass the grid line.
type run struct {
	class  uint8
	x0, x1 int
}

const gridClass = 4

// triangleMask splits an n×n cell into runs, row by row: a one-pixel grid
// frame, and inside it the four triangles that meet at the centre. Pixels
// on a diagonal belong to the Top or Bottom triangle, so every pixel has
// exactly one owner.
func triangleMask(n int) [][]run {
	rows := make([][]run, n)
	for y := range n {
		var rs []run
		for x := range n {
			c := uint8(gridClass)
			if x > 0 && y > 0 && x < n-1 && y < n-1 {
				// Doubled offsets from the centre keep the test exact
				// for odd and even n alike.
				dx, dy := 2*x+1-n, 2*y+1-n
				switch {
				case abs(dy) >= abs(dx) && dy <= 0:
					c = uint8(Top)
				case abs(dy) >= abs(dx):
					c = uint8(Bottom)
				case dx > 0:
					c = uint8(Right)
				default:
					c = uint8(Left)
				}
			}
			if len(rs) > 0 && rs[len(rs)-1].class == c {
				rs[len(rs)-1].x1 = x + 1
			} else {
				rs = append(rs, run{class: c, x0: x, x1: x + 1})
			}
		}
		rows[y] = rs
	}
	return rows
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fill paints every pixel of pix, a slice of whole RGBA pixels, colour c.
func fill(pix []byte, c [4]byte) {
	v := binary.LittleEndian.Uint32(c[:])
	for i := 0; i+4 <= len(pix); i += 4 {
		binary.LittleEndian.PutUint32(pix[i:], v)
	}
}

// labels draws every cell as four label-coloured triangles.
func (r *renderer) labels() {
	mask := triangleMask(r.n)
	rule := Equal
	if r.p != nil {
		rule = r.p.Rule
	}
	var colours [5][4]byte
	colours[gridClass] = gridColour
	for row := range r.b.Rows {
		for col := range r.b.Cols {
			pc, pl := r.piece(row, col)
			if pc == nil {
				r.hole(row, col, mask)
				continue
			}
			for s, l := range pc.Turned(pl.Rotation) {
				colours[s] = labelColour(rule, l)
			}
			base := r.cellPix(row, col)
			for y, runs := range mask {
				line := r.dst.Pix[base+y*r.dst.Stride:]
				for _, rn := range runs {
					fill(line[rn.x0*4:rn.x1*4], colours[rn.class])
				}
			}
		}
	}
}

// hole draws cell (row, col) as a dark checker of four squares a side,
// inside the grid frame when mask is given.
func (r *renderer) hole(row, col int, mask [][]run) {
	q := max(1, r.n/4)
	base := r.cellPix(row, col)
	for y := range r.n {
		line := r.dst.Pix[base+y*r.dst.Stride:]
		for x := range r.n {
			c := holeDark
			if (x/q+y/q)%2 == 1 {
				c = holeLight
			}
			fill(line[x*4:x*4+4], c)
		}
		if mask != nil {
			for _, rn := range mask[y] {
				if rn.class == gridClass {
					fill(line[rn.x0*4:rn.x1*4], gridColour)
				}
			}
		}
	}
}

// images draws every cell as its piece's tile, turned and scaled.
func (r *renderer) images() {
	for row := range r.b.Rows {
		for col := range r.b.Cols {
			pc, pl := r.piece(row, col)
			if pc == nil || pc.Image == nil || pc.Image.Bounds().Empty() {
				r.hole(row, col, nil)
				continue
			}
			r.tile(row, col, TurnImage(pc.Image, pl.Rotation))
		}
	}
}

// tile draws t into cell (row, col), scaled by nearest neighbour when its
// size is not the cell's.
func (r *renderer) tile(row, col int, t image.Image) {
	n := r.n
	tb := t.Bounds()
	cell := image.Rect(col*n, row*n, col*n+n, row*n+n)
	if tb.Dx() == n && tb.Dy() == n {
		draw.Draw(r.dst, cell, t, tb.Min, draw.Src)
		return
	}
	src, ok := t.(*image.RGBA)
	if !ok {
		src = image.NewRGBA(image.Rect(0, 0, tb.Dx(), tb.Dy()))
		draw.Draw(src, src.Rect, t, tb.Min, draw.Src)
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	base := r.cellPix(row, col)
	for y := range n {
		line := r.dst.Pix[base+y*r.dst.Stride:]
		srow := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+y*h/n):]
		for x := range n {
			sx := x * w / n
			copy(line[x*4:x*4+4], srow[sx*4:sx*4+4])
		}
	}
}
