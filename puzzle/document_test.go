package puzzle_test

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/internal/badinput"
	"github.com/reassemble/jigsaw/puzzle"
)

// hugeCanvas claims a picture far larger than any puzzle may hold.
type hugeCanvas struct{}

func (hugeCanvas) ColorModel() color.Model { return color.RGBAModel }
func (hugeCanvas) Bounds() image.Rectangle { return image.Rect(0, 0, 1<<30, 1<<30) }
func (hugeCanvas) At(x, y int) color.Color { return color.Black }

// largeStrip is as large as one picture may be: four fit in a collection
// of strips, five do not.
type largeStrip struct{}

func (largeStrip) ColorModel() color.Model { return color.RGBAModel }
func (largeStrip) Bounds() image.Rectangle { return image.Rect(0, 0, 1<<13, 1<<15) }
func (largeStrip) At(x, y int) color.Color { return color.Black }

// TestHalfTurns checks the puzzle of pieces that turn only by 180°: its
// turns, what a board may do with them, scrambling and the text format.
func TestHalfTurns(t *testing.T) {
	p := &puzzle.Puzzle{Rows: 1, Cols: 3, Rotatable: true, HalfTurns: true}
	for i := range 3 {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{0, puzzle.Label(i + 1), 0, puzzle.Label(i)}})
	}
	if got := p.Turns(); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("Turns = %v, want [0° 180°]", got)
	}
	tests := []struct {
		name      string
		rotatable bool
		half      bool
		r         puzzle.Rotation
		want      bool
	}{
		{"fixed pieces keep 0", false, false, 0, true},
		{"fixed pieces refuse 180", false, false, 2, false},
		{"half turns ignored without Rotatable", false, true, 2, false},
		{"half turns allow 180", true, true, 2, true},
		{"half turns refuse 90", true, true, 1, false},
		{"all turns allow 270", true, false, 3, true},
		{"no rotation 4", true, false, 4, false},
	}
	for _, tc := range tests {
		q := &puzzle.Puzzle{Rotatable: tc.rotatable, HalfTurns: tc.half}
		if got := q.Allows(tc.r); got != tc.want {
			t.Errorf("%s: Allows(%v) = %v, want %v", tc.name, tc.r, got, tc.want)
		}
	}
	b := puzzle.NewBoard(1, 3)
	for i := range 3 {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: 2}
	}
	if err := b.Validate(p); err != nil {
		t.Errorf("a board of half turns: %v", err)
	}
	b.Cells[1].Rotation = 1
	if err := b.Validate(p); err == nil || !strings.Contains(err.Error(), "0 or 180") || !strings.Contains(err.Error(), "(0,1)") {
		t.Errorf("a quarter turn: err = %v, want one naming cell (0,1) and 0 or 180°", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		q, _, err := puzzle.Scramble(p, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		for i := range q.Pieces {
			// A piece turned by 90° would show a flat label on its
			// left or right.
			if e := q.Pieces[i].Edges; e[puzzle.Top] != 0 || e[puzzle.Bottom] != 0 {
				t.Fatalf("scrambled piece %d turned a quarter: %v", i, e)
			}
		}
	}
	var buf bytes.Buffer
	if err := puzzle.FormatPuzzle(&buf, p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "rotate half\n") {
		t.Errorf("FormatPuzzle wrote no \"rotate half\":\n%s", buf.String())
	}
	back, err := puzzle.ParsePuzzle(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Rotatable || !back.HalfTurns {
		t.Errorf("round trip lost the half turns: Rotatable %v, HalfTurns %v", back.Rotatable, back.HalfTurns)
	}
}

// TestCutGrid cuts a picture into oblong pieces and checks their sizes,
// pixels and the ground truth.
func TestCutGrid(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 23, 31))
	for y := range 31 {
		for x := range 23 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 0, 255})
		}
	}
	tests := []struct {
		name       string
		rows, cols int
		w, h       int
	}{
		{"strips", 1, 5, 4, 31},
		{"rectangles", 3, 2, 11, 10},
		{"one piece", 1, 1, 23, 31},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, truth, err := puzzle.CutGrid(img, tc.rows, tc.cols)
			if err != nil {
				t.Fatal(err)
			}
			if p.Rows != tc.rows || p.Cols != tc.cols || len(p.Pieces) != tc.rows*tc.cols {
				t.Fatalf("board %d×%d with %d pieces", p.Rows, p.Cols, len(p.Pieces))
			}
			ox, oy := (23-tc.cols*tc.w)/2, (31-tc.rows*tc.h)/2
			for i, pc := range p.Pieces {
				if sz := pc.Image.Bounds().Size(); sz != image.Pt(tc.w, tc.h) {
					t.Fatalf("piece %d is %v, want %d×%d", i, sz, tc.w, tc.h)
				}
				r, c := i/tc.cols, i%tc.cols
				got := pc.Image.At(1, 1).(color.RGBA)
				if int(got.R) != ox+c*tc.w+1 || int(got.G) != oy+r*tc.h+1 {
					t.Fatalf("piece %d's pixel (1,1) is %v", i, got)
				}
				if truth.Cells[i] != (puzzle.Placement{Piece: puzzle.PieceID(i)}) {
					t.Fatalf("truth cell %d holds %v", i, truth.Cells[i])
				}
			}
		})
	}
}

// Masked copies a grey scan, its bounds off the origin, as it copies any
// other picture of the same pixels.
func TestMaskedGrey(t *testing.T) {
	scan := image.NewGray(image.Rect(7, 3, 20, 40))
	mask := image.NewGray(image.Rect(0, 0, 13, 37))
	for i := range scan.Pix {
		scan.Pix[i] = uint8(i * 37)
	}
	for i := range mask.Pix {
		mask.Pix[i] = uint8(i * 91)
	}
	fast, err := puzzle.Masked(scan, mask)
	if err != nil {
		t.Fatal(err)
	}
	general, err := puzzle.Masked(struct{ image.Image }{scan}, mask)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(general, fast); diff != "" {
		t.Errorf("grey scan masked (-general +grey path):\n%s", diff)
	}
}

// TestFromStrips builds a row from strips of unequal heights, one with a
// mask, and checks what is kept.
func TestFromStrips(t *testing.T) {
	a := image.NewGray(image.Rect(0, 0, 4, 20))
	b := image.NewGray(image.Rect(10, 10, 13, 27))
	mask := image.NewGray(image.Rect(0, 0, 3, 17))
	for y := range 17 {
		mask.SetGray(1, y, color.Gray{Y: 255})
	}
	mb, err := puzzle.Masked(b, mask)
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.FromStrips([]image.Image{a, mb})
	if err != nil {
		t.Fatal(err)
	}
	if p.Rows != 1 || p.Cols != 2 || p.Rotatable {
		t.Errorf("board %d×%d, rotatable %v; want 1×2 and not rotatable until asked", p.Rows, p.Cols, p.Rotatable)
	}
	if sz := p.Pieces[1].Image.Bounds(); sz != image.Rect(0, 0, 3, 17) {
		t.Errorf("strip 1 is %v, want (0,0)-(3,17)", sz)
	}
	if _, _, _, al := p.Pieces[1].Image.At(0, 5).RGBA(); al != 0 {
		t.Errorf("strip 1's background is opaque (alpha %d)", al)
	}
	if _, _, _, al := p.Pieces[1].Image.At(1, 5).RGBA(); al != 0xffff {
		t.Errorf("strip 1's paper is not opaque (alpha %d)", al)
	}
	if err := p.Validate(); err != nil {
		t.Error(err)
	}
}

// TestDocumentBadInput gives CutGrid, FromStrips and Masked the mistakes a
// caller can make: each must be refused with an error naming what is
// wrong, without panicking, and a huge picture before anything its size
// is allocated.
func TestDocumentBadInput(t *testing.T) {
	tile := func(w, h int) image.Image { return image.NewRGBA(image.Rect(0, 0, w, h)) }
	tests := []struct {
		name   string
		call   func() error
		wantIn []string
		huge   bool
	}{
		{"grid of a nil image", func() error { _, _, err := puzzle.CutGrid(nil, 1, 1); return err }, []string{"nil image"}, false},
		{"grid of an empty image", func() error { _, _, err := puzzle.CutGrid(tile(0, 5), 1, 1); return err }, []string{"empty image"}, false},
		{"grid of no rows", func() error { _, _, err := puzzle.CutGrid(tile(8, 8), 0, 2); return err }, []string{"0 rows"}, false},
		{"grid of too many cells", func() error { _, _, err := puzzle.CutGrid(tile(8, 8), 1<<20, 1<<20); return err }, []string{"larger than"}, true},
		{"grid pieces under 2 pixels", func() error { _, _, err := puzzle.CutGrid(tile(8, 8), 1, 5); return err }, []string{"1×8", "at least 2"}, false},
		{"grid of a huge image", func() error { _, _, err := puzzle.CutGrid(hugeCanvas{}, 1, 1); return err }, []string{"more than"}, true},
		{"no strips", func() error { _, err := puzzle.FromStrips(nil); return err }, []string{"no strips"}, false},
		{"a nil strip", func() error { _, err := puzzle.FromStrips([]image.Image{tile(3, 9), nil}); return err }, []string{"strip 1 is nil"}, false},
		{"a one-pixel strip", func() error { _, err := puzzle.FromStrips([]image.Image{tile(1, 9)}); return err }, []string{"strip 0", "1×9"}, false},
		{"a huge strip", func() error { _, err := puzzle.FromStrips([]image.Image{hugeCanvas{}}); return err }, []string{"strip 0", "more than"}, true},
		{"too many large strips", func() error {
			var strips []image.Image
			for range 5 {
				strips = append(strips, largeStrip{})
			}
			_, err := puzzle.FromStrips(strips)
			return err
		}, []string{"strip 4", "collection of strips"}, true},
		{"mask of the wrong size", func() error { _, err := puzzle.Masked(tile(4, 9), tile(4, 8)); return err }, []string{"4×8", "4×9"}, false},
		{"mask missing", func() error { _, err := puzzle.Masked(tile(4, 9), nil); return err }, []string{"mask"}, false},
		{"mask of a huge image", func() error { _, err := puzzle.Masked(hugeCanvas{}, hugeCanvas{}); return err }, []string{"more than"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { badinput.Check(t, tc.call, tc.wantIn, tc.huge) })
	}
}

// FromStrips copies a JPEG's strips to the same pixels, every subsampling,
// as a conversion colour by colour gives.
func TestFromStripsYCbCr(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420} {
		y := image.NewYCbCr(image.Rect(3, 5, 60, 90), ratio)
		for i := range y.Y {
			y.Y[i] = uint8(rng.IntN(256))
		}
		for i := range y.Cb {
			y.Cb[i], y.Cr[i] = uint8(rng.IntN(256)), uint8(rng.IntN(256))
		}
		p, err := puzzle.FromStrips([]image.Image{y})
		if err != nil {
			t.Fatal(err)
		}
		got := p.Pieces[0].Image.(*image.NRGBA)
		b := y.Bounds()
		for py := range b.Dy() {
			for px := range b.Dx() {
				want := color.NRGBAModel.Convert(y.At(b.Min.X+px, b.Min.Y+py)).(color.NRGBA)
				if c := got.NRGBAAt(px, py); c != want {
					t.Fatalf("%v: pixel (%d, %d) is %v, want %v", ratio, px, py, c, want)
				}
			}
		}
	}
}
