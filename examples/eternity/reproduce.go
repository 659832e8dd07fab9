package main

// -mode reproduce runs the Eternity II thesis's experiments (seed 001) on
// the official set, or on a generated set of the same shape when no
// -pieces is given, and prints each beside the thesis's number:
//
//	R0  random boards: mean score 25.8/544 (its GA's first generation of
//	    150: minimum 13, maximum 41)
//	R1  its 3×3 EternityEditor board (Figure 14): 24/24, 12/12 inner joins
//	R2  pieces with a repeated corner: 173, 199, 233
//	R3  simple GA, best configuration: 102/544 in 154 s, 2,094 generations
//	R4  steady-state GA: 300/544 in 272 s, 8,390 generations
//	R5  incremental GA: 199/544 in 13 s, 12,121 generations
//	R6  simulated annealing (T0 1, ×0.9, 500 × 1,000 moves): 380/544 on
//	    average at about 130 s, best run 394
//	R7  backtracking: 389/544 after 48 minutes of a 90-minute run, 350
//	    after 15 s, 1,269,539 moves at 237 per second
//	R8  ranking: SA > backtracking > GA
//	R9  polynomial system of a 16×16 board: 550 to 650 equations, 1.8 s
//	R10 Toulis's runs: backtracking 384 in 88 s, SA 400 in 54 s
//	R11 the literature: Verhaard 467/480, Wauters et al. 461/480 in an hour
//
// The GAs and the annealer run -r-runs times (the thesis: 5) from seeds
// -seed, -seed+1, ..., and their mean is set beside the thesis's averages.
// Each search has its own time limit (-r-ga and -r-sa per run,
// -r-backtrack, -r-hunt), so the whole reproduction takes two to three
// minutes by default; the GAs usually end earlier, after 500 generations
// without progress as in the thesis.
// The thesis ran with no hints, so the file's hints are dropped unless
// -hints asks for some.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/sa"
)

// reproBudget bounds the reproduction's experiments.
type reproBudget struct {
	random, runs            int
	ga, sa, backtrack, hunt time.Duration
}

func defaultReproBudget() reproBudget {
	return reproBudget{random: 3000, runs: 5, ga: 8 * time.Second, sa: 10 * time.Second,
		backtrack: 20 * time.Second, hunt: 30 * time.Second}
}

func (b *reproBudget) flags(fs *flag.FlagSet) {
	fs.IntVar(&b.random, "r-random", b.random, "reproduce: random boards of R0")
	fs.IntVar(&b.runs, "r-runs", b.runs, "reproduce: runs of each GA and of the annealer, from seeds -seed on (the thesis: 5)")
	fs.DurationVar(&b.ga, "r-ga", b.ga, "reproduce: time limit of each GA run (R3-R5; the thesis ran them to 500 stalled generations)")
	fs.DurationVar(&b.sa, "r-sa", b.sa, "reproduce: time limit of each annealer run (R6), which ends by itself after 500 × 1,000 moves")
	fs.DurationVar(&b.backtrack, "r-backtrack", b.backtrack, "reproduce: time limit of the backtracker (R7; the thesis: 90 minutes)")
	fs.DurationVar(&b.hunt, "r-hunt", b.hunt, "reproduce: time limit of the hunt (R11)")
}

func (b reproBudget) check() error {
	if b.random < 1 {
		return fmt.Errorf("-r-random %d: want at least one board", b.random)
	}
	if b.runs < 1 {
		return fmt.Errorf("-r-runs %d: want at least one run", b.runs)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"-r-ga", b.ga}, {"-r-sa", b.sa}, {"-r-backtrack", b.backtrack}, {"-r-hunt", b.hunt}} {
		if d.v <= 0 {
			return fmt.Errorf("%s %v: must be positive", d.name, d.v)
		}
	}
	return nil
}

// reproRow is one experiment: the thesis's number and ours.
type reproRow struct {
	ID         string `json:"id"`
	Experiment string `json:"experiment"`
	Seed       string `json:"seed"`
	Ours       string `json:"ours"`
	// Score544 is our board's score in the thesis's measure, where one
	// applies.
	Score544 *int `json:"score544,omitempty"`
	// Seconds is our run's time, where one applies.
	Seconds *float64 `json:"seconds,omitempty"`
}

// reproReport is the -json output of -mode reproduce.
type reproReport struct {
	Name    string     `json:"name"`
	RealSet bool       `json:"real_set"`
	Note    string     `json:"note,omitempty"`
	Rows    []reproRow `json:"rows"`
	OutDir  string     `json:"out"`
}

// fixture3x3 is the thesis's Figure 14: an EternityEditor board of 3×3
// cells, each cell's colours top, right, bottom, left.
const fixture3x3 = `0 1 3 0   0 3 1 1   0 0 4 3
3 2 1 0   1 1 4 2   4 0 3 1
1 4 0 0   4 2 0 4   3 0 0 2
`

// run544 is a search run in the reproduction.
type run544 struct {
	method   string
	board    *puzzle.Board
	score    int // Score544
	score480 int
	seconds  float64
	iters    int64
	nodes    int64
	status   solve.Status
	// reached is when the best board first reached the threshold asked
	// for, or −1.
	reached float64
}

func reproduce(ctx context.Context, c config, stdout, stderr io.Writer) error {
	if err := c.repro.check(); err != nil {
		return err
	}
	rep := reproReport{}
	var in instance
	var err error
	if c.hints == "file" || c.hints == "" {
		c.hints = "none"
	}
	if c.pieces == "" && c.gen == "" {
		if in, err = generate("16x16", eternity.OfficialFrameColours, eternity.OfficialInnerColours, c.seed); err != nil {
			return err
		}
		if in.p, err = withHints(in.p, c.hints); err != nil {
			return err
		}
		rep.Note = "no -pieces: a generated 16×16 set with 5 frame and 17 inner colours stands in for the official one; " +
			"pass -pieces instances/e2-16x16-v00.json of the shared data for the real set"
	} else if in, err = load(c, stderr); err != nil {
		return err
	}
	p := in.p
	rep.Name = in.name
	rep.RealSet = official(p) == nil
	if c.out, err = output.Dir(c.out, "eternity-reproduce-"); err != nil {
		return err
	}
	rep.OutDir = c.out
	if rep.Note != "" {
		fmt.Fprintln(stderr, rep.Note)
	}
	fmt.Fprintf(stderr, "%s: %d×%d, %d pieces, %d fixed\n", in.name, p.Rows, p.Cols, len(p.Pieces), len(p.Fixed))
	max544 := eternity.MaxScore544(p.Rows, p.Cols)
	rng := rand.New(rand.NewPCG(c.seed, 0x5eed001))
	add := func(r reproRow) {
		rep.Rows = append(rep.Rows, r)
		fmt.Fprintf(stderr, "%s %s: %s\n", r.ID, r.Experiment, r.Ours)
	}

	// R0: the score of random boards.
	mean, sd, lo, hi := randomBoards(p, c.repro.random, rng)
	add(reproRow{ID: "R0", Experiment: "random boards (/544)",
		Seed: "mean 25.8; population of 150: min 13, max 41",
		Ours: fmt.Sprintf("mean %.2f, sd %.2f over %d boards; per 150: min %.1f, max %.1f on average", mean, sd, c.repro.random, lo, hi)})

	// R1: the thesis's 3×3 board.
	fp, fb, err := eternity.ReadColourBoard(strings.NewReader(fixture3x3))
	if err != nil {
		return fmt.Errorf("the 3×3 fixture: %w", err)
	}
	add(reproRow{ID: "R1", Experiment: "Figure 14 3×3 board", Seed: "perfect: 24/24, 12/12 inner",
		Ours: fmt.Sprintf("%d/%d, %d/%d inner joins", eternity.Score544(fp, fb), eternity.MaxScore544(3, 3), eternity.Score(fp, fb), eternity.MaxScore(3, 3))})

	// R2: pieces with a repeated corner.
	rc := fromOne(eternity.TakeCensus(p).RepeatedCorners)
	add(reproRow{ID: "R2", Experiment: "repeated-corner pieces (from 1)", Seed: "173, 199, 233", Ours: joinInts(rc)})

	// R3-R5: the GA presets.
	gaRuns := []struct {
		id, name, seed string
		opt            ga.Option
	}{
		{"R3", "ga-simple", "102 in 154 s, 2,094 generations (13.6/s)", ga.EternitySimple()},
		{"R4", "ga-steady", "300 in 272 s, 8,390 generations (30.8/s)", ga.EternitySteadyState()},
		{"R5", "ga-incremental", "199 in 13 s, 12,121 generations (932/s)", ga.EternityIncremental()},
	}
	var all []runs544
	for _, g := range gaRuns {
		fmt.Fprintf(stderr, "%s %s: %d runs of up to %v ...\n", g.id, g.name, c.repro.runs, c.repro.ga)
		rs, err := searches(ctx, p, g.name, func() solve.Solver { return ga.New(g.opt) }, c.seed, c.repro.runs, c.repro.ga, 0)
		if err != nil {
			return err
		}
		all = append(all, rs)
		add(rs.row(g.id, g.name+" best configuration (/544)", g.seed,
			fmt.Sprintf("%s; each %.1f s, %.0f generations (%.0f/s), %s", rs.scores(max544), rs.seconds(), rs.iters(), rate(int64(rs.iters()), rs.seconds()), rs.statuses())))
	}

	// R6: the thesis's annealer.
	fmt.Fprintf(stderr, "R6 sa: %d runs of up to %v ...\n", c.repro.runs, c.repro.sa)
	sar, err := searches(ctx, p, "sa", func() solve.Solver { return sa.New(sa.Eternity()) }, c.seed, c.repro.runs, c.repro.sa, 380)
	if err != nil {
		return err
	}
	all = append(all, sar)
	reached, soonest := 0, math.Inf(1)
	for _, r := range sar {
		if r.reached >= 0 {
			reached++
			soonest = min(soonest, r.reached)
		}
	}
	first := ""
	if reached > 0 {
		first = fmt.Sprintf(", the soonest after %.3f s", soonest)
	}
	add(sar.row("R6", "simulated annealing, 500 × 1,000 moves (/544)", "380 on average at ≈130 s (5 runs); best 394 at 125 s",
		fmt.Sprintf("%s; each %.0f moves in %.2f s, %s; 380 passed in %d of %d runs%s", sar.scores(max544), sar.iters(), sar.seconds(), sar.statuses(), reached, len(sar), first)))

	// R7: backtracking, scored by its deepest partial board.
	fmt.Fprintf(stderr, "R7 backtrack-score for %v ...\n", c.repro.backtrack)
	btr, err := search(ctx, p, "backtrack-score", backtrack.New(), c.seed, c.repro.backtrack, 0)
	if err != nil {
		return err
	}
	all = append(all, runs544{btr})
	add(btr.row("R7", "backtracking, deepest partial board (/544)", "389 at 48 min of 90; 1,269,539 moves, 237/s",
		fmt.Sprintf("%d/%d (%d pieces placed) in %.1f s; %d placements, %.3g/s", btr.score, max544, btr.board.Placed(), btr.seconds, btr.nodes, rate(btr.nodes, btr.seconds))))

	// R8: the ranking of the methods by score.
	ranked := append([]runs544(nil), all...)
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].mean() > ranked[j].mean() })
	var order []string
	for _, r := range ranked {
		order = append(order, fmt.Sprintf("%s %.0f", r[0].method, r.mean()))
	}
	add(reproRow{ID: "R8", Experiment: "ranking", Seed: "SA > backtracking > GA (steady > incremental > simple)",
		Ours: strings.Join(order, " > ")})

	// R9: the polynomial system of the annealer's board.
	start := time.Now()
	var m2 bytes.Buffer
	neq, err := eternity.WriteMacaulay2(&m2, p, sar.best().board)
	if err != nil {
		return fmt.Errorf("R9: %w", err)
	}
	secs := time.Since(start).Seconds()
	add(reproRow{ID: "R9", Experiment: "polynomial system (Macaulay2)", Seed: "550-650 equations, generated in 1.8 s",
		Ours: fmt.Sprintf("%d equations (%d bytes) in %.3f s, for the R6 board's rotations", neq, m2.Len(), secs), Seconds: &secs})

	// R10: Toulis's numbers, against ours.
	add(reproRow{ID: "R10", Experiment: "Toulis: backtracking, SA", Seed: "backtracking 384 in 88 s; SA 400 in 54 s",
		Ours: fmt.Sprintf("backtracking %d in %.1f s; SA %.0f in %.2f s (mean of %d)", btr.score, btr.seconds, sar.mean(), sar.seconds(), len(sar))})

	// R11: the hunt against the literature's records, 480 scale.
	fmt.Fprintf(stderr, "R11 hunt for %v on %d workers ...\n", c.repro.hunt, c.workers)
	hr, err := search(ctx, p, "hunt", eternity.NewHunt(), c.seed, c.repro.hunt, 0, solve.WithWorkers(c.workers))
	if err != nil {
		return err
	}
	add(hr.row("R11", "best score (/480)", "Verhaard 467; Wauters et al. 461 in < 1 h",
		fmt.Sprintf("hunt %d/%d in %.1f s on %d workers (%d/%d in the seed's measure)", hr.score480, eternity.MaxScore(p.Rows, p.Cols), hr.seconds, c.workers, hr.score, max544)))

	for _, rs := range append(all, runs544{hr}) {
		r := rs.best()
		if err := writePNG(filepath.Join(c.out, r.method+".png"), p, r.board); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "pictures in %s\n", c.out)
	if c.json {
		return json.NewEncoder(stdout).Encode(rep)
	}
	printRepro(stdout, rep, p)
	return nil
}

func (r run544) row(id, experiment, seed, ours string) reproRow {
	s, secs := r.score, r.seconds
	return reproRow{ID: id, Experiment: experiment, Seed: seed, Ours: ours, Score544: &s, Seconds: &secs}
}

// search runs one method for up to budget and scores its board; with a
// threshold above 0 it notes when the best board first reached it (544
// scale).
func search(ctx context.Context, p *puzzle.Puzzle, method string, sv solve.Solver, seed uint64, budget time.Duration, threshold int, opts ...solve.Option) (run544, error) {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	start := time.Now()
	r := run544{method: method, reached: -1}
	watch := func(ev solve.Event) error {
		if threshold > 0 && r.reached < 0 && ev.Board != nil && eternity.Score544(p, ev.Board) >= threshold {
			r.reached = time.Since(start).Seconds()
		}
		return nil
	}
	opts = append([]solve.Option{solve.WithSeed(seed), solve.WithObserver(watch)}, opts...)
	res, err := sv.Solve(ctx, solve.Problem{Puzzle: p}, opts...)
	if err != nil {
		return r, fmt.Errorf("%s: %w", method, err)
	}
	r.seconds = time.Since(start).Seconds()
	r.board, r.status = res.Board, res.Status
	r.iters, r.nodes = res.Stats.Iterations, res.Stats.Nodes
	r.score, r.score480 = eternity.Score544(p, res.Board), eternity.Score(p, res.Board)
	return r, nil
}

// runs544 are runs of one method from successive seeds.
type runs544 []run544

// searches runs a method n times, from seeds seed, seed+1, ...
func searches(ctx context.Context, p *puzzle.Puzzle, method string, sv func() solve.Solver, seed uint64, n int, budget time.Duration, threshold int) (runs544, error) {
	var rs runs544
	for i := range n {
		r, err := search(ctx, p, method, sv(), seed+uint64(i), budget, threshold)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// mean returns the mean score, the thesis's best_avg.
func (rs runs544) mean() float64 {
	var s float64
	for _, r := range rs {
		s += float64(r.score)
	}
	return s / float64(len(rs))
}

func (rs runs544) best() run544 {
	b := rs[0]
	for _, r := range rs[1:] {
		if r.score > b.score {
			b = r
		}
	}
	return b
}

// seconds and iters return the mean time and iterations of a run.
func (rs runs544) seconds() float64 {
	var s float64
	for _, r := range rs {
		s += r.seconds
	}
	return s / float64(len(rs))
}

func (rs runs544) iters() float64 {
	var s float64
	for _, r := range rs {
		s += float64(r.iters)
	}
	return s / float64(len(rs))
}

// scores describes the scores: the one, or the mean and the best of several.
func (rs runs544) scores(max int) string {
	if len(rs) == 1 {
		return fmt.Sprintf("%d/%d", rs[0].score, max)
	}
	return fmt.Sprintf("mean %.1f/%d, best %d of %d runs", rs.mean(), max, rs.best().score, len(rs))
}

// statuses names how the runs ended, each status once.
func (rs runs544) statuses() string {
	var out []string
	for _, r := range rs {
		if s := r.status.String(); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

func (rs runs544) row(id, experiment, seed, ours string) reproRow {
	s, secs := int(math.Round(rs.mean())), rs.seconds()
	return reproRow{ID: id, Experiment: experiment, Seed: seed, Ours: ours, Score544: &s, Seconds: &secs}
}

// randomBoards deals n random boards (every free piece in a random free
// cell, turned at random; fixed pieces in place) and returns the mean and
// standard deviation of their Score544, and the mean over groups of 150
// boards, the population of the thesis's GA log, of each group's least
// and greatest score.
func randomBoards(p *puzzle.Puzzle, n int, rng *rand.Rand) (mean, sd, lo, hi float64) {
	b := puzzle.NewBoardFor(p)
	fixedCell := make([]bool, len(b.Cells))
	fixedPiece := make([]bool, len(p.Pieces))
	for _, f := range p.Fixed {
		b.Set(f.Cell, f.Placement)
		fixedCell[b.Index(f.Cell)] = true
		fixedPiece[f.Placement.Piece] = true
	}
	var cells []int
	for i, fixed := range fixedCell {
		if !fixed {
			cells = append(cells, i)
		}
	}
	var free []puzzle.PieceID
	for i, fixed := range fixedPiece {
		if !fixed {
			free = append(free, puzzle.PieceID(i))
		}
	}
	const group = 150 // the thesis's GA population (Figure 13)
	var sum, sum2, loSum, hiSum float64
	groups := 0
	gLo, gHi := math.Inf(1), math.Inf(-1)
	for k := range n {
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		for i, cell := range cells {
			pl := puzzle.Empty
			if i < len(free) {
				pl = puzzle.Placement{Piece: free[i], Rotation: puzzle.Rotation(rng.IntN(4))}
			}
			b.Cells[cell] = pl
		}
		s := float64(eternity.Score544(p, b))
		sum += s
		sum2 += s * s
		gLo, gHi = min(gLo, s), max(gHi, s)
		if (k+1)%group == 0 {
			loSum += gLo
			hiSum += gHi
			groups++
			gLo, gHi = math.Inf(1), math.Inf(-1)
		}
	}
	mean = sum / float64(n)
	sd = math.Sqrt(max(0, sum2/float64(n)-mean*mean))
	if groups == 0 {
		// Fewer boards than one group: the one partial group.
		return mean, sd, gLo, gHi
	}
	return mean, sd, loSum / float64(groups), hiSum / float64(groups)
}

func joinInts(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func printRepro(w io.Writer, rep reproReport, p *puzzle.Puzzle) {
	what := "the official set"
	if !rep.RealSet {
		what = "not the official set"
	}
	fmt.Fprintf(w, "Seed 001 reproductions on %s (%s, %d fixed pieces)\n", rep.Name, what, len(p.Fixed))
	if rep.Note != "" {
		fmt.Fprintf(w, "note: %s\n", rep.Note)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\texperiment\tseed 001\tours\t")
	for _, r := range rep.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", r.ID, r.Experiment, r.Seed, r.Ours)
	}
	tw.Flush()
	fmt.Fprintf(w, "\npictures: %s\n", rep.OutDir)
}
