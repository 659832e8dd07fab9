package greedy_test

import (
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"math/rand/v2"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

var long = flag.Bool("long", false, "run the long benchmark cases (2,360, 3,300 and 10,000 pieces)")

// upscale enlarges img by bilinear interpolation to w×h pixels: a stand-in
// for a large photograph when only small test photographs ship.
func upscale(img image.Image, w, h int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		fy := (float64(y)+0.5)*float64(b.Dy())/float64(h) - 0.5
		y0 := min(max(int(fy), 0), b.Dy()-1)
		y1 := min(y0+1, b.Dy()-1)
		ty := min(max(fy-float64(y0), 0), 1)
		for x := range w {
			fx := (float64(x)+0.5)*float64(b.Dx())/float64(w) - 0.5
			x0 := min(max(int(fx), 0), b.Dx()-1)
			x1 := min(x0+1, b.Dx()-1)
			tx := min(max(fx-float64(x0), 0), 1)
			var c [3]float64
			for k, q := range []struct {
				x, y int
				w    float64
			}{{x0, y0, (1 - tx) * (1 - ty)}, {x1, y0, tx * (1 - ty)}, {x0, y1, (1 - tx) * ty}, {x1, y1, tx * ty}} {
				_ = k
				r, g, bl, _ := img.At(b.Min.X+q.x, b.Min.Y+q.y).RGBA()
				c[0] += q.w * float64(r>>8)
				c[1] += q.w * float64(g>>8)
				c[2] += q.w * float64(bl>>8)
			}
			out.SetRGBA(x, y, color.RGBA{uint8(c[0] + 0.5), uint8(c[1] + 0.5), uint8(c[2] + 0.5), 255})
		}
	}
	return out
}

// BenchmarkGreedy times a whole re-assembly, the compatibility table
// included, and reports its accuracy.
func BenchmarkGreedy(b *testing.B) {
	astronaut, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "astronaut.png"))
	if err != nil {
		b.Skip("testdata photographs missing:", err)
	}
	coffee, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "coffee.png"))
	if err != nil {
		b.Skip("testdata photographs missing:", err)
	}
	cases := []struct {
		name   string
		img    func() image.Image
		sparse bool
		long   bool
	}{
		{"coffee-294", func() image.Image { return coffee }, false, false},
		// 32×32 pieces of 28 px: the astronaut enlarged to 896 px.
		{"astronaut-1024", func() image.Image { return upscale(astronaut, 896, 896) }, false, false},
		// The sizes of the field's large sets: 40×59 and 55×60 pieces.
		{"astronaut-2360", func() image.Image { return upscale(astronaut, 59*28, 40*28) }, false, true},
		{"astronaut-3300", func() image.Image { return upscale(astronaut, 60*28, 55*28) }, false, true},
		// 100×100 pieces: the astronaut enlarged to 2800 px, priced
		// sparsely (a dense table would need 0.8 GB, or 3.2 GB turned).
		{"astronaut-10000", func() image.Image { return upscale(astronaut, 2800, 2800) }, true, true},
	}
	// MGC, and MGC on the log scale (the jigsaw example's default), whose
	// costs the solver converts for its compatibilities.
	measures := []edge.Measure{edge.MGC(), edge.Log(edge.MGC())}
	for _, c := range cases {
		for _, rot := range []bool{false, true} {
			for _, m := range measures {
				b.Run(fmt.Sprintf("%s/rotate=%v/%s", c.name, rot, m.Name()), func(b *testing.B) {
					if c.long && !*long {
						b.Skip("long case: run with -long")
					}
					p, truth, err := puzzle.Cut(c.img(), 28)
					if err != nil {
						b.Fatal(err)
					}
					p.Rotatable = rot
					p, truth, _ = puzzle.Scramble(p, truth, rand.New(rand.NewPCG(1, 1)))
					var res *solve.Result
					b.ReportAllocs()
					for b.Loop() {
						var sc edge.Compatibility
						if c.sparse {
							sc, err = edge.NewSparse(context.Background(), p, m, edge.DefaultK, 0)
						} else {
							sc, err = edge.NewTable(context.Background(), p, m, 0)
						}
						if err != nil {
							b.Fatal(err)
						}
						if res, err = greedy.New().Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: sc}); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(puzzle.DirectComparison(truth, res.Board), "direct")
					b.ReportMetric(puzzle.NeighbourComparison(truth, res.Board), "neighbour")
				})
			}
		}
	}
}
