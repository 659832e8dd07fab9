package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/baseline"
	"github.com/reassemble/jigsaw/solve/csp"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/sa"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// table4Methods are the thesis's six methods with its presets, in the
// order of its Table 4's columns, and the column of each (seed 000,
// L3592-3604): ms to a valid solution, NaN where it prints "not
// available".
var table4Methods = []struct {
	name   string
	column string
	new    func() solve.Solver
	thesis [9]float64
}{
	// ST and SS deal without end here: the thesis's stopafter of 40,000
	// (L6139) could not have given its 17-minute ST time for 2×3, so its
	// Table 2 runs must have raised it (the UI can, L12150).
	{"st", "ST", func() solve.Solver { return baseline.Random(baseline.WithAttempts(0)) },
		[9]float64{406, 1017250, nan, nan, nan, nan, nan, nan, nan}},
	{"ss", "SS", func() solve.Solver { return baseline.Structured(baseline.WithAttempts(0)) },
		[9]float64{1, 422, 1906, 10406, 149531, nan, nan, nan, nan}},
	{"ga", "GA", func() solve.Solver { return ga.New(ga.Thesis()) },
		[9]float64{1, 31, 141, 219, 1907, 9831, 53188, 111453, 2326281}},
	{"sa", "SA", func() solve.Solver { return sa.New(sa.Thesis()) },
		[9]float64{1, 15, 47, 63, 547, 1531, 3718, 3985, 70688}},
	{"tabu", "TS", func() solve.Solver { return tabu.New(tabu.Thesis()) },
		[9]float64{1, 1, 16, 16, 16, 297, 453, 672, 21297}},
	{"csp", "CS", func() solve.Solver { return csp.New(csp.Thesis()) },
		[9]float64{1, 1, 1, 1, 1, 1, 15, 15, 16}},
}

var nan = math.NaN()

// table4 runs each method -runs times on each thesis size, every run on a
// fresh unique-label puzzle (seeded by the run) with the method seeded the
// same, and reports the median and spread of the time and evaluations to
// a solved board. A run that reaches -timeout counts as unsolved; after
// one, the method skips its remaining runs at that size and the larger
// sizes, as the thesis's "not available" does, so that hopeless methods
// (ST beyond 2×3) cost one timeout, not many.
func table4(ctx context.Context, c config, emit func(record) error) error {
	runs := c.runs
	if runs <= 0 {
		runs = 20
	}
	for mi, m := range table4Methods {
		gaveUp := false
		for si, t := range thesisSizes {
			if !c.wanted(t.rows, t.cols) || gaveUp {
				continue
			}
			var secs, evals []float64
			solved, tried := 0, 0
			for run := range runs {
				seed := c.seed + uint64(run)
				rng := rand.New(rand.NewPCG(seed, uint64(t.rows<<16|t.cols)))
				p, truth, err := puzzle.GenerateUnique(t.rows, t.cols, rng)
				if err != nil {
					return err
				}
				if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
					return err
				}
				cctx, cancel := context.WithTimeout(ctx, c.timeout)
				start := time.Now()
				res, err := m.new().Solve(cctx, solve.Problem{Puzzle: p}, solve.WithSeed(seed))
				elapsed := time.Since(start)
				cancel()
				if err != nil {
					return fmt.Errorf("%s %s run %d: %w", size(t.rows, t.cols), m.name, run, err)
				}
				tried++
				if res.Cost != 0 {
					gaveUp = true
					break
				}
				solved++
				secs = append(secs, elapsed.Seconds())
				evals = append(evals, float64(max(res.Stats.Evaluations, res.Stats.Nodes)))
			}
			r := record{Size: size(t.rows, t.cols), Method: m.name, Runs: tried, Solutions: int64(solved)}
			if th := table4Methods[mi].thesis[si]; !math.IsNaN(th) {
				r.ThesisMS = &th
			}
			if solved == tried && solved > 0 {
				sort.Float64s(secs)
				sort.Float64s(evals)
				r.Seconds = stat.Quantile(0.5, stat.Empirical, secs, nil)
				r.Nodes = int64(stat.Quantile(0.5, stat.Empirical, evals, nil))
				lo, hi := secs[0], secs[len(secs)-1]
				r.MinSeconds, r.MaxSeconds = &lo, &hi
				r.Status = "solved"
			} else {
				// No median to report: a run did not solve, so seconds
				// stays 0 and the status says why.
				r.Status = fmt.Sprintf("%d of %d runs solved within %v", solved, tried, c.timeout)
			}
			if err := emit(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// printTable4 prints our median ms beside the thesis's per size and
// method, then whether the thesis's ordering CS < TS < SA < GA of median
// times holds at each size from 2×4 up.
func printTable4(w io.Writer, recs []record) {
	type cell struct {
		ours   string
		thesis string
		median float64
	}
	cells := map[[2]string]cell{}
	var sizes []string
	seen := map[string]bool{}
	for _, r := range recs {
		if !seen[r.Size] {
			seen[r.Size] = true
			sizes = append(sizes, r.Size)
		}
		c := cell{ours: "n/a", thesis: "n/a", median: math.Inf(1)}
		if r.Status == "solved" {
			c.ours = fmt.Sprintf("%.3g", 1000*r.Seconds)
			if r.MinSeconds != nil {
				c.ours += fmt.Sprintf(" (%.3g–%.3g)", 1000**r.MinSeconds, 1000**r.MaxSeconds)
			}
			c.median = r.Seconds
		}
		if r.ThesisMS != nil {
			c.thesis = fmt.Sprintf("%g", *r.ThesisMS)
		}
		cells[[2]string{r.Size, r.Method}] = c
	}
	sort.SliceStable(sizes, func(i, j int) bool { return sizeOrder(sizes[i]) < sizeOrder(sizes[j]) })
	fmt.Fprintln(w, "median ms to a solved board (min–max over the runs) | the thesis's ms")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "size\t")
	for _, m := range table4Methods {
		fmt.Fprintf(tw, "%s ours\t%s thesis\t", m.column, m.column)
	}
	fmt.Fprintln(tw)
	for _, s := range sizes {
		fmt.Fprintf(tw, "%s\t", s)
		for _, m := range table4Methods {
			c, ok := cells[[2]string{s, m.name}]
			if !ok {
				c = cell{ours: "-", thesis: "-"}
			}
			fmt.Fprintf(tw, "%s\t%s\t", c.ours, c.thesis)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	// The thesis's ordering, checked where every method has a median.
	for _, s := range sizes {
		if sizeOrder(s) < sizeOrder("2x4") {
			continue
		}
		order := []string{"csp", "tabu", "sa", "ga"}
		var parts []string
		holds, known := true, true
		for k, name := range order {
			c, ok := cells[[2]string{s, name}]
			if !ok || math.IsInf(c.median, 1) {
				known = false
				break
			}
			parts = append(parts, fmt.Sprintf("%s %.3g", name, 1000*c.median))
			if k > 0 && cells[[2]string{s, order[k-1]}].median >= c.median {
				holds = false
			}
		}
		switch {
		case !known:
			fmt.Fprintf(w, "%s: CS < TS < SA < GA not checked (a method has no median)\n", s)
		default:
			fmt.Fprintf(w, "%s: CS < TS < SA < GA %s (%s ms)\n", s, map[bool]string{true: "holds", false: "does not hold"}[holds], strings.Join(parts, ", "))
		}
	}
}

// sizeOrder ranks a size by its piece count, then its rows, as the thesis
// orders its tables.
func sizeOrder(s string) int {
	var r, c int
	fmt.Sscanf(s, "%dx%d", &r, &c)
	return r*c*100 + r
}
