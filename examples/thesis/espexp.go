package main

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// ExperimentConfig sets up RunExperiment.
type ExperimentConfig struct {
	// Seed seeds the puzzle generator. Default: 0, a fixed puzzle.
	Seed uint64
	// Limit bounds each run of the wildcard and of FBF (one position of
	// esp1, the pair of esp2); a run that reaches it counts as unsolved.
	// 0 means no limit. Default: 0.
	Limit time.Duration
	// Positions bounds the positions esp1 visits, in row-major order, for
	// a quick look; 0 means all 150. Default: 0.
	Positions int
}

// ExperimentRow is one line of an experiment's results: one method on one
// set-up. The JSON fields are the summary; Seconds and Solved per position
// feed the per-position table and the heat map.
type ExperimentRow struct {
	Experiment string `json:"experiment"`
	Size       string `json:"size"`
	Method     string `json:"method"`
	// Layout names the hole layout of espmulti and espsimilar.
	Layout string `json:"layout,omitempty"`
	// Positions counts the runs summarised: the hole positions of esp1,
	// one otherwise.
	Positions   int     `json:"positions"`
	MeanSeconds float64 `json:"mean_seconds"`
	MinSeconds  float64 `json:"min_seconds"`
	MaxSeconds  float64 `json:"max_seconds"`
	// Solved counts the runs that returned a verified solution.
	Solved int `json:"solved"`
	// Holes are the empty cells of a single set-up.
	Holes []puzzle.Cell `json:"holes,omitempty"`
	// Candidates is the number of cells ESP predicted (mean for esp1).
	Candidates float64 `json:"candidates,omitempty"`
	// Predicted says every hole was among the candidates.
	Predicted *bool `json:"predicted,omitempty"`
	// Layouts is the number of hole layouts FBF tried (mean for esp1).
	Layouts float64 `json:"layouts,omitempty"`
	// ThesisSeconds is the thesis's figure for the same experiment, or 0.
	ThesisSeconds float64 `json:"thesis_seconds,omitempty"`

	// Seconds holds each run's time; for esp1, indexed by the hole's
	// cell, row-major, NaN for positions not visited.
	Seconds []float64 `json:"-"`
	// SolvedAt says, like Seconds, which runs solved.
	SolvedAt []bool `json:"-"`
}

// Experiments lists the experiments RunExperiment knows.
func Experiments() []string { return []string{"esp1", "esp2", "espmulti", "espsimilar"} }

// methods are the three approaches, by the names the rows carry.
var methods = []struct {
	name string
	new  func() solve.Solver
	// limited says the method runs under ExperimentConfig.Limit.
	limited bool
}{
	{"wildcard", func() solve.Solver { return esp.NewWildcard() }, true},
	{"fbf", func() solve.Solver { return esp.NewFBF() }, true},
	{"esp", func() solve.Solver { return esp.New() }, false},
}

// RunExperiment runs one of the thesis's chapter 4 experiments on
// generated puzzles of unique labels (puzzle.GenerateUnique, scrambled):
//
//   - esp1: one missing piece at every one of the 150 positions of a
//     10 × 15 puzzle, for the wildcard, FBF and ESP+FBF (Tables 5-7);
//   - esp2: two missing pieces, one pair, for the three methods;
//   - espmulti: ESP+FBF on 2 to 5 missing pieces in layouts covering the
//     thesis's classes (Table 8);
//   - espsimilar: duplicate labels that mislead the plain count, against
//     the extended count (Figs. 27-28).
//
// It writes a line of progress per run to progress (nil for none) and
// returns one row per method and set-up. Every board is checked by Verify;
// a run that ends unsolved or unverified counts as not solved. The context
// ends the experiment early with its error.
func RunExperiment(ctx context.Context, name string, cfg ExperimentConfig, progress io.Writer) ([]ExperimentRow, error) {
	if progress == nil {
		progress = io.Discard
	}
	switch name {
	case "esp1":
		return esp1(ctx, cfg, progress)
	case "esp2":
		return esp2(ctx, cfg, progress)
	case "espmulti":
		return espMulti(ctx, cfg, progress)
	case "espsimilar":
		return espSimilar(ctx, cfg, progress)
	}
	return nil, fmt.Errorf("esp: unknown experiment %q; known: %s", name, strings.Join(Experiments(), ", "))
}

// thesisBoard returns the scrambled 10 × 15 puzzle of unique labels and
// its solution.
func thesisBoard(seed uint64) (*puzzle.Puzzle, *puzzle.Board, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	p, sol, err := puzzle.GenerateUnique(thesisRows, thesisCols, rng)
	if err != nil {
		return nil, nil, err
	}
	return puzzle.Scramble(p, sol, rng)
}

// runOne solves p with sv under limit and reports the time, whether the
// board was verified, and the layouts tried.
func runOne(ctx context.Context, sv solve.Solver, p *puzzle.Puzzle, limit time.Duration) (secs float64, ok bool, layouts int64, err error) {
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if limit > 0 {
		rctx, cancel = context.WithTimeout(ctx, limit)
	}
	defer cancel()
	res, err := sv.Solve(rctx, solve.Problem{Puzzle: p})
	if err != nil {
		return 0, false, 0, err
	}
	if ctx.Err() != nil {
		return 0, false, 0, ctx.Err()
	}
	ok = res.Status == solve.Solved && esp.Verify(p, res.Board) == nil
	return res.Stats.Runtime.Seconds(), ok, res.Stats.Restarts, nil
}

// summarise fills a row's mean, min, max and solved count from its runs.
func summarise(r *ExperimentRow) {
	r.MinSeconds, r.MaxSeconds = math.Inf(1), math.Inf(-1)
	var sum float64
	r.Positions, r.Solved = 0, 0
	for i, s := range r.Seconds {
		if math.IsNaN(s) {
			continue
		}
		r.Positions++
		sum += s
		r.MinSeconds = min(r.MinSeconds, s)
		r.MaxSeconds = max(r.MaxSeconds, s)
		if r.SolvedAt[i] {
			r.Solved++
		}
	}
	if r.Positions == 0 {
		r.MinSeconds, r.MaxSeconds = 0, 0
		return
	}
	r.MeanSeconds = sum / float64(r.Positions)
}

// esp1 is Tables 5-7: one hole at every position.
func esp1(ctx context.Context, cfg ExperimentConfig, w io.Writer) ([]ExperimentRow, error) {
	p, sol, err := thesisBoard(cfg.Seed)
	if err != nil {
		return nil, err
	}
	cells := p.Cells()
	n := cells
	if cfg.Positions > 0 {
		n = min(n, cfg.Positions)
	}
	// Thesis means (seed 000, L3982, L4070, L4499): ms → s.
	thesis := map[string]float64{"wildcard": 248.172, "fbf": 11.236, "esp": 0.550}
	var rows []ExperimentRow
	for _, m := range methods {
		r := ExperimentRow{Experiment: "esp1", Size: size(p.Rows, p.Cols), Method: m.name, ThesisSeconds: thesis[m.name],
			Seconds: make([]float64, cells), SolvedAt: make([]bool, cells)}
		var layouts, cands float64
		for i := range r.Seconds {
			r.Seconds[i] = math.NaN()
		}
		limit := time.Duration(0)
		if m.limited {
			limit = cfg.Limit
		}
		for i := range n {
			hole := sol.CellAt(i)
			q, _, err := esp.Remove(p, sol, hole)
			if err != nil {
				return nil, err
			}
			secs, ok, lay, err := runOne(ctx, m.new(), q, limit)
			if err != nil {
				return nil, err
			}
			r.Seconds[i], r.SolvedAt[i] = secs, ok
			layouts += float64(lay)
			if m.name == "esp" {
				pred, err := esp.Predict(q)
				if err != nil {
					return nil, err
				}
				cands += float64(len(pred.Candidates))
			}
			fmt.Fprintf(w, "esp1 %s hole %v: %.3f ms solved=%v layouts=%d\n", m.name, hole, secs*1e3, ok, lay)
		}
		summarise(&r)
		r.Layouts = layouts / float64(n)
		r.Candidates = cands / float64(n)
		rows = append(rows, r)
	}
	return rows, nil
}

// esp2 is the thesis's two-hole case: one pair, every method.
func esp2(ctx context.Context, cfg ExperimentConfig, w io.Writer) ([]ExperimentRow, error) {
	p, sol, err := thesisBoard(cfg.Seed)
	if err != nil {
		return nil, err
	}
	// The thesis's pair (Figs. 22, 24) is not in its text; this one lies
	// in distinct rows and columns, as its figures suggest, and late
	// enough in row-major order that FBF tries thousands of layouts.
	holes := []puzzle.Cell{{Row: 4, Col: 6}, {Row: 7, Col: 11}}
	q, _, err := esp.Remove(p, sol, holes...)
	if err != nil {
		return nil, err
	}
	// Thesis figures (seed 000, L4040, L4141, Table 8 intro): ms → s.
	thesis := map[string]float64{"wildcard": 5520.087, "fbf": 2845.516, "esp": 1.5}
	var rows []ExperimentRow
	for _, m := range methods {
		limit := time.Duration(0)
		if m.limited {
			limit = cfg.Limit
		}
		secs, ok, lay, err := runOne(ctx, m.new(), q, limit)
		if err != nil {
			return nil, err
		}
		r := ExperimentRow{Experiment: "esp2", Size: size(p.Rows, p.Cols), Method: m.name, Holes: holes,
			Seconds: []float64{secs}, SolvedAt: []bool{ok}, Layouts: float64(lay), ThesisSeconds: thesis[m.name]}
		if m.name == "esp" {
			pred, err := esp.Predict(q)
			if err != nil {
				return nil, err
			}
			r.Candidates = float64(len(pred.Candidates))
			r.Predicted = predicted(pred, holes)
		}
		summarise(&r)
		fmt.Fprintf(w, "esp2 %s holes %v: %.3f ms solved=%v layouts=%d\n", m.name, holes, secs*1e3, ok, lay)
		rows = append(rows, r)
	}
	return rows, nil
}

func predicted(pred *esp.Prediction, holes []puzzle.Cell) *bool {
	all := true
	for _, h := range holes {
		all = all && pred.Contains(h)
	}
	return &all
}

// espMulti is Table 8: ESP+FBF on the layouts of MultiLayouts.
func espMulti(ctx context.Context, cfg ExperimentConfig, w io.Writer) ([]ExperimentRow, error) {
	p, sol, err := thesisBoard(cfg.Seed)
	if err != nil {
		return nil, err
	}
	var rows []ExperimentRow
	for _, l := range esp.MultiLayouts() {
		q, _, err := esp.Remove(p, sol, l.Holes...)
		if err != nil {
			return nil, err
		}
		secs, ok, lay, err := runOne(ctx, esp.New(), q, 0)
		if err != nil {
			return nil, err
		}
		pred, err := esp.Predict(q)
		if err != nil {
			return nil, err
		}
		r := ExperimentRow{Experiment: "espmulti", Size: size(p.Rows, p.Cols), Method: "esp", Layout: l.Name, Holes: l.Holes,
			Seconds: []float64{secs}, SolvedAt: []bool{ok}, Layouts: float64(lay),
			Candidates: float64(len(pred.Candidates)), Predicted: predicted(pred, l.Holes)}
		summarise(&r)
		fmt.Fprintf(w, "espmulti %s (%s, %d holes): %.3f ms solved=%v candidates=%d layouts=%d\n", l.Name, l.Class, len(l.Holes), secs*1e3, ok, len(pred.Candidates), lay)
		rows = append(rows, r)
	}
	return rows, nil
}

// espSimilar compares the plain and the extended count on SimilarPuzzle.
func espSimilar(ctx context.Context, cfg ExperimentConfig, w io.Writer) ([]ExperimentRow, error) {
	p, _, hole, err := esp.SimilarPuzzle(rand.New(rand.NewPCG(cfg.Seed, 0x5eed)))
	if err != nil {
		return nil, err
	}
	var rows []ExperimentRow
	for _, ext := range []bool{false, true} {
		name := "esp-plain"
		if ext {
			name = "esp-extended"
		}
		pred, err := esp.Predict(p, esp.WithExtendedCount(ext))
		if err != nil {
			return nil, err
		}
		secs, ok, lay, err := runOne(ctx, esp.New(esp.WithExtendedCount(ext)), p, 0)
		if err != nil {
			return nil, err
		}
		r := ExperimentRow{Experiment: "espsimilar", Size: size(p.Rows, p.Cols), Method: name, Layout: "similar-1",
			Holes: []puzzle.Cell{hole}, Seconds: []float64{secs}, SolvedAt: []bool{ok}, Layouts: float64(lay),
			Candidates: float64(len(pred.Candidates)), Predicted: predicted(pred, []puzzle.Cell{hole})}
		summarise(&r)
		fmt.Fprintf(w, "espsimilar %s: candidates %v (hole %v predicted=%v), %.3f ms solved=%v layouts=%d\n",
			name, pred.Cells(), hole, *r.Predicted, secs*1e3, ok, lay)
		rows = append(rows, r)
	}
	return rows, nil
}

// Table formats an esp1 row's per-position times in milliseconds as the
// thesis's Tables 5-7 do: one line per column of the board, one entry per
// row, "-" for a position not visited and a trailing "*" for a run that
// did not solve.
func (r ExperimentRow) Table(rows, cols int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-7s", "")
	for y := range rows {
		fmt.Fprintf(&b, " %9s", fmt.Sprintf("Row %d", y+1))
	}
	b.WriteByte('\n')
	for x := range cols {
		fmt.Fprintf(&b, "%-7s", fmt.Sprintf("Col %d", x+1))
		for y := range rows {
			i := y*cols + x
			if i >= len(r.Seconds) || math.IsNaN(r.Seconds[i]) {
				fmt.Fprintf(&b, " %9s", "-")
				continue
			}
			mark := ""
			if i < len(r.SolvedAt) && !r.SolvedAt[i] {
				mark = "*"
			}
			fmt.Fprintf(&b, " %9s", fmt.Sprintf("%.2f%s", r.Seconds[i]*1e3, mark))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// HeatMap draws per-position times as a rows × cols heat map, one 24-pixel
// square per cell, on a logarithmic scale from blue (fastest) to red
// (slowest), as the thesis's Figs. 21, 23 and 30 plot them. seconds is
// row-major; a NaN, negative or missing entry is drawn grey.
func HeatMap(rows, cols int, seconds []float64) image.Image {
	const px = 24
	rows, cols = max(rows, 0), max(cols, 0)
	img := image.NewRGBA(image.Rect(0, 0, cols*px, rows*px))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range seconds {
		if s > 0 && !math.IsInf(s, 0) {
			lo, hi = min(lo, math.Log(s)), max(hi, math.Log(s))
		}
	}
	grey := color.RGBA{160, 160, 160, 255}
	for y := range rows {
		for x := range cols {
			c := grey
			if i := y*cols + x; i < len(seconds) && seconds[i] > 0 && !math.IsInf(seconds[i], 0) {
				t := 0.5
				if hi > lo {
					t = (math.Log(seconds[i]) - lo) / (hi - lo)
				}
				c = heat(t)
			}
			for dy := range px {
				for dx := range px {
					img.SetRGBA(x*px+dx, y*px+dy, c)
				}
			}
		}
	}
	return img
}

// heat maps t in [0,1] from blue through green and yellow to red.
func heat(t float64) color.RGBA {
	t = min(max(t, 0), 1)
	var r, g, b float64
	switch {
	case t < 1.0/3:
		u := 3 * t
		r, g, b = 0, u, 1-u
	case t < 2.0/3:
		u := 3*t - 1
		r, g, b = u, 1, 0
	default:
		u := 3*t - 2
		r, g, b = 1, 1-u, 0
	}
	return color.RGBA{uint8(255 * r), uint8(255 * g), uint8(255 * b), 255}
}

// The thesis's chapter 4 measures on one 10 × 15 puzzle of 150 pieces.
const (
	thesisRows = 10
	thesisCols = 15
)

// espExperiment adapts one chapter 4 experiment to the program: its rows
// become records, esp1's per-position times are kept for the tables and
// heat maps printEsp draws.
func espExperiment(name string) func(ctx context.Context, c config, emit func(record) error) error {
	return func(ctx context.Context, c config, emit func(record) error) error {
		rows, err := RunExperiment(ctx, name, ExperimentConfig{Seed: c.seed, Limit: c.limit, Positions: c.positions}, nil)
		if err != nil {
			return err
		}
		for _, row := range rows {
			mean, lo, hi, solved := row.MeanSeconds, row.MinSeconds, row.MaxSeconds, row.Solved
			r := record{
				Size: row.Size, Method: row.Method, Seconds: mean, Solutions: int64(row.Solved),
				Positions: row.Positions, MeanSeconds: &mean, MinSeconds: &lo, MaxSeconds: &hi, Solved: &solved,
				Layout: row.Layout, Holes: row.Holes, Candidates: row.Candidates, Predicted: row.Predicted,
				Layouts: row.Layouts, ThesisSeconds: row.ThesisSeconds,
				perPosition: row,
			}
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	}
}

// printEsp prints the summary of a chapter 4 experiment beside the
// thesis's figures and, for esp1, the per-position table of each method
// (its Tables 5-7) with the heat map PNG written for it.
func printEsp(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tmethod\tlayout\tpositions\tmean ms\tmin ms\tmax ms\tsolved\tcandidates\tlayouts\tthesis ms\t")
	for _, r := range recs {
		th := "-"
		if r.ThesisSeconds > 0 {
			th = fmt.Sprintf("%.0f", 1000*r.ThesisSeconds)
		}
		layout := r.Layout
		if layout == "" {
			layout = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%d\t%.1f\t%.1f\t%s\t\n", r.Size, r.Method, layout, r.Positions,
			1000*deref(r.MeanSeconds), 1000*deref(r.MinSeconds), 1000*deref(r.MaxSeconds), deref(r.Solved), r.Candidates, r.Layouts, th)
	}
	tw.Flush()
	for _, r := range recs {
		if r.Experiment != "esp1" {
			continue
		}
		fmt.Fprintf(w, "\n%s, one missing piece: ms per position (* = not solved)\n", r.Method)
		fmt.Fprint(w, r.perPosition.Table(thesisRows, thesisCols))
		if r.heatMap != "" {
			fmt.Fprintf(w, "heat map: %s\n", r.heatMap)
		}
	}
}
