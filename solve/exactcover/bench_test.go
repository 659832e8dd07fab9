package exactcover

import (
	"context"
	"testing"

	"github.com/reassemble/jigsaw/solve"
)

// BenchmarkPentominoes counts every packing of the twelve pentominoes into
// each box of pentominoCases, on each engine, and reports the solutions,
// nodes and updates of one count (the same on both engines; Knuth's DLX1
// on the same .dlx input reports the same updates and nodes + solutions
// nodes).
func BenchmarkPentominoes(b *testing.B) {
	for _, tc := range pentominoCases {
		p := pentominoProblem(tc.rows, tc.cols, tc.holes...)
		for _, eng := range engines {
			b.Run(tc.name+"/"+eng.String(), func(b *testing.B) {
				s := New(WithEngine(eng))
				var c Count
				for b.Loop() {
					var err error
					c, err = s.Count(context.Background(), p)
					if err != nil || c.Status != solve.Exhausted || c.Solutions != tc.solutions {
						b.Fatalf("Count = %+v, %v; want %d solutions", c, err, tc.solutions)
					}
				}
				b.ReportMetric(float64(c.Solutions), "solutions")
				b.ReportMetric(float64(c.Stats.Nodes), "nodes")
				b.ReportMetric(float64(c.Stats.Updates), "updates")
			})
		}
	}
}
