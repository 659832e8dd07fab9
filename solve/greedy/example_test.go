package greedy_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// Example re-assembles a picture cut into 108 pieces, shuffled and turned.
// The pieces carry pictures, so a nil scorer prices joins by the default
// pixel measure, and the placer needs no hint of where the picture starts
// or which way up it is.
func Example() {
	// A picture of smooth gradients: every join is recognisable.
	const w, h = 8 * 12, 8 * 9 // 12×9 pieces of 8×8 pixels
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x*x + 3*y*y) % 256), 255})
		}
	}
	p, truth, err := puzzle.Cut(img, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Rotatable = true
	p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := greedy.New().Solve(context.Background(), solve.Problem{Puzzle: p})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(p.Pieces), "pieces:", res.Status, "perfect:", puzzle.Perfect(truth, res.Board))
	// Output:
	// 108 pieces: done perfect: true
}
