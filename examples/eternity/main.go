// Eternity solves, counts or scores edge-matching puzzles of the Eternity II
// family, and reproduces the experiments of the Eternity II thesis (seed
// 001) beside its numbers.
//
//	go run ./examples/eternity [-pieces FILE | -gen 8x8 -frame 3 -inner 12 -seed 1]
//	                           [-hints file|none|centre|clues] [-mode solve|count|score|reproduce|merge]
//	                           [-method NAME] [-pin] [-order increasing|decreasing]
//	                           [-timeout D] [-iterations N] [-workers N]
//	                           [-checkpoint FILE -checkpoint-every D] [-resume FILE]
//	                           [-split N [-index I]] [-out DIR] [-json]
//
// -pieces reads a piece file in any format eternity.LoadFile detects (the
// eternity2.dev JSON, Brendan Owen's "W H" text, the hint-count text of the
// generated SAT-style sets, the seed's comma file). Without it the program
// generates a puzzle with puzzle.GenerateColours (-gen ROWSxCOLS, -frame
// frame colours, -inner inner colours, -seed) and scrambles it; the default
// is an 8×8 board with 3 frame and 12 inner colours, which the exact search
// solves in about a second. Fewer inner colours make it harder, not easier:
// 8×8 with 3 and 8, Brendan Owen's choice of the hardest 8×8, has about one
// solution (the planted one), and the exact search makes 2.35·10⁹
// placements before finding it with -seed 1 (a minute or more), against
// 6.5·10⁷ for 3 and 12.
//
// -hints sets the fixed pieces: "file" (the default) keeps those the file
// gives; "none" drops them all, as the seed's experiments did; "centre" is
// the mandatory centre piece alone and "clues" the centre piece with the
// four clue hints: the official puzzle's two rule variants, with no other
// piece fixed (the eternity2.dev files also pin three corners, which
// "file" keeps). The last two exist only for the official 16×16 set and
// are refused for any other puzzle.
//
// Modes and their methods:
//
//   - solve: find one solution. exact (default; eternity's row scan with
//     colour-pair tables) or backtrack (package solve/backtrack).
//   - count: count every solution, with the same two methods.
//   - score: search for the board with the most matched joins until
//     -timeout. breaks (default; eternity.NewBreaks, Blackwood's row scan
//     with a budget of unmatched joins, which -workers, -checkpoint and
//     -resume configure), hunt (eternity.NewHunt, which -workers,
//     -checkpoint and -resume configure; the default when -checkpoint or
//     -resume is given without -method, as it was before breaks saved its
//     state), sa
//     (the seed's annealer), sa-strong,
//     ga-simple, ga-steady, ga-incremental (the seed's three best GA
//     configurations) and backtrack-score (the seed's way of scoring a
//     backtracker: the deepest partial board a row scan reached).
//   - reproduce: the seed's experiments R0 to R11 (see reproduce.go).
//   - merge: combine the results of a count or a score search split into
//     work items (below).
//
// -pin, on by default for -mode count (give -pin to use it with -mode
// solve), puts the lowest-numbered corner piece in the
// top-left corner, turned with its grey sides out, when the board is square
// and has no fixed pieces. Every solution turned as a whole is another
// solution and exactly one of its four turns has that piece there, so the
// pinned search loses nothing and count reports solutions up to turning the
// board, as edge-matching solvers count them. On the shared data's
// em_6x6_b3_i5_s1 and brendan/set1_06x06 (piece 0 is a corner in both) that
// gives 96 and 65 solutions. The data's README says 131 and 100: those are
// the number printed by Dave Clark's C solver, whose counter starts at the
// number of cells less one (35 here) and adds one per solution board, so 131
// = 96 + 35 and 100 = 65 + 35. Its placement counts (9,544,174 and
// 14,518,615) are the exact search's. A first solution is found faster
// without the pin: the pin cuts the search by about four but also leaves one
// of the four turned copies of each solution in it, and it takes from the
// parallel search (FirstParallel) the second starting corner its other
// order would begin with: on em_7x7_b3_i6_s1 the pinned race makes 672
// million placements before its first solution, the unpinned one 143
// million (the decreasing order alone: 50 million).
//
// -order sets the order in which the exact search tries the candidates of
// a cell: "increasing" piece number (the default) or "decreasing"
// (eternity.ExactDescending); within a piece, rotations go in increasing
// order either way. It changes which solution comes first and the
// placements made before it, never a count. The placement count of one
// order needs -workers 1: with more workers -mode solve races the search
// in both orders (eternity.Exact.FirstParallel) and splits it between
// goroutines. The shared data's bench-easy figure, 3,577,121,570
// placements before the first solution, is
//
//	go run ./examples/eternity -pieces bench-easy.json -order decreasing -workers 1
//
// -iterations gives a score search a budget of iterations (placements,
// moves or generations) as well as -timeout: the run then ends at the
// same board for a seed on any machine, as long as the timeout does not
// come first.
//
// -workers sets the goroutines of the exact solve, the hunt and breaks;
// it defaults to runtime.GOMAXPROCS(0), so that GOMAXPROCS=1 gives one
// worker, a deterministic run and a placement count that repeats.
//
// # Work items
//
// A count too long for one machine runs as N work items of an existing
// batch engine: -mode count -split N -index I counts item I's share of the
// search (the branches of eternity.Exact.Split numbered I modulo N, the
// same split in every item) and writes it as item-IIIII-of-NNNNN.json
// under -out, a folder all items share. -index defaults to the
// JOB_COMPLETION_INDEX environment variable, which a Kubernetes Indexed Job
// sets in each pod, so the same command line serves every item. Then
//
//	go run ./examples/eternity -mode merge -out DIR
//
// checks that every index of the split reported a finished count of the
// same search (puzzle, pin and order) and prints the sum: the solutions
// and the placements of a single run.
//
// An item saves its state as checkpoint-IIIII-of-NNNNN.json under -out
// every -checkpoint-every and when it is stopped (-timeout, an interrupt,
// or the SIGTERM an engine sends before it preempts a pod); run again, it
// goes on from there and ends with the counts of an item run straight
// through. The checkpoint is removed once the item's result is written.
//
// count-job.yaml beside this file is such a Job (16 items, two at a time,
// a shared volume for the results), with the ko command that builds the
// image and starts it.
//
// A score search splits the same way, but into searches rather than
// shares of one: -mode score -split N -index I runs item I as the method's
// search (breaks by default) from a seed of its own, drawn from -seed and
// I, until -timeout (and -iterations), and writes its best board and
// score as item-IIIII-of-NNNNN.json, with its picture as
// board-IIIII-of-NNNNN.png, under -out. Breaks and hunt items save
// checkpoint-IIIII-of-NNNNN.json every -checkpoint-every and when stopped
// from outside (an interrupt, a SIGTERM), which then exits with an error
// so that the engine runs the item again; run again, the item goes on
// from its checkpoint and counts -timeout over all its runs, and with
// -iterations it ends at the board of an item run straight through.
// Items of the other methods start afresh. -mode merge -out DIR checks
// that every index reported a finished search of the same puzzle, method,
// seed and budget, keeps the best board (of equal scores, the lowest
// index's), prints its score and writes it to DIR/best-board.txt
// (eternity.Grid). score-job.yaml is such a Job on the official set with
// the centre hint, one core per item.
//
// With -json the program prints one JSON object on stdout, and progress
// goes to stderr either way:
//
//	{"name":"gen-8x8-f3-i12-s1","rows":8,"cols":8,"mode":"solve","method":"exact",
//	 "score":112,"max_score":112,"score544":144,"max_score544":144,"solutions":1,
//	 "nodes":64852942,"iterations":64852942,"seconds":0.99,"status":"solved",
//	 "pinned":true,"hints":0,"png":"/tmp/eternity-1/board.png"}
//
// score counts matched inner joins (eternity.Score, 480 at most on 16×16)
// and score544 the seed's measure (eternity.Score544, 544). solutions is 1
// for a solved board, the count in count mode (up to turns when pinned), 0
// otherwise. nodes counts committed placements of the exact and backtracking
// searches; iterations counts each method's main steps (placements, moves or
// generations). status is the solve.Status of the run. The picture of the
// final board (eternity.Render) is board.png under -out.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/sa"
)

// Defaults of the generated puzzle: quick to solve (see the package doc).
const (
	defaultGen   = "8x8"
	defaultFrame = 3
	defaultInner = 12
)

type config struct {
	pieces       string
	gen          string
	frame, inner int
	seed         uint64
	hints        string
	mode         string
	method       string
	pin          bool
	// pinSet records that -pin was given, so that a pin the board cannot
	// take is an error rather than quietly dropped.
	pinSet          bool
	order           string
	split, index    int
	timeout         time.Duration
	iterations      int64
	workers         int
	checkpoint      string
	checkpointEvery time.Duration
	resume          string
	out             string
	json            bool
	repro           reproBudget
}

// report is the -json output of the solve, count and score modes.
type report struct {
	Name        string  `json:"name"`
	Rows        int     `json:"rows"`
	Cols        int     `json:"cols"`
	Mode        string  `json:"mode"`
	Method      string  `json:"method"`
	Score       int     `json:"score"`
	MaxScore    int     `json:"max_score"`
	Score544    int     `json:"score544"`
	MaxScore544 int     `json:"max_score544"`
	Solutions   uint64  `json:"solutions"`
	Nodes       int64   `json:"nodes"`
	Iterations  int64   `json:"iterations"`
	Seconds     float64 `json:"seconds"`
	Status      string  `json:"status"`
	Pinned      bool    `json:"pinned"`
	Order       string  `json:"order,omitempty"`
	Hints       int     `json:"hints"`
	PNG         string  `json:"png,omitempty"`
	// Split and Index say which work item a count was (Index of Split);
	// a merge gives Split alone.
	Split int  `json:"split,omitempty"`
	Index *int `json:"index,omitempty"`
	// Best is the item whose board a merge of score items kept.
	Best *int `json:"best,omitempty"`
}

// modes lists the modes, each with its methods, the first the default.
var modes = map[string][]string{
	"solve":     {"exact", "backtrack"},
	"count":     {"exact", "backtrack"},
	"score":     {"breaks", "hunt", "sa", "sa-strong", "ga-simple", "ga-steady", "ga-incremental", "backtrack-score"},
	"reproduce": nil,
	"merge":     nil,
}

func main() {
	c := config{repro: defaultReproBudget()}
	flag.StringVar(&c.pieces, "pieces", "", "piece file in any supported format (default: a generated puzzle)")
	flag.StringVar(&c.gen, "gen", "", "generate a ROWSxCOLS puzzle (default "+defaultGen+" unless -pieces is given)")
	flag.IntVar(&c.frame, "frame", defaultFrame, "frame colours of a generated puzzle")
	flag.IntVar(&c.inner, "inner", defaultInner, "inner colours of a generated puzzle")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the generator, the scramble and the stochastic methods")
	flag.StringVar(&c.hints, "hints", "file", "fixed pieces: file (as the file gives), none, centre or clues (the last two for the official 16×16 set)")
	flag.StringVar(&c.mode, "mode", "solve", "solve, count, score, reproduce or merge (of work items' results under -out)")
	flag.StringVar(&c.method, "method", "", "method: "+methodHelp()+" (default: the first of the mode's; hunt with -checkpoint or -resume)")
	flag.BoolVar(&c.pin, "pin", true, "pin the lowest-numbered corner piece top-left on a square board without hints (default for count; solve only when given)")
	flag.StringVar(&c.order, "order", orderIncreasing, "exact: candidate order, "+orderIncreasing+" or "+orderDecreasing+" piece number (the placement count of one order needs -workers 1)")
	flag.IntVar(&c.split, "split", 0, "count and score: run the search as this many work items, each writing its result under -out (default: one run)")
	flag.IntVar(&c.index, "index", -1, "the work item to run, 0 to N-1 for -split N (default: $"+indexEnv+")")
	flag.DurationVar(&c.timeout, "timeout", 0, "give up after this long (default 10m for solve and count, 1m for score; a score item's over all its runs)")
	flag.Int64Var(&c.iterations, "iterations", 0, "score: a budget of iterations as well as -timeout, which fixes a run by its seed whatever the machine (default: none)")
	flag.IntVar(&c.workers, "workers", runtime.GOMAXPROCS(0), "goroutines of the exact solve, the hunt and breaks (default: GOMAXPROCS)")
	flag.StringVar(&c.checkpoint, "checkpoint", "", "hunt and breaks: save the search to this file")
	flag.DurationVar(&c.checkpointEvery, "checkpoint-every", time.Minute, "hunt and -split items: how often to save the checkpoint (it is saved at the end too)")
	flag.StringVar(&c.resume, "resume", "", "hunt and breaks: go on from this checkpoint")
	flag.StringVar(&c.out, "out", "", "directory for the pictures (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout instead of the summary")
	c.repro.flags(flag.CommandLine)
	flag.Parse()
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "pin" {
			c.pinSet = true
		}
	})
	// An interrupt or a SIGTERM (a batch engine's notice of preemption)
	// ends the search as a timeout does: the report, and the checkpoint
	// of a hunt or a work item, are of what it had.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, c, os.Stdout, os.Stderr); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "eternity:", err)
		os.Exit(1)
	}
}

func methodHelp() string {
	var parts []string
	for _, m := range []string{"solve", "count", "score"} {
		parts = append(parts, m+": "+strings.Join(modes[m], ", "))
	}
	return strings.Join(parts, "; ")
}

// instance is the puzzle a run works on.
type instance struct {
	name string
	p    *puzzle.Puzzle
	// generated is set for a puzzle made here rather than read.
	generated bool
}

func run(ctx context.Context, c config, stdout, stderr io.Writer) error {
	methods, ok := modes[c.mode]
	if !ok {
		return fmt.Errorf("unknown -mode %q; choose solve, count, score, reproduce or merge", c.mode)
	}
	if c.mode == "merge" {
		return merge(c, stdout, stderr)
	}
	if c.mode == "reproduce" {
		if c.method != "" {
			return errors.New("-method does not apply to -mode reproduce, which runs every method")
		}
		return reproduce(ctx, c, stdout, stderr)
	}
	if c.method == "" {
		c.method = methods[0]
		if c.checkpoint != "" || c.resume != "" {
			// Only the hunt saves its state.
			c.method = "hunt"
		}
	}
	if !slices.Contains(methods, c.method) {
		return fmt.Errorf("unknown -method %q for -mode %s; choose one of %s", c.method, c.mode, strings.Join(methods, ", "))
	}
	if c.order == "" {
		c.order = orderIncreasing
	}
	if c.order != orderIncreasing && c.order != orderDecreasing {
		return fmt.Errorf("-order %q: choose %s or %s", c.order, orderIncreasing, orderDecreasing)
	}
	if c.order != orderIncreasing && c.method != "exact" {
		return fmt.Errorf("-order applies to -method exact, not %s", c.method)
	}
	if c.workers < 1 {
		return fmt.Errorf("-workers %d: want 1 or more", c.workers)
	}
	if err := resolveIndex(&c); err != nil {
		return err
	}
	if (c.checkpoint != "" || c.resume != "") && c.method != "hunt" && c.method != "breaks" {
		return fmt.Errorf("-checkpoint and -resume apply to -method hunt and -method breaks, not %s", c.method)
	}
	if (c.checkpoint != "" || c.resume != "") && c.split > 0 {
		return errors.New("-checkpoint and -resume do not apply to work items, which keep their checkpoints under -out")
	}
	if c.iterations < 0 || c.iterations > 0 && c.mode != "score" {
		return fmt.Errorf("-iterations %d: a budget of 1 or more, for -mode score", c.iterations)
	}
	if c.timeout < 0 {
		return fmt.Errorf("-timeout %v: must not be negative", c.timeout)
	}
	if c.timeout == 0 {
		c.timeout = 10 * time.Minute
		if c.mode == "score" {
			c.timeout = time.Minute
		}
	}
	in, err := load(c, stderr)
	if err != nil {
		return err
	}
	if c.out, err = output.Dir(c.out, "eternity-"); err != nil {
		return err
	}
	p := in.p
	fmt.Fprintf(stderr, "%s: %d×%d, %d pieces, %d fixed; %s by %s\n", in.name, p.Rows, p.Cols, len(p.Pieces), len(p.Fixed), c.mode, c.method)

	// A score item keeps its own time, over all its runs, and tells a
	// stop from outside from its time running out.
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var o outcome
	switch c.mode {
	case "solve", "count":
		pin, err := choosePin(p, c, stderr)
		if err != nil {
			return err
		}
		xopts := exactOptions(pin, c.order)
		switch {
		case c.mode == "solve":
			o, err = solveExact(ctx, p, c.method, pin, xopts, c.workers, stderr)
		case c.split > 0:
			o, err = countItem(ctx, in, c, pin, xopts, stderr)
		default:
			o, err = count(ctx, p, c.method, pin, xopts, stderr)
		}
		if err != nil {
			return err
		}
		o.pinned = pin >= 0
	case "score":
		if c.split > 0 {
			o, err = scoreItem(parent, in, c, stderr)
		} else {
			o, err = score(ctx, p, c, stderr)
		}
		if err != nil {
			return err
		}
	}

	r := report{
		Name: in.name, Rows: p.Rows, Cols: p.Cols, Mode: c.mode, Method: c.method,
		MaxScore: eternity.MaxScore(p.Rows, p.Cols), MaxScore544: eternity.MaxScore544(p.Rows, p.Cols),
		Solutions: o.solutions, Nodes: o.nodes, Iterations: o.iterations, Seconds: o.seconds,
		Status: o.status.String(), Pinned: o.pinned, Hints: len(p.Fixed),
	}
	if c.method == "exact" {
		r.Order = c.order
	}
	if c.split > 0 {
		r.Split, r.Index = c.split, &c.index
	}
	if o.board != nil {
		r.Score, r.Score544 = eternity.Score(p, o.board), eternity.Score544(p, o.board)
		r.PNG = filepath.Join(c.out, "board.png")
		if o.png != "" {
			r.PNG = o.png
		}
		if err := writePNG(r.PNG, p, o.board); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "picture in %s\n", r.PNG)
	}
	if c.json {
		if err := json.NewEncoder(stdout).Encode(r); err != nil {
			return err
		}
	} else {
		printSummary(stdout, r)
	}
	if o.unfinished {
		return fmt.Errorf("item %d of %d stopped before the end; its checkpoint is under %s, and the item run again goes on from it", c.index, c.split, c.out)
	}
	// A solve or count that ran out of time did not do its job; a score
	// search always ends so.
	if c.mode != "score" && o.status != solve.Solved && o.status != solve.Exhausted {
		return fmt.Errorf("%s stopped before the end (%v, with -timeout %v); the report is of what it had", c.mode, o.status, c.timeout)
	}
	return nil
}

func printSummary(w io.Writer, r report) {
	fmt.Fprintf(w, "puzzle:     %s (%d×%d, %d fixed)\n", r.Name, r.Rows, r.Cols, r.Hints)
	fmt.Fprintf(w, "method:     %s %s (%s)\n", r.Mode, r.Method, r.Status)
	fmt.Fprintf(w, "score:      %d/%d joins (seed's measure %d/%d)\n", r.Score, r.MaxScore, r.Score544, r.MaxScore544)
	switch {
	case r.Best != nil:
		fmt.Fprintf(w, "best:       item %d of %d\n", *r.Best, r.Split)
	case r.Mode == "count", r.Mode == "merge":
		up := ""
		if r.Pinned {
			up = " up to turning the board"
		}
		fmt.Fprintf(w, "solutions:  %d%s\n", r.Solutions, up)
	case r.Mode == "solve":
		fmt.Fprintf(w, "solved:     %v\n", r.Solutions > 0)
	}
	if r.Nodes > 0 {
		fmt.Fprintf(w, "placements: %d (%.3g per second)\n", r.Nodes, rate(r.Nodes, r.Seconds))
	} else {
		fmt.Fprintf(w, "iterations: %d\n", r.Iterations)
	}
	fmt.Fprintf(w, "time:       %.3f s\n", r.Seconds)
	if r.PNG != "" {
		fmt.Fprintf(w, "picture:    %s\n", r.PNG)
	}
}

func rate(n int64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(n) / seconds
}

// load reads or generates the puzzle and sets its hints.
func load(c config, stderr io.Writer) (instance, error) {
	var in instance
	switch {
	case c.pieces != "" && c.gen != "":
		return in, errors.New("give -pieces or -gen, not both")
	case c.pieces != "":
		inst, err := eternity.LoadFile(c.pieces)
		if err != nil {
			return in, err
		}
		for _, w := range inst.Warnings {
			fmt.Fprintf(stderr, "%s: %s\n", c.pieces, w)
		}
		in = instance{name: inst.Name, p: inst.Puzzle}
	default:
		gen := c.gen
		if gen == "" {
			gen = defaultGen
		}
		var err error
		if in, err = generate(gen, c.frame, c.inner, c.seed); err != nil {
			return in, err
		}
	}
	p, err := withHints(in.p, c.hints)
	if err != nil {
		return in, err
	}
	in.p = p
	return in, nil
}

// generate makes a scrambled puzzle of GenerateColours, with the planted
// solution thrown away.
func generate(size string, frame, inner int, seed uint64) (instance, error) {
	var rows, cols int
	if n, err := fmt.Sscanf(size, "%dx%d", &rows, &cols); err != nil || n != 2 || fmt.Sprintf("%dx%d", rows, cols) != size {
		return instance{}, fmt.Errorf("-gen %q: want ROWSxCOLS, such as 8x8", size)
	}
	if rows < 2 || cols < 2 || rows*cols > 1<<16 {
		return instance{}, fmt.Errorf("-gen %s: rows and columns must be at least 2 and the board at most 65,536 cells", size)
	}
	if frame < 1 || inner < 1 {
		return instance{}, fmt.Errorf("-frame %d -inner %d: a generated puzzle needs at least one colour of each", frame, inner)
	}
	rng := rand.New(rand.NewPCG(seed, 0xe2))
	p, truth, err := puzzle.GenerateColours(rows, cols, frame, inner, rng)
	if err != nil {
		return instance{}, err
	}
	if p, _, err = puzzle.Scramble(p, truth, rng); err != nil {
		return instance{}, err
	}
	name := fmt.Sprintf("gen-%dx%d-f%d-i%d-s%d", rows, cols, frame, inner, seed)
	return instance{name: name, p: p, generated: true}, nil
}

// official reports whether p is the official Eternity II set: the census
// of its 16×16 board must be the one eternity.Census documents (4 corners,
// 56 edges, 196 inner pieces, 5 frame and 17 inner colours) with the three
// repeated-corner pieces 173, 199 and 233 (from 1). A generated set of the
// same shape differs in the last at least.
func official(p *puzzle.Puzzle) error {
	if p.Rows != eternity.OfficialRows || p.Cols != eternity.OfficialCols {
		return fmt.Errorf("the board is %d×%d, not 16×16", p.Rows, p.Cols)
	}
	cen := eternity.TakeCensus(p)
	if n := len(cen.FrameColours()); n != eternity.OfficialFrameColours {
		return fmt.Errorf("%d frame colours, not %d", n, eternity.OfficialFrameColours)
	}
	if n := len(cen.InnerColours()); n != eternity.OfficialInnerColours {
		return fmt.Errorf("%d inner colours, not %d", n, eternity.OfficialInnerColours)
	}
	if got := fromOne(cen.RepeatedCorners); !slices.Equal(got, officialRepeatedCorners) {
		return fmt.Errorf("the pieces with a repeated corner are %v, not %v", got, officialRepeatedCorners)
	}
	return nil
}

// officialRepeatedCorners are the official set's pieces (from 1) with the
// same ordered colour pair at two corners: the seed's §4.3.2.7.
var officialRepeatedCorners = []int{173, 199, 233}

func fromOne(ids []puzzle.PieceID) []int {
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i] = int(id) + 1
	}
	return out
}

// withHints returns p with the fixed pieces -hints asks for.
func withHints(p *puzzle.Puzzle, hints string) (*puzzle.Puzzle, error) {
	switch hints {
	case "file", "":
		return p, nil
	case "none":
		q := p.Clone()
		q.Fixed = nil
		return q, nil
	}
	preset, err := eternity.ParsePreset(hints)
	if err != nil || preset == eternity.NoHints {
		return nil, fmt.Errorf("-hints %q: choose file, none, centre or clues", hints)
	}
	if err := official(p); err != nil {
		return nil, fmt.Errorf("-hints %s: the hints belong to the official Eternity II set, and this puzzle is not it: %w", hints, err)
	}
	return eternity.OfficialRules(p, preset)
}

// choosePin returns the corner piece to pin top-left, or −1 for none.
func choosePin(p *puzzle.Puzzle, c config, stderr io.Writer) (puzzle.PieceID, error) {
	if !c.pin || (c.mode == "solve" && !c.pinSet) {
		return -1, nil
	}
	why := ""
	corner := puzzle.PieceID(-1)
	for i := range p.Pieces {
		if eternity.KindOf(&p.Pieces[i]) == eternity.Corner {
			corner = puzzle.PieceID(i)
			break
		}
	}
	switch {
	case p.Rows != p.Cols:
		why = "the board is not square, so a turned solution need not put a given corner piece top-left"
	case len(p.Fixed) > 0:
		why = "the puzzle has fixed pieces, which a turned solution would move"
	case !p.Rotatable:
		why = "its pieces do not turn"
	case corner < 0:
		why = "it has no corner piece"
	}
	if why == "" {
		return corner, nil
	}
	if c.pinSet {
		return -1, fmt.Errorf("-pin: cannot pin a corner: %s; use -pin=false", why)
	}
	fmt.Fprintf(stderr, "not pinning a corner: %s\n", why)
	return -1, nil
}

// outcome is what a mode found.
type outcome struct {
	board      *puzzle.Board
	solutions  uint64
	nodes      int64
	iterations int64
	seconds    float64
	status     solve.Status
	pinned     bool
	// png names the picture, when not board.png; unfinished marks a work
	// item stopped from outside before its end.
	png        string
	unfinished bool
}

// pinned returns p with the corner piece fixed in the top-left cell,
// turned with its grey sides on the top and the left: the backtracking
// solver's way to the exact search's pin. Unlike the pin, the fixed piece
// is not counted as a placement.
func pinned(p *puzzle.Puzzle, corner puzzle.PieceID) *puzzle.Puzzle {
	q := p.Clone()
	pc := &q.Pieces[corner]
	for r := puzzle.Rotation(0); r < 4; r++ {
		if pc.Edge(r, puzzle.Top) == puzzle.Flat && pc.Edge(r, puzzle.Left) == puzzle.Flat {
			q.Fixed = append(q.Fixed, puzzle.FixedPiece{Placement: puzzle.Placement{Piece: corner, Rotation: r}})
			break
		}
	}
	return q
}

// The values of -order.
const (
	orderIncreasing = "increasing"
	orderDecreasing = "decreasing"
)

// exactOptions returns the exact search's options for the pin (−1 for
// none) and the -order.
func exactOptions(pin puzzle.PieceID, order string) []eternity.ExactOption {
	var opts []eternity.ExactOption
	if pin >= 0 {
		opts = append(opts, eternity.ExactPinCorner(pin))
	}
	if order == orderDecreasing {
		opts = append(opts, eternity.ExactDescending())
	}
	return opts
}

// solveExact finds one solution; xopts configure the exact search.
func solveExact(ctx context.Context, p *puzzle.Puzzle, method string, pin puzzle.PieceID, xopts []eternity.ExactOption, workers int, stderr io.Writer) (outcome, error) {
	var sv solve.Solver
	prob := solve.Problem{Puzzle: p}
	switch method {
	case "exact":
		sv = eternity.NewExactSolver(xopts...)
	case "backtrack":
		if pin >= 0 {
			prob.Puzzle = pinned(p, pin)
		}
		sv = backtrack.New()
	}
	start := time.Now()
	res, err := sv.Solve(ctx, prob, solve.WithObserver(progress(stderr, p, start)), solve.WithProgressEvery(1<<22), solve.WithWorkers(workers))
	if err != nil {
		return outcome{}, err
	}
	o := outcome{board: res.Board, nodes: res.Stats.Nodes, iterations: res.Stats.Iterations,
		seconds: time.Since(start).Seconds(), status: res.Status}
	if res.Status == solve.Solved {
		o.solutions = 1
	}
	return o, nil
}

// count counts the solutions; with a pin, up to turning the board. xopts
// configure the exact search.
func count(ctx context.Context, p *puzzle.Puzzle, method string, pin puzzle.PieceID, xopts []eternity.ExactOption, stderr io.Writer) (outcome, error) {
	start := time.Now()
	stop := ticker(stderr, start)
	defer stop()
	var o outcome
	switch method {
	case "exact":
		x, err := eternity.NewExact(p, xopts...)
		if err != nil {
			return o, err
		}
		n, st, err := x.Count(ctx)
		if err != nil {
			return o, err
		}
		o = outcome{solutions: n, nodes: int64(st.Nodes), iterations: int64(st.Nodes), seconds: time.Since(start).Seconds(), status: st.Status}
		if n > 0 {
			// For the picture: the first solution comes before the
			// count's end, so it costs no more than the count did.
			o.board, _, err = x.First(ctx)
			if err != nil {
				return o, err
			}
		}
	case "backtrack":
		q := p
		if pin >= 0 {
			q = pinned(p, pin)
		}
		prob := solve.Problem{Puzzle: q}
		n, err := backtrack.New().Count(ctx, prob)
		if err != nil {
			return o, err
		}
		o = outcome{solutions: uint64(max(n.Raw, 0)), nodes: n.Stats.Nodes, iterations: n.Stats.Iterations,
			seconds: time.Since(start).Seconds(), status: n.Status}
		if n.Raw > 0 {
			res, err := backtrack.New().Solve(ctx, prob)
			if err != nil {
				return o, err
			}
			if res.Status == solve.Solved {
				o.board = res.Board
			}
		}
	}
	return o, nil
}

// saving returns a search's options that save it to -checkpoint every
// -checkpoint-every and resume it from -resume, made by save and resume.
func saving[O any](c config, save func(string, time.Duration) O, resume func(string) O) []O {
	var opts []O
	if c.checkpoint != "" {
		opts = append(opts, save(c.checkpoint, c.checkpointEvery))
	}
	if c.resume != "" {
		opts = append(opts, resume(c.resume))
	}
	return opts
}

// scoreSolver returns the max-score search of -mode score called method.
func scoreSolver(method string, c config) solve.Solver {
	switch method {
	case "hunt":
		return eternity.NewHunt(saving(c, eternity.WithCheckpoint, eternity.Resume)...)
	case "breaks":
		return eternity.NewBreaks(saving(c, eternity.BreaksSave, eternity.BreaksResume)...)
	case "sa":
		return sa.New(sa.Eternity())
	case "sa-strong":
		return sa.New(sa.Strong())
	case "ga-simple":
		return ga.New(ga.EternitySimple())
	case "ga-steady":
		return ga.New(ga.EternitySteadyState())
	case "ga-incremental":
		return ga.New(ga.EternityIncremental())
	case "backtrack-score":
		// A row scan's deepest partial board, every join of it matched:
		// how the seed scored its backtracker.
		return backtrack.New()
	}
	return nil
}

// score runs a max-score search until the timeout or its own end.
func score(ctx context.Context, p *puzzle.Puzzle, c config, stderr io.Writer) (outcome, error) {
	return runScore(ctx, p, scoreSolver(c.method, c), c, stderr)
}

// runScore runs sv, the search of c.method, until ctx ends, -iterations
// or its own end.
func runScore(ctx context.Context, p *puzzle.Puzzle, sv solve.Solver, c config, stderr io.Writer) (outcome, error) {
	if sv == nil {
		return outcome{}, fmt.Errorf("unknown score method %q", c.method)
	}
	start := time.Now()
	opts := []solve.Option{solve.WithSeed(c.seed), solve.WithObserver(progress(stderr, p, start))}
	if c.iterations > 0 {
		opts = append(opts, solve.WithMaxIterations(c.iterations))
	}
	if c.method == "hunt" || c.method == "breaks" {
		opts = append(opts, solve.WithWorkers(c.workers))
	}
	if c.method == "backtrack-score" || c.method == "breaks" {
		opts = append(opts, solve.WithProgressEvery(1<<22))
	}
	res, err := sv.Solve(ctx, solve.Problem{Puzzle: p}, opts...)
	if err != nil {
		return outcome{}, err
	}
	o := outcome{board: res.Board, iterations: res.Stats.Iterations, seconds: time.Since(start).Seconds(), status: res.Status}
	if c.method == "backtrack-score" || c.method == "breaks" {
		o.nodes = res.Stats.Nodes
	}
	if res.Status == solve.Solved && res.Board != nil && eternity.Score(p, res.Board) == eternity.MaxScore(p.Rows, p.Cols) {
		o.solutions = 1
	}
	return o, nil
}

// progress reports on stderr at most once a second, after the first.
func progress(w io.Writer, p *puzzle.Puzzle, start time.Time) solve.Observer {
	last := start
	return func(ev solve.Event) error {
		now := time.Now()
		if now.Sub(start) < time.Second || now.Sub(last) < time.Second {
			return nil
		}
		last = now
		secs := now.Sub(start).Seconds()
		if ev.Board == nil {
			fmt.Fprintf(w, "%7.1fs  iterations %d (%.3g/s)\n", secs, ev.Stats.Iterations, float64(ev.Stats.Iterations)/secs)
			return nil
		}
		fmt.Fprintf(w, "%7.1fs  best %d/%d joins  iterations %d\n", secs, eternity.Score(p, ev.Board), eternity.MaxScore(p.Rows, p.Cols), ev.Stats.Iterations)
		return nil
	}
}

// ticker prints the time every ten seconds for a search that reports no
// progress of its own, and returns a function that stops it and waits
// until it has stopped, so that nothing is written after.
func ticker(w io.Writer, start time.Time) func() {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				fmt.Fprintf(w, "%7.1fs  counting\n", now.Sub(start).Seconds())
			}
		}
	}()
	return func() { close(done); <-stopped }
}

func writePNG(path string, p *puzzle.Puzzle, b *puzzle.Board) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := eternity.WritePNG(f, p, b, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
