package eternity

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Breaks is a max-score search for edge-matching puzzles in the style of
// Joshua Blackwood's, which found boards of 470 of 480 joins on the
// Eternity II board in 2021: a depth-first search that fills the board a
// row at a time from the top-left and may leave a budgeted number of
// joins unmatched (breaks), none early in the scan and more towards its
// end, restarted in a new random order after a set number of placements.
//
// Depth d of the scan places a piece in the d-th free cell in row-major
// order (the last rows a column at a time, see BreaksTail); fixed pieces
// (hints) are skipped, but the sides they show constrain their neighbours,
// and a join with one that does not fit is a break like any other. With
// frame classes (BreaksFrameLock, when the puzzle allows them) corner and
// edge pieces only go to their kind of cell, turned grey side out, and
// inner pieces to inner cells. The candidates for a cell come from tables
// built once, by the pair of colours its left and top neighbours need:
// first the pieces that fit both, then those that break one of the two
// joins (BreaksPerPlacement; by the left colour alone and by the top
// colour alone for puzzles with too many colours for pair tables). A
// placement is allowed while the breaks of the whole partial board stay
// within the schedule at its depth; once a full board is found, every
// later one must break fewer joins, so the search goes on only for better
// boards. A full board's cost is its breaks plus whatever the fixed pieces
// break among themselves, so on a puzzle with a frame its Score is
// MaxScore less that.
//
// # The schedule
//
// How deep an exact search (no breaks) gets depends on the instance: on
// 16×16 boards in the style of Eternity II, about 200 of 255 free cells
// with the centre hint alone, and about 185 on the official set with its
// eight hints, which cut the candidates beside them. Breaks allowed
// before that depth are spent early; a first break much after it is
// seldom reached. So by default (BreaksAuto) the run first probes: a few
// restarts without breaks, whose median depth (leaving out those stuck
// far above the rest behind a hint) sets where breaks begin,
// with the allowance then rising evenly to the end of the scan.
// BreaksSchedule sets a fixed schedule instead.
//
// Each restart shuffles every candidate list from the worker's random
// source and runs until BreaksRestart placements (more as the run goes
// on, see BreaksRestartGrowth), or until its tree is searched, or, after
// a fifth of BreaksRestart, if it has not yet reached the depth where
// breaks begin (it is stuck above a hint). The search seldom fills the
// last cells within its schedule: the pieces left over there fit each
// other badly. So every fifth of BreaksRestart, and at a restart's end,
// the most promising partial board of that stretch (fewest breaks,
// reckoning 1.1 for each cell left) is completed: by a short branch and
// bound over the cells left when they are at most 32, which allows any
// breaks and keeps the cheapest fill it finds, and greedily otherwise
// (each cell, in scan order, gets the unused piece that breaks fewest
// joins). A completed board that beats the best is kept, so a run always
// has a full board to return, however short.
//
// The search's best board keeps the breaks it took at the end of the
// scan, where a few local exchanges would mend some. So the last share of
// a run's budget (BreaksPolish) goes to a Hunt at low temperature,
// started from that board.
//
// # Workers and determinism
//
// With solve.WithWorkers(n), n streams of restarts run from seeds drawn
// from the run's source, in lock step: each makes a chunk of placements
// (BreaksChunk), then they join, the run offers the best board and every
// stream's cap drops to one below the best of all. The outcome for a seed
// and a number of workers is fixed by the iterations made, never by
// timing, as long as the budget is solve.WithMaxIterations; only where a
// cancellation falls changes it. (Under a deadline, the polish begins when
// the clock says.) One iteration is one placement (the end of a restart,
// and a full board, count as one too), or one move of the polish;
// Stats.Nodes counts placements, Stats.Backtracks the depths left for want
// of a candidate and Stats.Restarts the restarts, probes included.
//
// # Checkpoints
//
// A long search survives being stopped: BreaksSave (or BreaksSaveSteps)
// writes its state to a file where its workers join, and BreaksResume
// goes on from that file, as a batch system's task preempted and started
// again does. The state is small whatever the run's length (a few
// kilobytes a worker on 16×16): each restart lays out its candidate
// lists afresh from the model's order, shuffled from the worker's random
// source, so the lists follow from the random state the restart began
// with, and the rest is the board, a position per depth and the
// counters. A run resumed with the same options and budget ends exactly
// as the run would have ended uninterrupted, board and counters alike, on
// any number of workers, wherever the stop fell; under a deadline rather
// than a budget of iterations, each session sets its own polish by its
// own clock.
//
// The search works from labels: a Problem whose Scorer is neither nil nor
// an *edge.Labels is refused with ErrNotLabels. It builds every board from
// the fixed pieces alone and ignores solve.WithInitial; to improve a given
// board, use Hunt. Puzzles with holes leave cells empty (a hole breaks
// nothing and is tried after the exact fits), and spare pieces stay out.
type Breaks struct {
	auto       bool    // the schedule follows the probe (BreaksAuto)
	lead, rate float64 // BreaksAuto's
	start, end float64 // BreaksSchedule's
	total      int
	perCell    int
	restart    int64
	grow       float64
	chunk      int64
	frameLock  bool
	tail       int
	polish     float64
	// The checkpoint's file and when to write it, and the file to resume
	// from.
	ckPath  string
	ckEvery time.Duration
	ckSteps int64
	resume  string
	// err is the first option out of range, reported by Solve.
	err error
}

// BreaksOption configures a Breaks search.
type BreaksOption func(*Breaks)

// NewBreaks returns the search with the default settings, changed by
// opts. An option out of range makes Solve return an error that names it.
func NewBreaks(opts ...BreaksOption) *Breaks {
	b := &Breaks{auto: true, lead: 0, rate: 0.36, perCell: 1, restart: 50_000_000, grow: 0.1, chunk: 1 << 20, frameLock: true, tail: 5, polish: 0.2}
	for _, o := range opts {
		if o != nil {
			o(b)
		}
	}
	return b
}

// fail records the first bad option.
func (b *Breaks) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("eternity: "+format, args...)
	}
}

// BreaksAuto sets the schedule from a probe of the instance, as the
// default does: breaks begin lead (a share of the scan's cells) before
// the median depth that restarts without breaks reach in a fifth of
// BreaksRestart's placements (of those that reach half the deepest's),
// and their allowance rises evenly from there to rate breaks per cell
// left (rate times the cells after that point) at the last cell. lead
// and rate lie in [0, 1]. Default: 0, 0.36: on 16×16 boards, breaks from
// about the 200th cell of 255 and 20 in all with the centre hint alone,
// from about the 185th of 248 and 23 in all on the official set with its
// eight hints (measured after 10⁹ placements on the official set and
// three generated boards: a lead of 0.01 or 0.02, or a rate of 0.3, 0.4
// or 0.45, scores 1 to 3 joins less on average).
func BreaksAuto(lead, rate float64) BreaksOption {
	return func(b *Breaks) {
		switch {
		case math.IsNaN(lead) || lead < 0 || lead > 1:
			b.fail("BreaksAuto: lead %v is not a share between 0 and 1", lead)
		case math.IsNaN(rate) || rate < 0 || rate > 1:
			b.fail("BreaksAuto: rate %v is not between 0 and 1 break a cell", rate)
		}
		b.auto, b.lead, b.rate = true, lead, rate
	}
}

// BreaksSchedule sets a fixed schedule in place of the probe's: no break
// until the share start of the scan's cells are placed, then an allowance
// rising evenly with the placed share to total breaks at the share end,
// and total from there to the last cell. start and end lie in [0, 1] with
// start <= end; total >= 0. Default: none, the probe's (BreaksAuto).
func BreaksSchedule(start, end float64, total int) BreaksOption {
	return func(b *Breaks) {
		switch {
		case math.IsNaN(start) || start < 0 || start > 1:
			b.fail("BreaksSchedule: start %v is not a share between 0 and 1", start)
		case math.IsNaN(end) || end < 0 || end > 1:
			b.fail("BreaksSchedule: end %v is not a share between 0 and 1", end)
		case end < start:
			b.fail("BreaksSchedule: end %v comes before start %v", end, start)
		case total < 0:
			b.fail("BreaksSchedule: total %d breaks is negative", total)
		}
		b.auto, b.start, b.end, b.total = false, start, end, total
	}
}

// BreaksPerPlacement sets the most joins one placement may break: with 1,
// as in Blackwood's search, a piece that fits neither its left nor its top
// neighbour is never tried. n is 1 to 4. Default: 1.
func BreaksPerPlacement(n int) BreaksOption {
	return func(b *Breaks) {
		if n < 1 || n > 4 {
			b.fail("BreaksPerPlacement: %d: a placement breaks 1 to 4 joins", n)
		}
		b.perCell = n
	}
}

// BreaksRestart sets the placements after which a restart ends and the
// next begins in a new random order; a fifth of it is the length of a
// probe, the time a restart has to reach the first depth that may break a
// join, and the stretch whose most promising board is completed. n >= 1. Default: 50,000,000 (a few seconds on one core;
// with 20,000,000, 16×16 boards score a point or two less after 10⁹
// placements).
func BreaksRestart(n int64) BreaksOption {
	return func(b *Breaks) {
		if n < 1 {
			b.fail("BreaksRestart: %d placements: a restart needs at least 1", n)
		}
		b.restart = n
	}
}

// BreaksRestartGrowth lengthens restarts as a run goes on: each lasts
// BreaksRestart's placements or f times the placements its worker has
// made before it, whichever is more, so that a long run spends its time
// on fewer, deeper restarts while a short one keeps many. f lies in
// [0, 1]; 0 keeps every restart at BreaksRestart. Default: 0.1 (200 s on
// one core: 459, 460 and 455 on two generated boards and the official
// set, against 459, 458 and 454 with 0; restarts of 5·10⁸ placements
// from the start score as well by then but much worse in the first
// minute).
func BreaksRestartGrowth(f float64) BreaksOption {
	return func(b *Breaks) {
		if math.IsNaN(f) || f < 0 || f > 1 {
			b.fail("BreaksRestartGrowth: %v is not a share between 0 and 1", f)
		}
		b.grow = f
	}
}

// BreaksChunk sets the placements each worker makes between two joins,
// where the run offers boards, counts its budget and reports progress.
// n >= 1. Default: 1,048,576 (a few tens of milliseconds).
func BreaksChunk(n int64) BreaksOption {
	return func(b *Breaks) {
		if n < 1 {
			b.fail("BreaksChunk: %d placements: a chunk needs at least 1", n)
		}
		b.chunk = n
	}
}

// BreaksTail sets how many of the last rows the scan fills a column at a
// time, each column from top to bottom, instead of a row at a time: near
// the end of the scan, a cell that finds no candidate then undoes a short
// column rather than a whole row, and the last frame row is laid piece by
// piece with the rows above it rather than all at the end, much as in
// Blackwood's order. 0 scans every row in turn; more than the board's
// rows scans it all by columns. n >= 0. Default: 5 (on generated 16×16
// boards after 5·10⁸ placements, 4, 5 and 6 rows score alike, 3 a join
// less, and a scan by rows alone some 8 joins less: its last frame row,
// laid all at the end, is seldom finished).
func BreaksTail(n int) BreaksOption {
	return func(b *Breaks) {
		if n < 0 {
			b.fail("BreaksTail: %d rows is negative", n)
		}
		b.tail = n
	}
}

// BreaksPolish sets the share of a run's budget spent mending the search's
// best board: once the rest is spent, the board goes to a Hunt annealing
// from 0.2 to 0.1 (see HuntTemperatures) on as many workers, which unpicks
// some of the joins the search left broken at the end of its scan. The
// budget is solve.WithMaxIterations' (an iteration of the polish is one
// move), or else the time to the context's deadline, in which case where
// the search stops follows the clock and a seed no longer fixes the
// outcome; a run with neither is not polished. share lies in [0, 1).
// Default: 0.2. It helps most where the search's board is weakest: on
// the official set, 3·10⁷ iterations scored 450 of 480 against 427 for the
// search alone, and a minute on 2 workers 456 against 453; over 5
// minutes, 455 either way, and two generated 16×16 boards 459 and 460
// against 459 and 459.
func BreaksPolish(share float64) BreaksOption {
	return func(b *Breaks) {
		if math.IsNaN(share) || share < 0 || share >= 1 {
			b.fail("BreaksPolish: share %v is not in [0, 1)", share)
		}
		b.polish = share
	}
}

// BreaksFrameLock sets whether frame pieces only go to the frame, turned
// grey side out, and inner pieces inside, when the puzzle allows it (see
// Hunt's frame classes). Off, every free piece is a candidate for every
// cell. Default: on.
func BreaksFrameLock(on bool) BreaksOption { return func(b *Breaks) { b.frameLock = on } }

// breaksProbes is the number of probe restarts, shared among the workers:
// enough for a median that a few restarts stuck at a hint do not move.
const breaksProbes = 8

// Solve implements solve.Solver.
func (b *Breaks) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Scorer != nil {
		if _, ok := p.Scorer.(*edge.Labels); !ok {
			return nil, fmt.Errorf("%w: Breaks searches the puzzle's labels, not a %T", ErrNotLabels, p.Scorer)
		}
	}
	if b.err != nil {
		return nil, b.err
	}
	var ck *BreaksCheckpoint
	if b.resume != "" {
		var err error
		if ck, err = ReadBreaksCheckpoint(b.resume); err != nil {
			return nil, err
		}
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	pz := run.Problem().Puzzle
	m := newBreaksModel(pz, breaksLayout{lock: b.frameLock, tail: b.tail})
	br := &breaksRun{b: b, run: run, m: m, pz: pz, done: ctx.Done(), best: math.MaxInt32, start: time.Now()}
	if m.n == 0 {
		// The fixed pieces fill the board: it is the only one.
		br.buf = elemsBoard(m.rows, m.cols, m.fixed, nil)
		run.Offer(br.buf, edge.Cost(run.Problem().Scorer, br.buf))
		return run.Finish(solve.Exhausted)
	}
	for range run.Settings().Workers {
		br.ws = append(br.ws, newBreaksWorker(m, b.perCell, run.Rand().Uint64(), run.Rand().Uint64()))
	}
	br.polishSeed = [2]uint64{run.Rand().Uint64(), run.Rand().Uint64()}
	stall := max(b.restart/5, 1)
	br.phase = breaksSearching
	if b.auto {
		br.phase = breaksProbing
	}
	if ck != nil {
		if err := br.restore(ck, stall); err != nil {
			return nil, fmt.Errorf("%w (resuming from %s)", err, b.resume)
		}
	}
	br.saved, br.savedAt = time.Now(), run.Stats.Iterations
	// Whatever ends the run, the checkpoint has the search as it stood at
	// its last join.
	defer br.saveLast()
	if br.phase == breaksProbing {
		s0, ok := br.probe(stall, ck != nil)
		if !ok {
			br.end()
			return run.Finish(solve.Done)
		}
		br.phase = breaksSearching
		br.sched = m.schedule(s0, m.n, int(math.Round(b.rate*float64(m.n-s0))))
		br.startSearch(stall)
	} else if ck == nil {
		br.sched = m.schedule(m.depthAt(b.start), m.depthAt(b.end), b.total)
		br.startSearch(stall)
	}
	polish := br.polishAt(ctx)
	br.mark()
	if br.until != nil && br.until() || br.loop(nil) {
		if polish != nil {
			polish()
		}
	}
	br.end()
	return run.Finish(solve.Done)
}

// The phases of a run, as a checkpoint names them.
const (
	breaksProbing   = "probe"
	breaksSearching = "search"
)

// startSearch starts every worker on the search proper, under br.sched.
func (br *breaksRun) startSearch(stall int64) {
	for _, w := range br.ws {
		w.grow = br.b.grow
		w.setSchedule(br.sched, br.b.restart, stall)
	}
}

// polishAt sets br.until to end the search where the polish is to begin,
// and returns the polish, or nil when there is none.
func (br *breaksRun) polishAt(ctx context.Context) func() {
	run, share := br.run, br.b.polish
	if share <= 0 {
		return nil
	}
	nw := int64(len(br.ws))
	var cycle int64 // the polish's moves per worker
	if lim := run.Settings().MaxIterations; lim > 0 {
		// The probe may have spent the search's share already.
		stop := lim - int64(share*float64(lim))
		br.until = func() bool { return run.Stats.Iterations >= stop }
		cycle = (lim - max(stop, run.Stats.Iterations)) / nw
	} else if dl, ok := ctx.Deadline(); ok {
		left := time.Until(dl)
		polish := time.Duration(share * float64(left))
		stop := time.Now().Add(left - polish)
		br.until = func() bool { return time.Now().After(stop) }
		// Whole seconds at Hunt's nominal rate, as Hunt reckons a
		// deadline.
		cycle = int64(polish.Round(time.Second).Seconds()) * huntRate
	} else {
		return nil
	}
	return func() { br.polish(max(cycle, 10_000)) }
}

// polish anneals the run's best board on as many workers as the search
// had, a cycle of cycle moves each, until the run ends.
func (br *breaksRun) polish(cycle int64) {
	run := br.run
	best, cost := run.Best()
	if best == nil || run.Done() {
		return
	}
	pz := run.Problem().Puzzle
	h := NewHunt(HuntTemperatures(0.2, 0.1), HuntCycle(cycle))
	m := newHuntModel(pz, h.frameLock)
	hr := &huntRun{h: h, run: run, m: m, pz: pz, best: int(cost), done: br.done}
	// The polish's seeds come from the run's own, drawn at its start, so
	// that a resumed run polishes as the run it resumes would have.
	rng := rand.New(rand.NewPCG(br.polishSeed[0], br.polishSeed[1]))
	for range br.ws {
		w := newHuntWorker(m, h, rng.Uint64(), rng.Uint64())
		w.load(best, pz)
		hr.ws = append(hr.ws, w)
		hr.seen = append(hr.seen, w.cycles)
	}
	// The polish's cycles are not the search's restarts: Stats.Restarts
	// stays the search's.
	per := make([]int64, len(hr.ws))
	for !run.Done() {
		if !hr.advance(per, h.chunk, nil) {
			break
		}
	}
}

// breaksRun is one Solve call's book-keeping.
type breaksRun struct {
	b    *Breaks
	run  *solve.Run
	m    *breaksModel
	pz   *puzzle.Puzzle
	ws   []*breaksWorker
	done <-chan struct{}
	best int32 // breaks of the best board offered
	buf  *puzzle.Board
	// until, when set, ends the search before the run ends, for the
	// polish.
	until func() bool

	// phase is breaksProbing or breaksSearching; probeN is the probes'
	// length and sched the search's schedule, once set.
	phase      string
	probeN     int64
	sched      []int32
	polishSeed [2]uint64
	// last is the run as it stood at the last join, kept when the run
	// saves checkpoints; saved and savedAt say when it last wrote one.
	last    *BreaksCheckpoint
	saved   time.Time
	savedAt int64 // iterations
	// start is when this session began and earlier the seconds of the
	// sessions before it, for the checkpoint's Seconds.
	start   time.Time
	earlier float64
}

// probe runs restarts without breaks, of n placements each (fewer when a
// budget of iterations would otherwise go mostly to them), breaksProbes
// in all, and returns the depth at which breaks begin: the median of the
// probes' deepest depths, less the lead. It reports false if the run
// ended meanwhile.
func (br *breaksRun) probe(n int64, resumed bool) (int, bool) {
	nw := len(br.ws)
	per := (breaksProbes + nw - 1) / nw
	if !resumed {
		if lim := br.run.Settings().MaxIterations; lim > 0 {
			// A tenth of the budget at most.
			n = max(min(n, lim/int64(10*per*nw)), 1)
		}
		br.probeN = n
		zero := make([]int32, br.m.n)
		for _, w := range br.ws {
			w.probing = true
			w.setSchedule(zero, n, n)
		}
	}
	br.mark()
	// A worker makes probes until it has its share; one that ends a
	// probe early, its tree searched, goes on to another.
	more := func(k int) bool { return len(br.ws[k].depths) < per }
	if !br.loop(more) {
		return 0, false
	}
	var depths []int
	for _, w := range br.ws {
		w.probing = false
		depths = append(depths, w.depths...)
	}
	return max(probeDepth(depths)-br.m.depthAt(br.b.lead), 0), true
}

// probeDepth returns the median of the probes' deepest depths, leaving
// out the probes stuck at less than half the deepest: behind a hint near
// the top of the board, a probe that a candidate order leads astray stays
// there (on the official set with the clue hints and no pinned corners,
// some probes end at depths 18 to 45 where the others reach 185 to 192),
// and a median of those would begin the breaks at the top of the board,
// spending them all before the scan's end (one run scored 428 of 480 for
// an hour so). The search gives such restarts up anyway (BreaksRestart).
func probeDepth(depths []int) int {
	depths = slices.Sorted(slices.Values(depths))
	deepest := depths[len(depths)-1]
	i, _ := slices.BinarySearch(depths, (deepest+1)/2)
	depths = depths[i:]
	return depths[len(depths)/2]
}

// loop runs the workers in chunks until the run ends, or, with more, until
// more(k) is false for every worker k, those for which it is false idle
// meanwhile. It reports whether the run may go on.
func (br *breaksRun) loop(more func(k int) bool) bool {
	run, ws := br.run, br.ws
	nw := int64(len(ws))
	per := make([]int64, len(ws))
	lim := run.Settings().MaxIterations
	for !run.Done() {
		busy := false
		for k := range per {
			per[k] = br.b.chunk
			if more != nil && !more(k) {
				per[k] = 0
			}
			busy = busy || per[k] > 0
		}
		if !busy {
			return true
		}
		if lim > 0 {
			rem := lim - run.Stats.Iterations
			if rem <= 0 {
				break
			}
			for k := range per {
				per[k] = min(per[k], shareOf(rem, nw, k))
			}
		}
		before := br.steps()
		eachWorker(len(ws), func(k int) { ws[k].run(per[k], br.done) })
		did := br.steps() - before
		cut := false
		select {
		case <-br.done:
			// Cancelled: the run ends at its next look at the context,
			// and boards are only taken before that. The workers may
			// have stopped short of their chunk, so the run is no
			// longer where an uninterrupted one would be: no checkpoint
			// is taken of it.
			cut = true
			br.completeAll()
		default:
			if lim > 0 && run.Stats.Iterations+did >= lim {
				br.completeAll()
			}
		}
		going := br.offer()
		run.Stats.Iterations += did - 1
		if !run.Step() || !going {
			break
		}
		if br.until != nil && br.until() {
			br.completeAll()
			return br.offer()
		}
		if br.best == 0 {
			// No board breaks fewer joins than none: what the fixed
			// pieces break among themselves is all there is.
			run.End(solve.Exhausted)
			break
		}
		if !cut {
			br.mark()
		}
	}
	return false
}

// end makes sure the run has a board: when it ended before any was
// offered, the first worker's, completed from where it stands.
func (br *breaksRun) end() {
	if br.best != math.MaxInt32 {
		return
	}
	w := br.ws[0]
	w.complete()
	br.run.Fallback(elemsBoard(br.m.rows, br.m.cols, w.fill, nil))
}

// steps returns the iterations the workers made in all.
func (br *breaksRun) steps() int64 {
	var n int64
	for _, w := range br.ws {
		n += w.steps
	}
	return n
}

// offer offers the workers' best boards that beat the run's best, lowers
// every worker's cap to one below the best of all, and reports whether
// the run may go on.
func (br *breaksRun) offer() bool {
	st := &br.run.Stats
	st.Nodes, st.Backtracks, st.Restarts = 0, 0, 0
	for _, w := range br.ws {
		st.Nodes += w.placements
		st.Backtracks += w.backtracks
		st.Restarts += w.restarts
	}
	going := true
	for _, w := range br.ws {
		if !w.improved {
			continue
		}
		w.improved = false
		if w.bestBreaks >= br.best || !going {
			continue
		}
		br.best = w.bestBreaks
		br.buf = elemsBoard(br.m.rows, br.m.cols, w.best, br.buf)
		going = br.run.Offer(br.buf, edge.Cost(br.run.Problem().Scorer, br.buf))
	}
	for _, w := range br.ws {
		w.setBound(br.best - 1)
	}
	return going
}

// completeAll completes each worker's restart in hand, so that a run cut
// short has the best of its partial boards too.
func (br *breaksRun) completeAll() {
	for _, w := range br.ws {
		w.keep(w.complete())
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
