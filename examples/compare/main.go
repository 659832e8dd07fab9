// Compare runs several re-assembly methods on one puzzle, each with the same
// seed and time budget, and shows how each one's best cost fell over time:
// a table on stdout and a plot of best cost against time per method
// (compare.png under -out).
//
//	go run ./examples/compare [-gen unique|colours|shapes|photo] [-size 4x4] [-rotate=true]
//	                          [-puzzle FILE] [-methods all] [-budget 5s] [-seed 1]
//	                          [-out DIR] [-json]
//
// By default it generates a 4×4 puzzle of the thesis's model (every join a
// unique label, pieces turned at random) and runs every method for up to 5
// seconds. -puzzle reads a puzzle in the module's text format instead
// (puzzle.ParsePuzzle); -gen photo cuts the embedded photograph into
// pieces of -piece pixels. A method stops early when it solves the puzzle
// (cost 0) or ends by its own rule; complete searches are left out of "all"
// for picture puzzles, whose costs are never 0.
//
// With -json it prints one JSON object:
//
//	{"puzzle":"unique","rows":4,"cols":4,"pieces":16,"rotatable":true,"seed":1,
//	 "budget_seconds":5,"plot":"/tmp/compare-1/compare.png",
//	 "methods":[{"method":"sa","cost":0,"status":"solved","seconds":0.012,
//	   "evaluations":51234,"iterations":51234,"neighbour":1,
//	   "curve":[{"seconds":0.0001,"cost":21},...]},...]}
//
// neighbour is the share of the true neighbour relations the final board
// keeps (1 for a perfect board), known because the puzzle was scrambled
// here; it is absent for a -puzzle file.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/examples/internal/methods"
	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/examples/internal/photo"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

type config struct {
	gen          string
	size         string
	rotate       bool
	frame, inner int
	piece        int
	file         string
	methods      string
	budget       time.Duration
	seed         uint64
	out          string
	json         bool
}

// point is one step of a method's best cost.
type point struct {
	Seconds float64 `json:"seconds"`
	Cost    float64 `json:"cost"`
}

// outcome is one method's run.
type outcome struct {
	Method      string   `json:"method"`
	Cost        float64  `json:"cost"`
	Status      string   `json:"status"`
	Seconds     float64  `json:"seconds"`
	Evaluations int64    `json:"evaluations"`
	Iterations  int64    `json:"iterations"`
	Neighbour   *float64 `json:"neighbour,omitempty"`
	Curve       []point  `json:"curve"`
}

type report struct {
	Puzzle        string    `json:"puzzle"`
	Rows          int       `json:"rows"`
	Cols          int       `json:"cols"`
	Pieces        int       `json:"pieces"`
	Rotatable     bool      `json:"rotatable"`
	Seed          uint64    `json:"seed"`
	BudgetSeconds float64   `json:"budget_seconds"`
	Plot          string    `json:"plot"`
	Methods       []outcome `json:"methods"`
}

func main() {
	var c config
	flag.StringVar(&c.gen, "gen", "unique", "puzzle to generate: unique (thesis model), colours (edge matching), shapes (tab/blank), photo (the embedded photograph)")
	flag.StringVar(&c.size, "size", "4x4", "rows x columns of a generated label puzzle")
	flag.BoolVar(&c.rotate, "rotate", true, "turn the pieces at random: orientation unknown")
	flag.IntVar(&c.frame, "frame", 3, "frame colours of a -gen colours puzzle")
	flag.IntVar(&c.inner, "inner", 5, "inner colours of a -gen colours puzzle")
	flag.IntVar(&c.piece, "piece", 50, "piece size in pixels for -gen photo")
	flag.StringVar(&c.file, "puzzle", "", "read the puzzle from this file (the module's text format) instead of generating one")
	flag.StringVar(&c.methods, "methods", "all", "comma-separated methods, or all: "+strings.Join(methods.Names(), ", "))
	flag.DurationVar(&c.budget, "budget", 5*time.Second, "time budget of each method")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the generator, the scramble and every method")
	flag.StringVar(&c.out, "out", "", "directory for compare.png (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout instead of the table")
	flag.Parse()
	if err := run(context.Background(), c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

// load returns the puzzle to compare on, and the true board when known.
func load(c config) (*puzzle.Puzzle, *puzzle.Board, string, error) {
	if c.file != "" {
		f, err := os.Open(c.file)
		if err != nil {
			return nil, nil, "", err
		}
		defer f.Close()
		p, err := puzzle.ParsePuzzle(f)
		if err != nil {
			return nil, nil, "", fmt.Errorf("%s: %w", c.file, err)
		}
		return p, nil, filepath.Base(c.file), nil
	}
	rng := rand.New(rand.NewPCG(c.seed, 0xc0))
	var rows, cols int
	if _, err := fmt.Sscanf(c.size, "%dx%d", &rows, &cols); err != nil && c.gen != "photo" {
		return nil, nil, "", fmt.Errorf("-size %q: want ROWSxCOLS, such as 4x4", c.size)
	}
	var (
		p     *puzzle.Puzzle
		truth *puzzle.Board
		err   error
	)
	switch c.gen {
	case "unique":
		p, truth, err = puzzle.GenerateUnique(rows, cols, rng)
	case "colours":
		p, truth, err = puzzle.GenerateColours(rows, cols, c.frame, c.inner, rng)
	case "shapes":
		p, truth, err = puzzle.GenerateShapes(rows, cols, puzzle.ShapePairs(rows*cols), rng)
	case "photo":
		p, truth, err = puzzle.Cut(photo.Chelsea(), c.piece)
	default:
		return nil, nil, "", fmt.Errorf("unknown -gen %q: unique, colours, shapes or photo", c.gen)
	}
	if err != nil {
		return nil, nil, "", err
	}
	p.Rotatable = c.rotate
	p, truth, err = puzzle.Scramble(p, truth, rng)
	return p, truth, c.gen, err
}

func run(ctx context.Context, c config, stdout, stderr io.Writer) error {
	if c.budget <= 0 {
		return fmt.Errorf("-budget %v: must be positive", c.budget)
	}
	p, truth, name, err := load(c)
	if err != nil {
		return err
	}
	chosen, err := methods.Parse(c.methods)
	if err != nil {
		return err
	}
	if c.methods == "all" && p.HasImages() {
		// Complete searches look for a zero-cost board, which a
		// photograph never has.
		var soft []methods.Method
		for _, m := range chosen {
			if !m.Complete {
				soft = append(soft, m)
			}
		}
		chosen = soft
	}
	if c.out, err = output.Dir(c.out, "compare-"); err != nil {
		return err
	}
	rep := report{Puzzle: name, Rows: p.Rows, Cols: p.Cols, Pieces: len(p.Pieces), Rotatable: p.Rotatable,
		Seed: c.seed, BudgetSeconds: c.budget.Seconds()}
	// Pictures are priced once, by the default table, and every method
	// shares it, so that the budget goes to searching.
	prob := solve.Problem{Puzzle: p}
	if p.HasImages() {
		if prob.Scorer, err = edge.NewTable(ctx, p, edge.DefaultMeasure(), 0); err != nil {
			return err
		}
	}
	for _, m := range chosen {
		fmt.Fprintf(stderr, "%s ...\n", m.Name)
		o, err := runMethod(ctx, m, prob, truth, c)
		if err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		rep.Methods = append(rep.Methods, o)
	}
	rep.Plot = filepath.Join(c.out, "compare.png")
	if err := plotCurves(rep, rep.Plot); err != nil {
		return err
	}
	if c.json {
		return json.NewEncoder(stdout).Encode(rep)
	}
	printTable(stdout, rep)
	fmt.Fprintf(stdout, "plot: %s\n", rep.Plot)
	return nil
}

func runMethod(ctx context.Context, m methods.Method, prob solve.Problem, truth *puzzle.Board, c config) (outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, c.budget)
	defer cancel()
	start := time.Now()
	o := outcome{Method: m.Name}
	record := func(ev solve.Event) error {
		if ev.Kind == solve.Improved || ev.Kind == solve.Finished {
			t := time.Since(start).Seconds()
			if n := len(o.Curve); n == 0 || o.Curve[n-1].Cost != ev.Cost {
				o.Curve = append(o.Curve, point{t, ev.Cost})
			}
		}
		return nil
	}
	res, err := m.New().Solve(ctx, prob, solve.WithSeed(c.seed), solve.WithObserver(record))
	if err != nil {
		return o, err
	}
	o.Seconds = time.Since(start).Seconds()
	o.Cost, o.Status = res.Cost, res.Status.String()
	o.Evaluations, o.Iterations = res.Stats.Evaluations, res.Stats.Iterations
	if truth != nil {
		n := puzzle.NeighbourComparison(truth, res.Board)
		o.Neighbour = &n
	}
	return o, nil
}

// checkpoints are the fractions of the budget at which the table shows
// each method's best cost.
var checkpoints = []float64{0.01, 0.1, 0.5, 1}

// costAt returns the best cost a curve had reached by time t, +Inf before
// its first board.
func costAt(curve []point, t float64) float64 {
	best := math.Inf(1)
	for _, p := range curve {
		if p.Seconds > t {
			break
		}
		best = p.Cost
	}
	return best
}

func printTable(w io.Writer, rep report) {
	orient := "known"
	if rep.Rotatable {
		orient = "unknown"
	}
	fmt.Fprintf(w, "%s puzzle, %d×%d, %d pieces, orientation %s; %.3g s per method, seed %d\n\n",
		rep.Puzzle, rep.Rows, rep.Cols, rep.Pieces, orient, rep.BudgetSeconds, rep.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "method\t")
	for _, f := range checkpoints {
		fmt.Fprintf(tw, "cost@%.3gs\t", f*rep.BudgetSeconds)
	}
	fmt.Fprintln(tw, "final\tseconds\tstatus\tevaluations\tneighbour\t")
	for _, o := range rep.Methods {
		fmt.Fprintf(tw, "%s\t", o.Method)
		for _, f := range checkpoints {
			fmt.Fprintf(tw, "%.4g\t", costAt(o.Curve, f*rep.BudgetSeconds))
		}
		nb := "-"
		if o.Neighbour != nil {
			nb = fmt.Sprintf("%.3f", *o.Neighbour)
		}
		fmt.Fprintf(tw, "%.4g\t%.3f\t%s\t%d\t%s\t\n", o.Cost, o.Seconds, o.Status, o.Evaluations, nb)
	}
	tw.Flush()
}
