// Thesis reproduces the experiments of the PhD thesis on jigsaw
// re-assembly the module follows (seed 000), and the solution counts of the
// shape-coded jigsaw solver (seed 004), printing the published figure
// beside ours.
//
//	go run ./examples/thesis [-experiment NAME] [-seed 1] [-timeout 30s] [-long] [-json]
//	go run ./examples/thesis -experiment hynek [-image FILE] [-piece 80] [-size N] [-method NAME] [-runs 50]
//
// The quick experiments (the default, "all", runs these in this order):
//
//   - table1: the search-space size 4^N·N! of the thesis's nine test sizes,
//     beside its Table 1. The values are exact and must agree.
//   - table4-csp: the constraint-satisfaction solver on unique-label
//     puzzles of the thesis's sizes, 2×2 to 4×5 and its 150-piece 10×15,
//     counting every solution as the thesis's solver did, beside the CS
//     column of its Table 4 and its 672 ms for 10×15. Method "csp-thesis"
//     is the thesis's configuration (centre first, arc consistency),
//     "csp" the package's default. A unique-label puzzle has one solution
//     up to whole-board turns: 4 boards on a square board, 2 otherwise.
//   - seed004: every solution of tab/blank jigsaws of n×n pieces, n = 2 to
//     12, with ⌈N/6⌉ shape pairs, counted by backtracking, raw and up to
//     whole-board turns. The seed expects at least 4 raw solutions, the
//     turns of one.
//   - lp: the thesis's LP/IP model (its Appendix 2: 324 binary variables
//     for 3×3) as printed, as its goal implies, and a sound edge-matching
//     model (package solve/lp), on 2×2 and 3×3 unique-label puzzles and a
//     3×3 tab/blank one: variables, constraints, and the linear
//     relaxation's optimum, how fractional it is, and whether it rounds to
//     a solution (solutions 1).
//
// Two experiments take minutes and run only when named:
//
//   - table4: the thesis's six methods with its presets (ST, SS, GA, SA,
//     TS, CS) on unique-label puzzles 2×2 to 4×5, -runs seeded runs each
//     (default 20), each on a fresh puzzle: the median and range of the
//     time to a solved board beside Table 4, the median evaluations, and
//     whether the thesis's ordering CS < TS < SA < GA holds. A method whose
//     run reaches -timeout gives up at that size and the larger ones, as
//     the thesis's "not available" does. With -runs 5 it takes a few
//     minutes.
//   - hynek: seed 002's Table 1. Photographs (-image FILE, repeatable;
//     by default the module's three testdata ones) cut into 15×15, 20×20
//     and 25×25 pieces (-size N for one of them) of -piece pixels (80 by
//     default, as the seed; 0 takes the largest that fit), priced by plain
//     L2 pixel distance, solved -runs times (default 50, as the seed); the
//     share of runs that place every piece right, beside the seed's
//     100/94/100, 92/74/86 and 56/42/52 % (the i-th picture beside the
//     seed's Test i). A size the picture cannot hold at that piece size is
//     skipped with a note on stderr; the testdata photographs hold none at
//     80 px. Method "hynek" is the seed's GA (ga.Hynek), "hynek-extended"
//     the one taken beyond the seed (ga.HynekExtended), finished by the
//     greedy placer grown from its trusted region (ga.WithFinish);
//     -method NAME runs one of them. A run ends with its schedule; -timeout bounds it only
//     when given.
//   - espimage: missing pieces in picture puzzles (beyond the thesis): the
//     three photographs cut into 10×15 pieces with 1 to 3 pieces taken
//     out, how often Empty Slot Prediction on best buddies holds the true
//     holes, and the accuracy of the greedy placer alone and with the
//     prediction (esp.NewPictures).
//
// The chapter 4 experiments (esp1, esp2, espmulti, espsimilar) are quick
// and part of "all"; -limit bounds each wildcard and FBF run, and esp1
// writes a heat map per method under -out.
//
// With -long, table4-csp adds 20×20, 50×50 and 100×100 boards, seed004
// goes on to 24×24, and lp adds the relaxations that take half a minute or
// more: the thesis's model as printed on 2×2 (1,031 rows) and the sound
// model on 3×4.
//
// Our times are wall-clock, in milliseconds in the count tables and
// seconds in JSON; the thesis's are milliseconds on a 2.6 GHz Pentium 4
// with a 1 ms timer, so only orders of magnitude and trends compare. Each
// count stops after -timeout and then reports what it found with its
// status. The program exits with an error if a result contradicts the
// thesis or the seed: a search space unlike Table 1, or a complete count
// other than the turned copies of one solution.
//
// With -json the program prints one JSON object per line and result:
//
//	{"experiment":"table4-csp","size":"4x5","method":"csp-thesis","seconds":0.000059,
//	 "nodes":40,"solutions":2,"distinct":1,"status":"exhausted","thesis_ms":16}
//
// Every line has experiment, size, method, seconds, nodes and solutions;
// table1 adds the combinations and the thesis's figure as decimal strings,
// the counts add distinct and status, the lp lines the model's figures.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/csp"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/lp"
)

type config struct {
	experiment string
	json       bool
	seed       uint64
	long       bool
	timeout    time.Duration
	// runs is the number of seeded runs per size and method of the
	// stochastic experiments (table4, hynek); 0 means each one's default.
	runs int
	// limit bounds each run of the wildcard and FBF in the chapter 4
	// experiments; 0 means none.
	limit time.Duration
	// out is the directory for the heat maps of esp1; "" makes a
	// temporary one when needed.
	out string
	// positions, when set, limits esp1 to its first hole positions, and
	// images, when set, hynek to these pictures (tests).
	positions int
	images    []string
	// files are the photographs of hynek and espimage (-image); none
	// means the module's testdata ones.
	files []string
	// piece is hynek's piece size in pixels (-piece); 0 takes the largest
	// that fit. hynekSize, when set, is hynek's one board size (-size).
	piece     int
	hynekSize int
	// method, when set, is hynek's one variant (-method).
	method string
	// timeoutSet says whether -timeout was given; hynek's runs are bounded
	// by their schedule otherwise.
	timeoutSet bool
	// gaOptions are appended to every hynek variant (tests: a short
	// schedule).
	gaOptions []ga.Option
	// log receives progress lines.
	log io.Writer
	// sizes, when set, limits the experiments to these boards (tests).
	sizes []string
}

// record is one result: one JSON line, one table row.
type record struct {
	Experiment string  `json:"experiment"`
	Size       string  `json:"size"`
	Method     string  `json:"method"`
	Seconds    float64 `json:"seconds"`
	Nodes      int64   `json:"nodes"`
	Solutions  int64   `json:"solutions"`

	// Counts.
	Distinct *int64 `json:"distinct,omitempty"`
	Status   string `json:"status,omitempty"`
	Pairs    int    `json:"pairs,omitempty"`
	// ThesisMS is the thesis's time for the same size, in milliseconds.
	ThesisMS *float64 `json:"thesis_ms,omitempty"`

	// Stochastic experiments: the runs made, the spread of their times,
	// and for hynek the picture, its piece size, the share of perfect
	// runs beside the seed's and the mean direct comparison.
	Runs        int      `json:"runs,omitempty"`
	MinSeconds  *float64 `json:"min_seconds,omitempty"`
	MaxSeconds  *float64 `json:"max_seconds,omitempty"`
	Image       string   `json:"image,omitempty"`
	PieceSize   int      `json:"piece_size,omitempty"`
	Percent     *float64 `json:"percent,omitempty"`
	SeedPercent *float64 `json:"seed_percent,omitempty"`
	Direct      *float64 `json:"direct,omitempty"`
	Neighbour   *float64 `json:"neighbour,omitempty"`

	// Chapter 4 (esp1, esp2, espmulti, espsimilar): the positions or
	// set-ups run, the mean time, the runs solved, and the prediction's
	// figures; perPosition keeps esp1's times per hole position for the
	// tables and heat maps; heatMap is the PNG written for it.
	Positions     int           `json:"positions,omitempty"`
	MeanSeconds   *float64      `json:"mean_seconds,omitempty"`
	Solved        *int          `json:"solved,omitempty"`
	Layout        string        `json:"layout,omitempty"`
	Holes         []puzzle.Cell `json:"holes,omitempty"`
	Candidates    float64       `json:"candidates,omitempty"`
	Predicted     *bool         `json:"predicted,omitempty"`
	Layouts       float64       `json:"layouts,omitempty"`
	ThesisSeconds float64       `json:"thesis_seconds,omitempty"`
	perPosition   ExperimentRow
	heatMap       string

	// table1: exact integers, too large for a JSON number.
	Combinations string `json:"combinations,omitempty"`
	Thesis       string `json:"thesis,omitempty"`

	// lp.
	Puzzle      string   `json:"puzzle,omitempty"`
	Variables   int      `json:"variables,omitempty"`
	Placements  int      `json:"placements,omitempty"`
	Constraints int      `json:"constraints,omitempty"`
	Nonzeros    int      `json:"nonzeros,omitempty"`
	Feasible    *bool    `json:"feasible,omitempty"`
	Objective   *float64 `json:"objective,omitempty"`
	Fractional  *int     `json:"fractional,omitempty"`
	MaxFraction *float64 `json:"max_fraction,omitempty"`
}

// experiment runs one experiment, handing each result to emit as it
// comes, so that a long run shows progress.
type experiment struct {
	name  string
	title string
	run   func(ctx context.Context, c config, emit func(record) error) error
	table func(w io.Writer, recs []record)
}

var experiments = []experiment{
	{"table1", "Table 1: search-space size 4^N·N! (seed 000, L961-999)", table1, printTable1},
	{"table4-csp", "Table 4, CS column: all solutions of unique-label puzzles (seed 000, L3592-3604, L3945)", table4CSP, printCounts},
	{"seed004", "All solutions of n×n tab/blank jigsaws with ⌈N/6⌉ shape pairs (seed 004)", seed004, printCounts},
	{"lp", "The LP/IP model (seed 000, App. 2, L5428-6120) and its linear relaxation", lpModels, printLP},
	{"table4", "Table 4: ST, SS, GA, SA, TS and CS on unique-label puzzles, ms to a solved board (seed 000, L3592-3604)", table4, printTable4},
	{"esp1", "One missing piece at each of the 150 positions of a 10×15 puzzle: wildcard, FBF, ESP+FBF (seed 000, Tables 5-7)", espExperiment("esp1"), printEsp},
	{"esp2", "Two missing pieces: wildcard, FBF, ESP+FBF (seed 000, L4040, L4141)", espExperiment("esp2"), printEsp},
	{"espmulti", "ESP+FBF on 2 to 5 missing pieces in the thesis's classes of layout (seed 000, Table 8)", espExperiment("espmulti"), printEsp},
	{"espsimilar", "Similar pieces: the plain and the extended neighbour count (seed 000, Figs. 27-28)", espExperiment("espsimilar"), printEsp},
	{"espimage", "Missing pieces in 10×15 picture puzzles: Empty Slot Prediction on best buddies, greedy and greedy+ESP (beyond the thesis)", espImage, printEspImage},
	{"hynek", "Seed 002, Table 1: % of runs of the sequence-matching GA that re-assemble the picture exactly", hynek, printHynek},
}

// slow names the experiments that "all" leaves out: they take minutes.
var slow = map[string]bool{"table4": true, "hynek": true, "espimage": true}

func main() {
	var c config
	flag.StringVar(&c.experiment, "experiment", "all", "experiment to run: all, "+strings.Join(names(), ", "))
	flag.BoolVar(&c.json, "json", false, "print one JSON object per line and result instead of tables")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the puzzle generator and scramble")
	flag.BoolVar(&c.long, "long", false, "add the larger boards and the slow relaxations")
	flag.DurationVar(&c.timeout, "timeout", 30*time.Second, "stop each count or run after this long and report what it found")
	flag.DurationVar(&c.limit, "limit", 0, "bound each run of the wildcard and FBF in esp1 and esp2 (0: none)")
	flag.StringVar(&c.out, "out", "", "directory for the heat maps of esp1 (default: a new temporary directory)")
	flag.IntVar(&c.runs, "runs", 0, "seeded runs per size and method for table4 (default 20) and hynek (default 50)")
	flag.Func("image", "a photograph for hynek and espimage, in place of the testdata ones (repeatable)", func(f string) error {
		c.files = append(c.files, f)
		return nil
	})
	flag.IntVar(&c.piece, "piece", 80, "hynek's piece size in pixels, the seed's 80 by default; 0 takes the largest that fit")
	flag.IntVar(&c.hynekSize, "size", 0, "hynek's board size, 15, 20 or 25 pieces a side (default: all that fit)")
	flag.StringVar(&c.method, "method", "", "hynek's variant, hynek or hynek-extended (default: both)")
	flag.Parse()
	flag.Visit(func(f *flag.Flag) { c.timeoutSet = c.timeoutSet || f.Name == "timeout" })
	if err := run(context.Background(), c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "thesis:", err)
		os.Exit(1)
	}
}

func names() []string {
	var n []string
	for _, e := range experiments {
		n = append(n, e.name)
	}
	return n
}

// run runs the chosen experiments, printing a table per experiment to
// stdout (or JSON lines) and progress to stderr. It returns an error if a
// result contradicts what the thesis or the seed establishes: a search
// space that differs from Table 1, or a complete count that is not the
// expected number of turned copies.
func run(ctx context.Context, c config, stdout, stderr io.Writer) error {
	if c.timeout <= 0 {
		return fmt.Errorf("-timeout %v: must be positive", c.timeout)
	}
	if c.piece < 0 {
		return fmt.Errorf("-piece %d: must be at least 0", c.piece)
	}
	if c.hynekSize != 0 && !slices.ContainsFunc(hynekTable, func(r hynekRow) bool { return r.n == c.hynekSize }) {
		return fmt.Errorf("-size %d: the seed's sizes are 15, 20 and 25", c.hynekSize)
	}
	if c.method != "" && !slices.ContainsFunc(hynekVariants, func(v hynekVariant) bool { return v.name == c.method }) {
		return fmt.Errorf("-method %q: hynek's variants are hynek and hynek-extended", c.method)
	}
	c.log = stderr
	var todo []experiment
	for _, e := range experiments {
		if c.experiment == "all" && !slow[e.name] || c.experiment == e.name {
			todo = append(todo, e)
		}
	}
	if len(todo) == 0 {
		return fmt.Errorf("unknown -experiment %q: all, %s", c.experiment, strings.Join(names(), ", "))
	}
	enc := json.NewEncoder(stdout)
	var failed []string
	for i, e := range todo {
		fmt.Fprintf(stderr, "%s ...\n", e.name)
		var recs []record
		err := e.run(ctx, c, func(r record) error {
			r.Experiment = e.name
			if r.Experiment == "esp1" {
				dir, err := output.Dir(c.out, "thesis-")
				if err != nil {
					return err
				}
				c.out = dir
				path := filepath.Join(dir, "esp1-"+r.Method+".png")
				if err := output.WritePNG(path, HeatMap(thesisRows, thesisCols, r.perPosition.Seconds)); err != nil {
					return err
				}
				r.heatMap = path
				fmt.Fprintf(stderr, "  heat map: %s\n", path)
			}
			recs = append(recs, r)
			if r.Seconds >= 0.1 {
				fmt.Fprintf(stderr, "  %s %s: %.1fs\n", r.Size, r.Method, r.Seconds)
			}
			if c.json {
				return enc.Encode(r)
			}
			return nil
		})
		var bad *disagreement
		switch {
		case errors.As(err, &bad):
			failed = append(failed, bad.Error())
		case err != nil:
			return fmt.Errorf("%s: %w", e.name, err)
		}
		if !c.json {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintln(stdout, e.title)
			e.table(stdout, recs)
		}
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	return nil
}

// disagreement is a result at odds with the thesis or the seed; the
// experiment still reports all its results.
type disagreement struct{ what []string }

func (d *disagreement) Error() string { return strings.Join(d.what, "; ") }

func (d *disagreement) add(format string, args ...any) {
	d.what = append(d.what, fmt.Sprintf(format, args...))
}

// err returns d as an error when it holds something.
func (d *disagreement) err() error {
	if len(d.what) == 0 {
		return nil
	}
	return d
}

// wanted reports whether the size was asked for (all are by default).
func (c config) wanted(rows, cols int) bool {
	if len(c.sizes) == 0 {
		return true
	}
	for _, s := range c.sizes {
		if s == size(rows, cols) {
			return true
		}
	}
	return false
}

func size(rows, cols int) string { return fmt.Sprintf("%dx%d", rows, cols) }

// thesisSizes are the thesis's test sizes, with Table 1's search-space
// sizes (L961-999) and Table 4's CS times in ms (L3592-3604).
var thesisSizes = []struct {
	rows, cols int
	table1     string
	csMS       float64
}{
	{2, 2, "6,144", 1},
	{2, 3, "2,949,120", 1},
	{2, 4, "2,642,411,520", 1},
	{3, 3, "95,126,814,720", 1},
	{2, 5, "3,805,072,588,800", 1},
	{3, 4, "8,036,313,307,545,600", 1},
	{3, 5, "1,404,104,661,094,367,232,000", 15},
	{4, 4, "89,862,698,310,039,502,848,000", 15},
	{4, 5, "2,675,004,047,229,796,708,138,352,640,000", 16},
}

// thesisLargeMS is the thesis's time for the complete 150-piece 10×15
// puzzle by its CSP solver (seed 000, L3945).
const thesisLargeMS = 672

func table1(_ context.Context, c config, emit func(record) error) error {
	var bad disagreement
	for _, t := range thesisSizes {
		if !c.wanted(t.rows, t.cols) {
			continue
		}
		start := time.Now()
		n := puzzle.SearchSpace(t.rows*t.cols, true)
		secs := time.Since(start).Seconds()
		want, ok := new(big.Int).SetString(strings.ReplaceAll(t.table1, ",", ""), 10)
		if !ok || n.Cmp(want) != 0 {
			bad.add("table1 %s: 4^N·N! = %v, the thesis prints %s", size(t.rows, t.cols), n, t.table1)
		}
		r := record{Size: size(t.rows, t.cols), Method: "4^N·N!", Seconds: secs, Combinations: n.String(), Thesis: want.String()}
		if err := emit(r); err != nil {
			return err
		}
	}
	return bad.err()
}

func printTable1(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tN\t4^N·N! (ours)\tthesis\tagree\t")
	for _, r := range recs {
		n := 0
		var rows, cols int
		if _, err := fmt.Sscanf(r.Size, "%dx%d", &rows, &cols); err == nil {
			n = rows * cols
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%v\t\n", r.Size, n, commas(r.Combinations), commas(r.Thesis), r.Combinations == r.Thesis)
	}
	tw.Flush()
}

// commas writes a decimal integer with thousands separators, as the
// thesis prints them.
func commas(s string) string {
	var b strings.Builder
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

func table4CSP(ctx context.Context, c config, emit func(record) error) error {
	type board struct {
		rows, cols int
		thesisMS   float64 // 0: no thesis figure
	}
	var boards []board
	for _, t := range thesisSizes {
		boards = append(boards, board{t.rows, t.cols, t.csMS})
	}
	boards = append(boards, board{10, 15, thesisLargeMS})
	if c.long {
		boards = append(boards, board{20, 20, 0}, board{50, 50, 0}, board{100, 100, 0})
	}
	methods := []struct {
		name string
		s    *csp.Solver
	}{
		{"csp-thesis", csp.New(csp.Thesis())},
		{"csp", csp.New()},
	}
	var bad disagreement
	for _, b := range boards {
		if !c.wanted(b.rows, b.cols) {
			continue
		}
		rng := rand.New(rand.NewPCG(c.seed, uint64(b.rows<<16|b.cols)))
		p, truth, err := puzzle.GenerateUnique(b.rows, b.cols, rng)
		if err != nil {
			return err
		}
		if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
			return err
		}
		want := int64(2)
		if b.rows == b.cols {
			want = 4
		}
		for _, m := range methods {
			cctx, cancel := context.WithTimeout(ctx, c.timeout)
			n, err := m.s.Count(cctx, solve.Problem{Puzzle: p})
			cancel()
			if err != nil {
				return fmt.Errorf("%s %s: %w", size(b.rows, b.cols), m.name, err)
			}
			if n.Status == solve.Exhausted && (n.Raw != want || n.Distinct != 1) {
				bad.add("table4-csp %s %s: %d solutions, %d distinct; a unique-label puzzle has %d, 1 distinct", size(b.rows, b.cols), m.name, n.Raw, n.Distinct, want)
			}
			r := countRecord(b.rows, b.cols, m.name, n.Stats.Stats, n.Raw, n.Distinct, n.Status)
			if b.thesisMS > 0 {
				r.ThesisMS = &b.thesisMS
			}
			if err := emit(r); err != nil {
				return err
			}
		}
	}
	return bad.err()
}

func countRecord(rows, cols int, method string, st solve.Stats, raw, distinct int64, status solve.Status) record {
	return record{
		Size:      size(rows, cols),
		Method:    method,
		Seconds:   st.Runtime.Seconds(),
		Nodes:     st.Nodes,
		Solutions: raw,
		Distinct:  &distinct,
		Status:    status.String(),
	}
}

func seed004(ctx context.Context, c config, emit func(record) error) error {
	last := 12
	if c.long {
		last = 24
	}
	var bad disagreement
	for n := 2; n <= last; n++ {
		if !c.wanted(n, n) {
			continue
		}
		rng := rand.New(rand.NewPCG(c.seed, uint64(n)))
		p, truth, err := puzzle.GenerateShapes(n, n, 0, rng)
		if err != nil {
			return err
		}
		if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
			return err
		}
		cctx, cancel := context.WithTimeout(ctx, c.timeout)
		cnt, err := backtrack.New().Count(cctx, solve.Problem{Puzzle: p})
		cancel()
		if err != nil {
			return fmt.Errorf("%s: %w", size(n, n), err)
		}
		if cnt.Status == solve.Exhausted && cnt.Raw < 4 {
			bad.add("seed004 %s: %d solutions; the planted one alone shows in 4 turns", size(n, n), cnt.Raw)
		}
		r := countRecord(n, n, "backtrack", cnt.Stats, cnt.Raw, cnt.Distinct, cnt.Status)
		r.Pairs = puzzle.ShapePairs(n * n)
		if err := emit(r); err != nil {
			return err
		}
	}
	return bad.err()
}

func printCounts(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	thesis := false
	for _, r := range recs {
		thesis = thesis || r.ThesisMS != nil
	}
	head := "size\tmethod\tms\tnodes\tsolutions\tdistinct\tstatus\t"
	if thesis {
		head += "thesis ms\t"
	}
	if len(recs) > 0 && recs[0].Pairs > 0 {
		head = "size\tpairs\t" + strings.TrimPrefix(head, "size\t")
	}
	fmt.Fprintln(tw, head)
	for _, r := range recs {
		fmt.Fprintf(tw, "%s\t", r.Size)
		if r.Pairs > 0 {
			fmt.Fprintf(tw, "%d\t", r.Pairs)
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%d\t%d\t%d\t%s\t", r.Method, 1000*r.Seconds, r.Nodes, r.Solutions, deref(r.Distinct), r.Status)
		if thesis {
			if r.ThesisMS != nil {
				fmt.Fprintf(tw, "%g\t", *r.ThesisMS)
			} else {
				fmt.Fprint(tw, "-\t")
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func lpModels(_ context.Context, c config, emit func(record) error) error {
	type job struct {
		rows, cols int
		shapes     bool // a tab/blank puzzle with 2 shape pairs, else unique labels
		form       lp.Formulation
		relax      bool
	}
	jobs := []job{
		{2, 2, false, lp.Thesis, c.long}, // half a minute or more: phase one on 1,031 dense rows
		{2, 2, false, lp.ThesisSummed, true},
		{2, 2, false, lp.EdgeMatching, true},
		{3, 3, false, lp.Thesis, false}, // 15,570 rows: beyond the dense simplex
		{3, 3, false, lp.ThesisSummed, true},
		{3, 3, false, lp.EdgeMatching, true},
		{3, 3, true, lp.EdgeMatching, true},
	}
	if c.long {
		jobs = append(jobs, job{3, 4, false, lp.EdgeMatching, true})
	}
	var bad disagreement
	for _, j := range jobs {
		if !c.wanted(j.rows, j.cols) {
			continue
		}
		rng := rand.New(rand.NewPCG(c.seed, uint64(j.rows<<16|j.cols)))
		kind := "unique"
		var (
			p     *puzzle.Puzzle
			truth *puzzle.Board
			err   error
		)
		if j.shapes {
			kind = "tab/blank"
			p, truth, err = puzzle.GenerateShapes(j.rows, j.cols, 2, rng)
		} else {
			p, truth, err = puzzle.GenerateUnique(j.rows, j.cols, rng)
		}
		if err != nil {
			return err
		}
		if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
			return err
		}
		m, err := lp.New(p, j.form)
		if err != nil {
			return err
		}
		r := record{
			Size:        size(j.rows, j.cols),
			Method:      j.form.String(),
			Puzzle:      kind,
			Variables:   m.Vars(),
			Placements:  m.Placements(),
			Constraints: m.Constraints(),
			Nonzeros:    m.Nonzeros(),
		}
		if j.rows == 3 && j.cols == 3 && m.Placements() != 324 {
			bad.add("lp 3x3: %d placement variables; the thesis's App. 2 has 9 × 36 = 324", m.Placements())
		}
		if j.relax {
			rel, err := m.Relax()
			if err != nil {
				return fmt.Errorf("%s %v: %w", r.Size, j.form, err)
			}
			r.Seconds = rel.Runtime.Seconds()
			r.Feasible = &rel.Feasible
			if rel.Feasible {
				obj := clean(rel.Objective)
				r.Objective, r.Fractional, r.MaxFraction = &obj, &rel.Fractional, &rel.MaxFraction
				// A relaxation whose point rounds to a board of cost 0 has
				// solved the puzzle.
				if b, err := m.Round(rel.Values); err == nil {
					if cost, err := m.Evaluate(b); err == nil && cost == 0 {
						r.Solutions = 1
					}
				}
			}
		}
		if err := emit(r); err != nil {
			return err
		}
	}
	return bad.err()
}

// clean rounds away the simplex's rounding noise (and that of its 2·10⁻⁷
// loosening of the rows), so that an optimum of 0 prints as 0.
func clean(f float64) float64 {
	f = math.Round(f*1e6) / 1e6
	if f == 0 {
		return 0 // not -0
	}
	return f
}

func printLP(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tpuzzle\tformulation\tvariables\tplacements\tconstraints\tnonzeros\trelaxation\tfractional\tlargest\tsolved\tseconds\t")
	for _, r := range recs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t", r.Size, r.Puzzle, r.Method, r.Variables, r.Placements, r.Constraints, r.Nonzeros)
		switch {
		case r.Feasible == nil:
			fmt.Fprint(tw, "not run\t-\t-\t-\t-\t")
		case !*r.Feasible:
			fmt.Fprintf(tw, "infeasible\t-\t-\t-\t%.3f\t", r.Seconds)
		default:
			fmt.Fprintf(tw, "%g\t%d\t%.3f\t%v\t%.3f\t", *r.Objective, *r.Fractional, *r.MaxFraction, r.Solutions == 1, r.Seconds)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(w, "The thesis's model as printed is infeasible at every 0/1 point; its 3×3 relaxation is too large for the dense simplex,")
	fmt.Fprintln(w, "and its 2×2 one takes half a minute or more to prove infeasible (-long). Fractional: variables strictly between 0 and 1.")
}
