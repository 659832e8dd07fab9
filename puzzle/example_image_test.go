package puzzle_test

import (
	"fmt"
	"image"
	"log"

	"github.com/reassemble/jigsaw/puzzle"
)

// ExampleCut cuts a photograph into 28-pixel pieces. The 451×300 picture is
// not a whole number of pieces either way, so Cut keeps the centre 448×280
// pixels: 16 columns and 10 rows.
func ExampleCut() {
	img, err := puzzle.LoadImage("../testdata/chelsea.png")
	if err != nil {
		log.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, 28)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("photograph:", img.Bounds().Dx(), "×", img.Bounds().Dy())
	fmt.Println("rows:", p.Rows, "cols:", p.Cols, "pieces:", len(p.Pieces))
	fmt.Println("piece:", p.Pieces[0].Image.Bounds())
	fmt.Println("truth drawn:", puzzle.Render(p, truth).Bounds())
	// Output:
	// photograph: 451 × 300
	// rows: 10 cols: 16 pieces: 160
	// piece: (0,0)-(28,28)
	// truth drawn: (0,0)-(448,280)
}

// ExampleFromFragments builds a puzzle from three pieces photographed one by
// one, for a 2×2 board: the fourth piece is lost, so one cell stays empty.
// The fragments keep whatever bounds their photographs had; the pieces'
// tiles start at (0,0).
func ExampleFromFragments() {
	fragments := []image.Image{
		image.NewRGBA(image.Rect(0, 0, 32, 32)),
		image.NewNRGBA(image.Rect(100, 40, 132, 72)),
		image.NewGray(image.Rect(-16, -16, 16, 16)),
	}
	p, err := puzzle.FromFragments(fragments, 2, 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("pieces:", len(p.Pieces), "missing:", p.Missing())
	fmt.Println("piece 1:", p.Pieces[1].Image.Bounds())

	fragments[2] = image.NewGray(image.Rect(0, 0, 30, 30))
	_, err = puzzle.FromFragments(fragments, 2, 2)
	fmt.Println(err)
	// Output:
	// pieces: 3 missing: 1
	// piece 1: (0,0)-(32,32)
	// puzzle: fragment 2 is 30×30 pixels but fragment 0 is 32×32: all fragments must be the same size
}

// ContentOrder numbers pictures by their pixels: read in either order,
// the same three scans come out in one order.
func ExampleContentOrder() {
	scan := func(v uint8) image.Image {
		g := image.NewGray(image.Rect(0, 0, 4, 4))
		for i := range g.Pix {
			g.Pix[i] = v + uint8(i)
		}
		return g
	}
	a, b, c := scan(10), scan(20), scan(30)
	inOrder := func(pics ...image.Image) []image.Image {
		order, err := puzzle.ContentOrder(pics)
		if err != nil {
			log.Fatal(err)
		}
		out := make([]image.Image, len(order))
		for k, i := range order {
			out[k] = pics[i]
		}
		return out
	}
	x, y := inOrder(a, b, c), inOrder(c, a, b)
	fmt.Println(x[0] == y[0] && x[1] == y[1] && x[2] == y[2])
	// Output: true
}
