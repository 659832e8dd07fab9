package puzzle_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// The test photographs; testdata/README.md gives their sources and licences.
const (
	astronautPath = "../testdata/astronaut.png" // 512×512
	coffeePath    = "../testdata/coffee.png"    // 600×400
	chelseaPath   = "../testdata/chelsea.png"   // 451×300
)

// coordImage is an image whose every pixel encodes its own coordinates, so
// a tile pixel names the source pixel it was copied from. It is not one of
// the standard library's pixel-slice types, so it also exercises the
// generic conversion path.
type coordImage struct{ rect image.Rectangle }

func (m coordImage) ColorModel() color.Model { return color.RGBAModel }
func (m coordImage) Bounds() image.Rectangle { return m.rect }
func (m coordImage) At(x, y int) color.Color { return coordColour(x, y) }

// coordColour packs the low bytes of x and y in red and green and their next
// four bits in blue: unique for 0 <= x, y < 4096.
func coordColour(x, y int) color.RGBA {
	return color.RGBA{R: uint8(x), G: uint8(y), B: uint8(x>>8&15 | y>>8<<4), A: 255}
}

// asRGBA copies img into an *image.RGBA with the same bounds, for the fast
// path of the standard pixel-slice types.
func asRGBA(img image.Image) *image.RGBA {
	m := image.NewRGBA(img.Bounds())
	draw.Draw(m, m.Rect, img, m.Rect.Min, draw.Src)
	return m
}

// asNRGBA is asRGBA for *image.NRGBA, the type PNG decoding gives images
// with transparency.
func asNRGBA(img image.Image) *image.NRGBA {
	m := image.NewNRGBA(img.Bounds())
	draw.Draw(m, m.Rect, img, m.Rect.Min, draw.Src)
	return m
}

// rgbaOf returns c as 8-bit premultiplied RGBA, the colour a tile holds.
func rgbaOf(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }

func imageRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x243f6a8885a308d3)) }

func loadTestImage(t testing.TB, path string) image.Image {
	t.Helper()
	img, err := puzzle.LoadImage(path)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// checkSameAsCrop fails unless got, from its top-left corner, holds the
// pixels of img starting at origin, converted to RGBA.
func checkSameAsCrop(t *testing.T, got *image.RGBA, img image.Image, origin image.Point) {
	t.Helper()
	for y := got.Rect.Min.Y; y < got.Rect.Max.Y; y++ {
		for x := got.Rect.Min.X; x < got.Rect.Max.X; x++ {
			sx, sy := origin.X+x-got.Rect.Min.X, origin.Y+y-got.Rect.Min.Y
			if g, w := got.RGBAAt(x, y), rgbaOf(img.At(sx, sy)); g != w {
				t.Fatalf("pixel (%d,%d) is %v; want source pixel (%d,%d), %v", x, y, g, sx, sy, w)
			}
		}
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		name       string
		rect       image.Rectangle
		pieceSize  int
		rows, cols int
		offset     image.Point // of the crop from rect.Min: floor(excess/2) per axis
	}{
		{name: "whole pieces", rect: image.Rect(0, 0, 40, 24), pieceSize: 8, rows: 3, cols: 5},
		// 101 = 10·10+1 and 57 = 5·10+7: floor(1/2)=0, floor(7/2)=3.
		{name: "101x57 by 10", rect: image.Rect(0, 0, 101, 57), pieceSize: 10, rows: 5, cols: 10, offset: image.Pt(0, 3)},
		// 37 = 4·8+5 and 29 = 3·8+5: floor(5/2)=2 on both axes.
		{name: "odd excess", rect: image.Rect(0, 0, 37, 29), pieceSize: 8, rows: 3, cols: 4, offset: image.Pt(2, 2)},
		// 33 = 5·6+3 and 20 = 3·6+2, counted from a non-zero Min.
		{name: "bounds off the origin", rect: image.Rect(13, 40, 46, 60), pieceSize: 6, rows: 3, cols: 5, offset: image.Pt(1, 1)},
		{name: "one piece", rect: image.Rect(0, 0, 9, 9), pieceSize: 9, rows: 1, cols: 1},
		// 15 = 1·9+6 and 9 = 1·9+0.
		{name: "one piece cropped", rect: image.Rect(0, 0, 15, 9), pieceSize: 9, rows: 1, cols: 1, offset: image.Pt(3, 0)},
		{name: "smallest pieces", rect: image.Rect(0, 0, 7, 4), pieceSize: 2, rows: 2, cols: 3},
		// 300 = 4·64+44 in both directions, past one byte of coordinates.
		{name: "large", rect: image.Rect(0, 0, 300, 300), pieceSize: 64, rows: 4, cols: 4, offset: image.Pt(22, 22)},
	}
	sources := []struct {
		name string
		of   func(image.Rectangle) image.Image
	}{
		{name: "generic", of: func(r image.Rectangle) image.Image { return coordImage{r} }},
		{name: "RGBA", of: func(r image.Rectangle) image.Image { return asRGBA(coordImage{r}) }},
		{name: "NRGBA", of: func(r image.Rectangle) image.Image { return asNRGBA(coordImage{r}) }},
	}
	for _, tt := range tests {
		for _, src := range sources {
			t.Run(tt.name+"/"+src.name, func(t *testing.T) {
				img := src.of(tt.rect)
				p, truth, err := puzzle.Cut(img, tt.pieceSize)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Validate(); err != nil {
					t.Fatalf("cut puzzle is invalid: %v", err)
				}
				if p.Rows != tt.rows || p.Cols != tt.cols || len(p.Pieces) != tt.rows*tt.cols {
					t.Fatalf("got %d×%d board with %d pieces; want %d×%d with %d", p.Rows, p.Cols, len(p.Pieces), tt.rows, tt.cols, tt.rows*tt.cols)
				}
				if p.Rule != puzzle.Equal || p.Rotatable || p.AllowExtra || len(p.Fixed) != 0 {
					t.Errorf("got rule %v, rotatable %v, extra %v, %d fixed; want equal, false, false, 0", p.Rule, p.Rotatable, p.AllowExtra, len(p.Fixed))
				}
				origin := tt.rect.Min.Add(tt.offset)
				for i := range p.Pieces {
					pc := &p.Pieces[i]
					if pc.Edges != [4]puzzle.Label{} {
						t.Errorf("piece %d has labels %v; want all flat", i, pc.Edges)
					}
					tile, ok := pc.Image.(*image.RGBA)
					if !ok {
						t.Fatalf("piece %d's image is %T, want *image.RGBA", i, pc.Image)
					}
					if want := image.Rect(0, 0, tt.pieceSize, tt.pieceSize); tile.Rect != want {
						t.Fatalf("piece %d's tile has bounds %v, want %v", i, tile.Rect, want)
					}
					r, c := i/tt.cols, i%tt.cols
					checkSameAsCrop(t, tile, img, origin.Add(image.Pt(c*tt.pieceSize, r*tt.pieceSize)))
				}
				if err := truth.Validate(p); err != nil {
					t.Fatalf("truth does not fit the puzzle: %v", err)
				}
				for i, pl := range truth.Cells {
					if want := (puzzle.Placement{Piece: puzzle.PieceID(i)}); pl != want {
						t.Errorf("truth cell %v holds %v, want %v", truth.CellAt(i), pl, want)
					}
				}
			})
		}
	}
}

func TestCutTilesAreIndependent(t *testing.T) {
	img := asRGBA(coordImage{image.Rect(0, 0, 12, 8)})
	p, _, err := puzzle.Cut(img, 4)
	if err != nil {
		t.Fatal(err)
	}
	first := p.Pieces[0].Image.(*image.RGBA)
	second := p.Pieces[1].Image.(*image.RGBA)
	secondBefore := append([]byte(nil), second.Pix...)

	// Wipe the source: the tiles must keep the picture.
	clear(img.Pix)
	checkSameAsCrop(t, first, coordImage{img.Rect}, image.Point{})
	checkSameAsCrop(t, second, coordImage{img.Rect}, image.Pt(4, 0))

	// Painting one tile, or growing its Pix, must not reach the next.
	draw.Draw(first, first.Rect, image.Black, image.Point{}, draw.Src)
	_ = append(first.Pix, 1, 2, 3, 4)
	if !bytes.Equal(second.Pix, secondBefore) {
		t.Error("changing piece 0's tile changed piece 1's")
	}
}

// TestCutRender checks that the ground truth, drawn, is the cropped picture.
func TestCutRender(t *testing.T) {
	tests := []struct {
		name      string
		img       image.Image
		pieceSize int
		offset    image.Point
	}{
		// 101 = 10·10+1, 57 = 5·10+7.
		{name: "synthetic", img: coordImage{image.Rect(0, 0, 101, 57)}, pieceSize: 10, offset: image.Pt(0, 3)},
		// 451 = 16·28+3, 300 = 10·28+20.
		{name: "chelsea", img: loadTestImage(t, chelseaPath), pieceSize: 28, offset: image.Pt(1, 10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, truth, err := puzzle.Cut(tt.img, tt.pieceSize)
			if err != nil {
				t.Fatal(err)
			}
			got := puzzle.Render(p, truth)
			if want := image.Rect(0, 0, p.Cols*tt.pieceSize, p.Rows*tt.pieceSize); got.Rect != want {
				t.Fatalf("rendered bounds %v, want %v", got.Rect, want)
			}
			checkSameAsCrop(t, got, tt.img, tt.img.Bounds().Min.Add(tt.offset))
		})
	}
}

// TestCutScrambleRender checks that Cut, Scramble and Render agree on which
// way pieces turn: the scrambled truth still draws the picture.
func TestCutScrambleRender(t *testing.T) {
	tests := []struct {
		name      string
		img       image.Image
		pieceSize int
		rotatable bool
		offset    image.Point
	}{
		// 101 = 10·10+1, 57 = 5·10+7.
		{name: "synthetic shuffled", img: coordImage{image.Rect(0, 0, 101, 57)}, pieceSize: 10, offset: image.Pt(0, 3)},
		{name: "synthetic turned", img: coordImage{image.Rect(0, 0, 101, 57)}, pieceSize: 10, rotatable: true, offset: image.Pt(0, 3)},
		// 512 = 8·64.
		{name: "astronaut turned", img: loadTestImage(t, astronautPath), pieceSize: 64, rotatable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, truth, err := puzzle.Cut(tt.img, tt.pieceSize)
			if err != nil {
				t.Fatal(err)
			}
			p.Rotatable = tt.rotatable
			q, qTruth, err := puzzle.Scramble(p, truth, imageRand(1))
			if err != nil {
				t.Fatal(err)
			}
			moved, turned := 0, 0
			for i, pl := range qTruth.Cells {
				if pl.Piece != puzzle.PieceID(i) {
					moved++
				}
				if pl.Rotation != 0 {
					turned++
				}
			}
			if moved == 0 || (tt.rotatable && turned == 0) {
				t.Fatalf("scramble moved %d pieces and turned %d: the test would check nothing", moved, turned)
			}
			checkSameAsCrop(t, puzzle.Render(q, qTruth), tt.img, tt.img.Bounds().Min.Add(tt.offset))
		})
	}
}

func TestCutErrors(t *testing.T) {
	tests := []struct {
		name      string
		img       image.Image
		pieceSize int
		want      string // in the error
	}{
		{name: "nil image", img: nil, pieceSize: 8, want: "nil image"},
		{name: "no width", img: image.NewRGBA(image.Rect(0, 0, 0, 5)), pieceSize: 8, want: "empty image (0×5 pixels)"},
		{name: "no height", img: image.NewRGBA(image.Rect(3, 3, 9, 3)), pieceSize: 8, want: "empty image (6×0 pixels)"},
		{name: "one-pixel pieces", img: image.NewRGBA(image.Rect(0, 0, 8, 8)), pieceSize: 1, want: "piece size 1"},
		{name: "zero-pixel pieces", img: image.NewRGBA(image.Rect(0, 0, 8, 8)), pieceSize: 0, want: "piece size 0"},
		{name: "negative pieces", img: image.NewRGBA(image.Rect(0, 0, 8, 8)), pieceSize: -3, want: "piece size -3"},
		{name: "too narrow", img: image.NewRGBA(image.Rect(0, 0, 20, 30)), pieceSize: 28, want: "the 20×30 image is smaller than one 28-pixel piece"},
		{name: "too low", img: image.NewRGBA(image.Rect(0, 0, 40, 20)), pieceSize: 28, want: "the 40×20 image is smaller than one 28-pixel piece"},
		// image.Uniform is 2·10^9 pixels a side: 10^9 × 10^9 two-pixel cells.
		{name: "too many cells", img: image.Black, pieceSize: 2, want: "board of 1000000000×1000000000 cells, more than 16777216"},
		// 2000×2000 cells, within bounds, of 10^12 pixels each.
		{name: "too many pixels", img: image.Black, pieceSize: 1_000_000, want: "more than the 268435456 pixels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, b, err := puzzle.Cut(tt.img, tt.pieceSize)
			if err == nil {
				t.Fatalf("no error; want one containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
			if p != nil || b != nil {
				t.Errorf("got a puzzle or board with the error")
			}
		})
	}
}

// fragment returns a size×size image of coordinates starting at min, so
// every fragment's pixels differ from every other's.
func fragment(min image.Point, size int) image.Image {
	return coordImage{image.Rectangle{Min: min, Max: min.Add(image.Pt(size, size))}}
}

func TestFromFragments(t *testing.T) {
	const size = 6
	tests := []struct {
		name       string
		n          int // fragments
		rows, cols int
		extra      bool
		missing    int
	}{
		{name: "one per cell", n: 6, rows: 2, cols: 3},
		{name: "holes", n: 4, rows: 2, cols: 3, missing: 2},
		{name: "extra", n: 8, rows: 2, cols: 3, extra: true},
		{name: "one", n: 1, rows: 1, cols: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frags := make([]image.Image, tt.n)
			for i := range frags {
				// Alternate types and place each far from the origin
				// so the copy must start at each one's own Min.
				f := fragment(image.Pt(100*i+7, 3*i), size)
				switch i % 3 {
				case 1:
					f = asRGBA(f)
				case 2:
					f = asNRGBA(f)
				}
				frags[i] = f
			}
			p, err := puzzle.FromFragments(frags, tt.rows, tt.cols)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(); err != nil {
				t.Fatalf("puzzle is invalid: %v", err)
			}
			if p.Rows != tt.rows || p.Cols != tt.cols || len(p.Pieces) != tt.n {
				t.Fatalf("got %d×%d board with %d pieces, want %d×%d with %d", p.Rows, p.Cols, len(p.Pieces), tt.rows, tt.cols, tt.n)
			}
			if p.AllowExtra != tt.extra || p.Missing() != tt.missing {
				t.Errorf("AllowExtra %v, %d missing; want %v, %d", p.AllowExtra, p.Missing(), tt.extra, tt.missing)
			}
			if p.Rule != puzzle.Equal || p.Rotatable || len(p.Fixed) != 0 {
				t.Errorf("got rule %v, rotatable %v, %d fixed; want equal, false, 0", p.Rule, p.Rotatable, len(p.Fixed))
			}
			for i, pc := range p.Pieces {
				if pc.ID != puzzle.PieceID(i) || pc.Edges != [4]puzzle.Label{} {
					t.Errorf("piece %d has ID %d and labels %v; want %d and all flat", i, pc.ID, pc.Edges, i)
				}
				tile, ok := pc.Image.(*image.RGBA)
				if !ok || tile.Rect != image.Rect(0, 0, size, size) {
					t.Fatalf("piece %d's image is %T with bounds %v; want *image.RGBA at (0,0)-(%d,%d)", i, pc.Image, pc.Image.Bounds(), size, size)
				}
				checkSameAsCrop(t, tile, frags[i], frags[i].Bounds().Min)
				if src, ok := frags[i].(*image.RGBA); ok && &src.Pix[0] == &tile.Pix[0] {
					t.Errorf("piece %d shares its pixels with its fragment", i)
				}
			}
		})
	}
}

func TestFromFragmentsErrors(t *testing.T) {
	// 6×6 fragments, the size of fragment 0 unless a case says otherwise.
	ok := func(i int) image.Image { return fragment(image.Pt(10*i, 0), 6) }
	tests := []struct {
		name       string
		frags      []image.Image
		rows, cols int
		want       string // in the error
	}{
		{name: "no rows", frags: []image.Image{ok(0)}, rows: 0, cols: 3, want: "board of 0 rows and 3 columns"},
		{name: "negative columns", frags: []image.Image{ok(0)}, rows: 2, cols: -1, want: "board of 2 rows and -1 columns"},
		// 2^13 · 2^12 = 2^25 cells, twice the 2^24 a puzzle may have.
		{name: "board too large", frags: []image.Image{ok(0)}, rows: 1 << 13, cols: 1 << 12, want: "larger than 16777216 cells"},
		{name: "no fragments", frags: nil, rows: 2, cols: 2, want: "no fragments"},
		{name: "nil fragment", frags: []image.Image{ok(0), ok(1), nil}, rows: 2, cols: 2, want: "fragment 2 is nil"},
		{name: "empty fragment", frags: []image.Image{ok(0), image.NewRGBA(image.Rect(4, 4, 4, 4))}, rows: 2, cols: 2, want: "fragment 1 is empty (0×0 pixels)"},
		{name: "not square", frags: []image.Image{ok(0), ok(1), ok(2), image.NewGray(image.Rect(0, 0, 6, 5))}, rows: 2, cols: 2, want: "fragment 3 is 6×5 pixels, not square"},
		{name: "size differs", frags: []image.Image{ok(0), ok(1), fragment(image.Point{}, 7)}, rows: 2, cols: 2, want: "fragment 2 is 7×7 pixels but fragment 0 is 6×6"},
		{name: "first not square", frags: []image.Image{image.NewRGBA(image.Rect(0, 0, 6, 7)), ok(1)}, rows: 2, cols: 2, want: "fragment 0 is 6×7 pixels, not square"},
		{name: "one-pixel fragments", frags: []image.Image{fragment(image.Point{}, 1)}, rows: 1, cols: 1, want: "fragment 0 is 1×1 pixels"},
		// image.Uniform is 2·10^9 pixels a side.
		{name: "too many pixels", frags: []image.Image{image.Black}, rows: 1, cols: 1, want: "more than the 268435456 pixels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := puzzle.FromFragments(tt.frags, tt.rows, tt.cols)
			if err == nil {
				t.Fatalf("no error; want one containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
			if p != nil {
				t.Errorf("got a puzzle with the error")
			}
		})
	}
}

func TestLoadImage(t *testing.T) {
	img, err := puzzle.LoadImage(coffeePath)
	if err != nil {
		t.Fatal(err)
	}
	// testdata/README.md: coffee.png is 600×400.
	if want := image.Rect(0, 0, 600, 400); img.Bounds() != want {
		t.Errorf("bounds %v, want %v", img.Bounds(), want)
	}
	// A JPEG loads too: write the photo's top corner as one.
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(0, 0, 48, 32)), nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "corner.jpg")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	jimg, err := puzzle.LoadImage(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := image.Rect(0, 0, 48, 32); jimg.Bounds() != want {
		t.Errorf("JPEG bounds %v, want %v", jimg.Bounds(), want)
	}
}

// jpegWithHeight returns an 8×8 JPEG whose frame header declares the given
// height, found by walking the marker segments to the baseline SOF0.
func jpegWithHeight(t *testing.T, height uint16) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	for i := 2; i+9 <= len(b) && b[i] == 0xff; i += 2 + int(binary.BigEndian.Uint16(b[i+2:])) {
		if b[i+1] == 0xc0 {
			// Segment: FF C0, length, precision, height, width.
			binary.BigEndian.PutUint16(b[i+5:], height)
			return b
		}
	}
	t.Fatal("no SOF0 segment in the encoded JPEG")
	return nil
}

// pngWithSize returns a 1×1 PNG whose header declares w×h pixels, with the
// header's checksum recomputed so the decoder believes it.
func pngWithSize(t *testing.T, w, h uint32) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// The 8-byte signature, then IHDR: length (4), type (4), width (4),
	// height (4), five bytes more, CRC (4) over type and data.
	const ihdr = 8
	binary.BigEndian.PutUint32(b[ihdr+8:], w)
	binary.BigEndian.PutUint32(b[ihdr+12:], h)
	binary.BigEndian.PutUint32(b[ihdr+8+13:], crc32.ChecksumIEEE(b[ihdr+4:ihdr+8+13]))
	return b
}

func TestLoadImageErrors(t *testing.T) {
	dir := t.TempDir()
	coffee, err := os.ReadFile(coffeePath)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"junk.png":      []byte("this is not a picture\n"),
		"truncated.png": coffee[:200],
		"flat.jpg":      jpegWithHeight(t, 0),
		"huge.png":      pngWithSize(t, 100_000, 100_000),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		file   string
		want   string // in the error, besides the path
		target error  // errors.Is, if not nil
	}{
		{name: "missing", file: "missing.png", target: fs.ErrNotExist},
		{name: "directory", file: ".", want: "is a directory"},
		{name: "junk", file: "junk.png", want: "not a PNG or JPEG image", target: image.ErrFormat},
		{name: "truncated", file: "truncated.png", want: "cannot decode image"},
		{name: "zero height", file: "flat.jpg", want: "is empty (8×0 pixels)"},
		// 10^10 pixels, past the 2^28 LoadImage accepts.
		{name: "huge header", file: "huge.png", want: "100000×100000 pixels, more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			img, err := puzzle.LoadImage(path)
			if err == nil {
				t.Fatalf("no error; want one containing %q", tt.want)
			}
			if img != nil {
				t.Errorf("got an image with the error")
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %s and contain %q", err, path, tt.want)
			}
			if tt.target != nil && !errors.Is(err, tt.target) {
				t.Errorf("error %q does not wrap %v", err, tt.target)
			}
		})
	}
}

func BenchmarkCut(b *testing.B) {
	// The size of coffee.png, in the two source types photographs decode to.
	rect := image.Rect(0, 0, 600, 400)
	sources := []struct {
		name string
		img  image.Image
	}{
		{name: "RGBA", img: asRGBA(coordImage{rect})},
		{name: "YCbCr", img: image.NewYCbCr(rect, image.YCbCrSubsampleRatio420)},
	}
	for _, src := range sources {
		for _, size := range []int{8, 28, 64} {
			b.Run(src.name+"/"+strconv.Itoa(size)+"px", func(b *testing.B) {
				for b.Loop() {
					if _, _, err := puzzle.Cut(src.img, size); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
