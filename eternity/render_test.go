package eternity_test

import (
	"bytes"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

func TestRender(t *testing.T) {
	p, b, err := eternity.ReadColourBoard(strings.NewReader(seedFigure14))
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	img := eternity.Render(p, b, n)
	if got := img.Bounds().Size(); got.X != 3*n || got.Y != 3*n {
		t.Fatalf("image is %v, want %d×%d", got, 3*n, 3*n)
	}
	// Pixels a little inside the middle of a side show that side's
	// colour: the top-left piece is grey on top, colour 1 on its right.
	mid := func(row, col int, s puzzle.Side) color.RGBA {
		x, y := col*n+n/2, row*n+n/2
		dr, dc := s.Step()
		return img.RGBAAt(x+dc*(n/2-n/8), y+dr*(n/2-n/8))
	}
	grey := mid(0, 0, puzzle.Top)
	if grey.R != grey.G || grey.G != grey.B {
		t.Errorf("a grey side is drawn %v", grey)
	}
	if mid(0, 0, puzzle.Right) == grey {
		t.Errorf("colour 1 is drawn grey")
	}
	// Matching sides look alike across the join; different colours do not.
	if mid(0, 0, puzzle.Right) != mid(0, 1, puzzle.Left) {
		t.Errorf("the two sides of a matched join differ: %v and %v", mid(0, 0, puzzle.Right), mid(0, 1, puzzle.Left))
	}
	if mid(0, 0, puzzle.Right) == mid(0, 0, puzzle.Bottom) {
		t.Errorf("colours 1 and 3 are drawn alike")
	}
	// A broken join is marked red at the middle of the side.
	turned := b.Clone()
	turned.Cells[4].Rotation = 1
	bad := eternity.Render(p, turned, n)
	if c := bad.RGBAAt(n+n/2, n+2); c.R < 200 || c.G > 50 {
		t.Errorf("a broken join is drawn %v, want red", c)
	}
	if c := img.RGBAAt(n+n/2, n+2); c.R > 200 && c.G < 50 {
		t.Errorf("a matched join is drawn red")
	}
	var buf bytes.Buffer
	if err := eternity.WritePNG(&buf, p, b, 0); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := dec.Bounds().Dx(); got != 3*eternity.DefaultCellPixels {
		t.Errorf("PNG is %d wide, want %d", got, 3*eternity.DefaultCellPixels)
	}
	if err := eternity.WritePNG(&buf, nil, b, 0); err == nil {
		t.Errorf("WritePNG of a nil puzzle: no error")
	}
}

func TestRenderDistinctColours(t *testing.T) {
	// 22 colours and grey, as on the official board: every colour's
	// triangle must look different from every other's.
	pieces := make([]puzzle.Piece, 23)
	b := puzzle.NewBoard(1, 23)
	for i := range pieces {
		pieces[i] = puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{puzzle.Label(i), puzzle.Label(i), puzzle.Label(i), puzzle.Label(i)}}
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	p := &puzzle.Puzzle{Rows: 1, Cols: 23, Pieces: pieces, Rule: puzzle.Equal, Rotatable: true}
	const n = 32
	img := eternity.Render(p, b, n)
	seen := map[string]int{}
	for i := range pieces {
		var sig strings.Builder
		for y := 2; y < n/2; y++ {
			for x := 2; x < n-2; x++ {
				c := img.RGBAAt(i*n+x, y)
				sig.WriteString(string([]byte{c.R, c.G, c.B}))
			}
		}
		if j, dup := seen[sig.String()]; dup {
			t.Errorf("colours %d and %d are drawn alike", j, i)
		}
		seen[sig.String()] = i
	}
}
