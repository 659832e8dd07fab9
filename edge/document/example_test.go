package document_test

import (
	"context"
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/edge/document"
	"github.com/reassemble/jigsaw/internal/textpage"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/strips"
)

// Example_shreddedPage re-assembles a page of text that a shredder cut
// into strips with torn edges, scanned one by one, some upside down, and
// shuffled: the document table prices every join, the strip solver orders
// the strips exactly, and the page's text says which way up it reads.
func Example_shreddedPage() {
	rng := rand.New(rand.NewPCG(7, 7))
	page, err := textpage.Render(textpage.Layout{Width: 1000, Height: 2400, Font: "mono", Size: 40, Leading: 1.4, Margin: 60, Top: 60}, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	shredder := textpage.Shredder{Width: 85, Jitter: 2, Lost: 1, Torn: 2, Ragged: 1, Background: 245}
	ss, err := shredder.Shred(page, textpage.Scan{Blur: 0.7, Ink: 30, Paper: 240, Noise: 2, Quality: 90}, true, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Shuffle the strips; remember where each came from.
	perm := rng.Perm(len(ss))
	imgs := make([]image.Image, len(ss))
	for k, i := range perm {
		imgs[k] = ss[i].Image
	}
	p, err := puzzle.FromStrips(imgs)
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Rotatable, p.HalfTurns = true, true
	tab, err := document.NewTable(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := strips.New().Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: tab})
	if err != nil {
		fmt.Println(err)
		return
	}
	row := res.Board.Cells
	// Turn the whole row if its strips, as they lie, read upside down.
	var up float64
	for _, pl := range row {
		e := tab.Upright(int(pl.Piece))
		if pl.Rotation == 2 {
			e = -e
		}
		up += e
	}
	if up < 0 {
		row = res.Board.Turn(2).Cells
	}
	right := 0
	for k := 1; k < len(row); k++ {
		a, b := perm[row[k-1].Piece], perm[row[k].Piece]
		// A strip scanned upside down lies upright when it is turned.
		upright := func(pl puzzle.Placement, i int) bool { return (pl.Rotation == 2) == ss[i].Turned }
		if b == a+1 && upright(row[k-1], a) && upright(row[k], b) {
			right++
		}
	}
	fmt.Printf("%d strips, torn %d px deep: %d of %d joins right\n", len(ss), tab.Depth(), right, len(ss)-1)
	// Output:
	// 12 strips, torn 3 px deep: 11 of 11 joins right
}
