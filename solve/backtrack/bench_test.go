package backtrack_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
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

// edgeMatching is an Eternity II style benchmark instance: few colours,
// a frame of its own colours, rotatable pieces.
type edgeMatching struct {
	name string
	load func(testing.TB) *puzzle.Puzzle
	// short lists the orders that run without -long.
	short []backtrack.Order
	// budget, when not 0, is the placements after which a search for
	// the first solution gives up: the instance is timed for its speed,
	// reported with solved = 0. MostConstrained gets an eighth of it,
	// being that much slower a placement.
	budget int64
	// general also times the general search's row scan, for the
	// speed-up.
	general bool
}

// generatedE2 returns a scrambled n × n puzzle with the given frame and
// inner colours, from seed 1.
func generatedE2(n, frame, inner int) func(testing.TB) *puzzle.Puzzle {
	return func(tb testing.TB) *puzzle.Puzzle {
		rng := rand.New(rand.NewPCG(1, 2))
		p, sol, err := puzzle.GenerateColours(n, n, frame, inner, rng)
		if err != nil {
			tb.Fatal(err)
		}
		p, _, err = puzzle.Scramble(p, sol, rng)
		if err != nil {
			tb.Fatal(err)
		}
		return p
	}
}

// sharedPinned returns a shared-data puzzle with piece 0 pinned in the
// top-left corner, as its known answers have it.
func sharedPinned(name string, brendan bool) func(testing.TB) *puzzle.Puzzle {
	return func(tb testing.TB) *puzzle.Puzzle {
		var p *puzzle.Puzzle
		if brendan {
			p = loadBrendan(tb, name)
		} else {
			p = loadE2(tb, name)
		}
		q, err := pinCorner(p, 0)
		if err != nil {
			tb.Fatal(err)
		}
		return q
	}
}

// BenchmarkEdgeMatching times the first solution and the full count of
// Eternity II style puzzles per cell order, reporting the placements
// (nodes), placements per second and whether the first solution was found
// within the budget. Generated puzzles use the colour counts of Brendan
// Owen's hardest sets (6×6: 3 frame and 5 inner colours; 7×7: 3 and 6;
// 8×8: 3 and 8); the shared data's instances run when present. A 7×7 or
// 8×8 board is out of reach for a count (a full row scan of set1_07x07 is
// 6.8·10^10 placements) and, at 8×8, for a first solution within minutes,
// so those are timed to a budget.
func BenchmarkEdgeMatching(b *testing.B) {
	rowScan := []backtrack.Order{backtrack.RowScan}
	first := []edgeMatching{
		{name: "gen-6x6", load: generatedE2(6, 3, 5), short: orders, general: true},
		{name: "gen-7x7", load: generatedE2(7, 3, 6), short: rowScan, budget: 2e9},
		{name: "gen-8x8", load: generatedE2(8, 3, 8), short: []backtrack.Order{backtrack.RowScan, backtrack.Spiral}, budget: 2e8},
		{name: "em_6x6", load: sharedPinned("generated/em_6x6_b3_i5_s1.json", false), short: orders, general: true},
		{name: "em_7x7", load: sharedPinned("generated/em_7x7_b3_i6_s1.json", false), budget: 2e9},
	}
	count := []edgeMatching{
		{name: "gen-6x6", load: generatedE2(6, 3, 5), short: rowScan, general: true},
		{name: "em_6x6", load: sharedPinned("generated/em_6x6_b3_i5_s1.json", false), short: rowScan, general: true},
		{name: "brendan_6x6", load: sharedPinned("brendan/set1_06x06.txt", true), short: rowScan, general: true},
	}
	for _, what := range []string{"first", "count"} {
		cases := first
		if what == "count" {
			cases = count
		}
		for _, c := range cases {
			for _, o := range orders {
				for _, general := range []bool{false, true} {
					if general && (!c.general || o != backtrack.RowScan) {
						continue
					}
					name := fmt.Sprintf("%s/%s/%v", what, c.name, o)
					opts := []backtrack.Option{backtrack.WithOrder(o)}
					if general {
						name += "/general"
						opts = append(opts, backtrack.WithGeneral())
					}
					b.Run(name, func(b *testing.B) {
						if !slices.Contains(c.short, o) && !*long {
							b.Skip("long case: run with -long")
						}
						var run solve.Options
						if c.budget > 0 {
							budget := c.budget
							if o == backtrack.MostConstrained {
								budget /= 8
							}
							run = append(run, solve.WithMaxIterations(budget))
						}
						benchEdgeMatching(b, what == "count", c.load(b), backtrack.New(opts...), run)
					})
				}
			}
		}
	}
}

// benchEdgeMatching times one case.
func benchEdgeMatching(b *testing.B, count bool, p *puzzle.Puzzle, s *backtrack.Solver, run solve.Options) {
	prob := solve.Problem{Puzzle: p}
	var nodes int64
	solved := 1.0
	for b.Loop() {
		if count {
			c, err := s.Count(context.Background(), prob, run)
			if err != nil || c.Status != solve.Exhausted {
				b.Fatalf("status %v, error %v", c.Status, err)
			}
			nodes = c.Stats.Nodes
			continue
		}
		res, err := s.Solve(context.Background(), prob, run)
		if err != nil {
			b.Fatal(err)
		}
		switch res.Status {
		case solve.Solved:
		case solve.IterationLimit:
			solved = 0
		default:
			b.Fatalf("status %v", res.Status)
		}
		nodes = res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	if !count {
		b.ReportMetric(solved, "solved")
	}
}
