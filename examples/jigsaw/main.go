// Jigsaw cuts a photograph into square pieces, scrambles them (and turns
// them, with -rotate), re-assembles them and reports how well it did.
//
//	go run ./examples/jigsaw [-image PATH] [-piece 28] [-rotate] [-solver greedy]
//	                         [-measure NAME] [-seed 1] [-out DIR] [-json]
//
// Without -image it uses an embedded photograph. With -json it prints one
// JSON object on stdout:
//
//	{"pieces":160,"rows":10,"cols":16,"rotate":true,"solver":"greedy","measure":"mgc",
//	 "seconds":0.05,"direct":1,"direct_shift":1,"neighbour":1,"perfect":true}
//
// seconds is the time to re-assemble, pricing the joins included, and image
// reading and writing excluded.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/examples/internal/photo"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// solvers lists the methods that apply to picture puzzles.
var solvers = map[string]func() solve.Solver{
	"greedy": func() solve.Solver { return greedy.New() },
	// The GA of Sholomon, David and Netanyahu: kernel-growing crossover
	// guided by best buddies.
	"ga": func() solve.Solver { return ga.New(ga.Sholomon()) },
}

type config struct {
	image   string
	piece   int
	rotate  bool
	solver  string
	measure string
	seed    uint64
	out     string
	json    bool
	timeout time.Duration
}

// report is the -json output.
type report struct {
	Pieces      int     `json:"pieces"`
	Rows        int     `json:"rows"`
	Cols        int     `json:"cols"`
	Rotate      bool    `json:"rotate"`
	Solver      string  `json:"solver"`
	Measure     string  `json:"measure"`
	Seconds     float64 `json:"seconds"`
	Direct      float64 `json:"direct"`
	DirectShift float64 `json:"direct_shift"`
	Neighbour   float64 `json:"neighbour"`
	Perfect     bool    `json:"perfect"`
}

func main() {
	var c config
	flag.StringVar(&c.image, "image", "", "PNG or JPEG photograph (default: an embedded photograph)")
	flag.IntVar(&c.piece, "piece", 28, "piece size in pixels")
	flag.BoolVar(&c.rotate, "rotate", false, "turn the pieces at random: orientation unknown")
	flag.StringVar(&c.solver, "solver", "greedy", "re-assembly method: "+strings.Join(names(solvers), ", "))
	flag.StringVar(&c.measure, "measure", edge.DefaultMeasure().Name(), "edge-fitting measure: "+strings.Join(edge.MeasureNames(), ", "))
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the scramble and the solver")
	flag.StringVar(&c.out, "out", "", "directory for scrambled.png and solved.png (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout instead of the summary")
	flag.DurationVar(&c.timeout, "timeout", 10*time.Minute, "give up after this long and report the best so far")
	flag.Parse()
	if err := run(c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "jigsaw:", err)
		os.Exit(1)
	}
}

func names[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func run(c config, stdout, stderr io.Writer) error {
	newSolver, ok := solvers[c.solver]
	if !ok {
		return fmt.Errorf("unknown solver %q; choose one of %s", c.solver, strings.Join(names(solvers), ", "))
	}
	measure, err := edge.NewMeasure(c.measure)
	if err != nil {
		return err
	}
	var img image.Image
	if c.image == "" {
		img = photo.Chelsea()
	} else if img, err = puzzle.LoadImage(c.image); err != nil {
		return err
	}
	p, truth, err := puzzle.Cut(img, c.piece)
	if err != nil {
		return err
	}
	p.Rotatable = c.rotate
	rng := rand.New(rand.NewPCG(c.seed, 0x6a1))
	if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
		return err
	}
	if c.out, err = output.Dir(c.out, "jigsaw-"); err != nil {
		return err
	}
	if err := output.Scrambled(c.out, p); err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	start := time.Now()
	var progress solve.Observer
	if !c.json {
		progress = progressPrinter(stderr, start)
	}
	table, err := edge.NewTable(ctx, p, measure, 0)
	if err != nil {
		return err
	}
	res, err := newSolver().Solve(ctx, solve.Problem{Puzzle: p, Scorer: table},
		solve.WithSeed(c.seed), solve.WithObserver(progress))
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	if err := output.Solved(c.out, p, res.Board); err != nil {
		return err
	}
	r := report{
		Pieces: len(p.Pieces), Rows: p.Rows, Cols: p.Cols, Rotate: c.rotate,
		Solver: c.solver, Measure: measure.Name(), Seconds: seconds,
		Direct:      puzzle.DirectComparison(truth, res.Board),
		DirectShift: puzzle.ShiftedDirectComparison(truth, res.Board),
		Neighbour:   puzzle.NeighbourComparison(truth, res.Board),
		Perfect:     puzzle.Perfect(truth, res.Board),
	}
	fmt.Fprintf(stderr, "pictures in %s\n", c.out)
	if c.json {
		return json.NewEncoder(stdout).Encode(r)
	}
	orient := "known"
	if c.rotate {
		orient = "unknown"
	}
	fmt.Fprintf(stdout, "pieces:     %d (%d×%d of %d px, orientation %s)\n", r.Pieces, r.Rows, r.Cols, c.piece, orient)
	fmt.Fprintf(stdout, "method:     %s with %s (%v)\n", r.Solver, r.Measure, res.Status)
	fmt.Fprintf(stdout, "time:       %.3f s\n", r.Seconds)
	fmt.Fprintf(stdout, "direct:     %.3f (%.3f forgiving a shift)\n", r.Direct, r.DirectShift)
	fmt.Fprintf(stdout, "neighbour:  %.3f\n", r.Neighbour)
	fmt.Fprintf(stdout, "perfect:    %v\n", r.Perfect)
	if res.Status == solve.Canceled {
		return errors.New("timed out; the report is of the best board so far")
	}
	return nil
}

// progressPrinter reports on stderr once a run has taken over a second.
func progressPrinter(w io.Writer, start time.Time) solve.Observer {
	last := start
	return func(ev solve.Event) error {
		now := time.Now()
		if now.Sub(start) < time.Second || now.Sub(last) < time.Second {
			return nil
		}
		last = now
		fmt.Fprintf(w, "%6.1fs  %v  iterations %d  cost %.4g\n", now.Sub(start).Seconds(), ev.Kind, ev.Stats.Iterations, ev.Cost)
		return nil
	}
}
