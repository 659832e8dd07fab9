// Jigsaw cuts a photograph into square pieces, scrambles them (and turns
// them, with -rotate), re-assembles them and reports how well it did; with
// -set it does so for every picture of a folder, such as one of the field's
// benchmark sets, and sums up; with -pieces it re-assembles a folder of
// separate fragment pictures.
//
//	go run ./examples/jigsaw [-image PATH | -set DIR] [-piece 28] [-rotate]
//	                         [-solver greedy] [-measure NAME] [-second NAME]
//	                         [-evolve 4] [-seed 1] [-out DIR] [-json]
//	go run ./examples/jigsaw -pieces DIR [-upright] [-rows R] [-cols C]
//	                         [-measure NAME] [-second NAME] [-evolve 4]
//	                         [-out DIR] [-json]
//
// Without -image or -set it uses an embedded photograph. With -json it
// prints one JSON object on stdout:
//
//	{"pieces":160,"rows":10,"cols":16,"rotate":true,"solver":"greedy","measure":"log(mgc)",
//	 "second":"prediction","evolve":4,"seconds":0.05,"direct":1,"direct_shift":1,"neighbour":1,
//	 "perfect":true,"direct_dup":1,"neighbour_dup":1,"perfect_dup":true}
//
// The default measure is MGC on the log scale, log(mgc) (edge.Log): the
// placer's choices are MGC's, and a board costs the sum of the logarithms
// of its joins' MGC, which no handful of joins in a flat sky or still
// water can dominate. On the halves of the benchmark sets, with the
// second growth and the GA runs below, it takes the mean neighbour
// comparison from 0.970 to 0.986 on McGill (0.915 to 0.929 turned), from
// 0.937 to 0.940 on MIT (0.935 to 0.936 turned) and from 0.957 to 0.965
// on BGU's 3,300-piece photographs (0.925 to 0.940 turned); the module's
// own test photographs and two others lost up to 0.003 or nothing (see
// edge.Log).
//
// The greedy solver grows the picture under -measure and,
// below 2,000 pieces, under -second too (prediction by default, "none" to
// leave it out), keeping the board -measure prices lowest (see
// greedy.WithAlternatives); "second" names the measure when it was used.
// MGC alone is fooled on the 972-piece raccoon photograph with orientation
// unknown (neighbour 0.82, quarter-turned fur and leaves fitting on); with
// the second growth it is perfect. On the MIT and McGill halves the second
// growth changed one picture, for the better (MIT 7 turned: neighbour
// 0.953 to 0.978), and costs about as long again as the first.
//
// Below 2,000 pieces the greedy solver's board then meets up to -evolve
// short GA runs, two at a time, each finished by the placer, and the
// cheapest board is kept (greedy.WithEvolution; "evolve" gives the most
// runs when it was used, 0 turns it off). On the McGill half with
// orientation known, under MGC, it took the mean neighbour comparison from 0.938 to
// 0.960, the lighthouse of picture 3 back out of the sky, and the mean
// time from 0.5 to 1.0 s on two cores; the greedy package doc has the
// other sets.
//
// seconds is the time to re-assemble, pricing the joins included, and image
// reading and writing excluded. The _dup figures treat pieces whose tiles
// are identical as interchangeable (puzzle.Identical): a reconstruction that
// swaps two pieces of clear sky shows the original picture, and the strict
// figures count it as wrong where the _dup ones do not.
//
// # Benchmark sets
//
// -set DIR runs every PNG and JPEG file of DIR, in the order of their names
// (numbers within names by value, so 2.png comes before 10.png), each with
// the same flags, and prints progress on stderr. With -json it prints one
// object per picture (the fields above plus "image", the file name) and
// then a summary of means, with perfect the count of perfect
// reconstructions:
//
//	{"set":"mcgill540","images":10,"rotate":false,"solver":"greedy","measure":"log(mgc)",
//	 "second":"prediction","evolve":4,"direct":0.98,"neighbour":0.99,"perfect":7,
//	 "seconds":1.5,"direct_dup":0.98,"neighbour_dup":0.99,"perfect_dup":7}
//
// Without -json it prints a table, and when the pictures are one of the
// field's sets at its usual 28-pixel pieces (recognised by the number of
// pieces: 432, 540, 805, 2,360 or 3,300), the best published figures
// beside it. Each solved picture is written to -out as NAME.solved.png.
//
// # Fragments
//
// -pieces DIR re-assembles the PNG and JPEG files of DIR, one square
// fragment each, all of one size, in any order and (unless -upright) any
// orientation, as a scanner gives them. The picture's size is found from
// the fragments unless -rows and -cols give it (one of them fixes which
// way the picture stands). Fragments may be missing, which leaves holes,
// and fragments of other pictures may be mixed in, which are left out: a
// fragment no neighbour vouches for is never put in a cell merely because
// the cell is free. Fragments saved one by one as JPEG lose at their
// edges the detail the measure compares: 292 fragments of a photograph
// saved at quality 90 and turned came out in large correct regions, with
// about half left out as strays and, without -rows and -cols, on a board
// of the wrong shape; PNG or high-quality scans do far better. The
// fragments are numbered by their pixels (puzzle.ContentOrder), so that
// renamed files give the same picture.
//
// It writes solved.png to -out and, with -json, prints where every
// fragment went, turn being the clockwise turn in degrees that shows it the
// right way up, row and col -1 for one left out:
//
//	{"fragments":159,"rows":10,"cols":16,"upright":false,"measure":"log(mgc)",
//	 "seconds":0.9,"placed":158,"holes":2,"unplaced":["scan-144.png"],
//	 "pieces":[{"file":"scan-000.png","row":3,"col":7,"turn":90}, ...]}
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
	"path/filepath"
	"runtime"
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

// defaultMeasure is MGC on the log scale: the placer's choices are MGC's,
// and a board costs the sum of its joins' logarithms (see edge.Log).
var defaultMeasure = edge.Log(edge.DefaultMeasure()).Name()

type config struct {
	image   string
	set     string
	pieces  string
	rows    int
	cols    int
	upright bool
	piece   int
	rotate  bool
	solver  string
	measure string
	second  string
	evolve  int
	seed    uint64
	out     string
	json    bool
	timeout time.Duration
}

// report is the -json output for one picture.
type report struct {
	Image        string  `json:"image,omitempty"`
	Pieces       int     `json:"pieces"`
	Rows         int     `json:"rows"`
	Cols         int     `json:"cols"`
	Rotate       bool    `json:"rotate"`
	Solver       string  `json:"solver"`
	Measure      string  `json:"measure"`
	Second       string  `json:"second,omitempty"`
	Evolve       int     `json:"evolve,omitempty"`
	Seconds      float64 `json:"seconds"`
	Direct       float64 `json:"direct"`
	DirectShift  float64 `json:"direct_shift"`
	Neighbour    float64 `json:"neighbour"`
	Perfect      bool    `json:"perfect"`
	DirectDup    float64 `json:"direct_dup"`
	NeighbourDup float64 `json:"neighbour_dup"`
	PerfectDup   bool    `json:"perfect_dup"`

	status solve.Status
}

func main() {
	var c config
	flag.StringVar(&c.image, "image", "", "PNG or JPEG photograph (default: an embedded photograph)")
	flag.StringVar(&c.set, "set", "", "folder of PNG and JPEG photographs to run one after another, with a summary")
	flag.StringVar(&c.pieces, "pieces", "", "folder of PNG and JPEG fragment pictures, one piece each, to re-assemble")
	flag.IntVar(&c.rows, "rows", 0, "with -pieces: rows of the picture (default: found from the fragments)")
	flag.IntVar(&c.cols, "cols", 0, "with -pieces: columns of the picture (default: found from the fragments)")
	flag.BoolVar(&c.upright, "upright", false, "with -pieces: the fragments are all the right way up")
	flag.IntVar(&c.piece, "piece", 28, "piece size in pixels")
	flag.BoolVar(&c.rotate, "rotate", false, "turn the pieces at random: orientation unknown")
	flag.StringVar(&c.solver, "solver", "greedy", "re-assembly method: "+strings.Join(names(solvers), ", "))
	flag.StringVar(&c.measure, "measure", defaultMeasure, "edge-fitting measure: "+strings.Join(edge.MeasureNames(), ", ")+", or any of them on the log scale, log(NAME)")
	flag.StringVar(&c.second, "second", "prediction", "with the greedy solver, a second measure under which the picture is grown too, the board -measure prices lowest kept (none: off; used below 2,000 pieces)")
	flag.IntVar(&c.evolve, "evolve", 4, "with the greedy solver, at most this many short GA runs that follow the placer, the cheapest board kept (0: off; used below 2,000 pieces)")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the scramble and the solver")
	flag.StringVar(&c.out, "out", "", "directory for the pictures written (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print JSON on stdout instead of the summary")
	flag.DurationVar(&c.timeout, "timeout", 10*time.Minute, "give up on a picture after this long and report the best so far")
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
	given := 0
	for _, s := range []string{c.image, c.set, c.pieces} {
		if s != "" {
			given++
		}
	}
	if given > 1 {
		return errors.New("give one of -image, -set and -pieces")
	}
	if c.rows < 0 || c.cols < 0 {
		return fmt.Errorf("-rows %d -cols %d: a picture's size cannot be negative", c.rows, c.cols)
	}
	if _, ok := solvers[c.solver]; !ok {
		return fmt.Errorf("unknown solver %q; choose one of %s", c.solver, strings.Join(names(solvers), ", "))
	}
	if _, err := edge.NewMeasure(c.measure); err != nil {
		return err
	}
	if c.second != "none" && c.second != "" {
		if _, err := edge.NewMeasure(c.second); err != nil {
			return fmt.Errorf("-second: %w", err)
		}
	}
	if c.set != "" {
		return runSet(c, stdout, stderr)
	}
	if c.pieces != "" {
		if c.solver != "greedy" {
			return fmt.Errorf("-pieces re-assembles with the greedy solver, which finds a picture's size and leaves strays out; -solver %s cannot", c.solver)
		}
		return runPieces(c, stdout, stderr)
	}
	var img image.Image
	var err error
	if c.image == "" {
		img = photo.Chelsea()
	} else if img, err = puzzle.LoadImage(c.image); err != nil {
		return err
	}
	if c.out, err = output.Dir(c.out, "jigsaw-"); err != nil {
		return err
	}
	r, err := solvePicture(c, img, "", nil)
	if err != nil {
		return err
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
	fmt.Fprintf(stdout, "method:     %s with %s (%v)\n", r.Solver, r.Measure, r.status)
	fmt.Fprintf(stdout, "time:       %.3f s\n", r.Seconds)
	fmt.Fprintf(stdout, "direct:     %.3f (%.3f forgiving a shift, %.3f with identical tiles interchangeable)\n", r.Direct, r.DirectShift, r.DirectDup)
	fmt.Fprintf(stdout, "neighbour:  %.3f (%.3f with identical tiles interchangeable)\n", r.Neighbour, r.NeighbourDup)
	fmt.Fprintf(stdout, "perfect:    %v (%v with identical tiles interchangeable)\n", r.Perfect, r.PerfectDup)
	if r.status == solve.Canceled {
		return errors.New("timed out; the report is of the best board so far")
	}
	return nil
}

// solvePicture cuts img, scrambles it, re-assembles it and compares the
// result with the truth. The scrambled and solved boards are written to
// c.out: as scrambled.png and solved.png for a single picture (name ""),
// as NAME.solved.png in a set. progress, if not nil, receives the solver's
// events.
func solvePicture(c config, img image.Image, name string, progress solve.Observer) (report, error) {
	measure, err := edge.NewMeasure(c.measure)
	if err != nil {
		return report{}, err
	}
	p, truth, err := puzzle.Cut(img, c.piece)
	if err != nil {
		return report{}, err
	}
	p.Rotatable = c.rotate
	rng := rand.New(rand.NewPCG(c.seed, 0x6a1))
	if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
		return report{}, err
	}
	if name == "" {
		if err := output.Scrambled(c.out, p); err != nil {
			return report{}, err
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	start := time.Now()
	if progress == nil && !c.json && name == "" {
		progress = progressPrinter(os.Stderr, start)
	}
	table, err := priceJoins(ctx, p, measure, c.solver)
	if err != nil {
		return report{}, err
	}
	solver := solvers[c.solver]()
	second, evolve := "", 0
	if c.solver == "greedy" {
		alt, err := secondOpinion(ctx, p, c)
		if err != nil {
			return report{}, err
		}
		var opts []greedy.Option
		if alt != nil {
			opts, second = append(opts, greedy.WithAlternatives(alt)), c.second
		}
		if len(p.Pieces) < sparseFrom && c.evolve > 0 {
			opts, evolve = append(opts, greedy.WithEvolution(c.evolve)), c.evolve
		}
		solver = greedy.New(opts...)
	}
	res, err := solver.Solve(ctx, solve.Problem{Puzzle: p, Scorer: table},
		solve.WithSeed(c.seed), solve.WithObserver(progress), solve.WithWorkers(runtime.GOMAXPROCS(0)))
	if err != nil {
		return report{}, err
	}
	seconds := time.Since(start).Seconds()
	solvedFile := filepath.Join(c.out, "solved.png")
	if name != "" {
		solvedFile = filepath.Join(c.out, strings.TrimSuffix(name, filepath.Ext(name))+".solved.png")
	}
	if err := output.WritePNG(solvedFile, puzzle.Render(p, res.Board)); err != nil {
		return report{}, err
	}
	same := puzzle.FindIdentical(p).Relabel(truth, res.Board)
	return report{
		Image: name, Pieces: len(p.Pieces), Rows: p.Rows, Cols: p.Cols, Rotate: c.rotate,
		Solver: c.solver, Measure: measure.Name(), Second: second, Evolve: evolve, Seconds: seconds,
		Direct:       puzzle.DirectComparison(truth, res.Board),
		DirectShift:  puzzle.ShiftedDirectComparison(truth, res.Board),
		Neighbour:    puzzle.NeighbourComparison(truth, res.Board),
		Perfect:      puzzle.Perfect(truth, res.Board),
		DirectDup:    puzzle.DirectComparison(truth, same),
		NeighbourDup: puzzle.NeighbourComparison(truth, same),
		PerfectDup:   puzzle.Perfect(truth, same),
		status:       res.Status,
	}, nil
}

// sparseFrom is the number of pieces from which the greedy solver's joins
// are priced by edge.NewSparse: with MGC it ranks the same partners several
// times faster than a dense table (3,249 pieces turned: 5 s of CPU against
// 28 s), and the greedy solver reads few joins outside the lists. The GA
// reads any join, which a dense table answers at once.
const sparseFrom = 2000

// secondOpinion prices p's joins under c.second, for the greedy solver to
// grow the picture under it too (greedy.WithAlternatives), or returns nil
// when -second is none or the puzzle is too large for a dense table. MGC,
// the default measure, is the best on the benchmark sets, but a turned
// piece of fur or foliage can fool it where the prediction measure is
// not fooled: the 972-piece raccoon photograph with orientation unknown
// comes out at neighbour 0.82 under MGC alone and perfect with the second
// growth. On the MIT and McGill halves the second growth's board won once
// (MIT 7, turned: 0.953 to 0.978) and never lost, since MGC prices its own
// board lower wherever that is the better one. It takes the solve's time
// from 0.3 to 0.7 s (McGill, upright) and from 1 to 2.5–2.9 s (turned),
// which from sparseFrom pieces on is left out.
func secondOpinion(ctx context.Context, p *puzzle.Puzzle, c config) (edge.Compatibility, error) {
	if c.second == "none" || c.second == "" || c.second == c.measure || len(p.Pieces) >= sparseFrom {
		return nil, nil
	}
	m, err := edge.NewMeasure(c.second)
	if err != nil {
		return nil, err
	}
	return edge.NewTable(ctx, p, m, 0)
}

// priceJoins builds the compatibility the solver reads.
func priceJoins(ctx context.Context, p *puzzle.Puzzle, m edge.Measure, solver string) (edge.Compatibility, error) {
	if solver == "greedy" && len(p.Pieces) >= sparseFrom {
		return edge.NewSparse(ctx, p, m, edge.DefaultK, 0)
	}
	return edge.NewTable(ctx, p, m, 0)
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
