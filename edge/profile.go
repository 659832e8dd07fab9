package edge

import (
	"errors"
	"fmt"
	"image"

	"github.com/reassemble/jigsaw/puzzle"
)

// Profile holds the pixels along one side of a piece, read clockwise around
// the piece: a Top side from left to right, Right from top to bottom, Bottom
// from right to left and Left from bottom to top. Depth rows are kept, row 0
// being the outermost pixels of the side and row d lying d pixels inside.
//
// Reading every side clockwise makes a profile independent of how the piece
// is turned, and means that two facing sides run in opposite directions:
// position i of one faces position Len-1-i of the other.
type Profile struct {
	// Len is the number of pixels along the side.
	Len int
	// Depth is the number of pixel rows kept, from the side inwards.
	Depth int
	// Pix holds R, G, B in 0..255 for each pixel: the channel c of the
	// pixel at depth d and position i is Pix[(d*Len+i)*3+c].
	Pix []float32
}

// At returns the colour channel c (0 red, 1 green, 2 blue) of the pixel at
// depth d and position i.
func (p *Profile) At(d, i, c int) float32 { return p.Pix[(d*p.Len+i)*3+c] }

// MinDepth is the least profile depth: gradient-based measures need two
// rows.
const MinDepth = 2

// SideProfile reads side s of img to the given depth. The image must be at
// least depth pixels in both directions; sides of a non-square image have
// the lengths of its edges. A side other than the four is an error.
func SideProfile(img image.Image, s puzzle.Side, depth int) (Profile, error) {
	if img == nil {
		return Profile{}, errors.New("edge: nil image")
	}
	if !s.Valid() {
		// The reading below would take it for Left.
		return Profile{}, fmt.Errorf("edge: no side %v: want top, right, bottom or left", s)
	}
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	if depth < 1 || depth > w || depth > h {
		return Profile{}, fmt.Errorf("edge: cannot read %d pixels deep into a %d×%d image", depth, w, h)
	}
	length := w
	if s == puzzle.Right || s == puzzle.Left {
		length = h
	}
	p := Profile{Len: length, Depth: depth, Pix: make([]float32, depth*length*3)}
	rgba, _ := img.(*image.RGBA)
	deep, _ := img.(*image.RGBA64)
	for d := 0; d < depth; d++ {
		for i := 0; i < length; i++ {
			var x, y int
			switch s {
			case puzzle.Top:
				x, y = i, d
			case puzzle.Right:
				x, y = w-1-d, i
			case puzzle.Bottom:
				x, y = w-1-i, h-1-d
			default:
				x, y = d, h-1-i
			}
			k := (d*length + i) * 3
			if rgba != nil {
				// The common case, tiles from Cut: read the bytes
				// rather than box every pixel in a color.Color.
				o := rgba.PixOffset(r.Min.X+x, r.Min.Y+y)
				p.Pix[k] = float32(rgba.Pix[o])
				p.Pix[k+1] = float32(rgba.Pix[o+1])
				p.Pix[k+2] = float32(rgba.Pix[o+2])
				continue
			}
			if deep != nil {
				// 16-bit tiles (Cut keeps a 16-bit photograph's
				// precision): big-endian samples, on the same
				// 0..255 scale.
				o := deep.PixOffset(r.Min.X+x, r.Min.Y+y)
				px := deep.Pix[o : o+6 : o+6]
				p.Pix[k] = float32(uint16(px[0])<<8|uint16(px[1])) / 257
				p.Pix[k+1] = float32(uint16(px[2])<<8|uint16(px[3])) / 257
				p.Pix[k+2] = float32(uint16(px[4])<<8|uint16(px[5])) / 257
				continue
			}
			cr, cg, cb, _ := img.At(r.Min.X+x, r.Min.Y+y).RGBA()
			// 16-bit channels over 257 give 8-bit values exactly,
			// and keep a 16-bit picture's finer steps as fractions.
			p.Pix[k] = float32(cr) / 257
			p.Pix[k+1] = float32(cg) / 257
			p.Pix[k+2] = float32(cb) / 257
		}
	}
	return p, nil
}

// Profiles reads the four sides of every piece of an image puzzle, to the
// given depth (at least MinDepth). Side s of piece i is at index 4*i+s.
// Every piece must have an image, and all images the same square size.
func Profiles(p *puzzle.Puzzle, depth int) ([]Profile, error) {
	if p == nil || len(p.Pieces) == 0 {
		return nil, errors.New("edge: puzzle has no pieces")
	}
	if depth < MinDepth {
		return nil, fmt.Errorf("edge: profile depth %d: at least %d pixels are needed", depth, MinDepth)
	}
	out := make([]Profile, 4*len(p.Pieces))
	var size image.Point
	for i := range p.Pieces {
		img := p.Pieces[i].Image
		if img == nil {
			return nil, fmt.Errorf("edge: piece %d has no image", i)
		}
		sz := img.Bounds().Size()
		if sz.X != sz.Y {
			return nil, fmt.Errorf("edge: piece %d is %d×%d pixels: pieces must be square", i, sz.X, sz.Y)
		}
		if i == 0 {
			size = sz
		} else if sz != size {
			return nil, fmt.Errorf("edge: piece %d is %d×%d pixels, piece 0 is %d×%d: pieces must be the same size", i, sz.X, sz.Y, size.X, size.Y)
		}
		for _, s := range puzzle.Sides {
			prof, err := SideProfile(img, s, depth)
			if err != nil {
				return nil, fmt.Errorf("edge: piece %d: %w", i, err)
			}
			out[4*i+int(s)] = prof
		}
	}
	return out, nil
}

// A Measure is an edge-fitting function for pixel sides. Bind prepares it
// for a set of side profiles (side s of piece i at index 4*i+s, as Profiles
// returns them), doing once whatever per-side work the measure needs, and
// returns the function that prices two sides facing each other.
type Measure interface {
	// Name identifies the measure in reports, e.g. "mgc".
	Name() string
	// Depth is the profile depth the measure reads; at least MinDepth.
	Depth() int
	// Bind returns the dissimilarity of the given sides. It is separate
	// from pricing so that per-side work (gradients, covariances) is done
	// once per puzzle rather than once per pair; it fails if a profile is
	// shallower than Depth.
	Bind(sides []Profile) (Dissimilarity, error)
}

// Dissimilarity prices side i placed against side j (indices into the
// bound profiles): 0 for a seamless continuation, larger for a worse one.
// It is safe for concurrent use. It need not be symmetric; tables that
// need a symmetric value add both directions.
type Dissimilarity func(i, j int) float64
