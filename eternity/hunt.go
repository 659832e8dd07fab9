package eternity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Hunt is a max-score search for edge-matching puzzles of any size, built
// for the full Eternity II board: simulated annealing on swaps of two
// pieces interleaved with optimal refills of large sets of cells, in
// cycles that restart from the best board.
//
// The moves keep the frame in place when the puzzle has one (the
// frame-locked classes): corner pieces stay in the corners and edge pieces
// on the edge, each turned the one way that puts its grey sides out, and
// inner pieces stay inside and turn freely. A swap move exchanges two
// pieces of a class, each turned its best way in its new cell, and is
// accepted by the Metropolis rule; now and then an inner piece is turned
// in place instead. Every HuntRefill moves, a refill (the
// very-large-neighbourhood step of Schaus and Deville, 2008) takes the
// pieces out of up to a set number of random, pairwise non-adjacent cells
// of one class and puts them back in the least-cost assignment, each in
// its best rotation, found by the Hungarian method: exact because no two
// freed cells touch, and never worse than before. The temperature falls
// geometrically from hot (HuntReheat's, after the first cycle) to cold
// over each cycle, and a cycle that ends worse than the best board
// restarts from it. A run with a budget (a deadline or an iteration limit)
// and no HuntCycle is divided into HuntCycles cycles, so that short runs
// and long ones each cool fully.
//
// The cost is edge.Labels' (mismatched joins plus non-grey sides on the
// rim), so on a puzzle with a frame, Score = MaxScore − cost once the
// frame is grey, which the frame-locked moves keep it. The solver works
// from labels: a Problem whose Scorer is neither nil nor an *edge.Labels
// is refused with ErrNotLabels. Puzzles without a frame, or whose pieces
// do not sort into frame classes (holes, spare pieces, pieces that do not
// turn), are searched as one class.
//
// With solve.WithWorkers(n), n searches run from seeds drawn from the
// run's source, in lock step (chunks of HuntChunk moves each, joined
// before the next); a worker whose cycle ends behind the leader's best
// board starts its next cycle from that board (HuntShare), and the best
// board of all wins. The outcome for a seed does not depend on timing,
// only on where a cancellation falls.
// One iteration is one move (a refill counts as one). Stats.Restarts
// counts annealing cycles.
//
// WithCheckpoint saves the search (every worker's board, best board,
// random generator and place in the schedule) as JSON, and Resume goes on
// from such a file exactly as if the run had not stopped.
type Hunt struct {
	hot, cold   float64
	cycle       int64
	refillEvery int64
	refillSize  int
	turnOdds    int
	frameLock   bool
	chunk       int64
	focus       int
	focusJ      int
	refillFocus bool
	cycleSet    bool // the cycle was given, not scaled to the budget
	cycles      int  // cycles a budgeted run is divided into
	share       bool // a worker ending a cycle behind takes the best board
	reheat      float64

	ckPath  string
	ckEvery time.Duration
	ckSteps int64
	resume  string
}

// HuntOption configures a Hunt.
type HuntOption func(*Hunt)

// NewHunt returns the search with the default schedule, changed by opts.
func NewHunt(opts ...HuntOption) *Hunt {
	h := &Hunt{hot: 0.5, cold: 0.12, cycle: 150_000_000, refillEvery: 4096, refillSize: 64,
		turnOdds: 8, frameLock: true, chunk: 1 << 15, focus: 6, focusJ: 3, refillFocus: true,
		cycles: 2, share: true, reheat: 0.3}
	for _, o := range opts {
		if o != nil {
			o(h)
		}
	}
	return h
}

// HuntTemperatures sets the temperature at the start (hot) and end (cold)
// of each annealing cycle; it falls geometrically between them. A move
// that loses d joins is accepted with probability exp(−d/T). Values are
// clamped to at least 0.01, and cold to at most hot; Solve refuses NaN. Default: 0.5, 0.12
// (measured on a generated 16×16 board, 2 workers: 438 after 3 minutes,
// against 434 for short quenches from 0.3 to 0.15 in 10,000,000-move
// cycles, which lead at 10 s, 429 against 309, and then stall).
func HuntTemperatures(hot, cold float64) HuntOption {
	return func(h *Hunt) {
		h.hot = max(hot, 0.01)
		h.cold = min(max(cold, 0.01), h.hot)
	}
}

// HuntCycle sets the moves per annealing cycle (per worker); at the end of
// a cycle the search restarts from its best board if the current one is
// worse, and the temperature goes back to hot (HuntReheat). Long, slow
// cycles score best. n < 1 means 1. Default: the budget over HuntCycles,
// or 150,000,000 (30 s to 2 min per cycle on one core for a 16×16 board)
// for a run with no budget.
func HuntCycle(n int64) HuntOption {
	return func(h *Hunt) { h.cycle, h.cycleSet = max(n, 1), true }
}

// HuntCycles divides a run with a budget into k annealing cycles when no
// HuntCycle is given: the budget is solve.WithMaxIterations' moves shared
// among the workers, or else the context's deadline, in whole seconds,
// at a nominal 3,000,000 moves per second per worker (a busy core; an idle
// one does twice that, and then fits more cycles), so that a run of 10 s
// and one of an hour each cool all the way. A timed run's schedule thus
// depends on its timeout, never on the clock, and a seed still fixes its
// moves. A run with neither keeps the default cycle; a resumed run keeps
// its checkpoint's. k < 1 means 1. Default: 2 (one worker, 10⁹ moves on
// the official set: 434 to 437 for 1, 2 or 3 cycles, within one seed's
// noise).
func HuntCycles(k int) HuntOption { return func(h *Hunt) { h.cycles = max(k, 1) } }

// HuntShare sets whether a worker that ends an annealing cycle with a
// best board worse than another worker's starts its next cycle from that
// board instead of its own. The exchange happens when the workers join
// after a chunk, so a run stays determined by its seed. Default: on.
func HuntShare(on bool) HuntOption { return func(h *Hunt) { h.share = on } }

// HuntReheat sets the temperature every cycle after the first starts
// from, between cold and hot: lower than hot, a cycle keeps more of the
// best board it restarts from. 0 means hot. Default: 0.3 (436 against
// 434 in the measurement of HuntCycles with 2 cycles).
func HuntReheat(t float64) HuntOption { return func(h *Hunt) { h.reheat = max(t, 0) } }

// huntRate is the moves per second per worker that HuntCycles assumes of
// a deadline: what a busy core does on a 16×16 board.
const huntRate = 3_000_000

// HuntQuench is the schedule for runs under a minute or so: short cycles
// from 0.3 to 0.15 of 10,000,000 moves, which reach about 430 of 480 on
// 16×16 in 10 s on 2 cores but then stall, where the default's slow cycles
// go on improving.
func HuntQuench() HuntOption {
	return func(h *Hunt) {
		HuntTemperatures(0.3, 0.15)(h)
		HuntCycle(10_000_000)(h)
	}
}

// HuntRefill makes every nth move a refill of up to size pairwise
// non-adjacent cells of one class, reassigned optimally by the Hungarian
// method. n < 1 or size < 2 turns refills off. Default: every 4,096 moves,
// 64 cells.
func HuntRefill(every int64, size int) HuntOption {
	return func(h *Hunt) {
		h.refillEvery, h.refillSize = every, size
		if every < 1 || size < 2 {
			h.refillEvery, h.refillSize = 0, 0
		}
	}
}

// HuntTurnOdds makes one move in n a turn of an inner piece in place
// instead of a swap. n < 1 means 1. Default: 8.
func HuntTurnOdds(n int) HuntOption { return func(h *Hunt) { h.turnOdds = max(n, 1) } }

// HuntFocus sets how many times a move's first and second cell are drawn
// again when they land on a piece that fits on all four sides, which
// aims the moves at the conflicts. 0, 0 draws cells uniformly. Default: 6, 3.
func HuntFocus(first, second int) HuntOption {
	return func(h *Hunt) { h.focus, h.focusJ = max(first, 0), max(second, 0) }
}

// HuntRefillFocus sets whether a refill takes the cells whose piece does
// not fit first, before other random cells. Default: on.
func HuntRefillFocus(on bool) HuntOption { return func(h *Hunt) { h.refillFocus = on } }

// HuntFrameLock sets whether frame pieces stay on the frame, turned grey
// side out, and inner pieces inside, when the puzzle allows it. Off, every
// free piece may go to every free cell in any rotation. Default: on.
func HuntFrameLock(on bool) HuntOption { return func(h *Hunt) { h.frameLock = on } }

// HuntChunk sets the moves each worker makes between two looks at the
// clock, the budget and the checkpoint; workers join after each chunk.
// n < 1 means 1. Default: 32,768 (a few milliseconds).
func HuntChunk(n int64) HuntOption { return func(h *Hunt) { h.chunk = max(n, 1) } }

// WithCheckpoint saves the search to path as JSON (see HuntCheckpoint) every
// time every has passed, and once more when the run ends for any reason,
// cancellation included. The file is replaced atomically. every <= 0 saves
// at the end only. Default: no checkpoints.
func WithCheckpoint(path string, every time.Duration) HuntOption {
	return func(h *Hunt) { h.ckPath, h.ckEvery = path, max(every, 0) }
}

// WithCheckpointSteps saves the search to path whenever each worker has
// made a multiple of n moves, and once more when the run ends: checkpoints
// at points that do not depend on the clock. n < 1 saves at the end only.
// It shares the path with WithCheckpoint; the last of the two given sets
// it. Default: no checkpoints.
func WithCheckpointSteps(path string, n int64) HuntOption {
	return func(h *Hunt) { h.ckPath, h.ckSteps = path, max(n, 0) }
}

// Resume starts the run from the checkpoint at path instead of a fresh
// deal: every worker's board, best board, random generator and place in
// the schedule, and the run's iteration and evaluation counts, so that
// solve.WithMaxIterations counts from the original start. With the same
// options a resumed run makes the same moves as the run that was stopped
// would have. The puzzle must be the one checkpointed (its fingerprint is
// checked); the schedule is this Hunt's. If the run asks for more workers
// than were saved, the extra ones start from the saved best board with
// fresh seeds; fewer, and the last saved are dropped. Default: none.
func Resume(path string) HuntOption { return func(h *Hunt) { h.resume = path } }

// Solve implements solve.Solver.
func (h *Hunt) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Scorer != nil {
		if _, ok := p.Scorer.(*edge.Labels); !ok {
			return nil, fmt.Errorf("%w: Hunt scores the puzzle's labels, not a %T", ErrNotLabels, p.Scorer)
		}
	}
	if math.IsNaN(h.hot) || math.IsNaN(h.cold) || math.IsNaN(h.reheat) {
		// No move is ever accepted or refused sensibly at a NaN
		// temperature.
		return nil, errors.New("eternity: HuntTemperatures or HuntReheat: a temperature is NaN")
	}
	var ck *HuntCheckpoint
	if h.resume != "" {
		var err error
		if ck, err = ReadHuntCheckpoint(h.resume); err != nil {
			return nil, err
		}
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	pz := run.Problem().Puzzle
	cfg := *h
	m := newHuntModel(pz, cfg.frameLock)
	nw := run.Settings().Workers
	if !cfg.cycleSet {
		cfg.cycle = cfg.budgetCycle(ctx, run.Settings().MaxIterations, nw, ck)
	}
	var ws []*huntWorker
	if ck != nil {
		if ws, err = ck.restore(m, &cfg, pz); err != nil {
			return nil, fmt.Errorf("%w (resuming from %s)", err, h.resume)
		}
		run.Stats.Iterations = ck.Iterations
		run.Stats.Evaluations = ck.Evaluations
		run.Stats.Restarts = ck.Restarts
		for len(ws) < nw {
			w := newHuntWorker(m, &cfg, run.Rand().Uint64(), run.Rand().Uint64())
			copy(w.cells, ws[0].best)
			w.reset()
			ws = append(ws, w)
		}
		ws = ws[:nw]
	} else {
		for range nw {
			w := newHuntWorker(m, &cfg, run.Rand().Uint64(), run.Rand().Uint64())
			if b := run.Settings().Initial; b != nil {
				w.load(b, pz)
			} else {
				w.deal()
			}
			ws = append(ws, w)
		}
	}
	hr := &huntRun{h: &cfg, run: run, m: m, ws: ws, pz: pz, best: math.MaxInt, done: ctx.Done(), start: time.Now()}
	if ck != nil {
		hr.earlier = ck.Seconds
	}
	for _, w := range ws {
		hr.seen = append(hr.seen, w.cycles)
	}
	hr.loop()
	return run.Finish(solve.Done)
}

// huntRun is one Solve call's book-keeping.
type huntRun struct {
	// done is the run's context's: workers stop their chunk early on it.
	done <-chan struct{}
	h    *Hunt
	run  *solve.Run
	m    *huntModel
	ws   []*huntWorker
	pz   *puzzle.Puzzle
	best int
	buf  *puzzle.Board
	seen []int64 // per worker, the cycles it had ended at the last join
	// start is when this session began and earlier the seconds of the
	// sessions before it, for the checkpoint's Seconds.
	start   time.Time
	earlier float64
}

// budgetCycle returns the cycle length for a run with no HuntCycle: the
// checkpoint's when resuming, so that the run goes on as it was going,
// else the per-worker budget over h.cycles, else the default.
func (h *Hunt) budgetCycle(ctx context.Context, maxIter int64, workers int, ck *HuntCheckpoint) int64 {
	var budget int64
	switch dl, ok := ctx.Deadline(); {
	case ck != nil:
		return max(ck.Schedule.Cycle, 1)
	case maxIter > 0:
		budget = maxIter / int64(max(workers, 1))
	case ok:
		// Whole seconds, so that runs given the same timeout get the
		// same schedule.
		budget = int64(time.Until(dl).Round(time.Second).Seconds()) * huntRate
	default:
		return h.cycle
	}
	return max(budget/int64(h.cycles), 10_000)
}

// exchange starts each worker that ended a cycle in the last chunk with a
// best board worse than the run's best from the run's best board.
func (hr *huntRun) exchange() {
	lead := hr.ws[0]
	for _, w := range hr.ws[1:] {
		if w.bestCost < lead.bestCost {
			lead = w
		}
	}
	for k, w := range hr.ws {
		if w.cycles != hr.seen[k] && w.bestCost > lead.bestCost {
			copy(w.cells, lead.best)
			copy(w.best, lead.best)
			w.cost, w.bestCost = lead.bestCost, lead.bestCost
		}
		hr.seen[k] = w.cycles
	}
}

func (hr *huntRun) loop() {
	h, run, ws := hr.h, hr.run, hr.ws
	going := hr.offer()
	lastCk := time.Now()
	var evals, cycles int64
	for _, w := range ws {
		evals += w.evals
		cycles += w.cycles
	}
	per := make([]int64, len(ws))
	for going && !run.Done() {
		most := h.chunk
		if h.ckSteps > 0 {
			most = min(most, h.ckSteps-ws[0].steps%h.ckSteps)
		}
		going = hr.advance(per, most, func() {
			var e, c int64
			for _, w := range ws {
				e += w.evals
				c += w.cycles
			}
			run.Stats.Evaluations += e - evals
			run.Stats.Restarts += c - cycles
			evals, cycles = e, c
		})
		if h.ckPath != "" {
			due := h.ckSteps > 0 && ws[0].steps%h.ckSteps == 0
			due = due || h.ckEvery > 0 && time.Since(lastCk) >= h.ckEvery
			if due && going && !run.Done() {
				hr.save()
				lastCk = time.Now()
			}
		}
	}
	if h.ckPath != "" {
		hr.save()
	}
}

// advance runs every worker for up to most moves, the last of an
// iteration budget shared as evenly as it goes so that the run ends
// exactly at its limit; per holds each worker's share. Then the workers
// exchange boards, count (when count is not nil, so that the step's
// progress event sees the chunk), the best boards are offered and the
// run steps: boards go
// before the step that may end the run, so that the last chunk's best is
// kept. It reports whether the run may go on.
func (hr *huntRun) advance(per []int64, most int64, count func()) bool {
	run, ws := hr.run, hr.ws
	nw := int64(len(ws))
	rem := int64(-1)
	if max := run.Settings().MaxIterations; max > 0 {
		if rem = max - run.Stats.Iterations; rem <= 0 {
			return false
		}
	}
	for k := range per {
		per[k] = most
		if rem >= 0 {
			per[k] = min(per[k], shareOf(rem, nw, k))
		}
	}
	before := hr.moves()
	eachWorker(len(ws), func(k int) { ws[k].run(per[k], hr.done) })
	if hr.h.share && len(ws) > 1 {
		hr.exchange()
	}
	if count != nil {
		count()
	}
	going := hr.offer()
	run.Stats.Iterations += hr.moves() - before - 1
	return run.Step() && going
}

// shareOf returns worker k's share of a budget of rem iterations split as
// evenly as it goes among nw workers, so that a run ends exactly at its
// limit.
func shareOf(rem, nw int64, k int) int64 {
	return rem/nw + b2i(int64(k) < rem%nw)
}

// eachWorker calls do(k) for the n workers k, on goroutines of their own
// when there are several, and returns when all are done.
func eachWorker(n int, do func(k int)) {
	if n == 1 {
		do(0)
		return
	}
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(k)
		}()
	}
	wg.Wait()
}

// moves returns the moves the hunt's workers made in all.
func (hr *huntRun) moves() int64 {
	var n int64
	for _, w := range hr.ws {
		n += w.steps
	}
	return n
}

// offer offers the workers' best boards that beat the run's best and
// reports whether the run may go on.
func (hr *huntRun) offer() bool {
	for _, w := range hr.ws {
		if w.bestCost >= hr.best {
			continue
		}
		hr.best = w.bestCost
		hr.buf = elemsBoard(hr.m.rows, hr.m.cols, w.best, hr.buf)
		cost := edge.Cost(hr.run.Problem().Scorer, hr.buf)
		if !hr.run.Offer(hr.buf, cost) {
			return false
		}
	}
	return true
}

// save writes the checkpoint; a failure to write is not the run's failure
// and is dropped (the next save tries again).
func (hr *huntRun) save() {
	ck := snapshot(hr.m, hr.h, hr.pz, hr.ws, hr.run.Stats, hr.earlier+time.Since(hr.start).Seconds())
	_ = ck.WriteFile(hr.h.ckPath)
}

// elemsBoard writes the cells of a rows×cols board of elements (−1 for
// an empty cell) into dst, or a new board when dst is nil.
func elemsBoard(rows, cols int, cells []int32, dst *puzzle.Board) *puzzle.Board {
	if dst == nil {
		dst = puzzle.NewBoard(rows, cols)
	}
	for i := range dst.Cells {
		dst.Cells[i] = elemPlacement(cells[i])
	}
	return dst
}

func elemPlacement(e int32) puzzle.Placement {
	if e < 0 {
		return puzzle.Empty
	}
	return puzzle.Placement{Piece: puzzle.PieceID(e >> 2), Rotation: puzzle.Rotation(e & 3)}
}

func placementElem(pl puzzle.Placement) int32 {
	if pl.IsEmpty() {
		return -1
	}
	return int32(pl.Piece)<<2 | int32(pl.Rotation&3)
}

// load starts the worker from board b (valid for p): pieces b leaves out
// go to empty free slots, and with frame-locked classes pieces found in
// another class's cell are moved to cells of their own class that hold a
// stranger, and frame pieces are turned grey side out. A board that keeps
// the classes, a solution for one, is kept as it is.
func (w *huntWorker) load(b *puzzle.Board, p *puzzle.Puzzle) {
	m := w.m
	copy(w.cells, m.fixed)
	fixedPiece := make([]bool, len(p.Pieces))
	for _, f := range p.Fixed {
		fixedPiece[f.Placement.Piece] = true
	}
	placed := make([]bool, len(p.Pieces))
	for i, pl := range b.Cells {
		if m.fixed[i] >= 0 || pl.IsEmpty() || fixedPiece[pl.Piece] {
			continue
		}
		w.cells[i] = placementElem(pl)
		if !p.Rotatable {
			w.cells[i] &^= 3
		}
		placed[pl.Piece] = true
	}
	next := 0
	order := append(append([]int(nil), m.free[len(m.free)-(m.slots-m.cells):]...), m.free...)
	for _, piece := range m.pieces {
		if placed[piece] {
			continue
		}
		for next < len(order) && w.cells[order[next]] >= 0 {
			next++
		}
		if next == len(order) {
			break // cannot happen for a valid puzzle
		}
		w.cells[order[next]] = int32(piece << 2)
	}
	if m.frameLock {
		var wrong [3][]int
		var stray [3][]int32
		for k, cl := range m.classes {
			for _, i := range cl {
				if e := w.cells[i]; e < 0 || int(m.kindOf[e>>2]) != k {
					wrong[k] = append(wrong[k], i)
					if e >= 0 {
						stray[m.kindOf[e>>2]] = append(stray[m.kindOf[e>>2]], e)
					}
				}
			}
		}
		for k := range wrong {
			for n, i := range wrong[k] {
				w.cells[i] = stray[k][n]
			}
		}
		for _, i := range m.free {
			w.cells[i] = m.oriented(w.cells[i], i)
		}
	}
	w.reset()
}
