package puzzle_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/reassemble/jigsaw/puzzle"
)

// Example_shreddedPage cuts a page into strips, as a strip-cut shredder
// does, and builds the one-row puzzle of strips scanned one by one: strips
// of unequal heights, one of them on a dark backing with its mask, turning
// 0 or 180° only.
func Example_shreddedPage() {
	page := image.NewGray(image.Rect(0, 0, 40, 60))
	p, truth, err := puzzle.CutGrid(page, 1, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Rows, "row of", p.Cols, "strips of", p.Pieces[0].Image.Bounds().Size(), "truth", truth.Cells[3])

	scan := image.NewGray(image.Rect(0, 0, 7, 62)) // a strip on a dark backing
	mask := image.NewGray(image.Rect(0, 0, 7, 62))
	for y := range 62 {
		for x := 1; x < 6; x++ {
			mask.SetGray(x, y, color.Gray{Y: 255}) // paper
		}
	}
	masked, err := puzzle.Masked(scan, mask)
	if err != nil {
		fmt.Println(err)
		return
	}
	strips, err := puzzle.FromStrips([]image.Image{p.Pieces[0].Image, masked})
	if err != nil {
		fmt.Println(err)
		return
	}
	strips.Rotatable, strips.HalfTurns = true, true
	fmt.Println(len(strips.Pieces), "strips, turns", strips.Turns())
	// Output:
	// 1 row of 8 strips of (5,60) truth 3/0
	// 2 strips, turns [0° 180°]
}
