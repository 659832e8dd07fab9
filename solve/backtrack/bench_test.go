package backtrack_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

var long = flag.Bool("long", false, "run the long benchmark cases")

// BenchmarkSolve times a first solution on scrambled generated puzzles with
// rotatable pieces: tab/blank shapes with ceil(N/6) shape pairs (seed 004's
// rule) and the thesis's unique labels.
func BenchmarkSolve(b *testing.B) {
	cases := []struct {
		kind       string
		rows, cols int
		long       bool
	}{
		{"shapes", 12, 16, false},
		{"shapes", 20, 20, false},
		{"unique", 20, 20, false},
		{"unique", 50, 50, false},
		{"shapes", 50, 50, true},
		{"unique", 100, 100, true},
	}
	for _, c := range cases {
		for _, o := range orders {
			name := fmt.Sprintf("%s-%dx%d/%v", c.kind, c.rows, c.cols, o)
			b.Run(name, func(b *testing.B) {
				if c.long && !*long {
					b.Skip("long case: run with -long")
				}
				p, _ := scrambled(b, c.kind, c.rows, c.cols, 1)
				s := backtrack.New(backtrack.WithOrder(o))
				var nodes int64
				for b.Loop() {
					res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p})
					if err != nil || res.Status != solve.Solved {
						b.Fatalf("status %v err %v", res.Status, err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}
