package edge_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// smoothPicture is a w×h picture whose colours change smoothly, and
// differently in each channel, so that no two sides of its tiles look
// alike.
func smoothPicture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			img.SetRGBA(x, y, color.RGBA{
				R: uint8(30 + 150*fx + 40*fy*fy),
				G: uint8(60 + 120*fy + 50*fx*fx),
				B: uint8(200 - 90*fx*fy - 60*fy),
				A: 255,
			})
		}
	}
	return img
}

// Every measure finds where the left half of a picture continues: of all
// the sides of the right half, its left side fits best.
func Example_measures() {
	p, _, err := puzzle.Cut(smoothPicture(64, 32), 32)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Side s of piece i is profile 4*i+s.
	sides, err := edge.Profiles(p, edge.MinDepth)
	if err != nil {
		fmt.Println(err)
		return
	}
	right := 4*0 + int(puzzle.Right)
	for _, m := range []edge.Measure{edge.Euclidean(), edge.Pomeranz(), edge.Prediction(), edge.MGC(), edge.Thesis(edge.ThesisBlocks)} {
		d, err := m.Bind(sides)
		if err != nil {
			fmt.Println(err)
			return
		}
		best := 4 * 1
		for _, s := range puzzle.Sides {
			if j := 4*1 + int(s); d(right, j) < d(right, best) {
				best = j
			}
		}
		fmt.Printf("%-10s piece 0's right side meets piece 1's %v side\n", m.Name(), puzzle.Side(best%4))
	}
	// Output:
	// euclidean  piece 0's right side meets piece 1's left side
	// pomeranz   piece 0's right side meets piece 1's left side
	// prediction piece 0's right side meets piece 1's left side
	// mgc        piece 0's right side meets piece 1's left side
	// thesis4    piece 0's right side meets piece 1's left side
}

// ThesisLabels turns pixels into labels, so that a label solver can
// assemble a picture: the sides that meet share a label, and the sides on
// the rim of the picture are flat.
func ExampleThesisLabels() {
	p, truth, err := puzzle.Cut(smoothPicture(48, 48), 16)
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Rotatable = true
	q, err := edge.ThesisLabels(p, edge.Thesis(edge.ThesisBlocks))
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, piece := range q.Pieces {
		fmt.Printf("piece %d: top %2d right %2d bottom %2d left %2d\n", i, piece.Edges[puzzle.Top], piece.Edges[puzzle.Right], piece.Edges[puzzle.Bottom], piece.Edges[puzzle.Left])
	}
	l, err := edge.NewLabels(q)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("cost of the picture:", edge.Cost(l, truth))
	// Output:
	// piece 0: top  0 right  1 bottom  2 left  0
	// piece 1: top  0 right  3 bottom  4 left  1
	// piece 2: top  0 right  0 bottom  5 left  3
	// piece 3: top  2 right  6 bottom  7 left  0
	// piece 4: top  4 right  8 bottom  9 left  6
	// piece 5: top  5 right  0 bottom 10 left  8
	// piece 6: top  7 right 11 bottom  0 left  0
	// piece 7: top  9 right 12 bottom  0 left 11
	// piece 8: top 10 right  0 bottom  0 left 12
	// cost of the picture: 0
}
