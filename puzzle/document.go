package puzzle

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
)

// CutGrid cuts img into rows × cols pieces of equal size, which need not
// be square: a page cut across and along into rectangles, or, with one
// row, into strips. It returns the puzzle and its ground truth, as Cut
// does: piece i in cell i, unturned, pieces numbered row by row. Pieces
// are floor(width/cols) × floor(height/rows) pixels; the excess is
// centre-cropped as Cut crops it. Each piece's Image is an *image.RGBA
// tile of its own with bounds starting at (0,0).
//
// CutGrid reports an error for a nil or empty image, rows or cols below
// 1, pieces under 2 pixels in either direction (an edge profile needs two
// pixels of depth), a board of more than 2^24 cells, and a cut that would
// copy more than 2^28 pixels.
func CutGrid(img image.Image, rows, cols int) (*Puzzle, *Board, error) {
	if img == nil {
		return nil, nil, errors.New("puzzle: cannot cut a nil image")
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, nil, fmt.Errorf("puzzle: cannot cut an empty image (%d×%d pixels)", w, h)
	}
	if rows < 1 || cols < 1 {
		return nil, nil, fmt.Errorf("puzzle: a grid of %d rows and %d columns: both must be at least 1", rows, cols)
	}
	if rows > maxCells/cols {
		return nil, nil, fmt.Errorf("puzzle: a grid of %d×%d cells is larger than %d cells", rows, cols, maxCells)
	}
	pw, ph := w/cols, h/rows
	if pw < minPieceSize || ph < minPieceSize {
		return nil, nil, fmt.Errorf("puzzle: cutting the %d×%d image into %d×%d pieces leaves pieces of %d×%d pixels; pieces must be at least %d pixels each way, so that every side has a profile two pixels deep", w, h, rows, cols, pw, ph, minPieceSize)
	}
	if pw > maxImagePixels/ph || rows*cols > maxImagePixels/(pw*ph) {
		return nil, nil, fmt.Errorf("puzzle: cutting the %d×%d image into %d×%d pieces would copy more than the %d pixels a puzzle may hold", w, h, rows, cols, maxImagePixels)
	}
	origin := b.Min.Add(image.Pt((w-cols*pw)/2, (h-rows*ph)/2))
	p := &Puzzle{Rows: rows, Cols: cols, Pieces: make([]Piece, rows*cols), Rule: Equal}
	truth := NewBoard(rows, cols)
	for i := range p.Pieces {
		r, c := i/cols, i%cols
		t := image.NewRGBA(image.Rect(0, 0, pw, ph))
		draw.Draw(t, t.Rect, img, origin.Add(image.Pt(c*pw, r*ph)), draw.Src)
		p.Pieces[i] = Piece{ID: PieceID(i), Image: t}
		truth.Cells[i] = Placement{Piece: PieceID(i)}
	}
	return p, truth, nil
}

// FromStrips makes a one-row puzzle from pictures of separate pieces that
// join only left and right: the strips of a shredded page, scanned one by
// one. Strip i becomes piece i. Strips may differ in width and in height
// (scans of one page's strips rarely agree to the pixel); a picture with an
// alpha channel says which pixels are paper (opaque) and which the
// background of the scan (transparent), as Masked makes it. Each strip must
// be at least 2 pixels each way.
//
// The board is 1 × len(strips). The puzzle follows the rule Equal with
// every side Flat, as picture puzzles do; its strips may turn once
// Rotatable is set, by 0 or 180° only while HalfTurns is set too (a strip
// turned a quarter would fit no cell of the row). Pictures are copied to
// *image.NRGBA values of their own, bounds starting at (0,0), alpha kept:
// up to 2^30 pixels in all, some 3,500 strips of a page-high shredder.
// Errors name the strip at fault.
func FromStrips(strips []image.Image) (*Puzzle, error) {
	if len(strips) == 0 {
		return nil, errors.New("puzzle: no strips")
	}
	if len(strips) > maxCells {
		return nil, fmt.Errorf("puzzle: %d strips are more than the %d cells a board may have", len(strips), maxCells)
	}
	total := 0
	for i, s := range strips {
		if s == nil {
			return nil, fmt.Errorf("puzzle: strip %d is nil", i)
		}
		sz := s.Bounds().Size()
		if sz.X < minPieceSize || sz.Y < minPieceSize {
			return nil, fmt.Errorf("puzzle: strip %d is %d×%d pixels: strips must be at least %d pixels each way", i, sz.X, sz.Y, minPieceSize)
		}
		if sz.X > maxImagePixels/sz.Y {
			return nil, fmt.Errorf("puzzle: strip %d is %d×%d pixels, more than the %d a picture may hold", i, sz.X, sz.Y, maxImagePixels)
		}
		if total > maxStripPixels-sz.X*sz.Y {
			return nil, fmt.Errorf("puzzle: strip %d brings the strips to more than the %d pixels a collection of strips may hold", i, maxStripPixels)
		}
		total += sz.X * sz.Y
	}
	p := &Puzzle{Rows: 1, Cols: len(strips), Pieces: make([]Piece, len(strips)), Rule: Equal}
	for i, s := range strips {
		p.Pieces[i] = Piece{ID: PieceID(i), Image: copyNRGBA(s)}
	}
	return p, nil
}

// maxStripPixels bounds the pixels FromStrips copies: 2^30 (4 GiB as
// NRGBA). A collection is larger than any one picture (maxImagePixels):
// 1,000 strips of a shredder, some 85 × 3,500 pixels each, are 3·10^8, and
// each strip is a picture already decoded, so no corrupt header can claim
// them.
const maxStripPixels = 1 << 30

// copyNRGBA copies img to an *image.NRGBA with bounds starting at (0,0).
func copyNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	r := image.Rect(0, 0, b.Dx(), b.Dy())
	if _, ok := img.(*image.YCbCr); ok {
		// A JPEG is opaque, so its RGBA and NRGBA pixels are the same
		// bytes, and draw converts it to RGBA directly rather than
		// pixel by pixel through colours.
		t := image.NewRGBA(r)
		draw.Draw(t, r, img, b.Min, draw.Src)
		return &image.NRGBA{Pix: t.Pix, Stride: t.Stride, Rect: r}
	}
	t := image.NewNRGBA(r)
	draw.Draw(t, r, img, b.Min, draw.Src)
	return t
}

// Masked returns img with the paper marked: a copy in which each pixel is
// opaque where mask is light (grey level 128 or more) and transparent
// where it is dark, its colour kept either way. Scans of torn or ragged
// pieces come with such masks; measures read them to tell paper from the
// background of the scan. A mask of a different size from img is an
// error.
func Masked(img, mask image.Image) (*image.NRGBA, error) {
	if img == nil || mask == nil {
		return nil, errors.New("puzzle: Masked needs an image and a mask")
	}
	b, mb := img.Bounds(), mask.Bounds()
	if b.Dx() != mb.Dx() || b.Dy() != mb.Dy() {
		return nil, fmt.Errorf("puzzle: the mask is %d×%d pixels but the image is %d×%d", mb.Dx(), mb.Dy(), b.Dx(), b.Dy())
	}
	if b.Dx() > 0 && b.Dy() > maxImagePixels/b.Dx() {
		return nil, fmt.Errorf("puzzle: a %d×%d image is more than the %d pixels Masked copies", b.Dx(), b.Dy(), maxImagePixels)
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if g, ok := img.(*image.Gray); ok {
		// A grey scan, the usual kind, copied without the colour
		// conversions of the general path, which take ten times as long.
		for y := range b.Dy() {
			src := g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):][:b.Dx()]
			dst := out.Pix[out.PixOffset(0, y):][:4*b.Dx()]
			for x, v := range src {
				dst[4*x], dst[4*x+1], dst[4*x+2] = v, v, v
			}
		}
	} else {
		draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	}
	gm, gray := mask.(*image.Gray)
	for y := range b.Dy() {
		for x := range b.Dx() {
			var g uint8
			if gray {
				// The usual mask, read without a colour per pixel.
				g = gm.Pix[gm.PixOffset(mb.Min.X+x, mb.Min.Y+y)]
			} else {
				g = color.GrayModel.Convert(mask.At(mb.Min.X+x, mb.Min.Y+y)).(color.Gray).Y
			}
			a := uint8(255)
			if g < 128 {
				a = 0
			}
			out.Pix[out.PixOffset(x, y)+3] = a
		}
	}
	return out, nil
}
