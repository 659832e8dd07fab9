package tiling_test

import (
	"context"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// BenchmarkCount counts every solution of the pentomino boards of the
// issue's targets, with rotation and reflection: 3×20 (8), 4×15 (1,472),
// 5×12 (4,040), 6×10 (9,356), 8×8 less its centre 2×2 (520). The seed's
// backtracker runs on the rectangles other than 3×20 only with -long (a
// minute or more each).
func BenchmarkCount(b *testing.B) {
	boards := []struct {
		name  string
		board string
		want  int64
	}{
		{"3x20", rectangle(3, 20), 8},
		{"4x15", rectangle(4, 15), 1472},
		{"5x12", rectangle(5, 12), 4040},
		{"6x10", rectangle(6, 10), 9356},
		{"8x8-centre", centreHole, 520},
	}
	methods := []struct {
		name string
		s    *tiling.Solver
		slow bool
	}{
		{"exactcover", tiling.New(tiling.WithUnique(false)), false},
		{"exactcover-unique", tiling.New(), false},
		{"backtrack", tiling.New(tiling.WithMethod(tiling.Backtrack), tiling.WithUnique(false)), true},
	}
	for _, bd := range boards {
		p := pentominoPuzzle(b, bd.board)
		for _, m := range methods {
			b.Run(bd.name+"/"+m.name, func(b *testing.B) {
				if m.slow && !*long && bd.name != "3x20" && bd.name != "8x8-centre" {
					b.Skip("long: run with -long")
				}
				var res tiling.Result
				for b.Loop() {
					var err error
					res, err = m.s.Count(context.Background(), p, polyomino.Reflect)
					if err != nil {
						b.Fatal(err)
					}
				}
				if res.Solutions != bd.want || res.Status != solve.Exhausted {
					b.Fatalf("%d solutions (%v), want %d", res.Solutions, res.Status, bd.want)
				}
				b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
			})
		}
	}
}
