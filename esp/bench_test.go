package esp_test

import (
	"context"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// solveAll solves each puzzle once with a fresh ESP+FBF solver and fails
// the benchmark on any unsolved run.
func solveAll(b *testing.B, ps []*puzzle.Puzzle, opts ...esp.Option) {
	for _, p := range ps {
		res, err := esp.New(opts...).Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil || res.Status != solve.Solved {
			b.Fatalf("not solved: %v %v", err, res.Status)
		}
	}
}

// BenchmarkESP measures ESP+FBF on the thesis's 10×15 unique-label puzzle
// (seed 000, chapter 4). Targets: a mean of at most 50 ms over the 150
// single-hole positions, at most 50 ms for two holes, under 1 s for every
// layout of MultiLayouts. ms/position reports the mean per puzzle. The
// multi-mirror cases read turned pieces without orienting them
// (WithOrientation(false)), for comparison.
func BenchmarkESP(b *testing.B) {
	run := func(b *testing.B, ps []*puzzle.Puzzle, opts ...esp.Option) {
		start := time.Now()
		n := 0
		for b.Loop() {
			solveAll(b, ps, opts...)
			n += len(ps)
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/1e3/float64(n), "ms/position")
	}
	b.Run("one-hole-all-150", func(b *testing.B) {
		var ps []*puzzle.Puzzle
		for r := range 10 {
			for c := range 15 {
				p, _ := thesisPuzzle(b, 31, false, puzzle.Cell{Row: r, Col: c})
				ps = append(ps, p)
			}
		}
		run(b, ps)
	})
	b.Run("two-holes", func(b *testing.B) {
		p, _ := thesisPuzzle(b, 31, false, puzzle.Cell{Row: 4, Col: 6}, puzzle.Cell{Row: 7, Col: 11})
		run(b, []*puzzle.Puzzle{p})
	})
	for _, l := range esp.MultiLayouts() {
		b.Run("multi/"+l.Name, func(b *testing.B) {
			p, _ := thesisPuzzle(b, 31, false, l.Holes...)
			run(b, []*puzzle.Puzzle{p})
		})
	}
	for _, l := range esp.MultiLayouts() {
		b.Run("multi-mirror/"+l.Name, func(b *testing.B) {
			p, _ := thesisPuzzle(b, 31, false, l.Holes...)
			run(b, []*puzzle.Puzzle{p}, esp.WithOrientation(false))
		})
	}
}
