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

// ExampleWithEvolution re-assembles the astronaut photograph, 324 pieces
// of 28 pixels, whose dark background misleads the placer: short GA runs
// after it find a cheaper, truer board. The seed decides the GA runs, and
// the result replays for it whatever the number of workers.
func ExampleWithEvolution() {
	img, err := puzzle.LoadImage("../../testdata/astronaut.png")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, truth, err := puzzle.Cut(img, 28)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, truth, err = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 4)))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, runs := range []int{0, 2} {
		res, err := greedy.New(greedy.WithEvolution(runs)).Solve(context.Background(), solve.Problem{Puzzle: p},
			solve.WithSeed(1), solve.WithWorkers(2))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d GA runs at most: neighbour %.3f\n", runs, puzzle.NeighbourComparison(truth, res.Board))
	}
	// Output:
	// 0 GA runs at most: neighbour 0.946
	// 2 GA runs at most: neighbour 0.969
}
